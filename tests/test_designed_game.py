"""A game described in data (issue 35): ``pnp new game`` writes one that works, and each kind of
rule its ``game.yaml`` may state is checked with the exact message, at the exact line.

The rules are judged in-process through the front door (:func:`front.loaded`), which is what
every command runs; one test goes through ``pnp validate`` for the exit code and the output.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
import yaml

import generator.pipeline.build
from generator.authoring.new_game import new_game
from generator.games.designed.engine import DesignedGame
from generator.pipeline.front import found_engine, loaded

REPO = Path(__file__).resolve().parent.parent
GAME = "mygame"
HEROES = """heroes:
  - {id: blaze, number: 1, power: 3, element: fire}
  - {id: brook, number: 2, power: 2, element: water}
  - {id: flint, number: 3, power: 4, element: earth}
  - {id: ember, number: 4, power: 2, element: fire}
"""
"""Four heroes every rule below accepts (players 2-4: a hero for each)."""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A new game, the scaffold's, with the four heroes above."""
    new_game(GAME, tmp_path)
    write(tmp_path, "decks/heroes.yaml", HEROES)
    return tmp_path


def write(project: Path, name: str, text: str) -> None:
    (project / "card_data" / GAME / name).write_text(text, encoding="utf-8")


def with_rules(project: Path, *rules: str) -> None:
    """``game.yaml`` with its rules replaced by ``rules``, one per line from line 28 on."""
    path = project / "card_data" / GAME / "game.yaml"
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("rules:\n")]
    assert head.count("\n") == 26, "the rules start on line 28 of the scaffold's game.yaml"
    path.write_text(head + "rules:\n" + "".join(f"  - {rule}\n" for rule in rules), "utf-8")


def problems(project: Path) -> list[str]:
    data = project / "card_data"
    engine = found_engine(data, GAME)
    assert isinstance(engine, DesignedGame)
    _, found = loaded(data, GAME, engine)
    return [str(problem) for problem in sorted(found)]


HEROES_FILE = f"{GAME}/decks/heroes.yaml"


def test_the_new_game_validates_with_a_rule_of_every_kind(tmp_path: Path, pnp) -> None:
    result = pnp("new", "game", GAME, "--dir", tmp_path)
    assert result.code == 0, result.err
    game_yaml = (tmp_path / "card_data" / GAME / "game.yaml").read_text(encoding="utf-8")
    for kind in ("cards:", "unique:", "numbered:", "refers:", "total:", "spread:", "where:"):
        assert kind in game_yaml.split("rules:")[1], kind
    result = pnp("validate", GAME, "--data", tmp_path / "card_data")
    assert (result.code, result.err) == (0, "")
    assert result.out.startswith(f"{GAME}: ok (5 heroes, 6 quests; locales de, en)")


def test_a_broken_rule_fails_validate_naming_the_rule(project: Path, pnp) -> None:
    with_rules(project, "{deck: heroes, name: one power each, unique: power}")
    result = pnp("validate", GAME, "--data", project / "card_data")
    assert result.code == 1
    assert result.err == (
        "mygame/decks/heroes.yaml:5: heroes[3].power: 2 is already used by heroes[1] "
        "(line 3) (rule 'one power each', mygame/game.yaml:28)\n1 problem found.\n"
    )


def test_cards_in_total_and_where_a_field_has_a_value(project: Path) -> None:
    with_rules(
        project,
        "{deck: heroes, cards: 5}",
        "{deck: heroes, cards: {at_least: 3}, where: {element: [fire, earth]}}",
        "{deck: heroes, cards: {at_most: 1}, where: {element: fire}}",
        "{deck: heroes, cards: {at_least: players}, where: {element: water}}",
    )
    assert problems(project) == [
        f"{HEROES_FILE}:1: heroes: 1 card with element water: the rule wants at least 4 (one "
        "for each player) (rule 'cards at_least players where element water', mygame/game.yaml:31)",
        f"{HEROES_FILE}:1: heroes: 2 cards with element fire: the rule wants at most 1 (rule "
        "'cards at_most 1 where element fire', mygame/game.yaml:30)",
        f"{HEROES_FILE}:1: heroes: 4 cards: the rule wants exactly 5 (rule 'cards 5', "
        "mygame/game.yaml:28)",
    ]


