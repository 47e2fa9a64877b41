"""Render stage, part two: SVG text to vector drawing on a PDF page, or to PNG.

A card is drawn straight onto its place on the sheet's cairo surface (a sub-surface of the page,
which clips it to its printed area), so a sheet of cards is one PDF page with fonts embedded once,
within a few per cent of the bare cairosvg draw time (see ARCHITECTURE.md).
"""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import unquote, urlparse

import cairocffi
import cairosvg.parser
import cairosvg.surface

from generator import TEMPLATES_DIR
from generator.layout.imposition import Rect
from generator.layout.sizes import pt
from generator.render.fonts import use_project_fonts

ASSET_DIRS = (TEMPLATES_DIR,)
PNG_DPI = 300


class AssetError(Exception):
    """A template asked for a file outside the project's asset folders, or one that is missing."""


def fetch_asset(url: str, resource_type: str) -> bytes:
    """cairosvg's ``url_fetcher``: data URLs and files inside the asset folders, nothing else."""
    if url.startswith("data:"):
        return cairosvg.parser.read_url(url, None, resource_type)
    parsed = urlparse(url)
    if parsed.scheme not in ("", "file"):
        raise AssetError(f"{url}: only files in the project's templates/ folder can be used")
    path = Path(unquote(parsed.path)).resolve()
    if not any(path.is_relative_to(folder.resolve()) for folder in ASSET_DIRS):
        raise AssetError(f"{url}: outside the project's templates/ folder")
    if not path.is_file():
        raise AssetError(f"{url}: no such file")
    return path.read_bytes()


def parse(svg: str) -> cairosvg.parser.Tree:
    use_project_fonts()
    return cairosvg.parser.Tree(bytestring=svg.encode(), url_fetcher=fetch_asset)


class _PlacedSurface(cairosvg.surface.PDFSurface):
    """cairosvg's surface, drawing onto a given cairo surface instead of creating a file."""

    def __init__(self, tree: cairosvg.parser.Tree, target: cairocffi.Surface) -> None:
        self._target = target
        super().__init__(tree, None, 96)

    def _create_surface(
        self, width: float, height: float
    ) -> tuple[cairocffi.Surface, float, float]:
        return self._target, width, height


def draw(tree: cairosvg.parser.Tree, printed: Rect, target: cairocffi.Surface, at: Rect) -> None:
    """Draw the part ``printed`` (trim + the bleed the sheet has room for, in the card's own mm
    coordinates) of a card onto ``target``, filling its rectangle ``at`` (mm on the page)."""
    tree["width"] = f"{printed.width}mm"
    tree["height"] = f"{printed.height}mm"
    tree["viewBox"] = f"{printed.x} {printed.y} {printed.width} {printed.height}"
    placed = target.create_for_rectangle(pt(at.x), pt(at.y), pt(at.width), pt(at.height))
    _PlacedSurface(tree, placed)


def png(svg: str, dpi: float = PNG_DPI) -> bytes:
    """A whole card with its full bleed as PNG at ``dpi``."""
    output = io.BytesIO()
    cairosvg.surface.PNGSurface(parse(svg), output, dpi).finish()
    return output.getvalue()
