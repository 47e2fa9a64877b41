"""The printed gears game: decks sharing sheets, backs behind their own fronts, the common gear
back unchanged by a quarter turn, the values clockwise and upright for their edge, colours and
sets apart in greyscale, text read across the table at 8 pt or more, and texts that fit their
boxes."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.model import Card, Deck, Game
from generator.palettes import INK_SAVER, STANDARD
from generator.render import draw
from generator.render.boxes import box_fills
from generator.render.fill import RED
from generator.render.shapes import gear_path
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built, shipped_game
from tests.legibility import (
    ACROSS_THE_TABLE,
    SMALLEST,
    TONE_STEP,
    Band,
    Ground,
    font_sizes,
    grey,
)
from tests.placed import empty, of_deck, pages_with_cards, placed


@pytest.fixture
def printed(built: Built) -> Path:
    return built("gears", "en") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def gears_game() -> Game:
    return shipped_game("gears")


def test_the_decks_share_a4_sheets(printed: Path, gears_game: Game) -> None:
    data, found = printed.read_bytes(), placed(gears_game)
    # gears, rounds and the token are 63 x 63 (12 a sheet): 35 cards, 2 full sheets and 11
    # over (4 rows, a sheet of their own); codes, characters and player aids 63 x 88 (9 a
    # sheet): 24 cards, 2 full sheets and 6 over (2 rows): 6 sheets, each a page of fronts and
    # a page of backs (one deck a sheet took 8)
    assert pdf.page_count(data) == 2 * 6
    # every card is printed once, and every page carries cards
    assert len(found) == sum(len(deck.cards) for deck in gears_game.decks)
    assert pages_with_cards(found) == set(range(2 * 6))
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {
        "RobotoCondensed-Regular",
        "RobotoCondensed-Bold",
        "Roboto-Black",
    }


@pdf.needs_pdftoppm
def test_night_sides_land_behind_their_day_sides(
    printed: Path, tmp_path: Path, gears_game: Game
) -> None:
    pages = pdf.Pages(printed, tmp_path)
    rounds = of_deck(gears_game, "rounds")
    for card, where in rounds:
        spot = (where.front.x + 30, where.front.y + 1.5)  # between the cut and the frame
        day, night = pages.both_sides(where.front_page, where.back_page, *spot)
        assert day == pytest.approx((0xF7, 0xE9, 0xC4), abs=8), card.id
        assert night == pytest.approx((0x1C, 0x21, 0x40), abs=8), card.id
    # the ten rounds and the token fill a sheet but for the end of its last row (slot 11),
    # which stays blank on both pages
    ((front_page, back_page),) = {(where.front_page, where.back_page) for _, where in rounds}
    gaps = empty(placed(gears_game), front_page)
    assert len(gaps) == 1
    for gap in gaps:
        middle = (gap.x + gap.width / 2, gap.y + gap.height / 2)
        assert pages.both_sides(front_page, back_page, *middle) == ((255, 255, 255),) * 2


@pdf.needs_pdftoppm
def test_token_back_lies_behind_its_front(printed: Path, tmp_path: Path, gears_game: Game) -> None:
    pages = pdf.Pages(printed, tmp_path)
    ((card, where),) = of_deck(gears_game, "token")
    brass = (0xC7, 0x9A, 0x3E)
    for spot in ((15, 1.6), (1.6, 47)):  # between the cut and the frame, top and left
        front, back = pages.both_sides(
            where.front_page, where.back_page, where.front.x + spot[0], where.front.y + spot[1]
        )
        assert front == pytest.approx(brass, abs=8), card.id
        assert back == pytest.approx(brass, abs=8), card.id


def test_gear_back_is_the_same_after_a_quarter_turn(gears_game) -> None:
    renderer = CardRenderer(gears_game, gears_game.locales["ru"])
    deck = gears_game.deck("gears")
    svg = renderer.back(deck, None)
    dpi = 250 * 25.4 / 69  # 250 pixels across the 69 mm face: the turn centre is a pixel corner
    image = Image.open(io.BytesIO(draw.png(svg, gears_game.templates, dpi))).convert("L")
    for turns in (1, 2, 3):
        turned = image.rotate(90 * turns)
        difference = ImageStat.Stat(ImageChops.difference(image, turned)).mean[0]
        assert difference < 0.5, f"{90 * turns} degrees: mean difference {difference:.2f}"
    # and the test can fail: a gear face is not symmetric
    face = renderer.front(deck, deck.cards[2])  # yellow 4-3-2-1
    face_image = Image.open(io.BytesIO(draw.png(face, gears_game.templates, dpi))).convert("L")
    moved = ImageStat.Stat(ImageChops.difference(face_image, face_image.rotate(90))).mean[0]
    assert moved > 5


def test_values_run_clockwise_from_the_top_each_upright_for_its_edge(gears_game) -> None:
    renderer = CardRenderer(gears_game, gears_game.locales["en"])
    deck = gears_game.deck("gears")
    yellow = next(card for card in deck.cards if card.fields["colour"] == "yellow")
    svg = renderer.front(deck, yellow)
    groups = re.findall(r'<g transform="rotate\((\d+) 31.5 31.5\)">(.*?)</g>', svg, re.S)
    shown = [
        (int(angle) % 360, re.search(r">(\d)</text>", body).group(1)) for angle, body in groups
    ]
    # top edge read from above (turned 180), right edge (270), bottom (upright), left (90)
    assert shown == [(180, "4"), (270, "3"), (0, "2"), (90, "1")]


def test_the_night_condition_text_keeps_clear_of_the_effect_box(gears_game) -> None:
    """In every language, the last line of the night side's condition text (its descenders
    included) ends at least 2 mm above the effect box (at y = 39.6 mm)."""
    deck = gears_game.deck("rounds")
    line = gears_game.colours["night_line"]  # the condition's text (and the side's label)
    for lang, locale in gears_game.locales.items():
        renderer = CardRenderer(gears_game, locale)
        for card in deck.cards:
            svg = renderer.back(deck, card)
            lines = re.findall(
                rf'<text [^>]*y="([\d.]+)"[^>]*font-size="([\d.]+)" fill="{line}"', svg or ""
            )
            bottom = max(float(y) + 0.25 * float(size) for y, size in lines)
            assert bottom <= 39.6 - 2.0, (lang, card.id, bottom)


@pytest.mark.parametrize("teeth", [8, 12, 16])
def test_a_cog_is_regular_a_tooth_straight_up_and_mirror_symmetric(teeth: int) -> None:
    points = [
        tuple(round(float(n), 2) for n in pair.split())
        for pair in gear_path(teeth, 10, 8)[2:-2].split(" L ")
    ]
    assert {(x + 0.0, y) for x, y in points} == {(-x + 0.0, y) for x, y in points}
    highest = min(y for _, y in points)
    top = [x for x, y in points if y == highest]  # the tip of the tooth straight up
    assert len(top) == 2 and sum(top) == pytest.approx(0)


GREY_DPI = 150
"""Six pixels a millimetre: the finest line of a colour's pattern (0.35 mm) is two pixels."""
COG_BAND: Band = (26.0, 15.5, 37.0, 23.0)
"""Where a gear card shows its cog's ground alone: above the hub, below the top value."""
QUARTERS: dict[str, Band] = {
    "red": (20.5, 20.5, 26.0, 26.0),
    "blue": (37.0, 20.5, 42.5, 26.0),
    "yellow": (37.0, 37.0, 42.5, 42.5),
    "purple": (20.5, 37.0, 26.0, 42.5),
}
"""Where each quarter of a cog shows its ground alone (the multicoloured cog's colours, as on
the card: red top left, then clockwise), between the hub and the teeth, clear of the cross."""
CODE_BAND: Band = (43.0, 3.5, 59.0, 13.5)
"""Where a code card shows its ground alone: right of the pointer, above the panel."""
MARK_BAND: Band = (3.8, 49.2, 13.8, 59.2)
"""The set mark in a gear card's bottom left corner, inside the frame."""
AID_MARK_BAND: Band = (48.4, 3.6, 58.4, 13.6)
"""The set mark at a player aid's top right."""
SHAPES_APART = 0.1
"""Two marks of different shapes: their widths, row by row from top to bottom as shares of the
widest row, differ by a tenth on average (a circle and a square 0.2, a triangle and a diamond
0.3); the same shape with another letter 0.0."""


