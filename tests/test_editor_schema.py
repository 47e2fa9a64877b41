"""The editor schemas (``pnp schema``) judged by a real JSON Schema validator: every shipped
file passes the schema it names, a file broken the way a designer could break it fails, the
schemas never reject what ``pnp validate`` accepts, and the committed ones are the generated.

The schemas declare draft-07 (what yaml-language-server implements) and are meant to read the
same under 2020-12, so every check runs under both drafts.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import DEFAULT_DATA_DIR, PROJECT_ROOT
from generator.authoring.editor_schema import SCHEMAS_DIR, schemas, text
from generator.authoring.file_schemas import DRAFT, schema_name
from generator.authoring.record_schemas import field_schema
from generator.games.registry import ENGINES
from generator.load.expansion_fields import COPIES, EXPANSION_FIELDS, REMOVED
from generator.load.game_fields import DECK_FIELDS, GAME_FIELDS, HANDOUT_FIELDS, SIZE_FIELDS
from generator.load.modeline import MODELINE, modeline, with_modeline
from generator.load.schema import Field, read_record
from generator.load.yaml_reader import Mapping as LineMapping
from generator.problems import ProblemLog
from generator.translation.sources import FOLDER as SOURCES_FOLDER
from tests.test_bad_inputs import CASES, prepare

DRAFTS = (jsonschema.Draft7Validator, jsonschema.Draft202012Validator)
Validator = type[jsonschema.protocols.Validator]
GENERATED = schemas(DEFAULT_DATA_DIR, ())
SHIPPED_FILES = sorted(
    path for path in DEFAULT_DATA_DIR.rglob("*.yaml") if path.parent.name != SOURCES_FOLDER
)
"""Every file a person edits (the English a translation was made from is written by pnp)."""


def schema_of(game: str, relative: str) -> dict[str, Any]:
    return GENERATED[f"{game}/{schema_name(relative)}"]


def errors(schema: dict[str, Any], value: Any, draft: Validator) -> list[str]:
    return [error.message for error in draft(schema).iter_errors(value)]


def parts(path: Path, root: Path = DEFAULT_DATA_DIR) -> tuple[str, str]:
    """``card_data/gears/decks/gears.yaml`` -> ``("gears", "decks/gears.yaml")``."""
    game, *inner = path.relative_to(root).parts
    return game, "/".join(inner)


# --- the shipped files and the committed schemas ---------------------------------------------


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
def test_every_schema_is_a_valid_schema_of_its_draft(draft: Validator) -> None:
    for name, schema in GENERATED.items():
        assert schema["$schema"] == DRAFT, name
        draft.check_schema(schema)


RENAME = (
    "python -c 'from generator import DEFAULT_DATA_DIR as D;"
    " from generator.authoring.editor_schema import SCHEMAS_DIR as S, name_schemas;"
    " [name_schemas(g.parent, S / g.parent.name) for g in"
    ' D.glob("*/game.yaml")]\''
)
"""The command that puts the comment first in every shipped file (as scaffolds do)."""


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: "/".join(parts(p)))
def test_every_shipped_file_passes_the_schema_its_first_line_names(
    path: Path, draft: Validator
) -> None:
    """First, since yaml-language-server 1.24 ignores the comment after the content."""
    game, relative = parts(path)
    named = SCHEMAS_DIR / game / schema_name(relative)
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == modeline(path, named), f"start {path.name} with it: run {RENAME}"
    schema = json.loads((path.parent / first.removeprefix(MODELINE)).read_text(encoding="utf-8"))
    assert errors(schema, yaml.safe_load(path.read_text(encoding="utf-8")), draft) == []


EXAMPLES = sorted((PROJECT_ROOT / "examples").rglob("*.yaml"))
"""Files a player writes for a game's command (cars for pnp rules gear_and_piston car)."""


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.relative_to(PROJECT_ROOT).as_posix())
def test_every_example_passes_the_schema_its_first_line_names(path: Path) -> None:
    game = path.parent.name
    [kind] = ENGINES[game].command_files  # the examples are of the game's one kind
    named = SCHEMAS_DIR / game / f"{kind}.schema.json"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == modeline(path, named)
    schema = json.loads(named.read_text(encoding="utf-8"))
    assert errors(schema, yaml.safe_load(path.read_text(encoding="utf-8")), DRAFTS[0]) == []
    assert errors(schema, {**yaml.safe_load(path.read_text("utf-8")), "bottm": []}, DRAFTS[0])


