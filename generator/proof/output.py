"""A translator's proof as an output (:class:`ProofSheets`), written from a :class:`ProofJob`:
every face of one game in one language on the job's paper, with its text boxes shaded over it,
then the table of the fullest boxes and the kinds of card that look alike to people who see
colour differently, in ``OUT/<game>/<lang>/proof-<paper>[-<palette>].pdf``.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.base import GameEngine
from generator.geometry.shapes import Rect
from generator.layout.compose import Book, Page, Placement
from generator.layout.pdf import metadata
from generator.model import Game
from generator.options import PROOF, Options
from generator.outputs.base import Job
from generator.problems import Problem
from generator.proof.layout import STYLE, Seen, Style, fullest, lay_out, seen_pages, table_pages
from generator.proof.sheet import Title, face_page, seen_page, table_page
from generator.render import ink
from generator.render.boxes import FaceFills
from generator.render.faces import drawing, rendered
from generator.render.store import face_key
from generator.runtime.writer import Written
from generator.vision import sight


@dataclass(frozen=True, kw_only=True)
class ProofJob(Job):
    """A :class:`Job` for a proof on the paper of its options: its faces as the proof renders
    them, each with its text boxes measured (a text too long for its box drawn anyway, running
    out of it), which it draws itself rather than :attr:`Job.faces`; and what looks alike to
    people who see colour differently (``None``: the game's engine names nothing to tell
    apart, or its faces did not render)."""

    fills: list[FaceFills]
    seen: list[Seen] | None
    style: Style = STYLE


class ProofSheets:
    """The proof of one game in one language on one paper."""

    name = "proofs"

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        """Nothing: a text that does not fit is what a proof shows, so it refuses nothing (its
        command reports what rendering found after writing it)."""
        return []

    def write(self, job: ProofJob) -> list[Written]:
        """Its faces (those that rendered), its table and what looks alike."""
        game, lang, paper, style = job.game, job.lang, job.options.paper, job.style
        drawn = [face for face in job.fills if face.svg is not None]
        book = Book(metadata(f"{job.title}: proof ({lang})"))
        keys: dict[str, str] = {}
        for face in drawn:
            svg = rendered(face.svg)
            keys[svg] = key = face_key(svg, game.templates)
            with drawing(game, face.template, f"{face.face} ({lang})"):
                book.add_face(key, job.arts.art(svg, game.templates, key))
        pages = lay_out(drawn, paper, style)
        tables = list(table_pages(fullest(drawn, style), paper, style))
        alike = list(seen_pages(job.seen or [], paper, style))
        total = len(pages) + len(tables) + len(alike)
        note = _seen_note(job.seen, total - len(alike) + 1, total)
        heading = f"{job.title} ({game.name}), {lang}: proof"
        for number, page in enumerate(pages, start=1):
            placed = [
                Placement(
                    keys[rendered(cell.face.svg)],
                    cell.at,
                    Rect(0, 0, cell.face.width, cell.face.height),
                )
                for cell in page.cells
            ]
            inks = [ink.part(book.faces[face.face].raster, face.shows) for face in placed]
            overlay = face_page(
                page, paper, Title(heading, number, total, note if number == 1 else ""), inks, style
            )
            book.add_page(Page(paper.width, paper.height, placed, (overlay,)))
        for number, rows in enumerate(tables, start=len(pages) + 1):
            named = Title(f"{heading}, the fullest boxes", number, total)
            overlay = table_page(rows, paper, named, style)
            book.add_page(Page(paper.width, paper.height, overlays=(overlay,)))
        for number, found in enumerate(alike, start=len(pages) + len(tables) + 1):
            named = Title(f"{heading}, what looks alike to some", number, total)
            overlay = seen_page(found, paper, named, style)
            book.add_page(Page(paper.width, paper.height, overlays=(overlay,)))
        path = job.folder / f"{job.file_name(PROOF)}.pdf"
        with job.writer.open(path) as stream:
            count = book.save(stream)
        return [Written(path, self.name, count)]


def _seen_note(seen: list[Seen] | None, first: int, last: int) -> str:
    """What the first page's foot says of the colour-vision check (its pages, ``first`` to
    ``last``)."""
    if seen is None:
        return ""
    if not seen:
        return f"colour vision: every kind stays apart ({len(sight.SIMULATIONS) - 1} simulations)"
    pairs = f"{len(seen)} pair{'s' if len(seen) != 1 else ''} of kinds look alike"
    pages = f"page {first}" if first == last else f"pages {first}-{last}"
    return f"colour vision: {pairs} ({pages})"
