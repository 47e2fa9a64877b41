"""One way in for every byte pnp reads from a user's or a stranger's folder.

Card data, locales, templates, assets, expansions, PO and car files and cache entries may come
from someone else, and a folder of theirs may hold what no file of ours should be: a link to
``/etc/passwd`` or ``/dev/zero``, a named pipe that blocks whoever opens it, a file of
gigabytes. Opening such a thing is already too late (a pipe hangs, a device streams for ever,
a link has read the secret before any check refuses it), so each file is judged before it is
opened:

1. its path is resolved without opening anything (``realpath`` reads links with ``lstat`` and
   ``readlink``) and must lie inside one of the folders it may come from;
2. what is there is looked at (``lstat``): a regular file of at most the caller's limit, not
   a folder, pipe, device or socket;
3. only then it is opened at the path step 1 found, without following a link in its last
   part (``O_NOFOLLOW``) and without waiting (``O_NONBLOCK``: a pipe swapped in does not
   block), checked again on the open descriptor (``fstat``: the same file as step 2 saw,
   still regular), and read up to the limit and one byte more, never further.

This guards against what a stranger's files *are*, not against someone changing them while pnp
runs: a folder swapped for a link between steps 1 and 3 would be followed (``O_NOFOLLOW`` sees
only the last part). Such a person already writes in the user's folders.

Every refusal is a :class:`Refused` whose text completes ``<file>: ...`` in a problem line.
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

MB = 1024 * 1024
MAX_INPUT_BYTES = 16 * MB
"""The largest file of a game's folders whose digest is taken: the most any reader of them
reads (an image a template names; templates and YAML files have smaller limits). A larger file
is never read by a build, so its digest would tell nothing."""
MAX_GAME_BYTES = 256 * MB
"""The most bytes of a game's folders (its data, templates and expansions) read to take their
digests: the shipped games hold under 1 MB each."""
MAX_FILES = 10_000
"""The most files and folders a game's folder, its templates or an expansion may hold (the
largest shipped game has under a hundred)."""
CHUNK = MB
"""How much of a file is read at a time when it is only hashed."""
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""Neither exists on Windows: there step 1 alone keeps a link from leading out."""
OPENING = os.O_RDONLY | NOFOLLOW | NONBLOCK | getattr(os, "O_CLOEXEC", 0)
OPENING |= getattr(os, "O_BINARY", 0)
KINDS = {
    stat.S_IFDIR: "cannot read the file: Is a directory",
    stat.S_IFIFO: "a named pipe, not a file: refused",
    stat.S_IFCHR: "a device, not a file: refused",
    stat.S_IFBLK: "a device, not a file: refused",
    stat.S_IFSOCK: "a socket, not a file: refused",
}
"""What a problem says of each kind of thing that is not a regular file."""


class Refused(Exception):
    """A file that is not read: what is wrong, as the rest of a ``<file>: ...`` problem."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class LinksOut(Refused):
    """A path that leads out of the folders it may come from (through a link)."""

    def __init__(self, within: Within, target: str) -> None:
        super().__init__(links_out(within.name, target))


def links_out(folder: str, target: str) -> str:
    """What a problem says of a path that leads out of ``folder`` to ``target``."""
    return f"links outside {folder}/ (to {target}): refused"


class TooLarge(Refused):
    """A regular file over the caller's limit (which words it, as only it knows the kind)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"larger than {size(limit)}: refused")
        self.limit = limit


@dataclass(frozen=True)
class Within:
    """The folders a file may come from, once every link is followed; ``name`` is how a
    problem names them (``card_data``, ``templates``, an expansion's folder name). No folders:
    a file the user named on the command line, which may be anywhere (but must still be a
    file: a pipe named there would hang the command)."""

    roots: tuple[Path, ...]
    name: str = ""

    @classmethod
    def folder(cls, root: Path) -> Within:
        """Only ``root``, named by its folder name."""
        return cls((root,), root.name)

    def holds(self, path: Path) -> bool:
        """Whether ``path``, links followed, lies inside one of the folders (nothing opened)."""
        return self._holds_real(Path(os.path.realpath(path)))

    def _holds_real(self, real: Path) -> bool:
        return not self.roots or any(real.is_relative_to(root) for root in self._real_roots)

    @cached_property
    def _real_roots(self) -> tuple[str, ...]:
        """The folders with their links followed, found once (every file read asks)."""
        return tuple(os.path.realpath(root) for root in self.roots)


