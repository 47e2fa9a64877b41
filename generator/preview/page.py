"""The preview page: each deck's faces in card order, fronts and backs, and the problems.

Written from ``page.html.j2`` by a Jinja2 environment that escapes every value: card ids,
problem messages and file names come from the user's files and stay text. A face is an
``<img>`` of its own URL (``/face/<key>.svg``, drawn by :meth:`Preview.face`), never SVG
written into the page: see :mod:`generator.preview.server` for why.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from generator.model import Deck
from generator.preview.state import View
from generator.render.faces import FaceSet

PIXELS_PER_MM = 3.0
"""How large a face is shown: a poker card with its bleed is 207 pixels wide."""


@dataclass(frozen=True)
class Shown:
    """One face on the page: its card (or ``back``), which side, its key and where the card
    is written."""

    name: str
    side: str
    key: str
    where: str


@dataclass(frozen=True)
class DeckShown:
    id: str
    cards: int
    width: int
    height: int
    faces: list[Shown]


def page(view: View, game_id: str, lang: str) -> str:
    """The whole page in ``lang``: the content and what keeps it current."""
    return _template().render(whole=True, **_context(view, game_id, lang))


def content(view: View, game_id: str, lang: str) -> str:
    """The content alone, which the page swaps in when the server announces a new version."""
    return _template().render(whole=False, **_context(view, game_id, lang))


def _context(view: View, game_id: str, lang: str) -> dict[str, object]:
    good = view.good
    game = good.game if good else None
    faces = good.faces.get(lang) if good else None
    title = game.locales[lang].text("title") if game and lang in game.locales else None
    decks = [_deck(deck, faces) for deck in game.decks] if game and faces else []
    return {
        "view": view,
        "game_id": game.name if game else game_id,
        "title": title or game_id,
        "lang": lang,
        "decks": decks,
        "faces": sum(len(deck.faces) for deck in decks),
    }


def _deck(deck: Deck, faces: FaceSet) -> DeckShown:
    """The deck's faces as printed: its one back first when the cards share it, else each
    card's back after its front."""
    shown = []
    if not deck.two_sided:
        back = faces.named[(deck.id, "back")]
        shown.append(Shown("back", "back", back, f"{deck.file}:{deck.line}"))
    for card in deck.cards:
        where = f"{card.file}:{card.line}"
        shown.append(Shown(card.id, "front", faces.front(deck, card), where))
        if deck.two_sided:
            shown.append(Shown(card.id, "back", faces.back(deck, card), where))
    width = round(deck.size.full_width * PIXELS_PER_MM)
    height = round(deck.size.full_height * PIXELS_PER_MM)
    return DeckShown(deck.id, len(deck.cards), width, height, shown)


@cache
def _template() -> jinja2.Template:
    loader = jinja2.FileSystemLoader(Path(__file__).parent)
    environment = jinja2.Environment(
        loader=loader, autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True
    )
    return environment.get_template("page.html.j2")
