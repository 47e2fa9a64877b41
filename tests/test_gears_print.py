"""The printed gears game: one deck per run of sheets, backs behind their own fronts, the common
gear back unchanged by a quarter turn, the values clockwise and upright for their edge."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.layout.imposition import fit_grid
from generator.layout.sizes import PAPERS, CardSize
from generator.render import draw
from generator.render.shapes import gear_path
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built


@pytest.fixture
def printed(built: Built) -> Path:
    return built("gears", "en") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def gears_game():
    (game,) = check(DEFAULT_DATA_DIR, ("gears",))
    return game


def test_every_deck_on_its_own_a4_sheets(printed: Path) -> None:
    data = printed.read_bytes()
    # gears 24 (12 a sheet) 2 sheets, rounds 10: 1, codes 16 (9 a sheet): 2, characters: 1,
    # token: 1; each sheet is a page of fronts and a page of backs
    assert pdf.page_count(data) == 2 * (2 + 1 + 2 + 1 + 1)
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {
        "RobotoCondensed-Regular",
        "RobotoCondensed-Bold",
        "Roboto-Black",
    }


@pdf.needs_pdftoppm
def test_night_sides_land_behind_their_day_sides(printed: Path, tmp_path: Path) -> None:
    front, back = pdf.rendered_pages(printed, 5, 6, tmp_path)
    grid = fit_grid(PAPERS["a4"], CardSize(63, 63))
    for slot in range(10):
        trim = grid.front(slot)
        spot = (trim.x + 30, trim.y + 1.5)  # between the cut and the frame
        assert pdf.colour_at(front, *spot) == pytest.approx((0xF7, 0xE9, 0xC4), abs=8)  # day
        flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        assert pdf.colour_at(flipped, *spot) == pytest.approx((0x1C, 0x21, 0x40), abs=8)  # night
    empty = grid.front(10)  # slots 10 and 11 stay blank on both pages
    assert pdf.colour_at(front, empty.x + 30, empty.y + 30) == (255, 255, 255)


@pdf.needs_pdftoppm
def test_token_back_lies_behind_its_front(printed: Path, tmp_path: Path) -> None:
    front, back = pdf.rendered_pages(printed, 13, 14, tmp_path)
    grid = fit_grid(PAPERS["a4"], CardSize(30, 30, shape="circle"))
    trim = grid.front(0)
    ring = (trim.x + 15, trim.y + 1.8)  # the brass between the cut circle and the cog
    assert pdf.colour_at(front, *ring) == pytest.approx((0xC7, 0x9A, 0x3E), abs=8)
    flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    assert pdf.colour_at(flipped, *ring) == pytest.approx((0xC7, 0x9A, 0x3E), abs=8)


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
