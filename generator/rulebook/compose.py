"""One game's summary in one language: the shared parts from the locale and the card data, the
card reference and worked examples from the game's rule engine.

Composing renders every picture's SVG and fills every text, so ``summary_problems`` runs it at
validation time: a missing word or a broken pictogram template is reported with the card data's
other problems, before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from generator.model import Deck, Game, Handout
from generator.problems import Problem
from generator.rulebook.content import Component, Section, Summary
from generator.rulebook.hooks import Pictures
from generator.rulebook.words import Wording, Words, wording_problems

HEADINGS = ("components", "setup", "turn")


class SummaryHooks(Protocol):
    """All that a summary needs of a game's rule engine: the locale keys of its steps, the texts
    its own sections print, and those sections. Defined here so the rulebook depends on no game.
    """

    @property
    def summary_steps(self) -> tuple[str, str]:
        """The locale keys of the numbered setup and turn steps."""

    @property
    def summary_wording(self) -> Mapping[str, tuple[str, ...]]:
        """The texts the engine's sections print, each with the values it may show."""

    @property
    def summary_both_sides(self) -> tuple[str, ...]:
        """The decks whose components picture shows both sides of a card: pieces a player
        turns over to play another way (a 3x3 token's colour and chess piece)."""

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        """The card reference, worked examples and tables for ``game``."""


def wording(game: Game, engine: SummaryHooks) -> Wording:
    """Every text the summary of ``game`` prints, with the values each may show."""
    shared: dict[str, tuple[str, ...]] = {
        "title": (),
        "summary.players": ("low", "high"),
        "summary.time": (),
        "summary.goal": (),
        "summary.words.list": ("items", "last"),
        **{f"summary.headings.{heading}": () for heading in HEADINGS},
        **{f"summary.components.{deck.id}": () for deck in game.decks},
        **{f"summary.components.{handout.id}": () for handout in game.handouts},
    }
    return {**shared, **engine.summary_wording}


def summary_problems(game: Game, engine: SummaryHooks) -> list[Problem]:
    """Everything that would keep a summary from printing, in every locale."""
    return [problem for lang in game.locales for problem in checked_summary(game, lang, engine)[1]]


def checked_summary(
    game: Game, lang: str, engine: SummaryHooks
) -> tuple[Summary | None, list[Problem]]:
    """The summary of ``game`` in ``lang`` with every problem that would keep it from
    printing: its words first (a value a text cannot show), then its templates."""
    found = wording_problems(game.locales[lang], wording(game, engine), engine.summary_steps)
    if found:
        return None, found
    return summarise(game, lang, engine)


def summarise(game: Game, lang: str, engine: SummaryHooks) -> tuple[Summary, list[Problem]]:
    """The summary of ``game`` in ``lang`` and any problem its templates had."""
    from generator.render.templates import CardRenderer  # the drawing stack: not for wording

    locale = game.locales[lang]
    renderer = CardRenderer(game, locale)
    words = Words(locale)
    pictures = Pictures(renderer)
    low, high = game.players
    setup, turn = engine.summary_steps
    summary = Summary(
        title=words("title"),
        facts=[words("summary.players", low=low, high=high), words("summary.time")],
        goal=words("summary.goal"),
        headings={heading: words(f"summary.headings.{heading}") for heading in HEADINGS},
        components=[
            *(_component(deck, words, pictures, engine.summary_both_sides) for deck in game.decks),
            *(_printed(handout, words) for handout in game.handouts),
        ],
        setup=words.steps(setup),
        turn=words.steps(turn),
        sections=engine.summary_sections(game, words, pictures),
    )
    return summary, renderer.problems


def _component(
    deck: Deck, words: Words, pictures: Pictures, both_sides: tuple[str, ...]
) -> Component:
    name = words(f"summary.components.{deck.id}")
    if not deck.cards:
        return Component(name, 0, None)
    first = deck.cards[0]
    back = pictures.card(deck, first, back=True) if deck.id in both_sides else None
    return Component(name, len(deck.cards), pictures.card(deck, first), back)


def _printed(handout: Handout, words: Words) -> Component:
    """A handout is a component too (a board, a screen per player); it has no picture, as
    one drawn to the cards' scale would be a page wide or a card's picture a dot."""
    return Component(words(f"summary.components.{handout.id}"), handout.copies, None)
