"""What a game's balance report hands to ``pnp report``: measures, each a list of named numbers.

Each game measures its deck in its own vocabulary (``generator/games/<game>/report.py``, its
engine's ``balance`` hook); the report layer (:mod:`generator.report`) only lines two games'
measures up, prints and plots them. The shapes live here, beside the engines that fill them,
so the games never import the layer that reads them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.games.streams import Chance
from generator.model import Card, Deck, Game, Locale

SEED = 1
"""Every random draw of a report starts here: the same deck always measures the same."""
Z = 1.959964
"""The normal quantile of a 95 % interval (2.5 % outside it on either side)."""
Interval = tuple[float, float]


@dataclass(frozen=True)
class Metric:
    """One row: ``key`` stays the same across runs and decks (a card id, an ability id), so a
    deck before and after a change can be compared row by row; ``label`` is what is printed."""

    key: str
    label: str
    value: float
    interval: Interval | None = None
    """Where ``value`` is sampled, its 95 % interval (low, high); ``None``: counted or exact."""

    @classmethod
    def rate(cls, key: str, label: str, part: int, whole: int) -> Metric:
        """``part`` of ``whole`` independent trials, with the Wilson score interval: unlike
        the textbook ``p ± 1.96 √(p(1-p)/n)`` it does not shrink to nothing at 0 or 100 %
        (none of 30 is not never), stays within 0-100 %, and holds its 95 % at the few hundred
        trials a report plays. NaN, "not measured", when there is no whole."""
        if not whole:
            return cls(key, label, math.nan)
        rate, spread = part / whole, Z * Z / whole
        centre = (rate + spread / 2) / (1 + spread)
        half = Z * math.sqrt(rate * (1 - rate) / whole + spread / whole / 4) / (1 + spread)
        low = 0.0 if part == 0 else centre - half  # exactly, not 1e-17 off
        high = 1.0 if part == whole else centre + half
        return cls(key, label, rate, (low, high))

    @classmethod
    def mean(
        cls,
        key: str,
        label: str,
        samples: Sequence[float],
        within: Interval = (-math.inf, math.inf),
    ) -> Metric:
        """The mean of independent samples, ± 1.96 standard errors (the hundreds of samples
        a report takes make the mean's spread normal enough), kept ``within`` what a sample
        can be (a game of at most 10 rounds does not last 10.01 on average)."""
        mean = statistics.fmean(samples) if samples else math.nan
        if len(samples) < 2:
            return cls(key, label, mean)
        half = Z * statistics.stdev(samples) / math.sqrt(len(samples))
        low, high = within
        return cls(key, label, mean, (max(mean - half, low), min(mean + half, high)))


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

    def chance(self, *names: object) -> Chance:
        """The draws of one trial (``names``: the measure, the trial's number), from the seed."""
        return Chance(self.seed, *names)


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