LINE = "# yaml-language-server: $schema=../../schemas/x/palette.schema.json"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("a: 1\n", f"{LINE}\na: 1\n"),
        (f"# a comment\na: 1\n{LINE}\n", f"{LINE}\n# a comment\na: 1\n"),
        (f"a: 1\n{MODELINE}old.json", f"{LINE}\na: 1\n"),
        (f"{MODELINE}old.json\na: 1\n", f"{LINE}\na: 1\n"),
        (f"{LINE}\n", f"{LINE}\n"),
    ],
)
def test_the_schema_comment_goes_first_in_place_of_any_other(text: str, written: str) -> None:
    assert with_modeline(text, LINE) == written
    assert with_modeline(written, LINE) == written


def test_the_committed_schemas_are_the_generated_ones() -> None:
    """So the shipped schemas never drift from the definitions they are made of."""
    committed = {
        path.relative_to(SCHEMAS_DIR).as_posix(): path.read_text(encoding="utf-8")
        for path in SCHEMAS_DIR.rglob("*")
        if path.is_file()
    }
    generated = {name: text(schema) for name, schema in GENERATED.items()}
    stale = sorted(
        name
        for name in committed.keys() | generated.keys()
        if committed.get(name) != generated.get(name)
    )
    assert stale == [], f"out of date: {stale}; run `pnp schema --out schemas` in the repository"


def test_a_schema_is_the_same_bytes_every_time() -> None:
    again = schemas(DEFAULT_DATA_DIR, ())
    assert [text(again[name]) for name in again] == [text(GENERATED[n]) for n in GENERATED]
    assert all(text(schema).endswith("}\n") for schema in GENERATED.values())


def test_a_locale_schema_describes_each_text_by_its_english_words() -> None:
    schema = schema_of("game_of_trains", "locales/uk.yaml")
    ability = schema["properties"]["abilities"]["properties"]["protect"]
    assert ability["properties"]["name"]["description"] == "English: Lock"
    assert ability["required"] == ["name", "text"]
    assert "language" in schema["required"]


# --- files broken the way a designer could break them ------------------------------------------

Mutation = tuple[str, Callable[[Any], Any]]


def card_mutations(fields: dict[str, Field]) -> Iterator[Mutation]:
    """Each way a card can break a field's definition, from the definitions themselves."""
    yield "an unknown key", lambda card: {**card, "colour_typo": 1}
    yield "copies: 0", lambda card: {**card, "copies": 0}
    for name, field in fields.items():
        if field.required:
            yield f"no {name}", lambda card, n=name: {k: v for k, v in card.items() if k != n}
        wrong_type = "five" if field.kind in (int, float, bool, list) else 5
        yield f"{name}: {wrong_type!r}", lambda card, n=name, v=wrong_type: {**card, n: v}
        if field.choices is not None:
            other = 99 if field.kind is int else "no-such-choice"
            yield f"{name}: {other}", lambda card, n=name, v=other: {**card, n: v}
        if field.minimum is not None:
            low = field.minimum - 1
            yield f"{name}: {low}", lambda card, n=name, v=low: {**card, n: v}
        if field.maximum is not None:
            high = field.maximum + 1
            yield f"{name}: {high}", lambda card, n=name, v=high: {**card, n: v}


