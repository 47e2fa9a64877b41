"""Game of Trains' part of the rulebook summary: the abilities on the wagons, and a turn worked
out by the engine (every way to use each face-up card, the best one kept)."""

from __future__ import annotations

import itertools
from collections import Counter

from generator.games.base import RuleError, deck_of
from generator.games.game_of_trains.decks import WAGONS
from generator.games.game_of_trains.train import (
    ABILITIES,
    MOVES,
    SWAPS,
    TRAIN_LENGTH,
    Train,
    apply,
)
from generator.model import Deck, Game
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.words import Words

WORDING = {
    "summary.reference": (),
    "summary.on_wagons": ("count",),
    "summary.example": (),
    "summary.example_train": ("train",),
    "summary.example_face_up": ("cards",),
    "summary.example_best": ("name", "number", "positions", "train", "ordered"),
}
EXAMPLE_TRAIN = (12, 40, 33, 55, 5, 70, 84)
"""A train half way to winning; the face-up cards are the lowest wagons that reorder a train."""
FACE_UP = 3
ICON = 11.0  # mm
THUMB = 0.17  # a wagon card drawn at 17 %


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    wagons = deck_of(game, WAGONS)
    return [_abilities(wagons, words, pictures), _turn(wagons, words, pictures)]


def _abilities(wagons: Deck, words: Words, pictures: Pictures) -> Reference:
    counts = Counter(card.fields["ability"] for card in wagons.cards)
    entries = [
        Entry(
            words(f"abilities.{ability}.name"),
            words(f"abilities.{ability}.text"),
            pictures.pictogram("ability", ICON, id=ability),
            words("summary.on_wagons", count=counts[ability]),
        )
        for ability in ABILITIES
        if counts[ability]
    ]
    return Reference(words("summary.reference"), entries)


def _turn(wagons: Deck, words: Words, pictures: Pictures) -> Example:
    by_number = {card.fields["number"]: card for card in wagons.cards}
    train = [by_number[number] for number in EXAMPLE_TRAIN if number in by_number]
    face_up = sorted(
        (
            card
            for card in wagons.cards
            if card.fields["ability"] in (*SWAPS, *MOVES) and card not in train
        ),
        key=lambda card: card.fields["number"],
    )[:FACE_UP]
    start = " ".join(str(number) for number in EXAMPLE_TRAIN)
    steps = [
        Step(
            words("summary.example_train", train=start),
            tuple(
                pictures.card(wagons, card, scale=THUMB, caption=str(position))
                for position, card in enumerate(train, start=1)
            ),
        ),
        Step(
            words(
                "summary.example_face_up",
                cards=words.join([str(card.fields["number"]) for card in face_up]),
            ),
            tuple(pictures.card(wagons, card, scale=THUMB) for card in face_up),
        ),
    ]
    for card in face_up:
        ability = card.fields["ability"]
        positions, after = best_use(EXAMPLE_TRAIN, ability)
        steps.append(
            Step(
                words(
                    "summary.example_best",
                    name=words(f"abilities.{ability}.name"),
                    number=card.fields["number"],
                    positions=words.join([str(p) for p in positions]),
                    train=str(after),
                    ordered=in_order_pairs(after),
                )
            )
        )
    return Example(words("summary.example"), steps)


def best_use(numbers: tuple[int, ...], ability: str) -> tuple[list[int], Train]:
    """The positions at which ``ability`` leaves the most neighbouring wagons in order (the
    first such, reading left to right), and the train it leaves."""
    arity = 2 if ability in SWAPS else 1
    best: tuple[int, list[int], Train] | None = None
    for positions in itertools.combinations(range(1, TRAIN_LENGTH + 1), arity):
        train = Train(list(numbers))
        try:
            apply(train, ability, list(positions))
        except RuleError:  # a place the ability cannot be used
            continue
        if best is None or in_order_pairs(train) > best[0]:
            best = (in_order_pairs(train), list(positions), train)
    assert best is not None, f"{ability} can be used somewhere on a full train"
    return best[1], best[2]


def in_order_pairs(train: Train) -> int:
    """How many neighbouring wagons read ascending (6 is a winning train)."""
    return sum(
        1 for a, b in itertools.pairwise(train.wagons) if a is not None and b is not None and a < b
    )
