"""What every game's rule engine provides to the shared pipeline, and the checks engines share.

One small class per game overrides these hooks and is found through the registry in
``generator.games.registry`` (the python-chess variant model). The shared layer loads, checks the
schema, renders and prints; the engine knows the game: what a card of each deck holds, whether a
deck set is complete and legal, and what its rulebook summary shows. Each shared stage sees only
the part it needs, through a protocol of its own (``deck_specs.CardSchema``,
``rulebook.compose.SummaryHooks``); a game's ``pnp rules`` queries are a separate object
(``generator.games.queries.RulesCommands``), so an engine needs none.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from generator.games.balance import Labels, Measure, Sampling
from generator.load.locale_coverage import MISSING
from generator.load.schema import DataFile, Field
from generator.model import Card, Deck, Game, Locale
from generator.problems import Problem
from generator.problems import RuleError as RuleError  # the rules' error, where engines look

if TYPE_CHECKING:
    from generator.rulebook.content import Section
    from generator.rulebook.hooks import Pictures
    from generator.rulebook.words import Words


LOWER_CASE_ID = Field(str, pattern=r"[a-z][a-z0-9-]*", pattern_help="a lower-case id")
"""A card's own id field (a locomotive, a character, an investor): what locale keys name it by."""


@dataclass(frozen=True)
class TellApart:
    """Cards players must tell apart at a glance, by more than their colour: the fronts of
    :attr:`decks` that differ in one of :attr:`fields` or, when :attr:`stack` is named, in the
    deck they come from. ``pnp validate`` looks at them as people who see colour differently
    do (:mod:`generator.vision`)."""

    decks: tuple[str, ...]
    """Decks whose cards lie side by side on the table, compared with each other."""
    fields: tuple[tuple[str, str], ...]
    """Each card field players read off a front, with what a problem calls it
    (``("fifteen", "colour")``: a 3x3 token's colour is its 15-puzzle side)."""
    stack: str = ""
    """What a problem calls the deck a card comes from, when players must tell the decks
    apart by their fronts (Gear & Piston's new, old and scrap parts); empty: they need not."""


