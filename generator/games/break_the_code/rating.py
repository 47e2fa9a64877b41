"""How strongly a question narrows the code, and which hands a set of answers leaves.

Over every deal of 4 or 5 of the 20 tiles (each physical tile distinct, so every deal is equally
likely), a question splits the deals by their answer. Its rating is the information of hearing
the answer (the entropy of that split, in bits) and the expected number of distinct hands still
consistent afterwards: a useless card leaves every hand, a perfect one a single hand.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache

from generator.games.break_the_code.questions import Answer, Question, answer
from generator.games.break_the_code.tiles import Hand, deals, hand_text


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
    deal_counts: Counter[str] = Counter()
    hands_by_answer: defaultdict[str, set[Hand]] = defaultdict(set)
    every = all_deals(size)
    for hand in every:
        key = repr(answer(question, hand, choice))
        deal_counts[key] += 1
        hands_by_answer[key].add(hand)
    total = len(every)
    bits = -sum(n / total * math.log2(n / total) for n in deal_counts.values())
    expected = sum(n / total * len(hands_by_answer[key]) for key, n in deal_counts.items())
    distinct = len(set(every))
    return Rating(question.id, choice, size, bits, expected, distinct, len(deal_counts))


def consistent(
    size: int, heard: list[tuple[Question, int | None, Answer]], seen: Hand = ()
) -> list[Hand]:
    """The distinct hands of ``size`` tiles that give every answer heard, in hand order; none
    holds a tile the asker sees in their own hand (``seen``)."""
    found = {
        hand
        for hand in (deals(size, seen) if seen else all_deals(size))
        if all(answer(question, hand, choice) == said for question, choice, said in heard)
    }
    return sorted(found, key=hand_text)
