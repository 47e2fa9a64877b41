"""What the games' ``pnp rules`` commands share: argument types, ``--data``, and the checked card
data a query works on (so a query never answers from data ``pnp validate`` would refuse); and
every game checked so, which ``pnp list`` counts."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.catalog import load_game
from generator.expansions import (
    Expansion,
    add_with_option,
    find_expansions,
    games_to_build,
    of_game,
)
from generator.folders import discover_games
from generator.games.base import GameEngine
from generator.languages import AS_WRITTEN, Languages
from generator.model import Game
from generator.problems import DataError, Problem, UsageError


def load_checked(
    data_dir: Path,
    engine: GameEngine,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> Game:
    """The engine's game from ``data_dir`` (with ``expansions`` laid over it and the
    ``languages`` made), loaded and validated, for queries that work on the card data a user
    would print. Raises :class:`DataError` with every problem."""
    if not (data_dir / engine.id / "game.yaml").is_file():
        raise UsageError(f"--data {data_dir}: no {engine.id}/game.yaml there")
    problems: list[Problem] = []
    game = load_game(data_dir, engine.id, engine, problems, expansions, languages)
    if not problems:
        problems += engine.validate(game)
    if problems:
        raise DataError(problems)
    return game


def load_all_checked(data_dir: Path, expansions: tuple[Expansion, ...]) -> list[Game]:
    """Every game of ``data_dir`` with ``expansions`` laid over it, loaded and its rules checked:
    a listing counts cards, so it needs valid decks but not their faces drawn (drawing every
    face of every language took seven times as long)."""
    # Imported here: the registry imports the games' commands, and they import this module.
    from generator.games.registry import find_engine, no_engine

    games: list[Game] = []
    problems: list[Problem] = []
    for name in discover_games(data_dir):
        engine = find_engine(name)
        if engine is None:
            what = no_engine(name)
            problems.append(Problem(f"{name}/game.yaml", 0, "", what))
            continue
        try:
            games.append(load_checked(data_dir, engine, of_game(expansions, name)))
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return games


def checked_game(args: argparse.Namespace, engine: GameEngine) -> Game:
    """:func:`load_checked` for a query's ``--data`` and ``--with`` (see :func:`add_data_option`):
    a query answers for the game a designer's expansions make."""
    expansions = find_expansions(args.expansions, discover_games(args.data))
    games_to_build((engine.id,), expansions)
    return load_checked(args.data, engine, expansions)


def add_data_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--data DIR`` and ``--with DIR`` for queries that work on the card data a user would
    print."""
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help=f"{what} (default: the shipped card data)",
    )
    add_with_option(parser)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return _at_least(text, 1)


def count_int(text: str) -> int:
    """An argparse type: a count, a whole number of at least 0."""
    return _at_least(text, 0)


def _at_least(text: str, low: int) -> int:
    if not text.isdigit() or len(text) > 9 or int(text) < low:
        what = "at least 1" if low else "0 or more"
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number, {what}")
    return int(text)
