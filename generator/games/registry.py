"""The registry of games, found by the game's folder name: each game's rule engine and, for a
game that answers ``pnp rules`` queries, its commands.

Both are imported when first asked for (:mod:`generator.games.shipped` names where they live):
an engine brings its game's rules summary and, with it, the drawing stack, which a command about
one game, or ``pnp rules gears round``, has no use for. The order is the order ``pnp`` lists
games in its messages. A test that needs a game of its own (a fixture game under ``tests/``)
registers it for the duration of a ``with`` block::

    with registered(TinyEngine()):           # and commands, if the game has queries
        assert main(["validate", "--data", str(TINY_DATA)]) == 0
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from generator.games.shipped import REGISTERED, SHIPPED

if TYPE_CHECKING:
    from generator.games.base import GameEngine
    from generator.games.queries import RulesCommands


def _load(module: str, name: str) -> Any:
    return getattr(importlib.import_module(module), name)()


_BY_NAME = {game.game: game for game in SHIPPED}
SHIPPED_GAMES = frozenset(_BY_NAME)


class _Engines(Mapping[str, "GameEngine"]):
    """Every game's rule engine by its name, the shipped games' first: a name is known without
    importing anything, an engine is imported when it is first looked up."""

    def __init__(self) -> None:
        self.held: dict[str, GameEngine] = {}
        """The engines imported so far, and those a test registered."""

    def __getitem__(self, game_id: str) -> GameEngine:
        if game_id not in self.held:
            shipped = _BY_NAME[game_id]  # a KeyError for a game pnp does not know
            self.held[game_id] = _load(f"{shipped.module}.engine", shipped.engine)
        return self.held[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in _BY_NAME or game_id in self.held

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*_BY_NAME, *self.held]))

    def __len__(self) -> int:
        return len(_BY_NAME.keys() | self.held.keys())


ENGINES = _Engines()
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
    front door that loads the game they answer for."""
    shipped = _BY_NAME.get(game_id)
    if game_id not in _COMMANDS and shipped is not None:
        _COMMANDS[game_id] = _load(f"{shipped.module}.commands", shipped.commands)
    return _COMMANDS.get(game_id)


def answers_queries(game_id: str) -> bool:
    """Whether ``game_id`` answers ``pnp rules`` queries, known without importing them."""
    return game_id in _COMMANDS or game_id in SHIPPED_GAMES


def with_queries() -> list[str]:
    """The games that answer ``pnp rules`` queries, in the order of :data:`ENGINES`."""
    return [game for game in ENGINES if answers_queries(game)]


@contextmanager
def registered(engine: GameEngine, commands: RulesCommands | None = None) -> Iterator[None]:
    """Know one more game (its engine and, if any, its queries) inside the ``with`` block only,
    so a test's fixture game never leaks into another test."""
    if engine.id in ENGINES:
        raise ValueError(f"a game {engine.id!r} is registered already")
    ENGINES.held[engine.id] = engine
    REGISTERED[engine.id] = (type(engine).__module__, type(engine).__qualname__)
    if commands is not None:
        _COMMANDS[engine.id] = commands
    try:
        yield
    finally:
        del ENGINES.held[engine.id]
        del REGISTERED[engine.id]
        _COMMANDS.pop(engine.id, None)