def test_unique_values_alone_and_together(project: Path) -> None:
    with_rules(project, "{deck: heroes, unique: power}", "{deck: heroes, unique: [element, power]}")
    write(
        project,
        "decks/heroes.yaml",
        HEROES.replace("power: 4, element: earth", "power: 3, element: fire"),
    )
    assert problems(project) == [
        f"{HEROES_FILE}:4: heroes[2]: element 'fire' and power 3 together are already used by "
        "heroes[0] (line 2) (rule 'unique element and power', mygame/game.yaml:29)",
        f"{HEROES_FILE}:4: heroes[2].power: 3 is already used by heroes[0] (line 2) (rule "
        "'unique power', mygame/game.yaml:28)",
        f"{HEROES_FILE}:5: heroes[3].power: 2 is already used by heroes[1] (line 3) (rule "
        "'unique power', mygame/game.yaml:28)",
    ]


def test_numbered_one_to_n_each_once(project: Path) -> None:
    with_rules(project, "{deck: heroes, numbered: number}")
    broken = HEROES.replace("number: 2,", "number: 1,").replace("number: 4,", "number: 9,")
    write(project, "decks/heroes.yaml", broken)
    said = "(every number 1-4 once) (rule 'numbered number', mygame/game.yaml:28)"
    assert problems(project) == [
        f"{HEROES_FILE}:1: heroes: number 2, 4 missing {said}",
        f"{HEROES_FILE}:3: heroes[1].number: 1 is already used by heroes[0] (line 2) "
        "(rule 'numbered number', mygame/game.yaml:28)",
        f"{HEROES_FILE}:5: heroes[3].number: 9 is not between 1 and 4 {said}",
    ]


def test_a_value_naming_a_card_of_another_deck(project: Path) -> None:
    """The example's quests are a CSV deck: a rule about a value names its cell."""
    with_rules(project, "{deck: quests, refers: {field: hero, to: heroes, by: id}}")
    assert problems(project) == [
        f"{GAME}/decks/quests.csv:6:2: quests[4].hero: 'mist' is not the id of a card of heroes "
        "(blaze, brook, flint, ember) (rule 'refers field hero, to heroes, by id', "
        "mygame/game.yaml:28)",
    ]


def test_a_total_over_the_cards_within_bounds(project: Path) -> None:
    with_rules(
        project,
        "{deck: heroes, total: {of: power, at_most: 10}}",
        "{deck: heroes, name: fire is strong, total: {of: power, at_least: 6},"
        " where: {element: fire}}",
    )
    assert problems(project) == [
        f"{HEROES_FILE}:1: heroes: the power of the cards adds up to 11: the rule wants at most "
        "10 (rule 'total of power, at_most 10', mygame/game.yaml:28)",
        f"{HEROES_FILE}:1: heroes: the power of the cards with element fire adds up to 5: the "
        "rule wants at least 6 (rule 'fire is strong', mygame/game.yaml:29)",
    ]


def test_a_value_spread_over_the_deck(project: Path) -> None:
    with_rules(
        project,
        "{deck: heroes, spread: {field: element, in_a_row: 1, order: number}}",
        "{deck: heroes, spread: {field: element, within: 2}}",
    )
    write(project, "decks/heroes.yaml", HEROES.replace("element: water", "element: fire"))
    assert problems(project) == [
        f"{HEROES_FILE}:1: heroes: no card from the 1st to the 2nd has element 'earth': the "
        "rule wants it on one of any 2 in a row (rule 'spread field element, within 2', "
        "mygame/game.yaml:29)",
        f"{HEROES_FILE}:3: heroes[1].element: 'fire' on 2 cards in a row (by number): the rule "
        "allows 1 alike in a row (rule 'spread field element, in_a_row 1, order number', "
        "mygame/game.yaml:28)",
    ]


