"""Checks of the wagons and locomotives: what the brief asks of the deck set as a whole.

Every wagon number 1-84 once; each ability on its share of the wagons (the reordering abilities
on 11, the rest on 10) and spread over the numbers so it cannot bunch up; a locomotive for every
player, each its own colour and mark, a colour the palette names.

An expansion may add wagons numbered on from 85 and locomotives, so the shipped counts are the
least a game holds: every number from 1 to the highest once (at least to 84), each ability on at
least its shipped share (for 84 wagons, exactly it), the spread over all the numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from generator.games.base import deck_problem, repeated
from generator.games.game_of_trains.train import ABILITIES, MOVES, SWAPS, WAGON_NUMBERS
from generator.model import Deck
from generator.problems import Problem, shown

ELEVEN_WAGONS = (*SWAPS, *MOVES)
"""[decided] 84 = 4 x 11 + 4 x 10: the reordering abilities are on 11 wagons, the rest on 10."""
SPREAD_WINDOW = 16
"""No 16 consecutive wagon numbers may lack an ability (it must not bunch up)."""
GROUND = "_ground"
"""A locomotive's colour NAME is two colours of the palette: NAME for its mark in the cab and the
stripe on its boiler, NAME_ground for its card's ground (the same strong colour in the standard
palette, a pale tint of it in the ink-saver one, where the mark must still show on white)."""


def wagons(deck: Deck) -> list[Problem]:
    """Numbers used once and all present, abilities in the right numbers and spread out."""
    problems = repeated(deck.cards, "number") + _all_numbers(deck)
    return problems + _ability_counts(deck) + _ability_spread(deck)


def locomotives(deck: Deck, most_players: int) -> list[Problem]:
    """A locomotive for every player, no two sharing a colour or a mark."""
    problems = repeated(deck.cards, "colour", "mark")
    if len(deck.cards) < most_players:
        what = f"{len(deck.cards)} locomotives for up to {most_players} players: one each"
        problems.append(deck_problem(deck, what))
    return problems


def locomotive_colours(deck: Deck, palette: Mapping[str, str]) -> list[Problem]:
    """Every locomotive's colour is a player colour of ``palette`` (every palette names the
    same colours): a name it gives with and without :data:`GROUND`."""
    known = sorted(name for name in palette if name + GROUND in palette)
    return [
        Problem(
            card.file,
            card.line,
            f"{card.where}.colour",
            f"{shown(colour)} is not a player colour of palette.yaml (a colour NAME given with "
            f"a NAME{GROUND}: {', '.join(known) or 'none'})",
        )
        for card in deck.cards
        if (colour := card.fields["colour"]) not in known
    ]


def _numbers(wagons: Deck) -> range:
    """The numbers the wagons must have: 1 to the highest, and at least the shipped 1-84."""
    highest = max((card.fields["number"] for card in wagons.cards), default=0)
    return range(WAGON_NUMBERS.start, max(highest + 1, WAGON_NUMBERS.stop))


def _all_numbers(wagons: Deck) -> list[Problem]:
    present = {card.fields["number"] for card in wagons.cards}
    numbers = _numbers(wagons)
    missing = [n for n in numbers if n not in present]
    if not missing:
        return []
    shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
    return [
        _wagons_problem(
            wagons,
            f"wagon number{'s' if len(missing) > 1 else ''} {shown} missing "
            f"(every number {numbers.start}-{numbers.stop - 1} appears exactly once)",
        )
    ]


def _ability_counts(wagons: Deck) -> list[Problem]:
    """Each ability on at least its share: as often face up as the shipped deck makes it, so
    pairs form as often; a larger deck may carry an ability more often."""
    counts = Counter(card.fields["ability"] for card in wagons.cards)
    problems = []
    for ability in ABILITIES:
        wanted = 11 if ability in ELEVEN_WAGONS else 10
        if counts[ability] < wanted:
            what = f"{ability} is on {counts[ability]} wagons, the game needs at least {wanted}"
            problems.append(_wagons_problem(wagons, what))
    return problems


def _ability_spread(wagons: Deck) -> list[Problem]:
    by_number = {card.fields["number"]: card.fields["ability"] for card in wagons.cards}
    problems = []
    numbers = _numbers(wagons)
    for ability in ABILITIES:
        for low in range(numbers.start, numbers.stop - SPREAD_WINDOW + 1):
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
