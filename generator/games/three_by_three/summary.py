"""The 3x3 puzzle's part of the rulebook summary: how each token moves, a task solved by the
engine step by step from a setup board, and the answer key for solo play (every task side's
fewest moves over all setup boards)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from generator.games.base import deck_of
from generator.games.three_by_three.decks import TASKS, TOKENS
from generator.games.three_by_three.notation import (
    FIFTEEN,
    MODES,
    TOKEN_NAMES,
    cell_name,
    showing_turn,
)
from generator.games.three_by_three.solver import Difficulty, difficulties, solve
from generator.games.three_by_three.space import UNREACHED, space
from generator.model import Card, Deck, Game
from generator.rulebook.compose import NamedRules, Pictures
from generator.rulebook.content import Entry, Example, Reference, Section, Step, Table
from generator.rulebook.words import Words

MOVERS = ("colour", "tri-colour", "rook", "knight", "queen", "king")
"""What moves alike: every colour token, the joker, and each chess piece in either colour."""
RULES = NamedRules(("cells", "points", "bids"))
"""What the turn's steps leave out: what a task cell asks for, what a card is worth, a bid of 0."""
WORDING = {
    **RULES.wording(),
    "summary.tokens": (),
    **{f"summary.token.{mover}": () for mover in MOVERS},
    **{f"summary.moves.{mover}": () for mover in MOVERS},
    **{f"summary.symbols.{symbol}": () for symbol in TOKEN_NAMES["fifteen"]},
    "summary.example": (),
    "summary.example_task": ("number", "count"),
    "summary.task_caption": ("number",),
    "summary.move": ("step", "token", "origin", "target"),
    **{f"summary.example_match.{turns}": ("number",) for turns in range(4)},
    "summary.start": (),
    "summary.key": (),
    "summary.key_intro": (),
    **{
        f"summary.key_header.{column}": ()
        for column in ("card", "fifteen", "chess", "points", "mean", "max")
    },
}
EXAMPLE_MOVES = 4
"""The example starts from a setup board this many moves from the first task (or the farthest
there is): long enough to show the method, short enough to draw every step."""
BOARD = 24.0  # mm
TOKEN = 11.0  # mm


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    tasks, tokens = deck_of(game, TASKS), deck_of(game, TOKENS)
    return [
        RULES.section(words),
        _tokens(tokens, words, pictures),
        _solved(tasks, words, pictures),
        _answer_key(tasks, words),
    ]


def _tokens(tokens: Deck, words: Words, pictures: Pictures) -> Reference:
    """One entry per way of moving, each with the token that moves so."""
    shown: dict[str, tuple[Card, bool]] = {}
    for card in tokens.cards:
        fifteen, chess = card.fields["fifteen"], card.fields["chess"]
        shown.setdefault("tri-colour" if fifteen == "tri-colour" else "colour", (card, False))
        shown.setdefault(chess.rpartition("-")[2], (card, True))
    scale = TOKEN / tokens.size.width
    entries = [
        Entry(
            words(f"summary.token.{mover}"),
            words(f"summary.moves.{mover}"),
            pictures.card(tokens, shown[mover][0], back=shown[mover][1], scale=scale),
        )
        for mover in MOVERS
        if mover in shown
    ]
    return Reference(words("summary.tokens"), entries)


def _solved(tasks: Deck, words: Words, pictures: Pictures) -> Example:
    card = tasks.cards[0]
    task = card.fields[FIFTEEN.id]
    board = example_board(task)
    path = solve(FIFTEEN.id, board, task) or []
    names = {symbol: words(f"summary.symbols.{symbol}") for symbol in TOKEN_NAMES["fifteen"]}
    moves = [
        words(
            "summary.move",
            step=step,
            token=names[move.token],
            origin=cell_name(move.origin),
            target=cell_name(move.target),
        )
        for step, move in enumerate(path, start=1)
    ]
    boards = [board, *(move.board for move in path)]
    drawn = [
        pictures.pictogram(
            "board",
            BOARD,
            caption=words("summary.start") if index == 0 else str(index),
            mode=FIFTEEN.id,
            cells=cells,
            move=[path[index - 1].origin, path[index - 1].target] if index else None,
        )
        for index, cells in enumerate(boards)
    ]
    caption = words("summary.task_caption", number=card.fields["number"])
    task_card = pictures.card(tasks, card, scale=BOARD / tasks.size.width, caption=caption)
    text = words("summary.example_task", number=card.fields["number"], count=len(path))
    turns = showing_turn(FIFTEEN, boards[-1], task)
    assert turns is not None, f"the solver's last board shows {task}"
    match = words(f"summary.example_match.{turns}", number=card.fields["number"])
    return Example(
        words("summary.example"),
        [Step(f"{text} {' '.join(moves)} {match}", (task_card, *drawn))],
    )


def example_board(task: str) -> str:
    """The first setup board (in key order, see :meth:`Space.keys`) that needs
    ``EXAMPLE_MOVES`` moves to show ``task``, or the farthest one if none needs that many."""
    boards = space(FIFTEEN.id)
    distance = boards.distances(boards.matching(task))
    setups = np.flatnonzero(boards.setup_boards())
    needed = distance[setups]
    reachable = needed[needed != UNREACHED]
    target = min(EXAMPLE_MOVES, int(reachable.max()))
    candidates = setups[needed == target]
    return boards.board(int(candidates[np.argmin(boards.keys(candidates))]))


def _answer_key(tasks: Deck, words: Words) -> Table:
    header = [
        words("summary.key_header.card"),
        *(
            f"{words(f'summary.key_header.{mode}')}: {words(f'summary.key_header.{column}')}"
            for mode in MODES
            for column in ("points", "mean", "max")
        ),
    ]
    rated = {mode: rate(mode, tuple(card.fields[mode] for card in tasks.cards)) for mode in MODES}
    rows = []
    for index, card in enumerate(tasks.cards):
        row = [words.number(card.fields["number"])]
        for mode in MODES:
            side = rated[mode][index]
            points, most = card.fields[f"{mode}_points"], side.maximum
            row += [words.number(points), words.number(side.mean, 2), words.number(most)]
        rows.append(row)
    return Table(words("summary.key"), words("summary.key_intro"), header, rows)


@lru_cache(maxsize=8)
def rate(mode: str, tasks: tuple[str, ...]) -> tuple[Difficulty, ...]:
    """The difficulty of every task side of one mode, all in one search (see
    :func:`solver.difficulties`), computed once per process for the languages composed in it."""
    return tuple(difficulties(mode, tasks))
