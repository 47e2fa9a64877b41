"""Faces drawn once: each distinct SVG is drawn by cairo at most once, then read from the cache
by every slot, sheet, language, process and later build that prints it.

A face's key is its SVG text, the bytes of every file it draws from the template folders, and
what else decides how cairo draws it: the versions of cairo, cairosvg and pnp's own code, and
the fonts the project ships. Two faces with one key draw the same, so a key found in the cache
is as good as drawing again.
"""

from __future__ import annotations

import functools
import hashlib
import re
import sys
from importlib import metadata
from pathlib import Path

import cairocffi
import cairosvg.url

from generator import PACKAGE_DIR
from generator.cache import Cache, key
from generator.layout.compose import FaceArt
from generator.render import draw
from generator.render.fonts import FONT_DIR

REFERENCE = re.compile(r"""(?:href\s*=\s*["']|url\(\s*["']?)(?!#|data:)([^"')\s]+)""")


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """What changes how anything is drawn or laid out, besides the data: every source file of
    pnp, the libraries that draw and the fonts (read once per process)."""
    parts: list[str | bytes] = [sys.version, cairocffi.cairo_version_string()]
    for library in ("cairosvg", "cairocffi", "pikepdf", "pillow", "reportlab", "jinja2"):
        try:
            parts.append(f"{library} {metadata.version(library)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{library} absent")
    for folder in (PACKAGE_DIR, FONT_DIR):
        for path in sorted(p for p in folder.rglob("*") if _is_source(p)):
            parts += [str(path.relative_to(folder)), path.read_bytes()]
    return key(*parts)


def _is_source(path: Path) -> bool:
    return path.is_file() and path.suffix in (".py", ".ttf", ".otf") and "_data" not in path.parts


def face_key(svg: str, folder: Path) -> str:
    """The key of the face ``svg`` drawn from the template folder ``folder``."""
    return key("face", code_version(), svg, *_referenced(svg, folder))


def _referenced(svg: str, folder: Path) -> list[str | bytes]:
    """The files ``svg`` draws from (images, fonts by URL), each as its bytes; a reference that
    cannot be read is its message (drawing will report it)."""
    parts: list[str | bytes] = []
    fetch = draw.Fetcher(folder)
    base = f"{folder}/"
    for reference in sorted(set(REFERENCE.findall(svg))):
        try:
            url = cairosvg.url.parse_url(reference, base)
            data = cairosvg.url.read_url(url, fetch, "image/*")
            parts += [reference, hashlib.sha256(data).digest()]
        except (draw.DrawError, OSError, ValueError) as error:
            parts += [reference, f"unreadable: {error}"]
    return parts


class ArtStore:
    """Face art by key, from ``cache`` or drawn now and put there."""

    def __init__(self, cache: Cache) -> None:
        self.cache = cache

    def art(self, svg: str, folder: Path, known: str | None = None) -> FaceArt:
        """The drawn face of ``svg`` (``known``: its key, if the caller has it)."""
        entry = known or face_key(svg, folder)
        cached = self.cache.get(entry)
        if cached is not None:
            try:
                return FaceArt.unpack(cached)
            except (ValueError, KeyError, TypeError):
                pass  # a damaged entry that kept its checksum: drawn again
        art = draw.face(svg, folder)
        self.cache.put(entry, art.pack())
        return art

    def png(self, svg: str, folder: Path, known: str | None = None) -> bytes:
        """The face as a PNG at 300 dpi with its full bleed (see :func:`draw.png`)."""
        entry = key("png", known or face_key(svg, folder), str(draw.PNG_DPI))
        cached = self.cache.get(entry)
        if cached is None:
            cached = draw.png(svg, folder)
            self.cache.put(entry, cached)
        return cached

    def has(self, entry: str) -> bool:
        return self.cache.path(entry).is_file()
