"""Cards and pictograms as vector pictures in a reportlab page, drawn by the same templates and
the same cairo renderer as the printed cards.

reportlab cannot draw SVG, and a screenshot would blur in print. Each picture is drawn by cairo
into a one-page PDF of its trim size, placed as a form XObject at any size, as vectors with its
fonts embedded. reportlab cannot read a PDF page, so it lays the summary out with an empty form
in each picture's place, named after the picture, and places it as it would the picture
(moved, turned, scaled, drawn in its turn, under what is drawn after it). pikepdf, which writes
the card sheets the same way, then puts the picture's own page in place of each empty form
(:func:`drawn_in`): reportlab's layout is left exactly as it was, and one PDF library reads
and writes PDF.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

import pikepdf
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.geometry.sizes import pt
from generator.layout.compose import page_forms, write_pdf
from generator.render import draw
from generator.rulebook.content import Picture
from generator.runtime.folders import Templates

Painter = Callable[[str, float, float, Templates], bytes]
"""What draws a picture: SVG, width and height (mm), template folder -> a one-page PDF."""


@lru_cache(maxsize=512)
def _page(svg: str, width: float, height: float, folder: Templates) -> bytes:
    """One picture as a PDF page of ``width`` x ``height`` mm, showing the SVG's (0, 0) corner
    onward: a card's trim box, without its bleed."""
    return draw.pdf(svg, width, height, folder)


_painter: list[Painter] = [_page]


@contextlib.contextmanager
def painted_by(painter: Painter) -> Iterator[None]:
    """Draw the pictures of the summaries written meanwhile through ``painter`` (the build's
    cache of drawn faces: a pictogram without words is drawn once for every language)."""
    _painter.append(painter)
    try:
        yield
    finally:
        _painter.pop()


PLACEHOLDER = re.compile(r"picture-[0-9a-f]{24}$")
"""The end of the name of an empty form that stands for a picture (reportlab puts its own
prefix before the name it is given)."""


def _name(picture: Picture) -> str:
    """The placeholder's name: the same for every placement of one drawing, whatever its scale
    or turn. The template folder is left out: all the pictures of a summary share their game's."""
    drawn = f"{picture.width!r} {picture.height!r}\n{picture.svg}".encode()
    return f"picture-{hashlib.sha256(drawn).hexdigest()[:24]}"


def drawn_in(pdf: bytes, pictures: Iterable[Picture]) -> bytes:
    """``pdf``, a summary laid out by reportlab, with each placeholder replaced by its picture
    as cairo draws it (one of ``pictures``), written so that the same summary gives the same
    bytes."""
    wanted = {_name(picture): picture for picture in pictures}
    stream = io.BytesIO()
    with pikepdf.open(io.BytesIO(pdf)) as document, page_forms(document) as form:
        _fill(document, wanted, form)
        write_pdf(document, stream)
    return stream.getvalue()


def _fill(
    document: pikepdf.Pdf, wanted: dict[str, Picture], form: Callable[[bytes], pikepdf.Stream]
) -> None:
    """Put each drawing, once, in place of its placeholders. They are taken in their names'
    order: pikepdf gives a page's XObject names as a set, in an order of the process's own, and
    the file's objects are numbered in the order they are added."""
    forms: dict[str, pikepdf.Stream] = {}
    for page in document.pages:
        xobjects = page.obj.Resources.get("/XObject", pikepdf.Dictionary())
        for key in sorted(xobjects.keys()):
            found = PLACEHOLDER.search(key)
            if found is None:
                continue
            if found.group() not in forms:
                forms[found.group()] = _drawn(wanted[found.group()], form)
            xobjects[key] = forms[found.group()]


def _drawn(picture: Picture, form: Callable[[bytes], pikepdf.Stream]) -> pikepdf.Stream:
    """``picture`` as cairo draws it, a form drawn straight onto the page like the text round
    it. cairo marks its page a transparency group, which a viewer renders apart and then blends
    in, shading the picture's edges unlike the cards' own print."""
    drawn = form(_painter[-1](picture.svg, picture.width, picture.height, picture.folder))
    if "/Group" in drawn:
        del drawn["/Group"]
    return drawn


class PictureFlowable(Flowable):
    """A picture placed in the text flow at its printed size."""

    def __init__(self, picture: Picture) -> None:
        super().__init__()
        self.picture = picture
        self.width = pt(picture.shown_width)
        self.height = pt(picture.shown_height)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        place(self.canv, self.picture, 0, 0)


class Beside(Flowable):
    """Pictures side by side at their printed sizes, ``gap`` points apart, bottoms level: the
    two sides of one piece."""

    def __init__(self, pictures: tuple[Picture, ...], gap: float) -> None:
        super().__init__()
        self.pictures = pictures
        self.gap = gap
        self.width = sum(pt(p.shown_width) for p in pictures) + gap * (len(pictures) - 1)
        self.height = max(pt(p.shown_height) for p in pictures)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        x = 0.0
        for picture in self.pictures:
            place(self.canv, picture, x, 0)
            x += pt(picture.shown_width) + self.gap


def place(canvas: Canvas, picture: Picture, x: float, y: float) -> None:
    """Place ``picture`` with its lower left corner at (x, y) points, turned about its centre
    if it is turned: its form, empty until :func:`drawn_in` puts the drawing in it."""
    name = _name(picture)
    if not canvas.hasForm(name):
        canvas.beginForm(name)
        canvas.endForm()  # empty: drawn_in puts the picture in it
    canvas.saveState()
    canvas.translate(x, y)
    if picture.turns % 4:
        canvas.translate(pt(picture.shown_width) / 2, pt(picture.shown_height) / 2)
        canvas.rotate(-90 * (picture.turns % 4))  # the page's y axis points up: minus is clockwise
        canvas.translate(
            -pt(picture.width * picture.scale) / 2, -pt(picture.height * picture.scale) / 2
        )
    canvas.scale(picture.scale, picture.scale)
    canvas.doForm(name)
    canvas.restoreState()
