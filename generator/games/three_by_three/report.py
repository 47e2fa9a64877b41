"""The 3x3 puzzle's balance report: how hard each task side is, and how the deck spreads from
easy to hard, on each side.

A side's difficulty is the solver's: the fewest moves from each setup board (the centre empty)
to a board showing the task, averaged over every setup board; exact, no sampling. Two-point
cards should be the harder ones, and a deck that runs from easy to hard gives every race a
chance.
"""

from __future__ import annotations

import statistics

from generator.games.balance import Labels, Measure, Metric, Sampling
from generator.games.base import deck_of
from generator.games.three_by_three.decks import TASKS
from generator.games.three_by_three.notation import MODES
from generator.games.three_by_three.solver import Difficulty, difficulties
from generator.model import Game

NOTE = "fewest moves from each setup board (centre empty), averaged over them: exact (solver)"


def measures(game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
    tasks = deck_of(game, TASKS)
    found = []
    spread: list[Metric] = []
    for mode in MODES.values():
        name = labels.word(f"modes.{mode.id}")
        rated = difficulties(mode.id, [card.fields[mode.id] for card in tasks.cards])
        found.append(
            Measure(
                f"{mode.id}_moves",
                f"Difficulty of each task card, {name} side",
                "moves",
                tuple(
                    Metric(card.id, labels.card(tasks, card), side.mean)
                    for card, side in zip(tasks.cards, rated, strict=True)
                ),
                NOTE,
            )
        )
        points = [card.fields[f"{mode.id}_points"] for card in tasks.cards]
        spread += _spread(mode.id, name, rated, points)
    found.append(Measure("spread", "Spread of difficulty over the deck", "moves", tuple(spread)))
    return found


def _spread(mode: str, name: str, rated: list[Difficulty], points: list[int]) -> list[Metric]:
    """The easiest and the hardest card, how far the cards are apart, each value of points'
    mean, and the most moves any setup board needs for any card."""
    means = [side.mean for side in rated]
    rows = [
        Metric(f"{mode}-easiest", f"{name}: easiest card", min(means)),
        Metric(f"{mode}-hardest", f"{name}: hardest card", max(means)),
        Metric(f"{mode}-deviation", f"{name}: standard deviation", statistics.pstdev(means)),
        Metric(f"{mode}-most", f"{name}: most moves, any board", max(s.maximum for s in rated)),
    ]
    for value in sorted(set(points)):
        worth = [mean for mean, p in zip(means, points, strict=True) if p == value]
        rows.append(
            Metric(
                f"{mode}-{value}-point",
                f"{name}: {value}-point cards, mean",
                statistics.fmean(worth),
            )
        )
    return rows
