"""What a worker runs: each stage's task as a plain function of picklable values, so the files
are byte-identical with one worker or many, whatever the cache held."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

from generator.games.base import GameEngine, TellApart
from generator.languages import Languages
from generator.load import parsed
from generator.load.expansions import Expansion
from generator.model import Game
from generator.options import Options
from generator.outputs import Job, OutputKind, Written
from generator.pipeline.front import loaded
from generator.pipeline.reads import Read, SeenFaces, read_key, remember_reads, seen
from generator.pipeline.remembered import remember
from generator.problems import DataError, Problem
from generator.render.faces import FaceSet, drawing, render_faces
from generator.render.memo import FaceMemo
from generator.render.readings import noting
from generator.render.store import ArtStore
from generator.runtime.cache import Cache
from generator.runtime.timing import Stopwatch
from generator.runtime.writer import Writer


def load(
    data_dir: Path,
    name: str,
    engine: GameEngine,
    expansions: tuple[Expansion, ...],
    languages: Languages,
    kept: Path | None = None,
) -> tuple[Game, list[Problem], dict[str, float]]:
    """Load and judge a game (:func:`~generator.pipeline.front.loaded`), timed; its files
    parsed before are found in the cache in ``kept`` (:mod:`~generator.load.parsed`)."""
    stopwatch = Stopwatch()
    with stopwatch.stage("load+validate"), parsed.kept_in(Cache(kept) if kept else None):
        game, problems = loaded(data_dir, name, engine, expansions, languages)
    return game, problems, stopwatch.seconds


class Memo(NamedTuple):
    """Where a build finds the faces it rendered before: its cache folder, and the digest of
    what a game's faces are made from but its cards and texts
    (:meth:`~generator.pipeline.inputs.GameInputs.faces_key`)."""

    folder: Path
    sources: str


def render(
    game: Game, lang: str, deck: str, memo: Memo | None = None
) -> tuple[FaceSet, list[Problem], dict[str, float]]:
    """Render the faces of one deck in one language, those of the ``memo`` found there."""
    stopwatch = Stopwatch()
    remembered = FaceMemo(Cache(memo.folder), memo.sources) if memo else None
    with stopwatch.stage("template"):
        faces, problems = render_faces(game, lang, (deck,), remembered)
    return faces, problems, stopwatch.seconds


def look(game: Game, pools: list[TellApart], faces: FaceSet, folder: Path | None) -> list[Problem]:
    """What looks alike in ``game`` to people who see colour differently, as problems, in
    every palette it prints in (``faces``: its faces in its own palette; the others' fronts
    are rendered here, only those of the decks looked at). The check is imported here: a
    build never looks, and need not load it."""
    from generator.vision import check as colour_vision

    cache = Cache(folder) if folder is not None else None
    decks = tuple(dict.fromkeys(deck for pool in pools for deck in pool.decks))
    problems = colour_vision.refused(game, pools)
    for palette in game.palettes:
        shown, drawn = game.in_palette(palette), faces
        if palette != game.palette:
            drawn, rendering = render_faces(shown, colour_vision.language(game), decks)
            problems += rendering
            if rendering:
                continue
        try:
            found = colour_vision.findings(shown, pools, drawn, cache)
        except DataError as error:  # a face cairo cannot draw
            problems += error.problems
            continue
        problems += colour_vision.problems(shown, found)
    return problems


def draw(
    folder: Path, game: Game, lang: str, batch: list[tuple[str, str, str, str]]
) -> tuple[str, list[str], list[Problem], dict[str, float]]:
    """Draw faces into the cache; a face cairo cannot draw is a problem of its template."""
    stopwatch = Stopwatch()
    arts = ArtStore(Cache(folder))
    drawn, problems = [], []
    with stopwatch.stage("parse+draw"):
        for entry, svg, template, name in batch:
            try:
                with drawing(game, template, f"{name} ({lang})"):
                    arts.art(svg, game.templates, entry)
                drawn.append(entry)
            except DataError as error:
                problems += error.problems
    return game.id, drawn, problems, stopwatch.seconds


@dataclass(frozen=True)
class Edition:
    """One game in one language, its faces rendered: all a task writing one of its files is
    handed (the worker makes the rest of its :class:`~generator.outputs.base.Job`)."""

    game: Game
    engine: GameEngine
    lang: str
    out_dir: Path
    faces: FaceSet


def write(
    kind: OutputKind,
    edition: Edition,
    options: Options,
    owner: int,
    folder: Path,
    entries: Entries,
) -> tuple[list[Written], Any, list[Problem], dict[str, float]]:
    """Preflight and write one kind of file of one game in one language, staged by a writer
    of this process for the build's (``owner``), its faces drawn by the cache in ``folder``;
    the files are kept in the cache under ``entries``, for a later build with the same inputs
    or one whose texts read the same (:mod:`~generator.pipeline.reads`)."""
    stopwatch = Stopwatch()
    writer = Writer(edition.out_dir, owner)
    words = edition.game.locales[edition.lang]
    locale, readings = noting(words)
    faces = SeenFaces(edition.faces)
    job = Job(
        out_dir=edition.out_dir,
        options=options,
        writer=writer,
        game=replace(edition.game, locales={**edition.game.locales, edition.lang: locale}),
        engine=edition.engine,
        lang=edition.lang,
        faces=faces,
        arts=ArtStore(Cache(folder)),
        stopwatch=stopwatch,
    )
    try:
        checked = kind.checked_by_write
        problems = [] if checked else kind.preflight(job.game, job.engine, job.options)
        written = [] if problems else kind.write(job)
        if kind.on_paper:
            written = [file._replace(paper=job.options.paper.name) for file in written]
    except DataError as error:
        writer.discard()
        return [], writer.handover(), error.problems, stopwatch.seconds
    except BaseException:  # a disk that fails: nothing this job staged stays behind
        writer.discard()
        raise
    if not problems:
        cache, read = Cache(folder), Read(readings.taken(), seen(faces))
        remember_reads(cache, entries.base, read)
        also = read_key(entries.base, read, words, edition.faces)
        remember(cache, (entries.exact, also), written, writer.staged, writer.root)
    return written, writer.handover(), problems, stopwatch.seconds


class Entries(NamedTuple):
    """Where an output's files are kept: under the digest of all its inputs, and of all but its
    language's texts (:func:`~generator.pipeline.reads.base_key`)."""

    exact: str
    base: str
