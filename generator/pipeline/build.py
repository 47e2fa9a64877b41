"""The pipeline, top to bottom: check -> draw -> write, on every core.

``check`` loads each game's card data and runs its rule engine (a task per game), then renders
every face in every language to SVG text (a task per game and language): all that ``pnp
validate`` reports, with each output kind's preflight at the papers asked for. ``build`` goes
on from there without waiting for the other games: it draws each distinct face once, in small
batches on every core, skipping those the cache holds (:mod:`generator.render.store`), and
writes each output kind of each game and language as soon as the faces it places are drawn.
Files are staged and put in place together only when every one of them has been made, so a
build that fails on its last file leaves every earlier output as it was; problems of every game
and kind are reported together.

Every task is a plain function of picklable values (:mod:`generator.runtime.workers`), so the files
are byte-identical with one worker or many, whatever the cache held.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator import outputs
from generator.games.base import GameEngine, TellApart
from generator.games.registry import find_engine, no_engine
from generator.geometry.sizes import PAPERS, Paper
from generator.languages import AS_WRITTEN, Languages
from generator.load.catalog import load_game, requested_games
from generator.load.expansions import Expansion, of_game
from generator.model import Draft, Game, chosen
from generator.options import on_papers
from generator.outputs import Job, Options, OutputKind, Progress, Written
from generator.palettes import STANDARD
from generator.pipeline.fastpath import (
    Built,
    Listed,
    Verdict,
    check_key,
    identity,
    listed,
    listing,
    remember_build,
)
from generator.pipeline.inputs import GameInputs, game_inputs
from generator.problems import DataError, Problem, UsageError, across_languages
from generator.render import fonts
from generator.render.faces import FaceSet, batches, drawing, render_faces
from generator.render.store import ArtStore
from generator.runtime.cache import MAX_LISTED, Cache, json_payload
from generator.runtime.cache import key as cache_key
from generator.runtime.timing import Stopwatch
from generator.runtime.versions import build_date
from generator.runtime.workers import Workers, default_jobs
from generator.runtime.writer import Writer, output_folder_problem
from generator.vision import check as colour_vision

EVERY_PAPER = tuple(Options(paper=paper) for paper in PAPERS.values())
"""What ``pnp validate`` checks against: a game that passes prints on any paper."""


@dataclass(frozen=True)
class BuildRequest:
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)
    cache: Path | None = None
    """Where drawn faces are kept between builds; ``None``: nowhere (``--no-cache``)."""
    jobs: int = field(default_factory=default_jobs)
    expansions: tuple[Expansion, ...] = ()
    """Laid over the games they extend (``--with``), in order."""
    languages: Languages = AS_WRITTEN
    """The languages made beyond the locale files (``--lang qps``, ``--fallback``)."""
    papers: tuple[Paper, ...] = ()
    """Every paper to print on, each with :attr:`options`; none: the options' own paper."""

    @property
    def printings(self) -> tuple[Options, ...]:
        """The options of each paper printed on, in the order asked, each once."""
        return on_papers(self.options, self.papers)

    @property
    def outputs(self) -> list[tuple[Options, OutputKind]]:
        """What is made of each game in each language: every wanted kind on each paper, in
        order; a kind that prints on no paper (the PNG faces) once, with the first."""
        printings = self.printings
        return [
            (options, kind)
            for options in printings
            for kind in outputs.OUTPUTS
            if kind.wanted(options) and (kind.on_paper or options is printings[0])
        ]


@dataclass(frozen=True)
class Vision:
    """Asks :func:`check` for the colour-vision check (:mod:`generator.vision`), its faces
    drawn into the cache in ``cache`` (``None``: kept nowhere)."""

    cache: Path | None


@dataclass
class Checked:
    """A game that passed the check, with its rule engine and its faces rendered in every
    language."""

    game: Game
    engine: GameEngine
    faces: dict[str, FaceSet] = field(default_factory=dict)


