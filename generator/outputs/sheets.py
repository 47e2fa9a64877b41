"""Which card goes on which sheet of a game, for the options a user prints with: shared or one
deck per sheet, duplex or gutterfold, cut by hand or by a machine. The card sheets and the
cut files of a game are made from the same :class:`Layout`, so a cut line lies on its card.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.geometry.imposition import Sheet, SheetStyle, Slot, fit_grid
from generator.geometry.shapes import Rect
from generator.geometry.sheet_plan import Run, plan
from generator.geometry.sizes import CardSize, Paper
from generator.model import Card, Deck, Game
from generator.options import Options
from generator.problems import Problem

Placed = tuple[Deck, Card]


@dataclass(frozen=True)
class Layout:
    """The sheets of a game, the paper each page is printed on, and the cards of each run."""

    page: Paper
    """The paper as printed: a gutterfold sheet is the paper turned to fit the most cards; its
    sheets are planned on the left half."""
    sheets: list[Sheet]
    runs: list[list[Placed]]
    saved: int
    """Sheets saved by sharing them, over each deck on sheets of its own."""

    def cards(self, sheet: Sheet) -> list[tuple[Slot, Deck, Card]]:
        return [(slot, *self.runs[slot.run][slot.index]) for slot in sheet.slots()]

    @property
    def gutterfold(self) -> bool:
        return self.page != self.sheets[0].paper if self.sheets else False

    def flip(self, options: Options) -> str:
        """How a back reaches its front: across the fold of a gutterfold page, else by the
        printer's flip (a stack turned over by hand is turned like the page of a book, over
        its long edge)."""
        if self.gutterfold:
            return "fold"
        return "short" if options.duplex == "short" else "long"


def layout(game: Game, options: Options) -> Layout | list[Problem]:
    """The layout of ``game``'s cards, or a problem at the size of each deck too large for a
    sheet. The paper is upright, or turned where that takes fewer sheets for a layout that
    may turn it (upright on a tie)."""
    pages = _pages(options)
    fitting = [page for page in pages if _fits(game, page, options)]
    if not fitting:  # the decks that do not fit the paper upright (one way suits them all)
        return [
            _too_large(deck, options)
            for deck in game.decks
            if not _fits_deck(deck, pages[:1], options)
        ]
    per_deck = [[(deck, card) for card in deck.cards] for deck in game.decks]
    runs = per_deck if options.sheets == "per-deck" else _by_size(game)
    layouts = []
    for page in fitting:
        planned_on, style = _planned_on(page, options), sheet_style(options, page)
        sheets = plan(planned_on, _runs(runs), style, share=options.sheets == "shared")
        alone = len(plan(planned_on, _runs(per_deck), style, share=False))
        layouts.append(Layout(page, sheets, runs, alone - len(sheets)))
    return min(layouts, key=lambda planned: len(planned.sheets))


def _fits(game: Game, page: Paper, options: Options) -> bool:
    return all(_fits_deck(deck, (page,), options) for deck in game.decks)


def _fits_deck(deck: Deck, pages: tuple[Paper, ...], options: Options) -> bool:
    return any(
        fit_grid(_planned_on(page, options), deck.size, sheet_style(options, page)) is not None
        for page in pages
    )


def sheet_style(options: Options, page: Paper) -> SheetStyle:
    """Crop marks for cutting by hand; for a cutting machine, none (its registration marks
    frame the sheet, and a line inside them could be read as one): the cards keep out of the
    marks' band along the edges and of the corners they take."""
    if options.cut == "none":
        return SheetStyle()
    registration = options.registration
    band = registration.keep_out()
    blocked = tuple(
        Rect(zone.x0, zone.y0, zone.x1 - zone.x0, zone.y1 - zone.y0)
        for zone in registration.zones(page)
    )
    keep_out = (band.top, band.right, band.bottom, band.left)
    return SheetStyle(crop_marks=False, keep_out=keep_out, blocked=blocked)


def _by_size(game: Game) -> list[list[Placed]]:
    """The cards of all decks of each size, in deck order, sizes in order of first use."""
    runs: dict[CardSize, list[Placed]] = {}
    for deck in game.decks:
        runs.setdefault(deck.size, []).extend((deck, card) for card in deck.cards)
    return list(runs.values())


def _runs(runs: list[list[Placed]]) -> list[Run]:
    return [Run(cards[0][0].size, len(cards)) for cards in runs if cards]


def _pages(options: Options) -> tuple[Paper, ...]:
    """The paper as printed: upright for a duplex printer (which turns it over a known edge);
    either way up for a gutterfold sheet or a cutting machine (poker cards fit 4 x 2 across an
    A4 sheet inside a cutter's marks, 2 x 3 upright)."""
    if options.layout == "gutterfold" or options.cut != "none":
        return (options.paper.turned(False), options.paper.turned(True))
    return (options.paper,)


def _half(page: Paper) -> Paper:
    """The left half of a gutterfold page: the fronts; the backs are its mirror image."""
    return Paper(page.name, page.width / 2, page.height)


def _planned_on(page: Paper, options: Options) -> Paper:
    """Where the fronts go: the page, or its left half for a gutterfold sheet."""
    return _half(page) if options.layout == "gutterfold" else page


def _too_large(deck: Deck, options: Options) -> Problem:
    where = " (half a sheet, with --layout gutterfold)" if options.layout == "gutterfold" else ""
    what = (
        f"a {deck.size.width:g} x {deck.size.height:g} mm card "
        f"does not fit on {options.paper.name} paper{where}"
    )
    return Problem(deck.file, deck.line, f"decks.{deck.id}.size", what)
