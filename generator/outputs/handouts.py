"""Handouts: full pages a game needs besides its cards (a deduction sheet, a player screen),
``<handout>-<paper>.pdf`` in each language, drawn to the paper's edges as vector PDF.

A handout's text boxes follow the page, so each paper is its own check: a sheet that fits A4
may overflow on Letter, and the preflight renders every page at the requested paper.
"""

from __future__ import annotations

from generator.layout.compose import Book, Page, Placement
from generator.layout.imposition import Rect
from generator.layout.pdf import metadata
from generator.model import Game, Handout
from generator.options import Options
from generator.outputs.base import Job, drawing
from generator.problems import DataError, Problem
from generator.render.templates import CardRenderer
from generator.writer import Written


class Handouts:
    name = "handouts"
    per_paper = True
    draws_faces = False
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return not options.only_expansion

    def preflight(self, game: Game, options: Options) -> list[Problem]:
        problems: list[Problem] = []
        for locale in game.locales.values():
            renderer = CardRenderer(game, locale)
            for handout in game.handouts:
                renderer.handout(handout, options.paper.turned(handout.landscape))
            problems += renderer.problems
        return problems

    def write(self, job: Job) -> list[Written]:
        return [self._page(job, handout) for handout in job.game.handouts]

    def _page(self, job: Job, handout: Handout) -> Written:
        page = job.options.paper.turned(handout.landscape)
        path = job.folder / f"{handout.id}-{page.name}.pdf"
        renderer = CardRenderer(job.game, job.game.locales[job.lang])
        svg = renderer.handout(handout, page)
        if svg is None or renderer.problems:
            raise DataError(renderer.problems)
        with drawing(job.game, handout.template, f"{handout.id} ({job.lang})"):
            art = job.arts.art(svg, job.game.templates)
        book = Book(metadata(job.title))
        book.add_face(handout.id, art)
        area = Rect(0, 0, page.width, page.height)
        book.add_page(Page(page.width, page.height, [Placement(handout.id, area, area)]))
        with job.writer.open(path) as stream:
            return Written(path, self.name, book.save(stream))
