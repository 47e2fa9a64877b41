"""The protocols every output implements, and the job each is handed.

An output kind (card sheets, handouts, a rules summary, PNG faces, a print shop's files, a
translator's proof) is one module with one object behind :class:`Output`: ``preflight`` says
every problem it would hit at the requested paper and options before anything is written,
``write`` makes its files for one game in one language, from a :class:`Job`, through the
staging :class:`~generator.runtime.writer.Writer`. The kinds a build makes are
:class:`OutputKind` s, which say too how the build schedules them; the build knows no kind by
name, so adding one is a module and a line in :data:`generator.outputs.OUTPUTS`. An output that
needs more than a job holds (a print shop's products) is handed a job that extends it
(:class:`~generator.export.job.ExportJob`, :class:`~generator.proof.output.ProofJob`).

An output of no game (the calibration sheet) is a :class:`SheetKind`, the second protocol: it
writes from a :class:`Printing`, what every job starts with (the output folder, the options and
the writer), into the output folder itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from generator.games.base import GameEngine
from generator.model import Game
from generator.options import Options, file_name
from generator.palettes import STANDARD
from generator.problems import Problem
from generator.render.art import FaceArt
from generator.render.faces import FaceSet, drawing
from generator.render.store import ArtStore
from generator.runtime.cache import Cache, default_folder
from generator.runtime.timing import Stopwatch
from generator.runtime.writer import Writer, Written

Progress = Callable[[str, int, int | None], None]
"""Told of each step done: what it made (or ``""``), the steps done, and how many there are
in all (``None`` while that is not known yet)."""


@dataclass(frozen=True)
class Printing:
    """Where files go and how they print: the output folder, the options (the paper, how the
    sheets are turned) and the writer that stages every file until all are made. A
    :class:`SheetKind` writes from this alone; a :class:`Job` adds a game."""

    out_dir: Path
    options: Options
    writer: Writer

    def file_name(self, kind: str, printing: bool = False) -> str:
        """``kind`` named for this job (:func:`~generator.options.file_name`): on its paper,
        in its :attr:`palette`, and, for the card sheets, their cut files and the calibration
        sheet (``printing``), with how the cards print; a summary or a handout is the same
        whichever way they do."""
        variants = self.options.variants() if printing else ()
        return file_name(kind, self.options.paper.name, variants, self.palette)

    @property
    def palette(self) -> str:
        """The palette its files are named after: a sheet of no game prints in the standard."""
        return STANDARD


@dataclass(frozen=True)
class Job(Printing):
    """One game in one language, to be written under :attr:`folder`: its rule engine, its
    faces rendered, and the store that draws each once."""

    game: Game
    engine: GameEngine
    """The game's rule engine, found by whoever made the job: no output looks one up."""
    lang: str
    faces: FaceSet = field(default_factory=FaceSet)
    arts: ArtStore = field(default_factory=lambda: ArtStore(Cache(default_folder())))
    stopwatch: Stopwatch = field(default_factory=Stopwatch)
    progress: Progress | None = None

    def art(self, entry: str) -> FaceArt:
        """The drawn face of key ``entry`` (one of :attr:`faces`) with its full bleed; a face
        on many cards is one key, drawn and stored once; a face cairo cannot draw is a problem
        of its template."""
        template = self.faces.templates[entry]
        with drawing(self.game, template, f"{self.faces.first[entry]} ({self.lang})"):
            return self.arts.art(self.faces.svgs[entry], self.game.templates, entry)

    def report(self, what: str, done: int, total: int) -> None:
        if self.progress:
            self.progress(f"{self.game.id} {self.lang}{' ' + what if what else ''}", done, total)

    @property
    def palette(self) -> str:
        """The game's palette."""
        return self.game.palette

    @property
    def folder(self) -> Path:
        """Where its files go: ``OUT/<game>/<lang>`` (see :attr:`Game.name`)."""
        return self.out_dir / self.game.name / self.lang

    @property
    def title(self) -> str:
        """The document title of a PDF: the game's name in this language."""
        return str(self.game.locales[self.lang].text("title") or self.game.id)


JobT = TypeVar("JobT", bound=Job, contravariant=True)


class Output(Protocol[JobT]):
    """One kind of output file of a game, written from a :class:`Job` (or a job that extends
    it with what only this output needs: ``JobT``)."""

    name: str
    """What the files are, for a summary ("card sheets", "PNG files at 300 dpi")."""

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        """Every problem writing this kind of ``game`` would hit, found without writing."""
        ...

    def write(self, job: JobT) -> list[Written]:
        """Write this kind of file for one game in one language; what was written."""
        ...


class OutputKind(Output[Job], Protocol):
    """One kind of output file a build makes, with how the build schedules it."""

    on_paper: bool
    """Whether its files are laid out on the paper: made again for each paper a build prints
    on, and named after it (the PNG faces are not: one set serves every paper)."""

    per_paper: bool
    """Whether a paper changes what the preflight finds (``pnp validate`` checks every paper:
    the rules summary's check is the same on each, and runs once)."""

    draws_faces: bool
    """Whether ``write`` places the card faces of :attr:`Job.faces`: the build draws them all
    first, each once, on every core, and starts this kind's writes when they are done."""

    checked_by_write: bool
    """Whether ``write`` raises every problem ``preflight`` would find before writing anything,
    so a build need not run the preflight too (the rules summary: both compose it)."""

    def wanted(self, options: Options) -> bool:
        """Whether a build with ``options`` makes this kind (PNG faces only on request)."""
        ...

    def write(self, job: Job) -> list[Written]:
        """Write this kind of file for one game in one language; what was written. Runs in a
        worker process: ``job`` and the kind itself must pickle."""
        ...


class SheetKind(Protocol):
    """An output of no game (the calibration sheet): nothing of a game to check, so no
    preflight; written for each paper asked for, into the output folder itself, through the
    job's writer like every other output (all its files appear together, or none)."""

    name: str

    def write(self, job: Printing) -> list[Written]:
        """Write this kind of file on the job's paper; what was written."""
        ...
