"""Game of Trains: a player's train, the eight abilities, and the face-up row beside the deck.

Positions are 1-7 from the left (the locomotive is not a wagon and never counts). A wagon removed
by a remove ability leaves a gap (``None``) until its owner draws a new wagon into it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.games.base import RuleError

TRAIN_LENGTH = 7
MIDDLE = 4
WAGON_NUMBERS = range(1, 85)
"""The shipped wagons' numbers, the trains ``pnp rules`` reads; an expansion may number on."""
MOST_WAGONS = 99
"""The highest number a wagon may have: two digits, in its card id and on the card."""

SWAPS = {"swap-adjacent": 1, "swap-over-one": 2}
"""Swap abilities and the distance between the two positions they swap."""
MOVES = {"move-left-2": -2, "move-right-2": 2}
"""Move abilities and how far (and which way) the chosen wagon travels."""
REMOVES = {"remove-left": 1, "remove-middle": MIDDLE, "remove-right": TRAIN_LENGTH}
"""Remove abilities and the position every player loses."""
PROTECT = "protect"
PROTECTABLE = (1, MIDDLE, TRAIN_LENGTH)
ABILITIES = (*SWAPS, *MOVES, *REMOVES, PROTECT)


@dataclass
class Train:
    """Seven wagon numbers from the left; ``locks`` are the wagons a protect card is tucked under.

    A lock belongs to the wagon, not to the position. It is lost when its owner moves that wagon
    with an ability; whether a wagon shifted along by another wagon's move counts as moved is a
    rule setting (:data:`LOCK_RULES`).
    """

    wagons: list[int | None]
    locks: set[int] = field(default_factory=set)

    @classmethod
    def parse(cls, text: str) -> Train:
        """``"70 55 40 33 20 12 5"``; ``_`` marks a gap left by a removed wagon. A text that is
        not a train is malformed input (:class:`ValueError`), not a move the rules forbid."""
        parts = text.replace(",", " ").split()
        if len(parts) != TRAIN_LENGTH:
            raise ValueError(f"a train has {TRAIN_LENGTH} wagons, got {len(parts)}: {text!r}")
        wagons: list[int | None] = []
        for part in parts:
            if part == "_":
                wagons.append(None)
            elif part.isdigit() and int(part) in WAGON_NUMBERS:
                wagons.append(int(part))
            else:
                raise ValueError(f"{part!r} is not a wagon number (1-84) or a gap '_'")
        numbers = [n for n in wagons if n is not None]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"a wagon number appears twice in {text!r}")
        return cls(wagons)

    def __str__(self) -> str:
        return " ".join(
            "_" if n is None else f"{n}*" if n in self.locks else str(n) for n in self.wagons
        )

    def at(self, position: int) -> int | None:
        _check_position(position)
        return self.wagons[position - 1]

    def in_order(self) -> bool:
        """The winning condition: seven wagons ascending from left to right."""
        if None in self.wagons:
            return False
        numbers = [n for n in self.wagons if n is not None]
        return all(a < b for a, b in itertools.pairwise(numbers))


def _check_position(position: int) -> None:
    if not 1 <= position <= TRAIN_LENGTH:
        raise RuleError(f"position {position} is not in the train (1-{TRAIN_LENGTH})")


def swap(train: Train, ability: str, first: int, second: int) -> list[int]:
    """Swap two wagons ``SWAPS[ability]`` apart; returns the protect cards lost (wagons freed)."""
    _check_position(first)
    _check_position(second)
    if abs(first - second) != SWAPS[ability]:
        between = "next to each other" if SWAPS[ability] == 1 else "exactly one wagon apart"
        raise RuleError(f"{ability}: positions {first} and {second} are not {between}")
    _require_wagons(train, first, second)
    w = train.wagons
    w[first - 1], w[second - 1] = w[second - 1], w[first - 1]
    return _unlock(train, w[first - 1], w[second - 1])


ANY_MOVE, OWN_MOVE = "any-move", "own-move"
LOCK_RULES = (ANY_MOVE, OWN_MOVE)
"""When a protected wagon loses its protect card. The rulebook: "if the player moves the protected
card with an ability, it loses its protection". ``any-move`` (the default) reads it literally:
a wagon shifted one place by another wagon's two-place move has been moved by an ability too.
``own-move``: only the wagon the ability itself moves or swaps loses it."""


