"""Bad card data: every mistake is reported as ``file:line: where: what``, all of them at once."""

from __future__ import annotations

import re

from generator import DEFAULT_DATA_DIR
from generator.model import Game
from tests.conftest import DataCopy

WAGONS = "game_of_trains/decks/wagons.yaml"
UK = "game_of_trains/locales/uk.yaml"
EN = "game_of_trains/locales/en.yaml"
DE = "game_of_trains/locales/de.yaml"


def problems(data: DataCopy) -> list[str]:
    return data.problems("game_of_trains")


def test_shipped_data_is_valid(shipped: dict[str, Game]) -> None:
    code, trains, car, gears, puzzle = shipped.values()
    assert [len(deck.cards) for deck in code.decks] == [20, 21]
    assert [len(deck.cards) for deck in trains.decks] == [84, 4]
    assert [len(deck.cards) for deck in car.decks] == [42, 42, 20, 14, 12, 1]
    assert [len(deck.cards) for deck in gears.decks] == [24, 10, 16, 4, 1, 4]
    assert [len(deck.cards) for deck in puzzle.decks] == [28, 7, 1]
    for game in (code, trains, car, gears, puzzle):
        assert list(game.locales) == ["de", "en", "ru", "uk"]


def test_duplicate_wagon_number(data: DataCopy) -> None:
    data.edit(
        WAGONS, "{number: 42, ability: swap-over-one}", "{number: 17, ability: swap-over-one}"
    )
    line = data.line_of(WAGONS, "{number: 17, ability: swap-over-one}")
    first = data.line_of(WAGONS, "{number: 17, ability: swap-adjacent}")
    assert problems(data) == [
        f"{WAGONS}:{line}: wagons[41].number: 17 is already used by wagons[16] (line {first})"
    ]


def test_unknown_ability(data: DataCopy) -> None:
    data.edit(WAGONS, "{number: 8, ability: protect}", "{number: 8, ability: shield}")
    line = data.line_of(WAGONS, "ability: shield")
    assert problems(data) == [
        f"{WAGONS}:{line}: wagons[7].ability: 'shield' is not one of: swap-adjacent, "
        "swap-over-one, move-left-2, move-right-2, remove-left, remove-middle, remove-right, "
        "protect"
    ]


def test_typo_in_a_key(data: DataCopy) -> None:
    data.edit(WAGONS, "{number: 3, ability: move-left-2}", "{number: 3, abilty: move-left-2}")
    line = data.line_of(WAGONS, "abilty")
    assert problems(data) == [
        f"{WAGONS}:{line}: wagons[2].ability: missing",
        f"{WAGONS}:{line}: wagons[2].abilty: unknown key (did you mean 'ability'?)",
    ]


def test_a_misspelt_ukrainian_key_is_told_once_at_its_line(data: DataCopy) -> None:
    """One slip, one line, at the file that has it: the key it meant is not also missing
    there, nor the misspelt key missing from the files that are right."""
    data.edit(UK, "    text: Підкладіть", "    txt: Підкладіть")
    txt = data.line_of(UK, "txt: Підкладіть")
    assert problems(data) == [
        f"{UK}:{txt}: abilities.protect.txt: unknown key (did you mean 'text'?)",
    ]


def test_character_the_font_cannot_draw(data: DataCopy) -> None:
    data.edit(EN, "name: Lock", "name: Lock \U0001f512")
    line = data.line_of(EN, "name: Lock")
    assert problems(data) == [
        f"{EN}:{line}: abilities.protect.name: '\U0001f512' (U+1F512) cannot be drawn by the "
        "project's fonts and would vanish from the print"
    ]


def test_text_too_long_for_its_box(data: DataCopy) -> None:
    long_text = "Swap two neighbouring wagons of your train. " * 12
    data.edit(EN, "text: Swap two neighbouring wagons of your train.", f"text: {long_text}")
    line = data.line_of(EN, "text: Swap two neighbouring wagons of your train. Swap")
    assert problems(data) == [
        f"{EN}:{line}: abilities.swap-adjacent.text: does not fit its 53 x 14 mm box on the "
        "wagons cards even at 2.2 mm: shorten it (and on 10 more cards)"
    ]


def test_rule_engine_checks_counts_and_spread(data: DataCopy) -> None:
    for number in (5, 13):
        old = f"{{number: {number}, ability: remove-left}}"
        data.edit(WAGONS, old, old.replace("remove-left", "protect"))
    assert problems(data) == [
        f"{WAGONS}:1: wagons: no wagon 1-16 has remove-left: spread each ability over the numbers",
        f"{WAGONS}:1: wagons: remove-left is on 8 wagons, the game needs at least 10",
    ]


def test_wrong_type_and_out_of_range_together(data: DataCopy) -> None:
    data.edit(WAGONS, "{number: 1, ability", "{number: one, ability")
    data.edit(WAGONS, "{number: 2, ability", "{number: 100, ability")
    assert problems(data) == [
        f"{WAGONS}:6: wagons[0].number: expected an integer, got 'one'",
        f"{WAGONS}:7: wagons[1].number: 100 is above the maximum 99",
    ]


def test_deck_settings_are_checked(data: DataCopy) -> None:
    game = "game_of_trains/game.yaml"
    data.edit(game, "size: poker            #", "size: jumbo            #")
    data.edit(game, "front: locomotive.svg.j2", "front: loco.svg.j2")
    assert problems(data) == [
        f"{game}:7: decks.wagons.size: unknown card size 'jumbo' (known: poker, bridge, mini, "
        "tarot, square, tile)",
        f"{game}:13: decks.locomotives.front: no template 'loco.svg.j2' in "
        "templates/game_of_trains/",
    ]


def test_four_locomotives_with_distinct_colours(data: DataCopy) -> None:
    loco = "game_of_trains/decks/locomotives.yaml"
    data.edit(loco, "{id: blue, colour: locomotive_blue", "{id: blue, colour: locomotive_red")
    red, blue = data.line_of(loco, "id: red"), data.line_of(loco, "id: blue")
    assert problems(data) == [
        f"{loco}:{blue}: locomotives[1].colour: locomotive_red is already used by locomotives[0] "
        f"(line {red})"
    ]


def test_ukrainian_texts_use_one_apostrophe() -> None:
    """Ukrainian writes its apostrophe as U+2019; a typewriter ' between letters is a slip."""
    slip = re.compile("[\u0400-\u04ff]'[\u0400-\u04ff]")
    for path in sorted(DEFAULT_DATA_DIR.glob("*/locales/uk.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not slip.search(line), f"{path.relative_to(DEFAULT_DATA_DIR)}:{number}: {line}"
