"""Expansions laid over a game (``--with``): what they add, replace, remove and override, how
their mistakes are reported, and ``copies:``. On the fixture game Tiny (its rule: no number
twice); the shipped games' test expansions are in ``test_expansion_games.py``."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from generator.authoring.editor_schema import SCHEMAS_DIR
from generator.games.base import missing_texts
from generator.load import card_files
from generator.load.catalog import load_game
from generator.load.expansions import find_expansions
from generator.model import Game
from generator.pipeline.build import check
from generator.preview.check import check_game
from generator.problems import DataError, Problem, UsageError
from generator.render.faces import render_faces
from tests.conftest import DataCopy, Result
from tests.fixture import Tiny

Run = Callable[..., Result]


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return folder


@pytest.fixture
def expansion(tmp_path: Path) -> Callable[..., Path]:
    """``expansion(files, name=...)``: an expansion folder of Tiny holding ``files``."""

    def make(files: dict[str, str], name: str = "more") -> Path:
        return write(tmp_path / name, {"expansion.yaml": "game: tiny\n", **files})

    return make


def load(tiny: DataCopy, *folders: Path) -> tuple[Game, list[str]]:
    problems: list[Problem] = []
    expansions = find_expansions(folders, ["tiny"])
    game = load_game(tiny.root, "tiny", Tiny(), problems, expansions)
    if not problems:
        problems += Tiny().validate(game)
    return game, [str(problem) for problem in problems]


def ids(game: Game, deck: str) -> list[str]:
    found = game.deck(deck)
    assert found is not None
    return [card.id for card in found.cards]


def test_cards_are_added_replaced_in_place_and_removed(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion(
        {
            "expansion.yaml": "game: tiny\nremove:\n  numbers: [number-2]\n",
            "decks/colours.yaml": """
                colours:
                  - {name: blue, ink: "#000000"}
                  - {name: green, ink: "#2e7d32"}
            """,
            "decks/numbers.yaml": "numbers:\n  - {value: 6}\n",
        }
    )
    game, problems = load(tiny, folder)
    assert problems == []
    assert ids(game, "colours") == ["colour-red", "colour-blue", "colour-green"]
    assert ids(game, "numbers") == ["number-1", "number-3", "number-4", "number-5", "number-6"]
    colours = game.deck("colours")
    assert colours is not None
    blue = colours.cards[1]
    assert (blue.fields["ink"], blue.file, blue.line, blue.expansion) == (
        "#000000",
        "more/decks/colours.yaml",
        2,
        "more",
    )
    assert colours.cards[0].expansion == ""
    assert game.name == "tiny+more"
    part = game.expansion_part()
    assert [(d.id, [c.id for c in d.cards]) for d in part.decks] == [
        ("numbers", ["number-6"]),
        ("colours", ["colour-blue", "colour-green"]),
    ]
    assert (part.name, part.handouts) == ("more", ())


def test_expansions_stack_in_order(tiny: DataCopy, tmp_path: Path) -> None:
    first = write(
        tmp_path / "first",
        {"expansion.yaml": "game: tiny\n", "decks/numbers.yaml": "numbers:\n  - {value: 7}\n"},
    )
    second = write(
        tmp_path / "second",
        {"expansion.yaml": "game: tiny\nremove:\n  numbers: [number-7]\n"},
    )
    game, problems = load(tiny, first, second)
    assert problems == []
    assert "number-7" not in ids(game, "numbers")
    assert game.name == "tiny+first+second"
    _, problems = load(tiny, second, first)  # removing a card the game has not got yet
    assert problems == [
        "second/expansion.yaml:3: remove.numbers[0]: no card 'number-7' in the deck numbers "
        "(its cards: number-1, number-2, number-3, number-4, number-5)"
    ]


def test_the_engine_judges_the_merged_game_at_the_expansion_line(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n  - {value: 70}\n"})
    folder.joinpath("decks/numbers.yaml").write_text(
        "numbers:\n  - {value: 6}\n  - {value: 700}\n", encoding="utf-8"
    )
    _, problems = load(tiny, folder)
    assert problems == [
        "more/decks/numbers.yaml:3: numbers[1].value: 700 is above the maximum 99",
    ]


def test_copies_print_a_card_several_times(tiny: DataCopy) -> None:
    tiny.edit(
        "tiny/decks/colours.yaml",
        '{name: red, ink: "#c0392b"}',
        '{name: red, ink: "#c0392b", copies: 3}',
    )
    problems: list[Problem] = []
    game = load_game(tiny.root, "tiny", Tiny(), problems)
    assert problems == []
    colours = game.deck("colours")
    assert colours is not None
    assert [c.id for c in colours.cards] == [
        "colour-red-1",
        "colour-red-2",
        "colour-red-3",
        "colour-blue",
    ]
    assert [c.where for c in colours.cards][:2] == ["colours[0] (copy 1)", "colours[0] (copy 2)"]
    assert "copies" not in colours.cards[0].fields


def test_copies_follow_the_engine_rules(tiny: DataCopy) -> None:
    tiny.edit("tiny/decks/numbers.yaml", "{value: 2}", "{value: 2, copies: 2}")
    assert tiny.problems("tiny") == [
        "tiny/decks/numbers.yaml:3: numbers[1] (copy 2).value: 2 is already used by "
        "numbers[1] (copy 1) (line 3)"
    ]


@pytest.mark.parametrize(
    ("copies", "what"),
    [
        ("0", "0 is below the minimum 1"),
        ("100", "100 is above the maximum 99"),
        ("two", "expected an integer, got 'two'"),
    ],
)
def test_a_wrong_copies_is_reported_at_its_line(tiny: DataCopy, copies: str, what: str) -> None:
    tiny.edit("tiny/decks/numbers.yaml", "{value: 2}", f"{{value: 2, copies: {copies}}}")
    assert tiny.problems("tiny") == [f"tiny/decks/numbers.yaml:3: numbers[1].copies: {what}"]


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny as large as the card limits allow (numbers: 5 cards, the game: 7), so the limits'
    rules are seen on a few cards instead of thousands."""
    monkeypatch.setattr(card_files, "MAX_DECK_CARDS", 5)
    monkeypatch.setattr(card_files, "MAX_GAME_CARDS", 7)