def drawn(game: Game, deck: Deck, card: Card, back: bool = False) -> bytes:
    renderer = CardRenderer(game, game.locales["en"])
    svg = renderer.back(deck, card) if back else renderer.front(deck, card)
    assert svg is not None
    return draw.png(svg, game.templates, GREY_DPI)


def first_of_each(deck: Deck, field: str, **where: object) -> dict[str, Card]:
    """The first card of each value of ``field`` among the cards whose fields match ``where``."""
    found: dict[str, Card] = {}
    for card in deck.cards:
        if all(card.fields[key] == value for key, value in where.items()):
            found.setdefault(card.fields[field], card)
    return found


@pytest.mark.parametrize("palette", [STANDARD, INK_SAVER])
def test_every_two_colours_look_different_in_greyscale(gears_game: Game, palette: str) -> None:
    """A gear's colour decides what it enters: in greyscale every two colours' grounds differ
    clearly in tone, in the way their marks run or in how fine they are, on the gears and on
    the code cards; and each quarter of the multicoloured cog shows its colour's own ground.
    In every palette: the ink-saver one's pale tints part by their marks alone."""
    gears_game = gears_game.in_palette(palette)
    alike = []
    for deck_id, field, band in (("gears", "colour", COG_BAND), ("codes", "colour", CODE_BAND)):
        deck = gears_game.deck(deck_id)
        assert deck is not None
        cards = first_of_each(deck, field)
        grounds = {
            colour: Ground.of(drawn(gears_game, deck, card), GREY_DPI, deck.size.bleed, band)
            for colour, card in cards.items()
            if colour != "multicoloured"
        }
        assert len(grounds) == (5 if deck_id == "gears" else 4)
        alike += [
            f"{deck_id} {a} / {b}: {measured}"
            for (a, one), (b, other) in itertools.combinations(grounds.items(), 2)
            if (measured := one.alike(other))
        ]
    assert not alike, "colours that look alike in greyscale:\n" + "\n".join(alike)
    gears = gears_game.deck("gears")
    assert gears is not None
    cards = first_of_each(gears, "colour")
    faces = {
        colour: drawn(gears_game, gears, cards[colour]) for colour in (*QUARTERS, "multicoloured")
    }
    for colour, band in QUARTERS.items():
        quarter = Ground.of(faces["multicoloured"], GREY_DPI, gears.size.bleed, band)
        for other in QUARTERS:
            own = Ground.of(faces[other], GREY_DPI, gears.size.bleed, band)
            assert (quarter.alike(own) is not None) == (other == colour), (colour, other)


