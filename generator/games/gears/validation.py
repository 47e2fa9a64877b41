"""Deck checks that need the whole game: complete gear sets, the round deck, the code deck, the
player aids, and the texts every locale must have for the cards the data holds."""

from __future__ import annotations

from generator.games.base import at_least, deck_problem, exactly, repeated, repeats
from generator.games.gears.decks import CHARACTERS
from generator.games.gears.parts import (
    CHARACTER_ABILITIES,
    CODE_COLOURS,
    CODE_NUMBERS,
    CONDITIONS,
    CORNERS,
    EFFECTS,
    GEAR_COLOURS,
    GEAR_VALUES,
    ROUND_STEPS,
)
from generator.games.gears.simulate import SHIFT_ROUNDS
from generator.model import Card, Deck, Game
from generator.problems import Problem


def dashed(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(map(str, values))


def gear_sets(deck: Deck, players: int) -> list[Problem]:
    """One gear of each colour per set, enough sets for the most players, the colour's values:
    set by set and card by card, so a set an expansion adds (E) is held to them as A-D are."""
    problems: list[Problem | None] = [_gear_values(card) for card in deck.cards]
    problems += repeats(
        (((card.fields["set"], card.fields["colour"]), card, f"{card.where}.colour")
         for card in deck.cards),
        lambda pair, other: f"set {pair[0]} has a {pair[1]} gear already: {other}",
    )  # fmt: skip
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


def round_cards(deck: Deck, players: int) -> list[Problem]:
    """Enough cards for the ten rounds a game plays, every known condition and night effect on
    a card, no two cards alike, and a corner for every player's gear.

    The shipped deck has each condition and each effect once, but the rules need only that a
    game can draw its ten rounds: a card an expansion adds repeats a condition (there are ten)
    with another night effect, so what may not repeat is the pair. The counts are the least a
    deck holds, so the shipped deck is still checked as strictly as before."""
    problems = repeats(
        (((c.fields["condition"], c.fields["effect"]), c, c.where) for c in deck.cards),
        lambda pair, other: f"{pair[0]} with {pair[1]} is already used by {other}",
    )
    problems += at_least(deck, 2 * SHIFT_ROUNDS, "round cards")
    for key, known in (("condition", CONDITIONS), ("effect", EFFECTS)):
        present = {card.fields[key] for card in deck.cards}
        missing = [k for k in known if k not in present]
        if missing:
            problems.append(deck_problem(deck, f"no round card has the {key} {', '.join(missing)}"))
    if players > CORNERS:
        problems.append(
            deck_problem(
                deck,
                f"a round card has {CORNERS} corners, one for each player's gear: the game is "
                f"for at most {CORNERS} players, not {players}",
            )
        )
    return problems


def code_cards(deck: Deck) -> list[Problem]:
    """Exactly the 16 pairs of {red, blue, yellow, purple} x {1..4} (duplicates are caught
    when card ids are made). Exact even in an expansion: a code card is its colour and number,
    so there is no 17th, and four each serve the four players a round card seats."""
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


def aids(deck: Deck, gears: Deck, players: int) -> list[Problem]:
    """An aid for every player, each marked with a set of gears, so a player keeps the aid of
    their set (a spare set, as an expansion's fifth, needs none: it adds no seat)."""
    sets = {card.fields["set"] for card in gears.cards}
    problems = [
        Problem(card.file, card.line, f"{card.where}.set", f"there are no set {mark} gears")
        for card in deck.cards
        if (mark := card.fields["set"]) not in sets
    ]
    seen: set[str] = set()
    for card in deck.cards:
        mark = card.fields["set"]
        if mark in seen:
            what = f"set {mark} has a player aid already: one aid a set"
            problems.append(Problem(card.file, card.line, f"{card.where}.set", what))
        seen.add(mark)
    if len(seen) < players:
        problems.append(deck_problem(deck, f"{len(seen)} player aids for up to {players} players"))
    return problems


def printed_keys(game: Game) -> list[str]:
    """Texts every locale must have for the cards in the data."""
    keys = ["title", "shift.day", "shift.night", "round.jam", "code.entered", "code.checking"]
    keys += ["token.name", "character.day_rule", "character.night_rule"]
    keys += ["aid.name", "aid.round", "aid.end", "aid.gears"]
    keys += [f"aid.steps.{step}" for step in ROUND_STEPS]
    keys += [f"aid.abilities.{colour}" for colour in GEAR_COLOURS]
    keys += [f"colours.{colour}" for colour in GEAR_COLOURS]
    keys += [f"conditions.{c}.{part}" for c in CONDITIONS for part in ("name", "text")]
    keys += [f"effects.{e}.{part}" for e in EFFECTS for part in ("name", "text")]
    keys += [f"abilities.{a}" for a in CHARACTER_ABILITIES]
    characters = game.deck(CHARACTERS)
    keys += [f"characters.{c.fields['id']}" for c in characters.cards] if characters else []
    return keys
