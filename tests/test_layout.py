"""Sheet layout in millimetres: grid, bleed, crop marks, duplex mirroring."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.geometry.imposition import Band, Sheet, SheetStyle, fit_grid
from generator.geometry.outline import Arc, Edge, card_outline, curves, distance_outside
from generator.geometry.shapes import Rect
from generator.geometry.sheet_plan import Run, plan
from generator.geometry.sizes import PAPERS, CardSize, Paper, pt
from generator.layout.pdf import marks
from tests import pdf

POKER = CardSize(63, 88)


def test_poker_on_a4_is_nine_up_centred() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    assert (grid.columns, grid.rows) == (3, 3)
    # 210 mm wide: 3 cards of 63 mm leave 21 mm; 2 x 6.5 mm go to marks, the rest is bleed
    assert grid.bleed_x == pytest.approx((210 - 189 - 13) / 6)
    assert grid.bleed_y == 3.0
    first = grid.front(0)
    assert (first.x, first.y) == (pytest.approx(6.5 + grid.bleed_x), pytest.approx(10.5))
    last = grid.front(8)
    assert last.x + last.width == pytest.approx(210 - first.x)
    assert last.y + last.height == pytest.approx(297 - first.y)
    assert (first.width, first.height) == (63, 88)


def test_neighbouring_cards_keep_their_bleed_apart() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    a, b = grid.with_bleed(grid.front(0)), grid.with_bleed(grid.front(1))
    assert a.x + a.width == pytest.approx(b.x)
    below = grid.with_bleed(grid.front(3))
    assert a.y + a.height == pytest.approx(below.y)


@pytest.mark.parametrize(("paper", "columns", "rows"), [("letter", 3, 3), ("a3", 4, 4)])
def test_other_papers(paper: str, columns: int, rows: int) -> None:
    grid = fit_grid(PAPERS[paper], POKER)
    assert (grid.columns, grid.rows) == (columns, rows)
    assert 0 <= grid.bleed_x <= 3 and 0 <= grid.bleed_y <= 3


def test_card_too_large_does_not_fit() -> None:
    assert fit_grid(PAPERS["a4"], CardSize(250, 88)) is None


def test_long_edge_duplex_mirrors_columns() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    for index in range(grid.per_sheet):
        front = grid.front(index)
        back = front.behind(PAPERS["a4"], "long")
        # flipping over the long (vertical) edge maps x to 210 - x
        assert back.x == pytest.approx(210 - front.x - front.width)
        assert back.y == front.y
    assert grid.front(0).behind(PAPERS["a4"], "long").x == pytest.approx(grid.front(2).x)


def test_short_edge_duplex_mirrors_rows() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    back, opposite = grid.front(1).behind(PAPERS["a4"], "short"), grid.front(7)
    assert (back.x, back.y) == (opposite.x, pytest.approx(opposite.y))
    assert (back.width, back.height) == (63, 88)


def test_a_page_turned_sideways_flips_over_its_long_edge_top_to_bottom() -> None:
    """A landscape page's long edge is its top: turned over it, rows change places; over its
    short edge, columns do; folded down the middle (gutterfold), columns do whatever its way."""
    landscape, card = PAPERS["a4"].turned(True), Rect(10, 20, 63, 88)
    assert card.behind(landscape, "long") == Rect(10, 210 - 20 - 88, 63, 88)
    assert card.behind(landscape, "short") == Rect(297 - 10 - 63, 20, 63, 88)
    assert card.behind(landscape, "fold") == Rect(297 - 10 - 63, 20, 63, 88)
    assert card.behind(PAPERS["a4"], "fold") == Rect(210 - 10 - 63, 20, 63, 88)


def test_crop_marks_are_outside_every_card_and_on_every_cut() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    (sheet,) = plan(PAPERS["a4"], [Run(POKER, 9)])
    marks = sheet.crop_marks()
    _outside_every_card(sheet)
    for mark in marks:
        assert min(mark.x1, mark.x2) >= 3.0 - 1e-9 and max(mark.x1, mark.x2) <= 207 + 1e-9
        assert min(mark.y1, mark.y2) >= 3.0 - 1e-9 and max(mark.y1, mark.y2) <= 294 + 1e-9
    cut_xs = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
    expected = {round(grid.front(c).x + d, 6) for c in range(3) for d in (0, 63)}
    assert cut_xs == expected
    assert len(marks) == 2 * 2 * 3 + 2 * 2 * 3
    assert SheetStyle().mark_width_pt >= 0.25


def test_no_crop_mark_for_an_empty_slot() -> None:
    """Two cards on a sheet of nine: marks for their two columns and one row only, where the
    full sheet has them."""
    grid = fit_grid(PAPERS["a4"], POKER)
    (sheet,) = plan(PAPERS["a4"], [Run(POKER, 2)])
    assert [slot.trim for slot in sheet.slots()] == [grid.front(0), grid.front(1)]
    marks = sheet.crop_marks()
    columns = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
    rows = {round(m.y1, 6) for m in marks if m.y1 == m.y2}
    assert columns == {round(grid.front(c).x + d, 6) for c in range(2) for d in (0, 63)}
    assert rows == {round(grid.front(0).y + d, 6) for d in (0, 88)}
    assert len(marks) == 2 * 2 * 2 + 2 * 2
    right = max(m.x2 for m in marks)
    assert right == pytest.approx(grid.front(1).x + 63 + grid.bleed_x + 3.5)


def test_small_decks_share_a_sheet_in_bands_a_gutter_apart() -> None:
    """20 poker cards fill two sheets and leave 2; 10 squares leave 10 after none; a disc: the
    rests share sheets, tallest first, each band whole, the cut between bands marked."""
    runs = [Run(POKER, 20), Run(CardSize(63, 63), 10), Run(CardSize(30, 30, shape="circle"), 1)]
    sheets = plan(PAPERS["a4"], runs)
    assert [[(b.run, b.count) for b in s.bands] for s in sheets] == [
        [(0, 9)],
        [(0, 9)],
        [(1, 10)],  # 4 rows of squares leave no room for the poker row
        [(0, 2), (2, 1)],
    ]
    placed = sorted((slot.run, slot.index) for sheet in sheets for slot in sheet.slots())
    assert placed == sorted((n, i) for n, run in enumerate(runs) for i in range(run.count))
    poker, disc = sheets[3].bands
    gap = disc.printed.y - (poker.printed.y + poker.printed.height)
    assert gap == pytest.approx(2 * 3.5)  # a mark below one band, one above the next
    middle = poker.printed.y + poker.printed.height + 3.5
    cuts = [m for m in sheets[3].crop_marks() if m.y1 == m.y2 == pytest.approx(middle)]
    assert [m.x1 for m in cuts] == pytest.approx([poker.printed.x - 3.5, _right(poker)])
    assert [m.x2 for m in cuts] == pytest.approx([poker.printed.x, _right(poker) + 3.5])
    assert disc.grid.bleed_y == 3.0  # one row of discs has room for the full bleed
    for sheet in sheets:
        _outside_every_card(sheet)


def test_each_deck_on_sheets_of_its_own_when_not_shared() -> None:
    runs = [Run(POKER, 11), Run(CardSize(30, 30, shape="circle"), 1)]
    sheets = plan(PAPERS["a4"], runs, share=False)
    assert [[(b.run, b.count) for b in s.bands] for s in sheets] == [[(0, 9)], [(0, 2)], [(1, 1)]]
    disc = fit_grid(PAPERS["a4"], CardSize(30, 30, shape="circle"))
    assert sheets[2].slots()[0].trim == disc.front(0)  # where a full sheet of discs has it


SIZES = st.sampled_from(
    [
        POKER,
        CardSize(63, 63),
        CardSize(22, 32, corner_radius=2.5),
        CardSize(30, 30, shape="circle"),
        CardSize(70, 120),
        CardSize(44, 63),
    ]
)


@settings(max_examples=60, deadline=None)
@given(
    runs=st.lists(st.tuples(SIZES, st.integers(1, 40)), min_size=1, max_size=5),
    paper=st.sampled_from(sorted(PAPERS)),
    share=st.booleans(),
)
def test_every_card_placed_once_inside_the_paper_none_overlapping(
    runs: list[tuple[CardSize, int]], paper: str, share: bool
) -> None:
    sheets = plan(PAPERS[paper], [Run(card, count) for card, count in runs], share=share)
    placed = sorted((slot.run, slot.index) for sheet in sheets for slot in sheet.slots())
    assert placed == sorted((n, i) for n, (_, count) in enumerate(runs) for i in range(count))
    for sheet in sheets:
        _outside_every_card(sheet)
        areas = [slot.printed for slot in sheet.slots()]
        for area in areas:
            assert area.x >= 6.5 - 1e-9 and area.x + area.width <= sheet.paper.width - 6.5 + 1e-9
            assert area.y >= 6.5 - 1e-9 and area.y + area.height <= sheet.paper.height - 6.5 + 1e-9
        for a, b in itertools.combinations(areas, 2):
            assert not _overlap(a, b)


def _outside_every_card(sheet: Sheet) -> None:
    """No crop mark enters a card's printed area."""
    printed = [slot.printed for slot in sheet.slots()]
    for mark in sheet.crop_marks():
        line = Rect(
            min(mark.x1, mark.x2),
            min(mark.y1, mark.y2),
            abs(mark.x2 - mark.x1),
            abs(mark.y2 - mark.y1),
        )
        for area in printed:
            assert not _overlap(line, area), (mark, area)


