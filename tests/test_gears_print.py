"""The printed gears game: decks sharing sheets, backs behind their own fronts, the common gear
back unchanged by a quarter turn, the values clockwise and upright for their edge."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.model import Game
from generator.render import draw
from generator.render.shapes import gear_path
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built
from tests.placed import empty, of_deck, pages_with_cards, placed


@pytest.fixture
def printed(built: Built) -> Path:
    return built("gears", "en") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def gears_game() -> Game:
    (game,) = check(DEFAULT_DATA_DIR, ("gears",), ())
    return game


def test_the_decks_share_a4_sheets(printed: Path, gears_game: Game) -> None:
    data, found = printed.read_bytes(), placed(gears_game)
    # gears and rounds are 63 x 63 (12 a sheet): 34 cards, 2 full sheets and 10 over (4 rows,
    # a sheet of their own); codes and characters 63 x 88 (9 a sheet): 20 cards, 2 full
    # sheets and 2 over (a row), with the token below them: 6 sheets, each a page of fronts
    # and a page of backs (one deck a sheet took 7)
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
    # the ten rounds fill a sheet but for the end of its last row (slots 10 and 11), which
    # stays blank on both pages
    ((front_page, back_page),) = {(where.front_page, where.back_page) for _, where in rounds}
    gaps = empty(placed(gears_game), front_page)
    assert len(gaps) == 2
    for gap in gaps:
        middle = (gap.x + gap.width / 2, gap.y + gap.height / 2)
        assert pages.both_sides(front_page, back_page, *middle) == ((255, 255, 255),) * 2


@pdf.needs_pdftoppm
def test_token_back_lies_behind_its_front(printed: Path, tmp_path: Path, gears_game: Game) -> None:
    dpi = 100  # the brass rim is 1.4 mm wide above the top tooth: a 40 dpi pixel may reach the cog
    pages = pdf.Pages(printed, tmp_path, dpi)
    ((card, where),) = of_deck(gears_game, "token")
    ring = (where.front.x + 15, where.front.y + 1.8)  # the brass rim between the cut and the cog
    brass = (0xC7, 0x9A, 0x3E)
    front, back = pages.both_sides(where.front_page, where.back_page, *ring)
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
    for lang, locale in gears_game.locales.items():
        renderer = CardRenderer(gears_game, locale)
        for card in deck.cards:
            svg = renderer.back(deck, card)
            lines = re.findall(
                r'<text [^>]*y="([\d.]+)"[^>]*font-size="([\d.]+)" fill="#c8cdea"', svg or ""
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
