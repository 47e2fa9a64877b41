"""Just enough PDF reading for tests, through pikepdf (qpdf): pages, fonts, text maps, and
curves where a viewer would draw them."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

DPI = 40
"""Pages are rendered at 40 dpi: enough to sample colours a millimetre inside a card."""

needs_pdftoppm = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="needs poppler-utils' pdftoppm"
)
needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="needs poppler-utils' pdftotext"
)
needs_ghostscript = pytest.mark.skipif(
    shutil.which("gs") is None, reason="needs Ghostscript's gs (apt install ghostscript)"
)
WORD = re.compile(
    r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>'
)


def _open(pdf: bytes) -> pikepdf.Pdf:
    return pikepdf.open(io.BytesIO(pdf))


def page_boxes(pdf: bytes) -> list[tuple[float, ...]]:
    """The MediaBox of every page, in points."""
    with _open(pdf) as document:
        return [tuple(float(n) for n in page.MediaBox) for page in document.pages]


def every_page_is_a4(pdf: bytes) -> bool:
    """Every page exactly A4 portrait (to a thousandth of a point)."""
    a4 = (0.0, 0.0, 210 * 72 / 25.4, 297 * 72 / 25.4)
    boxes = page_boxes(pdf)
    close = (all(abs(a - b) < 1e-3 for a, b in zip(box, a4, strict=True)) for box in boxes)
    return len(boxes) > 0 and all(close)


def page_count(pdf: bytes) -> int:
    with _open(pdf) as document:
        return len(document.pages)


def embedded_fonts(pdf: bytes) -> set[str]:
    """Base names of fonts whose program is embedded (subset prefix removed)."""
    names = set()
    with _open(pdf) as document:
        for obj in document.objects:
            if isinstance(obj, pikepdf.Dictionary) and "/FontFile2" in obj:
                names.add(re.sub(r"^/([A-Z]{6}\+)?", "", str(obj.FontName)))
    return names


def font_objects(pdf: bytes) -> list[str]:
    """The BaseFont of every font object (a font embedded twice shows twice)."""
    with _open(pdf) as document:
        return sorted(
            str(obj.BaseFont)
            for obj in document.objects
            if isinstance(obj, pikepdf.Dictionary)
            and obj.get("/Type") == "/Font"
            and obj.get("/Subtype") != "/CIDFontType2"
        )


def streams(pdf: bytes) -> Iterator[bytes]:
    """The content of every stream: pages, forms, fonts' maps."""
    with _open(pdf) as document:
        for obj in document.objects:
            if isinstance(obj, pikepdf.Stream):
                try:
                    yield obj.read_bytes()
                except pikepdf.PdfError:
                    continue


def unicode_text(pdf: bytes) -> str:
    """Every character the ToUnicode maps say the PDF draws: what a reader can copy."""
    characters = []
    for data in streams(pdf):
        if b"beginbfchar" in data or b"beginbfrange" in data:
            for code in re.findall(rb"<([0-9A-Fa-f]{4})>\s*\n", data):
                characters.append(chr(int(code, 16)))
            for code in re.findall(rb"> <([0-9A-Fa-f]{4,})>", data):
                characters.append(chr(int(code[:4], 16)))
    return "".join(characters)


def curves(pdf: bytes) -> list[tuple[float, ...]]:
    """Every sub-path that is one Bézier curve (``x y m ... c``, how cairo writes an arc of up
    to a quarter turn), as its start and end x1, y1, x2, y2 in mm from the top-left corner of
    the page that draws it (through any forms it places)."""
    return [arc for page in curves_by_page(pdf) for arc in page]


def curves_by_page(pdf: bytes) -> list[list[tuple[float, ...]]]:
    """:func:`curves`, page by page, each once (a cut guide is stroked twice: white, then
    black on it)."""
    return [list(dict.fromkeys(_curves_in(operations))) for operations in _pages(pdf)]


def lines_by_page(pdf: bytes) -> list[list[tuple[float, ...]]]:
    """Every straight segment (``m``/``l``), page by page, as x1, y1, x2, y2 in mm from the
    top-left corner of the page that draws it (through any forms it places)."""
    return [_lines_in(operations) for operations in _pages(pdf)]


def overlay_lines(pdf: bytes) -> list[list[tuple[float, ...]]]:
    """The straight segments of what each page draws over its cards (crop marks, cut guides,
    folds: the forms named ``/Marks...``), page by page, as in :func:`lines_by_page`."""
    with _open(pdf) as document:
        pages = []
        for page in document.pages:
            height = float(page.MediaBox[3])
            overlays = [f for name, f in page.Resources.XObject.items() if "Marks" in name]
            pages.append(
                [
                    line
                    for form in overlays
                    for line in _lines_in(list(_operations(form, (1, 0, 0, 1, 0, 0), height)))
                ]
            )
        return pages