def test_a_rule_written_wrongly_is_told_at_its_line_with_the_cards_problems(project: Path) -> None:
    with_rules(
        project,
        "{deck: villains, unique: id}",
        "{deck: heroes, unique: nme}",
        "{deck: heroes, numbered: id}",
        "{deck: heroes, unique: id, numbered: number}",
        "{deck: heroes, total: {of: element, at_most: 3}}",
        "{deck: heroes, cards: 3, where: {element: air}}",
        "{deck: heroes, spread: {field: element}}",
    )
    write(project, "decks/heroes.yaml", HEROES.replace("power: 2", "power: 7", 1))
    assert problems(project) == [
        f"{HEROES_FILE}:3: heroes[1].power: 7 is above the maximum 5",
        "mygame/game.yaml:28: rules[0].deck: 'villains' is not a deck of the game (decks: "
        "heroes, quests)",
        "mygame/game.yaml:29: rules[1].unique: 'nme' is not a field of heroes (fields: id, "
        "number, power, element)",
        "mygame/game.yaml:30: rules[2].numbered: id holds a text; the rule needs an integer",
        "mygame/game.yaml:31: rules[3]: a rule asks one thing of: cards, unique, numbered, "
        "refers, total, spread (it gives unique, numbered)",
        "mygame/game.yaml:32: rules[4].total.of: element holds a text; the rule needs a number",
        "mygame/game.yaml:33: rules[5].where.element: 'air' is not one of: fire, water, earth",
        "mygame/game.yaml:34: rules[6].spread: expected in_a_row, within or both",
    ]


def test_the_editor_schema_takes_the_new_game_and_refuses_a_rule_of_two_kinds(
    tmp_path: Path,
) -> None:
    new_game(GAME, tmp_path)
    schema = json.loads((tmp_path / "schemas" / GAME / "game.schema.json").read_text("utf-8"))

    game = yaml.safe_load((tmp_path / "card_data" / GAME / "game.yaml").read_text("utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    assert list(validator.iter_errors(game)) == []
    game["rules"].append({"deck": "heroes", "unique": "id", "numbered": "number"})
    assert [error.json_path for error in validator.iter_errors(game)] == ["$.rules[9]"]
    game["rules"][-1] = {"deck": "villains", "unique": "id"}
    assert [error.json_path for error in validator.iter_errors(game)] == ["$.rules[9].deck"]
    game["rules"][-1] = {"deck": "heroes", "cards": "players"}
    assert list(validator.iter_errors(game)) == []
    game["rules"][-1] = {"deck": "heroes", "spread": {"field": "element"}}
    assert [error.json_path for error in validator.iter_errors(game)] == ["$.rules[9].spread"]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "My Game",
            "game name 'My Game': a lower-case letter, then up to 39 lower-case letters, digits "
            "and _, like my_game",
        ),
        ("gears", "gears is one of pnp's own games: choose another name"),
    ],
)
def test_new_game_refuses_a_name_it_cannot_use(
    tmp_path: Path, pnp, name: str, message: str
) -> None:
    result = pnp("new", "game", name, "--dir", tmp_path)
    assert (result.code, result.out, result.err) == (2, "", f"pnp: error: {message}\n")
    assert list(tmp_path.iterdir()) == []


def test_new_game_never_writes_over_a_game(project: Path, pnp) -> None:
    result = pnp("new", "game", GAME, "--dir", project)
    target = project / "card_data" / GAME
    assert (result.code, result.err) == (
        2,
        f"pnp: error: {target} already exists: choose another name or --dir\n",
    )
    assert (target / "decks" / "heroes.yaml").read_text(encoding="utf-8") == HEROES