ANYWHERE = Within(())


def size(limit: int) -> str:
    """A limit as a message words it: ``4 MB``, ``512 KB``."""
    return f"{limit // MB} MB" if limit >= MB else f"{limit // 1024} KB"


def _judged(path: Path, within: Within, limit: int) -> tuple[str, os.stat_result]:
    """Where ``path`` leads (links inside ``within`` followed) and what is there (its own
    ``lstat``), if it is a regular file of at most ``limit`` bytes inside ``within``; else
    :class:`Refused`. Nothing is opened."""
    try:
        real = os.path.realpath(path)
    except ValueError:  # a NUL in the name, from a planted cache listing
        raise Refused("not a file name: refused") from None
    if not within._holds_real(Path(real)):
        raise LinksOut(within, real)
    try:
        found = os.lstat(real)
    except FileNotFoundError:
        raise Refused("file not found") from None
    except OSError as error:
        raise Refused(f"cannot read the file: {error.strerror or error}") from None
    kind = stat.S_IFMT(found.st_mode)
    if kind != stat.S_IFREG:
        raise Refused(KINDS.get(kind, "not a regular file: refused"))
    if found.st_size > limit:
        raise TooLarge(limit)
    return real, found


def read_bytes(path: Path, within: Within, limit: int) -> bytes:
    """The bytes of the regular file ``path`` inside ``within``, of at most ``limit`` bytes;
    :class:`Refused` for anything else (see the module's three steps)."""
    chunks, left = [], limit + 1
    with _opened(path, within, limit) as stream:
        while left > 0 and (chunk := stream.read(left)):  # a network disk may read short
            chunks.append(chunk)
            left -= len(chunk)
    if left <= 0:  # it grew since it was judged
        raise TooLarge(limit)
    return b"".join(chunks)


def digest(path: Path, within: Within, limit: int) -> str:
    """The SHA-256 of the file, read as :func:`read_bytes` reads it, a chunk at a time (a file
    only hashed is never held whole in memory)."""
    return hashed(path, within, limit)[0]


def hashed(path: Path, within: Within, limit: int) -> tuple[str, int]:
    """:func:`digest`, and how many bytes were read for it."""
    hashing, left = hashlib.sha256(), limit + 1
    with _opened(path, within, limit) as stream:
        while left > 0 and (chunk := stream.read(min(CHUNK, left))):
            hashing.update(chunk)
            left -= len(chunk)
    if left <= 0:
        raise TooLarge(limit)
    return hashing.hexdigest(), limit + 1 - left


def _opened(path: Path, within: Within, limit: int) -> io.FileIO:
    """The judged file, opened as step 3 says."""
    real, found = _judged(path, within, limit)
    try:
        stream = io.FileIO(os.open(real, OPENING), "rb")
    except OSError as error:  # a link or something else swapped in since it was judged
        raise Refused(f"cannot read the file: {error.strerror or error}") from None
    opened = os.fstat(stream.fileno())
    if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (
        found.st_dev,
        found.st_ino,
    ):
        stream.close()
        raise Refused("changed while it was read: refused")
    return stream


def entries(folder: Path, within: Within, limit: int) -> list[Path]:
    """Everything below ``folder``, sorted: files, links and whatever else is there, each
    listed, nothing opened but folders. A link to a folder inside ``within`` is listed and
    its folder's entries too, under the link's name (the loader reads through it); any other
    link is listed, never followed. :class:`Refused` past ``limit`` entries, before a
    stranger's million files are each looked at."""
    found: list[Path] = []
    seen: set[str] = set()
    folders = [folder] if os.path.isdir(folder) and within.holds(folder) else []
    while folders:
        current = folders.pop()
        if os.path.realpath(current) in seen:
            continue  # a link back to a folder already listed
        seen.add(os.path.realpath(current))
        try:
            with os.scandir(current) as listing:
                below = [Path(entry.path) for entry in listing]
        except OSError:
            continue  # unreadable: what the loader finds there is its problem to report
        if len(found) + len(below) > limit:
            raise Refused(f"more than {limit:,} files: refused")
        found += below
        folders += (path for path in below if os.path.isdir(path) and within.holds(path))
    return sorted(found)
