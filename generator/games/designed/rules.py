"""A designer's rules, read from ``rules:`` in ``game.yaml`` (:mod:`generator.load.rule_fields`
says what each may ask) into checks of the game's vocabulary (:mod:`.checks`).

Each rule is read against the decks it names and their fields as ``fields:`` describes them, so
a rule that could never pass or fail the way it reads (a field the deck lacks, a total of a
text) is a problem at its own line, not a puzzling one on a card.
"""

from __future__ import annotations

from collections.abc import Mapping as MappingABC
from typing import Any

from generator.games.designed.checks import (
    Bounds,
    Check,
    Count,
    Numbered,
    Refers,
    Rule,
    Spread,
    Total,
    Unique,
    Where,
    said_where,
    written,
)
from generator.load.rule_fields import (
    BOUNDS,
    KINDS,
    REFERS_FIELDS,
    RULE_FIELDS,
    SPREAD_FIELDS,
    TOTAL_FIELDS,
    bound_problem,
)
from generator.load.schema import Field, kind_name, read_record
from generator.load.yaml_reader import Mapping, Sequence
from generator.problems import ProblemLog, shown

Decks = MappingABC[str, MappingABC[str, Field] | None]
"""The fields of each deck the game describes, by deck (``None``: described wrongly, which the
loader reports; a rule about it is not read)."""
NUMBERS = (int, float)


def read_rules(node: Any, decks: Decks, log: ProblemLog) -> list[Rule]:
    """The rules ``node`` (the value of ``rules:``) gives, each one read whole or not at all;
    every problem logged at its line."""
    if not isinstance(node, Sequence):  # none, or not a list: the loader says so
        return []
    rules = []
    for index, entry in enumerate(node):
        reader = _Reader(f"rules[{index}]", node.line_of(index), decks, log)
        if (rule := reader.rule(entry)) is not None:
            rules.append(rule)
    return rules


