"""Bad gears card data: the rule engine's checks, each with file, line and the card."""

from __future__ import annotations

import pytest

from tests.conftest import DataCopy

GEARS = "gears/decks/gears.yaml"
ROUNDS = "gears/decks/rounds.yaml"
CODES = "gears/decks/codes.yaml"
CHARACTERS = "gears/decks/characters.yaml"
AIDS = "gears/decks/aids.yaml"


def problems(data: DataCopy) -> list[str]:
    return data.problems("gears")


@pytest.mark.parametrize(
    ("card", "values", "what"),
    [
        (
            "{set: B, colour: red, values: [1, 4, 1, 4]}",
            "[1, 4, 1, 3]",
            "gears[6].values: a red gear reads 1-4-1-4 clockwise from the top; "
            "this one reads 1-4-1-3",
        ),
        (
            "{set: A, colour: blue, values: [1, 2, 3, 4]}",
            "[1, 2, 3, 5]",
            "gears[1].values: expected four values 1-4 clockwise from the top, got [1, 2, 3, 5]",
        ),
        (
            "{set: D, colour: grey, values: [1, 2, 3, 4]}",
            "[1, 2, 3]",
            "gears[23].values: expected four values 1-4 clockwise from the top, got [1, 2, 3]",
        ),
    ],
)
def test_wrong_gear_values(data: DataCopy, card: str, values: str, what: str) -> None:
    data.edit(GEARS, card, card.replace(card[card.index("[") :], values + "}"))
    line = data.line_of(GEARS, f"values: {values}}}")
    assert problems(data) == [f"{GEARS}:{line}: {what}"]


def test_a_set_without_a_colour(data: DataCopy) -> None:
    data.edit(
        GEARS,
        "{set: C, colour: grey, values: [1, 2, 3, 4]}",
        "{set: C, colour: blue, values: [1, 2, 3, 4]}",
    )
    first = data.line_of(GEARS, "{set: C, colour: blue")
    line = first + 4  # gears[17], four cards after gears[13]
    assert problems(data) == [
        f"{GEARS}:{line}: gears[17]: card id 'gear-C-blue' is already used by gears[13] "
        f"(line {first})",
    ]


def test_a_player_aid_of_a_set_without_gears(data: DataCopy) -> None:
    data.edit(AIDS, "{set: D}", "{set: F}")
    line = data.line_of(AIDS, "{set: F}")
    assert problems(data) == [f"{AIDS}:{line}: aids[3].set: there are no set F gears"]


def test_an_aid_for_every_player(data: DataCopy) -> None:
    data.edit(AIDS, "  - {set: D}\n", "")
    assert problems(data) == [f"{AIDS}:1: aids: 3 player aids for up to 4 players"]


def test_one_player_aid_a_set(data: DataCopy) -> None:
    data.edit(AIDS, "  - {set: D}\n", "  - {set: D, copies: 2}\n")
    line = data.line_of(AIDS, "{set: D, copies: 2}")
    assert problems(data) == [
        f"{AIDS}:{line}: aids[3] (copy 2).set: set D has a player aid already: one aid a set"
    ]


def test_missing_code_card(data: DataCopy) -> None:
    data.edit(CODES, "  - {colour: red, number: 2}\n", "")
    assert problems(data) == [
        f"{CODES}:1: codes: missing code card red 2",
        f"{CODES}:1: codes: the game has 16 code cards, found 15",
    ]


def test_a_set_short_of_a_colour(data: DataCopy) -> None:
    data.edit(GEARS, "  - {set: C, colour: grey, values: [1, 2, 3, 4]}\n", "")
    assert problems(data) == [f"{GEARS}:1: gears: set C has no grey gear"]


def test_duplicated_code_card(data: DataCopy) -> None:
    data.edit(CODES, "{colour: red, number: 2}", "{colour: red, number: 1}")
    first = data.line_of(CODES, "{colour: red, number: 1}")
    assert problems(data) == [
        f"{CODES}:{first + 1}: codes[1]: card id 'code-red-1' is already used by codes[0] "
        f"(line {first})",
    ]


def test_unknown_night_effect(data: DataCopy) -> None:
    data.edit(ROUNDS, "effect: cold-blue", "effect: cold-snap")
    line = data.line_of(ROUNDS, "cold-snap")
    assert problems(data) == [
        f"{ROUNDS}:{line}: rounds[7].effect: 'cold-snap' is not one of: still-night, "
        "reverse-crank, full-turn, self-tune, double-entry, grey-rust, mirror-swap, cold-blue, "
        "jam-return, winner-leads"
    ]


def test_a_night_effect_left_off_every_card(data: DataCopy) -> None:
    # an effect on two cards is allowed (an expansion pairs conditions with other effects), an
    # effect on none is not
    data.edit(ROUNDS, "effect: cold-blue", "effect: grey-rust")
    assert problems(data) == [f"{ROUNDS}:1: rounds: no round card has the effect cold-blue"]


def test_character_ability_used_twice(data: DataCopy) -> None:
    data.edit(CHARACTERS, "night: ignore-jam", "night: turn-own-gear")
    line = data.line_of(CHARACTERS, "{id: engineer")
    first = data.line_of(CHARACTERS, "{id: clockmaker")
    assert problems(data) == [
        f"{CHARACTERS}:{line}: characters[1].night: turn-own-gear is already used by "
        f"characters[0] (line {first})"
    ]


def test_missing_condition_text(data: DataCopy) -> None:
    data.edit("gears/locales/uk.yaml", "    text: Перемагає найвищий номінал.\n", "")
    line = data.line_of("gears/locales/uk.yaml", "  highest:")
    en = data.line_of("gears/locales/en.yaml", "text: The highest value wins.")
    assert problems(data) == [
        f"gears/locales/uk.yaml:{line}: conditions.highest.text: missing translation "
        f"(en.yaml:{en} has it)"
    ]


def test_effect_text_too_long_for_the_night_side(data: DataCopy) -> None:
    long = "Each winner may enter up to two matching codes. " * 6
    data.edit(
        "gears/locales/en.yaml",
        "text: Each winner may enter up to two matching codes.",
        f"text: {long.strip()}",
    )
    line = data.line_of("gears/locales/en.yaml", "text: Each winner may enter up to two")
    assert problems(data) == [
        f"gears/locales/en.yaml:{line}: effects.double-entry.text: does not fit its 50 x 13 "
        "mm box on the rounds cards even at 2.5 mm: shorten it"
    ]
