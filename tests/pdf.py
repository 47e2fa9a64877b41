"""Just enough PDF reading for tests, with no dependency: cairo writes object dictionaries in
plain text and compresses only the streams."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zlib
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest
from PIL import Image

DPI = 40
"""Pages are rendered at 40 dpi: enough to sample colours a millimetre inside a card."""

needs_pdftoppm = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="needs poppler-utils' pdftoppm"
)


def page_boxes(pdf: bytes) -> list[tuple[float, ...]]:
    """The MediaBox of every page object, in points."""
    boxes = re.findall(rb"/Type /Page\b.*?/MediaBox \[\s*([\d.\s-]+)\]", pdf, re.S)
    return [tuple(float(n) for n in box.split()) for box in boxes]


def every_page_is_a4(pdf: bytes) -> bool:
    """Every page has its own MediaBox, exactly A4 portrait (to a thousandth of a point)."""
    a4 = (0.0, 0.0, 210 * 72 / 25.4, 297 * 72 / 25.4)
    boxes = page_boxes(pdf)
    close = (all(abs(a - b) < 1e-3 for a, b in zip(box, a4, strict=True)) for box in boxes)
    return len(boxes) == page_count(pdf) > 0 and all(close)


def page_count(pdf: bytes) -> int:
    return int(re.search(rb"/Type /Pages.*?/Count (\d+)", pdf, re.S).group(1))


def embedded_fonts(pdf: bytes) -> set[str]:
    """Base names of fonts whose program is embedded (subset prefix removed)."""
    names = re.findall(rb"/FontName /[A-Z]{6}\+([\w-]+)", pdf)
    assert pdf.count(b"/FontFile2") >= len(set(names))
    return {name.decode() for name in names}


def streams(pdf: bytes) -> Iterator[bytes]:
    """The content of every compressed stream: pages, fonts' maps."""
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            yield zlib.decompress(stream)
        except zlib.error:
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
    to a quarter turn), as its start and end x1, y1, x2, y2 in mm from the page's top-left
    corner: cairo's page streams turn y downwards first, so the numbers read as on the page."""
    return [arc for data in streams(pdf) for arc in _curves_in(data)]


def curves_by_page(pdf: bytes) -> list[list[tuple[float, ...]]]:
    """:func:`curves`, page by page, each once (a cut guide is stroked twice: white, then
    black on it)."""
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    return [list(dict.fromkeys(_curves_in(page.get_contents().get_data()))) for page in pages]


def _curves_in(data: bytes) -> list[tuple[float, ...]]:
    number = rb"(-?[\d.]+)\s+"
    piece = re.compile(number * 2 + rb"m\s+" + number * 6 + rb"c")
    found = []
    for match in piece.finditer(data):
        x1, y1, *_, x2, y2 = (float(n) * 25.4 / 72 for n in match.groups())
        found.append((x1, y1, x2, y2))
    return found


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


def colour_at(image: Image.Image, x_mm: float, y_mm: float, dpi: int = DPI) -> tuple[int, int, int]:
    """The pixel at (x, y) mm from the page's top-left corner of a page rendered at ``dpi``."""
    return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))
