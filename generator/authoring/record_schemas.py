"""JSON Schema made from the loader's own definitions: a field, a record of fields as
:func:`~generator.load.schema.read_record` reads it, a deck's description and the card ids it
may make: the parts every schema of a game's files (:mod:`~generator.authoring.file_schemas`)
is built from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from generator.geometry.sizes import CARD_PRESETS
from generator.load.game_fields import DECK_FIELDS, DESIGNED_DECK_FIELDS, SIZE_FIELDS
from generator.load.names import FIELD_NAME, PAD_SPEC, TEMPLATE_NAME, TEXT
from generator.load.schema import Field

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
TEMPLATE = {"pattern": f"^(?:{TEMPLATE_NAME.pattern})$"}


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
    return closed(properties, required)


def closed(properties: Mapping[str, Node], required: Iterable[str]) -> dict[str, Any]:
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
        "front": TEMPLATE,
        "back": TEMPLATE,
        "card_id": {"pattern": card_id_pattern(fields)} if fields else {},
    }
    if own_fields is not None:
        return record_schema(DESIGNED_DECK_FIELDS, {**shapes, "fields": own_fields})
    return record_schema(DECK_FIELDS, shapes, optional)
