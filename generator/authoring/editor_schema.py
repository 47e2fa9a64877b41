"""Editor schemas: a JSON Schema for each YAML file of a game, so an editor explains, completes
and checks card data as it is typed.

VS Code's YAML extension, and every editor that runs yaml-language-server, checks a file against
the schema a comment in it names (``# yaml-language-server: $schema=<path>``): hovering a key
shows what it means, typing a value offers its choices, a typo is underlined before
``pnp validate`` runs. The schemas are made from the definitions the loader checks with (the
fields of ``game.yaml`` in :mod:`generator.load.game_fields`, the engines' card fields,
:mod:`generator.load.expansion_fields`), so an editor and ``pnp validate`` cannot disagree on a key,
a choice or a range. What a field's ``check`` decides in code, the schema says in its
description, and in JSON Schema's words as far as the field gives them. What the game's rules
decide over a whole deck (counts, uniqueness, a solvable task) only ``pnp validate`` checks.

The schemas declare JSON Schema draft-07 and use only keywords that draft-07 and 2020-12 read
alike: yaml-language-server implements draft-07 (a schema declaring 2020-12 gets a warning on
every file that names it), and the tests check the schemas under both drafts.

A game's schemas, written to ``<out>/<game>/`` (the project ships them in ``schemas/``, beside
``card_data/``, so a shipped file names its schema by a relative path)::

    game.schema.json               game.yaml
    decks/<deck>.schema.json       decks/<deck>.yaml, of the game or of an expansion
    locale.schema.json             locales/<lang>.yaml: every text the English locale has
    expansion.schema.json          an expansion's expansion.yaml
    expansion-locale.schema.json   an expansion's locales/<lang>.yaml: texts added or changed
    <file>.schema.json             a file the rules read beside game.yaml (board.yaml)
    <kind>.schema.json             a file a player writes for the game's commands (car)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from generator import PROJECT_ROOT
from generator.geometry.sizes import CARD_PRESETS
from generator.language_rules import CATEGORIES
from generator.languages import LOCALES
from generator.load.catalog import requested_games
from generator.load.expansion_fields import (
    COPIES,
    EXPANSION_FIELDS,
    FIELD_FIELDS,
    REMOVED,
)
from generator.load.game_fields import (
    DECK_FIELDS,
    DESIGNED_DECK_FIELDS,
    GAME_FIELDS,
    HANDOUT_FIELDS,
    SIZE_FIELDS,
)
from generator.load.modeline import modeline, with_modeline
from generator.load.names import FIELD_NAME, FILE_NAME, PAD_SPEC, TEMPLATE_NAME, TEXT
from generator.load.schema import DataFile, Field
from generator.load.yaml_reader import load_yaml
from generator.palettes import COLOUR, COLOUR_NAME, INK_SAVER, PALETTE_NAME, STANDARD
from generator.pipeline.front import engine_of
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.runtime.writer import Writer, Written, output_folder_problem
from generator.translation.sources import FOLDER as SOURCES_FOLDER

DRAFT = "http://json-schema.org/draft-07/schema#"
SCHEMAS_DIR = PROJECT_ROOT / "schemas"
"""The shipped games' schemas (``pnp schema --out schemas`` writes them in a checkout)."""
ENGLISH = "en"
LANGUAGE = "language"
CHECKED_IN_CODE = "pnp validate checks it in full."
Node = Mapping[str, Any]
"""A schema, or a part of one."""

_JSON_TYPES = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    list: "array",
    dict: "object",
}
_TEXT_REF = "#/definitions/text"
_TEXTS_REF = "#/definitions/texts"
_ANY_TEXTS = {"anyOf": [{"$ref": _TEXT_REF}, {"$ref": _TEXTS_REF}]}
_PLAIN_FILE_NAME = rf"^(?!.*\.\.)(?:{FILE_NAME.pattern})$"
_TEMPLATE = {"pattern": f"^(?:{TEMPLATE_NAME.pattern})$"}


def field_schema(field: Field) -> dict[str, Any]:
    """One key's schema: what it means, its type, choices, range, form and default."""
    schema: dict[str, Any] = {}
    description = " ".join(text for text in (field.help, field.check and CHECKED_IN_CODE) if text)
    if description:
        schema["description"] = description
    if field.kind in _JSON_TYPES:
        schema["type"] = _JSON_TYPES[field.kind]
    if field.choices is not None:
        schema["enum"] = list(field.choices)
    if field.minimum is not None:
        schema["minimum"] = field.minimum
    if field.maximum is not None:
        schema["maximum"] = field.maximum
    if field.pattern is not None:
        schema["pattern"] = f"^(?:{field.pattern})$"  # read_record matches the whole value
    if not field.required and field.default is not None:
        schema["default"] = field.default
    return {**schema, **(field.json_schema or {})}


