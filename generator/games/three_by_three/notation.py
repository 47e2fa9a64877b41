"""The 3x3 puzzle's vocabulary: the two modes, their tokens, boards, task sides and turning.

A board is 9 characters row by row from the top, ``.`` for an empty cell; a task side is 9
characters, ``.`` for a cell that does not matter (the brief's notation, used by the card data and
the command line alike). Cells are numbered 0-8 in that order and named like a chessboard, ``a3``
top left to ``c1`` bottom right, so a move reads the same in both modes.
"""

from __future__ import annotations

from dataclasses import dataclass

CELLS = 9
SIDE = 3
EMPTY = "."


@dataclass(frozen=True)
class Mode:
    """One side of the game: its seven tokens, the symbols a task may use, how each token moves.

    ``moves`` maps a token to the kinds of step it may take (see :data:`STEP_KINDS`); ``fits``
    maps a task symbol to the tokens that satisfy it, jokers included.
    """

    id: str
    supply: str
    task_symbols: str
    moves: dict[str, frozenset[str]]
    fits: dict[str, frozenset[str]]
    points: dict[int, int]
    """Printed points by the number of specified cells."""

    @property
    def tokens(self) -> str:
        """The distinct tokens, in supply order."""
        return "".join(dict.fromkeys(self.supply))


STEP_KINDS = ("orthogonal", "orthogonal-2", "diagonal", "diagonal-2", "knight")
"""One-cell and two-cell straight steps, one-cell and two-cell diagonal steps, the knight's L."""

_ROOK = frozenset({"orthogonal", "orthogonal-2"})
_QUEEN = frozenset({"orthogonal", "orthogonal-2", "diagonal", "diagonal-2"})
_KING = frozenset({"orthogonal", "diagonal"})
_KNIGHT = frozenset({"knight"})

FIFTEEN = Mode(
    id="fifteen",
    supply="BBRRGGJ",
    task_symbols="BRG",
    moves={token: frozenset({"orthogonal"}) for token in "BRGJ"},
    fits={colour: frozenset({colour, "J"}) for colour in "BRG"},
    points={3: 1, 4: 2},
)
CHESS = Mode(
    id="chess",
    supply="RrNnQqK",
    task_symbols="RNQwb",
    moves={
        "R": _ROOK,
        "r": _ROOK,
        "Q": _QUEEN,
        "q": _QUEEN,
        "K": _KING,
        "N": _KNIGHT,
        "n": _KNIGHT,
    },
    fits={
        "R": frozenset("RrK"),
        "N": frozenset("NnK"),
        "Q": frozenset("QqK"),
        "w": frozenset("RNQK"),
        "b": frozenset("rnqK"),
    },
    points={3: 1, 4: 2, 5: 2},
)
MODES = {mode.id: mode for mode in (FIFTEEN, CHESS)}

TOKEN_NAMES = {
    "fifteen": {"B": "blue", "R": "red", "G": "green", "J": "tri-colour"},
    "chess": {
        "R": "white-rook",
        "r": "black-rook",
        "N": "white-knight",
        "n": "black-knight",
        "Q": "white-queen",
        "q": "black-queen",
        "K": "king",
    },
}
"""The tokens' names in the card data (and in messages)."""
SYMBOL_NAMES = {
    "fifteen": {"B": "blue", "R": "red", "G": "green"},
    "chess": {"R": "rook", "N": "knight", "Q": "queen", "w": "white piece", "b": "black piece"},
}


def cell_name(cell: int) -> str:
    """``a3`` for the top-left cell, ``c1`` for the bottom-right one."""
    row, column = divmod(cell, SIDE)
    return f"{'abc'[column]}{SIDE - row}"


def turned(task: str, quarter_turns: int = 1) -> str:
    """The task side turned clockwise by ``quarter_turns`` quarter turns of 90°."""
    for _ in range(quarter_turns % 4):
        task = "".join(
            task[(SIDE - 1 - column) * SIDE + row] for row in range(SIDE) for column in range(SIDE)
        )
    return task


def turnings(task: str) -> tuple[str, ...]:
    """The distinct ways a task side can lie on the board (turned, never mirrored)."""
    return tuple(dict.fromkeys(turned(task, r) for r in range(4)))


def canonical(task: str) -> str:
    """One representative of the task up to turning, to find cards that are the same task."""
    return min(turnings(task))


def specified(task: str) -> list[int]:
    """The cells a task side cares about."""
    return [cell for cell, symbol in enumerate(task) if symbol != EMPTY]


def board_problem(mode: Mode, board: str) -> str | None:
    """What is wrong with ``board`` as a board of ``mode``, or ``None``."""
    if len(board) != CELLS:
        return f"a board is 9 cells row by row from the top, got {len(board)} characters"
    stray = sorted({ch for ch in board if ch != EMPTY and ch not in mode.tokens})
    if stray:
        return (
            f"{', '.join(map(repr, stray))} is not a {mode.id} token "
            f"(tokens: {' '.join(mode.tokens)}, '.' for empty)"
        )
    if sorted(board.replace(EMPTY, "")) != sorted(mode.supply):
        return f"a {mode.id} board holds the seven tokens {mode.supply} and two empty cells"
    return None


def task_problem(mode: Mode, task: str) -> str | None:
    """What is wrong with the notation of ``task`` (not whether tokens can fill it), or ``None``."""
    if len(task) != CELLS:
        return f"a task side is 9 cells row by row from the top, got {len(task)} characters"
    stray = sorted({ch for ch in task if ch != EMPTY and ch not in mode.task_symbols})
    if stray:
        return (
            f"{', '.join(map(repr, stray))} cannot appear on a {mode.id} task "
            f"(symbols: {' '.join(mode.task_symbols)}, '.' for a cell that does not matter)"
        )
    return None


def matches(mode: Mode, board: str, task: str) -> bool:
    """Whether the board shows the task turned some way: every specified cell holds a token that
    fits it."""
    return showing_turn(mode, board, task) is not None


def showing_turn(mode: Mode, board: str, task: str) -> int | None:
    """The fewest clockwise quarter turns of the task that the board shows, or ``None``."""
    for quarter_turns in range(4):
        way = turned(task, quarter_turns)
        if all(board[cell] in mode.fits[way[cell]] for cell in specified(way)):
            return quarter_turns
    return None
