"""Break the Code's tiles and hands: the 20 code tiles, hand notation and the order a hand lies in.

A tile is written ``<number><colour>``: ``7w`` a white 7, ``2b`` a black 2, ``5g`` a green 5. A
hand lies ascending left to right; on equal numbers the black tile comes before the white one.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

COLOURS = {"b": "black", "w": "white", "g": "green"}
NUMBERS = range(10)
GREEN_NUMBER = 5
COLOUR_ORDER = {"b": 0, "g": 0, "w": 1}
"""Black before white on equal numbers (only the 5s are green, and they are alike)."""
HAND_SIZES = (4, 5)

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Tile:
    number: int
    colour: str

    def __str__(self) -> str:
        return f"{self.number}{self.colour}"

    @property
    def order(self) -> tuple[int, int]:
        return (self.number, COLOUR_ORDER[self.colour])


Hand = tuple[Tile, ...]


def tile_set() -> list[Tile]:
    """The 20 tiles: 0-9 in black and in white, except that both 5s are green."""
    return [Tile(n, "g" if n == GREEN_NUMBER else colour) for n in NUMBERS for colour in ("b", "w")]


def sort_hand(tiles: list[Tile] | tuple[Tile, ...]) -> Hand:
    return tuple(sorted(tiles, key=lambda tile: tile.order))


def parse_tile(text: str) -> Tile | None:
    if len(text) != 2 or not text[0].isdigit() or text[1] not in COLOURS:
        return None
    tile = Tile(int(text[0]), text[1])
    return tile if tile in tile_set() else None


def hand_problem(text: str) -> str | None:
    """What is wrong with a hand in notation, or ``None``."""
    words = text.split()
    bad = [word for word in words if parse_tile(word) is None]
    if bad:
        return (
            f"{', '.join(map(repr, bad))}: a tile is a number 0-9 and b (black), w (white) or "
            "g (green, the 5s only), like 7w"
        )
    if len(words) not in HAND_SIZES:
        return f"a hand has 4 or 5 tiles, not {len(words)}"
    tiles = [tile for word in words if (tile := parse_tile(word)) is not None]
    extra = sorted({str(t) for t in tiles if tiles.count(t) > tile_set().count(t)})
    if extra:
        return f"{', '.join(extra)} appears more often than the tiles hold it"
    return None


def parse_hand(text: str) -> Hand:
    """A hand from notation, sorted (check it with :func:`hand_problem` first)."""
    return sort_hand([tile for word in text.split() if (tile := parse_tile(word))])


def hand_text(hand: Hand) -> str:
    return " ".join(map(str, hand))


def deals(size: int, seen: Hand = ()) -> Iterator[Hand]:
    """Every way to be dealt ``size`` of the 20 tiles but those ``seen`` (a player's own hand),
    each physical tile distinct (the two green 5s are two tiles), so every deal is equally
    likely."""
    pool = tile_set()
    for tile in seen:
        pool.remove(tile)
    for combination in itertools.combinations(pool, size):
        yield sort_hand(combination)


@dataclass(frozen=True, eq=False)
class Hands:
    """Distinct hands as arrays, one row per hand, its tiles in hand order: ``numbers``, and
    ``colours`` (each tile's colour letter as its place in :data:`COLOURS`: black 0, white 1,
    green 2); ``deals`` is how many deals give each hand."""

    numbers: IntArray
    colours: IntArray
    deals: IntArray

    def __len__(self) -> int:
        return len(self.deals)

    def hand(self, index: int) -> Hand:
        letters = list(COLOURS)
        return tuple(
            Tile(int(number), letters[colour])
            for number, colour in zip(self.numbers[index], self.colours[index], strict=True)
        )

    def index(self, hand: Hand) -> int:
        """Where ``hand`` (sorted, of this size) is in the table."""
        letters = list(COLOURS)
        numbers = np.array([tile.number for tile in hand])
        colours = np.array([letters.index(tile.colour) for tile in hand])
        same = (self.numbers == numbers).all(axis=1) & (self.colours == colours).all(axis=1)
        return int(np.flatnonzero(same)[0])


@cache
def distinct_hands(size: int) -> Hands:
    """Every distinct hand of ``size`` tiles once, in the order :func:`deals` first gives it,
    with how many deals give it (two for a hand with one green 5: either green tile).

    A question is answered by the hand, not by which physical tile is which, so a rating
    answers each distinct hand once and weighs it by its deals (12,444 hands stand for the
    15,504 deals of 5 tiles). The deals are the same combinations of the 20 tiles that
    :func:`deals` walks, each sorted as :func:`sort_hand` lays it out, so the hands come in the
    same order; keeping that order keeps a rating's sums in the same order, to the last bit.
    """
    pool = tile_set()
    # the distinct tiles in hand order: a hand's places among them, sorted, is the sorted hand
    kinds = sorted(dict.fromkeys(pool), key=lambda tile: tile.order)
    place = np.array([kinds.index(tile) for tile in pool], dtype=np.int64)
    combinations = itertools.chain.from_iterable(itertools.combinations(range(len(pool)), size))
    dealt = np.fromiter(combinations, dtype=np.int64).reshape(-1, size)
    rows = np.sort(place[dealt], axis=1)
    keys = rows @ (len(kinds) ** np.arange(size, dtype=np.int64))
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    order = np.argsort(first)
    rows = rows[first[order]]
    letters = list(COLOURS)
    numbers = np.array([tile.number for tile in kinds], dtype=np.int64)
    colours = np.array([letters.index(tile.colour) for tile in kinds], dtype=np.int64)
    return Hands(numbers[rows], colours[rows], counts[order].astype(np.int64))


@dataclass(frozen=True)
class Deal:
    hands: tuple[Hand, ...]
    centre: tuple[Tile, ...]
    """Face down in the centre of the table (3 and 4 players); the rest go back in the box."""


DEALS = {2: (5, 0), 3: (5, 5), 4: (4, 4)}
"""Players: (tiles each, tiles in the centre)."""


def deal(players: int, rng: random.Random) -> Deal:
    """Shuffle the 20 tiles and deal them as the rules say for ``players``."""
    each, centre = DEALS[players]
    tiles = tile_set()
    rng.shuffle(tiles)
    hands = tuple(sort_hand(tiles[i * each : (i + 1) * each]) for i in range(players))
    rest = tiles[players * each :]
    return Deal(hands, tuple(rest[:centre]))
