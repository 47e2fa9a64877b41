"""Game of Trains' part of the rulebook summary: the abilities on the wagons, and a turn worked
out by the engine (every way to use each face-up card, the best one kept)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

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
from generator.model import Card, Deck, Game
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.hooks import Pictures
from generator.rulebook.words import Words

WORDING = {
    "summary.reference": (),
    "summary.on_wagons": ("count",),
    "summary.example": (),
    "summary.example_train": ("train", "ordered"),
    "summary.example_face_up": ("cards",),
    "summary.example_best": ("name", "number", "positions", "train", "ordered", "count"),
    "summary.example_why": ("wagon", "neighbours", "run"),
}
EXAMPLE_TRAIN = (12, 40, 33, 55, 5, 70, 84)
"""A train half way to winning. The face-up cards are the lowest wagons, one per ability (two
alike would be discarded at once), whose ability can put more of its neighbours in order."""
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
    face_up = helping(wagons)
    start = " ".join(str(number) for number in EXAMPLE_TRAIN)
    steps = [
        Step(
            words(
                "summary.example_train",
                train=start,
                ordered=in_order_pairs(Train(list(EXAMPLE_TRAIN))),
            ),
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
    steps += [Step(best_use_explained(card, words)) for card in face_up]
    return Example(words("summary.example"), steps)


def best_use_explained(card: Card, words: Words) -> str:
    """Where the face-up ``card`` is best used on :data:`EXAMPLE_TRAIN`, the train it leaves,
    and why that is good (:func:`why`)."""
    ability = card.fields["ability"]
    positions, after = best_use(EXAMPLE_TRAIN, ability)
    reason = why(EXAMPLE_TRAIN, ability, positions, after)
    best = words(
        "summary.example_best",
        name=words(f"abilities.{ability}.name"),
        number=card.fields["number"],
        positions=words.join([str(p) for p in positions]),
        train=str(after),
        ordered=in_order_pairs(after),
        count=len(positions),
    )
    because = words(
        "summary.example_why",
        wagon=str(reason.wagon),
        neighbours=words.join([str(n) for n in reason.neighbours]),
        run=" ".join(str(n) for n in reason.run),
    )
    return f"{best} {because}"


def helping(wagons: Deck) -> list[Card]:
    """The face-up cards of the example: the lowest wagons whose ability reorders a train and
    can put more neighbours of :data:`EXAMPLE_TRAIN` in order, one per ability."""
    now = in_order_pairs(Train(list(EXAMPLE_TRAIN)))
    helps = [a for a in (*SWAPS, *MOVES) if in_order_pairs(best_use(EXAMPLE_TRAIN, a)[1]) > now]
    chosen: dict[str, Card] = {}
    for card in sorted(wagons.cards, key=lambda card: card.fields["number"]):
        ability = card.fields["ability"]
        if (
            ability in helps
            and ability not in chosen
            and card.fields["number"] not in EXAMPLE_TRAIN
        ):
            chosen[ability] = card
    return list(chosen.values())[:FACE_UP]


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


@dataclass(frozen=True)
class Reason:
    """Why a use of an ability is good: it puts ``wagon`` next to ``neighbours`` in order, so
    ``run`` reads ascending."""

    wagon: int
    neighbours: list[int]
    run: list[int]


def why(before: tuple[int, ...], ability: str, positions: list[int], after: Train) -> Reason:
    """Of the wagons the use moved (both swapped ones, or the one moved two places), the one
    in order with the most of its new neighbours (the leftmost of equals), those neighbours,
    and the ascending run it now stands in.

    A use that puts more neighbours in order leaves that wagon in order with one at least: a
    swap changes only the pairs its two wagons are in; a move also brings the wagon's old
    neighbours together, but they read in order only if the wagon stood in order with one of
    them, a pair lost that only a pair at its new place can make up for."""
    wagons = _full(after)
    moved = [before[p - 1] for p in (positions if ability in SWAPS else positions[:1])]

    def in_order_with(wagon: int) -> list[int]:
        at = wagons.index(wagon)
        left = [wagons[at - 1]] if at > 0 and wagons[at - 1] < wagon else []
        right = [wagons[at + 1]] if at + 1 < len(wagons) and wagon < wagons[at + 1] else []
        return left + right

    wagon = max(sorted(moved, key=wagons.index), key=lambda n: len(in_order_with(n)))
    first = last = wagons.index(wagon)
    while first > 0 and wagons[first - 1] < wagons[first]:
        first -= 1
    while last + 1 < len(wagons) and wagons[last] < wagons[last + 1]:
        last += 1
    return Reason(wagon, in_order_with(wagon), wagons[first : last + 1])


def _full(train: Train) -> list[int]:
    """The wagons of a train with no gap (the example's trains never have one)."""
    wagons = [n for n in train.wagons if n is not None]
    assert len(wagons) == TRAIN_LENGTH, f"{train} has a gap"
    return wagons
