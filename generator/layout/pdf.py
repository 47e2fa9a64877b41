"""What a sheet prints besides its cards: crop marks and cut guides, as a page drawn over them.

Crop marks sit in the margin, on every cut line of the slots in use; cut guides trace, over the
fronts, the curves of a cut line no crop mark can show (a round card, rounded corners). They are
drawn by cairo into a one-page PDF the size of the paper, which
:class:`~generator.layout.compose.Book` places over the faces of every sheet that has the same
grid. Dates in the files are fixed (cairo would otherwise stamp the current time), so the same
build gives byte-identical PDFs.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterable

import cairocffi

from generator import __version__
from generator.layout.compose import Metadata
from generator.layout.imposition import Grid, Rect
from generator.layout.outline import curves
from generator.layout.sizes import Paper, pt
from generator.versions import FIXED_DATE, build_date


def metadata(title: str) -> Metadata:
    """What every PDF we write says of itself: its title, ``pnp`` and the build date."""
    return Metadata(title, f"pnp {__version__}", build_date())


@functools.lru_cache(maxsize=64)
def marks(grid: Grid, guides: tuple[Rect, ...] = ()) -> bytes:
    """A page of ``grid``'s paper with its crop marks and the curves of the cut line of each
    card at ``guides`` (see :meth:`Grid.cut_guides`)."""
    return drawn_page(grid.paper, lambda context: _draw_marks(context, grid, guides))


def drawn_page(paper: Paper, draw: Callable[[cairocffi.Context], None]) -> bytes:
    """A one-page PDF of ``paper`` that ``draw`` paints with cairo (in points, from the top-left
    corner), with fixed dates: the same drawing gives the same bytes."""
    output = io.BytesIO()
    surface = cairocffi.PDFSurface(output, pt(paper.width), pt(paper.height))
    for key in (cairocffi.PDF_METADATA_CREATE_DATE, cairocffi.PDF_METADATA_MOD_DATE):
        surface.set_metadata(key, FIXED_DATE)
    draw(cairocffi.Context(surface))
    surface.finish()
    return output.getvalue()


def _draw_marks(context: cairocffi.Context, grid: Grid, guides: Iterable[Rect]) -> None:
    context.set_source_rgb(0, 0, 0)
    context.set_line_width(grid.style.mark_width_pt)
    for line in grid.crop_marks():
        context.move_to(pt(line.x1), pt(line.y1))
        context.line_to(pt(line.x2), pt(line.y2))
    context.stroke()
    for trim in guides:
        for arc in curves(grid.card):
            context.new_sub_path()
            centre_x, centre_y = pt(trim.x + arc.cx), pt(trim.y + arc.cy)
            context.arc(centre_x, centre_y, pt(arc.radius), arc.start, arc.end)
    # a guide runs over the card's own art: black on a white line shows on any ground
    context.set_source_rgb(1, 1, 1)
    context.set_line_width(3 * grid.style.mark_width_pt)
    context.stroke_preserve()
    context.set_source_rgb(0, 0, 0)
    context.set_line_width(grid.style.mark_width_pt)
    context.stroke()
