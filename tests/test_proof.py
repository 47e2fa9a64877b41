"""How full a text box is (generator/render/fill.py), where each box lands (generator/render/
boxes.py), and ``pnp proof``, which draws both over every face of a language.

The proofs made here are of the fixture game, except one test that makes the English proof of
every shipped game with one command: drawing faces is what a proof costs."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.registry import find_engine
from generator.geometry.sizes import PAPERS
from generator.model import Game
from generator.pipeline.front import checked_game
from generator.proof.sheet import COLOURS
from generator.render.boxes import box_fills
from generator.render.fill import AMBER, GREEN, RED, SAMPLE, BoxFill, box_fill
from generator.render.fonts import find_font, text_width
from generator.render.text import wrap
from generator.render.textfitter import TextFitter
from generator.runtime.folders import discover_games
from tests import pdf
from tests.conftest import DataCopy, Result

FONT = find_font("Roboto Condensed")
BOLD = find_font("Roboto Condensed", "bold")
LOCALE = "tiny/locales/en.yaml"
LONG_RED = "Red as the last wagon of a very long train at dusk"
"""Too long for the colour card's one-line box (55 mm) even at its smallest size (4 mm)."""


def fitted(
    text: str,
    width: float,
    height: float,
    size: float,
    min_size: float | None = None,
    max_lines: int | None = None,
    weight: str = "normal",
) -> BoxFill:
    """The fill of one ``text(...)`` call, as a template makes it."""
    fitter = TextFitter()
    fitter.text(text, 0, 0, width, height, size, min_size, weight=weight, max_lines=max_lines)
    return box_fill(fitter.asked[-1])


def width_of(text: str, size: float) -> float:
    assert FONT is not None
    return text_width(text, FONT, size)


def test_a_one_line_box_is_filled_by_the_width_of_its_text() -> None:
    box = fitted("Lock", width_of("Lock", 4) / 0.5, 6, 4, max_lines=1)
    assert box.fill == pytest.approx(0.5)
    assert (box.lines, box.printed, box.colour) == (1, 4, GREEN)


def test_a_box_of_lines_counts_full_lines_and_the_last_by_its_width() -> None:
    width = width_of("one two", 3)
    height = 3 * 3 * 1.15  # three lines at 3 mm
    box = fitted("one two three", width, height, 3)
    assert wrap("one two three", width, 3, width_of) == ["one two", "three"]
    assert box.lines == 3
    assert box.fill == pytest.approx((1 + width_of("three", 3) / width) / 3)


def test_amber_above_ninety_per_cent_and_red_when_shrunk_or_not_fitting() -> None:
    text = "Swap two neighbours"
    full = width_of(text, 4)
    assert fitted(text, full / 0.90, 5, 4, max_lines=1).colour == GREEN
    assert fitted(text, full / 0.91, 5, 4, max_lines=1).colour == AMBER
    exactly = fitted(text, full, 5, 4, max_lines=1)
    assert exactly.fill == pytest.approx(1.0)
    assert (exactly.printed, exactly.colour) == (4, AMBER)
    shrunk = fitted(text, full * 0.95, 5, 4, min_size=3, max_lines=1)
    assert shrunk.printed is not None and shrunk.printed < 4
    assert shrunk.fill == pytest.approx(1 / 0.95) and shrunk.colour == RED
    unfit = fitted(text, full * 0.5, 5, 4, min_size=3, max_lines=1)
    assert unfit.printed is None and unfit.fill == pytest.approx(2.0) and unfit.colour == RED


def test_the_fill_grows_with_the_text_and_passes_one_exactly_when_it_shrinks() -> None:
    sentence = "Every player removes the middle wagon of their train and draws a new one"
    words = sentence.split(" ")
    fills = []
    for count in range(1, len(words) + 1):
        box = fitted(" ".join(words[:count]), 30, 2 * 3 * 1.15, 3, min_size=2)
        shrank = box.printed is None or box.printed < box.size
        assert (box.fill > 1) == shrank, box
        fills.append(box.fill)
    assert fills == sorted(fills) and fills[0] < 0.5 < 1 < fills[-1]


def test_a_word_wider_than_the_box_fills_it_by_its_width() -> None:
    box = fitted("Straßenbahnhaltestelle", 10, 20, 3, min_size=1)
    assert box.fill == pytest.approx(width_of("Straßenbahnhaltestelle", 3) / 10)
    assert box.colour == RED


