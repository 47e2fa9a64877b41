"""Break the Code's balance report: how much each question card tells, and how many codes are
left after the first questions of a game.

A question's information is the entropy of its answer over every deal of a 5-tile code (bits:
an even split of the codes is worth more than a lopsided one), and the codes still fitting after
the answer, on average; a choice card is rated with each of its choices and the two averaged.
An opening is the first questions one asker hears answered: the best the whole deck allows
(each question the one leaving the fewest codes, given the answers before it), and a typical
one, the best of the six face-up cards each turn, the card asked replaced from the shuffled deck.
Every count is exact over all deals; only which cards lie face up is drawn at random: a shuffle
orders the questions by a number each draws by its id (:mod:`generator.games.streams`), so a
question added to the deck slots into the same shuffles and the others keep their order.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

import numpy as np

from generator.games.balance import Labels, Measure, Metric, Sampling
from generator.games.base import deck_of
from generator.games.break_the_code.decks import QUESTIONS
from generator.games.break_the_code.questions import Question, answers, question
from generator.games.break_the_code.rating import Rating, rate
from generator.games.break_the_code.tiles import IntArray, distinct_hands
from generator.model import Game

HAND_SIZE = 5
"""Codes of 5 tiles, as with two or three players (and the rulebook summary's ratings)."""
FACE_UP = 6
ASKED = 3
OPENINGS = 200
"""Shuffles of the question deck for the typical opening."""

Asked = tuple[int, int | None]
"""A question card by its place in the deck, with the asker's choice (``None`` without one)."""


def measures(game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
    deck = deck_of(game, QUESTIONS)
    asked = [question(card) for card in deck.cards]
    ratings = [[rate(q, HAND_SIZE, choice) for choice in q.choices] for q in asked]
    names = [labels.card(deck, card) for card in deck.cards]
    ids = [card.id for card in deck.cards]
    deals = f"over every deal of a {HAND_SIZE}-tile code"
    note = f"{deals}; a choice card: its choices averaged"
    openings = sampling.count(OPENINGS)
    split = _Split(tuple(asked))
    places = list(range(len(ids)))
    shuffles = [
        _typical(split, sampling.chance("openings", n).order(places, ids.__getitem__))
        for n in range(openings)
    ]
    typical = enumerate(zip(*shuffles, strict=True), start=1)
    best = enumerate(_best(split), start=1)

    def per_question(value: Callable[[Rating], float]) -> tuple[Metric, ...]:
        return tuple(
            Metric(key, name, statistics.fmean(map(value, rated)))
            for key, name, rated in zip(ids, names, ratings, strict=True)
        )

    before = f"{ratings[0][0].hands} codes before any answer; {note}"
    return [
        Measure(
            "information", "Information per question", "bits", per_question(lambda r: r.bits), note
        ),
        Measure(
            "codes_left",
            "Codes left after one answer",
            "codes",
            per_question(lambda r: r.expected_hands),
            before,
        ),
        Measure(
            "openings",
            "Codes left after the first questions",
            "codes",
            (
                *(Metric(f"best-{n}", f"best {n} of the deck", left) for n, left in best),
                *(
                    Metric.mean(f"face-up-{n}", f"best {n} of {FACE_UP} face up", left)
                    for n, left in typical
                ),
            ),
            f"{openings} shuffles of the question deck, seed {sampling.seed}; {deals}; a choice "
            "card asked with its better choice",
        ),
    ]


class _Split:
    """How the answers to some questions split the codes, and the codes still fitting, on
    average, after one more answer. Everything is kept by the set of questions asked (their
    order does not matter): the shuffles meet the same few openings again and again."""

    def __init__(self, questions: tuple[Question, ...]) -> None:
        self.questions = questions
        self.hands = distinct_hands(HAND_SIZE)
        self.heard: dict[Asked, IntArray] = {}
        self.parts: dict[tuple[Asked, ...], IntArray] = {(): np.zeros(len(self.hands), np.int64)}
        self.known: dict[tuple[Asked, ...], float] = {}

    def choices(self, index: int) -> list[Asked]:
        return [(index, choice) for choice in self.questions[index].choices]

    def left(self, asked: list[Asked], option: Asked) -> float:
        """The codes left, on average, after the answers to ``asked`` and to ``option``."""
        key = _set([*asked, option])
        if key not in self.known:
            heard = self.answers(option)
            cells = self.cells(asked) * (int(heard.max()) + 1) + heard
            self.known[key] = _expected(cells, self.hands.deals)
        return self.known[key]

    def cells(self, asked: list[Asked]) -> IntArray:
        """Each code's cell of the split by the answers to ``asked``, cells numbered from 0."""
        key = _set(asked)
        if key not in self.parts:
            heard = self.answers(asked[-1])
            joined = self.cells(asked[:-1]) * (int(heard.max()) + 1) + heard
            self.parts[key] = np.unique(joined, return_inverse=True)[1]
        return self.parts[key]

    def answers(self, option: Asked) -> IntArray:
        """The answers to one question, numbered from 0."""
        if option not in self.heard:
            index, choice = option
            said = answers(self.questions[index], self.hands, choice)
            self.heard[option] = np.unique(said, return_inverse=True)[1]
        return self.heard[option]


def _set(asked: list[Asked]) -> tuple[Asked, ...]:
    return tuple(sorted(asked, key=lambda option: (option[0], option[1] or 0)))


def _expected(cells: IntArray, deals: IntArray) -> float:
    """The distinct codes left, on average over the deals: a cell heard on ``d`` of the deals
    holds its ``h`` codes with probability ``d / total`` (cells are any whole numbers)."""
    dealt = np.bincount(cells, weights=deals)
    held = np.bincount(cells)
    return float(dealt @ held / dealt.sum())


def _best(split: _Split) -> list[float]:
    """Codes left after each of the first questions, each the best of the deck given the
    answers before it."""
    return _greedy(split, list(range(len(split.questions))), [])


def _typical(split: _Split, order: list[int]) -> list[float]:
    """One shuffle (the questions' places in the deck, top first): the asker takes the best of
    the face-up cards, which is replaced."""
    return _greedy(split, order[:FACE_UP], order[FACE_UP:])


def _greedy(split: _Split, face_up: list[int], deck: list[int]) -> list[float]:
    asked: list[Asked] = []
    left = []
    for _ in range(min(ASKED, len(face_up) + len(deck))):
        options = [option for index in face_up for option in split.choices(index)]
        chosen = min(options, key=lambda option: split.left(asked, option))
        left.append(split.left(asked, chosen))
        asked.append(chosen)
        face_up.remove(chosen[0])
        if deck:
            face_up.append(deck.pop(0))
    return left
