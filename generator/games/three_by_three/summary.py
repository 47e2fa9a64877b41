"""The 3x3 puzzle's part of the rulebook summary: what a task cell asks for, scoring and the
end, how each token moves, the rulebook's other ways to play (chess, blitz, solo against the
clock, with its time bands), a task solved by the engine step by step from a setup board, and
how hard each task side is (its fewest moves over all setup boards)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from generator.games.base import deck_of
from generator.games.three_by_three.decks import TASKS, TOKENS
from generator.games.three_by_three.notation import (
    CHESS,
    FIFTEEN,
    MODES,
    TOKEN_NAMES,
    cell_name,
    showing_turn,
)
from generator.games.three_by_three.solver import Difficulty, difficulties, solve
from generator.games.three_by_three.space import UNREACHED, space
from generator.model import Card, Deck, Game
from generator.rulebook.content import Entry, Example, Reference, Section, Step, Table
from generator.rulebook.hooks import NamedRules, Pictures
from generator.rulebook.words import Words

MOVERS = ("colour", "tri-colour", "rook", "knight", "queen", "king")
"""What moves alike: every colour token, the joker, and each chess piece in either colour."""
RULES = NamedRules(("cells", "points", "bids", "score"))
"""What the turn's steps leave out: what a task cell asks for, what a card is worth, a bid of 0,
the score and the winner."""
SOLO_CARDS = 10
"""A solo game is this many random task cards against the clock [rulebook]."""
SOLO_MINUTES = {FIFTEEN.id: (1.5, 2.5, 3.5), CHESS.id: (2.0, 3.5, 5.0)}
"""The rulebook's time bands for the solo game's cards, by mode, in minutes: its bounds from the
quickest band up."""
VARIANTS = NamedRules(
    ("chess", "blitz", "solo"),
    key="summary.variants",
    values={"solo": {"cards": SOLO_CARDS}},
)
"""The rulebook's other ways to play: the chess mode, blitz with the cards of one value, solo."""
VERDICTS = len(SOLO_MINUTES[FIFTEEN.id]) + 1
WORDING = {
    **RULES.wording(),
    **VARIANTS.wording(),
    "summary.solo.title": ("cards",),
    "summary.solo.times": ("fifteen", "chess"),
    "summary.solo.under": ("minutes",),
    "summary.solo.between": ("low", "high"),
    "summary.solo.over": ("minutes",),
    **{f"summary.solo.verdicts.{band}": () for band in range(1, VERDICTS + 1)},
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
        f"summary.key_header.{column}": () for column in ("card", "fifteen", "chess", "mean", "max")
    },
    "summary.key_cell": ("mean", "max"),
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
        VARIANTS.section(words),
        _solo_times(words),
        _solved(tasks, words, pictures),
        _answer_key(tasks, words),
    ]


def _solo_times(words: Words) -> Reference:
    """The rulebook's time bands for the solo game, quickest first: each verdict with its
    times in the two modes."""
    entries = [
        Entry(
            words(f"summary.solo.verdicts.{band + 1}"),
            words(
                "summary.solo.times",
                fifteen=_band(SOLO_MINUTES[FIFTEEN.id], band, words),
                chess=_band(SOLO_MINUTES[CHESS.id], band, words),
            ),
        )
        for band in range(VERDICTS)
    ]
    return Reference(words("summary.solo.title", cards=SOLO_CARDS), entries)


def _band(bounds: tuple[float, ...], band: int, words: Words) -> str:
    """Band ``band`` (0: the quickest) of the times ``bounds`` split, in minutes."""
    if band == 0:
        return words("summary.solo.under", minutes=bounds[0])
    if band == len(bounds):
        return words("summary.solo.over", minutes=bounds[-1])
    return words("summary.solo.between", low=bounds[band - 1], high=bounds[band])


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
    """Each task card's two sides, the mean and the most of their fewest moves over all setup
    boards: three columns, narrow enough to flow in the summary's columns."""
    header = [
        words("summary.key_header.card"),
        *(
            f"{words(f'summary.key_header.{mode}')}: "
            + words(
                "summary.key_cell",
                mean=words("summary.key_header.mean"),
                max=words("summary.key_header.max"),
            )
            for mode in MODES
        ),
    ]
    rated = {mode: rate(mode, tuple(card.fields[mode] for card in tasks.cards)) for mode in MODES}
    rows = [
        [
            words.number(card.fields["number"]),
            *(
                words(
                    "summary.key_cell",
                    mean=words.number(rated[mode][index].mean, 2),
                    max=words.number(rated[mode][index].maximum),
                )
                for mode in MODES
            ),
        ]
        for index, card in enumerate(tasks.cards)
    ]
    return Table(words("summary.key"), words("summary.key_intro"), header, rows)


@lru_cache(maxsize=8)
def rate(mode: str, tasks: tuple[str, ...]) -> tuple[Difficulty, ...]:
    """The difficulty of every task side of one mode, all in one search (see
    :func:`solver.difficulties`), computed once per process for the languages composed in it."""
    return tuple(difficulties(mode, tasks))
