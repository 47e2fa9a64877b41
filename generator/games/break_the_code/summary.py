"""Break the Code's part of the rulebook summary: how the game is won and ends (naming the code
with 2 players, writing it with 3 or 4, running out of questions), every question card with its
rating (how many 5-tile codes its answer leaves, on average over all deals), and a dealt hand
answering the first question cards, with how many codes still fit after each answer."""

from __future__ import annotations

import random
import statistics
from functools import lru_cache

from generator.games.base import deck_of
from generator.games.break_the_code.decks import QUESTIONS, TILES
from generator.games.break_the_code.questions import Answer, Question, answer, question
from generator.games.break_the_code.rating import Rating, rate, still_fitting
from generator.games.break_the_code.tiles import COLOURS, Hand, deal, distinct_hands
from generator.model import Deck, Game
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.words import Words

RULES = ("naming", "writing", "questions_out")
"""How a game is won or ends: naming the code (2 players), writing it (3 or 4 players), and the
question cards running out."""
WORDING = {
    "summary.rules.title": (),
    **{f"summary.rules.{rule}.{part}": () for rule in RULES for part in ("name", "text")},
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
ICON = 9.0  # mm
TILE_SCALE = 0.6


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    tiles, questions = deck_of(game, TILES), deck_of(game, QUESTIONS)
    asked = [question(card) for card in questions.cards]
    return [
        _rules(words),
        _questions(questions, asked, words, pictures),
        _example(tiles, asked[:ASKED], words, pictures),
    ]


def _rules(words: Words) -> Reference:
    entries = [
        Entry(words(f"summary.rules.{rule}.name"), words(f"summary.rules.{rule}.text"))
        for rule in RULES
    ]
    return Reference(words("summary.rules.title"), entries)


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
    return Reference(words("summary.questions"), entries, intro=words("summary.ratings"))


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
    heard = [(q, q.choices[0], answer(q, hand, q.choices[0])) for q in asked]
    total = len(distinct_hands(HAND_SIZE))
    steps = [Step(words("summary.hand", hand=_hand_text(hand, words), total=total), shown)]
    before = total
    for (asked_question, choice, said), left in zip(
        heard, codes_left(tuple(asked), hand), strict=True
    ):
        narrows = "summary.narrows_a_lot" if left <= A_LOT * before else "summary.narrows_a_little"
        line = words(
            "summary.asked",
            question=_asked_text(asked_question, choice, words),
            answer=spoken(said, words),
        )
        steps.append(Step(f"{line} {words(narrows, count=left)}"))
        before = left
    return Example(words("summary.example"), steps)


@lru_cache(maxsize=8)
def codes_left(asked: tuple[Question, ...], hand: Hand) -> tuple[int, ...]:
    """How many codes still fit after each of the first 1, 2, ... answers ``hand`` gives to
    ``asked`` (the asker's first choice where a card offers one), computed once per process."""
    return still_fitting([(q, q.choices[0]) for q in asked], hand)


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
    """An answer as the holder says it, with the locale's position letters."""
    letters = words("letters")
    if isinstance(said, bool):
        return words("summary.yes" if said else "summary.no")
    if isinstance(said, int):
        return str(said)
    if not said:
        return words("summary.none")
    groups = said if isinstance(said[0], list) else [said]
    return words.join(["".join(letters[i] for i in group) for group in groups])
