"""What a designer's rules check, as pure functions of the deck set: how many cards, values
unique, numbered 1..N, naming a card of another deck, totals within bounds, values spread out.

Each problem is said where the designer fixes it, in the words the shipped engines use: at the
card (``heroes[3].name: 'Ada' is already used by heroes[1] (line 4)``) or, for the deck as a
whole, at the top of its card file; and each names the rule and its line in ``game.yaml``, since
the rule is the designer's own and may be what is wrong.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, Protocol

from generator.games.base import deck_problem, repeats
from generator.load.rule_fields import PLAYERS
from generator.model import Card, Deck, Game
from generator.problems import Problem, shown

MOST_LISTED = 10
"""The most values a message lists (missing numbers, a deck's card ids)."""


class Chosen(NamedTuple):
    """The cards of a deck a rule's ``where`` leaves, and what a message calls them."""

    deck: Deck
    cards: list[Card]
    named: str
    """``cards``, or ``cards with element fire``."""


class Check(Protocol):
    """One kind of rule, over the cards it is about."""

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]: ...


Where = tuple[tuple[str, tuple[Any, ...]], ...]
"""A rule's ``where:``: each field with the values a card it looks at may have there."""


@dataclass(frozen=True)
class Rule:
    """A rule as ``rules:`` gives it: about which deck, which of its cards, asking what."""

    deck: str
    where: Where
    check: Check
    name: str
    file: str
    line: int

    def problems(self, game: Game) -> list[Problem]:
        """What is wrong with ``game`` by this rule, each problem naming the rule."""
        deck = game.deck(self.deck)
        if deck is None:  # the loader reported the deck's own problem
            return []
        cards = [card for card in deck.cards if self._chosen(card)]
        said = f" (rule '{self.name}', {self.file}:{self.line})"
        found = self.check.problems(Chosen(deck, cards, self._named()), game)
        return [replace(p, what=p.what + said) for p in found]

    def _chosen(self, card: Card) -> bool:
        return all(card.fields.get(name) in values for name, values in self.where)

    def _named(self) -> str:
        """The cards the rule looks at, as a message names them: ``cards with element fire``."""
        said = said_where(self.where, " and ")
        return f"cards with {said}" if said else "cards"


_HOLDS = (("exactly", operator.eq), ("at least", operator.ge), ("at most", operator.le))


@dataclass(frozen=True)
class Bounds:
    """How many (or how much) a rule allows: a number, or :data:`PLAYERS`."""

    exactly: Any = None
    at_least: Any = None
    at_most: Any = None

    def broken(self, found: float, game: Game) -> str | None:
        """What the rule wants that ``found`` is not, or ``None``."""
        most = game.players[1]
        for (said, holds), bound in zip(_HOLDS, self._given(), strict=True):
            if bound is not None and not holds(found, most if bound == PLAYERS else bound):
                shown_bound = f"{most} (one for each player)" if bound == PLAYERS else number(bound)
                return f"the rule wants {said} {shown_bound}"
        return None

    def _given(self) -> tuple[Any, Any, Any]:
        return self.exactly, self.at_least, self.at_most


@dataclass(frozen=True)
class Count:
    """How many cards the deck has (or has with given values)."""

    bounds: Bounds

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        count = len(chosen.cards)
        broken = self.bounds.broken(count, game)
        if broken is None:
            return []
        named = chosen.named.replace("cards", "card", 1) if count == 1 else chosen.named
        return [deck_problem(chosen.deck, f"{count} {named}: {broken}")]


@dataclass(frozen=True)
class Unique:
    """No two cards share a field's value, or the values of several fields together."""

    fields: tuple[str, ...]

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        cards = chosen.cards
        together = len(self.fields) > 1
        entries = (
            (values, card, card.where if together else f"{card.where}.{self.fields[0]}")
            for card in cards
            if None not in (values := tuple(card.fields.get(name) for name in self.fields))
        )
        return repeats(entries, self._repeated)

    def _repeated(self, values: tuple[Any, ...], other: str) -> str:
        if len(values) == 1:
            return f"{shown(values[0])} is already used by {other}"
        said = " and ".join(
            f"{name} {shown(value)}" for name, value in zip(self.fields, values, strict=True)
        )
        return f"{said} together are already used by {other}"


@dataclass(frozen=True)
class Numbered:
    """A field numbers the cards 1 to N (N: how many there are), each number once."""

    field: str

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        deck, cards = chosen.deck, chosen.cards
        count = len(cards)
        every = f"(every {self.field} 1-{count} once)"
        numbered = [card for card in cards if card.fields.get(self.field) is not None]
        problems = [
            at_field(card, self.field, f"missing {every}")
            for card in cards
            if card.fields.get(self.field) is None
        ]
        problems += [
            at_field(card, self.field, f"{value} is not between 1 and {count} {every}")
            for card in numbered
            if not 1 <= (value := card.fields[self.field]) <= count
        ]
        entries = (
            (card.fields[self.field], card, f"{card.where}.{self.field}") for card in numbered
        )
        problems += repeats(entries, lambda value, other: f"{value} is already used by {other}")
        present = {card.fields[self.field] for card in numbered}
        missing = [number for number in range(1, count + 1) if number not in present]
        if missing:
            what = f"{self.field} {_listed(missing)} missing {every}"
            problems.append(deck_problem(deck, what))
        return problems


