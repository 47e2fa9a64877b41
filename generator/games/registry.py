"""The registry of rule engines, one per game, found by the game's folder name."""

from __future__ import annotations

from generator.games.base import GameRules
from generator.games.break_the_code import BreakTheCode
from generator.games.game_of_trains import GameOfTrains
from generator.games.gear_and_piston import GearAndPiston
from generator.games.gears import Gears
from generator.games.three_by_three import ThreeByThree

ENGINES: dict[str, type[GameRules]] = {
    engine.id: engine for engine in (GameOfTrains, Gears, ThreeByThree, BreakTheCode, GearAndPiston)
}


def find_engine(game_id: str) -> GameRules | None:
    """The rule engine for ``game_id``, or ``None`` when the project has none."""
    engine = ENGINES.get(game_id)
    return engine() if engine else None
