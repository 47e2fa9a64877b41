"""The 3x3 puzzle engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from typing import ClassVar

from generator.games.base import GameEngine, missing_texts, text
from generator.games.three_by_three import report, summary, validation
from generator.games.three_by_three.decks import TASKS, TOKENS
from generator.games.three_by_three.notation import CHESS, FIFTEEN, TOKEN_NAMES, Mode, task_problem
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem
from generator.rulebook.words import fill
from generator.schema import Field

PRINTED_KEYS = ("title", "modes.fifteen", "modes.chess")


def _side(mode: Mode) -> dict[str, Field]:
    return {
        mode.id: Field(str, check=lambda task: task_problem(mode, task)),
        f"{mode.id}_points": Field(int, choices=(1, 2)),
    }


class ThreeByThree(GameEngine):
    id = "three_by_three"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        TASKS: {"number": Field(int, minimum=1, maximum=99), **_side(FIFTEEN), **_side(CHESS)},
        TOKENS: {
            mode: Field(str, choices=tuple(dict.fromkeys(names.values())))
            for mode, names in TOKEN_NAMES.items()
        },
    }

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        tasks, tokens = decks
        problems = validation.task_cards(tasks) + validation.tokens(tokens)
        return problems + missing_texts(game, list(PRINTED_KEYS))

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A task card as the summary captions it ("Task card 7"), a token by its two sides
        ("blue · Rook"; the white and the black piece of a colour share a name)."""
        fields = card.fields
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
