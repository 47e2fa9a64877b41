"""Handouts of every shape (issue 31): a board of its own size whole on A3 and in pieces that join
on A4 and Letter, a screen per player, two sheets to a page; positions read from the PDF in mm."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.registry import find_engine
from generator.geometry.shapes import Line, Rect
from generator.geometry.sizes import PAPERS
from generator.geometry.tiling import GAP, MARGIN, OVERLAP, marks, plan
from generator.load.catalog import load_game
from generator.model import Game
from generator.render.boxes import handout_fills
from generator.runtime.folders import discover_games
from tests.conftest import DataCopy, Result
from tests.legibility import ACROSS_THE_TABLE
from tests.pdf import page_boxes, placements, read
from tests.test_rulebook import text_of

BOARD = (400.0, 277.0)
MM = 25.4 / 72
Pnp = Callable[..., Result]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_pieces_join_into_the_whole_board_inside_the_margins(paper: str) -> None:
    planned = plan(PAPERS[paper], True, BOARD)
    columns, rows = planned.slots[0].grid
    assert planned.pages == columns * rows == {"a4": 3, "letter": 4, "a3": 1}[paper]
    for slot in planned.slots:
        at = slot.at
        assert at.x >= MARGIN - 1e-9 and at.x + at.width <= planned.paper.width - MARGIN + 1e-9
        assert at.y >= MARGIN - 1e-9 and at.y + at.height <= planned.paper.height - MARGIN + 1e-9
        assert (at.width, at.height) == (slot.shows.width, slot.shows.height)  # at 100 %
    for axis, count, length in ((0, columns, BOARD[0]), (1, rows, BOARD[1])):
        spans = sorted({_span(slot.shows, axis) for slot in planned.slots})
        assert len(spans) == count
        assert spans[0][0] == 0 and math.isclose(spans[-1][1], length)
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert math.isclose(end - start, OVERLAP)  # neighbours share the glue strip


@pytest.mark.parametrize(
    ("paper", "size", "copies", "per_page"),
    [("a4", BOARD, 1, 1), ("letter", BOARD, 2, 1), ("a4", (90, 120), 5, 1), ("a4", None, 3, 4)],
)
def test_every_mark_is_inside_what_a_home_printer_prints(
    paper: str, size: tuple[float, float] | None, copies: int, per_page: int
) -> None:
    planned = plan(PAPERS[paper], True, size, copies, per_page)
    edge = MARGIN / 2
    for page in range(planned.pages):
        solid, dashed = marks(planned, page)
        assert solid
        for line in solid + dashed:
            for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
                if planned.kind == "page":  # a cut runs across the page
                    continue
                assert edge - 1e-9 <= x <= planned.paper.width - edge + 1e-9
                assert edge - 1e-9 <= y <= planned.paper.height - edge + 1e-9
        if planned.kind == "pieces":  # a dashed line where each next piece is laid
            columns, rows = planned.slots[0].grid
            ((column, row),) = {slot.piece for slot in planned.on(page)}
            assert len(dashed) == (column < columns - 1) + (row < rows - 1)


def test_quarter_pages_are_cut_apart_by_a_line_across_the_page() -> None:
    planned = plan(PAPERS["a4"], False, None, copies=4, per_page=4)
    solid, dashed = marks(planned, 0)
    assert set(solid) == {Line(105, 0, 105, 297), Line(0, 148.5, 210, 148.5)} and not dashed


def _span(rect: Rect, axis: int) -> tuple[float, float]:
    start = rect.x if axis == 0 else rect.y
    size = rect.width if axis == 0 else rect.height
    return round(start, 6), round(start + size, 6)


def test_half_page_cells_turn_the_page_and_fill_it() -> None:
    planned = plan(PAPERS["a4"], False, None, copies=1, per_page=2)
    assert (planned.paper.width, planned.paper.height) == (297, 210)
    assert (planned.face.width, planned.face.height) == (148.5, 210)
    assert [(slot.copy, slot.at.x) for slot in planned.slots] == [(0, 0), (0, 148.5)]


def test_copies_of_a_small_handout_share_a_page() -> None:
    planned = plan(PAPERS["a4"], False, (90, 120), copies=5)
    assert planned.pages == 2  # 2 x 2 inside an A4 page's margins
    assert [slot.page for slot in planned.slots] == [0, 0, 0, 0, 1]
    first, second, third = (slot.at for slot in planned.slots[:3])
    assert second.x - first.x - 90 == third.y - first.y - 120 == GAP  # room for crop marks


HANDOUTS = """handouts:
  scores:
    template: scores.svg.j2
    orientation: portrait
    copies: 3
  board:
    template: scores.svg.j2
    size: {width: 400, height: 277}
    data: board.yaml
  half:
    template: scores.svg.j2
    per_page: 2
