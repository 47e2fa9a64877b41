"""A content-addressed store of what builds computed, so a later build reuses it.

An entry's key is a digest of everything that decides its bytes (the SVG text of a face and the
versions of the renderer and fonts that draw it; every input file of a game and the options of
an output): a key never goes stale, it just stops being asked for. Entries live in one folder,
by default the user's cache folder (``~/.cache/pnp`` on Linux), or ``--cache DIR`` /
``PNP_CACHE_DIR``; ``pnp clean`` empties it and ``--no-cache`` builds without it.

Several builds may share it at once: an entry is written to a private temporary file and renamed
into place, which is atomic, so a reader sees a whole entry or none. Each entry starts with the
digest of its payload; one that does not match (a disk error, a file cut short, a stranger's
edit) is a miss, and the caller makes the value again. A cache can never change what a build
writes, only how fast it writes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from generator.runtime.reading import Refused, TooLarge, Within, read_bytes

T = TypeVar("T")
ENV = "PNP_CACHE_DIR"
MAGIC = b"pnp-cache 1\n"
DIGEST = 32
ENTRY = re.compile(r"[0-9a-f]{64}")
MAX_BYTES = 2 * 1024**3
"""Past this size (2 GiB) the entries used least recently are removed after a build."""
MAX_LISTED = 1024**2
"""The largest JSON entry read (a build's list of files, a validation's verdict: a few KB)."""
MAX_ENTRY = 256 * 1024**2
"""The largest payload kept (256 MiB; the largest a build makes is a game's PDF of a few MB):
an entry is read whole, so a larger one, or a sparse file of gigabytes planted in the folder,
is never read."""


def default_folder() -> Path:
    """``PNP_CACHE_DIR``, else the platform's user cache folder: ``$XDG_CACHE_HOME/pnp`` or
    ``~/.cache/pnp`` on Linux, ``~/Library/Caches/pnp`` on macOS, ``%LOCALAPPDATA%\\pnp\\cache``
    on Windows."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pnp"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "pnp" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pnp"


def key(*parts: str | bytes) -> str:
    """The key of a value made from ``parts``: a digest that separates the parts, so ``("ab",
    "c")`` and ``("a", "bc")`` differ."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


class Cache:
    """Entries under ``folder``, one file each: ``<folder>/<kk>/<key>``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._within = Within.folder(folder)
        """Where every entry must lie, its links followed once (a sheet reads hundreds)."""

    def path(self, entry: str) -> Path:
        return self.folder / entry[:2] / entry

    def get(self, entry: str, limit: int = MAX_ENTRY) -> bytes | None:
        """The payload stored under ``entry``, or ``None`` if there is none, it is damaged or
        larger than ``limit`` (such a one is removed). Read through :mod:`generator.runtime.reading`
        and never through a link: an entry, or its ``<kk>/`` folder, that is a link is no entry
        of ours."""
        path = self.path(entry)
        if os.path.islink(path.parent) or os.path.islink(path):
            return None
        try:
            data = read_bytes(path, self._within, len(MAGIC) + DIGEST + limit)
        except TooLarge:
            self.discard(entry)
            return None
        except Refused:
            return None
        head = len(MAGIC) + DIGEST
        payload = data[head:]
        if data[: len(MAGIC)] != MAGIC or data[len(MAGIC) : head] != _digest(payload):
            self.discard(entry)
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last to be removed when pruning
        return payload

    def put(self, entry: str, payload: bytes) -> None:
        """Store ``payload``; a cache that cannot be written (a full disk, a read-only folder)
        only makes later builds slower, so failures are ignored. Nothing is written through a
        link (a ``<kk>/`` folder that is one is left alone), nor a payload too large to read
        back."""
        path = self.path(entry)
        if len(payload) > MAX_ENTRY:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if os.path.islink(path.parent) or not path.parent.is_dir():
                return
            handle, partial = tempfile.mkstemp(prefix=".", suffix=".part", dir=path.parent)
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(MAGIC + _digest(payload) + payload)
            os.replace(partial, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(partial)

    def parsed(
        self, entry: str, parse: Callable[[bytes], T | None], limit: int = MAX_ENTRY
    ) -> T | None:
        """The payload under ``entry`` as ``parse`` reads it; ``None`` if there is none, or
        if ``parse`` finds it is not what it should be (``None``): such an entry is removed."""
        payload = self.get(entry, limit)
        if payload is None:
            return None
        value = parse(payload)
        if value is None:
            self.discard(entry)
        return value

    def discard(self, entry: str) -> None:
        """Remove ``entry``: its payload was not what its key promises (a caller that could
        not parse it says so), and it would only be read and refused again."""
        with contextlib.suppress(OSError):
            if not os.path.islink(self.path(entry).parent):
                self.path(entry).unlink()

    def prune(self, limit: int = MAX_BYTES) -> int:
        """Remove the least recently used entries until the cache holds at most ``limit``
        bytes; how many were removed."""
        entries = sorted(_stats(_entries(self.folder)), key=lambda e: e[1].st_mtime)
        total = sum(stat.st_size for _, stat in entries)
        removed = 0
        for path, stat in entries:
            if total <= limit:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                total -= stat.st_size
                removed += 1
        return removed

    def clear(self) -> int:
        """Remove every entry, and the folders that held them; how many entries there were.

        Only what has the shape of an entry is removed (``--cache`` may name a folder that
        holds other files too), and the cache folder itself only when that leaves it empty."""
        removed = 0
        for path in (*_entries(self.folder), *_partials(self.folder)):
            with contextlib.suppress(OSError):
                path.unlink()
                removed += 1
        for sub in self.folder.glob("??"):
            with contextlib.suppress(OSError):
                if not sub.is_symlink():
                    sub.rmdir()
        with contextlib.suppress(OSError):
            self.folder.rmdir()
        return removed


def json_payload(payload: bytes) -> Any:
    """The JSON value of a payload; ``None`` for one that is not JSON, not UTF-8, nested past
    Python's recursion limit, or holding ``NaN`` or ``Infinity`` (no entry of ours does, and
    they would reach arithmetic and ``int()`` as values no build makes)."""
    try:
        return json.loads(payload, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a value a cache entry holds")


def _stats(paths: Iterable[Path]) -> Iterator[tuple[Path, os.stat_result]]:
    for path in paths:
        with contextlib.suppress(OSError):
            yield path, path.lstat()


def _digest(payload: bytes) -> bytes:
    return hashlib.sha256(payload).digest()


def _entries(folder: Path) -> Iterator[Path]:
    """The entry files under ``folder``: ``<kk>/<64 hex digits>``, nothing else."""
    for path in _files(folder, "*"):
        if ENTRY.fullmatch(path.name) and path.name.startswith(path.parent.name):
            yield path


def _partials(folder: Path) -> Iterator[Path]:
    """Temporary files of writes that were cut short (a killed build)."""
    return _files(folder, ".*.part")


def _files(folder: Path, pattern: str) -> Iterator[Path]:
    """What matches ``pattern`` in the ``<kk>/`` folders of ``folder``, links not followed: a
    ``<kk>`` that is a link to a folder elsewhere is not the cache's, and pruning or
    ``pnp clean`` must not remove what is there."""
    for sub in sorted(folder.glob("??")):
        if sub.is_dir() and not sub.is_symlink():
            yield from (path for path in sub.glob(pattern) if not path.is_symlink())