DECKS = [(game, deck) for game, engine in ENGINES.items() for deck in engine.card_fields]


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
@pytest.mark.parametrize(("game", "deck"), DECKS, ids=[f"{g}-{d}" for g, d in DECKS])
def test_a_broken_card_fails_its_schema_and_pnp_alike(
    game: str, deck: str, draft: Validator
) -> None:
    fields = ENGINES[game].card_fields[deck]
    schema = schema_of(game, f"decks/{deck}.yaml")
    shipped = yaml.safe_load((DEFAULT_DATA_DIR / game / "decks" / f"{deck}.yaml").read_text())
    card = shipped[deck][0]
    tried = list(card_mutations({**fields, "copies": COPIES}))
    assert len(tried) >= 4
    for what, mutate in tried:
        broken = mutate(card)
        assert errors(schema, {deck: [broken]}, draft), f"{what} passes the schema"
        assert not accepted(broken, {**fields, "copies": COPIES}), f"{what} passes pnp"


def accepted(node: dict[str, Any], fields: dict[str, Field]) -> bool:
    """Whether the loader's :func:`read_record` takes ``node``."""
    mapping = LineMapping(node)
    mapping.line, mapping.lines = 1, {}
    return read_record(mapping, "", 1, fields, ProblemLog("x.yaml", [])) is not None


DELETE = object()
WAGONS = ("decks", "wagons")
PROTECT = ("abilities", "protect")
GAME_MUTATIONS: list[tuple[str, str, tuple[str, ...], str, Any]] = [
    ("game.yaml", "an unknown deck", ("decks",), "tenders", {}),
    ("game.yaml", "a deck left out", ("decks",), "wagons", DELETE),
    ("game.yaml", "no players", (), "players", DELETE),
    ("game.yaml", "players in words", (), "players", "two to four"),
    ("game.yaml", "an unknown size", WAGONS, "size", "jumbo"),
    ("game.yaml", "a card too wide", WAGONS, "size", {"width": 500, "height": 88}),
    ("game.yaml", "a star-shaped card", WAGONS, "size", {"width": 63, "height": 88, "shape": "x"}),
    ("game.yaml", "a size without height", WAGONS, "size", {"width": 63}),
    ("game.yaml", "a deck key misspelt", WAGONS, "fornt", "x.svg.j2"),
    ("game.yaml", "a template out of the folder", WAGONS, "front", "../x.svg.j2"),
    ("game.yaml", "a card id of an unknown field", WAGONS, "card_id", "wagon-{numbr}"),
    ("game.yaml", "a text padded", WAGONS, "card_id", "wagon-{ability:02d}"),
    ("game.yaml", "a card id with no field", WAGONS, "card_id", "wagon"),
    ("game.yaml", "a handout named ../x", (), "handouts", {"../x": {"template": "x.svg.j2"}}),
    (
        "game.yaml",
        "a sideways handout",
        (),
        "handouts",
        {"x": {"template": "x.svg.j2", "orientation": "up"}},
    ),
    ("locales/ru.yaml", "a text left out", PROTECT, "name", DELETE),
    ("locales/ru.yaml", "no language", (), "language", DELETE),
    ("locales/ru.yaml", "a text that is a number", (), "title", 42),
    ("locales/ru.yaml", "a blank text", (), "title", "   "),
    ("locales/ru.yaml", "a list of texts", (), "extra", ["a", "b"]),
]
"""Game of Trains' ``game.yaml`` and a locale, broken: ``(file, what, where, key, new value)``."""


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
@pytest.mark.parametrize(
    ("relative", "what", "where", "key", "value"),
    GAME_MUTATIONS,
    ids=[m[1] for m in GAME_MUTATIONS],
)
def test_a_broken_game_or_locale_file_fails_its_schema(
    relative: str, what: str, where: tuple[str, ...], key: str, value: Any, draft: Validator
) -> None:
    data = yaml.safe_load((DEFAULT_DATA_DIR / "game_of_trains" / relative).read_text())
    schema = schema_of("game_of_trains", relative)
    assert errors(schema, data, draft) == []
    node = data
    for step in where:
        node = node[step]
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    assert errors(schema, data, draft), f"{what} passes the schema"