def record_schema(
    fields: Mapping[str, Field],
    shapes: Mapping[str, Node] | None = None,
    optional: bool = False,
) -> dict[str, Any]:
    """A mapping of ``fields`` as :func:`~generator.load.schema.read_record` reads it: no other key,
    the required ones present (none when ``optional``). ``shapes`` adds to a key's schema what
    the loader checks beyond its field (the decks inside ``decks:``, say)."""
    shapes = shapes or {}
    properties = {
        name: {**field_schema(field), **shapes.get(name, {})} for name, field in fields.items()
    }
    required = () if optional else (name for name, field in fields.items() if field.required)
    return _closed(properties, required)


def _closed(properties: Mapping[str, Node], required: Iterable[str]) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": dict(properties)}
    if names := list(required):
        schema["required"] = names
    schema["additionalProperties"] = False
    return schema


def card_id_pattern(fields: Mapping[str, Field]) -> str:
    """The card id patterns that :func:`~generator.load.names.parse_id_pattern` takes for cards of
    ``fields``: text and the cards' fields, at least one field, only numbers padded. Text is
    matched a character at a time, so no value can make the expression backtrack without end
    (in the editor or here)."""
    names = [name for name in fields if re.fullmatch(FIELD_NAME, name)]
    numbers = [name for name in names if fields[name].kind is int]
    field = rf"\{{(?:{'|'.join(names)})\}}"
    if numbers:
        field += rf"|\{{(?:{'|'.join(numbers)}):{PAD_SPEC}\}}"
    part = rf"(?:{TEXT}|{field})"
    return rf"^{part}*(?:{field}){part}*$"


def deck_spec_schema(
    fields: Mapping[str, Field], optional: bool = False, own_fields: Node | None = None
) -> dict[str, Any]:
    """A deck under ``decks:`` in ``game.yaml`` (or, every key optional, in an expansion; or,
    with ``own_fields``, a deck of an expansion's own kind, whose ``fields:`` it shows)."""
    presets = ", ".join(f"{name} {w:g} x {h:g} mm" for name, (w, h) in CARD_PRESETS.items())
    size = {
        "anyOf": [
            {"type": "string", "enum": list(CARD_PRESETS), "description": presets},
            record_schema(SIZE_FIELDS),
        ]
    }
    shapes: dict[str, Node] = {
        "size": size,
        "front": _TEMPLATE,
        "back": _TEMPLATE,
        "card_id": {"pattern": card_id_pattern(fields)} if fields else {},
    }
    if own_fields is not None:
        return record_schema(DESIGNED_DECK_FIELDS, {**shapes, "fields": own_fields})
    return record_schema(DECK_FIELDS, shapes, optional)


def game_schema(
    title: str, card_fields: Mapping[str, Mapping[str, Field]], deck_names: Mapping[str, str]
) -> dict[str, Any]:
    """``game.yaml``: the players, every deck the engine knows, the handouts."""
    specs = {
        deck: {"description": deck_names[deck], **deck_spec_schema(fields)}
        for deck, fields in card_fields.items()
    }
    decks = _closed(specs, card_fields)
    handouts = {
        "propertyNames": {"pattern": _PLAIN_FILE_NAME},
        "additionalProperties": record_schema(HANDOUT_FIELDS, {"template": _TEMPLATE}),
    }
    body = record_schema(GAME_FIELDS, {"decks": decks, "handouts": handouts})
    return _document(f"{title}: game.yaml", "The game's players, decks and handouts.", body)


def data_schema(title: str, data: DataFile) -> dict[str, Any]:
    """A file the rules read besides the decks (a board's numbers): its keys, each named record
    under a key closed to its own fields."""
    shapes = {
        key: _closed({name: record_schema(fields) for name, fields in records.items()}, records)
        for key, records in data.records.items()
    }
    return _document(title, data.description, record_schema(data.fields, shapes))


def deck_schema(title: str, deck: str, fields: Mapping[str, Field]) -> dict[str, Any]:
    """``decks/<deck>.yaml``: the deck's id holding the list of its cards."""
    cards = {
        "type": "array",
        "description": "The cards, one mapping each; pnp validate also checks the deck as a "
        "whole by the game's rules.",
        "items": record_schema({**fields, "copies": COPIES}),
    }
    return _document(title, f"The cards of the deck '{deck}'.", _closed({deck: cards}, [deck]))