TRAINS_RULES = """
rules:
  - {deck: wagons, numbered: number}
  - {deck: wagons, cards: {at_least: 84}}
  - {deck: wagons, spread: {field: ability, within: 16, order: number}}
%s
  - {deck: locomotives, unique: colour}
  - {deck: locomotives, unique: mark}
  - {deck: locomotives, cards: {at_least: players}}
"""
"""Game of Trains' card-level checks in the vocabulary: every wagon number once, each ability
on its share of the wagons and spread over the numbers, a locomotive per player, each its own
colour and mark (what it cannot say: that a colour is a player colour of the palette)."""
SHARES = {"swap-adjacent": 11, "swap-over-one": 11, "move-left-2": 11, "move-right-2": 11}
ABILITIES = [*SHARES, "remove-left", "remove-middle", "remove-right", "protect"]


def shipped_copy(project: Path, game: str, name: str) -> Path:
    """A shipped game's card data and templates copied into ``project`` as the game ``name``,
    which pnp has no engine for; its card data folder."""
    data = project / "card_data"
    shutil.copytree(REPO / "card_data" / game, data / name)
    shutil.copytree(REPO / "templates" / game, project / "templates" / name)
    return data


def test_the_vocabulary_states_game_of_trains_card_checks(tmp_path: Path) -> None:
    """Game of Trains' data as a game described in data, its engine's card checks written as
    rules: the shipped cards pass them, and a wagon given another ability fails them as it
    fails the engine ("swap-adjacent is on 10 wagons, the game needs at least 11")."""
    data = shipped_copy(tmp_path, "game_of_trains", "trains")
    fields = {
        "wagons": "number: {type: integer, minimum: 1, maximum: 999}\n      ability: "
        f"{{type: text, choices: [{', '.join(ABILITIES)}]}}",
        "locomotives": "id: {type: text}\n      colour: {type: text}\n      mark: "
        "{type: text, choices: [circle, square, triangle, diamond]}",
    }
    game_yaml = data / "trains" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    for deck, described in fields.items():
        card_id = text.index("card_id", text.index(f"  {deck}:"))
        end = text.index("\n", card_id) + 1
        text = text[:end] + f"    fields:\n      {described}\n" + text[end:]
    shares = "\n".join(
        f"  - {{deck: wagons, cards: {{at_least: {SHARES.get(ability, 10)}}}, "
        f"where: {{ability: {ability}}}}}"
        for ability in ABILITIES
    )
    game_yaml.write_text(text + TRAINS_RULES % shares, encoding="utf-8")
    engine = found_engine(data, "trains")
    assert isinstance(engine, DesignedGame) and len(engine.rules) == 14
    assert loaded(data, "trains", engine)[1] == []

    wagons = data / "trains" / "decks" / "wagons.yaml"
    cards = wagons.read_text(encoding="utf-8")
    wagons.write_text(cards.replace("ability: swap-adjacent", "ability: protect", 1), "utf-8")
    assert [str(problem) for problem in loaded(data, "trains", engine)[1]] == [
        "trains/decks/wagons.yaml:1: wagons: 10 cards with ability swap-adjacent: the rule wants "
        "at least 11 (rule 'cards at_least 11 where ability swap-adjacent', trains/game.yaml:28)",
    ]


TILES = """    fields:
      number: {type: integer, minimum: 0, maximum: 9}
      colour: {type: text, choices: [black, white, green]}
"""
GREEN_FIVES = "{number: 5, colour: green}\n  - {number: 5, colour: green, copy: 2}"
TILES_RULES = """rules:
  - {deck: tiles, cards: 20}
  - {deck: tiles, cards: 2, where: {colour: green}}
  - {deck: tiles, cards: 2, where: {number: 5, colour: green}}
  - {deck: tiles, cards: 9, where: {colour: black}}
  - {deck: tiles, cards: 9, where: {colour: white}}
  - {deck: tiles, unique: [number, colour], where: {colour: [black, white]}}
  - {deck: tiles, cards: 0, where: {number: 5, colour: [black, white]}}
"""
"""Break the Code's tiles in the vocabulary: 0-9 in black and in white, but both 5s green."""


