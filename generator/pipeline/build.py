"""The pipeline, top to bottom: check -> preflight -> draw -> write, on every core.

``check`` loads each game's card data and runs its rule engine, then renders every face in
every language to SVG text (:mod:`generator.pipeline.checking`): with each output kind's
preflight at the papers asked for, all that ``pnp validate`` reports. ``build`` goes on from
there without waiting for the other games: it draws each distinct face once and writes each
output kind of each game and language as soon as the faces it places are drawn
(:mod:`generator.pipeline.printing`). Files are staged and put in place together only when
every one of them has been made, so a build that fails on its last file leaves every earlier
output as it was; problems of every game and kind are reported together.

The cache is looked up in one module, :mod:`generator.pipeline.remembered`: by the fast path
before any of this is imported, by the check for each game and language, and by the printing
for each file.
"""

from __future__ import annotations

import contextlib
import math
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from generator import language_rules, outputs
from generator.languages import AS_WRITTEN, REQUIRED, Languages
from generator.load.catalog import requested_games
from generator.load.expansions import Expansion, of_game
from generator.model import Game
from generator.options import Options
from generator.outputs import Progress
from generator.palettes import STANDARD
from generator.pipeline.checking import Checking, Games, Preflight
from generator.pipeline.fastpath import Built, identity, remember_build
from generator.pipeline.front import found_engine
from generator.pipeline.inputs import GameInputs, game_inputs
from generator.pipeline.printing import Printing
from generator.pipeline.remembered import Verdict, remember_verdict, verdict
from generator.pipeline.request import EVERY_PAPER, BuildRequest, Vision
from generator.pipeline.tasks import Tasks
from generator.problems import Problem, UsageError
from generator.render import fonts
from generator.runtime.cache import Cache, key
from generator.runtime.timing import Stopwatch
from generator.runtime.workers import Workers
from generator.runtime.writer import Writer, output_folder_problem


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
    games = Games(data_dir, requested_games(data_dir, names), expansions, languages, STANDARD)
    with Workers(jobs) as workers:
        tasks = Tasks(games.names, workers, stopwatch or Stopwatch())
        checking = Checking(games, tasks, Preflight(tasks, wanted, vision))
        checking.start()
        tasks.finish()
    return checking.in_order()


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
    kinds = outputs.kinds_identity()
    inputs: dict[str, GameInputs] = {}
    known: dict[str, Verdict] = {}
    every = requested_games(data_dir, names)
    for name in every:
        engine = found_engine(data_dir, name)
        if store is None or isinstance(engine, Problem):
            continue
        laid = of_game(expansions, name)
        inputs[name] = game_inputs(data_dir, name, identity(engine), laid, languages)
        if (found := verdict(store, inputs[name], papers, kinds)) is not None:
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
        known[game.id] = Verdict(game.name, decks, tuple(game.locales), notes)
        if store is not None and game.id in inputs:
            remember_verdict(store, inputs[game.id], papers, kinds, known[game.id])
    return [known[name] for name in every]


def build(
    request: BuildRequest, stopwatch: Stopwatch | None = None, progress: Progress | None = None
) -> Built:
    """Check, then write every wanted output of every requested game and language; returns
    what was written, what an earlier build wrote that this one did not, which is removed
    (:func:`~generator.pipeline.sweep.sweep`), and a line for each translation in progress
    left out. Nothing appears in the output folder, and nothing is removed, until every file
    has been made."""
    if out_problem := output_folder_problem(request.out_dir):
        raise UsageError(f"--out {request.out_dir}: {out_problem}")
    writer = Writer(request.out_dir)
    fonts.preload()
    if request.jobs > 1:
        _share_language_data(request.langs or REQUIRED)
    names = requested_games(request.data_dir, request.games)
    palette = request.options.palette
    games = Games(request.data_dir, names, request.expansions, request.languages, palette)
    with _cache(request.cache) as cache, Workers(request.jobs) as workers:
        tasks = Tasks(names, workers, stopwatch or Stopwatch(), progress)
        printing = Printing(tasks, games, request, writer, cache)
        try:
            Checking(games, tasks, printing).start()
            tasks.finish()
            return _finish(request, printing, writer, cache)
        finally:
            writer.discard()


def _share_language_data(langs: Sequence[str]) -> None:
    """Load CLDR's data of each language (how it writes numbers, its plural rules: about 2 MB
    a language) before the workers fork, so that they share it instead of each loading its
    own copy when it first renders a face."""
    for lang in langs:
        language_rules.babel_locale(lang).plural_form  # noqa: B018  (loads the whole locale)


def _finish(request: BuildRequest, printing: Printing, writer: Writer, cache: Cache) -> Built:
    """Put every file in place, remember the build and remove what the one before it wrote
    and this one did not."""
    changed = set(writer.commit())
    written = [file._replace(changed=file.path in changed) for file in printing.written()]
    names = printing.games.names
    notes = tuple(note for name in names for note in printing.notes.get(name, []))
    removed = remember_build(
        [printing.inputs[name] for name in names],
        request.langs,
        request.printings,
        request.out_dir,
        written,
        cache,
        notes,
        outputs.kinds_identity(),
    )
    _prune(cache)
    return Built(written, removed, notes)


PRUNE_EVERY = 3600.0
"""Seconds between two prunes of the cache: pruning looks at every entry (some ten thousand
after a few days of builds), a quarter of the time of a rebuild after a one-text edit, while
an hour of builds adds little past the cache's limit."""


def _prune(cache: Cache) -> None:
    """Remove the entries used least recently past the cache's limit, unless that was done
    less than :data:`PRUNE_EVERY` ago (or the clock went back since)."""
    entry, now = key("pruned"), time.time()
    last = cache.get(entry)
    try:
        when = float(last or b"nan")
    except ValueError:  # not a time: as if never pruned
        when = math.nan
    if 0 <= now - when < PRUNE_EVERY:
        return
    cache.prune()
    cache.put(entry, repr(now).encode())


@contextlib.contextmanager
def _cache(folder: Path | None) -> Iterator[Cache]:
    """The cache in ``folder``; without one, a folder of this build's own, removed after it
    (the faces still pass between the processes of the build through it)."""
    if folder is not None:
        yield Cache(folder)
        return
    with tempfile.TemporaryDirectory(prefix="pnp-build-") as scratch:
        yield Cache(Path(scratch))
