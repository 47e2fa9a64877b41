"""Whether a summary can fit on so many pages at a density, told from its parts' heights, each
measured once, without laying it out.

Laying a summary out balances its columns by trying heights in turn, each try measuring the
column's flowables again; a summary whose last page is sparse was laid out again at every other
density until one saved or filled that page. Most of those layouts could never have been
kept: the text at that density is taller than the pages it would have to fit on. Stacked one
under the other, with the space between them, the parts are as tall as any layout makes them,
but for the space a column or a page break leaves out (at most one gap at each break) and for
the columns set side by side (two of them: half the height). That height is a floor, never an
estimate that may be too high, so a density it rules out is one the layout would have refused
too, and the summary comes out exactly as if every density had been laid out.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

UNBOUNDED = 0xFFFFFFF  # points: the height balanced columns measure their flowables in
ROUNDING = 1.0  # points: kept below the floor, for reportlab's own rounding of heights


@dataclass(frozen=True)
class Columns:
    """Flowables set in two columns that end level."""

    flowing: list[Flowable]


Part: TypeAlias = "Flowable | Columns"
"""A part of a summary's story: a flowable across the page, or a group of columns."""


@dataclass(frozen=True)
class Area:
    """The text area of a page, in points: the frame's width and height, and the gap between
    its two columns."""

    width: float
    height: float
    gutter: float

    @property
    def column(self) -> float:
        """The width of a column."""
        return (self.width - self.gutter) / 2


@dataclass(frozen=True)
class _Stack:
    """Flowables stacked one under the other: their height, with the space between each two,
    and the largest of those spaces."""

    height: float
    widest_gap: float


def may_fit(parts: Sequence[Part], area: Area, pages: int) -> bool:
    """Whether ``parts`` may fit on ``pages`` pages of ``area``: ``False`` only when their
    height, less every space the page and column breaks could leave out, is more than the
    pages hold."""
    canvas = Canvas(io.BytesIO())
    groups = [part.flowing for part in parts if isinstance(part, Columns)]
    across = [_stacked(run, area.width, canvas) for run in _runs_across(parts)]
    columns = [_stacked(group, area.column, canvas) for group in groups]
    # a group of columns on a page is two columns, and a group starts where the last ended:
    # each page breaks once across, and at most twice more for the columns of each group
    breaks_across = pages - 1
    breaks_down = 2 * pages + len(groups) - 2
    height = _least(across, breaks_across) + _least(columns, breaks_down) / 2
    return height - ROUNDING <= pages * area.height


def _runs_across(parts: Sequence[Part]) -> list[list[Flowable]]:
    """The flowables across the page, in runs that groups of columns part (a run's last
    flowable and the next run's first are not stacked together)."""
    runs: list[list[Flowable]] = [[]]
    for part in parts:
        if isinstance(part, Columns):
            runs.append([])
        else:
            runs[-1].append(part)
    return [run for run in runs if run]


def _stacked(flowables: list[Flowable], width: float, canvas: Canvas) -> _Stack:
    """``flowables`` measured at ``width`` and stacked: each space between two is the larger
    of the one's space after and the next's space before, as a frame and a column merge them."""
    heights = [flowable.wrapOn(canvas, width, UNBOUNDED)[1] for flowable in flowables]
    gaps = [
        max(above.getSpaceAfter(), below.getSpaceBefore())
        for above, below in itertools.pairwise(flowables)
    ]
    return _Stack(sum(heights) + sum(gaps), max(gaps, default=0.0))


def _least(stacks: list[_Stack], breaks: int) -> float:
    """The height ``stacks`` take at least when broken ``breaks`` times: each break leaves out
    at most one space."""
    widest = max((stack.widest_gap for stack in stacks), default=0.0)
    return max(sum(stack.height for stack in stacks) - breaks * widest, 0.0)
