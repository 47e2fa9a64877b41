"""Checks of the task cards and tokens: what the brief asks of every task side and of the deck.

A task side must print the points its cell count scores, ask only for what the seven tokens can
show at once, be reachable from every setup board, and not repeat another side of the same mode
up to turning: every card, the shipped ones and those an expansion adds. The shipped deck has 28
cards, half of them scoring one point on each side (the blitz variant plays with one kind only);
an expansion may add cards, so those counts are the least a deck holds.
"""

from __future__ import annotations

import itertools
from collections import Counter

from generator.games.base import at_least, deck_problem, exactly, repeats
from generator.games.three_by_three.notation import (
    MODES,
    SYMBOL_NAMES,
    TOKEN_NAMES,
    Mode,
    canonical,
    specified,
    task_problem,
)
from generator.games.three_by_three.solver import stranded
from generator.model import Card, Deck
from generator.problems import Problem

TASK_CARDS = 28
ONE_POINT_CARDS = 14
"""[decided] One-point cards on each side; the other 14 score two."""


def task_cards(deck: Deck) -> list[Problem]:
    """Every side of every card, the deck's size and its mix of points.

    The size and the mix are minimums: the shipped 28 cards, and on each side at least 14 of
    each kind of points, since the blitz variant deals the cards of one kind only and needs as
    many as the shipped game gives it. For the shipped 28 cards that is the exact 14 and 14."""
    problems = [p for card in deck.cards for mode in MODES.values() for p in side(card, mode)]
    for mode in MODES.values():
        problems += _repeated_tasks(deck.cards, mode)
        problems += _points_mix(deck, mode)
    return problems + at_least(deck, TASK_CARDS, "task cards")


def _points_mix(deck: Deck, mode: Mode) -> list[Problem]:
    """At least 14 cards of each points on the side, counted once every card of the side prints
    the points its cells score (until then the card that prints wrong points is the problem)."""
    points = [card.fields[f"{mode.id}_points"] for card in deck.cards]
    scored = [mode.points.get(len(specified(card.fields[mode.id]))) for card in deck.cards]
    one_point = points.count(1)
    if points != scored or min(one_point, len(points) - one_point) >= ONE_POINT_CARDS:
        return []
    what = (
        f"{one_point} of {len(deck.cards)} cards score 1 point on the {mode.id} side: the blitz "
        f"variant plays with one kind only, so the game needs at least {ONE_POINT_CARDS} "
        "one-point and as many two-point cards"
    )
    return [deck_problem(deck, what)]


def side(card: Card, mode: Mode) -> list[Problem]:
    """The problems of one side of a task card (its notation is checked by the schema)."""
    task, points = card.fields[mode.id], card.fields[f"{mode.id}_points"]
    cells = len(specified(task))
    where = f"{card.where}.{mode.id}"
    if cells not in mode.points:
        counts = " or ".join(map(str, mode.points))
        what = f"a {mode.id} task specifies {counts} cells; this one specifies {cells}"
        return [Problem(card.file, card.line, where, what)]
    problems = []
    if points != mode.points[cells]:
        problems.append(
            Problem(
                card.file,
                card.line,
                f"{card.where}.{mode.id}_points",
                f"{cells} specified cells score {mode.points[cells]} "
                f"point{'s' if mode.points[cells] > 1 else ''}, the card prints {points}",
            )
        )
    short = shortfall(mode, task)
    if short:
        return [*problems, Problem(card.file, card.line, where, short)]
    cut_off = stranded(mode.id, task)
    if cut_off:
        problems.append(
            Problem(
                card.file,
                card.line,
                where,
                f"cannot be reached from {cut_off} of the setup boards: no sequence of moves "
                "shows it",
            )
        )
    return problems


def shortfall(mode: Mode, task: str) -> str | None:
    """Why the seven tokens cannot show ``task`` all at once, or ``None`` when they can.

    By Hall's theorem the cells can be given distinct tokens unless some group of cells is fitted
    by fewer tokens than it has cells; the smallest such group is the clearest explanation.
    """
    if task_problem(mode, task):
        return None
    wanted = Counter(task[cell] for cell in specified(task))
    groups = (
        group
        for size in range(1, len(wanted) + 1)
        for group in itertools.combinations(sorted(wanted), size)
    )
    for group in groups:
        cells = sum(wanted[symbol] for symbol in group)
        fitting = [token for token in mode.supply if any(token in mode.fits[s] for s in group)]
        if len(fitting) < cells:
            asked = " and ".join(f"{wanted[s]} {SYMBOL_NAMES[mode.id][s]}" for s in group)
            tokens = ", ".join(TOKEN_NAMES[mode.id][token] for token in fitting)
            return (
                f"asks for {asked} cells: the {len(fitting)} tokens that fit them "
                f"({tokens}) cannot fill {cells}"
            )
    return None


def _repeated_tasks(cards: tuple[Card, ...], mode: Mode) -> list[Problem]:
    """Two sides of the same mode that are the same task once turned."""
    return repeats(
        ((canonical(card.fields[mode.id]), card, f"{card.where}.{mode.id}") for card in cards),
        lambda _, other: f"the same task as {other}, up to turning",
    )


def tokens(deck: Deck) -> list[Problem]:
    """Seven tokens whose sides are the supply of each mode (exactly: the solver's boards are
    these seven tokens, so another token would be another game)."""
    problems = exactly(deck, len(next(iter(MODES.values())).supply), "tokens")
    for mode in MODES.values():
        names = TOKEN_NAMES[mode.id]
        present = Counter(card.fields[mode.id] for card in deck.cards)
        wanted = Counter(names[token] for token in mode.supply)
        if present != wanted:
            expected = ", ".join(f"{n} {name}" for name, n in wanted.items())
            problems.append(deck_problem(deck, f"the {mode.id} sides must be {expected}"))
    return problems
