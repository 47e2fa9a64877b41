"""Write stage: a build's files appear all together, whole, or not at all.

Each file is written to a partial file beside its target and stays there until the whole build
has succeeded; only then :meth:`Writer.commit` renames every one into place. A build that fails
on its last game therefore leaves every earlier output as it was, and never a half-written PDF
(a rename within a folder is atomic). Partial files carry the writing process's id, so a later
build removes those a killed build left behind, and never those of a build still running.

Every path must lie inside the output folder: what a card-data file names can become a file
name, and the writer is the last place that can refuse to write anywhere else. Like Pelican's
writer, it refuses to write the same path twice in one run.
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, NamedTuple

from generator.runtime.ink import PageInk


class Written(NamedTuple):
    """A file an output kind wrote; ``kind`` names it in the command's summary."""

    path: Path
    kind: str
    pages: int = 0
    cards: int = 0
    changed: bool = True
    """Whether the build replaced the file (one with the same bytes is left as it was)."""
    saved: int = 0
    """Pages saved by decks sharing sheets (card sheets)."""
    ink: tuple[PageInk, ...] = ()
    """The ink of each page (of a PDF; of the one image of a PNG), where it was measured."""
    sides: tuple[str, ...] = ()
    """What each page of a file of cards prints: :data:`~generator.runtime.ink.FRONT` (card fronts
    only), :data:`~generator.runtime.ink.BACK` (card backs only), or ``""`` (both: a gutterfold
    page); empty for a file of no cards."""
    paper: str = ""
    """The paper a build laid it out on (``a4``); empty for a file of no paper (a PNG face)."""


PARTIAL = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[^.]+\.part")


class OutputError(Exception):
    """An output cannot be written where it should go (a file in the way, no permission, a
    full disk): the build stops, and nothing it made is left."""


class Writer:
    """Stages the files of one build under ``root`` and puts them in place together.

    A worker process of the build writes through a writer of its own, made with the build's
    ``owner`` process id (partial files are named after the build, which outlives its
    workers), and hands what it staged to the build's writer (:meth:`adopt`)."""

    def __init__(self, root: Path, owner: int | None = None) -> None:
        self.root = root
        self.owner = owner or os.getpid()
        self.staged: dict[Path, Path] = {}
        self.created: list[Path] = []

    def handover(self) -> tuple[dict[Path, Path], list[Path]]:
        """What this writer staged and the folders it made, for the build's writer."""
        staged, created = dict(self.staged), list(self.created)
        self.staged.clear()
        self.created.clear()
        return staged, created

    def adopt(self, handed: tuple[dict[Path, Path], list[Path]]) -> None:
        """Take over the files a worker's writer staged; they are committed or discarded with
        this writer's own."""
        staged, created = handed
        for path, partial in staged.items():
            if path in self.staged:
                with contextlib.suppress(FileNotFoundError):
                    partial.unlink()
                raise ValueError(f"{path} would be written twice in one build")
            self.staged[path] = partial
        self.created += [folder for folder in created if folder not in self.created]

    @contextlib.contextmanager
    def open(self, path: Path) -> Iterator[BinaryIO]:
        """A binary stream to write ``path`` through; staged on success, removed on failure.

        The stream is memory: what a library (pikepdf, reportlab, Pillow) writes lands there,
        and the file is written from it in one place, here. An error of the file system (a
        full disk, a quota, a read-only disk) then is an :class:`OutputError` naming the file,
        not an error inside a library: qpdf, writing a PDF itself, aborts the whole process
        on a full disk."""
        self._check(path)
        self._make_folder(path.parent)
        _remove_stale(path, self.owner)
        try:
            handle, partial = tempfile.mkstemp(
                prefix=f".{path.name}.{self.owner}.", suffix=".part", dir=path.parent
            )
        except OSError as error:
            raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
        buffer = io.BytesIO()
        try:
            try:
                yield buffer
            except BaseException:
                os.close(handle)
                raise
            _written(handle, buffer, path, partial)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
            raise
        self.staged[path] = Path(partial)

    def write_bytes(self, path: Path, data: bytes) -> None:
        with self.open(path) as stream:
            stream.write(data)

    def commit(self) -> list[Path]:
        """Move every staged file into place, except where the output folder already holds
        the same bytes (a build whose inputs did not change rewrites nothing: file times,
        backups and sync tools see no change); the files that changed, in order."""
        changed = []
        for path, partial in self.staged.items():
            if _same(partial, path):
                with contextlib.suppress(FileNotFoundError):
                    partial.unlink()
                continue
            try:
                os.replace(partial, path)
            except OSError as error:
                self.discard()
                raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
            changed.append(path)
        self.staged.clear()
        return changed

    def discard(self) -> None:
        """Remove every staged file and the folders this build made, leaving the output
        folder as it was."""
        for partial in self.staged.values():
            with contextlib.suppress(FileNotFoundError):
                partial.unlink()
        self.staged.clear()
        for folder in reversed(self.created):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if empty: another build's files stay
        self.created.clear()

    def _check(self, path: Path) -> None:
        if path in self.staged:
            raise ValueError(f"{path} would be written twice in one build")
        if not path.resolve().is_relative_to(self.root.resolve()):
            raise OutputError(f"refused to write {path}: it lies outside the output folder")

    def _make_folder(self, folder: Path) -> None:
        missing = [folder, *folder.parents]
        missing = [f for f in missing if not f.exists() and not f.is_symlink()]
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            blocking = next((f for f in (folder, *folder.parents) if f.is_file()), None)
            why = f"{blocking} is a file" if blocking else error.strerror or str(error)
            raise OutputError(f"cannot make the folder {folder}: {why}") from None
        self.created += reversed(missing)


def _written(handle: int, buffer: io.BytesIO, path: Path, partial: str) -> None:
    """Write what ``buffer`` holds to the open partial file of ``path`` and close it (the
    file is closed whatever happens: a disk that fails on close fails the file too), readable
    as a checkout's files are (``mkstemp`` makes it private)."""
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(buffer.getbuffer())
        os.chmod(partial, 0o644)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def _same(partial: Path, path: Path) -> bool:
    """Whether ``path`` is a file with exactly the bytes of ``partial``."""
    try:
        if not path.is_file() or path.is_symlink():
            return False
        if path.stat().st_size != partial.stat().st_size:
            return False
        return path.read_bytes() == partial.read_bytes()
    except OSError:
        return False


def _remove_stale(path: Path, owner: int) -> None:
    """Remove partial files of ``path`` left by a build that was killed (its process is gone)."""
    for partial in path.parent.glob(f".{glob.escape(path.name)}.*.part"):
        match = PARTIAL.fullmatch(partial.name)
        if match and match["name"] == path.name and not _running(int(match["pid"]), owner):
            with contextlib.suppress(OSError):
                partial.unlink()


def _running(pid: int, owner: int) -> bool:
    if pid == owner:
        return False  # this build has not started this file yet: any partial is a leftover
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def output_folder_problem(out_dir: Path) -> str | None:
    """Why files cannot be made under ``out_dir``, found before any work is done: a file in
    the way, or a folder this user may not write in."""
    existing = next(p for p in (out_dir, *out_dir.parents) if p.exists() or p.is_symlink())
    if not existing.is_dir():
        return "is a file" if existing == out_dir else f"{existing} is a file, not a folder"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"no permission to write in {existing}"
    return None
