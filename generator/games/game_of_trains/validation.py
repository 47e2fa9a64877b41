"""Checks of the wagons and locomotives: what the brief asks of the deck set as a whole.

Every wagon number 1-84 once; each ability on its share of the wagons (the reordering abilities
on 11, the rest on 10) and spread over the numbers so it cannot bunch up; four locomotives, each
its own colour and mark.
"""

from __future__ import annotations

from collections import Counter

from generator.games.base import exactly, repeated
from generator.games.game_of_trains.train import ABILITIES, MOVES, SWAPS, WAGON_NUMBERS
from generator.model import Deck
from generator.problems import Problem

ELEVEN_WAGONS = (*SWAPS, *MOVES)
"""[decided] 84 = 4 x 11 + 4 x 10: the reordering abilities are on 11 wagons, the rest on 10."""
SPREAD_WINDOW = 16
"""No 16 consecutive wagon numbers may lack an ability (it must not bunch up)."""
LOCOMOTIVE_COUNT = 4


def wagons(deck: Deck) -> list[Problem]:
    """Numbers used once and all present, abilities in the right numbers and spread out."""
    problems = repeated(deck.cards, "number") + _all_numbers(deck)
    return problems + _ability_counts(deck) + _ability_spread(deck)


def locomotives(deck: Deck) -> list[Problem]:
    """Four locomotives, no two sharing a colour or a mark."""
    return repeated(deck.cards, "colour", "mark") + exactly(deck, LOCOMOTIVE_COUNT, "locomotives")


def _all_numbers(wagons: Deck) -> list[Problem]:
    present = {card.fields["number"] for card in wagons.cards}
    missing = [n for n in WAGON_NUMBERS if n not in present]
    if not missing:
        return []
    shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
    return [
        _wagons_problem(
            wagons,
            f"wagon number{'s' if len(missing) > 1 else ''} {shown} missing "
            f"(every number 1-84 appears exactly once)",
        )
    ]


def _ability_counts(wagons: Deck) -> list[Problem]:
    counts = Counter(card.fields["ability"] for card in wagons.cards)
    problems = []
    for ability in ABILITIES:
        wanted = 11 if ability in ELEVEN_WAGONS else 10
        if counts[ability] != wanted:
            problems.append(
                _wagons_problem(
                    wagons, f"{ability} is on {counts[ability]} wagons, the game needs {wanted}"
                )
            )
    return problems


def _ability_spread(wagons: Deck) -> list[Problem]:
    by_number = {card.fields["number"]: card.fields["ability"] for card in wagons.cards}
    problems = []
    for ability in ABILITIES:
        for low in range(WAGON_NUMBERS.start, WAGON_NUMBERS.stop - SPREAD_WINDOW + 1):
            window = range(low, low + SPREAD_WINDOW)
            if all(by_number.get(n) != ability for n in window):
                problems.append(
                    _wagons_problem(
                        wagons,
                        f"no wagon {window.start}-{window.stop - 1} has "
                        f"{ability}: spread each ability over the numbers",
                    )
                )
                break
    return problems


def _wagons_problem(wagons: Deck, what: str) -> Problem:
    """A problem of the wagons as a whole, at the top of their card file even when it holds no
    card (the game's folder is the one its ``game.yaml`` is in)."""
    folder = wagons.file.rpartition("/")[0]
    file = wagons.cards[0].file if wagons.cards else f"{folder}/decks/{wagons.id}.yaml"
    return Problem(file, 1, wagons.id, what)
