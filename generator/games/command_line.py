"""What the games' ``pnp rules`` commands share: argument types, ``--data``, and the checked card
data a query works on (so a query never answers from data ``pnp validate`` would refuse).

Describing a game's queries needs only this module's argument types and options; the front door
that loads and checks a game, and with it the game's engine and the drawing stack its rules
summary needs, is imported by the queries that read card data, when they run."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from generator import DEFAULT_DATA_DIR
from generator.load.expansions import add_with_option, find_expansions, games_to_build
from generator.runtime.folders import discover_games

if TYPE_CHECKING:
    from generator.model import Game


def checked_game(args: argparse.Namespace, game_id: str) -> Game:
    """The checked game ``game_id`` (:func:`~generator.pipeline.front.checked_game`) of a
    query's ``--data`` and ``--with`` (see :func:`add_data_option`): a query answers for the
    game a designer's expansions make."""
    from generator.pipeline import front

    expansions = find_expansions(args.expansions, discover_games(args.data))
    games_to_build((game_id,), expansions)
    return front.checked_game(args.data, front.engine_of(args.data, game_id), expansions)


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
