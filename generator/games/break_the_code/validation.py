"""Checks of the tiles and question cards: exactly the game's 20 tiles, and each question card's
parameters making sense for its kind (a question needs no code, so its data is all there is to
check)."""

from __future__ import annotations

from collections import Counter

from generator.games.base import deck_problem
from generator.games.break_the_code.questions import problems_with, question
from generator.games.break_the_code.tiles import COLOURS, parse_tile, tile_set
from generator.model import Deck
from generator.problems import Problem

PARAMETERS = (
    "tiles",
    "count",
    "colour",
    "parity",
    "position",
    "compare",
    "value",
    "numbers",
    "choice",
    "by",
)
"""The fields of a question card beyond its id and kind; each is checked against what the
card's kind uses."""


def tiles(deck: Deck) -> list[Problem]:
    """Exactly the 20 tiles: 0-9 black and white, both 5s green."""
    letter = {name: code for code, name in COLOURS.items()}
    printed = [
        (card, f"{card.fields['number']}{letter[card.fields['colour']]}") for card in deck.cards
    ]
    present = Counter(text for _, text in printed)
    wanted = Counter(str(tile) for tile in tile_set())
    problems = []
    for card, text in printed:
        if parse_tile(text) is None:
            what = f"there is no {text} tile (5s are green, every other number black or white)"
            problems.append(Problem(card.file, card.line, card.where, what))
        elif present[text] > wanted[text]:
            problems.append(Problem(card.file, card.line, card.where, f"one {text} too many"))
    missing = sorted(wanted - present, key=lambda t: (int(t[0]), t[1]))
    if missing:
        names = f"tile{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
        problems.append(deck_problem(deck, f"missing the {names} (the game has 20)"))
    return problems


def questions(deck: Deck) -> list[Problem]:
    """Each card's parameters make sense for its kind (repeated ids are caught with card ids)."""
    problems = []
    for card in deck.cards:
        given = {p for p in PARAMETERS if card.fields[p] not in (None, [], False)}
        given -= {"tiles"} if card.fields["tiles"] == "all" else set()
        for parameter, what in problems_with(question(card), given):
            problems.append(Problem(card.file, card.line, f"{card.where}.{parameter}", what))
    return problems
