"""Game of Trains' balance report: how the eight abilities spread over the wagon numbers, and
how often two face-up cards of one ability meet and are discarded unused.

Spread: how many wagons carry each ability, the longest run of wagon numbers without it (a
player hoping for it among the low or the high wagons should not wait in vain), and the mean
number of its wagons. Face-up pairs: the wagons swapped out of the trains go face up; to the
deck's mix they are random wagons, so shuffles of the deck are laid face up one card at a time,
nobody using a card (the most pairs the mix allows). An ability on more wagons pairs sooner.
A shuffle orders the wagons by a number each draws by its id (:mod:`generator.games.streams`):
a wagon added to the deck slots into the same shuffles, the others keep their order.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter
from collections.abc import Mapping

from generator.games.balance import Labels, Measure, Metric, Sampling
from generator.games.base import deck_of
from generator.games.game_of_trains.decks import WAGONS
from generator.games.game_of_trains.train import ABILITIES, WAGON_NUMBERS, FaceUpRow
from generator.model import Game

SHUFFLES = 2000
LAID = 20
"""Cards laid face up per shuffle: about five rounds of four players each swapping a wagon."""


def measures(game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
    wagons = {
        card.id: (card.fields["number"], card.fields["ability"])
        for card in deck_of(game, WAGONS).cards
    }
    abilities = ABILITIES
    names = {a: labels.word(f"abilities.{a}.name") for a in abilities}
    numbers = {a: sorted(n for n, b in wagons.values() if b == a) for a in abilities}
    shuffles = sampling.count(SHUFFLES)
    paired, first_pair = _pairs(wagons, shuffles, sampling)
    note = f"{shuffles} shuffles, the first {LAID} wagons laid face up, seed {sampling.seed}"

    count = {a: len(numbers[a]) for a in abilities}

    def per_ability(value: Mapping[str, float]) -> tuple[Metric, ...]:
        return tuple(Metric(a, names[a], value[a]) for a in abilities)

    return [
        Measure("wagons", "Wagons per ability", "wagons", per_ability(count)),
        Measure(
            "longest_gap",
            "Longest run of wagon numbers without the ability",
            "numbers",
            per_ability({a: _longest_gap(numbers[a]) for a in abilities}),
        ),
        Measure(
            "mean_number",
            "Mean wagon number of the ability",
            "number",
            per_ability({a: _mean(numbers[a]) for a in abilities}),
        ),
        Measure(
            "face_up_pair",
            f"A face-up pair forms in the first {LAID} cards",
            "share",
            tuple(Metric.rate(a, names[a], paired[a], shuffles) for a in abilities),
            note,
        ),
        Measure(
            "first_pair",
            "Cards laid face up until the first pair",
            "cards",
            (Metric.mean("first-pair", "any ability", first_pair),),
            note,
        ),
    ]


def _mean(numbers: list[int]) -> float:
    return statistics.fmean(numbers) if numbers else math.nan


def _longest_gap(numbers: list[int]) -> int:
    """The most consecutive wagon numbers without one of ``numbers`` (the ends count)."""
    edges = [WAGON_NUMBERS.start - 1, *numbers, WAGON_NUMBERS.stop]
    return max(high - low - 1 for low, high in itertools.pairwise(edges))


def _pairs(
    wagons: dict[str, tuple[int, str]], shuffles: int, sampling: Sampling
) -> tuple[Counter[str], list[int]]:
    """In how many shuffles each ability paired within the first :data:`LAID` cards, and how
    many cards each shuffle laid until its first pair (the whole deck if none formed); the
    wagons by id."""
    paired: Counter[str] = Counter()
    first_pair = []
    for number in range(shuffles):
        order = sampling.chance("face-up", number).order(list(wagons), str)
        deck = [wagons[wagon] for wagon in order]
        row = FaceUpRow()
        seen: set[str] = set()
        first: int | None = None
        for laid, card in enumerate(deck, start=1):
            discarded = row.arrive([card])
            if laid <= LAID:
                seen |= {ability for _, ability in discarded}
            if discarded and first is None:
                first = laid
            if first is not None and laid >= LAID:
                break
        paired.update(seen)
        first_pair.append(first or len(deck))
    return paired, first_pair