def expansion_schema(
    title: str,
    game_id: str,
    card_fields: Mapping[str, Mapping[str, Field]],
    deck_names: Mapping[str, str],
) -> dict[str, Any]:
    """An expansion's ``expansion.yaml`` for this game."""
    specs = {
        deck: {"description": deck_names[deck], **deck_spec_schema(fields, optional=True)}
        for deck, fields in card_fields.items()
    }
    card_ids = {"type": "string", "pattern": _PLAIN_FILE_NAME}
    removed = {
        deck: {
            **field_schema(REMOVED),
            "items": card_ids,
            "description": f"{deck_names[deck]}: {REMOVED.help}",
        }
        for deck in card_fields
    }
    own_fields = {
        "type": "object",
        "minProperties": 1,
        "additionalProperties": record_schema(FIELD_FIELDS),
    }
    own_deck = deck_spec_schema({}, own_fields=own_fields)
    shapes = {
        "game": {"enum": [game_id]},
        "decks": {**_closed(specs, ()), "additionalProperties": own_deck},
        "remove": {
            **_closed(removed, ()),
            "additionalProperties": {**field_schema(REMOVED), "items": card_ids},
        },
    }
    body = record_schema(EXPANSION_FIELDS, shapes)
    return _document(f"{title}: expansion.yaml", "What the expansion changes in the game.", body)


def locale_schema(
    title: str, english: Mapping[str, Any] | None, expansion: bool = False
) -> dict[str, Any]:
    """A locale file: every text of the English locale, described by its English words (what a
    translator translates), and required in a game's locales, since the loader wants each of
    them to hold every text any other holds; an expansion's locale adds or changes a few. Keys
    the English locale lacks are allowed anywhere, as the loader allows them."""
    definitions = {
        "text": _text("A printed text, drawn in the project's fonts."),
        "texts": {"type": "object", "additionalProperties": _ANY_TEXTS},
    }
    body = _texts(english or {}, required=not expansion, top=True)
    what = "The texts an expansion adds or changes" if expansion else "Every printed word"
    return _document(f"{title}: locales", f"{what}, in one language.", body) | {
        "definitions": definitions
    }


def _texts(node: Mapping[str, Any], required: bool, top: bool = False) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value, Mapping) and value and set(value) <= set(CATEGORIES):
            properties[str(key)] = _plural(value)
        elif isinstance(value, Mapping):
            properties[str(key)] = _texts(value, required)
        elif top and key == LANGUAGE:
            properties[LANGUAGE] = _text(f"The language's own name (English: {value}).")
        else:
            properties[str(key)] = _text(f"English: {value}")
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    names = list(properties) if required else []
    if required and top and LANGUAGE not in names:
        names.append(LANGUAGE)  # the loader wants a language's name in every locale file
    if names:
        schema["required"] = names
    return {**schema, "additionalProperties": _ANY_TEXTS}


def _plural(english: Mapping[str, Any]) -> dict[str, Any]:
    """A text with plural forms: one per CLDR category the language has (Russian: one, few,
    many, other), described by the English ones."""
    described = {
        c: _text(f"English ({c}): {english.get(c, english.get('other'))}") for c in CATEGORIES
    }
    return {
        "type": "object",
        "description": "A text with a form per plural category of the language (CLDR), chosen "
        "by its {count}.",
        "properties": described,
        "required": ["other"],
        "additionalProperties": False,
    }


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": r"\S", "description": description}


def _document(title: str, description: str, body: Node) -> dict[str, Any]:
    return {"$schema": DRAFT, "title": title, "description": description, **body}


def game_schemas(
    game_id: str,
    card_fields: Mapping[str, Mapping[str, Field]],
    english: Mapping[str, Any] | None,
    data_files: Mapping[str, DataFile] | None = None,
    command_files: Mapping[str, DataFile] | None = None,
) -> dict[str, dict[str, Any]]:
    """Every schema of a game, by its path under the game's schema folder. ``english``: the
    game's English texts, which name the game and its decks and describe the locale's keys;
    ``data_files``: the files its rules read beside game.yaml, by name; ``command_files``:
    the files a player writes for its commands, by kind."""
    texts = english or {}
    title = str(texts.get("title") or game_id)
    named = texts.get("decks")
    named = named if isinstance(named, Mapping) else {}
    deck_names = {deck: str(named.get(deck) or deck) for deck in card_fields}
    files = {"game.schema.json": game_schema(title, card_fields, deck_names)}
    for deck, fields in card_fields.items():
        deck_title = f"{title}: {deck_names[deck]} (decks/{deck}.yaml)"
        files[f"decks/{deck}.schema.json"] = deck_schema(deck_title, deck, fields)
    files["locale.schema.json"] = locale_schema(title, english)
    files["expansion.schema.json"] = expansion_schema(title, game_id, card_fields, deck_names)
    files["expansion-locale.schema.json"] = locale_schema(title, english, expansion=True)
    files["palette.schema.json"] = palette_schema(title)
    for name, data in (data_files or {}).items():
        files[schema_name(name)] = data_schema(f"{title}: {name}", data)
    for kind, data in (command_files or {}).items():
        files[f"{kind}.schema.json"] = data_schema(f"{title}: {kind}", data)
    return files


