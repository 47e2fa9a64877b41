"""The Break the Code engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from generator.games.base import GameEngine, TellApart, missing_texts, text
from generator.games.break_the_code import report, summary, validation
from generator.games.break_the_code.decks import QUESTIONS, TILES
from generator.games.break_the_code.questions import (
    COMPARISONS,
    KINDS,
    NEIGHBOURS_BY,
    PARITIES,
    SPANS,
)
from generator.games.break_the_code.tiles import COLOURS
from generator.load.schema import Field
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem


def _numbers(value: list[Any]) -> str | None:
    if not value or any(type(n) is not int for n in value):
        return f"expected a list of numbers 0-9, got {value}"
    return None


class BreakTheCode(GameEngine):
    id = "break_the_code"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        TILES: {
            "number": Field(int, minimum=0, maximum=9, help="The number on the tile."),
            "colour": Field(
                str, choices=tuple(COLOURS.values()), help="The tile's colour (the 5s are green)."
            ),
            "copy": Field(
                int,
                required=False,
                default=1,
                minimum=1,
                maximum=2,
                help="Which of two alike tiles this is (the green 5s), so each has its own id.",
            ),
        },
        QUESTIONS: {
            "id": Field(
                str,
                pattern=r"[a-z0-9][a-z0-9-]*",
                pattern_help="a lower-case id",
                help="The question's id; the printed question is the text questions.<id>.",
            ),
            "kind": Field(
                str,
                choices=KINDS,
                help="What the question asks; the keys below are each kind's parameters.",
            ),
            "tiles": Field(
                str,
                required=False,
                default="all",
                choices=SPANS,
                help="sum: which tiles, all, the `count` leftmost or rightmost, or the centre "
                "(all but the two ends).",
            ),
            "count": Field(int, required=False, help="sum: how many tiles from the left or right."),
            "colour": Field(
                str,
                required=False,
                choices=tuple(COLOURS.values()),
                help="sum, count: only the tiles of this colour.",
            ),
            "parity": Field(
                str, required=False, choices=PARITIES, help="count: the odd or the even tiles."
            ),
            "position": Field(int, required=False, help="compare: the tile's position, 1 for A."),
            "compare": Field(
                str,
                required=False,
                choices=COMPARISONS,
                help="compare: whether the tile is above or below `value`.",
            ),
            "value": Field(
                int,
                required=False,
                minimum=0,
                maximum=9,
                help="compare: the number the tile is compared with.",
            ),
            "numbers": Field(
                list,
                required=False,
                default=[],
                check=_numbers,
                json_schema={"items": {"type": "integer"}, "minItems": 1},
                help="where: the numbers asked about.",
            ),
            "choice": Field(
                bool,
                required=False,
                default=False,
                help="where: true when the asker picks one of `numbers`.",
            ),
            "by": Field(
                str,
                required=False,
                choices=NEIGHBOURS_BY,
                help="neighbours: tiles of one colour side by side, or numbers one apart (step).",
            ),
        },
    }

    tell_apart = (TellApart((TILES,), (("colour", "colour"),)),)
    """Tiles of one number differ only in colour, which the questions ask about."""

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        tiles, questions = decks
        problems = validation.tiles(tiles, game.players) + validation.questions(questions)
        keys = ["title", "letters", "tile.back"]
        keys += [f"questions.{card.fields['id']}" for card in questions.cards]
        return problems + missing_texts(game, keys)

    summary_steps = ("screen.setup", "screen.actions")

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A tile by its number and colour ("5 green"), a question card by its question."""
        fields = card.fields
        if deck.id == TILES:
            colour = text(locale, f"summary.colours.{fields['colour']}")
            return f"{fields['number']} {colour}"
        return text(locale, f"questions.{fields['id']}")
