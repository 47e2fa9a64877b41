"""The Game of Trains engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from generator.games.base import LOWER_CASE_ID, GameEngine, TellApart, missing_texts, place, text
from generator.games.game_of_trains import report, summary, validation
from generator.games.game_of_trains.decks import LOCOMOTIVES, WAGONS
from generator.games.game_of_trains.train import ABILITIES, MOST_WAGONS, WAGON_NUMBERS
from generator.load.schema import Field
from generator.model import Card, Deck, Game, Locale
from generator.palettes import COLOUR_NAME, STANDARD
from generator.problems import Problem

MARKS = ("circle", "square", "triangle", "diamond")


class GameOfTrains(GameEngine):
    id = "game_of_trains"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        WAGONS: {
            "number": Field(
                int,
                minimum=WAGON_NUMBERS.start,
                maximum=MOST_WAGONS,
                help="The wagon's number: what a card drawn from the deck counts as.",
            ),
            "ability": Field(
                str,
                choices=ABILITIES,
                help="What the card does when it lies face up beside the deck.",
            ),
        },
        LOCOMOTIVES: {
            "id": replace(LOWER_CASE_ID, help="The locomotive's id, its player colour's name."),
            "colour": Field(
                str,
                pattern=COLOUR_NAME.pattern,
                pattern_help="a colour's name in palette.yaml, like 'locomotive_red'",
                help="The locomotive's colour: a name palette.yaml gives twice, NAME for the "
                "mark in the cab and NAME_ground for the card's ground.",
            ),
            "mark": Field(
                str,
                choices=MARKS,
                help="The shape that tells the locomotives apart, also in greyscale.",
            ),
        },
    }

    tell_apart = (TellApart((WAGONS,), (("ability", "ability"),)),)
    """A face-up wagon's ability is read from across the table."""

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        wagons, locomotives = decks
        problems = validation.wagons(wagons)
        problems += validation.locomotives(locomotives, game.players[1])
        problems += validation.locomotive_colours(locomotives, game.palettes[STANDARD])
        keys = [f"abilities.{a}.{part}" for a in ABILITIES for part in ("name", "text")]
        return problems + missing_texts(game, keys)

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
    balance = staticmethod(report.measures)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """A wagon by its number and ability ("12 · Swap neighbours"), a locomotive by its
        place (the four differ only in colour and mark)."""
        if deck.id == WAGONS:
            ability = text(locale, f"abilities.{card.fields['ability']}.name")
            return f"{card.fields['number']} · {ability}"
        return f"{text(locale, 'locomotive.name')} {place(deck, card)}"
