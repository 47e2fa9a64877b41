"""The registry of games, found by the game's folder name: each game's rule engine and, for a
game that answers ``pnp rules`` queries, its commands.

The order is the order ``pnp`` lists games in its messages. A test that needs a game of its own
(a fixture game under ``tests/``) registers it for the duration of a ``with`` block::

    with registered(TinyEngine()):           # and commands, if the game has queries
        assert main(["validate", "--data", str(TINY_DATA)]) == 0
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from generator.games.base import GameEngine
from generator.games.queries import RulesCommands
from generator.games.shipped import SHIPPED


def _load(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)()


ENGINES: dict[str, GameEngine] = {
    game.game: _load(f"{game.module}.engine", game.engine) for game in SHIPPED
}
COMMANDS: dict[str, RulesCommands] = {
    game.game: _load(f"{game.module}.commands", game.commands) for game in SHIPPED
}


def find_engine(game_id: str) -> GameEngine | None:
    """The rule engine for ``game_id``, or ``None`` when the project has none."""
    return ENGINES.get(game_id)


def no_engine(game_id: str) -> str:
    """What is wrong with a game the project has no rule engine for: said the same wherever a
    game is looked up (a game needs its engine before anything of it is loaded)."""
    return f"no rule engine for {game_id!r} (the project has: {', '.join(ENGINES)})"


def find_commands(game_id: str) -> RulesCommands | None:
    """The ``pnp rules`` queries of ``game_id``, or ``None`` when the game answers none."""
    return COMMANDS.get(game_id)


@contextmanager
def registered(engine: GameEngine, commands: RulesCommands | None = None) -> Iterator[None]:
    """Know one more game (its engine and, if any, its queries) inside the ``with`` block only,
    so a test's fixture game never leaks into another test."""
    if engine.id in ENGINES:
        raise ValueError(f"a game {engine.id!r} is registered already")
    ENGINES[engine.id] = engine
    if commands is not None:
        COMMANDS[engine.id] = commands
    try:
        yield
    finally:
        del ENGINES[engine.id]
        COMMANDS.pop(engine.id, None)
