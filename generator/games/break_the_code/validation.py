"""Checks of the tiles and question cards: exactly the game's 20 tiles dealt to the players the
game is for, and each question card making sense for its kind, telling the asker something and
asking what no other card asks (a question needs no code, so its data is all there is to check).

The question checks are per card, so a card an expansion adds is held to them as the shipped
ones are; the deck has no set size (the game ends when the questions run out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from generator.games.base import deck_problem, repeats
from generator.games.break_the_code.questions import (
    answer,
    answers,
    problems_with,
    question,
    spoken_english,
)
from generator.games.break_the_code.tiles import (
    COLOURS,
    DEALS,
    HAND_SIZES,
    distinct_hands,
    parse_tile,
    tile_set,
)
from generator.model import Card, Deck
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


def tiles(deck: Deck, players: tuple[int, int]) -> list[Problem]:
    """Exactly the 20 tiles: 0-9 black and white, both 5s green, which the rules deal to 2, 3 or
    4 players only (exactly: the tiles are the codes every question is answered and rated
    over, so a tile more or less is another game)."""
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
    undealt = [n for n in range(players[0], players[1] + 1) if n not in DEALS]
    if undealt:
        what = f"the rules deal the tiles to {_either(DEALS)} players, not to {_either(undealt)}"
        problems.append(deck_problem(deck, what))
    return problems


def questions(deck: Deck) -> list[Problem]:
    """Each card's parameters make sense for its kind; then each card tells the asker something
    and asks what no other card asks (repeated ids are caught with card ids)."""
    problems = []
    sound = []
    for card in deck.cards:
        found = problems_with(question(card), _given(card))
        for parameter, what in found:
            problems.append(Problem(card.file, card.line, f"{card.where}.{parameter}", what))
        if not found:
            problems += _tells_nothing(card)
            sound.append(card)
    asks = ((_asked(card), card, card.where) for card in sound)
    return problems + repeats(asks, lambda _, other: f"asks what {other} asks")


def _tells_nothing(card: Card) -> list[Problem]:
    """A question every code answers alike cannot be told apart from not asking: the asker
    learns nothing, whatever the code (a compare with nothing above 9, say)."""
    asked = question(card)
    for size in HAND_SIZES:
        hands = distinct_hands(size)
        for choice in asked.choices:
            said = answers(asked, hands, choice)
            if (said == said[0]).all():
                only = spoken_english(answer(asked, hands.hand(0), choice))
                picked = "" if choice is None else f" when the asker picks {choice}"
                what = (
                    f"every {size}-tile code answers it '{only}'{picked}: the question tells "
                    "the asker nothing"
                )
                return [Problem(card.file, card.line, card.where, what)]
    return []


def _given(card: Card) -> set[str]:
    """The parameters the card sets: not left out, not false, not empty, and not the default
    ``tiles: all`` (``value: 0`` is set, though ``0 == False``)."""
    given = {
        p for p in PARAMETERS if card.fields[p] not in (None, []) and card.fields[p] is not False
    }
    return given - ({"tiles"} if card.fields["tiles"] == "all" else set())


def _either(numbers: Iterable[int]) -> str:
    """``2, 3 or 4``."""
    words = [str(n) for n in numbers]
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def _asked(card: Card) -> tuple[object, ...]:
    """What a card asks, whatever its id (the order of its numbers does not matter)."""
    fields = {**card.fields, "numbers": tuple(sorted(card.fields["numbers"]))}
    return tuple(value for name, value in sorted(fields.items()) if name != "id")