def palette_schema(title: str) -> dict[str, Any]:
    """The schema of ``palette.yaml`` (the game's, or an expansion's laid over it): palettes
    by name, each a colour by name (:mod:`generator.palettes`)."""
    colours = {
        "type": "object",
        "description": "Colours by the name templates print them with (palette.NAME).",
        "propertyNames": {"pattern": f"^{COLOUR_NAME.pattern}$"},
        "additionalProperties": {
            "type": "string",
            "pattern": f"^{COLOUR.pattern}$",
            "description": 'A colour as "#rrggbb".',
        },
    }
    body = {
        "type": "object",
        "propertyNames": {"pattern": f"^{PALETTE_NAME.pattern}$"},
        "properties": {
            STANDARD: {**colours, "description": "The game as designed."},
            INK_SAVER: {
                **colours,
                "description": "Light grounds and thin lines for a home printer: every colour "
                "the standard palette names.",
            },
        },
        "additionalProperties": colours,
    }
    about = "Every colour the game prints, named once, in each palette (pnp build --palette)."
    return _document(f"{title}: palette.yaml", about, body)


def schema_name(relative: str, expansion: bool = False) -> str:
    """The schema (under the game's schema folder) of a file of a game's folder or of an
    expansion's: ``decks/gears.yaml`` -> ``decks/gears.schema.json``."""
    if relative.startswith("locales/"):
        return "expansion-locale.schema.json" if expansion else "locale.schema.json"
    return f"{relative.removesuffix('.yaml')}.schema.json"


def name_schemas(folder: Path, schemas: Path, expansion: bool = False) -> list[Path]:
    """Start every YAML file a person edits in the game's or expansion's ``folder`` with the
    comment naming its schema in ``schemas`` (the game's schema folder); the files changed.
    ``pnp new expansion`` names its copies' schemas so, and the shipped files are named so (a
    test holds it, and says how to run this on them)."""
    changed = []
    for path in sorted(folder.rglob("*.yaml")):
        relative = path.relative_to(folder).as_posix()
        if relative.startswith(f"{LOCALES}/{SOURCES_FOLDER}/"):
            continue  # the English a translation was made from: pnp writes it, nobody edits it
        text = path.read_text(encoding="utf-8")
        named = with_modeline(text, modeline(path, schemas / schema_name(relative, expansion)))
        if named != text:
            path.write_text(named, encoding="utf-8")
            changed.append(path)
    return changed


def english_texts(data_dir: Path, game_id: str) -> Mapping[str, Any] | None:
    """The game's English locale as the loader reads it, or ``None`` when it has none. The
    one place the schemas read card data: the rest comes from the code's definitions."""
    file = f"{game_id}/locales/{ENGLISH}.yaml"
    if not (data_dir / file).is_file():
        return None
    problems: list[Problem] = []
    raw = load_yaml(data_dir / file, ProblemLog(file, problems), data_dir)
    if not problems and not isinstance(raw, Mapping):
        problems.append(Problem(file, 1, "", "expected a mapping of texts"))
    if problems or not isinstance(raw, Mapping):
        raise DataError(problems)
    return raw


def schemas(data_dir: Path, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The schemas of the games ``names`` asks for (every game of ``data_dir`` when empty), by
    their path under the output folder (``gears/game.schema.json``)."""
    files: dict[str, dict[str, Any]] = {}
    for game_id in requested_games(data_dir, names):
        engine = engine_of(game_id)
        english = english_texts(data_dir, game_id)
        shapes = game_schemas(
            game_id, engine.card_fields, english, engine.data_files, engine.command_files
        )
        for name, schema in shapes.items():
            files[f"{game_id}/{name}"] = schema
    return files


def text(schema: Node) -> str:
    """A schema as its file holds it: two-space indents, words as written, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(data_dir: Path, names: tuple[str, ...], out: Path) -> list[Written]:
    """Write the schemas of the games ``names`` under ``out/<game>/``, all together or none; a
    file that already holds the same bytes is left as it was."""
    if (problem := output_folder_problem(out)) is not None:
        raise UsageError(f"--out {out}: {problem}")
    files = schemas(data_dir, names)
    writer = Writer(out)
    try:
        for name, schema in files.items():
            writer.write_bytes(out / name, text(schema).encode("utf-8"))
        changed = set(writer.commit())
    finally:
        writer.discard()
    return [Written(out / name, "editor schemas", changed=out / name in changed) for name in files]
