"""The front door: the one place a game is looked up, loaded and judged by its rules.

Every command that works on a game goes through here (``build``, ``validate``, ``serve``,
``export``, ``proof``, ``report``, ``i18n``, ``schema``, ``list`` and the ``rules`` queries),
so they all refuse the same card data with the same words, and a game is never drawn, measured
or translated from data ``pnp validate`` would refuse. The many-games, many-cores check that
renders every face too is :mod:`generator.pipeline.checking`; each of its load tasks is
:func:`loaded`.
"""

from __future__ import annotations

from pathlib import Path

from generator.games.base import GameEngine
from generator.games.designed.engine import DesignedGame
from generator.games.registry import find_engine, no_engine
from generator.languages import AS_WRITTEN, Languages
from generator.load.catalog import load_game
from generator.load.expansions import Expansion, of_game
from generator.model import Game
from generator.problems import DataError, Problem, UsageError
from generator.render.fonts import unprintable
from generator.runtime.folders import discover_games


def found_engine(data_dir: Path, game_id: str) -> GameEngine | Problem:
    """The rule engine of ``game_id``: pnp's own for a game it ships (or a test registered),
    else the one its ``game.yaml`` describes in data; for a game folder with no ``game.yaml``,
    the problem (a command over many games reports it among the others')."""
    engine = find_engine(game_id)
    if engine is not None:
        return engine
    if (data_dir / game_id / "game.yaml").is_file():
        return DesignedGame.read(data_dir, game_id)
    return Problem(f"{game_id}/game.yaml", 0, "", no_engine(game_id))


def engine_of(data_dir: Path, game_id: str) -> GameEngine:
    """The rule engine of ``game_id``, for a command about one game: without one, the name is
    a usage mistake (the project has no such game), in the same words."""
    engine = found_engine(data_dir, game_id)
    if isinstance(engine, Problem):
        raise UsageError(str(engine))
    return engine


def loaded(
    data_dir: Path,
    game_id: str,
    engine: GameEngine,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
    previewed: str = "",
    judged: bool = True,
) -> tuple[Game, list[Problem]]:
    """Read a game with its expansions laid over it in order and the ``languages`` made, and
    run its rule engine on the merged game; the game (partial if anything is wrong) and every
    problem. Rules run only on well-formed data, so a rule never trips over a missing field.
    A translation in progress that a preview shows (``previewed``) is a problem for each text
    it lacks, found before the rules run. Unless ``judged``, the rules do not run at all (the
    comments of an exported translation need the texts, not a verdict). A rule a game
    describes wrongly is a problem whatever else is, and the rules it describes rightly run."""
    problems: list[Problem] = []
    game = load_game(data_dir, game_id, engine, problems, expansions, languages, unprintable)
    if draft := game.drafts.get(previewed):
        problems += [draft.progress("preview"), *draft.missing]
    if judged and not problems:
        problems += engine.validate(game)
    return game, engine.rules_problems() + problems


def checked_game(
    data_dir: Path,
    engine: GameEngine,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> Game:
    """:func:`loaded`, for a command that works on the one game of ``engine`` as a user would
    print it (a proof, a report, a rules query); raises :class:`DataError` with every
    problem."""
    _require_game_file(data_dir, engine.id)
    game, problems = loaded(data_dir, engine.id, engine, expansions, languages)
    if problems:
        raise DataError(problems)
    return game


def every_game(data_dir: Path, expansions: tuple[Expansion, ...] = ()) -> list[Game]:
    """Every game of ``data_dir`` with ``expansions`` laid over it, loaded and judged, for a
    listing: it counts cards, so it needs valid decks but not their faces drawn (drawing every
    face of every language took seven times as long). Raises :class:`DataError` with every
    problem of every game."""
    games: list[Game] = []
    problems: list[Problem] = []
    for name in discover_games(data_dir):
        engine = found_engine(data_dir, name)
        if isinstance(engine, Problem):
            problems.append(engine)
            continue
        _require_game_file(data_dir, name)
        game, found = loaded(data_dir, name, engine, of_game(expansions, name))
        games.append(game)
        problems += found
    if problems:
        raise DataError(problems)
    return games


def _require_game_file(data_dir: Path, game_id: str) -> None:
    """A game folder whose ``game.yaml`` is not a file is a ``--data`` that names no such game
    (a usage mistake), for a command that works on games a user would print."""
    if not (data_dir / game_id / "game.yaml").is_file():
        raise UsageError(f"--data {data_dir}: no {game_id}/game.yaml there")
