"""The files a template names (images, stylesheets, SVG files a ``<use>`` names), as cairosvg
will read them while drawing a face.

Templates may come from strangers: every file a face names is fetched through :class:`Fetcher`,
which reads only the template folders, refuses what cairosvg must not be handed (a compressed
SVG, an image too large or that is none) and counts the reads of one face. The same reading
tells validation what the build would refuse (:func:`asset_problem`), and the count of
:mod:`~generator.render.drawcost` what a face reads (:class:`DrawnFiles`); a file is known by
its :data:`Identity`, so that what was learnt of it is kept while it stays the same file.
"""

from __future__ import annotations

import base64
import binascii
import io
import os
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar
from urllib.parse import ParseResult, unquote, unquote_to_bytes, urlparse, urlunparse

import cairosvg.url
from PIL import Image

from generator.problems import AssetError, DrawError, clipped
from generator.render.drawlimits import MAX_FILE_BYTES, TooMuch, too_much
from generator.render.svgdocument import drawn_as_svg
from generator.runtime.folders import Templates, search_path, shown, template_roots
from generator.runtime.reading import Refused, TooLarge, Within, read_bytes, size

MAX_ASSET_BYTES = 16 * 1024 * 1024
MAX_IMAGE_PIXELS = 50_000_000
"""An image a template embeds may hold at most this many pixels (a 300 dpi A3 page is 17.5
million): a tiny PNG that claims to be 100,000 pixels a side must not take the memory of the
machine."""


MAX_READS = 1_000
"""The most times drawing one face may read a file (an image, a stylesheet, an SVG a ``<use>``
names), each read counted: :mod:`~generator.render.drawcost` counts what it can see before
cairosvg starts, and the reads themselves are counted as cairosvg makes them, whatever a
stylesheet hid from that count."""


class ReadTooMuch(DrawError):
    """A face read files more times, or more bytes of them, than it may: the count of
    :mod:`~generator.render.drawcost` refuses the face for it (a file it cannot read costs
    nothing, one past the budget costs too much)."""


class Fetcher:
    """cairosvg's ``url_fetcher`` for a face drawn from a game's template ``folder``: data URLs
    and files inside the template folders, nothing else; at most :data:`MAX_READS` reads and
    :data:`~generator.render.drawlimits.MAX_FILE_BYTES` bytes in all (one fetcher draws one face).
    It keeps the path of each file it read (:attr:`files`): a drawn face is kept in the cache
    only if its key names them all.

    A file missing from the game's folder is looked for in ``templates/_common/``, as templates
    are."""

    def __init__(self, folder: Templates) -> None:
        self.folder = folder
        self.roots = template_roots(folder)
        self.within = Within(self.roots, "templates")
        self.reads = 0
        self.bytes = 0
        self.files: set[Path] = set()

    def __call__(self, url: str, resource_type: str) -> bytes:
        self.reads += 1
        if self.reads > MAX_READS:
            raise ReadTooMuch(
                f"drawing it reads files more than {MAX_READS:,} times (each image, stylesheet "
                f"and SVG counted every time it is read): a face may read {MAX_READS:,}"
            )
        data = _data_url(url) if url.startswith("data:") else self._read(url)
        self.bytes += len(data)
        if self.bytes > MAX_FILE_BYTES:
            raise ReadTooMuch(str(too_much("bytes", MAX_FILE_BYTES)))
        _check_drawable(url, data, resource_type)
        return data

    def path(self, url: str) -> Path:
        """The file ``url`` names: in the template folder it names, or the same file in the
        folders searched after it (links not followed: :meth:`_read` judges where they lead)."""
        path, root = self._file(url)
        return path if os.path.lexists(path) else self._searched(path, root)

    def _read(self, url: str) -> bytes:
        """The bytes of a file ``url`` names, read as every input is (a link out of the
        template folders, a pipe or a device is refused before it is opened)."""
        path = self.path(url)
        self.files.add(path)
        try:
            return read_bytes(path, self.within, MAX_ASSET_BYTES)
        except TooLarge:
            raise AssetError(f"{_short(url)}: larger than {size(MAX_ASSET_BYTES)}") from None
        except Refused as refused:
            raise AssetError(f"{shown(path, self.folder)}: {refused.what}") from None

    def _file(self, url: str) -> tuple[Path, Path]:
        """The file a URL names, and the template folder it lies in (links not followed: the
        door of :func:`_read` judges where they lead)."""
        parsed = urlparse(url)
        if parsed.scheme not in ("", "file") or parsed.netloc:
            raise AssetError(
                f"{_short(url)}: only files in the project's templates/ folder can be used"
            )
        path = Path(os.path.normpath(unquote(parsed.path)))
        root = next((r for r in self.roots if path.is_relative_to(os.path.abspath(r))), None)
        if root is None:
            raise AssetError(f"{_short(url)}: outside the project's templates/ folder")
        return path, root

    def _searched(self, path: Path, root: Path) -> Path:
        """The same file in the folders searched after ``root`` (an expansion's templates, then
        the game's, then ``templates/_common/``), where templates are looked for too."""
        relative = path.relative_to(os.path.abspath(root))
        folders = search_path(self.folder)
        for later in folders[folders.index(root) + 1 :] if root in folders else []:
            if os.path.lexists(later / relative):
                return later / relative
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


