"""The gears game: 24 gears, 10 round cards, 16 code cards, 4 characters and a token."""

from generator.games.gears.rules import Gears

__all__ = ["Gears"]
