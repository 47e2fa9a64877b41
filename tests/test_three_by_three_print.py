"""The printed 3x3 puzzle: sheets, backs behind their own fronts, a diagram that shows the card's
task cell by cell, no up or down on a task card, and tokens told apart without colour."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageChops

from generator import TEMPLATES_DIR
from generator.model import Game
from generator.palettes import INK_SAVER, STANDARD
from generator.render import draw
from generator.render.boxes import box_fills
from generator.render.templates import CardRenderer
from generator.runtime.folders import Templates
from tests import pdf
from tests.conftest import Built, shipped_game
from tests.legibility import ACROSS_THE_TABLE, Ground
from tests.placed import empty, of_deck, pages_with_cards, placed


@pytest.fixture
def printed(built: Built) -> Path:
    return built("three_by_three", "uk") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def game() -> Game:
    return shipped_game("three_by_three")


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


BORDER_BAND = (10.6, 0.4, 52.4, 2.6)
"""Part of a task card outside its frame, between two points discs (mm from the trim's
top-left, as ``legibility.Band``): a chessboard's border on the chess side."""


@pytest.mark.parametrize("palette", [STANDARD, INK_SAVER])
def test_the_chess_side_reads_apart_from_the_fifteen_side_in_greyscale(
    game: Game, palette: str
) -> None:
    """Which side of a task card is up must show at a glance, in greyscale too: outside its
    frame the chess side is dark (standard) or a chessboard's border (ink-saver, where both
    sides are light) where the 15-puzzle side is plain and light."""
    game = game.in_palette(palette)
    renderer, deck, dpi = CardRenderer(game, game.locales["en"]), game.deck("tasks"), 150
    assert deck is not None
    sides = (renderer.front(deck, deck.cards[0]), renderer.back(deck, deck.cards[0]))
    fifteen, chess = (
        Ground.of(draw.png(svg or "", game.templates, dpi), dpi, deck.size.bleed, BORDER_BAND)
        for svg in sides
    )
    assert fifteen.alike(chess) is None, (fifteen, chess)


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


def grey_face(svg: str, dpi: float, size: float) -> np.ndarray:
    """A face's trim (``size`` mm square) in greyscale, 0 black to 255 white."""
    image = face_png(svg, dpi).convert("L")
    bleed = round(3 / 25.4 * dpi)
    trim = round(size / 25.4 * dpi)
    return np.asarray(image.crop((bleed, bleed, bleed + trim, bleed + trim)), dtype=float)


WOOD_GREY = 0.299 * 0xEC + 0.587 * 0xDF + 0.114 * 0xC3
"""The chess side's wood in greyscale: what is not a piece."""


def test_chess_pieces_differ_without_colour(game: Game) -> None:
    """In greyscale, two kinds of piece differ by their outline (their silhouettes overlap
    far less than one overlaps itself), and a white and a black piece of a kind by their
    tone; the king differs from every piece by its outline."""
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("tokens")
    faces = {
        card.fields["chess"]: grey_face(renderer.back(deck, card), 200, 25) for card in deck.cards
    }
    pieces = {name: np.abs(face - WOOD_GREY) > 30 for name, face in faces.items()}
    for one, other in itertools.combinations(faces, 2):
        overlap = (pieces[one] & pieces[other]).sum() / (pieces[one] | pieces[other]).sum()
        if one.rpartition("-")[2] != other.rpartition("-")[2]:
            assert overlap < 0.8, (one, other, overlap)
        else:
            tones = [faces[name][pieces[name]].mean() for name in (one, other)]
            assert abs(tones[0] - tones[1]) > 100, (one, other, tones)


def test_a_colour_cell_is_a_plain_disc_unlike_any_piece(game: Game) -> None:
    """Issue 31: a chess cell asking for any white or any black piece is a plain disc of that
    colour: it looks the same turned a quarter turn (no piece's outline in it, which read as
    a blob at arm's length), where a piece never does; the white and the black disc are far
    apart in greyscale, and every two kinds of cell differ."""
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("tasks")
    dpi = 200
    cells: dict[str, np.ndarray] = {}
    for card in deck.cards:
        face = grey_face(renderer.back(deck, card), dpi, 63)
        for cell, symbol in enumerate(card.fields["chess"]):
            if symbol == "." or symbol in cells:
                continue
            row, column = divmod(cell, 3)
            left, top = (round((31.5 + (n - 1) * 13.6 - 6.2) / 25.4 * dpi) for n in (column, row))
            side = round(12.4 / 25.4 * dpi)
            cells[symbol] = face[top : top + side, left : left + side]
    assert sorted(cells) == ["N", "Q", "R", "b", "w"]
    turned = {symbol: np.abs(cell - np.rot90(cell)).mean() for symbol, cell in cells.items()}
    assert max(turned["w"], turned["b"]) < 20 < 40 < min(turned[p] for p in "NQR"), turned
    assert cells["w"].mean() - cells["b"].mean() > 80
    for one, other in itertools.combinations(cells, 2):
        assert np.abs(cells[one] - cells[other]).mean() > 20, (one, other)


def test_a_task_card_reads_across_the_table(game: Game) -> None:
    """Issue 31: the card number and the side's name print at 8 pt or more (the number was
    6.7 pt), on both sides of every card in every language."""
    small = [
        f"{lang} {face.face}: {box.fill.text!r} at {box.fill.printed} mm"
        for lang in game.locales
        for face in box_fills(game, lang)
        if face.deck == "tasks"
        for box in face.boxes
        if box.fill.printed is None or box.fill.printed < ACROSS_THE_TABLE
    ]
    assert not small, "\n".join(small[:10])
