"""The printed 3x3 puzzle: sheets, backs behind their own fronts, a diagram that shows the card's
task cell by cell, no up or down on a task card, and tokens told apart without colour."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.build import check
from generator.layout.imposition import fit_grid
from generator.layout.sizes import PAPERS, CardSize
from generator.render import draw
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built


@pytest.fixture
def printed(built: Built) -> Path:
    return built("three_by_three", "uk") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def game():
    (loaded,) = check(DEFAULT_DATA_DIR, ("three_by_three",))
    return loaded


def test_task_cards_and_tokens_on_a4_sheets(printed: Path) -> None:
    data = printed.read_bytes()
    # 28 task cards at 12 a sheet: 3 sheets; 7 tokens: 1 sheet; each a page of fronts and backs
    assert pdf.page_count(data) == 2 * (3 + 1)
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {"RobotoCondensed-Regular", "RobotoCondensed-Bold"}
    assert set("Шахи П’ятнашки") - {" "} <= set(pdf.unicode_text(data))  # noqa: RUF001


FIFTEEN_PAPER, CHESS_SLATE = (0xF1, 0xE6, 0xCD), (0x2F, 0x3B, 0x36)


@pdf.needs_pdftoppm
def test_each_chess_side_lies_behind_its_own_fifteen_side(printed: Path, tmp_path: Path) -> None:
    grid = fit_grid(PAPERS["a4"], CardSize(63, 63))
    for sheet, cards in ((0, 12), (1, 12), (2, 4)):
        front, back = pdf.rendered_pages(printed, 2 * sheet + 1, 2 * sheet + 2, tmp_path)
        flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        for slot in range(12):
            trim = grid.front(slot)
            spot = (trim.x + 1.2, trim.y + 31.5)  # inside the trim, outside the frame line
            if slot < cards:
                assert pdf.colour_at(front, *spot) == pytest.approx(FIFTEEN_PAPER, abs=8)
                assert pdf.colour_at(flipped, *spot) == pytest.approx(CHESS_SLATE, abs=8)
            else:
                assert pdf.colour_at(front, *spot) == (255, 255, 255)


@pdf.needs_pdftoppm
def test_each_token_chess_side_lies_behind_its_colour(printed: Path, tmp_path: Path) -> None:
    dpi = 100  # the king's gold ring is 1 mm wide: a 40 dpi pixel may miss it
    front, back = pdf.rendered_pages(printed, 7, 8, tmp_path, dpi)
    grid = fit_grid(PAPERS["a4"], CardSize(25, 25, corner_radius=2.5))
    flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    colours = [(0x2A, 0x64, 0xB5)] * 2 + [(0xC8, 0x37, 0x2D)] * 2 + [(0x2F, 0x8A, 0x4E)] * 2
    wood, gold = (0xEC, 0xDF, 0xC3), (0xD9, 0xA7, 0x3A)
    for slot, colour in enumerate(colours):
        trim = grid.front(slot)
        edge = (trim.x + 0.8, trim.y + 12.5)
        assert pdf.colour_at(front, *edge, dpi) == pytest.approx(colour, abs=8)
        assert pdf.colour_at(flipped, *edge, dpi) == pytest.approx(wood, abs=8)
    king = grid.front(6)
    crown = pdf.colour_at(flipped, king.x + 12.5, king.y + 3.6, dpi)  # the ring, 3 mm in
    assert crown == pytest.approx(gold, abs=10)


def face_png(svg: str, dpi: float) -> Image.Image:
    return Image.open(io.BytesIO(draw.png(svg, TEMPLATES_DIR / "three_by_three", dpi))).convert(
        "RGB"
    )


CELL_COLOURS = {"B": (0x2A, 0x64, 0xB5), "R": (0xC8, 0x37, 0x2D), "G": (0x2F, 0x8A, 0x4E)}
FREE_CELL = (0xEF, 0xE5, 0xCF)


def test_the_diagram_shows_the_task_cell_by_cell(game) -> None:
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("tasks")
    dpi = 254.0  # 10 pixels a millimetre
    for card in deck.cards[:6]:
        image = face_png(renderer.front(deck, card), dpi)
        task = card.fields["fifteen"]
        for cell, symbol in enumerate(task):
            row, column = divmod(cell, 3)
            # cell centres sit 13.6 mm apart around the card centre; sample 5 mm left of the
            # centre, inside the token but beside its white symbol, on the bleed-shifted image
            x = 3 + 31.5 + (column - 1) * 13.6 - 5
            y = 3 + 31.5 + (row - 1) * 13.6
            seen = image.getpixel((round(x * 10), round(y * 10)))
            expected = FREE_CELL if symbol == "." else CELL_COLOURS[symbol]
            assert seen == pytest.approx(expected, abs=12), (card.id, cell, symbol)


def test_a_task_card_has_no_up_or_down(game) -> None:
    renderer = CardRenderer(game, game.locales["ru"])
    deck = game.deck("tasks")
    card = deck.cards[6]
    for side, name in (
        (renderer.front(deck, card), "Пятнашки"),
        (renderer.back(deck, card), "Шахматы"),
    ):
        labels = re.findall(r'<g transform="rotate\((\d+) 31.5 31.5\)">(.*?)</g>', side, re.S)
        angles = sorted(int(angle) for angle, body in labels if name in body)
        assert angles == [0, 90, 180, 270]
        assert all("07" in body for _, body in labels)
        pips = re.findall(r'<g transform="translate\(([\d.]+) ([\d.]+)\)">\s*<circle r="3.4"', side)
        assert sorted((float(x), float(y)) for x, y in pips) == [
            (6.6, 6.6),
            (6.6, 56.4),
            (56.4, 6.6),
            (56.4, 56.4),
        ]


def test_tokens_differ_without_colour(game) -> None:
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("tokens")
    faces = {}
    for card in deck.cards:
        faces.setdefault(card.fields["fifteen"], face_png(renderer.front(deck, card), 200))
    # the three colours print as nearly the same grey, so their white symbols must differ:
    # the symbols of two colours overlap far less than a symbol overlaps itself
    symbols = {
        name: image.convert("L").point(lambda v: 255 if v > 200 else 0).convert("1")
        for name, image in faces.items()
    }
    for one, other in itertools.combinations(symbols, 2):
        both = ImageChops.logical_and(symbols[one], symbols[other]).histogram()[255]
        either = ImageChops.logical_or(symbols[one], symbols[other]).histogram()[255]
        assert both / either < 0.7, (one, other)
