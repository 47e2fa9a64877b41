"""How strongly a question narrows the code, and which hands a set of answers leaves.

Over every deal of 4 or 5 of the 20 tiles (each physical tile distinct, so every deal is equally
likely), a question splits the deals by their answer. Its rating is the information of hearing
the answer (the entropy of that split, in bits) and the expected number of distinct hands still
consistent afterwards: a useless card leaves every hand, a perfect one a single hand.

A deal is answered by its hand, so the ratings answer every distinct hand once, all at once
(:func:`questions.answers`), and count each hand as many times as there are deals of it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from generator.games.break_the_code.questions import Answer, Question, answer, answers
from generator.games.break_the_code.tiles import (
    DEALS,
    Hand,
    Hands,
    IntArray,
    deals,
    distinct_hands,
    hand_text,
    sort_hand,
    tile_set,
)

Heard = tuple[Question, int | None, Answer]
"""A question, the asker's pick on a choice card, and the answer given."""


@dataclass(frozen=True)
class Rating:
    question: str
    choice: int | None
    size: int
    bits: float
    expected_hands: float
    """Distinct hands still possible after the answer, on average."""
    hands: int
    """Distinct hands before it."""
    answers: int
    """How many different answers the question can get."""


@cache
def all_deals(size: int) -> tuple[Hand, ...]:
    return tuple(deals(size))


def rate(question: Question, size: int, choice: int | None = None) -> Rating:
    """The question's rating over every deal of ``size`` tiles.

    The deals that give one answer are the deals of the hands that give it: an answer heard
    on ``n`` of the ``total`` deals has probability ``n / total`` and leaves the hands that
    give it. The answers are summed in the order the deals first give them (the hands are in
    that order), so the floats are the same as summing deal by deal.
    """
    hands = distinct_hands(size)
    _, first, which = np.unique(
        answers(question, hands, choice), return_index=True, return_inverse=True
    )
    order = np.argsort(first)
    # whole numbers of deals (at most 15,504) are exact in the float64 that bincount sums in
    deal_counts = np.bincount(which, weights=hands.deals)[order].astype(np.int64).tolist()
    hand_counts = np.bincount(which)[order].tolist()
    total = sum(deal_counts)
    bits = -sum(n / total * math.log2(n / total) for n in deal_counts)
    expected = sum(n / total * left for n, left in zip(deal_counts, hand_counts, strict=True))
    return Rating(question.id, choice, size, bits, expected, len(hands), len(deal_counts))


def consistent(size: int, heard: Sequence[Heard], seen: Hand = ()) -> list[Hand]:
    """The distinct hands of ``size`` tiles that give every answer heard, in hand order; none
    holds a tile the asker sees in their own hand (``seen``)."""
    found = {
        hand for hand in (deals(size, seen) if seen else all_deals(size)) if _gives(hand, heard)
    }
    return sorted(found, key=hand_text)


def centre_codes(opponents: Sequence[Sequence[Heard]], mine: Hand) -> list[Hand]:
    """The codes the centre may hold in a 3- or 4-player game, in hand order, for the holder of
    ``mine`` who heard each opponent's answers (``opponents``: one list per opponent, so a game
    of ``len(opponents) + 1`` players).

    Nobody answers for the centre: it is what no player holds, so it is narrowed by ruling
    out the opponents' hands (the rulebook: "exclude them to learn which tiles lie in the
    centre"). Every deal of the tiles the asker does not hold is tried as a whole, each
    physical tile once: the opponents' hands that fit their answers and share no tile, and the
    centre is the rest. A deal is a bit mask over those tiles; the opponents with the most
    answers are seated first, so fewer partial deals are carried to the next.
    """
    each, _ = DEALS[len(opponents) + 1]
    pool = tile_set()
    for tile in mine:
        pool.remove(tile)
    seated = np.zeros(1, dtype=np.int64)
    for heard in sorted(opponents, key=len, reverse=True):
        fits = [
            sum(1 << place for place in places)
            for places in itertools.combinations(range(len(pool)), each)
            if _gives(sort_hand([pool[place] for place in places]), heard)
        ]
        seated = np.unique(
            np.concatenate([seated[(seated & fit) == 0] | fit for fit in fits] or [seated[:0]])
        )
    left = {
        sort_hand([t for at, t in enumerate(pool) if not int(mask) >> at & 1]) for mask in seated
    }
    return sorted(left, key=hand_text)


def _gives(hand: Hand, heard: Sequence[Heard]) -> bool:
    return all(answer(question, hand, choice) == said for question, choice, said in heard)


@dataclass(frozen=True)
class Narrowing:
    """What one answer tells an opponent who heard it: how many codes still fit, one code it
    rules out (of those that fitted before it) and one other than the true code that still
    fits, each ``None`` when there is none."""

    left: int
    ruled_out: Hand | None
    still_fits: Hand | None


def narrowing(asked: Sequence[tuple[Question, int | None]], hand: Hand) -> tuple[Narrowing, ...]:
    """What each answer ``hand`` gives to the questions of ``asked`` (each with the asker's
    choice) tells, after the answers before it: the count of :func:`consistent`, without
    listing the hands.

    The codes shown are the ones nearest the true code (the most tiles in the same places, the
    first in :func:`consistent`'s order on a tie): a code one tile away that the answer rules
    out, and a close one it cannot tell apart, show what the answer tells and what it does not.
    """
    hands = distinct_hands(len(hand))
    mine = hands.index(hand)
    alike = (hands.numbers == hands.numbers[mine]) & (hands.colours == hands.colours[mine])
    shared = alike.sum(axis=1)
    fits = np.ones(len(hands), dtype=bool)
    found = []
    for question, choice in asked:
        said = answers(question, hands, choice)
        now = fits & (said == said[mine])
        others = now.copy()
        others[mine] = False
        found.append(
            Narrowing(
                int(now.sum()),
                _nearest(hands, fits & ~now, shared),
                _nearest(hands, others, shared),
            )
        )
        fits = now
    return tuple(found)


def _nearest(hands: Hands, among: npt.NDArray[np.bool_], shared: IntArray) -> Hand | None:
    """The hand of ``among`` sharing the most places with the true code (``shared``), the
    first in :func:`consistent`'s order on a tie."""
    if not among.any():
        return None
    closest = np.flatnonzero(among & (shared == shared[among].max()))
    return min((hands.hand(int(i)) for i in closest), key=hand_text)