def test_the_vocabulary_states_break_the_codes_tiles(tmp_path: Path) -> None:
    """The shipped tiles (the questions left out: what a question checks needs a solver) pass
    the tiles' rules written as data; a green 5 turned black fails them."""
    data = shipped_copy(tmp_path, "break_the_code", "codes")
    (data / "codes" / "decks" / "questions.yaml").unlink()
    game_yaml = data / "codes" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    text = text[: text.index("  questions:")] + text[text.index("handouts:") :]
    text = text.replace("{number}-{colour}-{copy}", "{number}-{colour}")  # copies: 2 numbers them
    card_id = text.index("\n", text.index("card_id")) + 1
    game_yaml.write_text(text[:card_id] + TILES + text[card_id:] + TILES_RULES, "utf-8")
    tiles = data / "codes" / "decks" / "tiles.yaml"
    cards = tiles.read_text(encoding="utf-8")
    tiles.write_text(cards.replace(GREEN_FIVES, "{number: 5, colour: green, copies: 2}"), "utf-8")
    engine = found_engine(data, "codes")
    assert isinstance(engine, DesignedGame) and loaded(data, "codes", engine)[1] == []
    tiles.write_text(
        cards.replace(GREEN_FIVES, "{number: 5, colour: green}\n  - {number: 5, colour: black}"),
        "utf-8",
    )
    assert [str(problem).split(": ", 1)[1] for problem in loaded(data, "codes", engine)[1]] == [
        "tiles: 1 card with colour green: the rule wants exactly 2 (rule 'cards 2 where colour "
        "green', codes/game.yaml:26)",
        "tiles: 1 card with number 5 and colour green: the rule wants exactly 2 (rule 'cards 2 "
        "where number 5, colour green', codes/game.yaml:27)",
        "tiles: 10 cards with colour black: the rule wants exactly 9 (rule 'cards 9 where colour "
        "black', codes/game.yaml:28)",
        "tiles: 1 card with number 5 and colour black or white: the rule wants exactly 0 (rule "
        "'cards 0 where number 5, colour black or white', codes/game.yaml:31)",
    ]