SIDE_BAND: Band = (12.0, 0.5, 40.0, 2.5)
"""Between the cut and the frame along a round's or a character's top edge: its side's ground
alone, day or night (clear of the stars and the side's label)."""


@pytest.mark.parametrize("palette", [STANDARD, INK_SAVER])
def test_a_night_side_is_darker_than_its_day_side_in_greyscale(
    gears_game: Game, palette: str
) -> None:
    """A round or a character turned to night must read as night at a glance, printed in
    black and white too: its ground is clearly darker than its day side's, in every palette
    (the ink-saver's night a pale blue against a paler cream)."""
    game = gears_game.in_palette(palette)
    for deck_id in ("rounds", "characters"):
        deck = game.deck(deck_id)
        assert deck is not None
        day, night = (
            Ground.of(drawn(game, deck, deck.cards[0], back), GREY_DPI, deck.size.bleed, SIDE_BAND)
            for back in (False, True)
        )
        assert day.tone - night.tone >= TONE_STEP, (deck_id, day.tone, night.tone)


def widths(png: bytes, bleed: float, band: Band) -> np.ndarray:
    """A mark's silhouette as its width row by row, top to bottom, as shares of its widest row
    (24 rows, whatever its height): the letter inside counts as the mark."""
    dark = grey(png, GREY_DPI, bleed, band) < 128
    spans = [np.flatnonzero(row) for row in dark]
    across = np.trim_zeros(np.array([s[-1] - s[0] + 1 if s.size else 0 for s in spans], float))
    rows = np.interp(np.linspace(0, 1, 24), np.linspace(0, 1, len(across)), across)
    return rows / rows.max()


