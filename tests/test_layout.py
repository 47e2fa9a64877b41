"""Sheet layout in millimetres: grid, bleed, crop marks, duplex mirroring."""

from __future__ import annotations

import pytest

from generator.layout.imposition import SheetStyle, fit_grid
from generator.layout.sizes import PAPERS, CardSize, Paper, pt

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


def test_round_cards_get_a_cut_outline_others_do_not() -> None:
    token = fit_grid(PAPERS["a4"], CardSize(25, 25, shape="circle"))
    assert (token.columns, token.rows) == (7, 11)  # (210 - 13) // 25, (297 - 13) // 25
    circles = token.cut_circles(3)
    assert circles == [token.front(0), token.front(1), token.front(2)]
    assert (circles[0].width, circles[0].height) == (25, 25)
    assert fit_grid(PAPERS["a4"], POKER).cut_circles(9) == []