def test_a_rebuild_of_a_game_described_in_data_is_answered_by_the_fast_path(
    project: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generic engine is named without importing it, so a rebuild with nothing changed is
    answered from the cache, as for a shipped game; a changed rule is not."""
    args = ("build", GAME, "--data", project / "card_data", "--lang", "en")
    args += ("--out", project / "out", "--cache", project / "cache")
    with_rules(project, "{deck: heroes, cards: 4}")
    assert pnp(*args).code == 0
    build = generator.pipeline.build.build
    monkeypatch.setattr(generator.pipeline.build, "build", None)  # called, it would fail
    assert pnp(*args).out.splitlines()[-2].startswith("all 2 files up to date: ")
    monkeypatch.setattr(generator.pipeline.build, "build", build)
    with_rules(project, "{deck: heroes, cards: 3}")
    result = pnp(*args)
    assert (result.code, result.err.splitlines()[0]) == (
        1,
        f"{HEROES_FILE}:1: heroes: 4 cards: the rule wants exactly 3 (rule 'cards 3', "
        "mygame/game.yaml:28)",
    )


def test_rules_read_rightly_run_beside_those_written_wrongly(project: Path) -> None:
    """A rule that can never hold is told at its line, and the others still judge the cards."""
    with_rules(
        project,
        "{deck: heroes, cards: 3}",
        "{deck: heroes, cards: {at_least: 5, at_most: 2}}",
        "{deck: heroes, unique: [power, power]}",
        "{deck: quests, refers: {field: reward, to: heroes}}",
        "{deck: heroes, total: {of: power, exactly: " + "9" * 400 + "}}",
        "{deck: quests, refers: {field: hero, to: heroes}, where: {number: 1}}",
    )
    assert problems(project) == [
        f"{HEROES_FILE}:1: heroes: 4 cards: the rule wants exactly 3 (rule 'cards 3', "
        "mygame/game.yaml:28)",
        f"{HEROES_FILE}:1: heroes: the power of the cards adds up to 11: the rule wants exactly "
        "a number of more than 18 digits (rule 'total of power, exactly "
        + "9" * 400
        + "', mygame/game.yaml:32)",
        f"{GAME}/decks/quests.csv:2:2: quests[0].hero: 'blaze' is not the id of a card of heroes "
        "(hero-blaze, hero-brook, hero-flint, hero-ember) (rule 'refers field hero, to heroes "
        "where number 1', mygame/game.yaml:33)",
        "mygame/game.yaml:29: rules[1].cards: at_least 5 is more than at_most 2",
        "mygame/game.yaml:30: rules[2].unique: a field is named twice: name each once",
        "mygame/game.yaml:31: rules[3].refers.field: reward holds an integer and the card ids "
        "of heroes a text: a value never names a card",
    ]


def test_a_game_yaml_that_is_not_a_mapping_is_a_problem_not_a_crash(project: Path, pnp) -> None:
    write(project, "game.yaml", "- players: 2-4\n")
    result = pnp("validate", GAME, "--data", project / "card_data")
    assert (result.code, result.err.splitlines()[0]) == (
        1,
        "mygame/game.yaml:1: expected a mapping of players, decks, handouts, rules, got a list",
    )


def test_a_card_added_without_its_name_says_which_text_is_missing(project: Path, pnp) -> None:
    write(
        project,
        "decks/heroes.yaml",
        HEROES + "  - {id: storm, number: 5, power: 1, element: earth}\n",
    )
    with_rules(project, "{deck: heroes, unique: id}")
    result = pnp("validate", GAME, "--data", project / "card_data")
    assert (result.code, result.err) == (
        1,
        "templates/mygame/hero.svg.j2:17: hero-storm (de, en): no 'storm' here (the keys here: "
        "blaze, brook, flint, ember, mist)\n1 problem found.\n",
    )


def test_a_translation_drawing_other_icons_than_its_english_is_told_at_its_line(
    project: Path,
) -> None:
    """What ``pnp i18n import`` refuses in a PO file, validate refuses in the locale file."""
    de = project / "card_data" / GAME / "locales" / "de.yaml"
    text = de.read_text(encoding="utf-8")
    de.write_text(text.replace("Erhalte diese {icon:star}", "Erhalte diese Sterne"), "utf-8")
    assert problems(project) == [
        "mygame/locales/de.yaml:19: quest.reward: {icon:star} is missing: the translation must "
        "draw every icon ({icon:star})",
    ]


def test_a_card_id_of_a_field_a_card_may_leave_out_is_refused(project: Path) -> None:
    game_yaml = project / "card_data" / GAME / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8").replace(
        'card_id: "quest-{number:02d}"', 'card_id: "quest-{number:02d}-{hero}"'
    )
    game_yaml.write_text(text.replace("hero: {type: text,", "hero: {type: text, required: false,"))
    assert problems(project) == [
        "mygame/game.yaml:22: decks.quests.card_id: 'quest-{number:02d}-{hero}': a card may "
        "leave hero out, and its id would say None: make an id of fields every card gives",
    ]


def test_a_command_in_the_project_without_data_says_where_the_game_is(
    project: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project)
    result = pnp("validate", GAME)
    assert result.code == 2
    assert result.err == (
        "pnp: error: unknown game 'mygame' (the card data has: break_the_code, game_of_trains, "
        "gear_and_piston, gears, three_by_three); ./card_data has it: add --data card_data\n"
    )