def check(
    data_dir: Path,
    names: tuple[str, ...] = (),
    wanted: Sequence[Options] = EVERY_PAPER,
    stopwatch: Stopwatch | None = None,
    jobs: int = 1,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
    vision: Vision | None = None,
) -> list[Game]:
    """Load, validate and preflight ``names`` (every game when empty), with ``expansions``
    laid over the games they extend and the ``languages`` made, for each of ``wanted``, and
    with ``vision`` look at them as people who see colour differently do; raises DataError
    with every problem of every game."""
    fonts.preload()
    with Workers(jobs) as workers:
        run = _Run(data_dir, names, workers, stopwatch or Stopwatch(), None, expansions, languages)

        def checked(game: Checked) -> None:
            run.preflight(game, wanted)
            if vision is not None:
                run.look(game, vision)

        run.on_checked = checked
        run.start()
        run.finish()
    return [checked.game for checked in run.checked]


def validate(
    data_dir: Path,
    names: tuple[str, ...] = (),
    wanted: Sequence[Options] = EVERY_PAPER,
    jobs: int = 1,
    cache: Path | None = None,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> list[Verdict]:
    """:func:`check`, remembering each game that passed under the digest of its inputs: a
    game unchanged since it last passed is not loaded again (``cache``: where to keep it)."""
    store = Cache(cache) if cache else None
    papers = tuple(options.paper.name for options in wanted)
    keys: dict[str, str] = {}
    known: dict[str, Verdict] = {}
    every = requested_games(data_dir, names)
    for name in every:
        engine = find_engine(name)
        if store is None or engine is None:
            continue
        laid = of_game(expansions, name)
        inputs = game_inputs(data_dir, name, identity(engine), laid, languages)
        keys[name] = check_key(inputs, papers)
        if (found := store.parsed(keys[name], Verdict.unpack, MAX_LISTED)) is not None:
            known[name] = found
    unknown = tuple(name for name in every if name not in known)
    vision = Vision(cache)
    checked = (
        check(data_dir, unknown, wanted, None, jobs, expansions, languages, vision)
        if unknown
        else []
    )
    for game in checked:
        decks = tuple((deck.id, len(deck.cards)) for deck in game.decks)
        notes = tuple(game.left_out((), "check", named=False))
        verdict = Verdict(game.name, decks, tuple(game.locales), notes)
        known[game.id] = verdict
        if store is not None and game.id in keys:
            store.put(keys[game.id], verdict.pack())
    return [known[name] for name in every]


def preflight(game: Game, engine: GameEngine, wanted: Sequence[Options]) -> list[Problem]:
    """What every output kind wanted by any of ``wanted`` would hit. A problem found on some of
    the papers but not all says which (a handout's text may fit A4 and overflow Letter)."""
    papers: dict[Problem, list[str]] = {}
    for kind in outputs.OUTPUTS:
        runs = [options for options in wanted if kind.wanted(options)]
        for options in runs if kind.per_paper else runs[:1]:
            on = [options.paper.name] if kind.per_paper else [o.paper.name for o in runs]
            for problem in kind.preflight(game, engine, options):
                papers.setdefault(problem, []).extend(on)
    every = {options.paper.name for options in wanted}
    return [_on_papers(problem, found, every) for problem, found in papers.items()]


def _on_papers(problem: Problem, found: list[str], every: set[str]) -> Problem:
    """A problem found on one paper only names it, unless its message does already."""
    names = list(dict.fromkeys(found))
    if len(names) == 1 == len(every) or any(f"{name} paper" in problem.what for name in names):
        return problem
    if set(names) == every:
        return problem
    return replace(problem, what=f"{problem.what} (on {', '.join(names)} paper)")


def build(
    request: BuildRequest, stopwatch: Stopwatch | None = None, progress: Progress | None = None
) -> Built:
    """Check, then write every wanted output of every requested game and language; returns
    what was written, what an earlier build wrote that this one did not, which is removed
    (:func:`~generator.pipeline.fastpath.sweep`), and a line for each translation in progress left
    out. Nothing appears in the output folder, and nothing is removed, until every file has been
    made."""
    out_problem = output_folder_problem(request.out_dir)
    if out_problem:
        raise UsageError(f"--out {request.out_dir}: {out_problem}")
    writer = Writer(request.out_dir)
    fonts.preload()
    with _cache(request.cache) as cache, Workers(request.jobs) as workers:
        run = _Run(
            request.data_dir,
            request.games,
            workers,
            stopwatch or Stopwatch(),
            progress,
            request.expansions,
            request.languages,
            request.options.palette,
        )
        printing = _Printing(run, request, writer, cache)
        run.on_checked = printing.start
        run.shortcut = printing.restore_game
        run.rendered_before = printing.rendered_before
        run.on_rendered = printing.remember_rendered
        try:
            run.start()
            run.finish()
            changed = set(writer.commit())
            written = [file._replace(changed=file.path in changed) for file in printing.written()]
            notes = tuple(note for name in run.names for note in printing.notes.get(name, []))
            removed = remember_build(
                [printing.inputs[name] for name in run.names],
                request.langs,
                request.printings,
                request.out_dir,
                written,
                cache,
                notes,
            )
            cache.prune()
        finally:
            writer.discard()
    return Built(written, removed, notes)


@contextlib.contextmanager
def _cache(folder: Path | None) -> Iterator[Cache]:
    """The cache in ``folder``; without one, a folder of this build's own, removed after it
    (the faces still pass between the processes of the build through it)."""
    if folder is not None:
        yield Cache(folder)
        return
    with tempfile.TemporaryDirectory(prefix="pnp-build-") as scratch:
        yield Cache(Path(scratch))


class _Run:
    """The tasks of one check or build in flight, each with what to do with its result.

    Problems are kept per game, so they are reported in the order of the games whatever
    order the workers finished in. The progress shown counts tasks, and gives their total
    only once it is known, never to grow: when no task that may start others (loading a
    game, rendering a language) is pending, every face to draw has its task, and every file
    to write has its task or is counted ahead (:meth:`plan`)."""

    def __init__(
        self,
        data_dir: Path,
        names: tuple[str, ...],
        workers: Workers,
        stopwatch: Stopwatch,
        progress: Progress | None = None,
        expansions: tuple[Expansion, ...] = (),
        languages: Languages = AS_WRITTEN,
        palette: str = STANDARD,
    ) -> None:
        self.data_dir = data_dir
        self.expansions = expansions
        self.languages = languages
        self.palette = palette
        """The palette the games print in (a build's options choose it; a check renders in
        the standard one: no palette changes what fits where)."""
        self.names = requested_games(data_dir, names)
        self.workers = workers
        self.stopwatch = stopwatch
        self.progress = progress
        self.pending: dict[Future[Any], Callable[[Any], str | None]] = {}
        self.planning: set[Future[Any]] = set()
        """The pending tasks whose results may start more: the total is not known yet."""
        self.problems: dict[str, list[tuple[tuple[Any, ...], list[Problem]]]] = {
            name: [] for name in self.names
        }
        self.checked: list[Checked] = []
        self.on_checked: Callable[[Checked], None] = lambda checked: None
        self.shortcut: Callable[[str, GameEngine], bool] = lambda name, engine: False
        self.rendered_before: Callable[[str, str], bool] = lambda game, lang: False
        self.on_rendered: Callable[[str, str], None] = lambda game, lang: None
        self.usage: list[str] = []
        self.done = 0
        self.total = 0

    def submit(
        self,
        then: Callable[[Any], str | None],
        work: Callable[..., Any],
        *args: Any,
        plans: bool = False,
        planned: bool = False,
    ) -> None:
        """Run ``work(*args)``, then ``then`` on its result in this process; what ``then``
        returns names the step in the progress shown, if it is worth a line (files made).
        ``plans``: ``then`` may submit more tasks; ``planned``: :meth:`plan` counted it."""
        self.total += 0 if planned else 1
        future = self.workers.submit(work, *args)
        self.pending[future] = then
        if plans:
            self.planning.add(future)

    def plan(self, count: int) -> None:
        """Count ``count`` tasks that will be submitted later, once what they wait for is done
        (the files that place faces still being drawn), so the total shown never grows."""
        self.total += count

    def start(self) -> None:
        for name in self.names:
            engine = find_engine(name)
            if engine is None:
                what = no_engine(name)
                self.found(name, (0,), [Problem(f"{name}/game.yaml", 0, "", what)])
                continue
            if not self.shortcut(name, engine):
                laid = of_game(self.expansions, name)
                args = (self.data_dir, name, engine, laid, self.languages)
                self.submit(functools.partial(self._loaded, engine), _load, *args, plans=True)

    def finish(self) -> None:
        """Wait for every task (and those they start); raise what went wrong, all of it."""
        while self.pending:
            finished, _ = wait(self.pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=list(self.pending).index):
                label = self.pending.pop(future)(future.result())
                self.planning.discard(future)
                self.done += 1
                if self.progress:
                    known = None if self.planning else self.total
                    self.progress(label or "", self.done, known)
        problems = [p for name in self.names for p in across_languages(self.of_game(name))]
        if problems:
            raise DataError(problems)
        if self.usage:
            raise UsageError("; ".join(self.usage))
        order = {name: index for index, name in enumerate(self.names)}
        self.checked.sort(key=lambda checked: order[checked.game.id])

    def _loaded(
        self, engine: GameEngine, result: tuple[Game, list[Problem], dict[str, float]]
    ) -> None:
        game, problems, seconds = result
        self._time(seconds)
        if problems:
            self.found(game.id, (0,), problems)
            return
        try:
            game = game.in_palette(self.palette)
        except UsageError as error:
            self.usage.append(str(error))
            return
        checked = Checked(game, engine)
        for lang in game.locales:
            if self.rendered_before(game.id, lang):
                self._rendered(checked, lang, [(FaceSet(), [])])
                continue
            parts: list[tuple[FaceSet, list[Problem]] | None] = [None] * len(game.decks)
            for number, deck in enumerate(game.decks):  # a deck a task: one language on 2 cores
                then = functools.partial(self._deck_rendered, checked, lang, parts, number)
                self.submit(then, _render, game, lang, deck.id, plans=True)
            if not game.decks:
                self._rendered(checked, lang, [])

    def _deck_rendered(
        self,
        checked: Checked,
        lang: str,
        parts: list[tuple[FaceSet, list[Problem]] | None],
        number: int,
        result: tuple[FaceSet, list[Problem], dict[str, float]],
    ) -> None:
        faces, problems, seconds = result
        self._time(seconds)
        parts[number] = (faces, problems)
        if all(part is not None for part in parts):
            self._rendered(checked, lang, [part for part in parts if part is not None])

    def _rendered(
        self, checked: Checked, lang: str, parts: list[tuple[FaceSet, list[Problem]]]
    ) -> None:
        """Every deck of ``lang`` rendered: its faces in deck order, its problems too."""
        faces = FaceSet()
        problems = []
        for part, found in parts:
            faces.update(part)
            problems += found
        self.found(checked.game.id, (1, lang), problems)
        checked.faces[lang] = faces
        if not problems:
            self.on_rendered(checked.game.id, lang)
        if len(checked.faces) == len(checked.game.locales) and not self.of_game(checked.game.id):
            self.checked.append(checked)
            self.on_checked(checked)

    def preflight(self, checked: Checked, wanted: Sequence[Options]) -> None:
        game, then = checked.game, functools.partial(self._preflighted, checked.game.id)
        self.submit(then, preflight, game, checked.engine, wanted)

    def _preflighted(self, game: str, problems: list[Problem]) -> None:
        self.found(game, (2,), problems)

    def look(self, checked: Checked, vision: Vision) -> None:
        """Look at the game's cards as people who see colour differently do, if its engine
        says what players must tell apart."""
        game = checked.game
        pools = checked.engine.distinctions(game)
        if pools:
            faces = checked.faces[colour_vision.language(game)]
            then = functools.partial(self._looked, game.id)
            self.submit(then, _look, game, pools, faces, vision.cache)

    def _looked(self, game: str, problems: list[Problem]) -> None:
        self.found(game, (2, 1), problems)

    def found(self, game: str, order: tuple[Any, ...], problems: list[Problem]) -> None:
        """Keep ``problems`` of ``game`` with where in the pipeline they were found (stage,
        language, kind), to report them in that order whichever worker finished first."""
        if problems:
            self.problems[game].append((order, problems))

    def of_game(self, game: str) -> list[Problem]:
        return [p for _, found in sorted(self.problems[game], key=lambda f: f[0]) for p in found]

    def _time(self, seconds: dict[str, float]) -> None:
        for stage, spent in seconds.items():
            self.stopwatch.seconds[stage] = self.stopwatch.seconds.get(stage, 0.0) + spent


class _Printing:
    """The writing half of a build: draws the faces of each checked game, then writes each
    output kind of each of its languages."""

    def __init__(self, run: _Run, request: BuildRequest, writer: Writer, cache: Cache) -> None:
        self.run = run
        self.request = request
        self.writer = writer
        self.cache = cache
        self.drawing: dict[str, list[int]] = {}
        self.waiting: dict[int, set[str]] = {}
        self.results: dict[tuple[int, int], list[Written]] = {}
        self.jobs: list[Job] = []
        self.inputs: dict[str, GameInputs] = {}
        self.pending_kinds: dict[int, list[tuple[int, OutputKind]]] = {}
        self.restored: dict[tuple[str, str, int], list[Written]] = {}
        self.outputs = request.outputs
        self.notes: dict[str, list[str]] = {}
        """Each game's translations in progress the build leaves out, one line each."""

    def restore_game(self, name: str, engine: GameEngine) -> bool:
        """Take every output of game ``name`` from the cache if its inputs are unchanged since a
        build made them; whether that was all of them (else the game is loaded and checked)."""
        laid = of_game(self.run.expansions, name)
        engine_id, languages = identity(engine), self.run.languages
        inputs = game_inputs(self.run.data_dir, name, engine_id, laid, languages)
        self.inputs[name] = inputs
        drafts = _drafts(self.cache.get(_checked_key(inputs)))
        if drafts is None or any(lang in drafts for lang in self.request.langs):
            return False  # every language is checked, even those not printed
        langs = self._langs(name, inputs.languages(), drafts)
        found = {
            (lang, index): self._lookup(inputs, lang, index)
            for lang in langs
            for index in range(len(self.outputs))
        }
        if any(files is None for files in found.values()):
            return False
        for (lang, index), files in found.items():
            self.restored[(name, lang, index)] = self._use(files or [])
        self._left_out(name, drafts)
        return True

    def rendered_before(self, game: str, lang: str) -> bool:
        """Whether the faces of ``game`` in ``lang`` need not be rendered: they rendered
        without a problem before from the same inputs, and every output in that language is
        in the cache (a translator's edit in one language renders only that one)."""
        inputs = self.inputs[game]
        if self.cache.get(_rendered_key(inputs, lang)) is None:
            return False
        wanted = lang in self.request.langs or not self.request.langs
        made = range(len(self.outputs))
        return not wanted or all(self._lookup(inputs, lang, index) is not None for index in made)

    def remember_rendered(self, game: str, lang: str) -> None:
        self.cache.put(_rendered_key(self.inputs[game], lang), b"ok")

    def _lookup(self, inputs: GameInputs, lang: str, index: int) -> Listed | None:
        """The files of output ``index`` (of :attr:`BuildRequest.outputs`) as the cache has
        them (see :func:`fastpath.listed`)."""
        options, kind = self.outputs[index]
        entry = _output_key(inputs, lang, kind, options)
        return listed(entry, self.request.out_dir, self.cache)

    def _use(self, files: Listed) -> list[Written]:
        """Stage the restored files the output folder lacks; what the output is."""
        for file, _, data in files:
            if data is not None:
                self.writer.write_bytes(file.path, data)
        return [file for file, _, _ in files]

    def start(self, checked: Checked) -> None:
        """Draw the faces of ``checked`` not drawn yet; write what needs none at once."""
        game = checked.game
        inputs = self.inputs[game.id]
        self.cache.put(_checked_key(inputs), _drafts_entry(game.drafts))
        self._left_out(game.id, game.drafts)
        arts = ArtStore(self.cache)
        if self.request.options.only_expansion:
            game = game.expansion_part()
            if not game.decks:
                self.run.usage.append(
                    f"--only-expansion: {game.name} adds or replaces no cards of {game.id}"
                )
                return
        for lang in self._langs(game.id, [*game.locales, *game.drafts], game.drafts):
            faces = checked.faces[lang]
            job = Job(
                out_dir=self.request.out_dir,
                options=self.request.options,
                writer=self.writer,
                game=game,
                engine=checked.engine,
                lang=lang,
                faces=faces.only(game) if game.part else faces,
                arts=arts,
            )
            self.jobs.append(job)
            number = len(self.jobs) - 1
            kinds = []
            for index, (_, kind) in enumerate(self.outputs):
                files = self._lookup(inputs, lang, index)
                if files is None:
                    kinds.append((index, kind))
                else:
                    self.results[(number, index)] = self._use(files)
            if kinds and not job.faces.named:  # skipped as cached, and the cache lost an output
                job = self.jobs[number] = replace(job, faces=render_faces(game, lang)[0])
            if not any(kind.draws_faces for _, kind in kinds):
                self.waiting[number] = set()
                for index, kind in kinds:
                    self._write(number, index, kind)
                continue
            missing = {entry for entry in job.faces.svgs if not arts.has(entry)}
            self.waiting[number] = missing
            new = [e for e in job.faces.svgs if e in missing and e not in self.drawing]
            for entry in missing:
                self.drawing.setdefault(entry, []).append(number)
            for entries in batches(new):
                batch = [
                    (e, job.faces.svgs[e], job.faces.templates[e], job.faces.first[e])
                    for e in entries
                ]
                self.run.submit(self._drawn, _draw, self.cache.folder, job.game, lang, batch)
            self.pending_kinds[number] = kinds
            for index, kind in kinds:
                if not (kind.draws_faces and missing):
                    self._write(number, index, kind)
            if missing:  # the rest are written once every face they place is drawn
                self.run.plan(sum(kind.draws_faces for _, kind in kinds))

    def _langs(self, game: str, ships: list[str], drafts: Mapping[str, Draft]) -> list[str]:
        """The languages to print: all ``game`` ships but its translations in progress, or
        every one asked for, which it must have (a language silently left out is a print run
        missing a deck), whole (:func:`~generator.model.chosen`)."""
        try:
            return chosen(game, self.request.langs, ships, drafts, "build")
        except UsageError as error:
            if str(error) not in self.run.usage:
                self.run.usage.append(str(error))
        except DataError as error:
            self.run.found(game, (0,), error.problems)
        return []

    def _left_out(self, game: str, drafts: Mapping[str, Draft]) -> None:
        """Say which translations in progress of ``game`` a build of every language leaves
        out."""
        if not self.request.langs:
            self.notes[game] = [str(draft.progress("build")) for draft in drafts.values()]

    def _drawn(self, result: tuple[str, list[str], list[Problem], dict[str, float]]) -> None:
        game, drawn, problems, seconds = result
        self.run._time(seconds)
        self.run.found(game, (3,), sorted(problems))
        for entry in drawn:
            for number in self.drawing.pop(entry, []):
                self.waiting[number].discard(entry)
                if not self.waiting[number]:
                    for index, kind in self.pending_kinds[number]:
                        if kind.draws_faces:
                            self._write(number, index, kind, planned=True)

    def _write(self, number: int, index: int, kind: OutputKind, planned: bool = False) -> None:
        options = self.outputs[index][0]
        job = replace(self.jobs[number], writer=None, stopwatch=None)  # type: ignore[arg-type]
        job = replace(job, options=options)
        inputs = self.inputs[job.game.id]
        entry = _output_key(inputs, job.lang, kind, options)
        self.run.submit(
            functools.partial(self._written, number, index),
            _write,
            kind,
            job,
            os.getpid(),
            self.cache.folder,
            entry,
            planned=planned,
        )

    def _written(
        self,
        number: int,
        index: int,
        result: tuple[list[Written], Any, list[Problem], dict[str, float]],
    ) -> str | None:
        written, handed, problems, seconds = result
        self.run._time(seconds)
        self.writer.adopt(handed)
        self.results[(number, index)] = written
        job = self.jobs[number]
        self.run.found(job.game.id, (4, job.lang, index), problems)
        if not written:
            return None
        paper = written[0].paper if len(self.request.printings) > 1 else ""
        return f"done: {job.game.name} {job.lang} {written[0].kind}{f' ({paper})' if paper else ''}"

    def written(self) -> list[Written]:
        """What was written, game by game, language by language, paper by paper, kind by
        kind."""
        made = {
            (job.game.id, job.lang, index): files
            for (number, index), files in self.results.items()
            for job in (self.jobs[number],)
        }
        made.update(self.restored)
        order = {name: position for position, name in enumerate(self.run.names)}
        return [
            file
            for _, files in sorted(made.items(), key=lambda item: (order[item[0][0]], item[0][1:]))
            for file in files
        ]


def _checked_key(inputs: GameInputs) -> str:
    """A game whose every file, in every language, passed the check of a build: its entry
    holds the game's translations in progress (:func:`_drafts_entry`)."""
    return cache_key("checked", inputs.all())


def _drafts_entry(drafts: Mapping[str, Draft]) -> bytes:
    """A game's translations in progress, as its checked entry keeps them."""
    return json.dumps([[d.lang, d.file, d.has, d.texts] for d in drafts.values()]).encode()


def _drafts(entry: bytes | None) -> dict[str, Draft] | None:
    """The translations in progress a checked entry holds; ``None`` without one (or with
    what :func:`_drafts_entry` does not write)."""
    fields = json_payload(entry) if entry is not None else None
    if not isinstance(fields, list):
        return None
    try:
        drafts = [
            Draft(str(lang), str(file), int(has), int(texts)) for lang, file, has, texts in fields
        ]
    except (ValueError, TypeError):  # not four fields, or a count that is no number
        return None
    return {draft.lang: draft for draft in drafts}


def _rendered_key(inputs: GameInputs, lang: str) -> str:
    """A language whose faces all rendered without a problem (the check of it)."""
    return cache_key("rendered", inputs.language(lang))


def _output_key(inputs: GameInputs, lang: str, kind: OutputKind, options: Options) -> str:
    """What one kind of output of a game in a language is made from: that language's inputs,
    the kind and the options (and the build date a PDF states)."""
    settings = repr(sorted(vars(kind).items()))  # a kind made with settings (a test's)
    made_by = f"{type(kind).__module__}.{type(kind).__qualname__} {kind.name} {settings}"
    return cache_key("output", inputs.language(lang), made_by, repr(options), build_date())


# The tasks: plain functions of picklable values, run by a worker process.


def _load(
    data_dir: Path,
    name: str,
    engine: GameEngine,
    expansions: tuple[Expansion, ...],
    languages: Languages,
) -> tuple[Game, list[Problem], dict[str, float]]:
    """Read a game with its expansions and run its rule engine on the merged game; rules run
    only on well-formed data."""
    stopwatch = Stopwatch()
    with stopwatch.stage("load+validate"):
        problems: list[Problem] = []
        game = load_game(data_dir, name, engine, problems, expansions, languages)
        if not problems:
            problems += engine.validate(game)
    return game, problems, stopwatch.seconds


def _render(game: Game, lang: str, deck: str) -> tuple[FaceSet, list[Problem], dict[str, float]]:
    stopwatch = Stopwatch()
    with stopwatch.stage("template"):
        faces, problems = render_faces(game, lang, (deck,))
    return faces, problems, stopwatch.seconds


def _look(game: Game, pools: list[TellApart], faces: FaceSet, folder: Path | None) -> list[Problem]:
    """What looks alike in ``game`` to people who see colour differently, as problems, in
    every palette it prints in (``faces``: its faces in its own palette; the others' fronts
    are rendered here, only those of the decks looked at)."""
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


def _draw(
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


def _write(
    kind: OutputKind, job: Job, owner: int, folder: Path, entry: str
) -> tuple[list[Written], Any, list[Problem], dict[str, float]]:
    """Preflight and write one kind of file of one game in one language, staged by a writer
    of this process for the build's (``owner``); the files are kept in the cache under
    ``entry``, for a later build with the same inputs."""
    stopwatch = Stopwatch()
    writer = Writer(job.out_dir, owner)
    job = replace(job, writer=writer, stopwatch=stopwatch)
    try:
        problems = (
            [] if kind.checked_by_write else kind.preflight(job.game, job.engine, job.options)
        )
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
        _remember(Cache(folder), entry, written, writer)
    return written, writer.handover(), problems, stopwatch.seconds


def _remember(cache: Cache, entry: str, written: list[Written], writer: Writer) -> None:
    """Keep each file's bytes, and the list of them under ``entry``."""
    files = []
    for file in written:
        data = writer.staged[file.path].read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        cache.put(cache_key("file", digest), data)
        files.append((file, digest))
    cache.put(entry, listing(files, writer.root))
