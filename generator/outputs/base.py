"""The protocol every output kind implements, and what the build hands it.

An output kind (card sheets, handouts, a rules summary, PNG faces, and later print-shop files or
cutter layouts) is one module with one object: ``preflight`` says every problem it would hit at
the requested paper and options before anything is written, ``write`` makes its files for one
game in one language through the staging :class:`~generator.writer.Writer`. The build knows no
kind by name, so adding one is a module and a line in :data:`generator.outputs.OUTPUTS`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, Protocol

from generator.layout.sizes import PAPERS, Paper
from generator.model import Game
from generator.problems import DataError, Problem
from generator.render import draw
from generator.timing import Stopwatch
from generator.writer import Writer

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Options:
    """What the user asked of the printed files, resolved once (the paper is a value)."""

    paper: Paper = PAPERS["a4"]
    flip: str = "long"
    png: bool = False


@dataclass(frozen=True)
class Job:
    """One game in one language, to be written under :attr:`folder`."""

    game: Game
    lang: str
    out_dir: Path
    options: Options
    writer: Writer
    stopwatch: Stopwatch = field(default_factory=Stopwatch)
    progress: Progress | None = None

    def report(self, what: str, done: int, total: int) -> None:
        if self.progress:
            self.progress(f"{self.game.id} {self.lang}{' ' + what if what else ''}", done, total)

    @property
    def folder(self) -> Path:
        """Where its files go: ``OUT/<game>/<lang>``."""
        return self.out_dir / self.game.id / self.lang

    @property
    def title(self) -> str:
        """The document title of a PDF: the game's name in this language."""
        return str(self.game.locales[self.lang].text("title") or self.game.id)


class Written(NamedTuple):
    """A file an output kind wrote; ``kind`` names it in the command's summary."""

    path: Path
    kind: str
    pages: int = 0
    cards: int = 0


class OutputKind(Protocol):
    """One kind of output file."""

    name: str
    """What the files are, for the build summary ("card sheets", "PNG files at 300 dpi")."""

    per_paper: bool
    """Whether a paper changes what the preflight finds (``pnp validate`` checks every paper:
    the rules summary's check is the same on each, and runs once)."""

    def wanted(self, options: Options) -> bool:
        """Whether a build with ``options`` makes this kind (PNG faces only on request)."""
        ...

    def preflight(self, game: Game, options: Options) -> list[Problem]:
        """Every problem writing this kind of ``game`` would hit, found without writing."""
        ...

    def write(self, job: Job) -> list[Written]:
        """Write this kind of file for one game in one language; what was written."""
        ...


@contextlib.contextmanager
def drawing(game: Game, template: str, subject: str) -> Iterator[None]:
    """A face cairo cannot draw (validation found nothing wrong with its SVG text) is a problem
    of its template, reported like any other: the build stops and writes nothing."""
    try:
        yield
    except draw.DrawError as error:
        problem = Problem(f"templates/{game.id}/{template}", 0, subject, str(error))
        raise DataError([problem]) from None


def rendered(svg: str | None) -> str:
    """A face validation already rendered without problems (so it cannot be ``None``)."""
    if svg is None:
        raise RuntimeError("a face failed to render after validation passed")
    return svg
