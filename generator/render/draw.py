"""Render stage, part two: SVG text to vector drawing, or to PNG.

A face is drawn once, alone, onto a one-page PDF of its whole SVG (:func:`face`); the assembler
places that page on every slot that prints it (:mod:`generator.layout.compose`). Every file a
template names is fetched through :class:`~generator.render.assets.Fetcher`, which reads only
the template folders.
"""

from __future__ import annotations

import contextlib
import functools
import io
import re
from collections.abc import Iterator

import cairocffi
import cairosvg.parser
import cairosvg.surface

from generator.geometry.shapes import Rect
from generator.geometry.sizes import pt
from generator.problems import DrawError
from generator.render import textrun
from generator.render.art import FaceArt, Selection
from generator.render.assets import DrawnFiles, Fetcher, base_url
from generator.render.drawcost import draw_cost_problem
from generator.render.fonts import SHIPPED_FONTS, use_project_fonts
from generator.render.ink import measured
from generator.runtime.folders import Templates
from generator.runtime.versions import FIXED_DATE

PNG_DPI = 300


def parse(svg: str, folder: Templates, fetch: Fetcher | None = None) -> cairosvg.parser.Tree:
    """The SVG of a face drawn from a template in ``folder``, parsed for drawing with ``fetch``
    reading its files (a new :class:`Fetcher` if none); one that would take too long to draw
    is a :class:`DrawError` before cairosvg starts (see :mod:`generator.render.drawcost`)."""
    problem = draw_cost_problem(svg, DrawnFiles(folder), base_url(folder))
    if problem is not None:
        raise DrawError(problem)
    _settle_fonts()
    try:
        return cairosvg.parser.Tree(
            bytestring=svg.encode(), url_fetcher=fetch or Fetcher(folder), url=base_url(folder)
        )
    except DrawError:
        raise
    except Exception as error:  # cairosvg reading a stranger's SVG: any failure is the SVG's
        raise DrawError(f"cairosvg cannot read the SVG: {type(error).__name__}: {error}") from None


def png(
    svg: str,
    folder: Templates,
    dpi: float = PNG_DPI,
    pixels: tuple[int, int] | None = None,
    fetch: Fetcher | None = None,
) -> bytes:
    """A whole card with its full bleed as PNG at ``dpi``, or scaled to exactly ``pixels``
    (a print shop's image size: its trim and bleed at its dpi, to the pixel)."""
    output = io.BytesIO()
    tree = parse(svg, folder, fetch)
    width, height = pixels or (None, None)
    with _drawing():
        surface = textrun.PNGSurface(tree, output, dpi, output_width=width, output_height=height)
        surface.finish()
    return output.getvalue()


def screen_svg(svg: str, folder: Templates, fetch: Fetcher | None = None) -> bytes:
    """A whole card with its full bleed as SVG drawn by cairo: what prints, for a browser to
    show (the live preview). Nothing of the template's SVG is copied through: cairo writes
    shapes, its text as outlines of the project's fonts and its images as data, so the result
    runs no script, loads no font and fetches nothing, whatever the template held."""
    tree = parse(svg, folder, fetch)
    output = io.BytesIO()
    with _drawing():
        textrun.SVGSurface(tree, output, 96).finish()
    return output.getvalue()


def face(svg: str, folder: Templates, fetch: Fetcher | None = None) -> FaceArt:
    """A face drawn alone, its whole SVG (a card with its full bleed) on a one-page PDF, for a
    :class:`~generator.layout.compose.Book` to place on every slot that prints it; measured
    for ink once, here (its raster)."""
    tree = parse(svg, folder, fetch)
    output = io.BytesIO()
    with _drawing():
        surface = textrun.PDFSurface(tree, output, 96)
        box = Rect(*_view_box(surface, tree))
        _fix_dates(surface.cairo)
        surface.finish()
    pdf = output.getvalue()
    return FaceArt(pdf, box, measured(pdf, box), font_bases(_selections(tree)))


def _view_box(surface: cairosvg.surface.Surface, tree: cairosvg.parser.Tree) -> tuple[float, ...]:
    """The rectangle of the card's own millimetres the drawn page covers: the SVG's viewBox,
    or its size from (0, 0)."""
    box = tree.get("viewBox")
    if box:
        return tuple(float(n) for n in box.replace(",", " ").split())
    return (0.0, 0.0, surface.width / pt(1), surface.height / pt(1))


def _fix_dates(surface: cairocffi.PDFSurface) -> None:
    """cairo stamps the time of drawing; a cached face must not depend on when it was drawn."""
    surface.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairocffi.PDF_METADATA_MOD_DATE, FIXED_DATE)


def _selections(tree: cairosvg.parser.Node) -> set[Selection]:
    """The fonts cairosvg will ask cairo for to draw the text of ``tree``."""
    found = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.tag in ("text", "tspan", "textPath"):
            found.add(textrun.selection(node))
    return found


def font_bases(selections: set[Selection]) -> dict[str, Selection]:
    """The PostScript name of the font each selection gives, as a PDF names it."""
    return {_font_base(selection): selection for selection in sorted(selections)}


@functools.lru_cache(maxsize=64)
def _font_base(selection: Selection) -> str:
    """Ask cairo: draw one letter in the selection and read the font's name from the PDF."""
    _settle_fonts()
    output = io.BytesIO()
    surface = cairocffi.PDFSurface(output, 10, 10)
    context = cairocffi.Context(surface)
    context.select_font_face(*selection)
    context.show_text("a")
    surface.finish()
    found = re.search(rb"/BaseFont /(?:[A-Z]{6}\+)?([^\s/<>\[\]()]+)", output.getvalue())
    return found.group(1).decode() if found else ""


@functools.lru_cache(maxsize=1)
def _settle_fonts() -> None:
    """Draw a letter onto a PDF surface, once per process, before anything else is drawn.

    cairo 1.16 keeps the font options of the first surface that draws text, for every font
    after: a PNG face's text came out a little differently in a process that had drawn a PDF
    before, and a PDF face's text in one that had drawn a PNG. A build draws in several
    processes and takes faces from a cache that other processes filled; settling every
    process the same way makes a face the same bytes wherever and whenever it is drawn."""
    use_project_fonts()
    surface = cairocffi.PDFSurface(None, 10, 10)
    context = cairocffi.Context(surface)
    for font in SHIPPED_FONTS:
        context.select_font_face(font.family, 0, 1 if font.weight == "bold" else 0)
        context.show_text("a")
    surface.finish()


def pdf(
    svg: str, width: float, height: float, folder: Templates, fetch: Fetcher | None = None
) -> bytes:
    """The part (0, 0) to (``width``, ``height``) mm of an SVG as a one-page vector PDF."""
    tree = parse(svg, folder, fetch)
    tree["width"], tree["height"] = f"{width}mm", f"{height}mm"
    tree["viewBox"] = f"0 0 {width} {height}"
    output = io.BytesIO()
    with _drawing():
        textrun.PDFSurface(tree, output, 96).finish()
    return output.getvalue()


@contextlib.contextmanager
def _drawing() -> Iterator[None]:
    """cairosvg drawing a stranger's SVG: any failure is a :class:`DrawError` about the SVG."""
    try:
        yield
    except DrawError:
        raise
    except Exception as error:
        raise DrawError(f"cairosvg cannot draw it: {type(error).__name__}: {error}") from None
