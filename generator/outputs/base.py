"""The protocol every output kind implements, and what the build hands it.

An output kind (card sheets, handouts, a rules summary, PNG faces, and later print-shop files or
cutter layouts) is one module with one object: ``preflight`` says every problem it would hit at
the requested paper and options before anything is written, ``write`` makes its files for one
game in one language through the staging :class:`~generator.runtime.writer.Writer`. The build knows
no kind by name, so adding one is a module and a line in :data:`generator.outputs.OUTPUTS`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from generator.layout.compose import FaceArt
from generator.model import Card, Deck, Game
from generator.options import Options, file_name
from generator.problems import DataError, DrawError, Problem
from generator.render.store import ArtStore, face_key
from generator.render.templates import CardRenderer, Face
from generator.runtime.cache import Cache, default_folder
from generator.runtime.folders import Templates, shown
from generator.runtime.timing import Stopwatch
from generator.runtime.writer import Writer, Written

Progress = Callable[[str, int, int | None], None]
"""Told of each step done: what it made (or ``""``), the steps done, and how many there are
in all (``None`` while that is not known yet)."""


@dataclass
class FaceSet:
    """Every card face of one game in one language, rendered once by the check and shared by
    the output kinds: each distinct face's SVG by its key (:func:`~generator.render.store.
    face_key`), and the key of each face by its deck and name (a card id, ``<id>-back`` or
    ``back``, as :meth:`CardRenderer.faces` names them)."""

    svgs: dict[str, str] = field(default_factory=dict)
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    templates: dict[str, str] = field(default_factory=dict)
    first: dict[str, str] = field(default_factory=dict)
    """The name of the first face of each key, to name it in a problem."""

    def add(self, deck: Deck, face: Face, folder: Templates) -> None:
        entry = face_key(rendered(face.svg), folder)
        self.svgs.setdefault(entry, rendered(face.svg))
        self.named[(deck.id, face.name)] = entry
        self.templates.setdefault(entry, face.template)
        self.first.setdefault(entry, face.name)

    def update(self, other: FaceSet) -> None:
        """Add the faces of ``other`` after these (faces rendered deck by deck, elsewhere)."""
        for entry, svg in other.svgs.items():
            self.svgs.setdefault(entry, svg)
            self.templates.setdefault(entry, other.templates[entry])
            self.first.setdefault(entry, other.first[entry])
        self.named.update(other.named)

    def only(self, game: Game) -> FaceSet:
        """The faces the cards of ``game`` print (a game cut down to an expansion's cards
        draws none of the others)."""
        used = {
            entry
            for deck in game.decks
            for card in deck.cards
            for entry in (self.front(deck, card), self.back(deck, card))
        }
        return FaceSet(
            {entry: svg for entry, svg in self.svgs.items() if entry in used},
            {name: entry for name, entry in self.named.items() if entry in used},
            {entry: name for entry, name in self.templates.items() if entry in used},
            {entry: name for entry, name in self.first.items() if entry in used},
        )

    def front(self, deck: Deck, card: Card) -> str:
        return self.named[(deck.id, card.id)]

    def back(self, deck: Deck, card: Card) -> str:
        return self.named[(deck.id, f"{card.id}-back" if deck.two_sided else "back")]


def render_faces(
    game: Game, lang: str, decks: tuple[str, ...] | None = None
) -> tuple[FaceSet, list[Problem]]:
    """Render every face of ``game`` (of ``decks`` only, if given) in ``lang``: template errors,
    text that cannot fit, assets that cannot be found are problems; the faces of a game
    without any are its FaceSet."""
    renderer = CardRenderer(game, game.locales[lang])
    faces = FaceSet()
    for deck in game.decks:
        if decks is not None and deck.id not in decks:
            continue
        for face in renderer.faces(deck):
            if face.svg is not None:
                faces.add(deck, face, game.templates)
    return faces, renderer.problems


@dataclass(frozen=True)
class Job:
    """One game in one language, to be written under :attr:`folder`: its faces rendered, and
    the store that draws each once."""

    game: Game
    lang: str
    out_dir: Path
    options: Options
    writer: Writer
    faces: FaceSet = field(default_factory=FaceSet)
    arts: ArtStore = field(default_factory=lambda: ArtStore(Cache(default_folder())))
    stopwatch: Stopwatch = field(default_factory=Stopwatch)
    progress: Progress | None = None

    def art(self, entry: str) -> FaceArt:
        """The drawn face of key ``entry`` (one of :attr:`faces`); a face cairo cannot draw is
        a problem of its template."""
        template = self.faces.templates[entry]
        with drawing(self.game, template, f"{self.faces.first[entry]} ({self.lang})"):
            return self.arts.art(self.faces.svgs[entry], self.game.templates, entry)

    def report(self, what: str, done: int, total: int) -> None:
        if self.progress:
            self.progress(f"{self.game.id} {self.lang}{' ' + what if what else ''}", done, total)

    def file_name(self, kind: str, printing: bool = False) -> str:
        """``kind`` named for this job (:func:`~generator.options.file_name`): on its paper,
        in its game's palette, and, for the card sheets and their cut files (``printing``),
        with how the cards print; a summary or a handout is the same whichever way they do."""
        variants = self.options.variants() if printing else ()
        return file_name(kind, self.options.paper.name, variants, self.game.palette)

    @property
    def folder(self) -> Path:
        """Where its files go: ``OUT/<game>/<lang>`` (see :attr:`Game.name`)."""
        return self.out_dir / self.game.name / self.lang

    @property
    def title(self) -> str:
        """The document title of a PDF: the game's name in this language."""
        return str(self.game.locales[self.lang].text("title") or self.game.id)


class OutputKind(Protocol):
    """One kind of output file."""

    name: str
    """What the files are, for the build summary ("card sheets", "PNG files at 300 dpi")."""

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

    def preflight(self, game: Game, options: Options) -> list[Problem]:
        """Every problem writing this kind of ``game`` would hit, found without writing."""
        ...

    def write(self, job: Job) -> list[Written]:
        """Write this kind of file for one game in one language; what was written. Runs in a
        worker process: ``job`` and the kind itself must pickle."""
        ...


@contextlib.contextmanager
def drawing(game: Game, template: str, subject: str) -> Iterator[None]:
    """A face cairo cannot draw (validation found nothing wrong with its SVG text) is a problem
    of its template, reported like any other: the build stops and writes nothing."""
    try:
        yield
    except DrawError as error:
        file = shown(game.templates / template, game.templates)  # an expansion's, if it has it
        problem = Problem(file, 0, subject, str(error))
        raise DataError([problem]) from None


def rendered(svg: str | None) -> str:
    """A face validation already rendered without problems (so it cannot be ``None``)."""
    if svg is None:
        raise RuntimeError("a face failed to render after validation passed")
    return svg
