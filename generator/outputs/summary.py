"""The rules summary: the rulebook's essentials of one game in one language,
``rules-summary-<paper>.pdf``, composed from the locale, the card data and the game's rule
engine."""

from __future__ import annotations

import io

from generator.games.base import GameEngine
from generator.model import Game
from generator.options import SUMMARY, Options
from generator.outputs.base import Job
from generator.problems import DataError, Problem
from generator.render.faces import drawing
from generator.render.ink import document_ink
from generator.rulebook import document
from generator.rulebook.compose import checked_summary, summary_problems
from generator.rulebook.pictures import painted_by
from generator.runtime.writer import Written


class RulesSummary:
    name = "rules summary"
    on_paper = True
    per_paper = False
    draws_faces = False
    checked_by_write = True

    def wanted(self, options: Options) -> bool:
        return not options.only_expansion

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        """Composing renders every picture and fills every text: the summary's whole check."""
        return summary_problems(game, engine)

    def write(self, job: Job) -> list[Written]:
        path = job.folder / f"{job.file_name(SUMMARY)}.pdf"
        with job.stopwatch.stage("summary"):
            summary, problems = checked_summary(job.game, job.lang, job.engine)
            if summary is None or problems:
                raise DataError(problems)
            subject = f"summary ({job.lang})"
            laid = io.BytesIO()
            with drawing(job.game, "pictogram.svg.j2", subject), painted_by(job.arts.picture):
                pages = document.write(summary, job.options.paper, laid)
            job.writer.write_bytes(path, laid.getvalue())
        with job.stopwatch.stage("ink"):
            ink = document_ink(laid.getvalue())  # no faces: its pages are measured whole
        job.report("rules summary", 1, 1)
        return [Written(path, self.name, pages, ink=ink)]
