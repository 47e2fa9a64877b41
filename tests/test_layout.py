"""Sheet layout in millimetres: grid, bleed, crop marks, duplex mirroring."""

from __future__ import annotations

import math

import pytest

from generator.layout.imposition import SheetStyle, fit_grid
from generator.layout.outline import Arc, Edge, card_outline, curves, distance_outside
from generator.layout.pdf import marks
from generator.layout.sizes import PAPERS, CardSize, Paper, pt
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
        front, back = grid.front(index), grid.back(index, "long")
        # flipping over the long (vertical) edge maps x to 210 - x
        assert back.x == pytest.approx(210 - front.x - front.width)
        assert back.y == front.y
    assert grid.back(0, "long").x == pytest.approx(grid.front(2).x)


def test_short_edge_duplex_mirrors_rows() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    back, opposite = grid.back(1, "short"), grid.front(7)
    assert (back.x, back.y) == (opposite.x, pytest.approx(opposite.y))
    assert (back.width, back.height) == (63, 88)


def test_a_stack_fed_again_by_hand_is_turned_like_a_page_over_the_long_edge() -> None:
    """``--duplex none``: the user turns the printed stack over like a book's page, so the
    backs mirror columns, as a long-edge duplex printer's do (and as the calibration sheet
    expects)."""
    grid = fit_grid(PAPERS["a4"], POKER)
    back = grid.back(0, "none")
    assert (back.x, back.y) == (pytest.approx(210 - grid.left - 63), grid.top)


def test_crop_marks_are_outside_every_card_and_on_every_cut() -> None:
    grid = fit_grid(PAPERS["a4"], POKER)
    marks = grid.crop_marks()
    printed = [grid.with_bleed(grid.front(i)) for i in range(grid.per_sheet)]
    for mark in marks:
        for area in printed:  # a mark never enters a card's printed area
            inside_x = (
                area.x < min(mark.x1, mark.x2) and max(mark.x1, mark.x2) < area.x + area.width
            )
            inside_y = (
                area.y < min(mark.y1, mark.y2) and max(mark.y1, mark.y2) < area.y + area.height
            )
            assert not (inside_x and inside_y)
        assert min(mark.x1, mark.x2) >= 3.0 - 1e-9 and max(mark.x1, mark.x2) <= 207 + 1e-9
        assert min(mark.y1, mark.y2) >= 3.0 - 1e-9 and max(mark.y1, mark.y2) <= 294 + 1e-9
    cut_xs = {round(m.x1, 6) for m in marks if m.x1 == m.x2}
    expected = {round(grid.front(c).x + d, 6) for c in range(3) for d in (0, 63)}
    assert cut_xs == expected
    assert len(marks) == 2 * 2 * 3 + 2 * 2 * 3
    assert SheetStyle().mark_width_pt >= 0.25


def test_units() -> None:
    assert pt(25.4) == pytest.approx(72)
    assert pt(210) == pytest.approx(595.2756, abs=1e-4)
    assert Paper("x", 1, 2).height == 2


def test_cards_whose_cut_line_curves_get_cut_guides() -> None:
    token = fit_grid(PAPERS["a4"], CardSize(25, 25, shape="circle"))
    assert (token.columns, token.rows) == (7, 11)  # (210 - 13) // 25, (297 - 13) // 25
    assert token.cut_guides(3) == [token.front(0), token.front(1), token.front(2)]
    poker = fit_grid(PAPERS["a4"], POKER)
    assert poker.cut_guides(2) == [poker.front(0), poker.front(1)]
    for straight in (CardSize(63, 88, shape="rectangle"), CardSize(63, 88, corner_radius=0)):
        assert fit_grid(PAPERS["a4"], straight).cut_guides(9) == []


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
    grid = fit_grid(PAPERS["a4"], CardSize(63, 88, corner_radius=4))
    arcs = list(dict.fromkeys(pdf.curves(marks(grid, tuple(grid.cut_guides(2))))))
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
