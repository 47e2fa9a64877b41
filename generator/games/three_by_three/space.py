"""Every board of a mode at once, and breadth-first search over them with numpy.

The chess mode has 9!/2! = 181,440 boards and the 15-puzzle 9!/(2!·2!·2!·2!) = 22,680. Each board
is a row of token codes (0 for empty); its key packs the nine codes 3 bits each, and boards are
kept sorted by key so a key finds its board with one ``searchsorted``. The moves of a board are a
fixed-width table of neighbour indices, built column by column from the 72 ordered cell pairs a
token could ever step between, so one breadth-first level is a handful of array operations.

Every move can be undone by the same token (a slide or jump back into the cell it left, which is
now empty, over the same cells, which are still empty), so the move graph is undirected: searching
outward from all boards that match a task gives every board's distance *to* the task.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np
import numpy.typing as npt

from generator.games.three_by_three.notation import (
    CELLS,
    EMPTY,
    MODES,
    SIDE,
    Mode,
    specified,
    turnings,
)

Array = npt.NDArray[np.int64]
BITS = 3
UNREACHED = -1


@dataclass(frozen=True)
class Step:
    """A token may go from ``origin`` to ``target`` with this kind of step if ``between`` (the
    cells it passes over; a knight passes over none) are empty."""

    origin: int
    target: int
    kind: str
    between: tuple[int, ...]


@cache
def steps() -> tuple[Step, ...]:
    """Every step on the 3x3 board, ordered by origin then target."""
    found = []
    for origin, target in itertools.permutations(range(CELLS), 2):
        (row, column), (row2, column2) = divmod(origin, SIDE), divmod(target, SIDE)
        kind = _kind(row2 - row, column2 - column)
        if kind is not None:
            middle = (origin + target) // 2
            between = (middle,) if kind.endswith("-2") else ()
            found.append(Step(origin, target, kind, between))
    return tuple(found)


def _kind(rows: int, columns: int) -> str | None:
    distance = {abs(rows), abs(columns)}
    if distance == {0, 1}:
        return "orthogonal"
    if distance == {0, 2}:
        return "orthogonal-2"
    if distance == {1}:
        return "diagonal"
    if distance == {2}:
        return "diagonal-2"
    if distance == {1, 2}:
        return "knight"
    return None


class Space:
    """All boards of one mode, their moves, and searches over them."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.alphabet = EMPTY + mode.tokens
        self.boards = _all_boards(mode, self.alphabet)
        self.keys = self.boards @ (1 << (BITS * np.arange(CELLS, dtype=np.int64)))
        self.moves = self._move_table()

    def __len__(self) -> int:
        return len(self.boards)

    def index(self, board: str) -> int:
        """The index of a board given in notation (which must be a board of this mode)."""
        key = sum(self.alphabet.index(token) << (BITS * cell) for cell, token in enumerate(board))
        index = int(np.searchsorted(self.keys, key))
        if index == len(self.keys) or self.keys[index] != key:
            raise ValueError(f"{board!r} is not a {self.mode.id} board")
        return index

    def board(self, index: int) -> str:
        return "".join(self.alphabet[code] for code in self.boards[index])

    def matching(self, task: str) -> npt.NDArray[np.bool_]:
        """Which boards show the task, turned any way."""
        found = np.zeros(len(self), dtype=bool)
        for way in turnings(task):
            fit = np.ones(len(self), dtype=bool)
            for cell in specified(way):
                fits = np.array([token in self.mode.fits[way[cell]] for token in self.alphabet])
                fit &= fits[self.boards[:, cell]]
            found |= fit
        return found

    def distances(self, goals: npt.NDArray[np.bool_]) -> Array:
        """Fewest moves from every board to one of ``goals`` (``UNREACHED`` where none is)."""
        distance = np.full(len(self), UNREACHED, dtype=np.int64)
        frontier = np.flatnonzero(goals)
        distance[frontier] = 0
        level = 0
        while frontier.size:
            level += 1
            reached = self.moves[frontier].ravel()
            distance[reached[distance[reached] == UNREACHED]] = level
            frontier = np.flatnonzero(distance == level)
        return distance

    def neighbours(self, index: int) -> list[int]:
        """The boards one move away, in step order (duplicates and padding removed)."""
        return [int(n) for n in dict.fromkeys(self.moves[index]) if n != index]

    def setup_boards(self) -> npt.NDArray[np.bool_]:
        """The boards a game starts from: the centre empty (and one other cell)."""
        empty: npt.NDArray[np.bool_] = self.boards[:, CELLS // 2] == 0
        return empty

    @cached_property
    def setup_groups(self) -> list[npt.NDArray[np.bool_]]:
        """The boards each setup board can ever reach, one mask per group of setups that reach
        each other (a board in one group never reaches a board of another)."""
        groups: list[npt.NDArray[np.bool_]] = []
        unplaced = self.setup_boards()
        while unplaced.any():
            seed = np.zeros(len(self), dtype=bool)
            seed[np.argmax(unplaced)] = True
            group = self.distances(seed) != UNREACHED
            groups.append(group)
            unplaced &= ~group
        return groups

    def _move_table(self) -> Array:
        """One row per board: the boards one move away, padded with the board itself."""
        sources, targets = [], []
        codes = self.boards
        for step in steps():
            movers = np.array(
                [token != EMPTY and step.kind in self.mode.moves[token] for token in self.alphabet]
            )
            legal = movers[codes[:, step.origin]] & (codes[:, step.target] == 0)
            for cell in step.between:
                legal &= codes[:, cell] == 0
            source = np.flatnonzero(legal)
            token = codes[source, step.origin]
            moved = (
                self.keys[source]
                - (token << (BITS * step.origin))
                + (token << (BITS * step.target))
            )
            sources.append(source)
            targets.append(np.searchsorted(self.keys, moved))
        return _table(np.concatenate(sources), np.concatenate(targets), len(self))


def _all_boards(mode: Mode, alphabet: str) -> Array:
    """Every arrangement of the supply and two empty cells, sorted by key."""
    codes = np.array([alphabet.index(token) for token in mode.supply], dtype=np.int64)
    orders = np.array(list(itertools.permutations(range(len(codes)))), dtype=np.int64)
    arrangements = np.unique(codes[orders], axis=0)
    boards = []
    for empties in itertools.combinations(range(CELLS), CELLS - len(codes)):
        filled = [cell for cell in range(CELLS) if cell not in empties]
        block = np.zeros((len(arrangements), CELLS), dtype=np.int64)
        block[:, filled] = arrangements
        boards.append(block)
    every = np.concatenate(boards)
    keys = every @ (1 << (BITS * np.arange(CELLS, dtype=np.int64)))
    return every[np.argsort(keys)]


def _table(sources: Array, targets: Array, size: int) -> Array:
    """Edges as a fixed-width table: row ``i`` lists the neighbours of board ``i``."""
    order = np.argsort(sources, kind="stable")
    sources, targets = sources[order], targets[order]
    degree = np.bincount(sources, minlength=size)
    start = np.concatenate(([0], np.cumsum(degree)[:-1]))
    column = np.arange(len(sources)) - start[sources]
    table = np.repeat(np.arange(size, dtype=np.int64)[:, None], degree.max(), axis=1)
    table[sources, column] = targets
    return table


@cache
def space(mode_id: str) -> Space:
    """The space of a mode, built once per process."""
    return Space(MODES[mode_id])
