"""Field-by-field checking of YAML records, in the spirit of MkDocs' config schema.

A record (one card, one deck entry) is described by a dict of :class:`Field`; :func:`read_record`
reports unknown keys (with the closest known key, since a typo must never be silently ignored),
missing keys, wrong types and values out of range, all at once, and returns the checked values
only when the record is wholly valid.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass
from dataclasses import field as default
from typing import Any

from generator.load.yaml_reader import Mapping
from generator.problems import ProblemLog, clipped, did_you_mean, shown

_TYPE_NAMES = {
    int: "an integer",
    float: "a number",
    str: "a text",
    bool: "true or false",
    list: "a list",
    dict: "a mapping",
}


@dataclass(frozen=True)
class Field:
    """One key of a record: its type, whether it is required, and its allowed values.

    ``help`` says what the key means to the person writing it, and ``json_schema`` says in JSON
    Schema's words what ``check`` tests, as far as those words can: both reach the editor
    schemas (:mod:`generator.authoring.editor_schema`), so an editor explains and checks a key as
    it is typed; only ``check`` decides."""

    kind: type = str
    required: bool = True
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] | None = None
    pattern: str | None = None
    pattern_help: str = ""
    check: Callable[[Any], str | None] | None = None
    help: str = ""
    json_schema: MappingABC[str, Any] | None = None

    def problem_with(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this field, or ``None`` when it is right."""
        if not _is_kind(value, self.kind):
            return f"expected {kind_name(self.kind)}, got {shown(value)}"
        if isinstance(value, float) and not math.isfinite(value):
            return f"expected a finite number, got {shown(value)}"
        if self.choices is not None and value not in self.choices:
            return f"{shown(value)} is not one of: {', '.join(map(str, self.choices))}"
        if self.minimum is not None and value < self.minimum:
            return f"{shown(value)} is below the minimum {self.minimum:g}"
        if self.maximum is not None and value > self.maximum:
            return f"{shown(value)} is above the maximum {self.maximum:g}"
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            return f"{shown(value)} is not {self.pattern_help or 'in the form ' + self.pattern}"
        return self.check(value) if self.check else None


def kind_name(kind: type) -> str:
    """A field's type as a message names it: ``an integer``, ``a text``."""
    return _TYPE_NAMES.get(kind, kind.__name__)


def _is_kind(value: Any, kind: type) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def read_record(
    node: Any, where: str, line: int, fields: MappingABC[str, Field], log: ProblemLog
) -> dict[str, Any] | None:
    """Check ``node`` against ``fields``; report every problem; the values if all are right."""
    if not isinstance(node, Mapping):
        log.add(line, where, f"expected a mapping of {', '.join(fields)}, got {shown(node)}")
        return None
    before = len(log.problems)
    for key in node:
        if key not in fields:
            log.add(node.line_of(key), _join(where, key), unknown_key(key, fields))
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name not in node:
            if field.required:
                log.add(node.line_of(name), _join(where, name), "missing")
            values[name] = field.default
            continue
        problem = field.problem_with(node[name])
        if problem:
            log.add(node.line_of(name), _join(where, name), problem)
        values[name] = node[name]
    return values if len(log.problems) == before else None


def unknown_key(key: Any, fields: MappingABC[str, Field]) -> str:
    hint = did_you_mean(key, fields) or f" (known keys: {', '.join(fields)})"
    return f"unknown key{hint}"


def _join(where: str, key: Any) -> str:
    return f"{where}.{clipped(str(key))}" if where else clipped(str(key))


@dataclass(frozen=True)
class DataFile:
    """A YAML file a game's rules read besides its decks (a board's numbers): its keys, and for
    a key that holds named records (``locations:``, each a record), each record's fields. The
    editor schemas are made from it, so an editor and the rules read the file alike."""

    description: str
    fields: MappingABC[str, Field]
    records: MappingABC[str, MappingABC[str, MappingABC[str, Field]]] = default(
        default_factory=dict
    )