class _Reader:
    """Reads one rule, logging each problem under its ``where``."""

    def __init__(self, where: str, line: int, decks: Decks, log: ProblemLog) -> None:
        self.where, self.line, self.decks, self.log = where, line, decks, log
        self.before = len(log.problems)

    def rule(self, entry: Any) -> Rule | None:
        spec = read_record(entry, self.where, self.line, RULE_FIELDS, self.log)
        if spec is None:
            return None
        kinds = [kind for kind in KINDS if kind in entry]
        if len(kinds) != 1:
            given = f"it gives {', '.join(kinds)}" if kinds else "it gives none"
            self._add(self.line, "", f"a rule asks one thing of: {', '.join(KINDS)} ({given})")
            return None
        kind = kinds[0]
        deck = spec["deck"]
        if deck not in self.decks:
            self._add(entry.line_of("deck"), ".deck", self._no_deck(deck))
            return None
        if self.decks[deck] is None:  # described wrongly: the loader says how
            return None
        where = self._where(entry, deck)
        at = entry.line_of(kind)
        check = getattr(self, f"_{kind}")(entry[kind], deck, at, f".{kind}")
        if check is None or len(self.log.problems) > self.before:
            return None
        name = spec["name"] or _name(kind, entry[kind], where)
        return Rule(deck, where, check, name, self.log.file, entry.line)

    def _no_deck(self, deck: Any) -> str:
        return f"{shown(deck)} is not a deck of the game (decks: {', '.join(self.decks)})"

    def _fields(self, deck: str) -> MappingABC[str, Field]:
        return self.decks.get(deck) or {}

    def _add(self, line: int, where: str, what: str) -> None:
        self.log.add(line, self.where + where, what)

    def _field(
        self, name: Any, deck: str, line: int, where: str, kinds: tuple[type, ...] = ()
    ) -> str:
        """``name`` if it is a field of ``deck`` (of one of ``kinds``, when given), else ''."""
        fields = self._fields(deck)
        if not isinstance(name, str) or name not in fields:
            what = f"{shown(name)} is not a field of {deck} (fields: {', '.join(fields)})"
            self._add(line, where, what)
            return ""
        if kinds and fields[name].kind not in kinds:
            wanted = "an integer" if kinds == (int,) else "a number"
            self._add(
                line, where, f"{name} holds {kind_name(fields[name].kind)}; the rule needs {wanted}"
            )
            return ""
        return name

    def _where(self, entry: Mapping, deck: str) -> Where:
        """The ``where:`` filter: each field with the values it may have."""
        given = entry.get("where") or Mapping()
        fields = self._fields(deck)
        chosen = []
        for name, value in given.items():
            at = given.line_of(name)
            if not self._field(name, deck, at, f".where.{name}"):
                continue
            values = tuple(value) if isinstance(value, list) else (value,)
            if not values:
                self._add(at, f".where.{name}", "expected a value, or a list of values")
            for one in values:
                if (problem := fields[name].problem_with(one)) is not None:
                    self._add(at, f".where.{name}", problem)
            chosen.append((name, values))
        return tuple(chosen)

    def _cards(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        if not isinstance(value, Mapping):  # cards: 12, exactly
            problem = bound_problem(value)
            if problem is not None:
                self._add(line, where, problem)
            return Count(Bounds(exactly=value)) if problem is None else None
        spec = read_record(value, self.where + where, line, BOUNDS, self.log)
        bounds = self._bounds(spec, line, where)
        return Count(bounds) if bounds is not None else None

    def _unique(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        names = value if isinstance(value, list) else [value]
        if not names or not all(isinstance(name, str) for name in names):
            self._add(line, where, f"expected a field, or a list of fields, got {shown(value)}")
            return None
        if len(set(names)) < len(names):
            self._add(line, where, "a field is named twice: name each once")
            return None
        fields = tuple(self._field(name, deck, line, where) for name in names)
        return Unique(fields) if all(fields) else None

    def _numbered(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        field = self._field(value, deck, line, where, (int,))
        return Numbered(field) if field else None

    def _refers(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        spec = read_record(value, self.where + where, line, REFERS_FIELDS, self.log)
        if spec is None:
            return None
        field = self._field(spec["field"], deck, value.line_of("field"), f"{where}.field")
        other = spec["to"]
        if other not in self.decks:
            what = f"{shown(other)} is not a deck of the game (decks: {', '.join(self.decks)})"
            self._add(value.line_of("to"), f"{where}.to", what)
            return None
        if self.decks[other] is None:
            return None
        by = spec["by"] and self._field(spec["by"], other, value.line_of("by"), f"{where}.by")
        if field and (by or not spec["by"]):
            self._same_kind(field, deck, by, other, value.line_of("field"), where)
        return Refers(field, other, by)

    def _same_kind(self, field: str, deck: str, by: str, other: str, line: int, where: str) -> None:
        """A value can name a card of ``other`` only if it is of the kind the names are (a
        card id is a text)."""
        kind = self._fields(deck)[field].kind
        named = self._fields(other)[by].kind if by else str
        if kind is not named:
            said = f"the {by} of {other}" if by else f"the card ids of {other}"
            what = (
                f"{field} holds {kind_name(kind)} and {said} {kind_name(named)}: a value never "
                "names a card"
            )
            self._add(line, f"{where}.field", what)

    def _total(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        spec = read_record(value, self.where + where, line, TOTAL_FIELDS, self.log)
        if spec is None:
            return None
        field = self._field(spec["of"], deck, value.line_of("of"), f"{where}.of", NUMBERS)
        bounds = self._bounds(spec, line, where)
        return Total(field, bounds) if field and bounds is not None else None

    def _spread(self, value: Any, deck: str, line: int, where: str) -> Check | None:
        spec = read_record(value, self.where + where, line, SPREAD_FIELDS, self.log)
        if spec is None:
            return None
        field = self._field(spec["field"], deck, value.line_of("field"), f"{where}.field")
        order = spec["order"] and self._field(
            spec["order"], deck, value.line_of("order"), f"{where}.order", NUMBERS
        )
        if spec["in_a_row"] is None and spec["within"] is None:
            self._add(line, where, "expected in_a_row, within or both")
            return None
        return Spread(field, order, spec["in_a_row"], spec["within"])

    def _bounds(self, spec: dict[str, Any] | None, line: int, where: str) -> Bounds | None:
        """The bounds a rule gives (one at least; ``exactly`` alone)."""
        if spec is None:
            return None
        given = {key: spec[key] for key in BOUNDS if spec[key] is not None}
        if not given or ("exactly" in given and len(given) > 1):
            self._add(line, where, "expected exactly, or at_least and/or at_most")
            return None
        low, high = given.get("at_least"), given.get("at_most")
        if isinstance(low, (int, float)) and isinstance(high, (int, float)) and low > high:
            self._add(line, where, f"at_least {shown(low)} is more than at_most {shown(high)}")
            return None
        return Bounds(**given)


def _name(kind: str, value: Any, where: Where) -> str:
    """What a problem calls a rule its designer gave no name: ``unique name``, ``cards 2 where
    colour green``."""
    said = said_where(where, ", ")
    return f"{kind} {_summary(value)}{f' where {said}' if said else ''}"


def _summary(value: Any) -> str:
    """A rule's value as its default name shows it: ``unique name``, ``cards 12``."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_summary(item)}" for key, item in value.items())
    if isinstance(value, list):
        return " and ".join(map(written, value))
    return written(value)
