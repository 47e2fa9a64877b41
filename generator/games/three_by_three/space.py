"""Every board of a mode at once, and breadth-first search over them with numpy.

The chess mode has 9!/2! = 181,440 boards and the 15-puzzle 9!/(2!·2!·2!·2!) = 22,680. Each board
is a column of token codes (0 for empty), numbered by its two empty cells and then by the order
of its seven tokens in the other cells, read in cell order, so a board's number is worked out
from its cells. The moves of a board are a fixed-width table of neighbour numbers, in the order
of the 72 ordered cell pairs a token could ever step between, so one breadth-first level is a
handful of array operations.

A move takes a token into an empty cell: the cell it left is empty instead, and the tokens keep
their order but for the one that moved. So the moves are worked out once per order of the tokens
(5,040 orders at most) for each pair of empty cells, not board by board.

Every move can be undone by the same token (a slide or jump back into the cell it left, which is
now empty, over the same cells, which are still empty), so the move graph is undirected: searching
outward from all boards that match a task gives every board's distance *to* the task.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
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
Codes = npt.NDArray[np.int8]
"""Token codes (below ``2 ** BITS``): a byte each, as the chess mode's 181,440 boards of 9 cells
are kept in every process that searches them (8-byte numbers made that 12 MB instead of 1.6)."""
Numbers = npt.NDArray[np.int32]
"""Board numbers (below 181,440): 4 bytes each, for the same reason (the moves table is 11
numbers a board: 8 MB instead of 16)."""
Lanes = npt.NDArray[np.uint32]
"""One number per board whose bits stand for as many searches at once, bit ``i`` the ``i``-th."""
BITS = 3
UNREACHED = -1
LANES = 32


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
    """All boards of one mode, their moves, and searches over them.

    Board ``e * len(orders) + o`` has the ``e``-th set of empty cells (in
    ``itertools.combinations`` order) and the tokens in the ``o``-th of their distinct orders
    (sorted), filled into the other cells in cell order.
    """

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.alphabet = EMPTY + mode.tokens
        self.orders = _orders(np.array([self.alphabet.index(token) for token in mode.supply]))
        self.empties = list(itertools.combinations(range(CELLS), CELLS - len(mode.supply)))
        self._numbers = {empty: number for number, empty in enumerate(self.empties)}
        self._weights: Array = len(self.alphabet) ** np.arange(len(mode.supply) - 1, -1, -1)
        self._ranks: Array = self.orders @ self._weights
        """Each order of the tokens as one number, ascending as the orders are."""
        self.columns: Codes = self._columns()
        """The boards cell by cell: ``columns[cell]`` is every board's token code there."""
        self.boards: Codes = self.columns.T
        """One row of token codes per board (a view of ``columns``)."""
        self.moves: Numbers = _table(self._moves(), len(self))
        """``moves[n]`` is every board's ``n``-th neighbour, or the board itself when it has
        fewer."""

    def __len__(self) -> int:
        return len(self.empties) * len(self.orders)

    def index(self, board: str) -> int:
        """The number of a board given in notation (which must be a board of this mode)."""
        empty = tuple(cell for cell, token in enumerate(board) if token == EMPTY)
        codes = [self.alphabet.index(token) for token in board if token != EMPTY]
        if empty not in self._numbers or len(codes) != len(self._weights):
            raise ValueError(f"{board!r} is not a {self.mode.id} board")
        rank = int(np.dot(codes, self._weights))
        order = int(np.searchsorted(self._ranks, rank))
        if order == len(self._ranks) or self._ranks[order] != rank:
            raise ValueError(f"{board!r} is not a {self.mode.id} board")
        return self._numbers[empty] * len(self.orders) + order

    def board(self, index: int) -> str:
        return "".join(self.alphabet[code] for code in self.boards[index])

    def keys(self, indices: Array) -> Array:
        """A number per board of ``indices``: its token codes packed 3 bits a cell, the first
        cell lowest. The boards were once kept in this order; what picks "the first" board of
        several still does so in this order, so it picks the board it always did."""
        packed: Array = (1 << (BITS * np.arange(CELLS, dtype=np.int64))) @ self.columns[:, indices]
        return packed

    def matching(self, task: str) -> npt.NDArray[np.bool_]:
        """Which boards show the task, turned any way."""
        found = np.zeros(len(self), dtype=bool)
        for way in turnings(task):
            fit = np.ones(len(self), dtype=bool)
            for cell in specified(way):
                fits = np.array([token in self.mode.fits[way[cell]] for token in self.alphabet])
                fit &= fits[self.columns[cell]]
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
            reached = self.moves[:, frontier].ravel()
            distance[reached[distance[reached] == UNREACHED]] = level
            frontier = np.flatnonzero(distance == level)
        return distance

    def matching_each(self, tasks: Sequence[str]) -> Lanes:
        """:meth:`matching` for up to :data:`LANES` tasks at once: bit ``i`` of a board's
        number says whether it shows ``tasks[i]``.

        Each turning is checked cell by cell as in :meth:`matching`, for every task together:
        a cell's table says, for each token, which tasks' turnings accept it there (every
        task that leaves the cell open does), and a board keeps the tasks whose cells all
        accept their tokens.
        """
        assert len(tasks) <= LANES, f"at most {LANES} tasks at once"
        ways = [turnings(task) for task in tasks]
        found = np.zeros(len(self), dtype=np.uint32)
        for turn in range(max((len(turned) for turned in ways), default=0)):
            lanes = {lane: turned[turn] for lane, turned in enumerate(ways) if turn < len(turned)}
            every = sum(1 << lane for lane in lanes)
            fit = np.full(len(self), every, dtype=np.uint32)
            for cell in range(CELLS):
                accepts = [
                    sum(
                        1 << lane
                        for lane, way in lanes.items()
                        if way[cell] == EMPTY or token in self.mode.fits[way[cell]]
                    )
                    for token in self.alphabet
                ]
                if any(lanes_fit != every for lanes_fit in accepts):
                    fit &= np.array(accepts, dtype=np.uint32)[self.columns[cell]]
            found |= fit
        return found

    def reached_each(
        self, goals: Lanes, among: npt.NDArray[np.bool_], lanes: int = LANES
    ) -> list[list[int]]:
        """For each of the first ``lanes`` bits of ``goals``, how many boards of ``among`` are
        0, 1, 2... moves from a board with that bit (item ``n`` of its list is the count at
        ``n`` moves; a board never reached is in no count).

        :meth:`distances` for up to 32 sets of goals at once: a board holds one bit per
        search, and a level of all the searches costs about as much as a level of one, since
        it is the same few array operations on numbers instead of booleans. Each bit is its
        own search, exactly as in :meth:`distances`: a board is ``n + 1`` moves away when it
        was not reached before and a neighbour is ``n`` moves away. The searches stop once no
        board of ``among`` is left to reach: the boards beyond count for nothing.
        """
        every = np.uint32((1 << lanes) - 1)
        reached = goals & every
        frontier = reached
        counts = [_lane_counts(reached[among], lanes)]
        while frontier.any() and not (reached[among] == every).all():
            incoming = frontier[self.moves[0]]
            for column in self.moves[1:]:
                incoming |= frontier[column]
            frontier = incoming & ~reached
            reached |= frontier
            counts.append(_lane_counts(frontier[among], lanes))
        return [[level[lane] for level in counts] for lane in range(lanes)]

    def neighbours(self, index: int) -> list[int]:
        """The boards one move away, in step order (duplicates and padding removed)."""
        return [int(n) for n in dict.fromkeys(self.moves[:, index]) if n != index]

    def setup_boards(self) -> npt.NDArray[np.bool_]:
        """The boards a game starts from: the centre empty (and one other cell)."""
        empty: npt.NDArray[np.bool_] = self.columns[CELLS // 2] == 0
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

    def _columns(self) -> Codes:
        size = len(self.orders)
        found = np.zeros((CELLS, len(self.empties) * size), dtype=np.int8)
        for number, empty in enumerate(self.empties):
            found[_filled(empty), number * size : (number + 1) * size] = self.orders.T
        return found

    def _moves(self) -> list[tuple[Numbers, Numbers]]:
        """For each step in :func:`steps` order, the boards that can take it and the boards
        it leads to.

        With the empty cells fixed, whether a step is legal depends only on the token in its
        origin (its target and the cells it passes over must be the empty ones), and the board
        it leads to has the origin empty instead of the target and the same order of tokens
        but for the moved one. So a step is the same lookup for every set of empty cells that
        puts its origin and target at the same places among the tokens.
        """
        size = len(self.orders)
        movable: dict[tuple[str, int], Array] = {}
        reordered: dict[tuple[int, int], Array] = {}
        found = []
        for step in steps():
            blocks: dict[tuple[int, int], list[tuple[int, int]]] = {}
            for number, empty in enumerate(self.empties):
                rest = set(empty) - {step.target}
                if step.target not in empty or step.origin in empty or set(step.between) - rest:
                    continue
                after = tuple(sorted(rest | {step.origin}))
                places = (_filled(empty).index(step.origin), _filled(after).index(step.target))
                blocks.setdefault(places, []).append((number, self._numbers[after]))
            sources, targets = [], []
            for (slot, to), numbers in blocks.items():
                if (step.kind, slot) not in movable:
                    movable[step.kind, slot] = self._movable(step.kind, slot)
                if (slot, to) not in reordered:
                    reordered[slot, to] = self._reordered(slot, to)
                tokens = movable[step.kind, slot]
                # the first board of each set of empty cells, before the step and after it
                before, landed = np.array(numbers, dtype=np.int64).T[:, :, np.newaxis] * size
                sources.append((before + tokens).ravel().astype(np.int32))
                targets.append((landed + reordered[slot, to][tokens]).ravel().astype(np.int32))
            found.append((np.concatenate(sources), np.concatenate(targets)))
        return found

    def _movable(self, kind: str, slot: int) -> Array:
        """The orders of the tokens whose token at ``slot`` can take a step of ``kind``."""
        movers = np.array([t != EMPTY and kind in self.mode.moves[t] for t in self.alphabet])
        return np.flatnonzero(movers[self.orders[:, slot]])

    def _reordered(self, slot: int, to: int) -> Array:
        """For each order of the tokens, the number of the order with the token at ``slot``
        taken out and put back in at ``to``."""
        tokens = list(range(len(self._weights)))
        tokens.insert(to, tokens.pop(slot))
        weights = np.empty_like(self._weights)
        weights[tokens] = self._weights  # the token that ends at place k weighs what k does
        found: Array = np.searchsorted(self._ranks, self.orders @ weights)
        return found


def _filled(empty: tuple[int, ...]) -> list[int]:
    return [cell for cell in range(CELLS) if cell not in empty]


def _orders(codes: Array) -> Array:
    """Every distinct order of the token codes, sorted."""
    every = np.array(list(itertools.permutations(codes)), dtype=np.int64)
    ranks = every @ ((int(codes.max()) + 1) ** np.arange(len(codes) - 1, -1, -1))
    _, first = np.unique(ranks, return_index=True)
    found: Array = every[first]
    return found


def _lane_counts(lanes: Lanes, count: int) -> list[int]:
    """How many of the numbers have each of the first ``count`` bits set, bit 0 first."""
    return [int(np.count_nonzero(lanes & np.uint32(1 << lane))) for lane in range(count)]


def _table(edges: list[tuple[Numbers, Numbers]], size: int) -> Numbers:
    """Edges, given step by step, as a fixed-width table: ``table[n, i]`` is the ``n``-th
    neighbour of board ``i`` in step order, or ``i`` itself when it has fewer."""
    degree = np.bincount(np.concatenate([source for source, _ in edges]), minlength=size)
    table = np.repeat(np.arange(size, dtype=np.int32)[np.newaxis, :], degree.max(), axis=0)
    flat = table.ravel()
    free = np.arange(size, dtype=np.int64)  # where each board's next neighbour goes in flat
    for source, target in edges:
        place = free[source]
        flat[place] = target
        free[source] = place + size
    return table


@cache
def space(mode_id: str) -> Space:
    """The space of a mode, built once per process."""
    return Space(MODES[mode_id])