def fills(pdf: bytes) -> list[list[list[tuple[float, float]]]]:
    """Every filled path of the first page, as its sub-paths' corners (``m``/``l``, or the four
    of an ``re``) in mm from the page's top-left corner: what a solid shape covers."""
    return fills_by_page(pdf)[0]


def fills_by_page(pdf: bytes) -> list[list[list[list[tuple[float, float]]]]]:
    """:func:`fills`, page by page (the file read once)."""
    return [_fills_in(operations) for operations in _pages(pdf)]


Matrix = tuple[float, float, float, float, float, float]
Operation = tuple[str, list[tuple[float, float]], str]
"""An operator, its operands' points already on the page in mm, and the name it places (a
``Do`` the walk does not enter) or the colour it sets (an ``rg``: its numbers)."""


def _pages(pdf: bytes) -> list[list[Operation]]:
    with _open(pdf) as document:
        return [
            list(_operations(page.obj, (1, 0, 0, 1, 0, 0), float(page.MediaBox[3])))
            for page in document.pages
        ]


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _operations(
    stream: pikepdf.Object, ctm: Matrix, height: float, into_forms: bool = True
) -> Iterator[Operation]:
    """Walk a content stream as a viewer would (``cm``, ``q``/``Q``, forms placed by ``Do``:
    entered, or without ``into_forms`` given as the ``Do`` with the points its origin and its
    box's two corners land on), giving each other operator with its points on the page."""
    stack: list[Matrix] = []

    def on_page(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        page_x, page_y = a * x + c * y + e, b * x + d * y + f
        return page_x * 25.4 / 72, (height - page_y) * 25.4 / 72

    for operands, operator in pikepdf.parse_content_stream(stream):
        op = str(operator)
        numbers = [float(n) for n in operands if isinstance(n, (int, float, Decimal))]
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _times(tuple(numbers), ctm)  # type: ignore[arg-type]
        elif op == "Do" and not into_forms:
            placed = stream.Resources.XObject[str(operands[0])]
            box = [float(n) for n in placed.get("/BBox", [0, 0, 1, 1])]  # an image: 1 x 1
            a, b, c, d, e, f = (float(n) for n in placed.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in (box[:2], box[2:])]
            yield op, [on_page(0, 0), *(on_page(*p) for p in corners)], str(operands[0])
        elif op == "Do":
            form = stream.Resources.XObject[str(operands[0])]
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(n) for n in form.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                yield from _operations(form, _times(matrix, ctm), height)  # type: ignore[arg-type]
        elif op == "re":
            x, y, w, h = numbers
            corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            yield op, [on_page(*p) for p in corners], ""
        elif op == "rg":
            yield op, [], " ".join(f"{n:g}" for n in numbers)
        else:
            yield op, [on_page(*numbers[i : i + 2]) for i in range(0, len(numbers) - 1, 2)], ""


def _curves_in(operations: list[Operation]) -> list[tuple[float, ...]]:
    """Each ``m`` followed at once by a ``c``: its start and end."""
    found: list[tuple[float, ...]] = []
    start: tuple[float, float] | None = None
    for op, points, _ in operations:
        if op == "c" and start is not None:
            found.append((*start, *points[-1]))
        start = points[0] if op == "m" else None
    return found


def _lines_in(operations: list[Operation]) -> list[tuple[float, ...]]:
    """Each ``l`` from the point the path had reached."""
    found: list[tuple[float, ...]] = []
    current: tuple[float, float] | None = None
    for op, points, _ in operations:
        if op == "l" and current is not None:
            found.append((*current, *points[0]))
        current = points[-1] if op in ("m", "l", "c") and points else None
    return found


def _fills_in(operations: list[Operation]) -> list[list[list[tuple[float, float]]]]:
    """The sub-paths gathered since the last painting operator, for each one that fills."""
    found: list[list[list[tuple[float, float]]]] = []
    path: list[list[tuple[float, float]]] = []
    for op, points, _ in operations:
        if op in ("m", "re"):
            path.append(list(points))
        elif op == "l":
            path[-1] += points
        elif op in ("f", "f*", "F", "B", "B*", "b", "b*"):
            found.append([points for points in path if len(points) > 1])  # a lone m paints nothing
        if op in ("f", "f*", "F", "B", "B*", "b", "b*", "S", "s", "n"):
            path = []
    return found


def coloured_fills(pdf: bytes) -> list[list[tuple[tuple[float, ...], list[tuple[float, float]]]]]:
    """Page by page, each filled path's sub-paths as one list of corners (as :func:`fills`),
    with the colour (``rg``, RGB from 0 to 1) it is filled in: cairo sets the colour before
    each fill, so the one set last is the fill's."""
    pages = []
    for operations in _pages(pdf):
        found: list[tuple[tuple[float, ...], list[tuple[float, float]]]] = []
        colour: tuple[float, ...] = (0.0, 0.0, 0.0)
        path: list[tuple[float, float]] = []
        for op, points, name in operations:
            if op == "rg":
                colour = tuple(float(n) for n in name.split())
            elif op in ("m", "l", "re"):
                path += points
            elif op in ("f", "f*", "F"):
                found.append((colour, path))
            if op in ("f", "f*", "F", "B", "B*", "b", "b*", "S", "s", "n"):
                path = []
        pages.append(found)
    return pages


Placed = tuple[tuple[float, float, float, float], tuple[int, int]]


def placements(pdf: bytes) -> list[list[Placed]]:
    """Page by page, each face the page places: the clip rectangle it is drawn in (x, y,
    width, height in mm from the page's top-left corner, after any move of the whole page)
    and the form drawn there (its object number, the same for a face placed twice)."""
    with _open(pdf) as document:
        return [_placed_on(page.obj, float(page.MediaBox[3])) for page in document.pages]


def drawn_sizes(pdf: bytes) -> list[list[tuple[float, float]]]:
    """Page by page, the width and height (mm) each form or image is drawn at, in the order
    the page draws them: its box through its own matrix and the page's."""
    pages = []
    with _open(pdf) as document:
        for page in document.pages:
            placed = _operations(page.obj, (1, 0, 0, 1, 0, 0), float(page.MediaBox[3]), False)
            pages.append(
                [
                    (abs(p[2][0] - p[1][0]), abs(p[2][1] - p[1][1]))
                    for op, p, _ in placed
                    if op == "Do"
                ]
            )
    return pages


def _placed_on(page: pikepdf.Object, height: float) -> list[Placed]:
    """Each face a page places, clipped: the clip rectangle drawn just before it."""
    found: list[Placed] = []
    clip: tuple[float, float, float, float] | None = None
    for op, points, name in _operations(page, (1, 0, 0, 1, 0, 0), height, into_forms=False):
        if op == "re":
            xs, ys = [x for x, _ in points], [y for _, y in points]
            clip = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        elif op == "Do" and clip is not None:
            found.append((clip, page.Resources.XObject[name].objgen))
            clip = None
    return found


def words(path: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """Every word on page ``page`` (from 1) as poppler's pdftotext finds it: its text and its
    box (x_min, y_min, x_max, y_max, the advance and the font's height) in mm from the page's
    top-left corner."""
    found = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-bbox", path, "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    mm = 25.4 / 72
    return [
        (html.unescape(text), *(float(n) * mm for n in box)) for *box, text in WORD.findall(found)
    ]


def read(path: Path) -> bytes:
    return path.read_bytes()


def rendered_pages(
    path: Path, first: int, last: int, folder: Path, dpi: int = DPI
) -> list[Image.Image]:
    """Pages ``first`` to ``last`` of the PDF as RGB images at ``dpi`` (poppler's pdftoppm)."""
    prefix = folder / f"page{first}"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-f", str(first), "-l", str(last), path, prefix],
        check=True,
    )
    return [Image.open(name).convert("RGB") for name in sorted(folder.glob(f"page{first}-*.png"))]


class Pages:
    """The pages of a PDF as RGB images at ``dpi``, by number from 0, each rendered (by
    pdftoppm, into ``folder``) the first time a test asks for it: the pages its cards landed
    on, wherever the layout put them."""

    def __init__(self, path: Path, folder: Path, dpi: int = DPI) -> None:
        self.path, self.folder, self.dpi = path, folder, dpi
        self._rendered: dict[int, Image.Image] = {}

    def __getitem__(self, number: int) -> Image.Image:
        if number not in self._rendered:
            (page,) = rendered_pages(self.path, number + 1, number + 1, self.folder, self.dpi)
            self._rendered[number] = page
        return self._rendered[number]

    def flipped(self, number: int) -> Image.Image:
        """Page ``number`` mirrored left to right, as a back page is seen through the sheet from
        its front (the sheet turned over its long edge): what lies behind a spot of the front
        page is at the same spot here."""
        return self[number].transpose(Image.Transpose.FLIP_LEFT_RIGHT)

    def both_sides(
        self, front: int, back: int, x_mm: float, y_mm: float
    ) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """The colour at (x, y) mm of page ``front``, and behind it on page ``back``."""
        return (
            colour_at(self[front], x_mm, y_mm, self.dpi),
            colour_at(self.flipped(back), x_mm, y_mm, self.dpi),
        )


def colour_at(image: Image.Image, x_mm: float, y_mm: float, dpi: int = DPI) -> tuple[int, int, int]:
    """The pixel at (x, y) mm from the page's top-left corner of a page rendered at ``dpi``."""
    return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))
