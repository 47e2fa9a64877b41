"""Card sheets: each game in each language as ``cards-<paper>.pdf``, every sheet of fronts
followed by its sheet of backs, so a duplex print puts each back behind its front.

Sheets are drawn one at a time, so memory stays flat however many cards there are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import cairosvg.parser

from generator.layout.imposition import Grid, Rect, fit_grid
from generator.layout.pdf import PdfBook
from generator.layout.sizes import Paper
from generator.model import Card, Deck, Game
from generator.outputs.base import Job, Options, Written, drawing, rendered
from generator.problems import DataError, Problem
from generator.render import draw
from generator.render.templates import CardRenderer

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
        faces = _Faces(job)
        total = sum(-(-len(s.cards) // s.grid.per_sheet) for s in layouts)
        done = 0
        with job.writer.open(path) as stream, PdfBook(stream, paper, job.title) as book:
            for sheets in layouts:
                backs: dict[str, cairosvg.parser.Tree] = {}
                for chunk in sheets.chunks():
                    faces.front_page(book, sheets.grid, chunk)
                    faces.back_page(book, sheets.grid, chunk, backs)
                    done += 1
                    job.report("", done, total)
            if faces.renderer.problems:  # only for data that skipped validation; aborts the write
                raise DataError(faces.renderer.problems)
            with job.stopwatch.stage("write"):
                book.finish()
        return [Written(path, self.name, book.pages, sum(len(s.cards) for s in layouts))]


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


class _Faces:
    """Card faces of one game in one language, rendered, parsed and drawn into their slots."""

    def __init__(self, job: Job) -> None:
        self.renderer = CardRenderer(job.game, job.game.locales[job.lang])
        self.stopwatch = job.stopwatch
        self.flip = job.options.flip
        self.folder = job.game.templates

    def front_page(self, book: PdfBook, grid: Grid, chunk: list[Slot]) -> None:
        for index, (deck, card) in enumerate(chunk):
            self._draw(book, grid, self._front(deck, card), grid.front(index), deck.front, card)
        with self.stopwatch.stage("assembly"):
            book.finish_page(grid, grid.cut_guides(len(chunk)))

    def back_page(
        self,
        book: PdfBook,
        grid: Grid,
        chunk: list[Slot],
        common: dict[str, cairosvg.parser.Tree],
    ) -> None:
        """The backs of a sheet: a deck's common back is parsed once and drawn into every slot.

        Each slot is drawn, not painted from one cairo recording: cairo 1.16 wrote such paints
        into the PDF so that some slots of a sheet came out blank in viewers (a back with
        straight grid lines lost whole columns), which a print run must never risk."""
        for index, (deck, card) in enumerate(chunk):
            trim = grid.back(index, self.flip)
            if deck.two_sided:
                self._draw(book, grid, self._back(deck, card), trim, deck.back, card)
                continue
            face = common.get(deck.id) or self._back(deck, None)
            common[deck.id] = self._draw(book, grid, face, trim, deck.back, None)
        with self.stopwatch.stage("assembly"):
            book.finish_page(grid)

    def _front(self, deck: Deck, card: Card) -> str:
        with self.stopwatch.stage("template"):
            return rendered(self.renderer.front(deck, card))

    def _back(self, deck: Deck, card: Card | None) -> str:
        with self.stopwatch.stage("template"):
            return rendered(self.renderer.back(deck, card))

    def _draw(
        self,
        book: PdfBook,
        grid: Grid,
        face: str | cairosvg.parser.Tree,
        trim: Rect,
        template: str,
        card: Card | None,
    ) -> cairosvg.parser.Tree:
        """Draw ``face`` (SVG text, or a tree parsed before) of ``card`` (``None``: a common
        back) into its slot; its parsed tree, to draw again."""
        subject = f"{card.id if card else 'back'} ({self.renderer.locale.lang})"
        with self.stopwatch.stage("parse+draw"), drawing(self.renderer.game, template, subject):
            tree = draw.parse(face, self.folder) if isinstance(face, str) else face
            draw.draw(tree, _printed(grid), book.surface, grid.with_bleed(trim))
        return tree
