"""Write stage: every output file appears whole or not at all.

Each file is written to a temporary name in its own folder and renamed over the target only when
complete, so a build that fails half way leaves earlier outputs untouched and no partial file.
Like Pelican's writer, it refuses to write the same path twice in one run: two things claiming
one output is a bug to report, not to overwrite silently.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


class Writer:
    def __init__(self) -> None:
        self.written: list[Path] = []

    @contextlib.contextmanager
    def open(self, path: Path) -> Iterator[BinaryIO]:
        """A binary file to write ``path`` through; renamed into place on success."""
        if path in self.written:
            raise ValueError(f"{path} would be written twice in one build")
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                yield stream
            os.chmod(partial, 0o644)
            os.replace(partial, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
            raise
        self.written.append(path)

    def write_bytes(self, path: Path, data: bytes) -> None:
        with self.open(path) as stream:
            stream.write(data)
