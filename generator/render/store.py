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

import cairocffi

from generator.cache import Cache, key
from generator.folders import Templates
from generator.layout.compose import FaceArt
from generator.problems import DrawError
from generator.render import draw
from generator.render.templates import named_files
from generator.versions import code_version


def face_key(svg: str, folder: Templates) -> str:
    """The key of the face ``svg`` drawn from the template folder ``folder``."""
    return key("face", code_version(), _cairo(), svg, *_referenced(svg, folder))


@functools.lru_cache(maxsize=1)
def _cairo() -> str:
    return str(cairocffi.cairo_version_string())


_DIGESTS: draw.LastUsed[bytes] = draw.LastUsed(4096)
"""The digests of the files faces drew from last, by :data:`~generator.render.draw.Identity`:
every face of a game names the same icons, and a file is read and hashed once, not once per
face."""


def _referenced(svg: str, folder: Templates) -> list[str | bytes]:
    """The files ``svg`` draws from (images, stylesheets, fonts by URL), each as the digest of
    its bytes (a ``data:`` URL is in the SVG text already), read once however many references
    name it; a reference that cannot be read is its message (drawing will report it)."""
    parts: list[str | bytes] = []
    fetch = draw.Fetcher(folder)
    base = f"{folder}/"
    named: dict[object, str] = {}  # each file read, by identity: the first reference to it
    for reference in sorted({r for r in named_files(svg) if not r.startswith("data:")}):
        try:
            url = draw.fetched_url(reference, base)
            path = fetch.path(url)
            identity = draw.identity(path)
            file = identity[1:3] if identity else str(path)  # a file linked twice is read once
            if file in named:
                parts += [reference, f"as {named[file]}"]
                continue
            digest = _DIGESTS.get(identity, functools.partial(_digest, fetch, url))
            named[file] = reference
            parts += [reference, digest]
        except (DrawError, OSError, ValueError) as error:
            parts += [reference, f"unreadable: {error}"]
    return parts


def _digest(fetch: draw.Fetcher, url: str) -> bytes:
    return hashlib.sha256(fetch(url, "image/*")).digest()


def png_key(face: str, dpi: float, pixels: tuple[int, int] | None) -> str:
    """Where a face's PNG at ``dpi`` (or of ``pixels``) is kept: ``face`` is its key."""
    return key("png", face, str(dpi), repr(pixels))


def _art(payload: bytes) -> FaceArt | None:
    """A face's art as the cache keeps it; ``None`` for an entry that kept its checksum but is
    not one (a damaged or planted entry: the face is drawn again)."""
    try:
        art = FaceArt.unpack(payload)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    box = (art.box.x, art.box.y, art.box.width, art.box.height)
    numbers = all(type(value) in (int, float) for value in box)
    return art if numbers and _pdf(art.pdf) is not None else None


def _pdf(payload: bytes) -> bytes | None:
    """A PDF file's bytes, if they look like one (its header and end of file)."""
    return payload if payload.startswith(b"%PDF-") and b"%%EOF" in payload[-1024:] else None


def _png(payload: bytes) -> bytes | None:
    """A PNG file's bytes, if they start as one."""
    return payload if payload.startswith(b"\x89PNG\r\n\x1a\n") else None


class ArtStore:
    """Face art by key, from ``cache`` or drawn now and put there."""

    def __init__(self, cache: Cache) -> None:
        self.cache = cache

    def art(self, svg: str, folder: Templates, known: str | None = None) -> FaceArt:
        """The drawn face of ``svg`` (``known``: its key, if the caller has it)."""
        entry = known or face_key(svg, folder)
        cached = self.cache.parsed(entry, _art)
        if cached is not None:
            return cached
        art = draw.face(svg, folder)
        self.cache.put(entry, art.pack())
        return art

    def png(
        self,
        svg: str,
        folder: Templates,
        known: str | None = None,
        dpi: float = draw.PNG_DPI,
        pixels: tuple[int, int] | None = None,
    ) -> bytes:
        """The face as a PNG at ``dpi`` (300) with its full bleed, or of exactly ``pixels``
        (see :func:`draw.png`)."""
        entry = png_key(known or face_key(svg, folder), dpi, pixels)
        cached = self.cache.parsed(entry, _png)
        if cached is None:
            cached = draw.png(svg, folder, dpi, pixels)
            self.cache.put(entry, cached)
        return cached

    def picture(self, svg: str, width: float, height: float, folder: Templates) -> bytes:
        """The part (0, 0) to (``width``, ``height``) mm of an SVG as a one-page PDF (a card or
        pictogram in a rules summary, see :func:`draw.pdf`)."""
        entry = key("picture", face_key(svg, folder), repr((width, height)))
        cached = self.cache.parsed(entry, _pdf)
        if cached is None:
            cached = draw.pdf(svg, width, height, folder)
            self.cache.put(entry, cached)
        return cached

    def has(self, entry: str) -> bool:
        return self.cache.path(entry).is_file()
