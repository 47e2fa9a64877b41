"""Break the Code: 20 code tiles, 21 question cards, screens and the deduction sheet."""

from generator.games.break_the_code.rules import BreakTheCode

__all__ = ["BreakTheCode"]
