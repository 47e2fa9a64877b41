"""The registry of games, found by the game's folder name: each game's rule engine and, for a
game that answers ``pnp rules`` queries, its commands.

The order is the order ``pnp`` lists games in its messages. A test that needs a game of its own
(a fixture game under ``tests/``) registers it for the duration of a ``with`` block::

    with registered(TinyEngine()):           # and commands, if the game has queries
        assert main(["validate", "--data", str(TINY_DATA)]) == 0
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from generator.commands import RulesCommands
from generator.games.base import GameEngine
from generator.games.break_the_code.commands import BreakTheCodeCommands
from generator.games.break_the_code.engine import BreakTheCode
from generator.games.game_of_trains.commands import GameOfTrainsCommands
from generator.games.game_of_trains.engine import GameOfTrains
from generator.games.gear_and_piston.commands import GearAndPistonCommands
from generator.games.gear_and_piston.engine import GearAndPiston
from generator.games.gears.commands import GearsCommands
from generator.games.gears.engine import Gears
from generator.games.three_by_three.commands import ThreeByThreeCommands
from generator.games.three_by_three.engine import ThreeByThree

_SHIPPED: tuple[tuple[GameEngine, RulesCommands | None], ...] = (
    (GameOfTrains(), GameOfTrainsCommands()),
    (Gears(), GearsCommands()),
    (ThreeByThree(), ThreeByThreeCommands()),
    (BreakTheCode(), BreakTheCodeCommands()),
    (GearAndPiston(), GearAndPistonCommands()),
)
ENGINES: dict[str, GameEngine] = {engine.id: engine for engine, _ in _SHIPPED}
COMMANDS: dict[str, RulesCommands] = {
    engine.id: commands for engine, commands in _SHIPPED if commands is not None
}


def find_engine(game_id: str) -> GameEngine | None:
    """The rule engine for ``game_id``, or ``None`` when the project has none."""
    return ENGINES.get(game_id)


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
