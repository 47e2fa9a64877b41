"""Final scoring: the largest area of one colour, unreliability, investors and the ranking.

Investors are data (a metric, a comparison, points), evaluated over every player's finished car
at once because "most" and "fewest" compare the cars with each other; every player whose
finished car meets an investor's condition scores its points, once. A car that is not finished
meets no investor and is not compared (the investors' card data says so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.games.gear_and_piston.car import Car, regions
from generator.games.gear_and_piston.decks import OLD, SCRAP
from generator.games.gear_and_piston.parts import BRONZE, ENGINE_COLOURS, UNIVERSAL


def _symbols(symbol: str) -> Callable[[Car], int]:
    return lambda car: sum(part.bronze.count(symbol) for part in car.parts)


METRICS: dict[str, Callable[[Car], int]] = {
    **{symbol: _symbols(symbol) for symbol in BRONZE},
    "parts": lambda car: len(car.parts),
    "engine-types": lambda car: len({p.colour for p in car.parts if p.coloured}),
    "unreliability": lambda car: sum(p.unreliability for p in car.parts),
    "old-parts": lambda car: sum(p.group == OLD for p in car.parts),
    "scrap-parts": lambda car: sum(p.group == SCRAP for p in car.parts),
}
"""What an investor can look at in a car (grey parts are no engine type)."""
COMPARISONS = ("most", "fewest", "at-least", "exactly", "none")
COUNTED = ("at-least", "exactly")
"""Comparisons that need the investor's ``count``."""


@dataclass(frozen=True)
class Investor:
    id: str
    metric: str
    comparison: str
    points: int
    count: int | None = None

    def met_by(self, value: int, everyone: list[int]) -> bool:
        """Whether a car with ``value`` meets the condition, given every car's value."""
        if self.comparison == "most":
            return value == max(everyone)
        if self.comparison == "fewest":
            return value == min(everyone)
        if self.comparison == "at-least":
            return value >= (self.count or 0)
        if self.comparison == "exactly":
            return value == self.count
        return value == 0


def area(car: Car) -> int:
    """Parts in the car's largest edge-connected area of one engine colour, grey parts joining
    any colour's area (an area of grey parts alone counts too)."""
    return max(
        (
            len(region)
            for colour in ENGINE_COLOURS
            for region in regions({c for c, p in car.cells() if p.colour in (colour, UNIVERSAL)})
        ),
        default=0,
    )


@dataclass(frozen=True)
class Score:
    car: Car
    valid: bool
    area: int
    unreliability: int
    investors: dict[str, int]
    """The points of each investor the car meets."""

    @property
    def total(self) -> int:
        return self.area - self.unreliability + sum(self.investors.values())


def score(cars: list[Car], valid: list[bool], investors: list[Investor]) -> list[Score]:
    """Each car's score, in the order given; investors pay finished (``valid``) cars only."""
    finished = [car for car, ok in zip(cars, valid, strict=True) if ok]
    values = {i.id: [METRICS[i.metric](car) for car in finished] for i in investors}
    return [
        Score(
            car,
            ok,
            area(car),
            METRICS["unreliability"](car),
            {
                i.id: i.points
                for i in investors
                if ok and i.met_by(METRICS[i.metric](car), values[i.id])
            },
        )
        for car, ok in zip(cars, valid, strict=True)
    ]


def ranking(scores: list[Score]) -> list[tuple[int, Score]]:
    """(place, score) best first. More points win, then lower unreliability; equal in both is
    a draw (a shared place). [decided] A car that breaks a requirement cannot win: it ranks
    below every finished car."""

    def key(s: Score) -> tuple[bool, int, int]:
        return (not s.valid, -s.total, s.unreliability)

    ordered = sorted(scores, key=key)
    places: list[tuple[int, Score]] = []
    for n, s in enumerate(ordered):
        tied = places and key(places[-1][1]) == key(s)
        places.append((places[-1][0] if tied else n + 1, s))
    return places
