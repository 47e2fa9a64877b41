"""The 3x3 puzzle: 28 two-sided task cards (15-puzzle and chess) and 7 two-sided tokens."""

from generator.games.three_by_three.rules import ThreeByThree

__all__ = ["ThreeByThree"]
