"""The registry of games: games a test registers for the length of a ``with`` block (the fixture
game's ``pnp rules`` without queries is in ``test_pipeline.py``)."""

from __future__ import annotations

import argparse
from typing import Any, ClassVar

import pytest

from generator.games.base import GameEngine
from generator.games.registry import find_commands, find_engine, registered
from generator.load.schema import Field


class Bare(GameEngine):
    """A game the project does not ship: an engine and nothing else."""

    id = "bare"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {"cards": {"name": Field(str)}}


class Ping:
    """The smallest ``pnp rules`` queries: one, answering with what it was given."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        return f"pong {args.word}", {"pong": args.word}


def test_a_registered_game_answers_its_queries(pnp) -> None:
    with registered(Bare(), Ping()):
        assert pnp("rules", "bare", "hello").out == "pong hello\n"
        assert pnp("rules", "bare", "hello", "--json").out == '{"pong": "hello"}\n'


def test_a_registered_game_is_forgotten_after_its_block(pnp) -> None:
    with registered(Bare(), Ping()):
        assert find_engine("bare") is not None
        assert find_commands("bare") is not None
    assert find_engine("bare") is None
    assert find_commands("bare") is None
    result = pnp("rules", "bare")
    assert result.code == 2
    assert "argument GAME: invalid choice: 'bare'" in result.err


def test_a_game_is_registered_once() -> None:
    shipped = find_engine("gears")
    assert shipped is not None
    with (
        pytest.raises(ValueError, match="a game 'gears' is registered already"),
        registered(shipped),
    ):
        pass
    assert find_engine("gears") is shipped
