"""What a game's balance report hands to ``pnp report``: measures, each a list of named numbers.

Each game measures its deck in its own vocabulary (``generator/games/<game>/report.py``, its
engine's ``balance`` hook); the report layer (:mod:`generator.report`) only lines two games'
measures up, prints and plots them. The shapes live here, beside the engines that fill them,
so the games never import the layer that reads them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from generator.model import Card, Deck, Game, Locale

SEED = 1
"""Every random draw of a report starts here: the same deck always measures the same."""


@dataclass(frozen=True)
class Metric:
    """One row: ``key`` stays the same across runs and decks (a card id, an ability id), so a
    deck before and after a change can be compared row by row; ``label`` is what is printed."""

    key: str
    label: str
    value: float


@dataclass(frozen=True)
class Measure:
    """Rows measured the same way, in one unit: one table and one plot of the report."""

    key: str
    title: str
    unit: str
    """``share`` (a fraction, printed as a percentage) or the plural noun counted: ``rounds``,
    ``moves``, ``bits``, ``codes``..."""
    metrics: tuple[Metric, ...]
    note: str = ""
    """How it was measured (samples, seed, players), printed under the title."""


@dataclass(frozen=True)
class Sampling:
    """How much chance a report plays with: ``seed`` fixes every draw; ``trials`` (games,
    shuffles, tables of cars) overrides each measure's own default, which the engine picks so a
    whole report takes a few seconds (tests pass a small number)."""

    seed: int = SEED
    trials: int | None = None

    def count(self, default: int) -> int:
        return self.trials or default


@dataclass(frozen=True)
class Labels:
    """Where row labels come from: a card's name as the engine gives it (the same name a
    virtual table shows), and other words of the game (an ability, a symbol) from the locale."""

    game: Game
    locale: Locale
    naming: Callable[[Game, Deck, Card, Locale], str]

    def card(self, deck: Deck, card: Card) -> str:
        return self.naming(self.game, deck, card, self.locale)

    def word(self, key: str) -> str:
        """The locale's text of ``key``, or the key itself (a label never fails a report)."""
        return str(self.locale.text(key) or key)


def share(part: int, whole: int) -> float:
    """``part / whole``; NaN, "not measured", when there is no whole (a card never played)."""
    return part / whole if whole else math.nan