def _check_drawable(url: str, data: bytes, resource_type: str) -> None:
    """Refuse what cairosvg would be asked to read as an image of ``resource_type`` and must
    not: an SVG compressed (it would decompress it whole: 16 MB of gzip can hold gigabytes),
    an image too large or that is none. An ``<image>`` asks for ``image/*`` and is read as an
    SVG when it looks like one (:func:`~generator.render.svgdocument.drawn_as_svg`)."""
    svg = resource_type == "image/svg+xml" or (
        resource_type.startswith("image/") and drawn_as_svg(data)
    )
    if svg and data.startswith(b"\x1f\x8b"):
        raise AssetError(f"{_short(url)}: a compressed SVG (.svgz): save it uncompressed")
    if resource_type.startswith("image/") and not svg and len(data) >= 5:
        _check_image(url, data)  # cairosvg draws nothing of fewer bytes


def _is_text(data: bytes) -> bool:
    """Whether a file is text (an SVG, a stylesheet): an image is never UTF-8 without NUL."""
    try:
        data.decode()
    except UnicodeDecodeError:
        return False
    return b"\0" not in data


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


def asset_problem(reference: str, folder: Templates) -> str | None:
    """What keeps cairosvg from using ``reference`` (an ``href``, ``url()`` or ``@import`` of
    a face drawn from ``folder``), found by resolving and fetching it exactly as the build
    will: an image is checked as one, unless it is text (an SVG, a stylesheet), which cairosvg
    reads as such."""
    try:
        url = fetched_url(reference, base_url(folder))
        data = Fetcher(folder)(url, "text/plain")
        if not _is_text(data):
            _check_drawable(url, data, "image/*")
    except AssetError as error:
        return str(error)
    except OSError as error:
        return f"{_short(reference)}: {error.strerror or error}"
    except ValueError as error:  # urllib's: "Invalid IPv6 URL", say
        return f"{_short(reference)}: not a URL ({error})"
    return None


Identity = tuple[str, int, int, int, int, int]
"""A file as a cache of what it holds knows it: its path, device, inode, times of last change
(of its bytes, and of its inode, which no copy that keeps the first can set back) and size (a
file changed or replaced is another)."""


def identity(path: Path) -> Identity | None:
    """The identity of the file at ``path`` (links followed); ``None`` if there is none."""
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return (str(path), stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_size)


V = TypeVar("V")


class LastUsed(Generic[V]):
    """What was learnt of the files last used, at most ``size`` of them, by :data:`Identity`:
    faces share their files (every wagon draws the same icons), each is read once."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.known: OrderedDict[Identity, V] = OrderedDict()

    def get(self, key: Identity | None, learn: Callable[[], V]) -> V:
        """What is known of ``key``, or learnt by ``learn`` now (and kept, unless the file
        has no identity)."""
        if key is None:
            return learn()
        if key in self.known:
            self.known.move_to_end(key)
            return self.known[key]
        value = self.known[key] = learn()
        if len(self.known) > self.size:
            self.known.popitem(last=False)
        return value


_IMAGES: LastUsed[tuple[int, int]] = LastUsed(1024)
"""The bytes and pixels of the image files faces drew last."""


class DrawnFiles:
    """The files a face drawn from ``folder`` reads, as :mod:`generator.render.drawcost` counts
    them: resolved and read as cairosvg will (through :class:`Fetcher`), an image's size and
    pixels remembered by its file's :data:`Identity`."""

    def __init__(self, folder: Templates) -> None:
        self.fetch = Fetcher(folder)

    def image(self, href: str, base: str) -> tuple[int, int]:
        try:
            url = fetched_url(href, base)
            if url.startswith("data:"):
                return _image_facts(self.fetch(url, "image/*"))
            key = identity(self.fetch.path(url))
            return _IMAGES.get(key, lambda: _image_facts(self.fetch(url, "image/*")))
        except ReadTooMuch as error:
            raise TooMuch(str(error)) from None
        except (DrawError, OSError, ValueError):
            return (0, 0)

    def document(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        try:
            parsed = cairosvg.url.parse_url(href, base)
            data = self.fetch(_fetched(parsed), kind)
        except ReadTooMuch as error:
            raise TooMuch(str(error)) from None
        except (DrawError, OSError, ValueError):
            return None
        return urlunparse((*parsed[:-1], "")), data


def fetched_url(href: str, base: str) -> str:
    """The URL cairosvg hands its fetcher for ``href`` relative to ``base``."""
    return _fetched(cairosvg.url.parse_url(href, base))


def _fetched(parsed: ParseResult) -> str:
    """What cairosvg's ``read_url`` hands the fetcher for a parsed URL."""
    if parsed.scheme:
        return parsed.geturl()
    return str(cairosvg.url.normalize_url(f"file://{os.path.abspath(parsed.geturl())}"))


def _image_facts(data: bytes) -> tuple[int, int]:
    """An image's size in bytes and its pixels (from its header only; past what Pillow calls a
    decompression bomb, more than any face may draw)."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except Image.DecompressionBombError:
        return (len(data), 2**62)
    except (OSError, ValueError):
        return (len(data), 0)
    return (len(data), width * height)


def base_url(folder: Templates) -> str:
    """The base URL relative references resolve against: the template's own folder, not the
    directory ``pnp`` runs in."""
    return f"{folder}{os.sep}"
