"""Where each card of a game prints, front and back, page by page, worked out from the sheet
layout and the printing options as a person would: page order and the mirror image of a flip
written out here, not taken from the code under test."""

from __future__ import annotations

from dataclasses import dataclass

from generator.geometry.shapes import Rect
from generator.model import Card, Game
from generator.options import Options
from generator.outputs.sheets import Layout, layout


@dataclass(frozen=True)
class Where:
    """A card's front and back: the page (0-based) and the trim rectangle in mm."""

    front_page: int
    front: Rect
    back_page: int
    back: Rect


def placed(game: Game, options: Options | None = None) -> dict[tuple[str, str], Where]:
    """Every card of ``game`` by (deck id, card id), printed with ``options`` (the defaults:
    A4, shared sheets, long-edge duplex)."""
    options = options or Options()
    planned = layout(game, options)
    assert isinstance(planned, Layout), planned
    found = {}
    count = len(planned.sheets)
    for number, sheet in enumerate(planned.sheets):
        front_page, back_page = _pages(number, count, options)
        for slot, deck, card in planned.cards(sheet):
            back = _behind(slot.trim, planned, options)
            assert (deck.id, card.id) not in found, f"{deck.id} {card.id} printed twice"
            found[(deck.id, card.id)] = Where(front_page, slot.trim, back_page, back)
    return found


def of_deck(game: Game, deck_id: str, options: Options | None = None) -> list[tuple[Card, Where]]:
    """Every card of the deck ``deck_id``, in deck order, with where it prints."""
    deck, found = game.deck(deck_id), placed(game, options)
    assert deck is not None, deck_id
    return [(card, found[(deck_id, card.id)]) for card in deck.cards]


def pages_with_cards(found: dict[tuple[str, str], Where]) -> set[int]:
    """The pages (from 0) that print a card's front or back."""
    return {w.front_page for w in found.values()} | {w.back_page for w in found.values()}


def empty(found: dict[tuple[str, str], Where], page: int) -> list[Rect]:
    """The slots on ``page`` no card takes: where the rows and columns of the cards of a size
    printed there cross with no card (the end of a band's last row)."""
    trims = [w.front for w in found.values() if w.front_page == page]
    trims += [w.back for w in found.values() if w.back_page == page]
    slots = []
    for size in sorted({(t.width, t.height) for t in trims}):
        same = [t for t in trims if (t.width, t.height) == size]
        taken = {(t.x, t.y) for t in same}
        slots += [
            Rect(x, y, *size)
            for y in sorted({t.y for t in same})
            for x in sorted({t.x for t in same})
            if (x, y) not in taken
        ]
    return slots


def _pages(number: int, count: int, options: Options) -> tuple[int, int]:
    if options.layout == "gutterfold":
        return number, number
    if options.duplex == "none":
        return number, count + number
    return 2 * number, 2 * number + 1


def _behind(trim: Rect, planned: Layout, options: Options) -> Rect:
    """Folded down the middle, columns change places; turned over an edge, the rows change
    places when it is the top edge: the short edge of an upright page, the long edge of a page
    turned sideways."""
    page = planned.page
    sideways = page.width > page.height
    top_edge = (options.duplex == "short") != sideways
    if options.layout != "gutterfold" and top_edge:
        return Rect(trim.x, page.height - trim.y - trim.height, trim.width, trim.height)
    return Rect(page.width - trim.x - trim.width, trim.y, trim.width, trim.height)