def test_the_capacity_of_a_known_box_is_about_what_fits() -> None:
    """The gears ability box (49 x 15.3 mm, 3.6 mm bold): text of its capacity's length, give
    or take a fifth, fits or does not at the default size."""
    box = fitted("Push", 49, 15.3, 3.6, min_size=2.6, weight="bold")
    assert box.lines == 3
    repeated = SAMPLE * (2 * box.capacity // len(SAMPLE) + 2)
    fewer = fitted(repeated[: round(box.capacity * 0.8)], 49, 15.3, 3.6, 2.6, weight="bold")
    more = fitted(repeated[: round(box.capacity * 1.25)], 49, 15.3, 3.6, 2.6, weight="bold")
    assert fewer.printed == 3.6 and fewer.fill <= 1
    assert more.printed != 3.6 and more.fill > 1


def test_a_box_with_no_room_says_so_and_nothing_breaks() -> None:
    """A stranger's template may ask for a box of no size, or a tiny font."""
    assert fitted("x", 0, 5, 3).fill == math.inf
    assert fitted("", 0, 5, 3).fill == 0
    tiny = fitted("x", 10, 10, 1e-300)
    assert tiny.capacity == 1_000_000 and 0 <= tiny.fill < 1


def tiny_game(tiny: DataCopy) -> Game:
    engine = find_engine("tiny")
    assert engine is not None
    return checked_game(tiny.root, engine)


def test_every_face_with_its_boxes_keys_and_places(tiny: DataCopy) -> None:
    """The fixture's faces in order (fronts, then backs, then the handout), each box with the
    locale key it shows and where it lands; a box turned with its group turns with it."""
    colour_back = tiny.root.parent / "templates" / "tiny" / "colour-back.svg.j2"
    text = colour_back.read_text(encoding="utf-8")
    call = next(line for line in text.splitlines() if "text(t.colours" in line)
    colour_back.write_text(
        text.replace(call, f'<g transform="rotate(180 31.5 31.5)">{call}</g>'), encoding="utf-8"
    )
    faces = box_fills(tiny_game(tiny), "en", PAPERS["letter"])
    assert [(f.deck, f.face, f.card) for f in faces] == [
        *(("numbers", f"number-{n}", f"number-{n}") for n in range(1, 6)),
        ("numbers", "back", None),
        ("colours", "colour-red", "colour-red"),
        ("colours", "colour-blue", "colour-blue"),
        ("colours", "colour-red-back", "colour-red"),
        ("colours", "colour-blue-back", "colour-blue"),
        ("scores", "scores", None),
    ]
    red, red_back, scores = faces[6].boxes[0], faces[8].boxes[0], faces[-1]
    assert red.fill.keys == ((("colours.red", LOCALE, tiny.line_of(LOCALE, "red: Red"))),)
    assert (red.fill.file, red.fill.line) == ("templates/tiny/colour.svg.j2", 5)
    assert red.places == (((4, 25.5), (59, 25.5), (59, 37.5), (4, 37.5)),)
    turned = [(round(x, 6), round(y, 6)) for x, y in red_back.places[0]]
    assert turned == [(59, 37.5), (4, 37.5), (4, 25.5), (59, 25.5)]
    assert (scores.width, scores.height, scores.handout) == (215.9, 279.4, True)
    assert faces[0].boxes[0].fill.keys == ()  # the card's number: the template's own


def game_faces(game: Game) -> int:
    """Every face a proof shows: fronts, backs (each card's, or one common one), handouts (each
    copy)."""
    decks = sum(len(d.cards) * (2 if d.two_sided else 1) + (not d.two_sided) for d in game.decks)
    return decks + sum(handout.copies for handout in game.handouts)


def test_the_english_proof_of_every_shipped_game(
    tmp_path: Path, pnp: Callable[..., Result]
) -> None:
    games = discover_games(DEFAULT_DATA_DIR)
    result = pnp("proof", *games, "--lang", "en", "--out", tmp_path)
    assert (result.code, result.err) == (0, "")
    lines = result.out.splitlines()
    assert len(lines) == len(games)
    for game_id, line in zip(games, lines, strict=True):
        path = tmp_path / game_id / "en" / "proof-a4.pdf"
        data = path.read_bytes()
        engine = find_engine(game_id)
        assert engine is not None
        faces = game_faces(checked_game(DEFAULT_DATA_DIR, engine))
        pages = pdf.page_count(data)
        assert line.startswith(f"{path}: {pages} pages, {faces} faces, ")
        assert "not fitting" not in line
        assert pdf.every_page_is_a4(data)
        assert sum(len(placed) for placed in pdf.placements(data)) == faces


def face_on_page(path: Path, name: str) -> tuple[int, tuple[float, float, float, float]]:
    """The page of the face named ``name`` under it, and the rectangle it is drawn in (mm)."""
    placed = pdf.placements(path.read_bytes())
    for number, faces in enumerate(placed, start=1):
        for word, left, top, right, _ in pdf.words(path, number):
            if word != name:
                continue
            middle = (left + right) / 2
            for (x, y, width, height), _ in faces:
                if x < middle < x + width and 0 <= top - (y + height) < 5:
                    return number, (x, y, width, height)
    raise AssertionError(f"no face named {name}")


@pdf.needs_pdftotext
def test_a_text_that_does_not_fit_is_red_where_its_box_is_and_first_in_the_table(
    tiny: DataCopy, tmp_path: Path, pnp: Callable[..., Result]
) -> None:
    tiny.edit(LOCALE, "red: Red", f"red: {LONG_RED}")
    line = tiny.line_of(LOCALE, LONG_RED)
    result = pnp("proof", "tiny", "--data", tiny.root, "--lang", "en", "--out", tmp_path)
    assert result.code == 1
    assert result.err == (
        f"{LOCALE}:{line}: colours.red: does not fit its 55 x 12 mm box on the colours cards "
        "even at 4 mm: shorten it (and on 1 more card)\n1 problem found.\n"
    )
    path = tmp_path / "tiny" / "en" / "proof-a4.pdf"
    pages = pdf.page_count(path.read_bytes())
    faces = game_faces(tiny_game(tiny))
    assert result.out == (
        f"{path}: {pages} pages, {faces} faces, {faces} boxes of locale texts: "
        "0 amber, 2 red (2 not fitting at all)\n"
    )
    page, (x, y, width, height) = face_on_page(path, "colour-red")
    scale = width / 63
    assert height == pytest.approx(63 * scale)
    expected = (x + 4 * scale, y + 25.5 * scale, x + 59 * scale, y + 37.5 * scale)
    red = [
        corners
        for colour, corners in pdf.coloured_fills(path.read_bytes())[page - 1]
        if colour == pytest.approx(COLOURS[RED])
    ]
    boxes = [
        (min(xs), min(ys), max(xs), max(ys))
        for corners in red
        for xs, ys in [tuple(zip(*corners, strict=True))]
    ]
    assert any(box == pytest.approx(expected, abs=0.01) for box in boxes), (expected, boxes)
    page_words = [word for word, *_ in pdf.words(path, page)]
    assert "dusk" in page_words  # the text is drawn, running out of its box
    named = page_words.index("colour-red")  # under the face: its name, then its ink
    assert page_words[named + 1 : named + 3] == ["·", "ink"]
    assert page_words[named + 3].isdigit() and page_words[named + 4] == "%,"
    keys = ["colours.red", "colours.blue", "number", "title", "scores"]
    table = [(top, word) for word, _, top, *_ in pdf.words(path, pages) if word in keys]
    assert min(table)[1] == "colours.red"


def test_the_same_proof_twice_is_the_same_bytes_on_the_paper_asked_for(
    tiny: DataCopy, tmp_path: Path, pnp: Callable[..., Result]
) -> None:
    made = []
    for out, a4 in (("one", ("--paper", "a4")), ("two", ())):
        args = ("proof", "tiny", "--data", tiny.root, "--paper", "letter", "--out", tmp_path / out)
        assert pnp(*args, *a4).code == 0
        made.append((tmp_path / out / "tiny" / "uk" / "proof-letter.pdf").read_bytes())
    assert made[0] == made[1]
    letter = (0.0, 0.0, 215.9 * 72 / 25.4, 279.4 * 72 / 25.4)
    assert all(box == pytest.approx(letter) for box in pdf.page_boxes(made[0]))
    a4 = (tmp_path / "one" / "tiny" / "uk" / "proof-a4.pdf").read_bytes()  # asked for too
    assert all(box == pytest.approx((0, 0, 595.28, 841.89), abs=0.01) for box in pdf.page_boxes(a4))
    with pikepdf.open(tmp_path / "one" / "tiny" / "en" / "proof-letter.pdf") as opened:
        assert str(opened.docinfo["/Title"]) == "Tiny: proof (en)"