class GameEngine:
    """Base class of a game's rule engine: its card schema, validation and summary hooks."""

    id: ClassVar[str]
    card_fields: ClassVar[dict[str, dict[str, Field]]]
    """For each deck the game knows, the fields of one card."""

    designed: ClassVar[bool] = False
    """Whether the game is described in data, its decks' fields and rules in ``game.yaml``
    (:mod:`generator.games.designed`), rather than by an engine in Python."""

    def rules_problems(self) -> list[Problem]:
        """What is wrong with the rules as the game describes them, found before any card is
        read: nothing, for rules written in Python."""
        return []

    def validate(self, game: Game) -> list[Problem]:
        """Problems with the deck set as a whole: every deck of :attr:`card_fields` must be in
        the game, and then obey :meth:`validate_decks`."""
        decks, problems = required_decks(game, tuple(self.card_fields))
        return problems or self.validate_decks(game, decks)

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        """The game's own rules over its decks (counts, uniqueness, what the brief asks), the
        decks given in the order of :attr:`card_fields`."""
        return []

    tell_apart: ClassVar[tuple[TellApart, ...]] = ()
    """What players must tell apart on the fronts of the engine's decks."""

    def distinctions(self, game: Game) -> list[TellApart]:
        """What players must tell apart in ``game``: :attr:`tell_apart`, and each deck of an
        expansion's own kind that says so (``tell_apart:`` in its description)."""
        own = [
            TellApart((deck.id,), tuple((name, name) for name in deck.tell_apart))
            for deck in game.decks
            if deck.tell_apart
        ]
        return [*self.tell_apart, *own]

    data_files: ClassVar[Mapping[str, DataFile]] = {}
    """The YAML files beside ``game.yaml`` the rules read (a handout's ``data:``), by name."""

    command_files: ClassVar[Mapping[str, DataFile]] = {}
    """The YAML files a player writes for the engine's commands (a car for ``pnp rules``), by
    kind; each has an editor schema, ``<kind>.schema.json``."""

    summary_steps: ClassVar[tuple[str, str]] = ("summary.setup", "summary.turn")
    """The locale keys of the numbered setup and turn steps of the rulebook summary."""

    summary_wording: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The texts the engine's summary sections print, each with the values it may show."""

    summary_both_sides: ClassVar[tuple[str, ...]] = ()
    """The decks whose picture in the summary's components shows a card's both sides."""

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        """The rulebook summary's card reference, worked examples and tables for ``game``."""
        return []

    def balance(self, game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
        """What the engine can measure of the deck as designed (``pnp report``): how often a
        card does what, from the rules alone or from games played at fixed seeds. None by
        default: a game without a report is still loaded, checked and printed."""
        return []

    def name_of(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """The card's name (:meth:`card_name`); a deck the engine does not know (an
        expansion's own) is named the way every game names a deck it has no naming for."""
        if deck.id in self.card_fields:
            return self.card_name(game, deck, card, locale)
        return GameEngine.card_name(self, game, deck, card, locale)

    def card_name(self, game: Game, deck: Deck, card: Card, locale: Locale) -> str:
        """The card's name in ``locale``, where a virtual table lists it (a Tabletop Simulator
        card's nickname): a player looking for a card searches by what it says, never by its
        id. Without a game's own naming: the deck's name and the card's place in the deck."""
        return f"{deck_name(deck, locale)} {place(deck, card)}"


def deck_name(deck: Deck, locale: Locale) -> str:
    """The deck's name in ``locale`` (``decks.<id>``), else its id: a name is a nicety a
    translator may leave out, never a reason to refuse an export."""
    return str(locale.text(f"decks.{deck.id}") or deck.id)


def text(locale: Locale, key: str) -> str:
    """The text of ``key``, for names built from texts the engine's validation requires; the
    key itself if it is missing, so a name never fails an export."""
    return str(locale.text(key) or key)


def place(deck: Deck, card: Card) -> int:
    """The card's place in its deck, from 1 (card ids are unique in a deck)."""
    return deck.places[card.id]


def missing_texts(game: Game, keys: list[str]) -> list[Problem]:
    """Every locale must hold the texts the engine knows its cards print."""
    return [
        Problem(locale.adds_to, locale.line_for(key), key, MISSING)
        if locale.adds_to == locale.file
        else Problem(locale.adds_to, 0, key, MISSING)
        for locale in game.locales.values()
        for key in keys
        if locale.text(key) is None
    ]


def repeated(cards: tuple[Card, ...], *keys: str) -> list[Problem]:
    """Cards whose value under one of ``keys`` repeats an earlier one (under any of the keys),
    each naming the card it repeats."""
    return repeats(
        ((card.fields[key], card, f"{card.where}.{key}") for card in cards for key in keys),
        lambda value, other: f"{value} is already used by {other}",
    )


def repeats(
    entries: Iterable[tuple[Hashable, Card, str]], what: Callable[[Any, str], str]
) -> list[Problem]:
    """A problem at each (value, card, where) whose value an earlier card already has;
    ``what(value, the earlier card)`` says what is wrong, the earlier card named as seen from
    the later one's file (:meth:`Card.seen_from`)."""
    first: dict[Hashable, Card] = {}
    problems = []
    for value, card, where in entries:
        if value in first:
            other = first[value].seen_from(card.file)
            at = card.line_of(where.removeprefix(f"{card.where}."))  # a sheet's cell
            problems.append(Problem(card.file, at, where, what(value, other)))
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


def at_least(deck: Deck, count: int, what: str) -> list[Problem]:
    """The deck holds ``count`` cards or more: the shipped count as the least a game needs, for a
    deck an expansion may add to (``what`` names the cards in the message)."""
    if len(deck.cards) >= count:
        return []
    return [deck_problem(deck, f"the game needs at least {count} {what}, found {len(deck.cards)}")]


def deck_problem(deck: Deck, what: str) -> Problem:
    """A problem of a deck as a whole, at the top of its card file: the last expansion's that
    adds cards to it, when one does (the game alone passed its rules, so the expansion is
    where the designer looks)."""
    added = [card for card in deck.cards if card.expansion]
    file = added[-1].file if added else deck.cards[0].file if deck.cards else deck.file
    return Problem(file, 1, deck.id, what)
