"""The 3x3 puzzle engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

import re
from typing import ClassVar

from generator.games.base import (
    LOWER_CASE_ID,
    GameEngine,
    TellApart,
    deck_name,
    missing_texts,
    text,
)
from generator.games.three_by_three import report, summary, validation
from generator.games.three_by_three.decks import BOARD, TASKS, TOKENS
from generator.games.three_by_three.notation import (
    CELLS,
    CHESS,
    EMPTY,
    FIFTEEN,
    SYMBOL_NAMES,
    TOKEN_NAMES,
    Mode,
    task_problem,
)
from generator.load.placeholders import fill
from generator.load.schema import Field
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem

PRINTED_KEYS = ("title", "modes.fifteen", "modes.chess")


def _side(mode: Mode) -> dict[str, Field]:
    symbols = ", ".join(f"{s} {name}" for s, name in SYMBOL_NAMES[mode.id].items())
    scores = ", ".join(f"{points} for {cells} cells" for cells, points in mode.points.items())
    return {
        mode.id: Field(
            str,
            check=lambda task: task_problem(mode, task),
            json_schema={"pattern": f"^[{mode.task_symbols}{re.escape(EMPTY)}]{{{CELLS}}}$"},
            help=f"The {mode.id} side: {CELLS} cells row by row from the top, {symbols}, "
            f"'{EMPTY}' for a cell that does not matter. The solver checks the tokens can show it.",
        ),
        f"{mode.id}_points": Field(
            int,
            choices=(1, 2),
            help=f"The points the {mode.id} side prints: {scores}.",
        ),
    }


class ThreeByThree(GameEngine):
    id = "three_by_three"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        TASKS: {
            "number": Field(
                int, minimum=1, maximum=99, help="The task card's number, printed on it."
            ),
            **_side(FIFTEEN),
            **_side(CHESS),
        },
        TOKENS: {
            mode: Field(
                str,
                choices=tuple(dict.fromkeys(names.values())),
                help=f"The token's {mode} side.",
            )
            for mode, names in TOKEN_NAMES.items()
        },
        BOARD: {"id": LOWER_CASE_ID},
    }

    tell_apart = (TellApart((TOKENS,), ((FIFTEEN.id, "colour"),)),)
    """The 15-puzzle side of a token is its colour, which a task card asks for."""

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        tasks, tokens, _ = decks
        problems = validation.task_cards(tasks) + validation.tokens(tokens)
        return problems + missing_texts(game, list(PRINTED_KEYS))

    summary_wording = summary.WORDING
    summary_both_sides = (TOKENS,)
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A task card as the summary captions it ("Task card 7"), a token by its two sides
        ("blue · Rook"; the white and the black piece of a colour share a name), the board by
        its deck's name."""
        fields = card.fields
        if deck.id == BOARD:
            return deck_name(deck, locale)
        if deck.id == TASKS:
            return fill(text(locale, "summary.task_caption"), {"number": fields["number"]})
        symbols = {name: symbol for symbol, name in TOKEN_NAMES[FIFTEEN.id].items()}
        colour = fields[FIFTEEN.id]
        joker = colour == "tri-colour"
        fifteen = text(
            locale, f"summary.token.{colour}" if joker else f"summary.symbols.{symbols[colour]}"
        )
        chess = text(locale, f"summary.token.{fields[CHESS.id].rpartition('-')[2]}")
        return f"{fifteen} · {chess}"
