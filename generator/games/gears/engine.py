"""The gears engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from generator.games.base import LOWER_CASE_ID, GameEngine, exactly, missing_texts, text
from generator.games.gears import report, summary, validation
from generator.games.gears.decks import CHARACTERS, CODES, GEARS, ROUNDS, TOKEN
from generator.games.gears.parts import (
    CHARACTER_ABILITIES,
    CODE_COLOURS,
    CODE_NUMBERS,
    CONDITIONS,
    EFFECTS,
    GEAR_COLOURS,
    SET_MARK,
    VALUES,
)
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem
from generator.schema import Field


def _four_values(values: list[Any]) -> str | None:
    if len(values) != 4 or any(type(v) is not int or v not in VALUES for v in values):
        return f"expected four values 1-4 clockwise from the top, got {values}"
    return None


class Gears(GameEngine):
    id = "gears"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        GEARS: {
            "set": Field(str, pattern=SET_MARK, pattern_help="one capital letter, like 'E'"),
            "colour": Field(str, choices=GEAR_COLOURS),
            "values": Field(list, check=_four_values),
        },
        ROUNDS: {
            "condition": Field(str, choices=CONDITIONS),
            "effect": Field(str, choices=EFFECTS),
        },
        CODES: {
            "colour": Field(str, choices=CODE_COLOURS),
            "number": Field(int, choices=CODE_NUMBERS),
        },
        CHARACTERS: {
            "id": LOWER_CASE_ID,
            "day": Field(str, choices=CHARACTER_ABILITIES),
            "night": Field(str, choices=CHARACTER_ABILITIES),
        },
        TOKEN: {"id": LOWER_CASE_ID},
    }

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        gears, rounds, codes, characters, token = decks
        players = game.players[1]
        problems = validation.gear_sets(gears, players)
        problems += validation.round_cards(rounds, players) + validation.code_cards(codes)
        problems += validation.characters(characters, players)
        problems += exactly(token, 1, "first-player token")
        return problems + missing_texts(game, validation.printed_keys(game))

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A gear by its colour and set ("Red A"), a code by its colour and number, a round
        card by its condition, a character and the token by their printed names."""
        fields = card.fields
        if deck.id in (GEARS, CODES):
            colour = text(locale, f"colours.{fields['colour']}")
            return f"{colour} {fields['set'] if deck.id == GEARS else fields['number']}"
        if deck.id == ROUNDS:
            return text(locale, f"conditions.{fields['condition']}.name")
        if deck.id == CHARACTERS:
            return text(locale, f"characters.{fields['id']}")
        return text(locale, "token.name")
