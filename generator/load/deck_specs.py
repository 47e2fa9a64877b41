"""The decks of a game as ``game.yaml`` and the expansions' manifests describe them: each one's
size, templates, card id pattern and the fields of its cards, merged in order and checked
before any card is read (:mod:`generator.load.cards` reads the cards).
"""

from __future__ import annotations

import os
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass, replace
from typing import Any, Protocol

from generator.geometry.sizes import CARD_PRESETS, CardSize
from generator.load.expansion_fields import FIELD_FIELDS, KINDS
from generator.load.expansions import Layer
from generator.load.game_fields import (
    DECK_FIELDS,
    DESIGNED_DECK_FIELDS,
    LOWER_CASE_NAME,
    SIZE_FIELDS,
)
from generator.load.names import template_name_problem
from generator.load.schema import Field, read_record, unknown_key
from generator.load.yaml_reader import Mapping, Sequence, inside
from generator.problems import ProblemLog, clipped, shown
from generator.runtime.folders import Templates, template_roots
from generator.runtime.folders import shown as shown_path
from generator.runtime.reading import links_out


class CardSchema(Protocol):
    """All that loading needs of a game's rule engine: the decks it knows and, for each, the
    fields of one card. Defined here so the loader depends on no game."""

    @property
    def card_fields(self) -> MappingABC[str, MappingABC[str, Field]]: ...


@dataclass
class DeckSpec:
    """A deck as ``game.yaml`` and the expansions' manifests describe it, merged."""

    id: str
    values: dict[str, Any]
    size: CardSize | None
    file: str
    line: int
    card_id_at: tuple[str, int]
    """The file and line of the card id pattern (a pattern an expansion changed is its own)."""
    fields: MappingABC[str, Field]
    """What a card of the deck holds: the engine's fields, or an expansion's own deck's."""
    game: bool = True
    """Whether the game has the deck (it has a card file), or an expansion brought it."""


def deck_specs(
    game_id: str,
    templates: Templates,
    decks: Mapping,
    layers: list[Layer],
    schema: CardSchema,
    log: ProblemLog,
) -> dict[str, DeckSpec | None]:
    """Every deck of the game and its expansions, by id (``None``: described wrongly)."""
    specs: dict[str, DeckSpec | None] = {}
    for deck_id in decks:
        specs[deck_id] = _new_deck(game_id, templates, decks, deck_id, schema, log)
    for layer in layers:
        node = layer.node("decks")
        for deck_id in node:
            if deck_id in specs:
                specs[deck_id] = _changed_deck(specs[deck_id], templates, node, deck_id, layer.log)
            else:
                specs[deck_id] = _new_deck(
                    game_id, templates, node, deck_id, schema, layer.log, designer=True
                )
    return specs


def _new_deck(
    game_id: str,
    templates: Templates,
    decks: Mapping,
    deck_id: Any,
    schema: CardSchema,
    log: ProblemLog,
    designer: bool = False,
) -> DeckSpec | None:
    """A deck described in full: one the game's rules know, or (``designer``: in an
    expansion) one of the expansion's own, whose cards hold what its ``fields:`` says."""
    where, line = f"decks.{clipped(str(deck_id))}", decks.line_of(deck_id)
    node = decks[deck_id]
    own = designer and isinstance(node, Mapping) and "fields" in node
    if deck_id not in schema.card_fields and not own:
        known = ", ".join(schema.card_fields)
        hint = (
            "; a deck of the expansion's own says what its cards hold under fields:"
            if designer
            else ""
        )
        log.add(line, where, f"unknown deck for {game_id} (known: {known}){hint}")
        return None
    spec = read_record(node, where, line, DESIGNED_DECK_FIELDS if own else DECK_FIELDS, log)
    fields = own_fields(node, where, log) if own else schema.card_fields.get(deck_id)
    if spec is None or fields is None or not _told_apart(spec, fields, where, log):
        return None
    size = _read_size(node, where, log)
    if not _check_templates(templates, node, where, log):
        return None
    card_id_at = (log.file, node.line_of("card_id"))
    return DeckSpec(str(deck_id), spec, size, log.file, line, card_id_at, fields, not designer)


def own_fields(node: Mapping, where: str, log: ProblemLog) -> dict[str, Field] | None:
    """The fields of a deck an expansion invents, as ``fields:`` describes them."""
    given, line = node["fields"], node.line_of("fields")
    if not isinstance(given, Mapping) or not given:
        log.add(line, f"{where}.fields", "expected a mapping of field names to what they hold")
        return None
    before = len(log.problems)
    fields: dict[str, Field] = {}
    for name, described in given.items():
        at = f"{where}.fields.{clipped(str(name))}"
        if (problem := LOWER_CASE_NAME.problem_with(name)) is not None:
            log.add(given.line_of(name), at, problem)
            continue
        spec = read_record(described, at, given.line_of(name), FIELD_FIELDS, log)
        if spec is not None:
            fields[str(name)] = _own_field(spec, described, at, log)
    return fields if len(log.problems) == before else None


