"""The registry of games: a game with an engine and no ``pnp rules`` queries, and games a test
registers for the length of a ``with`` block."""

from __future__ import annotations

import argparse
from typing import Any, ClassVar

import pytest

from generator.games.base import GameEngine
from generator.games.registry import find_commands, find_engine, registered
from generator.schema import Field


class Tiny(GameEngine):
    """A game the project does not ship: an engine and nothing else."""

    id = "tiny"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {"cards": {"name": Field(str)}}


class Ping:
    """The smallest ``pnp rules`` queries: one, answering with what it was given."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        return f"pong {args.word}", {"pong": args.word}


def test_a_game_without_rules_queries_is_a_usage_error(pnp) -> None:
    with registered(Tiny()):
        result = pnp("rules", "tiny")
    assert result.code == 2
    assert result.out == ""
    assert result.err == (
        "pnp: error: tiny has no rules queries (games with queries: game_of_trains, gears, "
        "three_by_three, break_the_code, gear_and_piston)\n"
    )


def test_a_registered_game_answers_its_queries(pnp) -> None:
    with registered(Tiny(), Ping()):
        assert pnp("rules", "tiny", "hello").out == "pong hello\n"
        assert pnp("rules", "tiny", "hello", "--json").out == '{"pong": "hello"}\n'


def test_a_registered_game_is_forgotten_after_its_block(pnp) -> None:
    with registered(Tiny(), Ping()):
        assert find_engine("tiny") is not None
        assert find_commands("tiny") is not None
    assert find_engine("tiny") is None
    assert find_commands("tiny") is None
    result = pnp("rules", "tiny")
    assert result.code == 2
    assert "argument GAME: invalid choice: 'tiny'" in result.err


def test_a_game_is_registered_once() -> None:
    shipped = find_engine("gears")
    assert shipped is not None
    with (
        pytest.raises(ValueError, match="a game 'gears' is registered already"),
        registered(shipped),
    ):
        pass
    assert find_engine("gears") is shipped