def test_an_extra_text_is_allowed_where_the_loader_allows_it() -> None:
    data = yaml.safe_load((DEFAULT_DATA_DIR / "gears" / "locales" / "en.yaml").read_text())
    data["colours"]["orange"] = "Orange"
    data["new_section"] = {"deep": {"text": "Words"}}
    assert errors(schema_of("gears", "locales/en.yaml"), data, DRAFTS[0]) == []


EXPANSION = {
    "game": "gears",
    "players": "2-5",
    "decks": {"gears": {"front": "gear-fifth.svg.j2"}},
    "remove": {"gears": ["gear-A-red"], "rounds": ["round-odds"]},
}


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
def test_an_expansion_yaml_passes_and_a_broken_one_fails(draft: Validator) -> None:
    schema = GENERATED["gears/expansion.schema.json"]
    assert errors(schema, EXPANSION, draft) == []
    assert accepted(EXPANSION, EXPANSION_FIELDS)
    assert errors(schema, {"game": "gears"}, draft) == []
    broken = [
        {**EXPANSION, "game": "break_the_code"},  # another game's schema says so
        {k: v for k, v in EXPANSION.items() if k != "game"},
        {**EXPANSION, "remove": {"wagons": "wagon-01"}},
        {**EXPANSION, "remove": {"gears": "gear-A-red"}},
        {**EXPANSION, "decks": {"gears": {"size": "jumbo"}}},
        {**EXPANSION, "players": "five"},
        {**EXPANSION, "extra": 1},
    ]
    for expansion in broken:
        assert errors(schema, expansion, draft), f"{expansion} passes the schema"
    locale = GENERATED["gears/expansion-locale.schema.json"]
    assert errors(locale, {"colours": {"orange": "Orange"}}, draft) == []
    assert errors(locale, {"colours": {"orange": 7}}, draft)


SCHEMA_CASES = (
    "empty-locale",
    "comment-only-locale",
    "empty-deck",
    "deck-is-not-a-list",
    "game-yaml-is-a-list",
    "card-id-climbs-out-of-the-output",
    "card-id-absolute-path",
    "card-id-attribute-access",
    "card-id-index",
    "card-id-unknown-field",
    "card-id-without-a-field",
    "card-id-format-spec",
    "card-id-pads-a-text",
    "card-id-is-a-number",
    "card-field-climbs-out",
    "handout-id-climbs-out",
    "template-climbs-out",
    "template-absolute-path",
    "template-name-too-long",
    "players-in-words",
    "unknown-size",
    "unknown-deck",
    "misspelt-card-key",
    "text-where-a-number-belongs",
    "number-out-of-range",
    "very-long-number",
    "a-long-value-is-clipped",
    "locale-text-is-a-list",
    "locale-text-is-a-number",
    "locale-without-language",
    "missing-translation",
    "question-of-an-unknown-kind",
    "investor-with-an-unknown-metric",
)
"""The cases of the bad-input corpus (tests/bad_inputs.yaml) an editor can see: a file whose
form is wrong, not a rule of the game, a font or a template."""


@pytest.mark.parametrize("draft", DRAFTS, ids=lambda d: d.__name__)
@pytest.mark.parametrize("case_id", SCHEMA_CASES)
def test_the_bad_inputs_that_are_schema_problems_fail_their_schema(
    case_id: str, draft: Validator, tmp_path: Path
) -> None:
    case = next(case for case in CASES if case["id"] == case_id)
    game = case.get("game", "game_of_trains")
    data = tmp_path / "card_data"
    shutil.copytree(DEFAULT_DATA_DIR / game, data / game)
    prepare(case, tmp_path, data)
    touched = [edit[0] for edit in case.get("edits", [])] + list(case.get("write", {}))
    assert touched, "a schema case edits or writes a file"
    for name in touched:
        game_of, relative = parts(data / name, data)
        loaded = yaml.safe_load((data / name).read_text(encoding="utf-8"))
        assert errors(schema_of(game_of, relative), loaded, draft), f"{name} passes its schema"


