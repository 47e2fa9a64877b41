"""Just enough PDF reading for tests, with no dependency: cairo writes object dictionaries in
plain text and compresses only the streams."""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from pathlib import Path

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


def page_count(pdf: bytes) -> int:
    return int(re.search(rb"/Type /Pages.*?/Count (\d+)", pdf, re.S).group(1))


def embedded_fonts(pdf: bytes) -> set[str]:
    """Base names of fonts whose program is embedded (subset prefix removed)."""
    names = re.findall(rb"/FontName /[A-Z]{6}\+([\w-]+)", pdf)
    assert pdf.count(b"/FontFile2") >= len(set(names))
    return {name.decode() for name in names}


def unicode_text(pdf: bytes) -> str:
    """Every character the ToUnicode maps say the PDF draws: what a reader can copy."""
    characters = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            data = zlib.decompress(stream)
        except zlib.error:
            continue
        if b"beginbfchar" in data or b"beginbfrange" in data:
            for code in re.findall(rb"<([0-9A-Fa-f]{4})>\s*\n", data):
                characters.append(chr(int(code, 16)))
            for code in re.findall(rb"> <([0-9A-Fa-f]{4,})>", data):
                characters.append(chr(int(code[:4], 16)))
    return "".join(characters)


def read(path: Path) -> bytes:
    return path.read_bytes()


def rendered_pages(path: Path, first: int, last: int, folder: Path) -> list[Image.Image]:
    """Pages ``first`` to ``last`` of the PDF as RGB images at :data:`DPI` (poppler's pdftoppm)."""
    prefix = folder / f"page{first}"
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-f", str(first), "-l", str(last), path, prefix],
        check=True,
    )
    return [Image.open(name).convert("RGB") for name in sorted(folder.glob(f"page{first}-*.png"))]


def colour_at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The pixel at (x, y) mm from the page's top-left corner."""
    return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))
