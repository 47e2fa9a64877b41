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
from generator.games.shipped import REGISTERED, SHIPPED


def _load(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)()


ENGINES: dict[str, GameEngine] = {
    game.game: _load(f"{game.module}.engine", game.engine) for game in SHIPPED
}
SHIPPED_GAMES = frozenset(game.game for game in SHIPPED)
_COMMANDS: dict[str, RulesCommands] = {}
"""The queries of each game asked for so far, and those a test registered."""


def find_engine(game_id: str) -> GameEngine | None:
    """The rule engine for ``game_id``, or ``None`` when the project has none."""
    return ENGINES.get(game_id)


def no_engine(game_id: str) -> str:
    """What is wrong with a game folder that has neither a rule engine in pnp nor a
    ``game.yaml`` file describing one (a folder of that name, say): said the same wherever a
    game is looked up (a game needs its engine before anything of it is loaded)."""
    return (
        f"not a file: a game of its own describes its decks and rules in game.yaml (pnp new "
        f"game writes one); pnp's own games are {', '.join(ENGINES)}"
    )


def find_commands(game_id: str) -> RulesCommands | None:
    """The ``pnp rules`` queries of ``game_id``, or ``None`` when the game answers none. A
    game's queries are imported when first asked for: they are commands, above the pipeline's
    front door that loads the game they answer for, which needs the engines loaded first."""
    shipped = next((game for game in SHIPPED if game.game == game_id), None)
    if game_id not in _COMMANDS and shipped is not None:
        _COMMANDS[game_id] = _load(f"{shipped.module}.commands", shipped.commands)
    return _COMMANDS.get(game_id)


def with_queries() -> list[str]:
    """The games that answer ``pnp rules`` queries, in the order of :data:`ENGINES`."""
    return [game for game in ENGINES if game in _COMMANDS or game in SHIPPED_GAMES]


@contextmanager
def registered(engine: GameEngine, commands: RulesCommands | None = None) -> Iterator[None]:
    """Know one more game (its engine and, if any, its queries) inside the ``with`` block only,
    so a test's fixture game never leaks into another test."""
    if engine.id in ENGINES:
        raise ValueError(f"a game {engine.id!r} is registered already")
    ENGINES[engine.id] = engine
    REGISTERED[engine.id] = (type(engine).__module__, type(engine).__qualname__)
    if commands is not None:
        _COMMANDS[engine.id] = commands
    try:
        yield
    finally:
        del ENGINES[engine.id]
        del REGISTERED[engine.id]
        _COMMANDS.pop(engine.id, None)
