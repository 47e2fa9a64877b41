"""The Gear & Piston engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from generator.games.base import (
    LOWER_CASE_ID,
    GameEngine,
    TellApart,
    exactly,
    missing_texts,
    place,
    text,
)
from generator.games.gear_and_piston import board, report, summary, validation
from generator.games.gear_and_piston.car_file import CAR, CAR_FILE
from generator.games.gear_and_piston.decks import ENDS, FIRST_PLAYER, GROUPS, INVESTORS
from generator.games.gear_and_piston.parts import (
    BRONZE,
    COLOURS,
    FUNCTIONS,
    MAX_UNRELIABILITY,
    PLAYER_COLOURS,
    ROWS,
)
from generator.games.gear_and_piston.scoring import COMPARISONS, METRICS
from generator.load.schema import DataFile, Field
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem


def _symbols(value: list[Any]) -> str | None:
    unknown = [s for s in value if s not in BRONZE]
    if unknown:
        return f"{', '.join(map(repr, unknown))}: bronze symbols are {', '.join(BRONZE)}"
    return None


def _points(value: int) -> str | None:
    return "an investor worth 0 points changes nothing" if value == 0 else None


PART_FIELDS = {
    "number": Field(
        int, minimum=1, maximum=99, help="The part's number in its group (its id: new-07)."
    ),
    "function": Field(str, choices=FUNCTIONS, help="What the part does in the car."),
    "colour": Field(
        str,
        choices=COLOURS,
        help="The engine type: green electric, red petrol, brown steam; grey fits every one.",
    ),
    "row": Field(
        str,
        choices=ROWS,
        help="The row of the car the part is built into (axles bottom, steering top).",
    ),
    "bronze": Field(
        list,
        required=False,
        default=[],
        check=_symbols,
        json_schema={"items": {"enum": list(BRONZE)}},
        help="The bronze symbols printed on the part.",
    ),
    "unreliability": Field(
        int,
        required=False,
        default=0,
        minimum=0,
        maximum=MAX_UNRELIABILITY,
        help="The unreliability the part adds to the car (it costs points at the end).",
    ),
}


class GearAndPiston(GameEngine):
    id = "gear_and_piston"
    data_files: ClassVar[Mapping[str, DataFile]] = {board.BOARD_FILE_NAME: board.BOARD_FILE}
    command_files: ClassVar[Mapping[str, DataFile]] = {CAR: CAR_FILE}
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        **{group: PART_FIELDS for group in GROUPS},
        INVESTORS: {
            "id": replace(
                LOWER_CASE_ID, help="The investor's id; its demand is the text investors.<id>."
            ),
            "metric": Field(
                str,
                choices=tuple(METRICS),
                help="What the investor counts on every finished car: a bronze symbol, parts, "
                "engine types (colours but grey), unreliability, old or scrap parts.",
            ),
            "comparison": Field(
                str,
                choices=COMPARISONS,
                help="Who scores: the most or the fewest (ties all score), at least or exactly "
                "`count`, or none at all.",
            ),
            "count": Field(
                int,
                required=False,
                minimum=0,
                help="The number at-least and exactly compare with.",
            ),
            "points": Field(
                int,
                check=_points,
                json_schema={"not": {"const": 0}},
                help="What every player who meets the demand scores, once (below 0: a "
                "penalty; never 0).",
            ),
        },
        ENDS: {
            "colour": Field(
                str, choices=PLAYER_COLOURS, help="The player colour, that of the action discs."
            ),
            "end": Field(
                str, choices=validation.END_SIDES, help="Which end of the car the tile is."
            ),
        },
        FIRST_PLAYER: {"id": replace(LOWER_CASE_ID, help="The tile's id (the game has one).")},
    }

    tell_apart = (TellApart(GROUPS, (("colour", "engine type"),), stack="stack"),)
    """A car scores its largest area of one engine type, and investors count old and scrap parts."""

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        *groups, investors, ends, first = decks
        problems = [p for deck in groups for p in validation.part_group(deck)]
        problems += validation.investors(investors)
        problems += validation.car_ends(ends, game.players[1])
        problems += exactly(first, 1, "first-player tile")
        if not problems:  # the board's tracks must reach what these cards can score
            problems = board.handout_problems(game)
        keys = [f"investors.{card.fields['id']}" for card in investors.cards]
        return problems + missing_texts(game, ["title", *keys])

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A part by its group, number and function ("New part 7 · Gears"), an investor by its
        demand, a car end by the player aid on its face, the first-player tile by its title."""
        fields = card.fields
        if deck.id in GROUPS:
            function = text(locale, f"functions.{fields['function']}")
            return f"{text(locale, f'groups.{deck.id}')} {fields['number']} · {function}"
        if deck.id == INVESTORS:
            demand = text(locale, f"investors.{fields['id']}")
            return f"{text(locale, 'investor')} · {demand}"
        if deck.id == ENDS:
            aid = text(locale, "aid.round" if fields["end"] == "front" else "aid.locations")
            return f"{aid} {place(deck, card)}"
        return text(locale, "first_player")
