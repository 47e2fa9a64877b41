"""What every game's rule engine provides to the shared pipeline.

One small class per game overrides these hooks and is found through the registry in
``generator.games`` (the python-chess variant model). The shared layer loads, checks the schema,
renders and prints; the engine knows the game: what a card of each deck holds, whether a deck set
is complete and legal, and how to answer questions about play (``pnp rules GAME ...``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from generator import DEFAULT_DATA_DIR
from generator.model import Card, Deck, Game
from generator.problems import Problem
from generator.schema import Field

if TYPE_CHECKING:
    from generator.rulebook.compose import Pictures
    from generator.rulebook.content import Section
    from generator.rulebook.words import Words


class RuleError(Exception):
    """A move the rules do not allow (as opposed to malformed data): ``pnp rules`` exit code 1."""


class GameRules:
    """Base class of a game's rule engine."""

    id: ClassVar[str]
    card_fields: ClassVar[dict[str, dict[str, Field]]]
    """For each deck the game knows, the fields of one card."""

    def validate(self, game: Game) -> list[Problem]:
        """Problems with the deck set as a whole (counts, uniqueness, the game's own rules)."""
        return []

    summary_steps: ClassVar[tuple[str, str]] = ("summary.setup", "summary.turn")
    """The locale keys of the numbered setup and turn steps of the rulebook summary."""

    summary_wording: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The texts the engine's summary sections print, each with the values it may show."""

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        """The rulebook summary's card reference, worked examples and tables for ``game``."""
        return []

    def add_rules_commands(self, parser: argparse.ArgumentParser) -> None:
        """Add ``pnp rules <game> ...`` sub-commands to ``parser``."""

    def run_rules(self, args: argparse.Namespace) -> tuple[str, Any]:
        """Answer a ``pnp rules`` query: (human-readable text, JSON-ready value)."""
        raise NotImplementedError


def missing_texts(game: Game, keys: list[str]) -> list[Problem]:
    """Every locale must hold the texts the engine knows its cards print."""
    return [
        Problem(locale.file, locale.line_for(key), key, "missing translation")
        for locale in game.locales.values()
        for key in keys
        if locale.text(key) is None
    ]


def repeated(cards: tuple[Card, ...], *keys: str) -> list[Problem]:
    """Cards whose value under one of ``keys`` repeats an earlier one (under any of the keys),
    each naming the card it repeats."""
    return repeats(
        ((card.fields[key], card, f"{card.where}.{key}") for card in cards for key in keys),
        lambda value, other: f"{value} is already used by {other.where} (line {other.line})",
    )


def repeats(
    entries: Iterable[tuple[Hashable, Card, str]], what: Callable[[Any, Card], str]
) -> list[Problem]:
    """A problem at each (value, card, where) whose value an earlier card already has;
    ``what(value, earlier card)`` says what is wrong."""
    first: dict[Hashable, Card] = {}
    problems = []
    for value, card, where in entries:
        if value in first:
            problems.append(Problem(card.file, card.line, where, what(value, first[value])))
        else:
            first[value] = card
    return problems


def required_decks(game: Game, deck_ids: tuple[str, ...]) -> tuple[list[Deck], list[Problem]]:
    """The decks an engine needs, in order, or the problem naming those the game lacks."""
    decks = [game.deck(deck_id) for deck_id in deck_ids]
    absent = [deck_id for deck_id, deck in zip(deck_ids, decks, strict=True) if deck is None]
    if absent:
        what = f"the game needs the deck{'s' if len(absent) > 1 else ''} {', '.join(absent)}"
        return [], [Problem(f"{game.id}/game.yaml", 1, "decks", what)]
    return [deck for deck in decks if deck is not None], []


def deck_of(game: Game, deck_id: str) -> Deck:
    """A deck the engine's validation required, for code that runs on validated data."""
    deck = game.deck(deck_id)
    assert deck is not None, f"validation requires the deck {deck_id}"
    return deck


def exactly(deck: Deck, count: int, what: str) -> list[Problem]:
    """The deck holds ``count`` cards (``what`` names them in the message)."""
    if len(deck.cards) == count:
        return []
    return [deck_problem(deck, f"the game has {count} {what}, found {len(deck.cards)}")]


def deck_problem(deck: Deck, what: str) -> Problem:
    """A problem of a deck as a whole, at the top of its card file."""
    file = deck.cards[0].file if deck.cards else deck.file
    return Problem(file, 1, deck.id, what)


def add_data_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--data DIR`` for queries that work on the card data a user would print."""
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help=f"{what} (default: the shipped card data)",
    )


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return _at_least(text, 1)


def count_int(text: str) -> int:
    """An argparse type: a count, a whole number of at least 0."""
    return _at_least(text, 0)


def _at_least(text: str, low: int) -> int:
    if not text.isdigit() or len(text) > 9 or int(text) < low:
        what = "at least 1" if low else "0 or more"
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number, {what}")
    return int(text)
