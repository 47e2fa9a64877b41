"""Cards and pictograms as vector pictures in a reportlab page, drawn by the same templates and
the same cairo renderer as the printed cards.

reportlab cannot draw SVG, and a screenshot would blur in print. Each picture is drawn by cairo
into a one-page PDF of its trim size, which pdfrw turns into a form XObject the reportlab
canvas places like an image, at any size, as vectors with its fonts embedded.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import lru_cache

from pdfrw import PdfDict, PdfReader
from pdfrw.buildxobj import pagexobj
from pdfrw.toreportlab import makerl
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.folders import Templates
from generator.layout.sizes import pt
from generator.render import draw
from generator.rulebook.content import Picture

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


@lru_cache(maxsize=32)
def _form(data: bytes) -> PdfDict:
    return pagexobj(PdfReader(fdata=data).pages[0])


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
    """Draw ``picture`` with its lower left corner at (x, y) points, turned about its centre
    if it is turned."""
    data = _painter[-1](picture.svg, picture.width, picture.height, picture.folder)
    name = makerl(canvas, _form(data))
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
