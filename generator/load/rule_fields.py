"""The words of a game's rules written as data: ``rules:`` in ``game.yaml`` of a game with no
rule engine in Python (``pnp new game``).

Defined once, here, below the loader, like the expansion's keys
(:mod:`generator.load.expansion_fields`): the loader lets ``rules:`` through for such a game,
the generic engine (:mod:`generator.games.designed`) reads each rule with these definitions, and
the editor schemas describe them from the same ones, so an editor and ``pnp validate`` agree.

One rule is a mapping: the ``deck`` it is about, one key naming what it asks (the rule's kind),
and optionally ``where`` (only the cards whose fields have these values) and ``name`` (what a
problem calls the rule)::

    rules:
      - {deck: heroes, cards: 12}                             # exactly 12 cards
      - {deck: heroes, cards: {at_least: 3}, where: {element: fire}}
      - {deck: heroes, unique: name}                          # or [element, power]: together
      - {deck: heroes, numbered: number}                      # 1..N, each once
      - {deck: heroes, refers: {field: weapon, to: weapons}}  # a card id of weapons
      - {deck: heroes, total: {of: cost, at_most: 40}}
      - {deck: heroes, spread: {field: element, in_a_row: 2, order: number}}

Choices and ranges of one card's field are its ``fields:`` (:data:`FIELD_FIELDS`); these are
what holds between the cards of a deck, or of two decks.
"""

from __future__ import annotations

from typing import Any

from generator.load.schema import Field
from generator.problems import shown

PLAYERS = "players"
"""A bound written as this word is the most players the game says it takes (``players:``):
a card for each player."""
MOST_IN_A_RUN = 1_000
"""The largest ``in_a_row`` or ``within``: past a deck's most cards it means nothing."""


def bound_problem(value: Any) -> str | None:
    """What is wrong with a bound on how many cards a rule counts, or ``None``."""
    if value == PLAYERS or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return None
    return f"expected a whole number of 0 or more, or '{PLAYERS}', got {shown(value)}"


def _number_problem(value: Any) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return None
    return f"expected a number, got {shown(value)}"


def _bound(help: str) -> Field:
    return Field(
        object,
        required=False,
        check=bound_problem,
        help=help,
        json_schema={"anyOf": [{"type": "integer", "minimum": 0}, {"const": PLAYERS}]},
    )


def _amount(help: str) -> Field:
    return Field(
        object, required=False, check=_number_problem, help=help, json_schema={"type": "number"}
    )


BOUNDS = {
    "exactly": _bound("Exactly this many (a number, or 'players': the most players)."),
    "at_least": _bound("At least this many (a number, or 'players': the most players)."),
    "at_most": _bound("At most this many (a number, or 'players': the most players)."),
}
"""How many cards a deck has: ``cards: 12`` is ``cards: {exactly: 12}``."""

TOTAL_FIELDS = {
    "of": Field(str, help="The number field added up over the cards."),
    "exactly": _amount("The total must be exactly this."),
    "at_least": _amount("The total must be at least this."),
    "at_most": _amount("The total must be at most this."),
}
REFERS_FIELDS = {
    "field": Field(str, help="The field whose value names a card of the other deck."),
    "to": Field(str, help="The other deck."),
    "by": Field(
        str,
        required=False,
        default="",
        help="The other deck's field the value must be one of (default: the card's id).",
    ),
}
SPREAD_FIELDS = {
    "field": Field(str, help="The field whose values must not bunch up."),
    "in_a_row": Field(
        int,
        required=False,
        minimum=1,
        maximum=MOST_IN_A_RUN,
        help="No more than this many cards in a row share a value.",
    ),
    "within": Field(
        int,
        required=False,
        minimum=1,
        maximum=MOST_IN_A_RUN,
        help="Every value is on at least one card of any this many in a row.",
    ),
    "order": Field(
        str,
        required=False,
        default="",
        help="The field that puts the cards in a row (a number); default: the card file's order.",
    ),
}
KINDS = {
    "cards": Field(
        object,
        required=False,
        help="How many cards: a number (exactly), or {exactly, at_least, at_most}.",
    ),
    "unique": Field(
        object,
        required=False,
        help="A field no two cards share, or a list of fields no two cards share together.",
    ),
    "numbered": Field(
        str, required=False, help="An integer field numbering the cards 1 to N, each once."
    ),
    "refers": Field(
        dict, required=False, help="A field naming a card of another deck: {field, to, by}."
    ),
    "total": Field(
        dict,
        required=False,
        help="A number field added up over the cards: {of, exactly, at_least, at_most}.",
    ),
    "spread": Field(
        dict,
        required=False,
        help="A value spread over the deck: {field, in_a_row, within, order}.",
    ),
}
"""What a rule asks, one key each; a rule gives exactly one."""
RULE_FIELDS = {
    "deck": Field(str, help="The deck the rule is about."),
    "name": Field(str, required=False, default="", help="What a problem calls the rule."),
    "where": Field(
        dict,
        required=False,
        default={},
        help="Only the cards whose fields have these values, like {element: fire}; a list "
        "of values: any of them.",
    ),
    **KINDS,
}
"""The keys of one rule under ``rules:``."""

RULES = Field(
    list,
    required=False,
    default=[],
    help="What must hold between the cards, checked by pnp validate: how many cards, values "
    "unique, numbered 1..N, naming a card of another deck, totals, values spread out.",
)
"""``rules:`` in ``game.yaml``."""
