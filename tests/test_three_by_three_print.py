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
from generator.folders import Templates
from generator.model import Game
from generator.render import draw
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built
from tests.placed import empty, of_deck, pages_with_cards, placed


@pytest.fixture
def printed(built: Built) -> Path:
    return built("three_by_three", "uk") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def game() -> Game:
    (loaded,) = check(DEFAULT_DATA_DIR, ("three_by_three",), ())
    return loaded


def test_task_cards_and_tokens_on_a4_sheets(printed: Path, game: Game) -> None:
    data, found = printed.read_bytes(), placed(game)
    # 28 task cards at 12 a sheet: 2 full sheets and 4 over (2 rows), with the 7 tokens (a
    # row) below them: 3 sheets, each a page of fronts and a page of backs (one deck a sheet
    # took 4)
    assert pdf.page_count(data) == 2 * 3
    # every card is printed once, and every page carries cards
    assert len(found) == sum(len(deck.cards) for deck in game.decks)
    assert pages_with_cards(found) == set(range(2 * 3))
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {"RobotoCondensed-Regular", "RobotoCondensed-Bold"}
    assert set("Шахи П’ятнашки") - {" "} <= set(pdf.unicode_text(data))  # noqa: RUF001


FIFTEEN_PAPER, CHESS_SLATE = (0xF1, 0xE6, 0xCD), (0x2F, 0x3B, 0x36)


@pdf.needs_pdftoppm
def test_each_chess_side_lies_behind_its_own_fifteen_side(
    printed: Path, tmp_path: Path, game: Game
) -> None:
    pages, found = pdf.Pages(printed, tmp_path), placed(game)
    sheets = set()
    for card, where in of_deck(game, "tasks"):
        spot = (where.front.x + 1.2, where.front.y + 31.5)  # inside the trim, outside the frame
        front, back = pages.both_sides(where.front_page, where.back_page, *spot)
        assert front == pytest.approx(FIFTEEN_PAPER, abs=8), card.id
        assert back == pytest.approx(CHESS_SLATE, abs=8), card.id
        sheets.add((where.front_page, where.back_page))
    # the four tasks over two full sheets leave two slots of their second row blank
    gaps = [(gap, sheet) for sheet in sorted(sheets) for gap in empty(found, sheet[0])]
    assert len(gaps) == 2
    for gap, (front_page, back_page) in gaps:
        spot = (gap.x + 1.2, gap.y + 31.5)
        assert pages.both_sides(front_page, back_page, *spot) == ((255, 255, 255),) * 2


@pdf.needs_pdftoppm
def test_each_token_chess_side_lies_behind_its_colour(
    printed: Path, tmp_path: Path, game: Game
) -> None:
    dpi = 100  # the token's coloured rim is 1.5 mm wide: a 40 dpi pixel may reach its ring
    pages = pdf.Pages(printed, tmp_path, dpi)
    colours = {"blue": (0x2A, 0x64, 0xB5), "red": (0xC8, 0x37, 0x2D), "green": (0x2F, 0x8A, 0x4E)}
    wood, gold = (0xEC, 0xDF, 0xC3), (0xD9, 0xA7, 0x3A)
    kings = 0
    for card, where in of_deck(game, "tokens"):
        if card.fields["fifteen"] == "tri-colour":  # the joker: the king behind it
            top = (where.front.x + 12.5, where.front.y + 3.6)  # the gold ring, 3 mm in
            _, crown = pages.both_sides(where.front_page, where.back_page, *top)
            assert crown == pytest.approx(gold, abs=10), card.id
            kings += 1
            continue
        edge = (where.front.x + 0.8, where.front.y + 12.5)
        front, back = pages.both_sides(where.front_page, where.back_page, *edge)
        assert front == pytest.approx(colours[card.fields["fifteen"]], abs=8), card.id
        assert back == pytest.approx(wood, abs=8), card.id
    assert kings == 1


def face_png(svg: str, dpi: float) -> Image.Image:
    return Image.open(
        io.BytesIO(draw.png(svg, Templates.of(TEMPLATES_DIR / "three_by_three"), dpi))
    ).convert("RGB")


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