# --- the schema never refuses what pnp takes ---------------------------------------------------


def every_field() -> Iterator[tuple[str, Field]]:
    for game, engine in ENGINES.items():
        for deck, fields in engine.card_fields.items():
            for name, field in fields.items():
                yield f"{game}.{deck}.{name}", field
    shared = {
        "game": GAME_FIELDS,
        "deck": DECK_FIELDS,
        "size": SIZE_FIELDS,
        "handout": HANDOUT_FIELDS,
    }
    for where, fields in {**shared, "expansion": EXPANSION_FIELDS}.items():
        for name, field in fields.items():
            if field.kind is not object:  # a deck's size: a name or a mapping, read by catalog
                yield f"{where}.{name}", field
    yield "card.copies", COPIES
    yield "expansion.remove[]", REMOVED


FIELDS = dict(every_field())


def values(field: Field) -> st.SearchStrategy[Any]:
    """Values a stranger's YAML can hold, near the field's own. Left out: a float with no
    fraction (JSON reads 3.0 as the integer 3; YAML and pnp do not) and a text ending in a
    newline (Python's ``$``, which the validator library uses, matches before it; an editor's
    does not)."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 120),
        st.floats(-5, 500, allow_nan=False).filter(lambda x: not float(x).is_integer()),
        st.text(alphabet="abcdeABCRNQGwb.-#0123456789{}_:/", max_size=12),
    )
    own = st.sampled_from(field.choices) if field.choices else scalars
    return st.one_of(scalars, own, st.lists(st.one_of(own, st.integers(0, 5)), max_size=5))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(data=st.data())
def test_each_field_and_its_schema_agree(data: st.DataObject) -> None:
    """A field without a check and its schema accept the same values; with a check, the schema
    may say less than the check (an editor passes what ``pnp validate`` refuses), never more."""
    name = data.draw(st.sampled_from(sorted(FIELDS)))
    field = FIELDS[name]
    value = data.draw(values(field))
    by_pnp = field.problem_with(value) is None
    for draft in DRAFTS:
        by_schema = not errors(field_schema(field), value, draft)
        if field.check is None:
            assert by_schema == by_pnp, f"{name}: {value!r}"
        else:
            assert by_schema or not by_pnp, f"{name}: the schema refuses {value!r}"


# --- the command ----------------------------------------------------------------------------


def test_pnp_schema_writes_a_game_s_schemas(pnp, tmp_path: Path) -> None:
    result = pnp("schema", "gears", "--out", tmp_path)
    assert result.code == 0, result.err
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    expected = {name for name in GENERATED if name.startswith("gears/")}
    assert written == expected
    assert len(written) == 11
    for name in written:
        assert (tmp_path / name).read_text(encoding="utf-8") == text(GENERATED[name])
    assert result.out.startswith("11 editor schemas\nwrote 11 files in ")
    again = pnp("schema", "gears", "--out", tmp_path)
    assert again.out.startswith("11 editor schemas\nall 11 files up to date in ")


def test_pnp_schema_of_an_unknown_game_is_a_usage_error(pnp, tmp_path: Path) -> None:
    result = pnp("schema", "gearz", "--out", tmp_path)
    assert result.code == 2
    assert result.err == (
        "pnp: error: unknown game 'gearz' (the card data has: break_the_code, game_of_trains, "
        "gear_and_piston, gears, three_by_three)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_pnp_schema_reports_a_broken_english_locale_at_its_line(pnp, data, tmp_path: Path) -> None:
    data.edit("gears/locales/en.yaml", "title: Gears", "title: [Gears")
    result = pnp("schema", "gears", "--data", data.root, "--out", tmp_path / "out")
    assert result.code == 1
    assert data.line_of("gears/locales/en.yaml", "title: [Gears") == 4  # PyYAML sees it at 5
    assert result.err == (
        "gears/locales/en.yaml:5: YAML syntax error: expected ',' or ']', but got ':'\n"
        "1 problem found.\n"
    )
    assert not (tmp_path / "out").exists()
