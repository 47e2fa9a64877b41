"""The ink of drawn faces and of the pages that place them, at :data:`~generator.runtime.ink.DPI`.

A face is measured once, as it is drawn: its one-page PDF rendered by pdfium into a small RGB
:class:`Raster` (:func:`measured`), kept in the cache with the face. A page's figures then
follow from the rasters of the faces it places, each pasted where it lands (:func:`composite`,
nearest pixel), on white paper: a page of cached faces costs no rendering, and a build whose
faces are all cached pays for its ink a few array operations per page.

The raster is the RGB rendering itself, not its two figures per pixel: both figures are
functions of a pixel's colour (its grey for the mean, the sum of its channels for the total
area coverage), so a page pasted together from faces' colours is measured exactly as a
rendering of that page would be, and three bytes a pixel hold the total coverage whole (0 to
765 steps), which one byte would not. A card's raster is 12 KB beside its PDF's 10 KB, kept
as it is: compressing it to 3 KB cost as much time again as rendering it at 20 dpi.

What is not made of faces (a rules summary written by reportlab) is rendered whole, page by
page (:func:`document_ink`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image

from generator.geometry.shapes import Rect
from generator.geometry.sizes import MM_PER_INCH, PT_PER_MM
from generator.problems import DrawError
from generator.runtime.ink import DPI, PageInk

PITCH = MM_PER_INCH / DPI
"""The side of a pixel, in mm."""
LUMINANCE = np.array([0.299, 0.587, 0.114])
"""Grey from red, green and blue, as ``pdftoppm -gray`` (poppler) computes it."""
MAX_SIDE = 4096
"""The most pixels a raster has a side (5.2 m of paper): a face larger is not measured
(:func:`measured`), and a cache entry that says more is not one of ours."""
WHITE = (255, 255, 255, 255)
FINER = 3
"""Pages are rendered at three times :data:`DPI` and averaged down to it. pdfium draws a line
at least a pixel wide and widens a rectangle to whole pixels: at 20 dpi a card front came out 3
points of coverage darker than it is (23 % for 20 %, as poppler reads it at 120 dpi), a sheet
of Gear & Piston's backs 7 points lighter (48 % for 55 %), 3 at 40 dpi; at 60 dpi every
shipped page reads within 1.5 points, for 1.4 ms a face instead of 1.0 (80 dpi: 0.8 points,
1.8 ms)."""


Pixels = npt.NDArray[np.uint8]
"""An RGB picture: rows, pixels, three channels."""
Placed = tuple["Raster", Rect, Rect]
"""A raster on a page: the part ``shows`` of its drawing (in the drawing's own mm) filling
``at`` (mm from the page's top-left corner), as :class:`~generator.layout.compose.Placement`
places a face."""


@dataclass(frozen=True)
class Raster:
    """A drawing rendered on white at :data:`DPI`: ``width`` x ``height`` pixels of
    :data:`PITCH` mm of the drawing's own units, row by row from the top, three bytes (red,
    green, blue) a pixel; its first pixel's corner at (``left``, ``top``) of the drawing."""

    left: float
    top: float
    width: int
    height: int
    rgb: bytes

    def pixels(self) -> Pixels:
        return np.frombuffer(self.rgb, np.uint8).reshape(self.height, self.width, 3)

    def ink(self) -> PageInk:
        """The figures of the whole drawing (a PNG face is one)."""
        return figures(self.pixels())

    @classmethod
    def unpacked(cls, left: float, top: float, width: int, height: int, data: bytes) -> Raster:
        """A ``width`` x ``height`` raster of the pixels at the start of ``data``, as the cache
        keeps them; ``ValueError`` for a size no raster has, or too few bytes for it."""
        sizes = (width, height)
        if any(type(side) is not int or not 0 < side <= MAX_SIDE for side in sizes):
            raise ValueError("not the size of a raster")
        if len(data) < width * height * 3:
            raise ValueError("fewer bytes than the pixels of a raster of that size")
        return cls(left, top, width, height, data[: width * height * 3])


def measured(pdf: bytes, box: Rect) -> Raster:
    """The first page of ``pdf``, a face drawn alone, rendered on white at :data:`DPI`; its
    first pixel at the corner of ``box``, the rectangle of the card's own millimetres the page
    covers (one a millimetre of the page, as a book places it). A page more than
    :data:`MAX_SIDE` pixels a side is refused, before it takes the memory of the machine: no
    printer takes a card of 5 m."""
    import pypdfium2  # here, not on import: a build that draws nothing new never loads it

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        sides = (page.get_width(), page.get_height())
        if any(_count(side / PT_PER_MM) > MAX_SIDE for side in sides):
            across, down = (f"{side / PT_PER_MM / 1000:.1f}" for side in sides)
            raise DrawError(f"a face of {across} x {down} m, larger than pnp prints")
        pixels = _rgb(page, DPI / 72)
    finally:
        document.close()
    height, width, _ = pixels.shape
    return Raster(box.x, box.y, width, height, pixels.tobytes())


def document_ink(pdf: bytes) -> tuple[PageInk, ...]:
    """The figures of every page of ``pdf``, each rendered whole."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return tuple(figures(_rgb(page, DPI / 72)) for page in document)
    finally:
        document.close()


def _rgb(page: Any, scale: float) -> Pixels:
    """A pdfium page at ``scale`` pixels per point, on white, as RGB: rendered :data:`FINER`
    times finer, then each square of pixels averaged into one (so a pixel is the share of it
    each colour covers). The last column and row of the fine rendering, partly off the page,
    repeat the ones before them: a face's edge is its bleed, which runs on to its neighbour's
    on a sheet, and is not to be taken for paper showing between them."""
    finer = scale * FINER
    bitmap = page.render(scale=finer, fill_color=WHITE, rev_byteorder=True)
    fine = np.array(bitmap.to_numpy(), dtype=np.uint8)
    across, down = (math.floor(side * finer) for side in (page.get_width(), page.get_height()))
    if 0 < across < fine.shape[1]:
        fine[:, across:] = fine[:, across - 1 : across]
    if 0 < down < fine.shape[0]:
        fine[down:] = fine[down - 1 : down]
    return np.asarray(Image.fromarray(fine).reduce(FINER), dtype=np.uint8)


def composite(
    width: float, height: float, placed: Iterable[Placed], shift: tuple[float, float] = (0, 0)
) -> Pixels:
    """A page of ``width`` x ``height`` mm at :data:`DPI`: white paper, each raster pasted in
    order over what is there, inside its ``at`` moved by ``shift`` (mm right and down), each
    page pixel showing the raster's pixel under its centre (:func:`_centres`). A raster is
    opaque over its whole box, what its face left transparent counting as paper: the faces a
    book places on one page do not overlap (a card's bleed ends where its neighbour's
    starts)."""
    page = np.full((_count(height), _count(width), 3), 255, np.uint8)
    for raster, at, shows in placed:
        rows, from_rows = _span(
            height,
            (at.y + shift[1], at.height),
            (shows.y, shows.height),
            (raster.top, raster.height),
        )
        columns, from_columns = _span(
            width,
            (at.x + shift[0], at.width),
            (shows.x, shows.width),
            (raster.left, raster.width),
        )
        page[rows, columns] = raster.pixels()[from_rows][:, from_columns]
    return page


def image_ink(image: Image.Image, dpi: float) -> PageInk:
    """The figures of an RGB image of ``dpi`` pixels per inch (an exported face or sheet),
    each pixel at :data:`DPI` the average of those it covers."""
    size = (max(1, round(image.width * DPI / dpi)), max(1, round(image.height * DPI / dpi)))
    small = image.convert("RGB").resize(size, Image.Resampling.BOX)
    return figures(np.asarray(small, dtype=np.uint8))


def part(raster: Raster, shows: Rect) -> PageInk:
    """The figures of the part ``shows`` of a raster's drawing (a card as it is cut)."""
    whole = Rect(0, 0, shows.width, shows.height)
    return figures(composite(shows.width, shows.height, [(raster, whole, shows)]))


def _count(mm: float) -> int:
    """The pixels across ``mm`` of paper, the last one partly off it (as poppler and pdfium
    render a page)."""
    return max(1, math.ceil(round(mm / PITCH, 6)))


def _centres(extent: float) -> npt.NDArray[np.float64]:
    """Where the pixels across ``extent`` mm of a page take their colour (mm): each at its
    centre, the last, partly off the page, at the middle of its part on it (as a page is
    rendered, :func:`_rgb`)."""
    count = _count(extent)
    centres = (np.arange(count, dtype=np.float64) + 0.5) * PITCH
    centres[-1] = ((count - 1) * PITCH + extent) / 2
    return centres


def _span(
    extent: float, slot: tuple[float, float], shown: tuple[float, float], raster: tuple[float, int]
) -> tuple[slice, npt.NDArray[np.intp]]:
    """Along one side of a page ``extent`` mm long, for a slot (its start and length, mm)
    showing a part of a drawing (its start and length in the drawing's mm) of which a raster
    holds pixels (the start of the first, and how many): the page's pixels that take their
    colour in the slot and on the raster, and the raster's pixel under each."""
    (start, length), (first, span), (origin, size) = slot, shown, raster
    centres = _centres(extent)
    inside = np.flatnonzero((centres >= start) & (centres < start + length))
    drawing = first + (centres[inside] - start) * (span / length)
    source = np.floor((drawing - origin) / PITCH).astype(np.intp)
    kept = np.flatnonzero((source >= 0) & (source < size))  # a run: the source only grows
    if not kept.size:
        return slice(0, 0), source[:0]
    return slice(inside[kept[0]], inside[kept[-1]] + 1), source[kept[0] : kept[-1] + 1]


def figures(pixels: Pixels) -> PageInk:
    """The mean coverage (1 - the mean grey) and the highest total area coverage (cyan,
    magenta and yellow as 1 - red, green and blue, no black) of an RGB picture, in per cent,
    to a tenth: finer than a 20 dpi measure can tell."""
    mean = 100 * (1 - float((pixels @ LUMINANCE).mean()) / 255)
    red, green, blue = (pixels[:, :, channel] for channel in range(3))
    lightest = red.astype(np.int32) + green + blue  # the least ink a pixel leaves out
    tac = 100 * (765 - int(lightest.min())) / 255
    return PageInk(round(mean, 1), round(tac, 1))
