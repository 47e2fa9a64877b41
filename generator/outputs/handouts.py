"""Handouts: what a game needs besides its cards (a deduction sheet, a player screen, a board),
``<handout>-<paper>.pdf`` in each language, as vector PDF.

A handout is drawn at its own size (the paper's page, a cell of it, or a size of its own) once
per copy, and placed as :mod:`generator.geometry.tiling` plans: whole, several to a page, or in
pieces that join, with the marks that say where to cut and where each piece goes. Its text
boxes follow its size, so each paper is its own check: a sheet that fits A4 may overflow on
Letter, and the preflight renders every copy at the requested paper.
"""

from __future__ import annotations

from generator.games.base import GameEngine
from generator.geometry.tiling import Plan
from generator.geometry.tiling import marks as tiling_marks
from generator.layout.compose import Book, Page, Placement
from generator.layout.pdf import marks, metadata
from generator.model import Game, Handout
from generator.options import Options
from generator.outputs.base import Job
from generator.problems import DataError, Problem
from generator.render.faces import drawing
from generator.render.templates import CardRenderer
from generator.runtime.writer import Written


class Handouts:
    name = "handouts"
    on_paper = True
    per_paper = True
    draws_faces = False
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return not options.only_expansion

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        problems: list[Problem] = []
        for locale in game.locales.values():
            renderer = CardRenderer(game, locale)
            for handout in game.handouts:
                face = handout.plan(options.paper).face
                for copy in range(handout.copies):
                    renderer.handout(handout, face, copy)
            problems += renderer.problems
        return problems

    def write(self, job: Job) -> list[Written]:
        return [self._file(job, handout) for handout in job.game.handouts]

    def _file(self, job: Job, handout: Handout) -> Written:
        plan = handout.plan(job.options.paper)
        path = job.folder / f"{job.file_name(handout.id)}.pdf"
        book = Book(metadata(job.title))
        faces = self._draw_copies(job, handout, plan, book)
        for number in range(plan.pages):
            placements = [
                Placement(faces[slot.copy], slot.at, slot.shows) for slot in plan.on(number)
            ]
            lines, dashed = tiling_marks(plan, number)
            overlays = (marks(plan.paper, lines, folds=dashed),) if lines or dashed else ()
            book.add_page(Page(plan.paper.width, plan.paper.height, placements, overlays))
        with job.writer.open(path) as stream:
            pages = book.save(stream)
        return Written(path, self.name, pages, ink=book.ink())

    def _draw_copies(self, job: Job, handout: Handout, plan: Plan, book: Book) -> list[str]:
        """Each copy drawn and added to ``book`` once, copies that render alike as one face;
        the face of each copy."""
        renderer = CardRenderer(job.game, job.game.locales[job.lang])
        faces: dict[str, str] = {}
        of_copy = []
        for copy in range(handout.copies):
            svg = renderer.handout(handout, plan.face, copy)
            if svg is None or renderer.problems:
                raise DataError(renderer.problems)
            if svg not in faces:
                faces[svg] = handout.copy_name(copy)
                with drawing(job.game, handout.template, f"{faces[svg]} ({job.lang})"):
                    book.add_face(faces[svg], job.arts.art(svg, job.game.templates))
            of_copy.append(faces[svg])
        return of_copy
