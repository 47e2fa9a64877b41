"""How a user prints: without a duplex printer (all fronts, then all backs), gutterfold (each
back beside its front, across a fold), and the options that cannot go together. Positions are
read from the PDF: the rectangle each face is clipped to, in mm."""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest

from generator.geometry.shapes import Rect
from generator.geometry.sizes import CardSize
from generator.model import Game
from generator.options import Options
from generator.outputs.sheets import layout
from generator.pipeline.build import check
from tests import fixture, pdf
from tests.conftest import Built, shipped_game
from tests.placed import placed

SHIPPED_GAMES = ("break_the_code", "game_of_trains", "gear_and_piston", "gears", "three_by_three")

Faces = list[list[tuple[Rect, str]]]


def _faces(path: Path) -> Faces:
    """Page by page, each face's clip rectangle and a digest of its drawing (the same face
    draws the same in two files made of the same faces)."""
    with pikepdf.open(path) as document:
        drawn = {
            obj.objgen: hashlib.sha256(obj.read_bytes()).hexdigest()
            for page in document.pages
            for obj in page.Resources.XObject.values()
        }
    return [
        [(Rect(*box), drawn[objgen]) for box, objgen in page]
        for page in pdf.placements(path.read_bytes())
    ]


def _face_at(page: list[tuple[Rect, str]], trim: Rect) -> str:
    """The face drawn centred on ``trim`` (its clip is the trim with the bleed around it)."""
    centre = (trim.x + trim.width / 2, trim.y + trim.height / 2)
    found = [
        face
        for clip, face in page
        if abs(clip.x + clip.width / 2 - centre[0]) < 0.01
        and abs(clip.y + clip.height / 2 - centre[1]) < 0.01
        and trim.width <= clip.width <= trim.width + 6.01
    ]
    assert len(found) == 1, (trim, page)
    return found[0]


@pytest.fixture(scope="module")
def gears() -> Game:
    return shipped_game("gears")


def _build(pnp, out: Path, name: str, *options: str) -> Path:
    """The card sheets of Gears built with ``options``, which the build says it wrote as
    ``name`` (named by how they print, beside those of every other way)."""
    result = pnp("build", "gears", "--lang", "en", "--out", out, *options)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    (sheets,) = [line.split(": ")[0] for line in lines if line.startswith(f"{out}/gears/en/cards")]
    assert sheets == f"{out}/gears/en/{name}"
    return Path(sheets)


def test_without_duplex_all_fronts_then_all_backs(
    gears: Game, built: Built, tmp_path: Path, pnp
) -> None:
    """Each card's front on sheet n's page, its back on page (sheets + n), where turning the
    stack over its long edge puts it; the same faces as the duplex file."""
    duplex = _faces(built("gears", "en") / "cards-a4.pdf")
    alone = _faces(_build(pnp, tmp_path, "cards-a4-simplex.pdf", "--duplex", "none"))
    assert len(alone) == len(duplex)
    sheets = len(alone) // 2
    two_sided, one_pass = placed(gears), placed(gears, Options(duplex="none"))
    assert {where.back_page for where in one_pass.values()} == set(range(sheets, 2 * sheets))
    for card, where in one_pass.items():
        known = two_sided[card]
        assert where.front_page == known.front_page // 2
        assert where.back_page == sheets + where.front_page
        assert where.back.x == pytest.approx(210 - where.front.x - where.front.width)
        front = _face_at(alone[where.front_page], where.front)
        assert front == _face_at(duplex[known.front_page], known.front), card
        back = _face_at(alone[where.back_page], where.back)
        assert back == _face_at(duplex[known.back_page], known.back), card


def test_gutterfold_puts_each_back_across_the_fold_from_its_front(
    gears: Game, built: Built, tmp_path: Path, pnp
) -> None:
    path = _build(pnp, tmp_path, "cards-a4-gutterfold.pdf", "--layout", "gutterfold")
    folded = _faces(path)
    duplex = _faces(built("gears", "en") / "cards-a4.pdf")
    two_sided, cards = placed(gears), placed(gears, Options(layout="gutterfold"))
    for box in pdf.page_boxes(path.read_bytes()):  # A4 turned: two halves of 148.5 x 210 mm
        assert box == pytest.approx((0, 0, 841.89, 595.28), abs=0.01)
    assert len(folded) == max(where.front_page for where in cards.values()) + 1
    for card, where in cards.items():
        front, back = where.front, where.back
        assert where.back_page == where.front_page
        assert front.x + front.width < 297 / 2 - 6.5 < 297 / 2 + 6.5 < back.x  # a half each
        assert (back.x + back.width + front.x) / 2 == pytest.approx(297 / 2)  # mirrored
        assert back.y == front.y
        known = two_sided[card]
        page = folded[where.front_page]
        assert _face_at(page, front) == _face_at(duplex[known.front_page], known.front), card
        assert _face_at(page, back) == _face_at(duplex[known.back_page], known.back), card


