"""Shops that take one PDF per deck (DriveThruCards): every card face on a page of its own, the
page its trim and bleed exactly, ``/TrimBox`` and ``/BleedBox`` saying which is which.

Each deck gives two files. ``<deck>.pdf`` is what pnp draws: RGB, vector, fonts embedded. The
shop prints CMYK from PDF/X-1a, so ``<deck>-pdfx1a.pdf`` is the same pages converted by
Ghostscript (a colour-managed conversion we do not write ourselves), with an output intent
naming the CMYK profile it converted to. Ghostscript is a program, not a Python package: where
it is missing, the RGB files are still made and the export says, once, how to install it.

A shop may limit the ink (DriveThruCards: 240 %, ``ink_limit`` in its table), which Ghostscript's
conversion does not: the converted file is then limited colour by colour
(:mod:`generator.export.inklimit`), and every page of the CMYK file is measured by Ghostscript
again; a page still over the limit is named in a note.

The order of the faces is the target's (``backs`` in its table): DriveThruCards wants card 1's
back, then its front, then card 2's back, and so on (its help pages, cited in its table).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pikepdf
from PIL import Image, ImageSequence

from generator.export.inklimit import limit_ink, page_ink, pages_over
from generator.export.job import ExportJob, ShopOutput
from generator.geometry.shapes import Rect
from generator.layout.compose import Book, Page, Placement
from generator.layout.pdf import metadata
from generator.model import Deck
from generator.runtime.ink import DPI, FRONT, PageInk
from generator.runtime.writer import OutputError, Written

PREFIX = Path(__file__).with_name("pdfx1a.ps")
"""What Ghostscript runs before the pages: the PDF/X-1a keys and the output intent."""

GHOSTSCRIPT_MISSING = (
    "the PDF/X-1a files (CMYK) need Ghostscript, which is not installed: "
    "apt install ghostscript, or brew install ghostscript; the RGB PDFs were made"
)

SECONDS_PER_PAGE = 5
"""How long Ghostscript may take per page before it is taken to hang (a page with transparency
is flattened at 720 dpi, about half a second on one core), on top of a minute to start."""

GHOSTSCRIPT_OPTIONS = (
    "-dSAFER",  # the PDF may read and write nothing but what it is given
    "-dBATCH",
    "-dNOPAUSE",
    "-dQUIET",
    "-sDEVICE=pdfwrite",
    "-dPDFX",
    "-dCompatibilityLevel=1.3",  # no transparency in PDF/X-1a: flattened where a page has any
    "-r720",  # the resolution a page with transparency is flattened at
    "-sColorConversionStrategy=CMYK",
    "-sProcessColorModel=DeviceCMYK",
    "-dAutoRotatePages=/None",  # a card whose text runs sideways stays upright
    "-dEmbedAllFonts=true",
    "-dAutoFilterColorImages=false",  # images lossless, at their own resolution
    "-dColorImageFilter=/FlateEncode",
    "-dDownsampleColorImages=false",
    "-dAutoFilterGrayImages=false",
    "-dGrayImageFilter=/FlateEncode",
    "-dDownsampleGrayImages=false",
)


class Pdf(ShopOutput):
    name = "print-shop PDFs"

    def write(self, job: ExportJob) -> list[Written]:
        ghostscript = shutil.which("gs")
        if ghostscript is None:
            job.notes.append(GHOSTSCRIPT_MISSING)
        written = []
        for deck in job.game.decks:
            product = job.products[deck.id]
            path = job.folder / job.target.file_name("rgb", deck.id, "", 0)
            rgb, book = io.BytesIO(), _book(job, deck)
            pages = book.save(rgb)
            job.writer.write_bytes(path, rgb.getvalue())
            sides = tuple(side for _ in deck.cards for side in _sides(job))
            what = f"{product.name} PDFs (RGB)"
            written.append(Written(path, what, pages, len(deck.cards), ink=book.ink(), sides=sides))
            if ghostscript is not None:
                path = job.folder / job.target.file_name("cmyk", deck.id, "", 0)
                limit = job.target.ink_limit
                cmyk = pdfx1a(rgb.getvalue(), pages, ghostscript, path.name, limit)
                job.writer.write_bytes(path, cmyk)
                ink = measure(cmyk, pages, ghostscript, path.name)
                if limit is not None:
                    job.notes.extend(_over_the_limit(job, path, ink, limit))
                kind = f"{product.name} PDF/X-1a files (CMYK)"
                written.append(Written(path, kind, pages, ink=ink))
        return written


def _over_the_limit(
    job: ExportJob, path: Path, ink: tuple[PageInk, ...], limit: float
) -> list[str]:
    """A note naming the pages of ``path`` that measure over the shop's ink ``limit`` (paint
    the limiter cannot reach), if any: the shop would refuse the file."""
    over = list(pages_over(ink, limit))
    if not over:
        return []
    most = max(ink[number - 1].tac for number in over)
    pages = ", ".join(str(number) for number in over[:NAMED_PAGES])
    more = f" and {len(over) - NAMED_PAGES} more" if len(over) > NAMED_PAGES else ""
    pages_carry = "pages {} carry" if len(over) > 1 else "page {} carries"
    return [
        f"{job.game.name}/{job.lang}/{path.name}: {pages_carry.format(pages + more)} up to "
        f"{most:.0f} % of ink, more than the {limit:g} % {job.target.name} prints"
    ]


NAMED_PAGES = 5
"""Pages a note names before it counts the rest (a deck's back repeats on every other page)."""


def _book(job: ExportJob, deck: Deck) -> Book:
    """One page per face, in the shop's order, each the card's trim with the target's bleed
    all round (the deck was laid out at that size)."""
    title = job.game.locales[job.lang].text("title") or job.game.id
    book = Book(metadata(f"{title}: {deck.id}"))
    size = deck.size
    page = Rect(0, 0, size.full_width, size.full_height)
    shows = Rect(-size.bleed, -size.bleed, size.full_width, size.full_height)
    trim = Rect(size.bleed, size.bleed, size.width, size.height)
    for key in _faces(job, deck):
        book.add_face(key, job.art(key))
        book.add_page(Page(page.width, page.height, [Placement(key, page, shows)], trim=trim))
    return book


def _faces(job: ExportJob, deck: Deck) -> Iterator[str]:
    """The faces of every card, card by card, each card's sides in the order the target's
    ``backs`` lists them (``back, front``): a common back is printed behind every card."""
    for card in deck.cards:
        for side in _sides(job):
            yield job.faces.front(deck, card) if side == FRONT else job.faces.back(deck, card)


def _sides(job: ExportJob) -> list[str]:
    """The sides of a card in the order the target prints them: ``back``, ``front``."""
    return [side.strip() for side in job.target.backs.split(",")]


def pdfx1a(
    rgb: bytes, pages: int, ghostscript: str, name: str, ink_limit: float | None = None
) -> bytes:
    """``rgb`` (of ``pages`` pages) as PDF/X-1a:2003, converted by Ghostscript in a folder of
    its own, its ink brought within ``ink_limit`` per cent if given; the same bytes for the
    same pages: Ghostscript stamps a new document id on every run, so the file is written again
    by qpdf with the id drawn from its content and the dates of ``rgb``."""
    with tempfile.TemporaryDirectory(prefix="pnp-pdfx-") as folder:
        source, converted = Path(folder) / "rgb.pdf", Path(folder) / "pdfx1a.pdf"
        source.write_bytes(_opaque(rgb))
        _ghostscript(ghostscript, GHOSTSCRIPT_OPTIONS, converted, [PREFIX, source], pages, name)
        return _settled(converted.read_bytes(), rgb, ink_limit)


MEASURE_OPTIONS = ("-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=tiff32nc")
"""Every page in CMYK, as Ghostscript prints it: no anti-aliasing (a pixel takes the colour
of what covers it, and a shape paints every pixel it touches, so nothing thin is thinned out),
overprint simulated as a press prints it."""


def measure(
    cmyk: bytes, pages: int, ghostscript: str, name: str, dpi: int = DPI
) -> tuple[PageInk, ...]:
    """The ink of every page of the CMYK file ``cmyk`` (named ``name``, of ``pages`` pages),
    rendered by Ghostscript at ``dpi`` (:func:`generator.export.inklimit.page_ink`)."""
    with tempfile.TemporaryDirectory(prefix="pnp-ink-") as folder:
        source, rendered = Path(folder) / "cmyk.pdf", Path(folder) / "cmyk.tif"
        source.write_bytes(cmyk)
        _ghostscript(ghostscript, (*MEASURE_OPTIONS, f"-r{dpi}"), rendered, [source], pages, name)
        with Image.open(rendered) as tiff:
            return tuple(page_ink(page) for page in ImageSequence.Iterator(tiff))


def _ghostscript(
    ghostscript: str,
    options: tuple[str, ...],
    output: Path,
    inputs: list[Path],
    pages: int,
    name: str,
) -> None:
    """Run Ghostscript with ``options`` on ``inputs`` (the last a PDF of ``pages`` pages) into
    ``output``; an :class:`OutputError` naming the file ``name`` it works for if it fails or
    hangs."""
    command = [
        ghostscript,
        *options,
        f"-sOutputFile={str(output).replace('%', '%%')}",  # % numbers pages to gs
        *(str(path) for path in inputs),
    ]
    try:
        run = subprocess.run(
            command,
            capture_output=True,
            timeout=60 + SECONDS_PER_PAGE * pages,
            env=_environment(),
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise OutputError(f"cannot make {name}: Ghostscript took too long") from None
    if run.returncode != 0 or not output.is_file():
        said = (run.stderr or run.stdout).decode(errors="replace").strip().splitlines()
        why = f": {said[0]}" if said else ""
        raise OutputError(f"cannot make {name}: Ghostscript failed{why}")


def _environment() -> dict[str, str]:
    """The environment without Ghostscript's own variables: ``GS_OPTIONS`` could add any option
    (``-dNOSAFER``), ``GS_LIB`` could put another prefix file in its place."""
    return {key: value for key, value in os.environ.items() if not key.startswith("GS_")}


def _opaque(rgb: bytes) -> bytes:
    """``rgb`` with the transparency groups taken off the faces that draw nothing transparent.

    cairo marks every page it draws as a transparency group, transparent or not, and the faces
    keep that mark as forms. A group whose every paint is opaque draws exactly as its content
    would without it; but to Ghostscript making a file without transparency (PDF/X-1a), a group
    is transparency, and it flattens the whole page into one image: text as pixels, fonts gone.
    Faces that do draw something transparent keep their group and are flattened, as they must
    be."""
    with pikepdf.open(io.BytesIO(rgb)) as document:
        forms: dict[tuple[int, int], pikepdf.Stream] = {}
        for page in document.pages:
            for xobject in page.Resources.get("/XObject", {}).values():
                forms.setdefault(xobject.objgen, xobject)
        for form in forms.values():
            reached = list(_reachable(form))
            if not any(_transparent(obj) for obj in reached):
                for obj in reached:
                    if isinstance(obj, pikepdf.Stream) and "/Group" in obj:
                        del obj["/Group"]
        output = io.BytesIO()
        document.save(output)
        return output.getvalue()


def _reachable(start: pikepdf.Object) -> Iterator[pikepdf.Dictionary | pikepdf.Stream]:
    """Every dictionary and stream ``start`` reaches through its resources (fonts' programs
    included: harmless), each once."""
    stack: list[object] = [start]
    seen = set()
    while stack:
        obj = stack.pop()
        if not isinstance(obj, (pikepdf.Array, pikepdf.Dictionary, pikepdf.Stream)):
            continue  # a number, a name, a string: reaches nothing
        if obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
        if isinstance(obj, pikepdf.Array):
            stack.extend(obj)
        else:
            yield obj
            stack.extend(value for key, value in obj.items() if key != "/Parent")


def _transparent(obj: pikepdf.Dictionary | pikepdf.Stream) -> bool:
    """Whether ``obj`` paints anything less than opaque: a graphics state with an alpha below 1,
    a soft mask or a blend mode, or an image with a soft mask."""
    alpha = any(float(obj.get(key, 1)) < 1 for key in ("/CA", "/ca"))
    mask = str(obj.get("/SMask", "/None")) != "/None"
    blend = str(obj.get("/BM", "/Normal")) not in ("/Normal", "/Compatible")
    return alpha or mask or blend or bool(obj.get("/SMaskInData", 0))


def _settled(converted: bytes, rgb: bytes, ink_limit: float | None) -> bytes:
    """Ghostscript's file written again by qpdf: its dates those of ``rgb`` (our build date),
    its id drawn from its content, its ink within ``ink_limit`` if given, nothing else changed
    (no object streams: PDF 1.3)."""
    with (
        pikepdf.open(io.BytesIO(rgb)) as original,
        pikepdf.open(io.BytesIO(converted)) as document,
    ):
        for key in ("/CreationDate", "/ModDate"):
            document.docinfo[key] = original.docinfo[key]
        del document.trailer["/ID"]
        if ink_limit is not None:
            limit_ink(document, ink_limit)
        output = io.BytesIO()
        document.save(
            output,
            deterministic_id=True,
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
        )
        return output.getvalue()
