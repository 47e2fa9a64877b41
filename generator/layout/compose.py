"""Assemble stage: PDF files whose pages place faces that were each drawn once.

A face (a card's front or back, a handout page) is drawn alone into a one-page PDF, its
:class:`~generator.render.art.FaceArt` (the render stage's), which can be cached and drawn on
any core. A :class:`Book` turns each face it is given into a PDF form XObject and places it on
every slot that prints it, clipped to the part the slot shows: a common back printed on 200
slots is stored once. Drawing on top, an overlay page (crop marks, cut guides) is placed the
same way. The fonts of all faces become one subset per font for the file
(:mod:`generator.layout.fontmerge`).

Placing forms is plain PDF that every viewer and RIP draws; it replaces painting a cairo
recording into each slot, which cairo 1.16 wrote so that some slots came out blank.

The file is written by qpdf (pikepdf) with a fixed document id and fixed dates: the same pages
give the same bytes, whatever order or process their faces were drawn in.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

import pikepdf

from generator.geometry.shapes import Rect
from generator.geometry.sizes import pt
from generator.layout.fontmerge import FaceFonts, characters_of, file_fonts, use_file_fonts
from generator.render import ink
from generator.render.art import FaceArt, Selection
from generator.runtime.ink import PageInk


@dataclass(frozen=True)
class Placement:
    """Face ``face`` (a key given to :meth:`Book.add_face`) on a page: the part ``shows`` of
    the card (its own mm) fills ``at`` (mm from the page's top-left corner)."""

    face: str
    at: Rect
    shows: Rect


@dataclass
class Page:
    """A page of ``width`` x ``height`` mm: faces, then overlay PDF pages drawn over them in
    order, everything moved by ``shift`` (mm right and down: a back page corrected for a
    printer's offset).

    A page that is one card with its bleed says where the shop cuts it: ``trim`` (mm from the
    top-left corner) becomes its ``/TrimBox``, and the whole page, which is all bleed around
    it, its ``/BleedBox``. A sheet of cards has no one trim (its paper is what it is), so it
    has none."""

    width: float
    height: float
    placements: list[Placement] = field(default_factory=list)
    overlays: tuple[bytes, ...] = ()
    shift: tuple[float, float] = (0.0, 0.0)
    trim: Rect | None = None


@dataclass(frozen=True)
class Metadata:
    title: str
    creator: str
    date: str
    """ISO 8601, UTC (``2000-01-01T00:00:00Z``)."""


class Book:
    """A PDF file of :class:`Page` s, written by :meth:`save`."""

    def __init__(self, metadata: Metadata) -> None:
        self.metadata = metadata
        self.faces: dict[str, FaceArt] = {}
        self.pages: list[Page] = []

    def add_face(self, key: str, art: FaceArt) -> None:
        self.faces.setdefault(key, art)

    def add_page(self, page: Page) -> None:
        missing = [p.face for p in page.placements if p.face not in self.faces]
        if missing:
            raise KeyError(f"no face {missing[0]!r} was added to the book")
        self.pages.append(page)

    def ink(self) -> tuple[PageInk, ...]:
        """The ink of each page, from the rasters of the faces it places where it places them
        (:func:`generator.render.ink.composite`). The overlays are left out: crop marks, cut
        guides, fold lines and a cutter's registration marks are hairlines and a few small
        squares, a fraction of a per cent of a page."""
        return tuple(
            ink.figures(
                ink.composite(
                    page.width,
                    page.height,
                    [(self.faces[p.face].raster, p.at, p.shows) for p in page.placements],
                    page.shift,
                )
            )
            for page in self.pages
        )

    def save(self, stream: BinaryIO) -> int:
        """Write the file; its number of pages."""
        with pikepdf.new() as out, page_forms(out) as form:
            forms = {key: form(art.pdf) for key, art in self.faces.items()}
            overlays: dict[bytes, pikepdf.Stream] = {}
            for page in self.pages:
                for overlay in page.overlays:
                    if overlay not in overlays:
                        overlays[overlay] = form(overlay)
            _one_set_of_fonts(out, [*forms.values(), *overlays.values()], self.faces.values())
            for page in self.pages:
                self._page(out, page, forms, [overlays[o] for o in page.overlays])
            _describe(out, self.metadata)
            write_pdf(out, stream)
        return len(self.pages)

    def _page(
        self,
        out: pikepdf.Pdf,
        page: Page,
        forms: dict[str, pikepdf.Stream],
        overlays: list[pikepdf.Stream],
    ) -> None:
        names: dict[str, str] = {}
        xobjects = pikepdf.Dictionary()
        lines = []
        if page.shift != (0.0, 0.0):
            lines.append(f"q 1 0 0 1 {_numbers([pt(page.shift[0]), -pt(page.shift[1])])} cm")
        for placement in page.placements:
            name = names.setdefault(placement.face, f"/F{len(names)}")
            xobjects[name] = forms[placement.face]
            lines.append(self._placed(page, placement, name))
        for number, overlay in enumerate(overlays):
            xobjects[f"/Marks{number}"] = overlay
            lines.append(f"q /Marks{number} Do Q")
        if page.shift != (0.0, 0.0):
            lines.append("Q")
        added = out.add_blank_page(page_size=(pt(page.width), pt(page.height)))
        added.Resources = pikepdf.Dictionary(XObject=xobjects)
        added.Contents = out.make_stream("\n".join(lines).encode())
        if page.trim is not None:
            added.BleedBox = added.MediaBox
            added.TrimBox = pikepdf.Array(_box(page.trim, page.height))

    def _placed(self, page: Page, placement: Placement, name: str) -> str:
        """Clip to the slot, then move the face so the card's own (0, 0) lands where the slot
        puts it (PDF counts from the page's bottom-left corner, in points), scaled when the
        slot is larger or smaller than the part it shows (a proof sheet's faces; a printed
        card is always 1:1, and its numbers are the same as if there were no scale)."""
        at, shows, box = placement.at, placement.shows, self.faces[placement.face].box
        across, down = at.width / shows.width, at.height / shows.height
        clip = [pt(at.x), pt(page.height - at.y - at.height), pt(at.width), pt(at.height)]
        left = at.x - shows.x * across + box.x * across
        bottom = at.y - shows.y * down + box.y * down + box.height * down
        move = [across, 0.0, 0.0, down, pt(left), pt(page.height - bottom)]
        return f"q {_numbers(clip)} re W n {_numbers(move)} cm {name} Do Q"


@contextlib.contextmanager
def page_forms(out: pikepdf.Pdf) -> Iterator[Callable[[bytes], pikepdf.Stream]]:
    """``form(pdf)``: the first page of ``pdf`` as a form XObject of ``out``. qpdf copies stream
    data when ``out`` is written, so each source stays open until the block ends."""
    sources: list[pikepdf.Pdf] = []

    def form(pdf: bytes) -> pikepdf.Stream:
        source = pikepdf.open(io.BytesIO(pdf))
        sources.append(source)
        copied = out.copy_foreign(source.pages[0].as_form_xobject())
        assert isinstance(copied, pikepdf.Stream)
        return copied

    try:
        yield form
    finally:
        for source in sources:
            source.close()


def write_pdf(out: pikepdf.Pdf, stream: BinaryIO) -> None:
    """Write ``out`` with a document id made from its content, its objects packed into object
    streams: the same pages give the same bytes."""
    out.save(
        stream,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
    )


def _one_set_of_fonts(
    out: pikepdf.Pdf, forms: list[pikepdf.Stream], faces: Iterable[FaceArt]
) -> None:
    selections: dict[str, Selection] = {}
    for art in faces:
        selections.update(art.fonts)
    read = FaceFonts()
    fonts = file_fonts(out, characters_of(forms, read), selections)
    for form in forms:
        use_file_fonts(form, fonts, read)


def _describe(out: pikepdf.Pdf, metadata: Metadata) -> None:
    date = "D:" + "".join(c for c in metadata.date if c.isdigit()) + "Z"
    out.docinfo["/Title"] = metadata.title
    out.docinfo["/Creator"] = metadata.creator
    out.docinfo["/Producer"] = metadata.creator
    out.docinfo["/CreationDate"] = date
    out.docinfo["/ModDate"] = date


def _box(rect: Rect, page_height: float) -> list[float]:
    """``rect`` (mm from the page's top-left corner) as a PDF box: points from the bottom-left,
    left, bottom, right, top, rounded as the content is (four decimals)."""
    bottom = page_height - rect.y - rect.height
    corners = [rect.x, bottom, rect.x + rect.width, bottom + rect.height]
    return [round(pt(value), 4) for value in corners]


def _numbers(values: list[float]) -> str:
    """Numbers as PDF writes them: at most four decimals, never ``-0``."""
    shown = (f"{value:.4f}".rstrip("0").rstrip(".") for value in values)
    return " ".join("0" if text in ("-0", "") else text for text in shown)
