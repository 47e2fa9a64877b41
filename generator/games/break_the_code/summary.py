"""Break the Code's part of the rulebook summary: every question card with its rating (how far
its answer narrows a 5-tile code, over all deals), and a dealt hand answering the first question
cards, with how many codes remain possible after hearing them."""

from __future__ import annotations

import random
import statistics
from functools import lru_cache

from generator.games.base import deck_of
from generator.games.break_the_code.decks import QUESTIONS, TILES
from generator.games.break_the_code.questions import Answer, Question, answer, question
from generator.games.break_the_code.rating import Rating, all_deals, consistent, rate
from generator.games.break_the_code.tiles import COLOURS, Hand, deal
from generator.model import Deck, Game
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.words import Words

WORDING = {
    "summary.questions": (),
    "summary.ratings": (),
    "summary.rating": ("bits", "hands"),
    "summary.example": (),
    "summary.hand": ("hand",),
    "summary.asked": ("question", "answer"),
    "summary.remaining": ("count", "total"),
    "summary.yes": (),
    "summary.no": (),
    "summary.none": (),
}
HAND_SIZE = 5
"""Ratings and the example are for 5-tile codes, as with two or three players."""
DEAL_SEED = 3
"""The seed of the example's shuffle, so every build deals the same hand."""
ASKED = 4
ICON = 9.0  # mm
TILE_SCALE = 0.6


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    tiles, questions = deck_of(game, TILES), deck_of(game, QUESTIONS)
    asked = [question(card) for card in questions.cards]
    return [
        _questions(questions, asked, words, pictures),
        _example(tiles, asked[:ASKED], words, pictures),
    ]


def _questions(deck: Deck, asked: list[Question], words: Words, pictures: Pictures) -> Reference:
    entries = []
    for card, asked_question in zip(deck.cards, asked, strict=True):
        ratings = [rated(asked_question, choice) for choice in asked_question.choices]
        note = words(
            "summary.rating",
            bits=f"{statistics.fmean(r.bits for r in ratings):.1f}",
            hands=f"{statistics.fmean(r.expected_hands for r in ratings):.0f}",
        )
        picture = pictures.pictogram("question", ICON, card=card.template_data())
        entries.append(Entry("", words(f"questions.{asked_question.id}"), picture, note))
    return Reference(words("summary.questions"), entries, intro=words("summary.ratings"))


@lru_cache(maxsize=256)
def rated(question: Question, choice: int | None) -> Rating:
    """A question's rating, computed once per build for all three languages."""
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
    lines = [
        words(
            "summary.asked",
            question=_asked_text(question, choice, words),
            answer=spoken(said, words),
        )
        for question, choice, said in heard
    ]
    remaining = consistent(HAND_SIZE, heard)
    total = len(set(all_deals(HAND_SIZE)))
    steps = [
        Step(words("summary.hand", hand=_hand_text(hand, words)), shown),
        *(Step(line) for line in lines),
        Step(words("summary.remaining", count=len(remaining), total=total)),
    ]
    return Example(words("summary.example"), steps)


def _asked_text(question: Question, choice: int | None, words: Words) -> str:
    text = words(f"questions.{question.id}")
    return text if choice is None else f"{text} ({choice})"


def _hand_text(hand: Hand, words: Words) -> str:
    letters = words("letters")
    return ", ".join(f"{letters[i]} {tile.number}" for i, tile in enumerate(hand))


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