def _overlap(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share more than an edge."""
    eps = 1e-9
    return (
        a.x < b.x + b.width - eps
        and b.x < a.x + a.width - eps
        and a.y < b.y + b.height - eps
        and b.y < a.y + a.height - eps
    )


def _right(band: Band) -> float:
    return band.printed.x + band.printed.width


def test_units() -> None:
    assert pt(25.4) == pytest.approx(72)
    assert pt(210) == pytest.approx(595.2756, abs=1e-4)
    assert Paper("x", 1, 2).height == 2


def test_cards_whose_cut_line_curves_get_cut_guides() -> None:
    token = fit_grid(PAPERS["a4"], CardSize(25, 25, shape="circle"))
    assert (token.columns, token.rows) == (7, 11)  # (210 - 13) // 25, (297 - 13) // 25
    (sheet,) = plan(PAPERS["a4"], [Run(token.card, 3)])
    assert sheet.cut_guides() == [(token.card, token.front(i)) for i in range(3)]
    poker = fit_grid(PAPERS["a4"], POKER)
    (sheet,) = plan(PAPERS["a4"], [Run(POKER, 2)])
    assert sheet.cut_guides() == [(POKER, poker.front(0)), (POKER, poker.front(1))]
    for straight in (CardSize(63, 88, shape="rectangle"), CardSize(63, 88, corner_radius=0)):
        assert plan(PAPERS["a4"], [Run(straight, 9)])[0].cut_guides() == []


def test_a_rounded_outline_is_closed_and_clockwise() -> None:
    pieces = card_outline(CardSize(63, 88, corner_radius=3))
    assert [type(piece) for piece in pieces] == [Arc, Edge] * 4
    ends = [_ends(piece) for piece in pieces]
    for this, following in zip(ends, ends[1:] + ends[:1], strict=True):
        assert this[2:] == pytest.approx(following[:2], abs=1e-9)
    corners = [(piece.cx, piece.cy, piece.radius) for piece in pieces if isinstance(piece, Arc)]
    assert corners == [(3, 3, 3), (60, 3, 3), (60, 85, 3), (3, 85, 3)]
    assert ends[0] == pytest.approx((0, 3, 3, 0))  # the top-left corner, from the left edge


def test_outlines_of_circles_and_rectangles() -> None:
    (circle,) = card_outline(CardSize(30, 30, shape="circle"))
    assert circle == Arc(15, 15, 15, 0, 2 * math.pi)
    square = card_outline(CardSize(20, 10, shape="rectangle"))
    assert square == (
        Edge(0, 0, 20, 0),
        Edge(20, 0, 20, 10),
        Edge(20, 10, 0, 10),
        Edge(0, 10, 0, 0),
    )
    assert curves(CardSize(20, 10, shape="rectangle")) == ()


def test_the_safe_area_keeps_its_distance_round_the_corners() -> None:
    poker = CardSize(63, 88)  # radius 3 = the safe margin: the safe area has square corners
    assert distance_outside(poker, 31.5, 44, 3) == pytest.approx(-28.5)
    assert distance_outside(poker, 3, 3, 3) == pytest.approx(0)
    assert distance_outside(poker, 1, 44, 3) == pytest.approx(2)
    round_cornered = CardSize(63, 88, corner_radius=10)  # its safe area rounds with radius 7
    assert distance_outside(round_cornered, 3, 3, 3) == pytest.approx(math.hypot(7, 7) - 7)
    disc = CardSize(30, 30, shape="circle")
    assert distance_outside(disc, 15, 1, 3) == pytest.approx(2)


def _ends(piece: Edge | Arc) -> tuple[float, float, float, float]:
    """Where a piece starts and ends: x1, y1, x2, y2."""
    if isinstance(piece, Edge):
        return piece.x1, piece.y1, piece.x2, piece.y2
    cos, sin = math.cos, math.sin
    r, start, end = piece.radius, piece.start, piece.end
    return (
        piece.cx + r * cos(start),
        piece.cy + r * sin(start),
        piece.cx + r * cos(end),
        piece.cy + r * sin(end),
    )


def test_a_sheet_prints_the_rounded_corners_where_the_cards_are_cut() -> None:
    """The guides read back from the PDF: per card four quarter circles of the corner radius,
    each from the trim's side to its top or bottom edge, in mm on the page."""
    card = CardSize(63, 88, corner_radius=4)
    grid = fit_grid(PAPERS["a4"], card)
    (sheet,) = plan(PAPERS["a4"], [Run(card, 2)])
    arcs = list(dict.fromkeys(pdf.curves(marks(PAPERS["a4"], guides=tuple(sheet.cut_guides())))))
    expected = []
    for slot in (0, 1):
        t = grid.front(slot)
        left, top, right, bottom = t.x, t.y, t.x + t.width, t.y + t.height
        expected += [
            (left, top + 4, left + 4, top),
            (right - 4, top, right, top + 4),
            (right, bottom - 4, right - 4, bottom),
            (left + 4, bottom, left, bottom - 4),
        ]
    assert len(arcs) == len(expected)
    for arc, ends in zip(arcs, expected, strict=True):
        assert arc == pytest.approx(ends, abs=0.01)
