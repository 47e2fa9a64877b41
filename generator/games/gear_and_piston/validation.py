"""Checks of Gear & Piston's card data: each part on its own, each group against the mix, the
investors, and the car ends.

Checks run in stages per group, each only when the one before is clean, since a wrong part
would make the later ones wrong too: single parts (row, symbols); the count and the mix (a kind
the group never has reported at its card); the unreliability and bronze spreads.

An expansion may add parts to a stack (a longer game, since a stack running out ends it), so the
shipped count, the mix and the unreliability spread are the least a stack holds, exact for the
shipped stacks; a kind or an unreliability the stack never has stays refused, and the bronze
spread scales with the stack. Investors are checked one by one, so an added one is held to the
same rules.
"""

from __future__ import annotations

import math
from collections import Counter

from generator.games.base import at_least, deck_problem, repeats
from generator.games.gear_and_piston.decks import NEW, OLD, SCRAP
from generator.games.gear_and_piston.parts import (
    BRONZE,
    BRONZE_PER_PART,
    MIX,
    ROW_OF,
    SYMBOL_SPREAD,
    UNRELIABILITY,
    describe_kind,
    kind_of,
    part,
)
from generator.games.gear_and_piston.scoring import COUNTED
from generator.model import Card, Deck
from generator.problems import Problem

GROUP_SIZES = {NEW: 42, OLD: 42, SCRAP: 20}
ROW_REASONS = {
    "axle": "an axle is a bottom-row part (its wheels run on the road)",
    "steering": "steering is a top-row part (the driver sits above the frame)",
}
END_SIDES = ("front", "rear")
INVESTORS_DRAWN = 2


def part_group(deck: Deck) -> list[Problem]:
    """One part stack: each part's row and symbols, then the count and the mix, then the
    spreads (each stage only when the one before is clean)."""
    group = deck.id
    problems = [p for card in deck.cards for p in _part_problems(card, group)]
    if problems:
        return problems
    problems = at_least(deck, GROUP_SIZES[group], f"{group} parts") + _mix(deck)
    if problems:
        return problems
    return _unreliability_spread(deck) + _symbol_spread(deck)


def _part_problems(card: Card, group: str) -> list[Problem]:
    function, row = card.fields["function"], card.fields["row"]
    found = []
    if function in ROW_OF and row != ROW_OF[function]:
        found.append(Problem(card.file, card.line, f"{card.where}.row", ROW_REASONS[function]))
    least, most = BRONZE_PER_PART[group]
    count = len(card.fields["bronze"])
    if not least <= count <= most:
        allowed = f"{least} or {most}" if most == least + 1 else str(least)
        what = f"a {group} part has {allowed} bronze symbols, this one has {count}"
        found.append(Problem(card.file, card.line, f"{card.where}.bronze", what))
    return found


def _mix(deck: Deck) -> list[Problem]:
    """Every kind of the group's mix as often as the shipped mix has it, or more (a shortage at
    the deck), and no kind the group never has (at the card)."""
    wanted = MIX[deck.id]
    seen: Counter[tuple[str, str, str]] = Counter()
    problems = []
    for card in deck.cards:
        kind = kind_of(part(card.id, deck.id, card.fields))
        seen[kind] += 1
        if kind not in wanted:
            what = f"the {deck.id} parts have no {describe_kind(kind)}"
            problems.append(Problem(card.file, card.line, card.where, what))
    for kind, count in wanted.items():
        if seen[kind] < count:
            what = f"{count - seen[kind]} {describe_kind(kind)} missing (the mix has {count})"
            problems.append(deck_problem(deck, what))
    return problems


def _unreliability_spread(deck: Deck) -> list[Problem]:
    wanted = UNRELIABILITY[deck.id]
    found = Counter(card.fields["unreliability"] for card in deck.cards)
    if all(found[u] >= n for u, n in wanted.items()) and set(found) <= set(wanted):
        return []
    has, mix = _spread(found, wanted), _spread(wanted, Counter())
    what = f"unreliability is {has}; the {deck.id} parts have at least {mix} (and no other)"
    return [deck_problem(deck, what)]


def _spread(counts: Counter[int], other: Counter[int]) -> str:
    """``6 at 0, 30 at 1, 6 at 2``: how many parts carry each unreliability."""
    return ", ".join(f"{counts[u]} at {u}" for u in sorted(counts | other))


def _symbol_spread(deck: Deck) -> list[Problem]:
    """Each bronze symbol on its share of the group's parts, scaled from the shipped stack to a
    larger one (rounded outwards)."""
    if deck.id not in SYMBOL_SPREAD:
        return []
    scale = len(deck.cards) / GROUP_SIZES[deck.id]
    low, high = SYMBOL_SPREAD[deck.id]
    least, most = math.floor(low * scale), math.ceil(high * scale)
    problems = []
    for symbol in BRONZE:
        count = sum(symbol in card.fields["bronze"] for card in deck.cards)
        if not least <= count <= most:
            what = f"{symbol} is on {count} parts; on {least} to {most} every investor has a race"
            problems.append(deck_problem(deck, what))
    return problems


def investors(deck: Deck) -> list[Problem]:
    """Each investor's condition is complete and no two are the same condition."""
    problems = []
    for card in deck.cards:
        comparison, count = card.fields["comparison"], card.fields["count"]
        if comparison in COUNTED and count is None:
            what = f"'{comparison}' compares with a count: add count: N"
            problems.append(Problem(card.file, card.line, f"{card.where}.count", what))
        if comparison == "at-least" and count == 0:
            what = "at least 0 is every finished car: an investor counts from 1"
            problems.append(Problem(card.file, card.line, f"{card.where}.count", what))
        if comparison not in COUNTED and count is not None:
            what = f"'{comparison}' compares the cars with each other: remove the count"
            problems.append(Problem(card.file, card.line, f"{card.where}.count", what))
    conditions = (
        ((c.fields["metric"], c.fields["comparison"], c.fields["count"]), c, c.where)
        for c in deck.cards
    )
    problems += repeats(conditions, lambda _, other: f"the same condition as {other}")
    if len(deck.cards) < INVESTORS_DRAWN:
        what = f"{INVESTORS_DRAWN} investors are drawn each game, found {len(deck.cards)}"
        problems.append(deck_problem(deck, what))
    return problems


def car_ends(deck: Deck, most_players: int) -> list[Problem]:
    """Every player colour has a front and a rear, and there are colours for every player."""
    sides: dict[str, set[str]] = {}
    for card in deck.cards:
        sides.setdefault(card.fields["colour"], set()).add(card.fields["end"])
    problems = [
        deck_problem(deck, f"the {colour} car has no {end} end")
        for colour, ends in sides.items()
        for end in END_SIDES
        if end not in ends
    ]
    if len(sides) < most_players:
        what = f"{most_players} players need {most_players} car colours, found {len(sides)}"
        problems.append(deck_problem(deck, what))
    return problems
