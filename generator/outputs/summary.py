"""The rules summary: the rulebook's essentials of one game in one language,
``rules-summary-<paper>.pdf``, composed from the locale, the card data and the game's rule
engine, and laid out unless a summary that prints the same was before
(:mod:`~generator.rulebook.cached`)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from generator.games.base import GameEngine
from generator.model import Game
from generator.options import SUMMARY, Options
from generator.outputs.base import Job
from generator.problems import DataError, Problem
from generator.runtime.writer import Written

if TYPE_CHECKING:
    from generator.rulebook.content import Summary


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
        from generator.rulebook.compose import summary_problems

        return summary_problems(game, engine)

    def write(self, job: Job) -> list[Written]:
        """Imports the rulebook (reportlab) only now: a build whose summaries are all taken
        from the cache (an edit of a text no summary prints) never loads it."""
        from generator.render.ink import document_ink
        from generator.rulebook.compose import checked_summary

        path = job.folder / f"{job.file_name(SUMMARY)}.pdf"
        with job.stopwatch.stage("summary"):
            summary, problems = checked_summary(job.game, job.lang, job.engine)
            if summary is None or problems:
                raise DataError(problems)
            pdf = _laid_out(job, summary)
            job.writer.write_bytes(path, pdf)
        with job.stopwatch.stage("ink"):
            ink = document_ink(pdf)  # no faces: its pages are measured whole, one figure each
        job.report("rules summary", 1, 1)
        return [Written(path, self.name, len(ink), ink=ink)]


def _laid_out(job: Job, summary: Summary) -> bytes:
    """The PDF of ``summary`` on the job's paper: as kept in the cache, if one that prints the
    same was laid out before; else laid out now, its pictures drawn in, and kept."""
    from generator.render.faces import drawing
    from generator.rulebook import cached, document
    from generator.rulebook.pictures import painted_by

    entry = cached.layout_key(summary, job.options.paper)
    kept = job.arts.cache.parsed(entry, cached.pdf_payload)
    if kept is not None:
        return kept
    laid = io.BytesIO()
    subject = f"summary ({job.lang})"
    with drawing(job.game, "pictogram.svg.j2", subject), painted_by(job.arts.picture):
        document.write(summary, job.options.paper, laid)
    if cached.kept_pictures(summary, job.arts):
        job.arts.cache.put(entry, laid.getvalue())
    return laid.getvalue()
