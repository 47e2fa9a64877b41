"""One page of vector drawing as a PDF, the size of the paper, the same bytes every build.

Crop marks and registration marks are both drawn by cairo onto a page of their own that is
placed over the cards; the page, its size and its fixed dates are made here once.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import cairocffi

from generator.layout.sizes import Paper, pt
from generator.versions import FIXED_DATE


def one_page(paper: Paper, draw: Callable[[cairocffi.Context], None]) -> bytes:
    """A one-page PDF of ``paper``'s size (in points) that ``draw`` paints; cairo would stamp
    the current time in it, so its dates are fixed and the same drawing gives the same bytes."""
    output = io.BytesIO()
    surface = cairocffi.PDFSurface(output, pt(paper.width), pt(paper.height))
    for key in (cairocffi.PDF_METADATA_CREATE_DATE, cairocffi.PDF_METADATA_MOD_DATE):
        surface.set_metadata(key, FIXED_DATE)
    draw(cairocffi.Context(surface))
    surface.finish()
    return output.getvalue()
