"""``pnp report GAME``: load the game (and the game with its expansions laid over it), measure
both, and hand back the report to print and the plots to write.

:func:`load` is the one place a report reads card data, so expansions reach every report
through it; :func:`report` takes two loaded games, however they were made.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.games.balance import Labels, Measure, Sampling
from generator.games.base import GameEngine
from generator.games.registry import ENGINES
from generator.load.catalog import requested_games
from generator.load.expansions import Expansion
from generator.model import Game
from generator.pipeline.front import checked_game, found_engine
from generator.problems import Problem, UsageError
from generator.report.table import Report, as_json, as_text, compare
from generator.runtime.workers import Workers, default_jobs
from generator.runtime.writer import Writer

DEFAULT_LANG = "en"


def load(data_dir: Path, game_id: str, expansions: tuple[Expansion, ...] = ()) -> Game:
    """``game_id`` from ``data_dir``, checked by its engine (a report measures only a deck
    ``pnp validate`` accepts), with ``expansions`` laid over it in order. Raises
    :class:`DataError` with every problem."""
    requested_games(data_dir, (game_id,))
    return checked_game(data_dir, _engine(data_dir, game_id), expansions)


def report(
    before: Game, after: Game | None, lang: str | None, sampling: Sampling, jobs: int = 1
) -> Report:
    """``before`` measured beside ``after`` (``None``: ``before`` alone), row labels in
    ``lang`` (default: English where the game has it, else its first language); with
    ``jobs`` > 1 the two games are measured at once, on two cores."""
    chosen = lang or _default_lang(after or before)
    games = [before] if after is None else [before, after]
    with Workers(min(jobs, len(games))) as workers:
        found = [workers.submit(measure, game, chosen, sampling) for game in games]
        first, *second = [future.result() for future in found]
    return Report((after or before).name, chosen, after is not None, compare(first, *second))


def measure(game: Game, lang: str, sampling: Sampling) -> list[Measure]:
    """The engine's measures of ``game``, labelled in ``lang``."""
    if lang not in game.locales:
        raise UsageError(f"--lang {lang}: {game.id} has {', '.join(sorted(game.locales))}")
    engine = _engine(game.directory.parent, game.id)
    return engine.balance(game, Labels(game, game.locales[lang], engine.name_of), sampling)


def _engine(data_dir: Path, game_id: str) -> GameEngine:
    """The engine of a game that has a balance report."""
    engine = found_engine(data_dir, game_id)
    if isinstance(engine, Problem) or type(engine).balance is GameEngine.balance:
        measured = [g for g, e in ENGINES.items() if type(e).balance is not GameEngine.balance]
        raise UsageError(f"{game_id} has no balance report (games with one: {', '.join(measured)})")
    return engine


def _default_lang(game: Game) -> str:
    return DEFAULT_LANG if DEFAULT_LANG in game.locales else min(game.locales)


@dataclass(frozen=True)
class ReportRequest:
    data_dir: Path
    game: str
    out: Path
    """The folder the plots go to."""
    expansions: tuple[Expansion, ...] = ()
    """Without any, the game is reported alone; with some, before and after them."""
    lang: str | None = None
    trials: int | None = None
    json: bool = False


def run(request: ReportRequest) -> tuple[str, list[Path]]:
    """The text (a table, or JSON) to print, and the plots written under ``request.out``."""
    sampling = Sampling(trials=request.trials)
    before = load(request.data_dir, request.game)
    expansions = request.expansions
    after = load(request.data_dir, request.game, expansions) if expansions else None
    done = report(before, after, request.lang, sampling, default_jobs())
    text = as_text(done)
    if request.json:
        text = json.dumps(as_json(done), ensure_ascii=False, indent=2)
    return text, write_plots(done, request.out)


def write_plots(done: Report, out: Path) -> list[Path]:
    """The page of plots, written whole or not at all (see :class:`Writer`)."""
    from generator.report.plot import page

    drawn = page(done)
    writer = Writer(out)
    try:
        for name, data in drawn.items():
            writer.write_bytes(out / name, data)
        writer.commit()
    finally:
        writer.discard()
    return [out / name for name in drawn]
