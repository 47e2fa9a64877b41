"""The pipeline, top to bottom: check -> preflight -> write.

``check`` loads the card data, runs the game's rule engine on it and renders every face (all that
``pnp validate`` reports), then asks every output kind what it would hit at the requested paper
and options (:mod:`generator.outputs`). Only when nothing is wrong does ``build`` write, each kind
in turn for each game and language, through a staging writer: a build that fails on its last
file leaves every earlier output as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator import outputs
from generator.catalog import load_game, requested_games
from generator.games.registry import ENGINES, find_engine
from generator.layout.sizes import PAPERS
from generator.model import Game
from generator.outputs import Job, Options, OutputKind, Progress, Written
from generator.problems import DataError, Problem, UsageError, across_languages
from generator.render.templates import CardRenderer
from generator.timing import Stopwatch
from generator.writer import Writer, output_folder_problem

EVERY_PAPER = tuple(Options(paper=paper) for paper in PAPERS.values())
"""What ``pnp validate`` checks against: a game that passes prints on any paper."""


@dataclass(frozen=True)
class BuildRequest:
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)


def check(
    data_dir: Path,
    names: tuple[str, ...] = (),
    wanted: Sequence[Options] = EVERY_PAPER,
    stopwatch: Stopwatch | None = None,
) -> list[Game]:
    """Load, validate and preflight ``names`` (every game when empty) for each of ``wanted``;
    raises DataError with every problem of every game."""
    stopwatch = stopwatch or Stopwatch()
    with stopwatch.stage("load+validate"):
        problems: list[Problem] = []
        games = [
            game
            for name in requested_games(data_dir, names)
            if (game := _check_game(data_dir, name, wanted, problems)) is not None
        ]
    if problems:
        raise DataError(problems)
    return games


def _check_game(
    data_dir: Path, name: str, wanted: Sequence[Options], problems: list[Problem]
) -> Game | None:
    """Stages gate each other: rules run on well-formed data, templates on data that obeys
    them, outputs on faces that render."""
    engine = find_engine(name)
    if engine is None:
        what = f"no rule engine for {name!r} (the project has: {', '.join(ENGINES)})"
        problems.append(Problem(f"{name}/game.yaml", 0, "", what))
        return None
    found: list[Problem] = []
    game = load_game(data_dir, name, engine, found)
    if not found:
        found += engine.validate(game)
    if not found:
        found += check_faces(game)
    if not found:
        found += preflight(game, wanted)
    problems += across_languages(found)
    return game


def check_faces(game: Game) -> list[Problem]:
    """Render every card face in every locale to SVG text: template errors, text that cannot
    fit, assets that cannot be found."""
    problems: list[Problem] = []
    for locale in game.locales.values():
        renderer = CardRenderer(game, locale)
        for deck in game.decks:
            for _ in renderer.faces(deck):
                pass
        problems += renderer.problems
    return problems


def preflight(game: Game, wanted: Sequence[Options]) -> list[Problem]:
    """What every output kind wanted by any of ``wanted`` would hit. A problem found on some of
    the papers but not all says which (a handout's text may fit A4 and overflow Letter)."""
    papers: dict[Problem, list[str]] = {}
    for kind in outputs.OUTPUTS:
        runs = [options for options in wanted if kind.wanted(options)]
        for options in runs if kind.per_paper else runs[:1]:
            on = [options.paper.name] if kind.per_paper else [o.paper.name for o in runs]
            for problem in kind.preflight(game, options):
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


def _kinds(options: Options) -> list[OutputKind]:
    return [kind for kind in outputs.OUTPUTS if kind.wanted(options)]


def build(
    request: BuildRequest, stopwatch: Stopwatch | None = None, progress: Progress | None = None
) -> list[Written]:
    """Check and preflight, then write every wanted output of every requested game and
    language; returns what was written. Nothing appears in the output folder until every file
    has been made."""
    stopwatch = stopwatch or Stopwatch()
    out_problem = output_folder_problem(request.out_dir)
    if out_problem:
        raise UsageError(f"--out {request.out_dir}: {out_problem}")
    games = check(request.data_dir, request.games, (request.options,), stopwatch)
    langs = _langs(games, request.langs)
    writer = Writer(request.out_dir)
    jobs = [
        Job(game, lang, request.out_dir, request.options, writer, stopwatch, progress)
        for game in games
        for lang in langs[game.id]
    ]
    try:
        written = [file for job in jobs for kind in _kinds(job.options) for file in kind.write(job)]
        writer.commit()
    finally:
        writer.discard()
    return written


def _langs(games: list[Game], wanted: tuple[str, ...]) -> dict[str, list[str]]:
    """The languages to print of each game: all it ships, or every one asked for, which each
    game must have (a language silently left out is a print run missing a deck)."""
    if not wanted:
        return {game.id: list(game.locales) for game in games}
    missing = [
        f"{game.id} has no locale {', '.join(absent)} (it ships: {', '.join(game.locales)})"
        for game in games
        if (absent := [lang for lang in dict.fromkeys(wanted) if lang not in game.locales])
    ]
    if missing:
        raise UsageError("; ".join(missing))
    return {game.id: list(dict.fromkeys(wanted)) for game in games}
