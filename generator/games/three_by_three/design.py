"""Designing a deck of task cards with the solver: seeded candidates, chosen for a spread of
difficulty, written out as ordinary card data a designer can then edit by hand.

For each side and cell count, random tasks the validator would accept are rated by their mean
fewest moves over the setup boards; the cards are picked nearest to evenly spaced targets between
the easiest and the hardest candidate, so the deck runs from easy to hard.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from generator.games.three_by_three.notation import CELLS, CHESS, EMPTY, FIFTEEN, Mode, canonical
from generator.games.three_by_three.solver import difficulty, stranded
from generator.games.three_by_three.validation import ONE_POINT_CARDS, TASK_CARDS, shortfall

FIFTEEN_CELLS = {3: ONE_POINT_CARDS, 4: TASK_CARDS - ONE_POINT_CARDS}
CHESS_CELLS = {3: 14, 4: 8, 5: 6}
"""[decided] The chess side also scores 1 on half the cards, so blitz works in both modes."""
PIECES, COLOURS = "RNQ", "wb"
ATTEMPTS = 50
"""Random draws per wanted candidate before settling for fewer (few 3-cell tasks exist)."""


@dataclass(frozen=True)
class Rated:
    task: str
    mean: float


def design(seed: int, candidates: int) -> list[dict[str, object]]:
    """The 28 task cards as data: number, both sides and their points."""
    rng = random.Random(seed)
    fifteen = [
        t for cells, n in FIFTEEN_CELLS.items() for t in _pick(FIFTEEN, cells, n, candidates, rng)
    ]
    chess = [t for cells, n in CHESS_CELLS.items() for t in _pick(CHESS, cells, n, candidates, rng)]
    rng.shuffle(chess)
    return [
        {
            "number": number,
            "fifteen": face,
            "fifteen_points": FIFTEEN.points[_cells(face)],
            "chess": back,
            "chess_points": CHESS.points[_cells(back)],
        }
        for number, (face, back) in enumerate(zip(fifteen, chess, strict=True), start=1)
    ]


def _pick(mode: Mode, cells: int, count: int, candidates: int, rng: random.Random) -> list[str]:
    """``count`` tasks of ``cells`` cells from ``candidates`` rated ones, easy to hard."""
    candidates = max(candidates, count)
    pool = [
        Rated(task, difficulty(mode.id, task).mean)
        for task in _candidates(mode, cells, candidates, rng)
    ]
    pool.sort(key=lambda rated: (rated.mean, rated.task))
    low, high = pool[0].mean, pool[-1].mean
    chosen: list[Rated] = []
    for step in range(count):
        target = low + (high - low) * step / max(count - 1, 1)
        nearest = min((r for r in pool if r not in chosen), key=lambda r: abs(r.mean - target))
        chosen.append(nearest)
    return [rated.task for rated in sorted(chosen, key=lambda r: r.mean)]


def _candidates(mode: Mode, cells: int, count: int, rng: random.Random) -> list[str]:
    """Distinct (up to turning) valid tasks that do not need the joker; chess tasks mix pieces
    and colours, like the rulebook's example."""
    found: dict[str, str] = {}
    for _ in range(count * ATTEMPTS):
        if len(found) == count:
            break
        task = [EMPTY] * CELLS
        for cell in rng.sample(range(CELLS), cells):
            task[cell] = rng.choice(mode.task_symbols)
        text = "".join(task)
        if mode.id == CHESS.id and not (set(text) & set(PIECES) and set(text) & set(COLOURS)):
            continue
        if canonical(text) in found or shortfall(_without_joker(mode), text):
            continue
        if stranded(mode.id, text):
            continue
        found[canonical(text)] = text
    return list(found.values())


def _without_joker(mode: Mode) -> Mode:
    """The mode's supply less the token that fits everything: a designed task never needs the
    joker, so the joker is a shortcut and never the only way (a hand-made task may need it)."""
    jokers = {token for token in mode.tokens if all(token in fit for fit in mode.fits.values())}
    return replace(mode, supply="".join(t for t in mode.supply if t not in jokers))


def _cells(task: str) -> int:
    return sum(symbol != EMPTY for symbol in task)


def as_yaml(cards: list[dict[str, object]], seed: int, candidates: int) -> str:
    """The deck file, one card per line, with a header that says how it was made."""
    lines = [
        "# The 28 task cards. Each side is 9 cells row by row from the top, '.' for a cell",
        "# that does not matter. fifteen: B blue, R red, G green. chess: R rook, N knight,",
        "# Q queen (either colour), w any white piece, b any black piece. 3 cells score 1 point,",
        "# more cells score 2.",
        f"# Designed by `pnp rules three_by_three design --seed {seed} --candidates {candidates}`;",
        "# edit freely: `pnp validate three_by_three` re-checks every side with the solver.",
        "tasks:",
    ]
    for card in cards:
        fields = ", ".join(
            f'{key}: "{value}"' if isinstance(value, str) else f"{key}: {value}"
            for key, value in card.items()
        )
        lines.append(f"  - {{{fields}}}")
    return "\n".join(lines) + "\n"