@pdf.needs_pdftoppm
def test_gutterfold_marks_the_fold_dashed_and_no_crop_mark_near_it(tmp_path: Path, pnp) -> None:
    path = _build(pnp, tmp_path, "cards-a4-gutterfold.pdf", "--layout", "gutterfold")
    (page,) = pdf.rendered_pages(path, 1, 1, tmp_path, 150)
    dark = [
        min(sum(pdf.colour_at(page, 297 / 2 + dx, y / 10, 150)) for dx in (-0.17, 0, 0.17)) < 450
        for y in range(0, 2100, 2)
    ]
    assert 0.3 < sum(dark) / len(dark) < 0.7  # a dashed line: half ink, half paper
    for x in (297 / 2 - 5, 297 / 2 - 3, 297 / 2 + 3, 297 / 2 + 5):  # the margin at the fold
        assert all(sum(pdf.colour_at(page, x, y / 10, 150)) > 700 for y in range(100, 2000, 5)), x


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--duplex", "short"], "--duplex cannot be used"),
        (["--back-offset", "1,1", "--cut", "silhouette"], "--back-offset and --cut silhouette"),
    ],
)
def test_gutterfold_refuses_what_does_not_apply(
    options: list[str], message: str, tmp_path: Path, pnp
) -> None:
    result = pnp("build", "gears", "--out", tmp_path, "--layout", "gutterfold", *options)
    assert result.code == 2
    assert result.err == (
        f"pnp: error: {message} cannot be used with --layout gutterfold, which prints each back "
        "beside its front on one side of the sheet, to fold and cut by hand\n"
        if message.endswith("silhouette")
        else f"pnp: error: {message} with --layout gutterfold, which prints each back beside "
        "its front on one side of the sheet, to fold and cut by hand\n"
    )
    assert not (tmp_path / "gears").exists()


def test_the_readme_states_the_bleed_the_sheets_print(built: Built) -> None:
    """The README's figure for the bleed between poker cards on A4, against the clip of every
    card on a sheet of Game of Trains' cards."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"on A4, ([\d.]+) mm left and right of each card", readme)
    assert stated is not None
    sheet = pdf.placements((built("game_of_trains", "en") / "cards-a4.pdf").read_bytes())[0]
    assert len(sheet) == 9
    sides = {round((width - 63) / 2, 3) for (_, _, width, _), _ in sheet}
    tops = {round((height - 88) / 2, 3) for (_, _, _, height), _ in sheet}
    assert (len(sides), tops) == (1, {3.0})
    assert float(stated.group(1)) == round(sides.pop(), 1)


def test_the_five_games_take_33_a4_sheets_not_40(built: Built) -> None:
    """Shared sheets, counted in the files: pages are fronts and backs of each sheet."""
    sheets = {}
    for game in SHIPPED_GAMES:
        data = (built(game, "en") / "cards-a4.pdf").read_bytes()
        sheets[game] = pdf.page_count(data) // 2
    assert sheets == {
        "break_the_code": 3,  # 21 questions and 20 tiles (was 4)
        "game_of_trains": 10,  # 84 wagons and 4 locomotives, 9 a sheet (was 11)
        "gear_and_piston": 11,  # 131 tiles, 12 a sheet (was 14)
        "gears": 6,  # the token beside the rounds, the player aids beside two characters (was 8)
        "three_by_three": 3,  # 7 tokens below the last 4 tasks (was 4)
    }
    assert sum(sheets.values()) == 33


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_no_crop_mark_on_an_empty_slot(game: str, built: Built) -> None:
    """Every crop mark over the fronts is in line with an edge of a card printed on that page
    (or parts two bands, between their cards); none marks a slot without a card."""
    loaded = shipped_game(game)
    data = (built(game, "en") / "cards-a4.pdf").read_bytes()
    pages = pdf.overlay_lines(data)
    cards = placed(loaded)
    for number in range(0, len(pages), 2):
        trims = [w.front for w in cards.values() if w.front_page == number]
        xs = {round(v, 2) for t in trims for v in (t.x, t.x + t.width)}
        ys = {round(v, 2) for t in trims for v in (t.y, t.y + t.height)}
        marks = [m for m in pages[number] if abs(math.dist(m[:2], m[2:]) - 3.5) < 0.01]
        assert marks, number
        for x1, y1, x2, _ in marks:
            if x1 == pytest.approx(x2):
                assert round(x1, 2) in xs, (number, x1)
            elif round(y1, 2) not in ys:  # the cut between two bands, clear of every card
                assert not any(t.y - 3 < y1 < t.y + t.height + 3 for t in trims), (number, y1)


def test_decks_that_fit_only_opposite_ways_up_are_reported() -> None:
    """A sheet turned for a cutter can be upright or sideways, one way for the whole file: a
    deck that fits only upright and one that fits only sideways cannot share it, and the deck
    that does not fit upright is named."""
    with fixture.registered():
        (game,) = check(fixture.DATA, ("tiny",), ())
    tall, wide = game.decks
    decks = (
        replace(tall, size=CardSize(180, 260)),
        replace(wide, size=CardSize(260, 180)),
    )
    problems = layout(replace(game, decks=decks), Options(cut="silhouette"))
    assert [(p.where, p.what) for p in problems] == [  # type: ignore[union-attr]
        ("decks.colours.size", "a 260 x 180 mm card does not fit on a4 paper")
    ]
