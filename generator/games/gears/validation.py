"""Deck checks that need the whole game: complete gear sets, the round deck, the code deck, and
the texts every locale must have for the cards the data holds."""

from __future__ import annotations

from generator.games.base import deck_problem, exactly, repeated
from generator.games.gears.decks import CHARACTERS
from generator.games.gears.parts import (
    CHARACTER_ABILITIES,
    CODE_COLOURS,
    CODE_NUMBERS,
    CONDITIONS,
    EFFECTS,
    GEAR_COLOURS,
    GEAR_VALUES,
)
from generator.model import Card, Deck, Game
from generator.problems import Problem


def dashed(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(map(str, values))


def gear_sets(deck: Deck, players: int) -> list[Problem]:
    """One gear of each colour per set, enough sets for the most players, the colour's values."""
    problems = [_gear_values(card) for card in deck.cards]
    sets: dict[str, list[str]] = {}
    for card in deck.cards:
        sets.setdefault(card.fields["set"], []).append(card.fields["colour"])
    for mark, colours in sets.items():
        missing = [c for c in GEAR_COLOURS if c not in colours]
        if missing:
            problems.append(deck_problem(deck, f"set {mark} has no {' or '.join(missing)} gear"))
    if len(sets) < players:
        problems.append(
            deck_problem(
                deck, f"{len(sets)} gear sets for up to {players} players: each needs a set"
            )
        )
    return [p for p in problems if p is not None]


def _gear_values(card: Card) -> Problem | None:
    colour, values = card.fields["colour"], tuple(card.fields["values"])
    wanted = GEAR_VALUES[colour]
    if values == wanted:
        return None
    return Problem(
        card.file,
        card.line,
        f"{card.where}.values",
        f"a {colour} gear reads {dashed(wanted)} clockwise from the top; this one reads "
        f"{dashed(values)}",
    )


def round_cards(deck: Deck) -> list[Problem]:
    """Ten cards: every known condition once, every known night effect once."""
    problems = repeated(deck.cards, "effect") + exactly(deck, len(CONDITIONS), "round cards")
    for key, known in (("condition", CONDITIONS), ("effect", EFFECTS)):
        present = {card.fields[key] for card in deck.cards}
        missing = [k for k in known if k not in present]
        if missing:
            problems.append(deck_problem(deck, f"no round card has the {key} {', '.join(missing)}"))
    return problems


def code_cards(deck: Deck) -> list[Problem]:
    """Exactly the 16 pairs of {red, blue, yellow, purple} x {1..4} (duplicates are caught
    when card ids are made)."""
    present = {(card.fields["colour"], card.fields["number"]) for card in deck.cards}
    missing = [
        f"{colour} {number}"
        for colour in CODE_COLOURS
        for number in CODE_NUMBERS
        if (colour, number) not in present
    ]
    problems = exactly(deck, len(CODE_COLOURS) * len(CODE_NUMBERS), "code cards")
    if missing:
        problems.insert(0, deck_problem(deck, f"missing code card {', '.join(missing)}"))
    return problems


def characters(deck: Deck, players: int) -> list[Problem]:
    """A character for every player, and no ability on two sides."""
    problems = repeated(deck.cards, "day", "night")
    if len(deck.cards) < players:
        problems.append(
            deck_problem(deck, f"{len(deck.cards)} characters for up to {players} players")
        )
    return problems


def printed_keys(game: Game) -> list[str]:
    """Texts every locale must have for the cards in the data."""
    keys = ["title", "shift.day", "shift.night", "round.jam", "code.entered", "code.checking"]
    keys += ["token.name", "character.day_rule", "character.night_rule"]
    keys += [f"colours.{colour}" for colour in GEAR_COLOURS]
    keys += [f"conditions.{c}.{part}" for c in CONDITIONS for part in ("name", "text")]
    keys += [f"effects.{e}.{part}" for e in EFFECTS for part in ("name", "text")]
    keys += [f"abilities.{a}" for a in CHARACTER_ABILITIES]
    characters = game.deck(CHARACTERS)
    keys += [f"characters.{c.fields['id']}" for c in characters.cards] if characters else []
    return keys
