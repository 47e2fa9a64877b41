"""Question cards as data: a kind and its parameters, answered for any 4- or 5-tile hand.

No card is special-cased: "What is the sum of your two rightmost tiles?" is
``{kind: sum, tiles: right, count: 2}``. Positions are 1-based (1 is A); the letters a player
says come from the locale. Answers are an integer, ``True``/``False``, a list of positions, or a
list of groups of positions (0-based).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from generator.games.break_the_code.tiles import COLOURS, NUMBERS, Hand, Hands, IntArray
from generator.model import Card

KINDS = ("sum", "count", "pairs", "range", "compare", "where", "neighbours")
SPANS = ("all", "left", "right", "centre")
PARITIES = ("odd", "even")
NEIGHBOURS_BY = ("colour", "step")
COMPARISONS = ("above", "below")

Answer = int | bool | list[int] | list[list[int]]


@dataclass(frozen=True)
class Question:
    """One card. Unused parameters are ``None``; :func:`problems_with` says which a kind needs."""

    id: str
    kind: str
    tiles: str = "all"
    count: int | None = None
    colour: str | None = None
    parity: str | None = None
    position: int | None = None
    compare: str | None = None
    value: int | None = None
    numbers: tuple[int, ...] = ()
    choice: bool = False
    by: str | None = None

    @property
    def choices(self) -> tuple[int | None, ...]:
        """What the asker may pick: one number of ``numbers`` on a choice card, else nothing."""
        return self.numbers if self.choice else (None,)


def question(card: Card) -> Question:
    """The engine's view of a question card (its fields are the question's parameters)."""
    return Question(**{**card.fields, "numbers": tuple(card.fields["numbers"])})


def span(question: Question, size: int) -> range:
    """The positions a sum looks at in a hand of ``size`` tiles (the centre: all but the ends)."""
    count = question.count or size
    if question.tiles == "left":
        return range(min(count, size))
    if question.tiles == "right":
        return range(max(size - count, 0), size)
    if question.tiles == "centre":
        return range(1, size - 1)
    return range(size)


def answer(question: Question, hand: Hand, choice: int | None = None) -> Answer:
    """The answer the holder of ``hand`` must give (``choice``: the asker's pick)."""
    kind = question.kind
    if kind == "sum":
        picked = [hand[i] for i in span(question, len(hand))]
        return sum(t.number for t in picked if question.colour in (None, COLOURS[t.colour]))
    if kind == "count":
        if question.colour is not None:
            return sum(COLOURS[t.colour] == question.colour for t in hand)
        return sum(t.number % 2 == (question.parity == "odd") for t in hand)
    if kind == "pairs":
        numbers = [t.number for t in hand]
        return sum(numbers.count(n) == 2 for n in set(numbers))
    if kind == "range":
        return hand[-1].number - hand[0].number
    if kind == "compare":
        assert question.position is not None and question.value is not None
        number = hand[question.position - 1].number
        return number > question.value if question.compare == "above" else number < question.value
    if kind == "where":
        wanted = question.numbers if choice is None else (choice,)
        return [i for i, t in enumerate(hand) if t.number in wanted]
    return _groups(hand, question.by or "colour")


def _groups(hand: Hand, by: str) -> list[list[int]]:
    """Maximal runs of at least two neighbours alike (same colour, or numbers one apart)."""

    def alike(i: int) -> bool:
        left, right = hand[i], hand[i + 1]
        if by == "colour":
            return left.colour == right.colour
        return right.number - left.number == 1

    groups: list[list[int]] = []
    run = [0]
    for i in range(len(hand) - 1):
        if alike(i):
            run.append(i + 1)
            continue
        if len(run) > 1:
            groups.append(run)
        run = [i + 1]
    if len(run) > 1:
        groups.append(run)
    return groups


def answers(question: Question, hands: Hands, choice: int | None = None) -> IntArray:
    """:func:`answer` for every hand of ``hands`` at once, each answer as a number: two hands get
    the same number exactly when they give the same answer.

    A rating hears the answer of every deal, and asking one hand at a time is most of what
    composing the rules summary costs; the same rules over whole columns of tiles cost a few
    array operations per question. An integer answer is itself, yes is 1 and no 0, positions
    are a bit each (A is 1, B 2, C 4...), and groups of neighbours a bit for each pair of
    neighbours alike (A and B 1, B and C 2...): a list of positions is sorted, and the groups
    are the maximal runs of alike pairs, so different answers never share a number.
    """
    numbers, colours = hands.numbers, hands.colours
    size = numbers.shape[1]
    kind = question.kind
    if kind == "sum":
        picked = list(span(question, size))
        counted = numbers[:, picked]
        if question.colour is not None:
            counted = counted * (colours[:, picked] == _colour_place(question.colour))
        return _per_hand(counted)
    if kind == "count":
        if question.colour is not None:
            return _per_hand(colours == _colour_place(question.colour))
        return _per_hand(numbers % 2 == (question.parity == "odd"))
    if kind == "pairs":
        held: IntArray = (numbers[:, :, np.newaxis] == np.array(NUMBERS)).sum(axis=1)
        return _per_hand(held == 2)
    if kind == "range":
        return numbers[:, -1] - numbers[:, 0]
    if kind == "compare":
        assert question.position is not None and question.value is not None
        number = numbers[:, question.position - 1]
        holds = number > question.value if question.compare == "above" else number < question.value
        return holds.astype(np.int64)
    if kind == "where":
        wanted = question.numbers if choice is None else (choice,)
        return _bits(np.isin(numbers, wanted))
    if (question.by or "colour") == "colour":
        return _bits(colours[:, 1:] == colours[:, :-1])
    return _bits(numbers[:, 1:] - numbers[:, :-1] == 1)


def _colour_place(name: str) -> int:
    """The place in :data:`COLOURS` of the colour called ``name`` (-1: no tile has it)."""
    return next((place for place, full in enumerate(COLOURS.values()) if full == name), -1)


def _per_hand(columns: Any) -> IntArray:
    """Each row summed: a hand's total, or how many of its tiles are so."""
    total: IntArray = columns.sum(axis=1)
    return total


def _bits(columns: Any) -> IntArray:
    """Each row of booleans as a number, the first column the lowest bit."""
    weights = 1 << np.arange(columns.shape[1], dtype=np.int64)
    found: IntArray = columns.astype(np.int64) @ weights
    return found


REQUIRED = {
    "sum": (),
    "count": (),
    "pairs": (),
    "range": (),
    "compare": ("position", "compare", "value"),
    "where": ("numbers",),
    "neighbours": ("by",),
}
ALLOWED = {
    "sum": {"tiles", "count", "colour"},
    "count": {"colour", "parity"},
    "pairs": set(),
    "range": set(),
    "compare": {"position", "compare", "value"},
    "where": {"numbers", "choice"},
    "neighbours": {"by"},
}


def problems_with(question: Question, given: set[str]) -> list[tuple[str, str]]:
    """(parameter, what is wrong) for a card whose parameters do not make sense for its kind,
    in a 4- or a 5-tile hand. ``given`` is the parameters the card data sets."""
    kind = question.kind
    found = [(p, f"a {kind} question has no {p}") for p in sorted(given - ALLOWED[kind])]
    found += [(p, f"a {kind} question needs a {p}") for p in REQUIRED[kind] if p not in given]
    if kind == "count" and (question.colour is None) == (question.parity is None):
        found.append(("colour", "a count question counts one colour or one parity"))
    if kind == "sum" and question.tiles in ("left", "right") and not question.count:
        found.append(("count", f"a sum of the {question.tiles}most tiles needs a count"))
    if kind == "sum" and question.tiles in ("all", "centre") and question.count is not None:
        tiles = "all the tiles" if question.tiles == "all" else "the centre tiles"
        found.append(("count", f"a sum of {tiles} takes no count (a count is for left or right)"))
    if kind == "sum" and question.count is not None and not 1 <= question.count < 4:
        found.append(("count", f"{question.count} tiles: a 4-tile hand has 4, so 1 to 3"))
    if kind == "sum" and question.colour == "green":
        found.append(("colour", "only the 5s are green: sum black or white numbers"))
    if kind == "compare" and question.position is not None and not 1 <= question.position <= 4:
        found.append(("position", f"position {question.position} is not in a 4-tile hand (A-D)"))
    if kind == "where" and question.choice and len(question.numbers) != 2:
        found.append(("numbers", "a choice card offers exactly two numbers"))
    if kind == "where" and any(n not in NUMBERS for n in question.numbers):
        found.append(("numbers", "numbers are 0 to 9"))
    if kind == "where" and len(set(question.numbers)) != len(question.numbers):
        found.append(("numbers", "a number is listed twice"))
    return found


def spoken_english(value: Answer, letters: str = "ABCDE") -> str:
    """An answer in words (English, for messages and the command line): yes or no, a number,
    positions as letters, groups of neighbours joined by "and", or none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        if isinstance(value[0], list):
            return " and ".join("".join(letters[i] for i in group) for group in value)
        return ", ".join(letters[i] for i in value)
    return str(value)


def as_json(value: Answer, letters: str = "ABCDE") -> Any:
    """Positions as letters (English by default), groups as lists of letters."""
    if isinstance(value, list):
        return [as_json(v, letters) if isinstance(v, list) else letters[v] for v in value]
    return value
