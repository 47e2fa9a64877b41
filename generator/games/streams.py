"""Common random numbers: every random draw of a balance report comes from a stream named by
what it is for, so two decks measured side by side draw the same numbers wherever they hold the
same cards, and a before/after change shows what the change did, not a reshuffle.

A name is the seed, the trial (a game, a shuffle, a table) and what is drawn (a round card's id,
a seat): :func:`key` makes 64 bits of it with BLAKE2b, the same in every process and every
Python (not :func:`hash`, which each process salts). A deck is put in order by a number each
card draws for itself (:meth:`Chance.order`): a card added only slots in among the others, a
card taken out only leaves a gap, where one shuffle of the whole list would move every card.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")
SEPARATOR = "\x1f"
"""Between the parts of a name (the ASCII unit separator: no id or number holds it)."""
BITS = (1 << 64) - 1


def key(*names: object) -> int:
    """64 bits for ``names``, the same wherever and whenever they are asked for."""
    text = SEPARATOR.join(map(str, names)).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big")


class Chance:
    """The draws of one trial, named by ``names`` (the seed, the measure, the trial)."""

    __slots__ = ("names",)

    def __init__(self, *names: object) -> None:
        self.names = names

    def then(self, *names: object) -> Chance:
        """The draws of a part of the trial (a seat, a round), named further."""
        return Chance(*self.names, *names)

    def stream(self, *names: object) -> random.Random:
        """A generator of its own for one use: what it draws is untouched by any other draw."""
        return random.Random(key(*self.names, *names))

    def order(self, items: Sequence[T], id_of: Callable[[T], str], *names: object) -> list[T]:
        """``items`` shuffled: sorted by a number each draws by its id, so an item added or
        taken out leaves the others in the order they had (items of one id keep theirs)."""
        trial = key(*self.names, *names)
        return sorted(items, key=lambda item: _mix(_own(id_of(item)) ^ trial))


@functools.lru_cache(maxsize=4096)
def _own(item: str) -> int:
    """An id's own 64 bits, kept for the next trial (a deck is ordered once per trial)."""
    return key(item)


def _mix(value: int) -> int:
    """MurmurHash3's 64-bit finaliser: every bit of an item's number depends on every bit of
    its id's and the trial's, so the orders of two trials are unrelated."""
    value = ((value ^ (value >> 33)) * 0xFF51AFD7ED558CCD) & BITS
    value = ((value ^ (value >> 33)) * 0xC4CEB9FE1A85EC53) & BITS
    return value ^ (value >> 33)
