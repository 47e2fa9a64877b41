"""The gears engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from generator.games.base import LOWER_CASE_ID, GameEngine, TellApart, exactly, missing_texts, text
from generator.games.gears import report, summary, validation
from generator.games.gears.decks import AIDS, CHARACTERS, CODES, GEARS, ROUNDS, TOKEN
from generator.games.gears.parts import (
    CHARACTER_ABILITIES,
    CODE_COLOURS,
    CODE_NUMBERS,
    CONDITIONS,
    EFFECTS,
    GEAR_COLOURS,
    GEAR_VALUES,
    SET_MARK,
    VALUES,
)
from generator.load.schema import Field
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem


def _four_values(values: list[Any]) -> str | None:
    if len(values) != 4 or any(type(v) is not int or v not in VALUES for v in values):
        return f"expected four values 1-4 clockwise from the top, got {values}"
    return None


FOUR_VALUES = {
    "type": "array",
    "items": {"type": "integer", "minimum": VALUES.start, "maximum": VALUES.stop - 1},
    "minItems": 4,
    "maxItems": 4,
}
"""What :func:`_four_values` checks, in JSON Schema's words."""
COLOUR_VALUES = "; ".join(f"{c} {'-'.join(map(str, v))}" for c, v in GEAR_VALUES.items())


class Gears(GameEngine):
    id = "gears"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        GEARS: {
            "set": Field(
                str,
                pattern=SET_MARK,
                pattern_help="one capital letter, like 'E'",
                help="The player set the gear belongs to, marked on it.",
            ),
            "colour": Field(
                str,
                choices=GEAR_COLOURS,
                help=f"The gear's colour, which fixes the values it reads: {COLOUR_VALUES}.",
            ),
            "values": Field(
                list,
                check=_four_values,
                json_schema=FOUR_VALUES,
                help="The four edge values, 1-4, clockwise from the top edge seen face up.",
            ),
        },
        ROUNDS: {
            "condition": Field(
                str,
                choices=CONDITIONS,
                help="Which corner values win the round; the day side and the night side.",
            ),
            "effect": Field(str, choices=EFFECTS, help="The night side's extra rule."),
        },
        CODES: {
            "colour": Field(
                str,
                choices=CODE_COLOURS,
                help="The colour the card enters (grey enters none, multicoloured any).",
            ),
            "number": Field(int, choices=CODE_NUMBERS, help="The number entered with that colour."),
        },
        CHARACTERS: {
            "id": replace(
                LOWER_CASE_ID, help="The inventor's id; the name is the text characters.<id>."
            ),
            "day": Field(
                str,
                choices=CHARACTER_ABILITIES,
                help="The day side's ability, used once; then the card turns to night.",
            ),
            "night": Field(
                str,
                choices=CHARACTER_ABILITIES,
                help="The night side's ability, used once in the night shift; then the card "
                "leaves the game.",
            ),
        },
        TOKEN: {"id": replace(LOWER_CASE_ID, help="The token's id (the game has one token).")},
        AIDS: {
            "set": Field(
                str,
                pattern=SET_MARK,
                pattern_help="one capital letter, like 'A'",
                help="The player set whose mark the aid carries, kept at hand by its player.",
            ),
        },
    }

    tell_apart = (TellApart((GEARS,), (("colour", "colour"), ("set", "set"))),)
    """A gear's colour fixes its values and its set its owner: both read at a glance."""

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        gears, rounds, codes, characters, token, aids = decks
        players = game.players[1]
        problems = validation.gear_sets(gears, players)
        problems += validation.round_cards(rounds, players) + validation.code_cards(codes)
        problems += validation.characters(characters, players)
        problems += exactly(token, 1, "first-player token")
        problems += validation.aids(aids, gears, players)
        return problems + missing_texts(game, validation.printed_keys(game))

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A gear by its colour and set ("Red A"), a code by its colour and number, a round
        card by its condition, a player aid by its set, a character and the token by their
        printed names."""
        fields = card.fields
        if deck.id == AIDS:
            return f"{text(locale, 'aid.name')} {fields['set']}"
        if deck.id in (GEARS, CODES):
            colour = text(locale, f"colours.{fields['colour']}")
            return f"{colour} {fields['set'] if deck.id == GEARS else fields['number']}"
        if deck.id == ROUNDS:
            return text(locale, f"conditions.{fields['condition']}.name")
        if deck.id == CHARACTERS:
            return text(locale, f"characters.{fields['id']}")
        return text(locale, "token.name")