def _told_apart(
    spec: dict[str, Any], fields: MappingABC[str, Field], where: str, log: ProblemLog
) -> bool:
    """Whether each field a deck of its own asks players to tell apart is one of its fields."""
    named: Sequence = spec.get("tell_apart") or Sequence()
    unknown = [
        (i, name) for i, name in enumerate(named) if not (isinstance(name, str) and name in fields)
    ]
    for index, name in unknown:
        what = f"{shown(name)} is not one of the deck's fields ({', '.join(fields)})"
        log.add(named.line_of(index), f"{where}.tell_apart[{index}]", what)
    return not unknown


def _own_field(spec: dict[str, Any], node: Mapping, where: str, log: ProblemLog) -> Field:
    """One field of a designer's deck; a range on what is not a number, or a choice of
    another type, is a problem (a check that compared them would fail on every card)."""
    kind = KINDS[spec["type"]]
    for bound in ("minimum", "maximum"):
        if spec[bound] is not None and kind not in (int, float):
            what = f"a {spec['type']} has no {bound}: only integer and number fields do"
            log.add(node.line_of(bound), f"{where}.{bound}", what)
    choices = spec["choices"]
    for index, choice in enumerate(choices or ()):
        if (problem := Field(kind).problem_with(choice)) is not None:
            log.add(choices.line_of(index), f"{where}.choices[{index}]", problem)
    return Field(
        kind,
        required=spec["required"],
        minimum=spec["minimum"],
        maximum=spec["maximum"],
        choices=tuple(choices) if choices is not None else None,
        help=spec["help"],
    )


def _changed_deck(
    deck: DeckSpec | None, templates: Templates, decks: Mapping, deck_id: str, log: ProblemLog
) -> DeckSpec | None:
    """A deck of the game whose description an expansion changes: only the keys it gives."""
    where, node = f"decks.{clipped(deck_id)}", decks[deck_id]
    if not isinstance(node, Mapping):
        log.add(decks.line_of(deck_id), where, f"expected a mapping of {', '.join(DECK_FIELDS)}")
        return None
    before = len(log.problems)
    values = dict(deck.values) if deck is not None else {}
    size = deck.size if deck is not None else None
    for key, value in node.items():
        if key not in DECK_FIELDS:
            log.add(
                node.line_of(key), f"{where}.{clipped(str(key))}", unknown_key(key, DECK_FIELDS)
            )
        elif key == "size":
            size = _read_size(node, where, log)
        elif (problem := DECK_FIELDS[key].problem_with(value)) is not None:
            log.add(node.line_of(key), f"{where}.{key}", problem)
        elif key in ("front", "back"):
            template_exists(templates, node, key, where, log)
        values[key] = value
    if deck is None or len(log.problems) > before:
        return None
    card_id_at = (log.file, node.line_of("card_id")) if "card_id" in node else deck.card_id_at
    return replace(deck, values=values, size=size, card_id_at=card_id_at)


def _read_size(deck: Mapping, where: str, log: ProblemLog) -> CardSize | None:
    value = deck["size"]
    line = deck.line_of("size")
    if isinstance(value, str):
        if value not in CARD_PRESETS:
            known = ", ".join(CARD_PRESETS)
            log.add(line, f"{where}.size", f"unknown card size {value!r} (known: {known})")
            return None
        return CardSize(*CARD_PRESETS[value])
    spec = read_record(value, f"{where}.size", line, SIZE_FIELDS, log)
    if spec is None:
        return None
    size = CardSize(**spec)
    if size.shape == "rounded" and size.corner_radius > min(size.width, size.height) / 2:
        log.add(
            value.line_of("corner_radius"),
            f"{where}.size.corner_radius",
            f"{size.corner_radius:g} mm is more than half the card's shorter side "
            f"({min(size.width, size.height) / 2:g} mm)",
        )
        return None
    return size


def _check_templates(folder: Templates, deck: Mapping, where: str, log: ProblemLog) -> bool:
    return all([template_exists(folder, deck, side, where, log) for side in ("front", "back")])


def template_exists(
    folder: Templates, node: Mapping, key: str, where: str, log: ProblemLog
) -> bool:
    """The template named under ``key`` is a file in ``templates/<game>/`` (not a link out of
    ``templates/``), or one problem at this line rather than one per card later."""
    name = node[key]
    problem = template_name_problem(name)
    path = folder / name if problem is None else folder.base
    if problem is None and not any(inside(path, root) for root in template_roots(folder)):
        problem = f"{shown_path(path, folder)} {links_out('templates', os.path.realpath(path))}"
    elif problem is None and not path.is_file():
        places = " or ".join(f"{shown_path(place, folder)}/" for place in folder.own)
        problem = f"no template {shown(name)} in {places}"
    if problem is None:
        return True
    log.add(node.line_of(key), f"{where}.{key}", problem)
    return False
