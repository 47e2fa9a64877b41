"""Card sheets: each game in each language as ``cards-<paper>.pdf``, every sheet of fronts
followed by its sheet of backs, so a duplex print puts each back behind its front.

Each distinct face is drawn once (or read from the cache) and placed on every slot that prints
it; memory grows with the distinct faces, not with the number of cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.layout.compose import Book, Page, Placement
from generator.layout.imposition import Grid, Rect, fit_grid
from generator.layout.pdf import marks, metadata
from generator.layout.sizes import Paper
from generator.model import Card, Deck, Game
from generator.options import Options
from generator.outputs.base import Job
from generator.problems import DataError, Problem
from generator.writer import Written

Slot = tuple[Deck, Card]


@dataclass
class Sheets:
    """The cards of one deck with the grid they are printed on."""

    grid: Grid
    cards: list[Slot] = field(default_factory=list)

    def chunks(self) -> Iterator[list[Slot]]:
        """The cards sheet by sheet."""
        size = self.grid.per_sheet
        for start in range(0, len(self.cards), size):
            yield self.cards[start : start + size]


class CardSheets:
    name = "card sheets"
    per_paper = True
    draws_faces = True
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return True

    def preflight(self, game: Game, options: Options) -> list[Problem]:
        return sheets_for(game, options.paper)[1]

    def write(self, job: Job) -> list[Written]:
        paper = job.options.paper
        path = job.folder / f"cards-{paper.name}.pdf"
        layouts, problems = sheets_for(job.game, paper)
        if problems:
            raise DataError(problems)
        book = Book(metadata(job.title))
        total = sum(-(-len(s.cards) // s.grid.per_sheet) for s in layouts)
        done = 0
        for sheets in layouts:
            for chunk in sheets.chunks():
                with job.stopwatch.stage("parse+draw"):
                    book.add_page(_front_page(job, book, sheets.grid, chunk))
                    book.add_page(_back_page(job, book, sheets.grid, chunk))
                done += 1
                job.report("", done, total)
        with job.stopwatch.stage("assembly"), job.writer.open(path) as stream:
            pages = book.save(stream)
        return [Written(path, self.name, pages, sum(len(s.cards) for s in layouts))]


def sheets_for(game: Game, paper: Paper) -> tuple[list[Sheets], list[Problem]]:
    """Each deck on its own sheets, fitted to its own card size: a sheet is cut into one deck,
    and a deck's backs (common or per card) follow its fronts. A deck too large for the paper
    is a problem at its size."""
    layouts = []
    problems = []
    for deck in game.decks:
        grid = fit_grid(paper, deck.size)
        if grid is None:
            what = (
                f"a {deck.size.width:g} x {deck.size.height:g} mm card "
                f"does not fit on {paper.name} paper"
            )
            problems.append(Problem(deck.file, deck.line, f"decks.{deck.id}.size", what))
            continue
        layouts.append(Sheets(grid, [(deck, card) for card in deck.cards]))
    return layouts, problems


def _printed(grid: Grid) -> Rect:
    """The part of a card's art a sheet prints, in the card's own coordinates."""
    return Rect(-grid.bleed_x, -grid.bleed_y, grid.pitch_x, grid.pitch_y)


def _front_page(job: Job, book: Book, grid: Grid, chunk: list[Slot]) -> Page:
    """The fronts of a sheet, with crop marks and the cut guides of the slots in use."""
    faces = [job.faces.front(deck, card) for deck, card in chunk]
    overlay = marks(grid, tuple(grid.cut_guides(len(chunk))))
    return _page(job, book, grid, [(face, grid.front(i)) for i, face in enumerate(faces)], overlay)


def _back_page(job: Job, book: Book, grid: Grid, chunk: list[Slot]) -> Page:
    """The backs of a sheet, each where it lands behind its front after the flip, the whole
    page moved by the back offset the user measured (``pnp calibrate``); a deck's common back
    is one face placed in every slot."""
    faces = [job.faces.back(deck, card) for deck, card in chunk]
    trims = [grid.back(i, job.options.duplex) for i in range(len(chunk))]
    slots = list(zip(faces, trims, strict=True))
    return _page(job, book, grid, slots, marks(grid), job.options.back_offset)


def _page(
    job: Job,
    book: Book,
    grid: Grid,
    slots: list[tuple[str, Rect]],
    overlay: bytes,
    shift: tuple[float, float] = (0.0, 0.0),
) -> Page:
    page = Page(grid.paper.width, grid.paper.height, overlays=(overlay,), shift=shift)
    for face, trim in slots:
        book.add_face(face, job.art(face))
        page.placements.append(Placement(face, grid.with_bleed(trim), _printed(grid)))
    return page
