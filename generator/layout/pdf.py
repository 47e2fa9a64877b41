"""Assemble stage: sheets of cards on PDF pages of exactly the paper size.

Every front sheet is followed by its back sheet. Pages carry crop marks, fronts their cut guides;
metadata dates are fixed (cairo would otherwise stamp the current time), so the same build gives
byte-identical PDFs.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable
from typing import BinaryIO

import cairocffi

from generator import __version__
from generator.layout.imposition import Grid, Rect
from generator.layout.outline import curves
from generator.layout.sizes import Paper, pt

FIXED_DATE = "2000-01-01T00:00:00Z"


def build_date() -> str:
    """SOURCE_DATE_EPOCH if the packager set one (reproducible-builds.org), else a fixed date."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch.isdigit():
        return FIXED_DATE
    moment = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class PdfBook:
    """One PDF file of card sheets; used as a context manager, it finishes the file even when
    drawing failed, so cairo never writes to the stream after the writer has closed it."""

    def __init__(self, stream: BinaryIO, paper: Paper, title: str) -> None:
        self.paper = paper
        self.surface = cairocffi.PDFSurface(stream, pt(paper.width), pt(paper.height))
        for key, value in (
            (cairocffi.PDF_METADATA_TITLE, title),
            (cairocffi.PDF_METADATA_CREATOR, f"pnp {__version__}"),
            (cairocffi.PDF_METADATA_CREATE_DATE, build_date()),
            (cairocffi.PDF_METADATA_MOD_DATE, build_date()),
        ):
            self.surface.set_metadata(key, value)
        self.pages = 0

    def finish_page(self, grid: Grid, guides: Iterable[Rect] = ()) -> None:
        """Draw the crop marks, and the curves of the cut line of each card at ``guides`` (a
        round card's circle, rounded corners: see :meth:`Grid.cut_guides`), and start a new
        page."""
        context = cairocffi.Context(self.surface)
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
        self.surface.show_page()
        self.pages += 1

    def finish_plain_page(self) -> None:
        """Start a new page after a full-page drawing that needs no crop marks (a handout)."""
        self.surface.show_page()
        self.pages += 1

    def finish(self) -> None:
        """Write the end of the file (idempotent: cairo ignores a second finish)."""
        self.surface.finish()

    def __enter__(self) -> PdfBook:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.finish()
