"""What a game's engine builds its summary sections with: named rules from its locale and
pictures drawn by its templates.

Apart from :mod:`~generator.rulebook.compose`, which renders: every engine imports these
(its ``summary`` module), and a ``pnp rules`` query that reads card data imports the engine, so
this module imports no template engine or drawing library. The renderer a :class:`Pictures`
draws with is handed in by the composer, which alone imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.model import Card, Deck
from generator.rulebook.content import Entry, Picture, Reference
from generator.rulebook.words import Words

if TYPE_CHECKING:
    from generator.render.templates import CardRenderer

PICTOGRAM = "pictogram.svg.j2"


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
