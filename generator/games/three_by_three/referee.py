"""The referee's side of the rules: checking a player's proof of a bid, and the final score.

A proof is the bidder's moves, made one at a time on the real board: each must be a legal move,
there may be no more of them than the bid (fewer is fine), and the board they leave must show
the task turned some way. Scoring: +1 or +2 a solved card, -1 a penalty card; the highest score
wins, then the fewest penalty cards, then the win is shared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.games.three_by_three.notation import (
    EMPTY,
    SIDE,
    Mode,
    cell_name,
    showing_turn,
)
from generator.games.three_by_three.space import steps

MOVE = re.compile(r"(?:(?P<token>[A-Za-z])\s+)?(?P<origin>[a-c][1-3])-(?P<target>[a-c][1-3])")
HOW_TOKENS_MOVE = {
    "orthogonal": "a token moves one cell up, down, left or right",
    "R": "a rook moves 1 or 2 cells in a straight line",
    "Q": "a queen moves 1 or 2 cells in a straight line or diagonally",
    "K": "the king moves 1 cell in any direction",
    "N": "a knight moves two cells one way and one the other (an L)",
}


@dataclass(frozen=True)
class Move:
    """A move as a player names it: ``G b1-b2`` (the token letter may be left out)."""

    token: str | None
    origin: int
    target: int


@dataclass(frozen=True)
class Proof:
    moves: int
    bid: int
    quarter_turns: int | None
    """How far the task is turned on the final board (``None``: it does not show the task)."""
    error: str | None
    """The first thing that breaks the proof, or ``None`` when it holds."""

    @property
    def proved(self) -> bool:
        return self.error is None


def parse_move(text: str) -> Move | None:
    match = MOVE.fullmatch(text.strip())
    if match is None:
        return None
    return Move(match["token"], _cell(match["origin"]), _cell(match["target"]))


def _cell(name: str) -> int:
    return (SIDE - int(name[1])) * SIDE + "abc".index(name[0])


def illegal(mode: Mode, board: str, move: Move) -> str | None:
    """Why ``move`` cannot be made on ``board``, or ``None`` when it can."""
    origin, target = cell_name(move.origin), cell_name(move.target)
    token = board[move.origin]
    if token == EMPTY:
        return f"{origin} is empty"
    if move.token is not None and move.token != token:
        return f"{origin} holds {token}, not {move.token}"
    if board[move.target] != EMPTY:
        return f"{target} is not empty ({board[move.target]} is there)"
    step = next((s for s in steps() if (s.origin, s.target) == (move.origin, move.target)), None)
    if step is None or step.kind not in mode.moves[token]:
        return HOW_TOKENS_MOVE[token.upper() if mode.id == "chess" else "orthogonal"]
    blocked = [cell for cell in step.between if board[cell] != EMPTY]
    if blocked:
        return f"{cell_name(blocked[0])} is in the way: only a knight jumps"
    return None


def after(board: str, move: Move) -> str:
    cells = list(board)
    cells[move.target], cells[move.origin] = cells[move.origin], EMPTY
    return "".join(cells)


def prove(mode: Mode, board: str, task: str, bid: int, moves: list[Move]) -> Proof:
    """Play the bidder's moves and judge them as the other players would."""
    for number, move in enumerate(moves, start=1):
        why = illegal(mode, board, move)
        if why:
            shown = f"{board[move.origin]} {cell_name(move.origin)}-{cell_name(move.target)}"
            return Proof(len(moves), bid, None, f"move {number} ({shown}) is not legal: {why}")
        board = after(board, move)
    turn = showing_turn(mode, board, task)
    if len(moves) > bid:
        return Proof(len(moves), bid, turn, f"{len(moves)} moves is more than the bid of {bid}")
    if turn is None:
        return Proof(len(moves), bid, None, "the board does not show the task, turned any way")
    return Proof(len(moves), bid, turn, None)


@dataclass(frozen=True)
class Tally:
    """One player's cards at the end: the points of each solved card, and the penalty cards."""

    solved: tuple[int, ...]
    penalties: int

    @property
    def score(self) -> int:
        return sum(self.solved) - self.penalties


def winners(tallies: dict[str, Tally]) -> list[str]:
    """The highest score wins; among those, the fewest penalty cards; a tie left is shared."""
    best = max((t.score, -t.penalties) for t in tallies.values())
    return [name for name, t in tallies.items() if (t.score, -t.penalties) == best]
