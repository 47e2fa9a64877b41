"""Gear & Piston's balance report: how often each investor pays over random finished cars, and
the bronze symbols and unreliability each part stack holds.

An investor that almost every car meets (or almost none) decides little; "most" and "fewest"
compare the cars at one table, so cars are built a table at a time from one supply of tiles.
A random car is legal by construction and checked by the rules: one or two engine colours, an
engine and a fuel tank of each, gears, steering and two axles, then random other parts of those
colours or grey up to 6-12 parts, laid out so every part touches an axle. Each draw of a car
has a stream of its own, named by its table, seat and attempt, and takes parts in an order each
part draws by its id (:mod:`generator.games.streams`): a part added to a stack changes only the
cars that take it (and the cars after them at their table); an investor changes no car. Each
car is a trial of an investor's rate, though the cars of a table share a supply and are compared
("most" pays about one car a table): that steadies the rate, so its interval errs wide (over 30
seeds, a rate spread over 0.5 to 1.1 times its interval's half-width).
"""

from __future__ import annotations

import random
from collections import Counter

from generator.games.balance import Labels, Measure, Metric, Sampling
from generator.games.base import deck_of
from generator.games.gear_and_piston.car import FINISHED_LENGTH, MINIMUM, Car, make_car, problems
from generator.games.gear_and_piston.decks import GROUPS, INVESTORS, SCRAP
from generator.games.gear_and_piston.parts import BRONZE, ENGINE_COLOURS, UNIVERSAL, Part, part
from generator.games.gear_and_piston.scoring import Investor, score
from generator.games.streams import Chance
from generator.model import Game

TABLES = 300
PLAYERS = 4
SMALLEST = sum(MINIMUM.values())
"""The fewest parts a finished car can have: one of each function it needs, two axles."""
ATTEMPTS = 20
"""Draws of a car before a table settles for fewer cars (a supply nearly used up)."""


def measures(game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
    supply = [
        part(card.id, group, card.fields) for group in GROUPS for card in deck_of(game, group).cards
    ]
    investors_deck = deck_of(game, INVESTORS)
    investors = [Investor(**card.fields) for card in investors_deck.cards]
    tables = sampling.count(TABLES)
    met: Counter[str] = Counter()
    cars = 0
    for number in range(tables):
        table = _table(supply, sampling.chance("cars", number))
        cars += len(table)
        for result in score(table, [True] * len(table), investors):
            met.update(result.investors.keys())
    symbols = {g: Counter(s for p in supply if p.group == g for s in p.bronze) for g in GROUPS}
    groups = {g: labels.word(f"groups.{g}") for g in GROUPS}
    return [
        Measure(
            "investor_pays",
            "Cars an investor pays",
            "share",
            tuple(
                Metric.rate(card.id, labels.card(investors_deck, card), met[i.id], cars)
                for card, i in zip(investors_deck.cards, investors, strict=True)
            ),
            f"{tables} tables of {PLAYERS} random finished cars of {SMALLEST}-{FINISHED_LENGTH} "
            f"parts from one supply of every stack, seed {sampling.seed}",
        ),
        Measure(
            "symbols",
            "Bronze symbols per stack",
            "symbols",
            tuple(
                Metric(
                    f"{g}-{symbol}",
                    f"{groups[g]} · {labels.word(f'bronze.{symbol}')}",
                    symbols[g][symbol],
                )
                for g in GROUPS
                for symbol in BRONZE
            ),
        ),
        Measure(
            "unreliability",
            "Unreliability per stack",
            "points",
            tuple(
                Metric(g, groups[g], sum(p.unreliability for p in supply if p.group == g))
                for g in GROUPS
            ),
        ),
    ]


def _table(supply: list[Part], chance: Chance) -> list[Car]:
    """Up to :data:`PLAYERS` random finished cars, no tile in two of them."""
    left = list(supply)
    cars = []
    for seat in range(PLAYERS):
        draws = (random_car(f"car {seat + 1}", left, chance.then(seat, n)) for n in range(ATTEMPTS))
        car = next((c for c in draws if c is not None), None)
        if car is not None:
            cars.append(car)
            used = {p.id for p in car.parts}
            left = [p for p in left if p.id not in used]
    return cars


def random_car(name: str, supply: list[Part], chance: Chance) -> Car | None:
    """A random finished car from ``supply``, or ``None`` when this draw cannot make one.
    Scrap may stand in for a part the car needs, never for an extra one (scrap only replaces
    missing parts)."""
    rng = chance.stream()
    colours = rng.sample(ENGINE_COLOURS, rng.choice((1, 2)))
    pool = chance.order([p for p in supply if p.colour in (*colours, UNIVERSAL)], _id, "parts")
    wanted: list[tuple[str, str | None]] = [
        (f, c) for c in colours for f in ("engine", "fuel-tank")
    ]
    covered = Counter(f for f, _ in wanted)
    wanted += [(f, None) for f, least in MINIMUM.items() for _ in range(least - covered[f])]
    chosen: list[Part] = []
    for function, colour in wanted:
        found = next(
            (
                p
                for p in pool
                if p.function == function and colour in (None, p.colour) and p not in chosen
            ),
            None,
        )
        if found is None:
            return None
        chosen.append(found)
    extra = [p for p in pool if p not in chosen and p.group != SCRAP]
    chosen += extra[: max(rng.randint(SMALLEST, FINISHED_LENGTH) - len(chosen), 0)]
    car = _lay_out(name, chosen, rng)
    return car if car is not None and not problems(car) else None


def _id(tile: Part) -> str:
    return tile.id


def _lay_out(name: str, parts: list[Part], rng: random.Random) -> Car | None:
    """The bottom row: the axles, every other part beside one (at most one before the first
    axle, two between two axles, one after the last); the top row over random columns of it.
    ``None`` when the parts cannot lie so (too few axles, too many top-row parts)."""
    axles = [p for p in parts if p.function == "axle"]
    bottom = [p for p in parts if p.row == "bottom" and p.function != "axle"]
    top = [p for p in parts if p.row == "top"]
    room = [1, *([2] * (len(axles) - 1)), 1]
    if len(bottom) > sum(room) or len(top) > len(axles) + len(bottom):
        return None
    gaps: list[list[Part]] = [[] for _ in room]
    for p in bottom:
        free = [i for i, gap in enumerate(gaps) if len(gap) < room[i]]
        gaps[rng.choice(free)].append(p)
    row: list[Part | None] = list(gaps[0])
    for axle, gap in zip(axles, gaps[1:], strict=True):
        row += [axle, *gap]
    above: list[Part | None] = [None] * len(row)
    for column, p in zip(rng.sample(range(len(row)), len(top)), top, strict=True):
        above[column] = p
    return make_car(name, above, row)
