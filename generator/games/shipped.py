"""The games pnp ships, by folder name, with where each one's rule engine and ``pnp rules``
commands live: read without importing them (a build with nothing to do needs only to know
which engine each game has, not to load it). :mod:`generator.games.registry` imports them."""

from __future__ import annotations

from typing import NamedTuple


class Shipped(NamedTuple):
    game: str
    module: str
    """The game's package; its engine is ``<module>.engine.<engine>``, its commands
    ``<module>.commands.<commands>``."""
    engine: str
    commands: str


SHIPPED = (
    Shipped(
        "game_of_trains", "generator.games.game_of_trains", "GameOfTrains", "GameOfTrainsCommands"
    ),
    Shipped("gears", "generator.games.gears", "Gears", "GearsCommands"),
    Shipped(
        "three_by_three", "generator.games.three_by_three", "ThreeByThree", "ThreeByThreeCommands"
    ),
    Shipped(
        "break_the_code", "generator.games.break_the_code", "BreakTheCode", "BreakTheCodeCommands"
    ),
    Shipped(
        "gear_and_piston",
        "generator.games.gear_and_piston",
        "GearAndPiston",
        "GearAndPistonCommands",
    ),
)

REGISTERED: dict[str, tuple[str, str]] = {}
"""The games known for a while besides those shipped (a test's fixture game, see
:func:`generator.games.registry.registered`), by name: the module and class of each one's
engine, so a build with nothing to do is answered for them as for the shipped ones."""

DESIGNED = ("generator.games.designed.engine", "DesignedGame")
"""The module and class of the engine of every game described in data (its ``game.yaml``
says its rules), named without importing it."""
