"""Render stage, part two: SVG text to vector drawing on a PDF page, or to PNG.

A card is drawn straight onto its place on the sheet's cairo surface (a sub-surface of the page,
which clips it to its printed area), so a sheet of cards is one PDF page with fonts embedded once,
within a few per cent of the bare cairosvg draw time (see ARCHITECTURE.md).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlparse

import cairocffi
import cairosvg.parser
import cairosvg.surface
import cairosvg.url
from PIL import Image

from generator.folders import COMMON_DIR, shown, template_roots
from generator.layout.imposition import Rect
from generator.layout.sizes import pt
from generator.problems import clipped
from generator.render.fonts import use_project_fonts

PNG_DPI = 300
MAX_ASSET_BYTES = 16 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
"""An image a template embeds may hold at most this many pixels (a 300 dpi A3 page is 17.5
million): a tiny PNG that claims to be 100,000 pixels a side must not take the memory of the
machine."""


class DrawError(Exception):
    """cairosvg could not draw a face: a file it may not read, or SVG it cannot draw. The build
    reports it at the face's template, like any template problem."""


class AssetError(DrawError):
    """A template asked for a file outside the project's asset folders, or one that is missing."""


class Fetcher:
    """cairosvg's ``url_fetcher`` for a face drawn from a game's template ``folder``: data URLs
    and files inside the template folders, nothing else.

    A file missing from the game's folder is looked for in ``templates/_common/``, as templates
    are."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.roots = template_roots(folder)

    def __call__(self, url: str, resource_type: str) -> bytes:
        data = _data_url(url) if url.startswith("data:") else self._file(url).read_bytes()
        if resource_type.startswith("image/") and resource_type != "image/svg+xml":
            _check_image(url, data)
        return data

    def _file(self, url: str) -> Path:
        parsed = urlparse(url)
        if parsed.scheme not in ("", "file") or parsed.netloc:
            raise AssetError(
                f"{_short(url)}: only files in the project's templates/ folder can be used"
            )
        path = Path(unquote(parsed.path)).resolve()
        root = next((root for root in self.roots if path.is_relative_to(root.resolve())), None)
        if root is None:
            raise AssetError(f"{_short(url)}: outside the project's templates/ folder")
        if not path.is_file():
            path = self._in_common(path, root)
        if path.stat().st_size > MAX_ASSET_BYTES:
            raise AssetError(f"{_short(url)}: larger than {MAX_ASSET_BYTES // 2**20} MB")
        return path

    def _in_common(self, path: Path, root: Path) -> Path:
        """The same file in ``templates/_common/``, where a game's templates also look."""
        relative = path.relative_to(root.resolve())
        common = (COMMON_DIR / relative).resolve()
        if root == self.folder and common.is_relative_to(COMMON_DIR.resolve()) and common.is_file():
            return common
        missing = shown(root / relative, self.folder)
        raise AssetError(f"{missing}: no such file (nor in templates/_common/)")


def _data_url(url: str) -> bytes:
    """The bytes of a ``data:`` URL (RFC 2397), decoded here rather than by a URL library that
    would also open other schemes."""
    header, comma, payload = url.partition(",")
    if not comma or len(payload) > 2 * MAX_ASSET_BYTES:
        raise AssetError(f"{_short(url)}: not a data URL of at most {MAX_ASSET_BYTES // 2**20} MB")
    if header.endswith(";base64"):
        try:
            return base64.b64decode(payload, validate=False)
        except binascii.Error as error:
            raise AssetError(f"{_short(url)}: not base64 ({error})") from None
    return unquote_to_bytes(payload)


def _check_image(url: str, data: bytes) -> None:
    """Read only the image's header: refuse what is not an image, or one too large to draw."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        raise AssetError(f"{_short(url)}: not an image (PNG, JPEG, GIF...)") from None
    if width * height > MAX_IMAGE_PIXELS:
        raise AssetError(
            f"{_short(url)}: {width} x {height} pixels, more than the {MAX_IMAGE_PIXELS:,} "
            "an image may have"
        )


def _short(url: str) -> str:
    return clipped(url, 80)


def asset_problem(reference: str, folder: Path) -> str | None:
    """What keeps cairosvg from using ``reference`` (an ``href`` or ``url()`` of a face drawn
    from ``folder``), found by resolving and fetching it exactly as the build will."""
    try:
        url = cairosvg.url.parse_url(reference, _base(folder))
        cairosvg.url.read_url(url, Fetcher(folder), "image/*")
    except AssetError as error:
        return str(error)
    except OSError as error:
        return f"{_short(reference)}: {error.strerror or error}"
    return None


def _base(folder: Path) -> str:
    """The base URL relative references resolve against: the template's own folder, not the
    directory ``pnp`` runs in."""
    return f"{folder}{os.sep}"


def parse(svg: str, folder: Path) -> cairosvg.parser.Tree:
    """The SVG of a face drawn from a template in ``folder``, parsed for drawing."""
    use_project_fonts()
    try:
        return cairosvg.parser.Tree(
            bytestring=svg.encode(), url_fetcher=Fetcher(folder), url=_base(folder)
        )
    except DrawError:
        raise
    except Exception as error:  # cairosvg reading a stranger's SVG: any failure is the SVG's
        raise DrawError(f"cairosvg cannot read the SVG: {type(error).__name__}: {error}") from None


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
    with _drawing():
        _PlacedSurface(tree, placed)


def png(svg: str, folder: Path, dpi: float = PNG_DPI) -> bytes:
    """A whole card with its full bleed as PNG at ``dpi``."""
    output = io.BytesIO()
    tree = parse(svg, folder)
    with _drawing():
        cairosvg.surface.PNGSurface(tree, output, dpi).finish()
    return output.getvalue()


def pdf(svg: str, width: float, height: float, folder: Path) -> bytes:
    """The part (0, 0) to (``width``, ``height``) mm of an SVG as a one-page vector PDF."""
    tree = parse(svg, folder)
    tree["width"], tree["height"] = f"{width}mm", f"{height}mm"
    tree["viewBox"] = f"0 0 {width} {height}"
    output = io.BytesIO()
    with _drawing():
        cairosvg.surface.PDFSurface(tree, output, 96).finish()
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
