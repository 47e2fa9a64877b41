"""The keys a designer writes beyond a game's own files: ``expansion.yaml`` and a card's
``copies``.

Defined once, here, below the loader: the loader reads them with
:func:`generator.load.schema.read_record`, and the editor schemas
(:mod:`generator.authoring.editor_schema`) describe them from the same definitions, so an editor
and ``pnp validate`` agree on them. This module imports nothing of the games, so the loader (which
the games' commands import) can import it without a cycle.
"""

from __future__ import annotations

from generator.load.schema import Field

MAX_COPIES = 99
"""The most copies one card entry may ask for: a stranger's ``copies: 1000000000`` must not
exhaust memory, and no deck the project prints comes near it."""

COPIES = Field(
    int,
    required=False,
    default=1,
    minimum=1,
    maximum=MAX_COPIES,
    help="How many identical cards this entry stands for, instead of writing it that many "
    "times; each copy gets its own card id.",
)
"""A key every card of every deck may have."""

EXPANSION_FIELDS = {
    "game": Field(
        str,
        pattern=r"[a-z][a-z0-9_]*",
        pattern_help="a game's id, like 'gears'",
        help="The id of the game this expansion extends (its folder in card_data/).",
    ),
    "players": Field(
        str,
        required=False,
        pattern=r"[1-9]\d?-[1-9]\d?",
        pattern_help="a range like '2-5'",
        help="How many can play the game with this expansion, fewest first, like 2-5 "
        "(default: what the game says).",
    ),
    "decks": Field(
        dict,
        required=False,
        default={},
        help="Decks the expansion changes, in the form of game.yaml's decks: only the keys "
        "that change (a deck's front template, say), or a deck in full.",
    ),
    "remove": Field(
        dict,
        required=False,
        default={},
        help="Cards of the game left out of the merged game: for each deck, a list of card ids.",
    ),
}
"""The keys of ``expansion.yaml``."""

REMOVED = Field(
    list,
    help="The ids of the deck's cards to leave out, like gear-A-red: the names of their PNG "
    "files (pnp build --png), built by the deck's card_id.",
)
"""The card ids removed from one deck, under ``remove:``."""

KINDS = {"text": str, "integer": int, "number": float, "true-or-false": bool}
"""What a card of a designer's own deck may hold, by the name ``fields:`` gives it."""

FIELD_FIELDS = {
    "type": Field(str, choices=tuple(KINDS), help="What the field holds."),
    "required": Field(
        bool, required=False, default=True, help="Whether every card must give it (default: yes)."
    ),
    "minimum": Field(float, required=False, help="The smallest number it may be."),
    "maximum": Field(float, required=False, help="The largest number it may be."),
    "choices": Field(list, required=False, help="The only values it may take."),
    "help": Field(str, required=False, default="", help="What it means, for the editor schema."),
}
"""How ``fields:`` describes one field of a deck the game's rules do not know (an expansion's
own kind of card: events, say). No pattern: a stranger's regular expression could take the
machine's time; ``choices`` and ranges say all a card needs."""

OWN_DECK = Field(
    dict,
    required=False,
    help="For a deck of the expansion's own (the game's rules do not know it): what each card "
    "holds, field by field, as {type: text | integer | number | true-or-false, required, "
    "minimum, maximum, choices}.",
)
"""``fields:`` under a new deck in ``expansion.yaml``."""

TELL_APART = Field(
    list,
    required=False,
    default=[],
    json_schema={"items": {"type": "string"}, "uniqueItems": True},
    help="The fields players must tell apart at a glance on the fronts, like [kind]: pnp "
    "validate checks that two cards differing in one still look different to people who see "
    "colour differently, and in greyscale.",
)
"""``tell_apart:`` under a new deck in ``expansion.yaml``: names of its ``fields:``."""
