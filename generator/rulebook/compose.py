"""One game's summary in one language: the shared parts from the locale and the card data, the
card reference and worked examples from the game's rule engine.

Composing renders every picture's SVG and fills every text, so ``summary_problems`` runs it at
validation time: a missing word or a broken pictogram template is reported with the card data's
other problems, before anything is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.model import Card, Deck, Game, Handout
from generator.problems import Problem
from generator.render.templates import CardRenderer
from generator.rulebook.content import Component, Entry, Picture, Reference, Section, Summary
from generator.rulebook.words import Wording, Words, wording_problems

HEADINGS = ("components", "setup", "turn")
PICTOGRAM = "pictogram.svg.j2"


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


@dataclass(frozen=True)
class NamedRules:
    """A section of named rules in a locale (the ones a turn's steps leave out): under ``key``,
    a title, an introduction if ``intro``, and a name and a text per rule. ``values`` are the
    engine's numbers a rule's text shows, by rule: the texts are declared and filled from this
    one description, so they cannot drift apart."""

    rules: tuple[str, ...]
    key: str = "summary.rules"
    intro: bool = False
    values: Mapping[str, Mapping[str, object]] = field(default_factory=dict)

    def wording(self) -> dict[str, tuple[str, ...]]:
        """The locale keys of the section, each with the values its text may show."""
        return {
            f"{self.key}.title": (),
            **({f"{self.key}.intro": ()} if self.intro else {}),
            **{f"{self.key}.{rule}.name": () for rule in self.rules},
            **{f"{self.key}.{rule}.text": tuple(self.values.get(rule, {})) for rule in self.rules},
        }

    def section(self, words: Words) -> Reference:
        """The rules, each an entry under the section's title."""
        entries = [
            Entry(
                words(f"{self.key}.{rule}.name"),
                words(f"{self.key}.{rule}.text", **self.values.get(rule, {})),
            )
            for rule in self.rules
        ]
        intro = words(f"{self.key}.intro") if self.intro else ""
        return Reference(words(f"{self.key}.title"), entries, intro=intro)


class Pictures:
    """Cards and pictograms drawn by the game's own templates, in one locale."""

    def __init__(self, renderer: CardRenderer) -> None:
        self.renderer = renderer
        self.folder = renderer.game.templates

    def card(
        self,
        deck: Deck,
        card: Card,
        back: bool = False,
        scale: float = 1.0,
        caption: str = "",
        turns: int = 0,
    ) -> Picture:
        """A card's face (or back) at its trim size times ``scale``, ``turns`` quarter turns
        clockwise."""
        svg = self.renderer.back(deck, card) if back else self.renderer.front(deck, card)
        size = deck.size
        return Picture(svg or "", self.folder, size.width, size.height, scale, caption, turns)

    def pictogram(self, kind: str, size: float, caption: str = "", **context: Any) -> Picture:
        """The game's pictogram of ``kind`` (a condition, an ability, a board...) from its
        ``pictogram.svg.j2``, drawn into a square of ``size`` mm."""
        svg = self.renderer.picture(PICTOGRAM, {"kind": kind, "size": size, **context})
        return Picture(svg or "", self.folder, size, size, 1.0, caption)


def summarise(game: Game, lang: str, engine: SummaryHooks) -> tuple[Summary, list[Problem]]:
    """The summary of ``game`` in ``lang`` and any problem its templates had."""
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
