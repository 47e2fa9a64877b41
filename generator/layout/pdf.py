"""What a sheet prints besides its cards: crop marks and cut guides, as a page drawn over them.

Crop marks sit in the margin, on every cut line of the slots in use; cut guides trace, over the
fronts, the curves of a cut line no crop mark can show (a round card, rounded corners); a dashed
line shows where a gutterfold sheet folds. They are drawn by cairo into a one-page PDF the size
of the paper, which :class:`~generator.layout.compose.Book` places over the faces of every
sheet that has the same layout. Dates in the files are fixed (cairo would otherwise stamp the
current time), so the same build gives byte-identical PDFs.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import cairocffi

from generator import __version__
from generator.geometry.imposition import SheetStyle
from generator.geometry.outline import curves
from generator.geometry.shapes import Line, Rect
from generator.geometry.sizes import CardSize, Paper, pt
from generator.layout.compose import Metadata
from generator.layout.drawing import one_page
from generator.runtime.versions import build_date

FOLD_DASH = 2.0
"""Millimetres of line, then of gap, along a fold: dashed, so it is not taken for a cut."""


def metadata(title: str) -> Metadata:
    """What every PDF we write says of itself: its title, ``pnp`` and the build date."""
    return Metadata(title, f"pnp {__version__}", build_date())


@functools.lru_cache(maxsize=64)
def marks(
    paper: Paper,
    lines: tuple[Line, ...] = (),
    guides: tuple[tuple[CardSize, Rect], ...] = (),
    folds: tuple[Line, ...] = (),
    width_pt: float = SheetStyle().mark_width_pt,
) -> bytes:
    """A page of ``paper`` with crop marks along ``lines``, the curves of the cut line of each
    card at ``guides`` (see :meth:`Sheet.cut_guides`) and dashed fold lines."""

    def draw(context: cairocffi.Context) -> None:
        context.set_line_width(width_pt)
        _stroke(context, lines)
        _draw_guides(context, guides, width_pt)
        context.set_dash([pt(FOLD_DASH), pt(FOLD_DASH)])
        _stroke(context, folds)

    return one_page(paper, draw)


def _stroke(context: cairocffi.Context, lines: Iterable[Line]) -> None:
    context.set_source_rgb(0, 0, 0)
    for line in lines:
        context.move_to(pt(line.x1), pt(line.y1))
        context.line_to(pt(line.x2), pt(line.y2))
    context.stroke()


def _draw_guides(
    context: cairocffi.Context, guides: Iterable[tuple[CardSize, Rect]], width_pt: float
) -> None:
    for card, trim in guides:
        for arc in curves(card):
            context.new_sub_path()
            centre_x, centre_y = pt(trim.x + arc.cx), pt(trim.y + arc.cy)
            context.arc(centre_x, centre_y, pt(arc.radius), arc.start, arc.end)
    # a guide runs over the card's own art: black on a white line shows on any ground
    context.set_source_rgb(1, 1, 1)
    context.set_line_width(3 * width_pt)
    context.stroke_preserve()
    context.set_source_rgb(0, 0, 0)
    context.set_line_width(width_pt)
    context.stroke()