def move(train: Train, ability: str, position: int, locks: str = ANY_MOVE) -> list[int]:
    """Move one wagon two places, the wagons in between shift over (an insert, not a swap)."""
    _check_position(position)
    target = position + MOVES[ability]
    if not 1 <= target <= TRAIN_LENGTH:
        side = "left" if MOVES[ability] < 0 else "right"
        raise RuleError(
            f"{ability}: the wagon at position {position} cannot move two places "
            f"{side}; it needs two wagons to its {side}"
        )
    _require_wagons(train, position)
    wagon = train.wagons.pop(position - 1)
    train.wagons.insert(target - 1, wagon)
    low, high = sorted((position, target))
    return _unlock(train, *(train.wagons[low - 1 : high] if locks == ANY_MOVE else [wagon]))


def protect(train: Train, position: int) -> None:
    """Tuck a protect card under the leftmost, middle or rightmost wagon."""
    if position not in PROTECTABLE:
        raise RuleError(
            f"protect: only positions {', '.join(map(str, PROTECTABLE))} can be "
            f"protected, not {position}"
        )
    wagon = train.at(position)
    if wagon is None:
        raise RuleError(f"protect: position {position} is empty")
    if wagon in train.locks:
        raise RuleError(f"protect: the wagon at position {position} is already protected")
    train.locks.add(wagon)


def remove(train: Train, ability: str) -> int | None:
    """A remove ability on one train: the wagon it loses (leaving a gap), or ``None``."""
    position = REMOVES[ability]
    wagon = train.wagons[position - 1]
    if wagon is None or wagon in train.locks:
        return None
    train.wagons[position - 1] = None
    return wagon


def _require_wagons(train: Train, *positions: int) -> None:
    for position in positions:
        if train.wagons[position - 1] is None:
            raise RuleError(f"position {position} is empty: draw a wagon into it first")


def _unlock(train: Train, *moved: int | None) -> list[int]:
    freed = [wagon for wagon in moved if wagon in train.locks]
    train.locks.difference_update(freed)
    return [wagon for wagon in freed if wagon is not None]


def apply(train: Train, ability: str, positions: list[int], locks: str = ANY_MOVE) -> list[int]:
    """Use ``ability`` on ``train`` at ``positions``; returns the wagons it took off the train.
    ``locks``: when a protected wagon loses its protection (:data:`LOCK_RULES`).

    Removes take no position (they hit every train at a fixed place); the game-level effect on
    the other players' trains is :func:`remove` applied to each of them.
    """
    expected = 2 if ability in SWAPS else 1 if ability in MOVES or ability == PROTECT else 0
    if len(positions) != expected:
        raise RuleError(
            f"{ability} takes {expected} position{'s' if expected != 1 else ''}, "
            f"got {len(positions)}"
        )
    if ability in SWAPS:
        swap(train, ability, *positions)
    elif ability in MOVES:
        move(train, ability, positions[0], locks)
    elif ability == PROTECT:
        protect(train, positions[0])
    elif ability in REMOVES:
        removed = remove(train, ability)
        return [] if removed is None else [removed]
    else:
        raise RuleError(f"unknown ability {ability!r} (known: {', '.join(ABILITIES)})")
    return []


@dataclass
class FaceUpRow:
    """The face-up cards beside the deck, by ability, in the order they arrived.

    Whenever two cards share an ability both are discarded at once; when several arrive together
    (after a remove) they go in pairs, so of an odd number the one that arrived last stays.
    """

    cards: list[tuple[int, str]] = field(default_factory=list)

    def arrive(self, cards: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
        """Lay cards face up; returns the cards discarded by the pair rule."""
        self.cards.extend(cards)
        discarded: list[tuple[int, str]] = []
        for ability in dict.fromkeys(a for _, a in self.cards):
            same = [card for card in self.cards if card[1] == ability]
            discarded += same[: len(same) - len(same) % 2]
        self.cards = [card for card in self.cards if card not in discarded]
        return discarded

    def abilities(self) -> list[str]:
        return [ability for _, ability in self.cards]
