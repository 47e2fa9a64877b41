"""Break the Code's part of the rulebook summary: how the game is won and ends (naming the code
with 2 players, writing it with 3 or 4, running out of questions), every question card with its
rating (how many 5-tile codes its answer leaves, on average over all deals), and a dealt hand
answering the first question cards, with how many codes still fit after each answer, a code the
answer rules out and one it cannot tell from the dealt one."""

from __future__ import annotations

import random
import statistics
from functools import lru_cache

from generator.games.base import deck_of
from generator.games.break_the_code.decks import QUESTIONS, TILES
from generator.games.break_the_code.questions import Answer, Question, answer, question
from generator.games.break_the_code.rating import Narrowing, Rating, narrowing, rate
from generator.games.break_the_code.tiles import COLOURS, Hand, deal, distinct_hands, parse_hand
from generator.model import Deck, Game
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.hooks import NamedRules, Pictures
from generator.rulebook.words import Words

GROUPS = "summary.words.groups"
"""The text that names groups of neighbours one by one ("A and B, and C, D and E")."""

RULES = NamedRules(("naming", "writing", "questions_out"))
"""How a game is won or ends: naming the code (2 players), writing it (3 or 4 players), and the
question cards running out."""
WORDING = {
    **RULES.wording(),
    "summary.questions": (),
    "summary.ratings": (),
    "summary.rating": ("count",),
    "summary.example": (),
    "summary.hand": ("hand", "total"),
    "summary.tile": ("letter", "number", "colour"),
    **{f"summary.colours.{name}": () for name in COLOURS.values()},
    "summary.asked": ("question", "answer"),
    "summary.narrows_a_lot": ("count",),
    "summary.narrows_a_little": ("count",),
    "summary.ruled_out": ("code", "answer"),
    "summary.still_fits": ("code",),
    "summary.where": ("example", "none"),
    "summary.neighbours": ("code", "answer"),
    GROUPS: ("items", "last"),
    "summary.yes": (),
    "summary.no": (),
    "summary.none": (),
}
HAND_SIZE = 5
"""Ratings and the example are for 5-tile codes, as with two or three players."""
DEAL_SEED = 3
"""The seed of the example's shuffle, so every build deals the same hand."""
ASKED = 4
A_LOT = 0.25
"""An answer narrows the code down "a lot" when at most this share of the codes that fitted
before it still fit after it, "a little" otherwise."""
WHERE_EXAMPLE = [1, 3]
"""The answer the questions' introduction shows a "where" question getting: B and D."""
NEIGHBOURS_EXAMPLE = parse_hand("1b 2b 3w 6w 7w")
"""The rulebook's code for answering a neighbours question group by group: A and B are black,
C, D and E white."""
SAME_COLOUR = Question("same-colour", "neighbours", by="colour")
"""The question the neighbours example answers (whichever cards the deck holds)."""
ICON = 9.0  # mm
TILE_SCALE = 0.6


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    tiles, questions = deck_of(game, TILES), deck_of(game, QUESTIONS)
    asked = [question(card) for card in questions.cards]
    return [
        RULES.section(words),
        _questions(questions, asked, words, pictures),
        _example(tiles, asked[:ASKED], words, pictures),
    ]


def _questions(deck: Deck, asked: list[Question], words: Words, pictures: Pictures) -> Reference:
    entries = []
    for card, asked_question in zip(deck.cards, asked, strict=True):
        ratings = [rated(asked_question, choice) for choice in asked_question.choices]
        note = words(
            "summary.rating",
            count=round(statistics.fmean(r.expected_hands for r in ratings)),
        )
        picture = pictures.pictogram("question", ICON, card=card.template_data())
        entries.append(Entry("", words(f"questions.{asked_question.id}"), picture, note))
    where = words("summary.where", example=spoken(WHERE_EXAMPLE, words), none=words("summary.none"))
    neighbours = words(
        "summary.neighbours",
        code=_hand_text(NEIGHBOURS_EXAMPLE, words),
        answer=spoken(answer(SAME_COLOUR, NEIGHBOURS_EXAMPLE), words),
    )
    intro = f"{where} {neighbours} {words('summary.ratings')}"
    return Reference(words("summary.questions"), entries, intro=intro)


