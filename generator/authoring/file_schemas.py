"""The JSON Schema of each file of a game, made from the loader's definitions
(:mod:`~generator.authoring.record_schemas`) and the game's English texts, which name the game
and its decks and describe the locale's keys.

The schemas declare JSON Schema draft-07 and use only keywords that draft-07 and 2020-12 read
alike: yaml-language-server implements draft-07 (a schema declaring 2020-12 gets a warning on
every file that names it), and the tests check the schemas under both drafts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.authoring.record_schemas import (
    TEMPLATE,
    Node,
    closed,
    deck_spec_schema,
    field_schema,
    record_schema,
)
from generator.authoring.rule_schemas import OWN_FIELDS, designed_decks, rules_schema
from generator.language_rules import CATEGORIES
from generator.load.expansion_fields import COPIES, EXPANSION_FIELDS, REMOVED
from generator.load.game_fields import DESIGNED_GAME_FIELDS, GAME_FIELDS, HANDOUT_FIELDS
from generator.load.names import FILE_NAME
from generator.load.schema import DataFile, Field
from generator.palettes import COLOUR, COLOUR_NAME, INK_SAVER, PALETTE_NAME, STANDARD

DRAFT = "http://json-schema.org/draft-07/schema#"
LANGUAGE = "language"
_TEXT_REF = "#/definitions/text"
_TEXTS_REF = "#/definitions/texts"
_ANY_TEXTS = {"anyOf": [{"$ref": _TEXT_REF}, {"$ref": _TEXTS_REF}]}
_PLAIN_FILE_NAME = rf"^(?!.*\.\.)(?:{FILE_NAME.pattern})$"


def game_schema(
    title: str,
    card_fields: Mapping[str, Mapping[str, Field]],
    deck_names: Mapping[str, str],
    designed: bool = False,
) -> dict[str, Any]:
    """``game.yaml``: the players, every deck the engine knows, the handouts; for a game
    ``designed`` in data, its decks' fields and its rules too."""
    handouts = {
        "propertyNames": {"pattern": _PLAIN_FILE_NAME},
        "additionalProperties": record_schema(HANDOUT_FIELDS, {"template": TEMPLATE}),
    }
    if designed:
        shapes = {
            "decks": designed_decks(card_fields, deck_names),
            "rules": rules_schema(list(card_fields)),
        }
        body = record_schema(DESIGNED_GAME_FIELDS, {**shapes, "handouts": handouts})
        return _document(
            f"{title}: game.yaml", "The game's players, decks, rules and handouts.", body
        )
    specs = {
        deck: {"description": deck_names[deck], **deck_spec_schema(fields)}
        for deck, fields in card_fields.items()
    }
    decks = closed(specs, card_fields)
    body = record_schema(GAME_FIELDS, {"decks": decks, "handouts": handouts})
    return _document(f"{title}: game.yaml", "The game's players, decks and handouts.", body)


def data_schema(title: str, data: DataFile) -> dict[str, Any]:
    """A file the rules read besides the decks (a board's numbers): its keys, each named record
    under a key closed to its own fields."""
    shapes = {
        key: closed({name: record_schema(fields) for name, fields in records.items()}, records)
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
    return _document(title, f"The cards of the deck '{deck}'.", closed({deck: cards}, [deck]))


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
    own_deck = deck_spec_schema({}, own_fields=OWN_FIELDS)
    shapes = {
        "game": {"enum": [game_id]},
        "decks": {**closed(specs, ()), "additionalProperties": own_deck},
        "remove": {
            **closed(removed, ()),
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
    designed: bool = False,
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
    files = {"game.schema.json": game_schema(title, card_fields, deck_names, designed)}
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