@dataclass(frozen=True)
class Refers:
    """A field names a card of another deck: its id, or its value of the field ``by``."""

    field: str
    to: str
    by: str

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        cards = chosen.cards
        other = game.deck(self.to)
        if other is None:
            return []
        named = [card.fields.get(self.by) if self.by else card.id for card in other.cards]
        known = set(named)
        what = f"{self.by} of a card of {self.to}" if self.by else f"id of a card of {self.to}"
        return [
            at_field(card, self.field, f"{shown(value)} is not the {what} ({_listed(named)})")
            for card in cards
            if (value := card.fields.get(self.field)) is not None and value not in known
        ]


@dataclass(frozen=True)
class Total:
    """A number field added up over the cards lies within bounds."""

    field: str
    bounds: Bounds

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        deck, cards = chosen.deck, chosen.cards
        values = [card.fields.get(self.field) or 0 for card in cards]
        exact = all(isinstance(value, int) for value in values)
        total = sum(values) if exact else math.fsum(values)  # 0.1 + 0.2 + 0.3 is 0.6
        broken = self.bounds.broken(total, game)
        if broken is None:
            return []
        what = f"the {self.field} of the {chosen.named} adds up to {number(total)}: {broken}"
        return [deck_problem(deck, what)]


@dataclass(frozen=True)
class Spread:
    """A field's values do not bunch up: no more than ``in_a_row`` cards in a row share one,
    and each value is on one card at least of any ``within`` in a row; the row is the cards
    in the order of ``order`` (a number field), else of the card files."""

    field: str
    order: str
    in_a_row: int | None
    within: int | None

    def problems(self, chosen: Chosen, game: Game) -> list[Problem]:
        deck, cards = chosen.deck, chosen.cards
        row = sorted(cards, key=self._place) if self.order else cards
        problems = self._runs(row, self.in_a_row) if self.in_a_row is not None else []
        return problems + (self._gaps(deck, row, self.within) if self.within is not None else [])

    def _place(self, card: Card) -> float:
        value = card.fields.get(self.order)
        return float("inf") if value is None else value

    def _runs(self, row: list[Card], most: int) -> list[Problem]:
        """A problem at the card that makes a run one too long (once per run)."""
        problems, run, before = [], 0, object()
        for card in row:
            value = card.fields.get(self.field)
            run = run + 1 if value == before else 1
            before = value
            if value is not None and run == most + 1:
                what = (
                    f"{shown(value)} on {run} cards in a row{self._by()}: the rule allows "
                    f"{most} alike in a row"
                )
                problems.append(at_field(card, self.field, what))
        return problems

    def _gaps(self, deck: Deck, row: list[Card], width: int) -> list[Problem]:
        """A problem for each value missing from some ``width`` cards in a row (the first
        such run): found from the gaps between the cards that have it, in one pass."""
        places: dict[Any, list[int]] = {}
        for index, card in enumerate(row):
            if (value := card.fields.get(self.field)) is not None:
                places.setdefault(value, []).append(index)
        problems = []
        for value, indices in places.items():
            gaps = zip([-1, *indices], [*indices, len(row)], strict=True)
            start = next((before + 1 for before, after in gaps if after - before > width), None)
            if start is not None:
                first = self._name(row[start], start)
                last = self._name(row[start + width - 1], start + width - 1)
                what = (
                    f"no card from {first} to {last}{self._by()} has {self.field} "
                    f"{shown(value)}: the rule wants it on one of any {width} in a row"
                )
                problems.append(deck_problem(deck, what))
        return problems

    def _by(self) -> str:
        return f" (by {self.order})" if self.order else ""

    def _name(self, card: Card, index: int) -> str:
        return (
            f"{self.order} {card.fields.get(self.order)}"
            if self.order
            else f"the {_ordinal(index + 1)}"
        )


def at_field(card: Card, field: str, what: str) -> Problem:
    """A problem with one value of ``card``: at its line, or its cell in a sheet."""
    return Problem(card.file, card.line_of(field), f"{card.where}.{field}", what)


def said_where(where: Where, joiner: str) -> str:
    """A rule's ``where:`` in words: ``element fire or water``, each field joined by
    ``joiner``."""
    return joiner.join(f"{name} {' or '.join(map(written, values))}" for name, values in where)


def written(value: Any) -> str:
    """A value as the designer wrote it in YAML: ``true``, not Python's ``True``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def number(value: float) -> str:
    """A number as a message shows it, exactly: ``12``, ``13.999999``, never ``1.23e+06``."""
    return shown(value) if isinstance(value, int) else repr(value).removesuffix(".0")


def _listed(values: Iterable[Any]) -> str:
    """Values as a message lists them: the first :data:`MOST_LISTED`, then an ellipsis."""
    shown_values = [str(value) for value in dict.fromkeys(values)]
    more = " …" if len(shown_values) > MOST_LISTED else ""
    return ", ".join(shown_values[:MOST_LISTED]) + more


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"