@lru_cache(maxsize=256)
def rated(question: Question, choice: int | None) -> Rating:
    """A question's rating, computed once per process for the languages composed in it."""
    return rate(question, HAND_SIZE, choice)


def _example(tiles: Deck, asked: list[Question], words: Words, pictures: Pictures) -> Example:
    hand = deal(2, random.Random(DEAL_SEED)).hands[0]
    cards = {(c.fields["number"], c.fields["colour"]): c for c in tiles.cards}
    shown = tuple(
        pictures.card(
            tiles,
            cards[(tile.number, COLOURS[tile.colour])],
            scale=TILE_SCALE,
            caption=words("letters")[index],
        )
        for index, tile in enumerate(hand)
        if (tile.number, COLOURS[tile.colour]) in cards
    )
    total = len(distinct_hands(HAND_SIZE))
    steps = [Step(words("summary.hand", hand=_hand_text(hand, words), total=total), shown)]
    before = total
    for asked_question, told in zip(asked, narrowed(tuple(asked), hand), strict=True):
        steps.append(Step(_told(asked_question, hand, told, before, words)))
        before = told.left
    return Example(words("summary.example"), steps)


def _told(asked: Question, hand: Hand, told: Narrowing, before: int, words: Words) -> str:
    """One answer of the example: the question, the answer, how many of the ``before`` codes
    still fit, and the deduction: a code it rules out, with the answer that code would give,
    and one it cannot tell from ``hand``."""
    choice = asked.choices[0]
    narrows = "summary.narrows_a_lot" if told.left <= A_LOT * before else "summary.narrows_a_little"
    said = spoken(answer(asked, hand, choice), words)
    line = [
        words("summary.asked", question=_asked_text(asked, choice, words), answer=said),
        words(narrows, count=told.left),
    ]
    if told.ruled_out is not None:
        other = spoken(answer(asked, told.ruled_out, choice), words)
        code = _hand_text(told.ruled_out, words)
        line.append(words("summary.ruled_out", code=code, answer=other))
    if told.still_fits is not None:
        line.append(words("summary.still_fits", code=_hand_text(told.still_fits, words)))
    return " ".join(line)


@lru_cache(maxsize=8)
def narrowed(asked: tuple[Question, ...], hand: Hand) -> tuple[Narrowing, ...]:
    """What each of the answers ``hand`` gives to ``asked`` (the asker's first choice where a
    card offers one) tells, computed once per process for the languages composed in it."""
    return narrowing([(q, q.choices[0]) for q in asked], hand)


def _asked_text(question: Question, choice: int | None, words: Words) -> str:
    text = words(f"questions.{question.id}")
    return text if choice is None else f"{text} ({choice})"


def _hand_text(hand: Hand, words: Words) -> str:
    letters = words("letters")
    return ", ".join(
        words(
            "summary.tile",
            letter=letters[i],
            number=tile.number,
            colour=words(f"summary.colours.{COLOURS[tile.colour]}"),
        )
        for i, tile in enumerate(hand)
    )


def spoken(said: Answer, words: Words) -> str:
    """An answer as the holder says it, with the locale's position letters: the tiles of a
    "where" question together ("BD"), each group of neighbours by itself ("A and B, and C, D
    and E")."""
    letters = words("letters")
    if isinstance(said, bool):
        return words("summary.yes" if said else "summary.no")
    if isinstance(said, int):
        return str(said)
    if not said:
        return words("summary.none")
    if not isinstance(said[0], list):
        return "".join(letters[i] for i in said)
    return words.join([words.join([letters[i] for i in group]) for group in said], GROUPS)
