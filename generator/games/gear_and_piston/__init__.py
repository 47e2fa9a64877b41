"""Gear & Piston: 104 part tiles (new, old, scrap), 14 investors, car ends and the first-player
tile, with an engine that checks finished cars and scores them."""

from generator.games.gear_and_piston.rules import GearAndPiston

__all__ = ["GearAndPiston"]