"""


def _board_game(tiny: DataCopy) -> None:
    game = tiny.root / "tiny" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[: text.index("handouts:")] + HANDOUTS, encoding="utf-8")
    (tiny.root / "tiny" / "board.yaml").write_text("spaces: [3, 4]\n", encoding="utf-8")
    template = tiny.root.parent / "templates" / "tiny" / "scores.svg.j2"
    said = "t.scores ~ ' ' ~ (copy + 1) ~ '/' ~ copies ~ ' ' ~ (data.spaces if data else '')"
    words = f"{{{{ text({said}, 15, 15, page.width - 30, 14, 10, min_size=6, max_lines=1) }}}}"
    source = template.read_text(encoding="utf-8")
    start = source.index("{{ text(")
    end = source.index("}}", start) + 2
    template.write_text(source[:start] + words + source[end:], encoding="utf-8")
    for lang, name in (("en", "board"), ("uk", "поле")):
        tiny.edit(
            f"tiny/locales/{lang}.yaml",
            "  components:\n",
            f"  components:\n    board: {name}\n    half: {name}\n",
        )


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_a_board_a_screen_per_player_and_half_pages_are_built(
    tiny: DataCopy, pnp: Pnp, tmp_path: Path, paper: str
) -> None:
    _board_game(tiny)
    out = tmp_path / "out"
    result = pnp(
        "build", "tiny", "--data", tiny.root, "--out", out, "--lang", "en", "--paper", paper
    )
    assert result.code == 0, result.err
    folder = out / "tiny" / "en"
    width, height = PAPERS[paper].width, PAPERS[paper].height
    board = read(folder / f"board-{paper}.pdf")
    pieces = placements(board)
    if paper == "a3":
        assert [_mm(box) for box in page_boxes(board)] == [(height, width)]
        ((clip, _),) = pieces[0]
        assert _rounded(clip) == (MARGIN, MARGIN, *BOARD)
    else:
        assert [_mm(box) for box in page_boxes(board)] == [(width, height)] * 3
        clips = [_rounded(page[0][0]) for page in pieces]
        assert {clip[2:] for clip in clips} == {(round((400 + 2 * OVERLAP) / 3, 2), 277.0)}
    assert "Scores 1/1 [3, 4]" in text_of(
        folder / f"board-{paper}.pdf"
    )  # the template sees its data
    scores = read(folder / f"scores-{paper}.pdf")
    assert len(page_boxes(scores)) == 3  # a page for each copy, which the template knows
    said = text_of(folder / f"scores-{paper}.pdf")
    assert all(f"Scores {n}/3" in said for n in (1, 2, 3))
    half = read(folder / f"half-{paper}.pdf")
    ((left, _), (right, _)) = placements(half)[0]
    assert _rounded(left) == (0, 0, height / 2, width)
    assert _rounded(right) == (height / 2, 0, height / 2, width)


def _mm(box: tuple[float, ...]) -> tuple[float, float]:
    return round((box[2] - box[0]) * MM, 1), round((box[3] - box[1]) * MM, 1)


def _rounded(clip: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(round(value, 2) for value in clip)


def test_a_data_file_linked_out_of_the_game_folder_is_refused_unread(tiny: DataCopy) -> None:
    (tiny.root / "elsewhere.yaml").write_text("spaces: [3]\n", encoding="utf-8")
    (tiny.root / "tiny" / "board.yaml").symlink_to(tiny.root / "elsewhere.yaml")
    tiny.edit(
        "tiny/game.yaml",
        "    orientation: portrait\n",
        "    orientation: portrait\n    data: board.yaml\n",
    )
    found = tiny.problems("tiny")
    assert found == [
        f"tiny/board.yaml: links outside tiny/ (to {tiny.root}/elsewhere.yaml): refused"
    ]


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (
            "    size: {width: 5, height: 277}\n",
            "tiny/game.yaml:20: handouts.scores.size: width: 5 mm is not between 20 and 1000",
        ),
        (
            "    per_page: 3\n",
            "tiny/game.yaml:20: handouts.scores.per_page: 3 is not one of: 1, 2, 4",
        ),
        (
            "    size: {width: 100, height: 100}\n    per_page: 2\n",
            "tiny/game.yaml:21: handouts.scores.per_page: a handout with a size of its own is not "
            "a cell of the paper: give size or per_page, not both",
        ),
        (
            "    data: ../board.yaml\n",
            "tiny/game.yaml:20: handouts.scores.data: '../board.yaml' is not one plain file name "
            "ending in .yaml, beside game.yaml",
        ),
        (
            "    data: board.txt\n",
            "tiny/game.yaml:20: handouts.scores.data: 'board.txt' is not one plain file name "
            "ending in .yaml, beside game.yaml",
        ),
        (
            "    data: board.yaml\n",
            "tiny/game.yaml:20: handouts.scores.data: no file 'board.yaml' beside game.yaml",
        ),
        ("    copies: 0\n", "tiny/game.yaml:20: handouts.scores.copies: 0 is below the minimum 1"),
    ],
)
def test_a_wrong_handout_is_one_problem_at_its_line(
    tiny: DataCopy, entry: str, problem: str
) -> None:
    tiny.edit(
        "tiny/game.yaml", "    orientation: portrait\n", "    orientation: portrait\n" + entry
    )
    found = tiny.problems("tiny")
    assert len(found) == 1 and found[0].startswith(problem), found


@pytest.mark.parametrize("taken", ["rules-summary", "proof", "Cards", "calibration"])
def test_a_handout_may_not_take_the_name_of_pnp_s_own_files(
    tiny: DataCopy, pnp: Pnp, tmp_path: Path, taken: str
) -> None:
    """``rules-summary-a4.pdf`` would be written twice (an internal error once); ``Cards``
    is ``cards`` on a disk that ignores letter case."""
    tiny.edit("tiny/game.yaml", "  scores:\n", f"  {taken}:\n")
    out = tmp_path / "out"
    result = pnp("build", "tiny", "--data", tiny.root, "--out", out, "--lang", "en")
    assert (result.code, result.out) == (1, "")
    assert result.err == (
        f"tiny/game.yaml:17: handouts.{taken}: its file {taken}-<paper>.pdf would overwrite "
        "pnp's own (pnp names its files cards, rules-summary, proof, png, calibration): give "
        "the handout another id\n1 problem found; nothing was written.\n"
    )
    assert not out.exists()


@pytest.fixture(scope="module")
def shipped() -> list[Game]:
    """The shipped games, loaded (their rules need not run to draw the handouts)."""
    games = []
    for game_id in discover_games(DEFAULT_DATA_DIR):
        problems: list = []
        games.append(load_game(DEFAULT_DATA_DIR, game_id, find_engine(game_id), problems))
        assert not problems
    return games


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_shipped_handout_prints_its_words_at_eight_points(
    shipped: list[Game], paper: str
) -> None:
    small = [
        f"{game.id} {lang} {face.face}: {box.fill.keys[0] if box.fill.keys else box.fill.text!r} "
        f"at {box.fill.printed} mm"
        for game in shipped
        for lang in game.locales
        for face in handout_fills(game, lang, PAPERS[paper])
        for box in face.boxes
        if box.fill.printed is None or box.fill.printed < ACROSS_THE_TABLE
    ]
    assert not small, "\n".join(small)