@pytest.mark.usefixtures("small_limits")
def test_a_game_right_at_the_card_limits_loads(tiny: DataCopy) -> None:
    game, problems = load(tiny)
    assert problems == []
    assert [len(deck.cards) for deck in game.decks] == [5, 2]


@pytest.mark.usefixtures("small_limits")
def test_a_deck_file_past_the_limit_is_its_one_problem(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    """Copies count (a wrong ``copies`` as one card); none of the file's cards is read, so the
    wrong value, the wrong copies and the removal of a card the deck lacks are not told."""
    folder = expansion(
        {
            "expansion.yaml": "game: tiny\nremove:\n  numbers: [number-70]\n",
            "decks/numbers.yaml": """
                numbers:
                  - {value: seven}
                  - {value: 8, copies: 2}
                  - {value: 9, copies: two}
                  - {value: 10}
                  - {value: 11}
            """,
        }
    )
    game, problems = load(tiny, folder)
    assert problems == [
        "more/decks/numbers.yaml:6: numbers[4]: the deck file passes 5 cards here (copies "
        "counted): the most one deck file may hold"
    ]
    assert [deck.id for deck in game.decks] == ["colours"]


@pytest.mark.usefixtures("small_limits")
def test_the_game_limit_counts_the_game_and_its_expansions_as_written(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    """A card an expansion replaces counts again (files are counted before any card is read,
    so before ids are known); past the limit no card of the game is read at all."""
    folder = expansion(
        {
            "decks/numbers.yaml": "numbers:\n  - {value: 1}\n  - {value: 700}\n  - {value: 6}\n",
        }
    )
    game, problems = load(tiny, folder)
    assert problems == [
        "more/decks/numbers.yaml:4: numbers[2]: the game passes 7 cards here (every deck, "
        "copies counted): the most a game may print"
    ]
    assert game.decks == ()


def test_a_card_is_named_by_its_place_in_the_merged_deck(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion(
        {
            "expansion.yaml": "game: tiny\nremove:\n  colours: [colour-red]\n",
            "decks/colours.yaml": 'colours:\n  - {name: green, ink: "#2e7d32", copies: 2}\n',
        }
    )
    game, problems = load(tiny, folder)
    assert problems == []
    colours = game.deck("colours")
    assert colours is not None
    en = game.locales["en"]
    named = [(card.id, Tiny().name_of(game, colours, card, en)) for card in colours.cards]
    assert [(card_id, name.rsplit(" ", 1)[1]) for card_id, name in named] == [
        ("colour-blue", "1"),
        ("colour-green-1", "2"),
        ("colour-green-2", "3"),
    ]


def test_locale_keys_are_overridden_added_and_languages_brought(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion(
        {
            "locales/en.yaml": "colours:\n  red: Crimson\n",
            "locales/uk.yaml": "colours:\n  red: Багряний\n",
        }
    )
    game, problems = load(tiny, folder)
    assert problems == []
    en = game.locales["en"]
    assert (en.text("colours.red"), en.text("colours.blue")) == ("Crimson", "Blue")
    red = en.text("colours.red")
    assert red is not None and (red.file, red.line) == ("more/locales/en.yaml", 2)
    faces, _ = render_faces(game, "en", ("colours",))
    red_face = faces.svgs[faces.named[("colours", "colour-red")]]
    assert "Crimson" in red_face


def test_a_key_an_expansion_adds_in_one_language_is_missing_from_its_other_files(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"locales/en.yaml": "colours:\n  green: Green\n"})
    _, problems = load(tiny, folder)
    assert problems == [
        "more/locales/uk.yaml: colours.green: missing translation (en.yaml:2 has it)"
    ]


def test_an_expansion_brings_a_language_it_must_translate_whole(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    de = (tiny.root / "tiny" / "locales" / "en.yaml").read_text(encoding="utf-8")
    de = de.replace("English", "Deutsch").replace("Scores", "Punkte")
    folder = expansion({"locales/de.yaml": de})
    game, problems = load(tiny, folder)
    assert problems == []
    assert game.locales["de"].language == "Deutsch"
    folder.joinpath("locales/de.yaml").write_text("language: Deutsch\n", encoding="utf-8")
    _, problems = load(tiny, folder)
    assert "tiny/locales/de.yaml: title: missing translation (en.yaml:2 has it)" in problems


def test_a_card_file_for_a_deck_the_game_lacks_is_reported(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"decks/colors.yaml": "colors:\n  - {name: green}\n"})
    _, problems = load(tiny, folder)
    assert problems == [
        "more/decks/colors.yaml: no deck 'colors' in tiny (did you mean 'colours'?) (its decks: "
        "numbers, colours); "
        "a new deck is described under decks: in expansion.yaml"
    ]


def test_a_deck_description_is_changed_key_by_key(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion(
        {
            "expansion.yaml": "game: tiny\ndecks:\n  numbers:\n    front: big-number.svg.j2\n",
            "templates/big-number.svg.j2": (
                tiny.root.parent / "templates" / "tiny" / "number.svg.j2"
            )
            .read_text(encoding="utf-8")
            .replace("{% endblock %}", "<desc>big</desc>{% endblock %}"),
        }
    )
    game, problems = load(tiny, folder)
    assert problems == []
    numbers = game.deck("numbers")
    assert numbers is not None and (numbers.front, numbers.back) == (
        "big-number.svg.j2",
        "back.svg.j2",
    )
    faces, found = render_faces(game, "en", ("numbers",))
    assert found == []
    assert "<desc>big</desc>" in faces.svgs[faces.named[("numbers", "number-1")]]


def test_an_expansion_template_overrides_the_game_one_of_the_same_name(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    shipped = (tiny.root.parent / "templates" / "tiny" / "back.svg.j2").read_text(encoding="utf-8")
    folder = expansion(
        {
            "templates/back.svg.j2": shipped.replace(
                "{% endblock %}", "<desc>ours</desc>{% endblock %}"
            )
        }
    )
    game, _ = load(tiny, folder)
    faces, found = render_faces(game, "en", ("numbers",))
    assert found == []
    assert "<desc>ours</desc>" in faces.svgs[faces.named[("numbers", "back")]]


@pytest.mark.parametrize(
    ("manifest", "expected"),
    [
        (
            "players: 2-5\n",
            "more/expansion.yaml:1: game: missing: the id of the game it extends, "
            "like 'game: gears'",
        ),
        (
            "game: chess\n",
            "more/expansion.yaml:1: game: 'chess' is not a game of the card data (it has: tiny)",
        ),
        ("game: [tiny]\n", "more/expansion.yaml:1: game: expected a text, got a list"),
    ],
)
def test_an_expansion_must_name_its_game(tmp_path: Path, manifest: str, expected: str) -> None:
    folder = write(tmp_path / "more", {"expansion.yaml": manifest})
    with pytest.raises(DataError) as caught:
        find_expansions([folder], ["tiny"])
    assert [str(p) for p in caught.value.problems] == [expected]


def test_a_manifest_with_unknown_keys_is_reported(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"expansion.yaml": "game: tiny\nremoves:\n  numbers: [number-1]\n"})
    _, problems = load(tiny, folder)
    assert problems == ["more/expansion.yaml:2: removes: unknown key (did you mean 'remove'?)"]


def test_with_a_folder_that_is_not_an_expansion_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"^--with .*nothing: no such folder$"):
        find_expansions([tmp_path / "nothing"], ["tiny"])
    with pytest.raises(
        UsageError, match=r"^--with .*: not an expansion \(it has no expansion.yaml\)$"
    ):
        find_expansions([tmp_path], ["tiny"])


def test_an_expansion_given_as_dot_dot_is_named_as_its_folder(
    expansion: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """From inside an expansion's subfolder, ``--with ..`` is that expansion, by its name (its
    PO files and output folder are named after it)."""
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n"})
    monkeypatch.chdir(folder / "decks")
    (found,) = find_expansions([Path("..")], ["tiny"])
    assert (found.name, found.folder) == ("more", folder)


def test_build_with_an_expansion_and_only_its_cards(
    tiny: DataCopy, expansion: Callable[..., Path], pnp: Run, tmp_path: Path
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n  - {value: 7}\n"})
    out = tmp_path / "out"
    base = ["--data", tiny.root, "--out", out, "--lang", "en", "--with", folder]
    merged = pnp("build", *base)
    assert (merged.code, merged.err) == (0, "")
    assert f"{out / 'tiny+more' / 'en' / 'cards-a4.pdf'}: 2 pages, 9 cards" in merged.out
    assert (out / "tiny+more" / "en" / "scores-a4.pdf").is_file()
    own = pnp("build", *base, "--only-expansion")
    assert (own.code, own.err) == (0, "")
    assert f"{out / 'more' / 'en' / 'cards-a4.pdf'}: 2 pages, 2 cards" in own.out
    assert sorted(p.name for p in (out / "more" / "en").iterdir()) == ["cards-a4.pdf"]
    assert not (out / "tiny").exists()  # the game's own outputs are never overwritten


def test_an_edit_in_the_expansion_is_seen_by_the_next_build(
    tiny: DataCopy, expansion: Callable[..., Path], pnp: Run, tmp_path: Path
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n"})
    args = ["--data", tiny.root, "--out", tmp_path / "out", "--lang", "en", "--with", folder]
    assert pnp("build", *args).code == 0
    folder.joinpath("decks/numbers.yaml").write_text(
        "numbers:\n  - {value: 6}\n  - {value: 6}\n", encoding="utf-8"
    )
    broken = pnp("build", *args)
    assert (broken.code, broken.err) == (
        1,
        "more/decks/numbers.yaml:3: numbers[1].value: 6 is already used by numbers[0] (line 2)\n"
        "1 problem found; nothing was written.\n",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--only-expansion"], "--only-expansion prints an expansion's own cards: add --with DIR"),
        (
            ["--with", "@more", "numbers"],
            "--with more: it extends tiny, which is not among the games asked for (numbers)",
        ),
    ],
)
def test_usage_mistakes_with_expansions(
    tiny: DataCopy,
    expansion: Callable[..., Path],
    pnp: Run,
    tmp_path: Path,
    args: list[str],
    message: str,
) -> None:
    folder = expansion({})
    given = [str(folder) if a == "@more" else a for a in args]
    result = pnp("build", "--data", tiny.root, "--out", tmp_path / "out", *given)
    assert (result.code, result.err) == (2, f"pnp: error: {message}\n")


def test_validate_names_the_merged_game(
    tiny: DataCopy, expansion: Callable[..., Path], pnp: Run
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n"})
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    assert (result.code, result.out) == (
        0,
        "tiny+more: ok (6 numbers, 2 colours; locales en, uk)\n",
    )
    assert check(tiny.root, ("tiny",), expansions=find_expansions([folder], ["tiny"]))


def test_the_live_preview_checks_and_shows_the_merged_game(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n"})
    *_, last = check_game(tiny.root, "tiny", find_expansions([folder], ["tiny"]))
    assert last.good
    assert ("numbers", "number-6") in last.faces["en"].named
    folder.joinpath("decks/numbers.yaml").write_text("numbers:\n  - {value: 1}\n  - {value: 1}\n")
    *_, broken = check_game(tiny.root, "tiny", find_expansions([folder], ["tiny"]))
    assert [str(p) for p in broken.problems] == [
        "more/decks/numbers.yaml:3: numbers[1].value: 1 is already used by numbers[0] (line 2)"
    ]


def test_an_expansion_named_like_a_game_is_refused(tmp_path: Path) -> None:
    folder = write(tmp_path / "tiny", {"expansion.yaml": "game: tiny\n"})
    with pytest.raises(UsageError) as caught:
        find_expansions([folder], ["tiny"])
    assert str(caught.value) == (
        f"--with {folder}: an expansion may not be named like a game (tiny): rename its folder"
    )


def test_an_expansion_file_linking_out_of_its_folder_is_refused(
    tiny: DataCopy, expansion: Callable[..., Path], tmp_path: Path
) -> None:
    secret = write(tmp_path / "elsewhere", {"numbers.yaml": "numbers:\n  - {value: 9}\n"})
    target = secret / "numbers.yaml"
    folder = expansion({})
    (folder / "decks").mkdir()
    (folder / "decks" / "numbers.yaml").symlink_to(target)
    assert load(tiny, folder)[1] == [
        f"more/decks/numbers.yaml: links outside more/ (to {target}): refused"
    ]
    (folder / "decks" / "numbers.yaml").unlink()
    (folder / "templates").mkdir()
    (folder / "templates" / "back.svg.j2").symlink_to(target)
    assert load(tiny, folder)[1] == [
        "tiny/game.yaml:8: decks.numbers.back: more/templates/back.svg.j2 links outside "
        f"templates/ (to {target}): refused"
    ]


EVENTS = {
    "expansion.yaml": """
        game: tiny
        decks:
          events:
            size: mini
            front: event.svg.j2
            back: back.svg.j2
            card_id: "event-{name}"
            fields:
              name: {type: text, choices: [storm, calm]}
              power: {type: integer, minimum: 0, maximum: 9}
    """,
    "decks/events.yaml": "events:\n  - {name: storm, power: 3}\n  - {name: calm, power: 0}\n",
    "templates/event.svg.j2": """
        {% extends "card.svg.j2" %}
        {% block face %}
        {{ text(t.events[card.name] ~ " " ~ card.power, 4, 12, geometry.width - 8, 30, 8,
                min_size=4) }}
        {% endblock %}
    """,
    "locales/en.yaml": "events: {storm: Storm, calm: Calm}\nsummary: {components: {events: all}}\n",
    "locales/uk.yaml": "events: {storm: Буря, calm: Штиль}\nsummary: {components: {events: Ці}}\n",
}
"""An expansion bringing a deck of its own kind, which the game's rules do not know."""


def test_an_expansion_brings_a_deck_of_its_own(
    tiny: DataCopy, expansion: Callable[..., Path], pnp: Run, tmp_path: Path
) -> None:
    folder = expansion(EVENTS)
    game, problems = load(tiny, folder)
    assert problems == []
    assert ids(game, "events") == ["event-storm", "event-calm"]
    faces, found = render_faces(game, "uk", ("events",))
    assert found == []
    assert ">Буря 3<" in faces.svgs[faces.named[("events", "event-storm")]]
    out = tmp_path / "out"
    built = pnp("build", "--data", tiny.root, "--with", folder, "--only-expansion", "--out", out)
    assert (built.code, built.err) == (0, "")
    assert sorted(p.name for p in (out / "more").iterdir()) == ["en", "uk"]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "{name: calm, power: 0}",
            "{name: calm, power: 12}",
            "more/decks/events.yaml:3: events[1].power: 12 is above the maximum 9",
        ),
        (
            "{name: calm, power: 0}",
            "{name: breeze, power: 0}",
            "more/decks/events.yaml:3: events[1].name: 'breeze' is not one of: storm, calm",
        ),
        (
            "power: {type: integer,",
            "power: {type: colour,",
            "more/expansion.yaml:10: decks.events.fields.power.type: 'colour' is not one of: "
            "text, integer, number, true-or-false",
        ),
        (
            "name: {type: text, choices: [storm, calm]}",
            "name: {type: text, choices: [storm, calm], minimum: 1}",
            "more/expansion.yaml:9: decks.events.fields.name.minimum: a text has no minimum: "
            "only integer and number fields do",
        ),
        (
            "power: {type: integer, minimum: 0, maximum: 9}",
            "power: {type: integer, choices: [1, two]}",
            "more/expansion.yaml:10: decks.events.fields.power.choices[1]: expected an "
            "integer, got 'two'",
        ),
        (
            "    fields:",
            "    feelds:",
            "more/expansion.yaml:3: decks.events: unknown deck for tiny (known: numbers, "
            "colours); a deck of the expansion's own says what its cards hold under fields:",
        ),
    ],
)
def test_a_deck_of_its_own_is_checked_as_it_describes_itself(
    tiny: DataCopy, expansion: Callable[..., Path], old: str, new: str, expected: str
) -> None:
    files = {name: textwrap.dedent(text).lstrip("\n") for name, text in EVENTS.items()}
    files = {name: text.replace(old.strip(), new.strip()) for name, text in files.items()}
    _, problems = load(tiny, expansion(files))
    assert problems[:1] == [expected]


def test_removing_from_a_deck_the_game_lacks_is_reported(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"expansion.yaml": "game: tiny\nremove:\n  numbrs: [number-1]\n"})
    assert load(tiny, folder)[1] == [
        "more/expansion.yaml:3: remove.numbrs: no deck 'numbrs' in tiny (did you mean 'numbers'?)"
    ]


def test_a_broken_manifest_is_its_only_problem(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    folder = expansion({"decks/numbers.yaml": "numbers:\n  - {value: 6}\n"})
    folder.joinpath("expansion.yaml").write_text("game: tiny\nremvoe: {}\n", encoding="utf-8")
    assert load(tiny, folder)[1] == [
        "more/expansion.yaml:2: remvoe: unknown key (did you mean 'remove'?)"
    ]


def test_a_text_the_expansion_needs_is_missing_from_its_own_locale(
    tiny: DataCopy, expansion: Callable[..., Path]
) -> None:
    files = {name: textwrap.dedent(text).lstrip("\n") for name, text in EVENTS.items()}
    files["locales/en.yaml"] = "events: {storm: Storm, calm: Calm}\n"
    files["locales/uk.yaml"] = "events: {storm: Буря, calm: Штиль}\n"
    problems: list[Problem] = []
    game = load_game(
        tiny.root, "tiny", Tiny(), problems, find_expansions([expansion(files)], ["tiny"])
    )
    assert problems == []
    assert [str(p) for p in missing_texts(game, ["summary.components.events"])] == [
        "more/locales/en.yaml: summary.components.events: missing translation",
        "more/locales/uk.yaml: summary.components.events: missing translation",
    ]


def test_the_editor_schema_of_an_expansion_knows_its_own_decks() -> None:
    schema = json.loads((SCHEMAS_DIR / "gears" / "expansion.schema.json").read_text("utf-8"))
    own = {
        "game": "gears",
        "decks": {
            "inventions": {
                "size": "poker",
                "front": "invention.svg.j2",
                "back": "invention-back.svg.j2",
                "card_id": "invention-{id}",
                "fields": {"id": {"type": "text"}, "power": {"type": "integer", "maximum": 9}},
            }
        },
        "remove": {"inventions": ["invention-old"]},
    }
    jsonschema.Draft7Validator(schema).validate(own)
    own["decks"]["inventions"]["fields"]["power"]["type"] = "colour"
    assert list(jsonschema.Draft7Validator(schema).iter_errors(own))
