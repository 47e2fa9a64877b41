"""One page of vector drawing as a PDF, the size of the paper, the same bytes every build.

Crop marks and registration marks are both drawn by cairo onto a page of their own that is
placed over the cards; the page, its size and its fixed dates are made here once, and so is the
way every such page draws in millimetres and writes in a shipped font.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import cairocffi

from generator.geometry.sizes import PT_PER_MM, Paper, pt
from generator.runtime.fontconfig import use_project_fonts
from generator.runtime.versions import FIXED_DATE


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


def in_millimetres(context: cairocffi.Context, family: str) -> None:
    """Draw in millimetres, in black, writing in a shipped font
    (:mod:`generator.runtime.fontconfig`) with its exact metrics: a word is as wide as the font
    says, at any size."""
    use_project_fonts()
    context.scale(PT_PER_MM, PT_PER_MM)
    context.set_source_rgb(0, 0, 0)
    context.select_font_face(family, cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_NORMAL)
    exact = cairocffi.FontOptions()
    exact.set_hint_metrics(cairocffi.HINT_METRICS_OFF)
    exact.set_hint_style(cairocffi.HINT_STYLE_NONE)
    context.set_font_options(exact)
