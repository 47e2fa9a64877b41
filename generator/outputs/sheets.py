"""Which card goes on which sheet of a game, for the options a user prints with: shared or one
deck per sheet, duplex or gutterfold, cut by hand or by a machine. The card sheets and the
cut files of a game are made from the same :class:`Layout`, so a cut line lies on its card.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.imposition import Run, Sheet, SheetStyle, Slot, fit_grid, plan
from generator.layout.sizes import CardSize, Paper
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
        """How a back reaches its front: across the fold of a gutterfold page (as over the long
        edge of an upright sheet), else by the printer's flip (a stack turned over by hand is
        turned like the page of a book, over its long edge)."""
        return "short" if options.duplex == "short" and not self.gutterfold else "long"


def layout(game: Game, options: Options) -> Layout | list[Problem]:
    """The layout of ``game``'s cards, or a problem at the size of each deck too large for a
    sheet."""
    style = sheet_style(options)
    problems = [
        _too_large(deck, options)
        for deck in game.decks
        if fit_grid(_planned_on(options, deck.size, style), deck.size, style) is None
    ]
    if problems:
        return problems
    per_deck = [[(deck, card) for card in deck.cards] for deck in game.decks]
    runs = per_deck if options.sheets == "per-deck" else _by_size(game)
    best: Layout | None = None
    for page in _pages(options):
        half = _half(page) if options.layout == "gutterfold" else page
        sheets = plan(half, _runs(runs), style, share=options.sheets == "shared")
        alone = len(plan(half, _runs(per_deck), style, share=False))
        if best is None or len(sheets) < len(best.sheets):
            best = Layout(page, sheets, runs, alone - len(sheets))
    assert best is not None
    return best


def sheet_style(options: Options) -> SheetStyle:
    """Crop marks for cutting by hand."""
    return SheetStyle()


def _by_size(game: Game) -> list[list[Placed]]:
    """The cards of all decks of each size, in deck order, sizes in order of first use."""
    runs: dict[CardSize, list[Placed]] = {}
    for deck in game.decks:
        runs.setdefault(deck.size, []).extend((deck, card) for card in deck.cards)
    return list(runs.values())


def _runs(runs: list[list[Placed]]) -> list[Run]:
    return [Run(cards[0][0].size, len(cards)) for cards in runs if cards]


def _pages(options: Options) -> tuple[Paper, ...]:
    """The paper as printed: upright, or for a gutterfold sheet either way up (the one that
    takes fewer sheets wins, upright on a tie)."""
    if options.layout == "gutterfold":
        return (options.paper.turned(False), options.paper.turned(True))
    return (options.paper,)


def _half(page: Paper) -> Paper:
    """The left half of a gutterfold page: the fronts; the backs are its mirror image."""
    return Paper(page.name, page.width / 2, page.height)


def _planned_on(options: Options, card: CardSize, style: SheetStyle) -> Paper:
    """The paper (or half of it) where a card fits if it fits anywhere."""
    pages = [_half(p) if options.layout == "gutterfold" else p for p in _pages(options)]
    return next((p for p in pages if fit_grid(p, card, style) is not None), pages[0])


def _too_large(deck: Deck, options: Options) -> Problem:
    where = " (half a sheet, with --layout gutterfold)" if options.layout == "gutterfold" else ""
    what = (
        f"a {deck.size.width:g} x {deck.size.height:g} mm card "
        f"does not fit on {options.paper.name} paper{where}"
    )
    return Problem(deck.file, deck.line, f"decks.{deck.id}.size", what)
