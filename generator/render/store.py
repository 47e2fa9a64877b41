"""Faces drawn once: each distinct SVG is drawn by cairo at most once, then read from the cache
by every slot, sheet, language, process and later build that prints it.

A face's key is its SVG text, the bytes of every file it draws from the template folders (and
of the files a stylesheet or an SVG among them names), and what else decides how cairo draws it:
the versions of cairo, cairosvg and pnp's own code, and the fonts the project ships. Two faces
with one key draw the same, so a key found in the cache is as good as drawing again; a face
whose drawing read a file its key does not name is not kept.
"""

from __future__ import annotations

import functools
import hashlib
from collections import deque
from pathlib import Path

import cairocffi

from generator.problems import DrawError
from generator.render import assets, draw
from generator.render.art import FaceArt
from generator.render.references import MAX_REFERENCES, named_files
from generator.runtime.cache import Cache, key
from generator.runtime.folders import Templates
from generator.runtime.versions import code_version


def face_key(svg: str, folder: Templates) -> str:
    """The key of the face ``svg`` drawn from the template folder ``folder``."""
    return _face_key(svg, Referenced(svg, folder))


def _face_key(svg: str, referenced: Referenced) -> str:
    return key("face", code_version(), _cairo(), svg, *referenced.parts)


@functools.lru_cache(maxsize=1)
def _cairo() -> str:
    return str(cairocffi.cairo_version_string())


_DIGESTS: assets.LastUsed[tuple[bytes, tuple[str, ...]]] = assets.LastUsed(4096)
"""The digest of each file faces drew from last, and the files it names in turn, by
:data:`~generator.render.assets.Identity`: every face of a game names the same icons, and a file
is read and hashed once, not once per face."""


class Referenced:
    """The files ``svg`` draws from (images, stylesheets, SVGs, fonts by URL, and what a
    stylesheet or an SVG among them names in turn, at most :data:`MAX_REFERENCES` in all),
    each as the digest of its bytes in :attr:`parts` (a ``data:`` URL is in the SVG text
    already), read once however many references name it; a reference that cannot be read is
    its message (drawing will report it). :attr:`paths` are the files read: a face whose
    drawing read another (a reference a stylesheet hid behind an escape or a comment, one past
    the limit) is not kept, as its key does not name all it was drawn from."""

    def __init__(self, svg: str, folder: Templates) -> None:
        self.parts: list[str | bytes] = []
        self.paths: set[Path] = set()
        self.fetch = assets.Fetcher(folder)
        base = f"{folder}/"
        pending = deque((r, base) for r in sorted(set(named_files(svg))))
        named: dict[object, str] = {}  # each file read, by identity: the first reference to it
        for _ in range(MAX_REFERENCES):  # each named at most once, a face names at most 100
            if not pending:
                break
            reference, base = pending.popleft()
            if not reference.startswith("data:"):
                pending += [(inner, url) for inner, url in self._add(reference, base, named)]

    def _add(self, reference: str, base: str, named: dict[object, str]) -> list[tuple[str, str]]:
        """Add the file ``reference`` names (relative to ``base``) to the key, once; what it
        names in turn, each with the URL it is relative to."""
        try:
            url = assets.fetched_url(reference, base)
            path = self.fetch.path(url)
            identity = assets.identity(path)
            file = identity[1:3] if identity else str(path)  # a file linked twice is read once
            if file in named:
                self.parts += [reference, f"as {named[file]}"]
                return []
            digest, inner = _DIGESTS.get(identity, functools.partial(_facts, self.fetch, url))
        except (DrawError, OSError, ValueError) as error:
            self.parts += [reference, f"unreadable: {error}"]
            return []
        named[file] = reference
        self.paths.add(path)
        self.parts += [reference, digest]
        return [(name, url) for name in inner]


def _facts(fetch: assets.Fetcher, url: str) -> tuple[bytes, tuple[str, ...]]:
    """The digest of the file at ``url`` and the files it names, if it is text (a stylesheet
    or an SVG: an image is not UTF-8)."""
    data = fetch(url, "application/octet-stream")  # whatever it is: drawing judges it
    try:
        inner = tuple(sorted(set(named_files(data.decode()))))[:MAX_REFERENCES]
    except UnicodeDecodeError:
        inner = ()
    return hashlib.sha256(data).digest(), inner


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
        fetch = assets.Fetcher(folder)
        art = draw.face(svg, folder, fetch)
        self._keep(entry, art.pack(), svg, fetch, entry)
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
        face = known or face_key(svg, folder)
        entry = png_key(face, dpi, pixels)
        cached = self.cache.parsed(entry, _png)
        if cached is None:
            fetch = assets.Fetcher(folder)
            cached = draw.png(svg, folder, dpi, pixels, fetch)
            self._keep(entry, cached, svg, fetch, face)
        return cached

    def picture(self, svg: str, width: float, height: float, folder: Templates) -> bytes:
        """The part (0, 0) to (``width``, ``height``) mm of an SVG as a one-page PDF (a card or
        pictogram in a rules summary, see :func:`draw.pdf`)."""
        face = face_key(svg, folder)
        entry = key("picture", face, repr((width, height)))
        cached = self.cache.parsed(entry, _pdf)
        if cached is None:
            fetch = assets.Fetcher(folder)
            cached = draw.pdf(svg, width, height, folder, fetch)
            self._keep(entry, cached, svg, fetch, face)
        return cached

    def _keep(self, entry: str, payload: bytes, svg: str, fetch: assets.Fetcher, face: str) -> None:
        """Put what ``fetch`` helped draw of ``svg`` in the cache as ``entry``, unless it may
        not be kept under the face key ``face`` (:func:`keyed`)."""
        if keyed(svg, fetch, face):
            self.cache.put(entry, payload)

    def has(self, entry: str) -> bool:
        return self.cache.path(entry).is_file()


def keyed(svg: str, fetch: assets.Fetcher, face: str) -> bool:
    """Whether what ``fetch`` helped draw of ``svg`` may be kept under the face key ``face``:
    the key names every file the drawing read, and they hold what they held when ``face`` was
    worked out (else a later build would take the drawing though a file changed, or a file
    edited between the two would leave the new drawing under the old key)."""
    if not fetch.files:
        return True
    referenced = Referenced(svg, fetch.folder)
    return fetch.files <= referenced.paths and _face_key(svg, referenced) == face