def test_every_two_sets_are_marked_by_different_shapes(gears_game: Game) -> None:
    """Sorting the four sets after play must not need the letters, nor colour: the marks'
    shapes differ; two gears of a set, and the set's player aid, carry the same shape."""
    gears, aids = gears_game.deck("gears"), gears_game.deck("aids")
    assert gears is not None and aids is not None
    bleed = gears.size.bleed
    reds, greys = (
        first_of_each(gears, "set", colour="red"),
        first_of_each(gears, "set", colour="grey"),
    )
    marks = {
        mark: widths(drawn(gears_game, gears, card), bleed, MARK_BAND)
        for mark, card in reds.items()
    }
    assert len(marks) == 4
    for (a, one), (b, other) in itertools.combinations(marks.items(), 2):
        assert np.abs(one - other).mean() >= SHAPES_APART, (a, b)
    for aid in aids.cards:
        mark = aid.fields["set"]
        again = widths(drawn(gears_game, gears, greys[mark]), bleed, MARK_BAND)
        assert np.abs(marks[mark] - again).mean() < SHAPES_APART / 4, mark
        for back in (False, True):
            on_aid = widths(drawn(gears_game, aids, aid, back), aids.size.bleed, AID_MARK_BAND)
            assert np.abs(marks[mark] - on_aid).mean() < SHAPES_APART / 4, (mark, back)


ACROSS = ("gears", "token", "aids")
"""Decks whose every word is read across the table: the set marks and values, the token, the
player aids."""


def test_text_read_across_the_table_is_8_pt_and_nothing_under_6(gears_game: Game) -> None:
    """Every face prints words (every back too: a title, a side, a rule), in every language."""
    for lang, locale in gears_game.locales.items():
        renderer = CardRenderer(gears_game, locale)
        for deck in gears_game.decks:
            least = ACROSS_THE_TABLE if deck.id in ACROSS else SMALLEST
            for card in deck.cards:
                for svg in (renderer.front(deck, card), renderer.back(deck, card)):
                    sizes = font_sizes(svg or "")
                    assert sizes and min(sizes) >= least, (lang, card.id, sizes)


def test_the_english_fits_every_box_and_a_night_effect_fits_in_every_language(
    gears_game: Game,
) -> None:
    """The boxes are drawn for the English: none of its texts has to shrink below the size
    the designer chose (a red box in ``pnp proof``). A night effect, the longest text of a
    round card, does not in any language either."""
    rounds = replace(gears_game, decks=tuple(d for d in gears_game.decks if d.id == "rounds"))
    shrunk = [
        (lang, key.key, f"{box.fill.fill:.0%}")
        for lang in gears_game.locales
        for face in box_fills(gears_game if lang == "en" else rounds, lang)
        for box in face.boxes
        if box.fill.colour == RED
        for key in box.fill.keys
        if lang == "en" or key.key.startswith("effects.")
    ]
    assert shrunk == []
