"""The editor schema of a game described in data: its decks with their ``fields:`` and its
``rules:`` (:mod:`generator.load.rule_fields`), from the definitions the loader and the generic
engine read them with, so an editor completes a rule's keys and names the game's decks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from generator.authoring.record_schemas import Node, closed, deck_spec_schema, record_schema
from generator.load.expansion_fields import FIELD_FIELDS
from generator.load.rule_fields import (
    BOUNDS,
    KINDS,
    PLAYERS,
    REFERS_FIELDS,
    RULE_FIELDS,
    SPREAD_FIELDS,
    TOTAL_FIELDS,
)
from generator.load.schema import Field

OWN_FIELDS: Node = {
    "type": "object",
    "minProperties": 1,
    "additionalProperties": record_schema(FIELD_FIELDS),
}
"""``fields:`` of a deck whose cards hold what the designer says."""


DESIGNED_FIELDS: Node = {
    **OWN_FIELDS,
    "description": "What each card of the deck holds, field by field, as {type: text | "
    "integer | number | true-or-false, required, minimum, maximum, choices, help}.",
}
"""``fields:`` of a deck of a game described in data."""


def _designed_deck(fields: Mapping[str, Field]) -> dict[str, Any]:
    """A deck of a game described in data: its ``fields:`` required."""
    schema = deck_spec_schema(fields, own_fields=DESIGNED_FIELDS)
    schema["required"] = [*schema.get("required", ()), "fields"]
    return schema


def designed_decks(
    card_fields: Mapping[str, Mapping[str, Field]], deck_names: Mapping[str, str]
) -> Node:
    """``decks:`` of a game described in data: each deck with its ``fields:``, and room for a
    new one."""
    specs = {
        deck: {"description": deck_names[deck], **_designed_deck(fields)}
        for deck, fields in card_fields.items()
    }
    return {**closed(specs, ()), "additionalProperties": _designed_deck({})}


def rules_schema(decks: list[str]) -> Node:
    """``rules:``: a list of rules, each about one of ``decks`` and asking one thing."""
    deck = {"enum": decks} if decks else {}
    names = {
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}]
    }
    bounds = {
        **record_schema(BOUNDS, optional=True),
        "anyOf": [
            {"required": ["exactly"], "maxProperties": 1},
            {"not": {"required": ["exactly"]}, "minProperties": 1},
        ],
    }
    shapes: dict[str, Any] = {
        "deck": deck,
        "cards": {"anyOf": [{"type": "integer", "minimum": 0}, {"const": PLAYERS}, bounds]},
        "unique": names,
        "refers": record_schema(REFERS_FIELDS),
        "total": {**record_schema(TOTAL_FIELDS), "anyOf": _one_of(BOUNDS)},
        "spread": {**record_schema(SPREAD_FIELDS), "anyOf": _one_of(("in_a_row", "within"))},
        "where": {"type": "object"},
    }
    rule = record_schema(RULE_FIELDS, shapes)
    rule["oneOf"] = [{"required": [kind]} for kind in KINDS]
    return {"items": rule}


def _one_of(keys: Iterable[str]) -> list[Node]:
    """One of ``keys`` at least."""
    return [{"required": [key]} for key in keys]
