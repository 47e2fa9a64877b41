"""The answer key: the fewest moves from a board to a task, and how hard a task side is.

Both questions are one breadth-first search backwards from every board that shows the task (see
:mod:`space`): a board's distance is its fewest moves, and the distances over all setup boards are
the task side's difficulty.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from generator.games.three_by_three.notation import EMPTY, cell_name
from generator.games.three_by_three.space import LANES, UNREACHED, Space, space


@dataclass(frozen=True)
class Move:
    """One token going to an empty cell, and the board it leaves behind."""

    token: str
    origin: int
    target: int
    board: str

    def __str__(self) -> str:
        return f"{self.token} {cell_name(self.origin)}-{cell_name(self.target)}"

    def as_json(self) -> dict[str, str]:
        return {
            "token": self.token,
            "from": cell_name(self.origin),
            "to": cell_name(self.target),
            "board": self.board,
        }


@dataclass(frozen=True)
class Difficulty:
    """Fewest moves over all setup boards: the spread a player meets when the card comes up."""

    histogram: tuple[int, ...]
    """``histogram[n]`` setup boards need exactly ``n`` moves."""
    unreachable: int
    """Setup boards from which the task can never be shown."""

    @property
    def boards(self) -> int:
        return sum(self.histogram) + self.unreachable

    @property
    def mean(self) -> float:
        """The mean over the setup boards that can reach the task (NaN when none can)."""
        reachable = sum(self.histogram)
        if not reachable:
            return math.nan
        return sum(n * count for n, count in enumerate(self.histogram)) / reachable

    @property
    def maximum(self) -> int:
        return len(self.histogram) - 1


def solve(mode_id: str, board: str, task: str) -> list[Move] | None:
    """One shortest sequence of moves from ``board`` to a board showing ``task`` (``[]`` if it
    already does), or ``None`` when no sequence exists."""
    boards = space(mode_id)
    distance = boards.distances(boards.matching(task))
    here = boards.index(board)
    if distance[here] == UNREACHED:
        return None
    path: list[Move] = []
    while distance[here] > 0:
        here = next(n for n in boards.neighbours(here) if distance[n] == distance[here] - 1)
        path.append(_move(boards, board if not path else path[-1].board, here))
    return path


def _move(boards: Space, before: str, index: int) -> Move:
    after = boards.board(index)
    changed = [cell for cell in range(len(after)) if before[cell] != after[cell]]
    origin, target = sorted(changed, key=lambda cell: after[cell] != EMPTY)
    return Move(before[origin], origin, target, after)


def difficulty(mode_id: str, task: str) -> Difficulty:
    """The fewest moves from every setup board (centre empty) to ``task``."""
    boards = space(mode_id)
    distance = boards.distances(boards.matching(task))[boards.setup_boards()]
    reached = distance[distance != UNREACHED]
    histogram = np.bincount(reached) if reached.size else np.zeros(0, dtype=np.int64)
    return Difficulty(tuple(int(n) for n in histogram), int(distance.size - reached.size))


def difficulties(mode_id: str, tasks: Sequence[str]) -> list[Difficulty]:
    """:func:`difficulty` of each of ``tasks``, the searches run side by side (see
    :meth:`Space.reached_each`): the answer key rates every task side of the deck, and one
    search for 28 tasks costs about as much as one for a single task."""
    boards = space(mode_id)
    setups = boards.setup_boards()
    rated = []
    for start in range(0, len(tasks), LANES):
        chunk = tasks[start : start + LANES]
        counts = boards.reached_each(boards.matching_each(chunk), setups, len(chunk))
        for histogram in counts:
            while histogram and not histogram[-1]:
                histogram.pop()
            rated.append(Difficulty(tuple(histogram), int(setups.sum()) - sum(histogram)))
    return rated


@lru_cache(maxsize=4096)
def stranded(mode_id: str, task: str) -> int:
    """How many setup boards can never reach a board showing ``task``: cheaper than
    :func:`difficulty`, since reaching is decided once per group of setups that reach each other.
    Remembered: every copy of a card (``copies: 99``) asks again for the same task, and each
    answer costs a scan of every board."""
    boards = space(mode_id)
    goals = boards.matching(task)
    setups = boards.setup_boards()
    return sum(
        int((group & setups).sum()) for group in boards.setup_groups if not (group & goals).any()
    )
