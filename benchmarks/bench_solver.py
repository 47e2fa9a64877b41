"""Benchmark: the 3x3 puzzle's difficulty table, all 56 task sides of the shipped deck.

Run:  python benchmarks/bench_solver.py [--sample 30]

Prints the time to build each mode's board space (every board and its moves), the time to rate
every task side with one backward breadth-first search each, the time to rate them as the answer
key does (every side of a mode in one search, a bit per side), and, measured in the same run, what
the obvious alternative would cost: one forward search per setup board (5,040 boards a 15-puzzle
side, 40,320 a chess side), timed on a sample of boards over the same move table and scaled up.
The issue's target: all 56 sides in under 30 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from generator import DEFAULT_DATA_DIR
from generator.games.three_by_three.notation import MODES
from generator.games.three_by_three.solver import difficulties, difficulty
from generator.games.three_by_three.space import Space, space
from generator.pipeline.build import check

TARGET_SECONDS = 30.0


def forward_search(boards: Space, start: int, goals: np.ndarray) -> int | None:
    """The fewest moves from one board, searching outward from it alone."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, moves = queue.popleft()
        if goals[here]:
            return moves
        for there in boards.neighbours(here):
            if there not in seen:
                seen.add(there)
                queue.append((there, moves + 1))
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=30, help="setup boards per mode timed")
    args = parser.parse_args()
    start = time.perf_counter()
    for mode in MODES:
        space(mode)
    built = time.perf_counter() - start

    (game,) = check(DEFAULT_DATA_DIR, ("three_by_three",))
    tasks = game.deck("tasks")
    assert tasks is not None

    start = time.perf_counter()
    for card in tasks.cards:
        for mode in MODES:
            difficulty(mode, card.fields[mode])
    rated = time.perf_counter() - start
    start = time.perf_counter()
    for mode in MODES:
        difficulties(mode, [card.fields[mode] for card in tasks.cards])
    together = time.perf_counter() - start
    sides = 2 * len(tasks.cards)
    total = built + rated
    print(
        f"board spaces built      {built:6.2f} s  (chess {len(space('chess')):,} boards, "
        f"15-puzzle {len(space('fifteen')):,})"
    )
    print(f"difficulty of {sides} sides  {rated:6.2f} s  ({1000 * rated / sides:.0f} ms a side)")
    print(f"all sides at once       {together:6.2f} s  (one search per mode, a bit per side)")
    print(
        f"together                {total:6.2f} s  (target < {TARGET_SECONDS:g} s: "
        f"{'met' if total < TARGET_SECONDS else 'MISSED'})"
    )

    rng = random.Random(1)
    estimate = 0.0
    for mode in MODES:
        boards = space(mode)
        setups = np.flatnonzero(boards.setup_boards())
        card = rng.choice(tasks.cards)
        goals = boards.matching(card.fields[mode])
        sample = rng.sample(list(setups), min(args.sample, len(setups)))
        start = time.perf_counter()
        for board in sample:
            forward_search(boards, int(board), goals)
        each = (time.perf_counter() - start) / len(sample)
        estimate += each * len(setups) * len(tasks.cards)
        print(
            f"forward search, {mode:<8} {1000 * each:7.2f} ms a board x {len(setups):,} boards"
            f" x {len(tasks.cards)} sides"
        )
    print(
        f"one forward search per board, all sides: about {estimate:,.0f} s, "
        f"{estimate / rated:,.0f} x the backward searches"
    )


if __name__ == "__main__":
    main()
