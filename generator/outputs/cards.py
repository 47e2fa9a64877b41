"""Card sheets: each game in each language as ``cards-<paper>[-<variant>].pdf``, named by how
they print (:func:`~generator.options.file_name`): ``cards-a4.pdf``, ``cards-a4-simplex.pdf``.

How the pages follow each other is how the user prints: with a duplex printer every sheet of
fronts is followed by its sheet of backs; without one (``--duplex none``) all fronts come
first, then all backs in the same order, to feed the printed stack again; a gutterfold page
carries its backs beside their fronts, across a fold. Each back lands behind its own front.

Each distinct face is drawn once (or read from the cache) and placed on every slot that prints
it; memory grows with the distinct faces, not with the number of cards.
"""

from __future__ import annotations

from generator.games.base import GameEngine
from generator.geometry.imposition import Sheet
from generator.geometry.shapes import Line, Rect
from generator.layout.compose import Book, Page, Placement
from generator.layout.cutfile import marks as registration_marks
from generator.layout.pdf import marks, metadata
from generator.model import Game
from generator.options import CARDS, Options
from generator.outputs.base import Job
from generator.outputs.sheets import Layout, layout
from generator.problems import DataError, Problem
from generator.runtime.ink import BACK, FRONT
from generator.runtime.writer import Written

KIND = CARDS
"""The name the card sheets' files start with (and their cut files' folder)."""


class CardSheets:
    name = "card sheets"
    on_paper = True
    per_paper = True
    draws_faces = True
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return True

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        planned = layout(game, options)
        return planned if isinstance(planned, list) else []

    def write(self, job: Job) -> list[Written]:
        path = job.folder / f"{job.file_name(KIND, printing=True)}.pdf"
        planned = layout(job.game, job.options)
        if isinstance(planned, list):
            raise DataError(planned)
        book = Book(metadata(job.title))
        fronts, backs = [], []
        for done, sheet in enumerate(planned.sheets, start=1):
            with job.stopwatch.stage("parse+draw"):
                fronts.append(_fronts(job, book, planned, sheet))
                backs.append(_backs(job, book, planned, sheet))
            job.report("", done, len(planned.sheets))
        ordered = _in_print_order(job.options, planned, fronts, backs)
        for page in ordered:
            book.add_page(page)
        with job.stopwatch.stage("assembly"), job.writer.open(path) as stream:
            pages = book.save(stream)
        with job.stopwatch.stage("ink"):
            ink = book.ink()
        cards = sum(len(run) for run in planned.runs)
        saved = planned.saved * (pages // max(len(planned.sheets), 1))
        sides = _sides(ordered, fronts, backs)
        return [Written(path, self.name, pages, cards, saved=saved, ink=ink, sides=sides)]


def _in_print_order(
    options: Options, planned: Layout, fronts: list[Page], backs: list[Page]
) -> list[Page]:
    """Front and back of each sheet in turn for a duplex printer; all fronts then all backs to
    feed the stack again; a gutterfold page is its fronts and backs in one."""
    if planned.gutterfold:
        return [
            _folded(front, back, sheet, planned)
            for front, back, sheet in zip(fronts, backs, planned.sheets, strict=True)
        ]
    if options.duplex == "none":
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _sides(ordered: list[Page], fronts: list[Page], backs: list[Page]) -> tuple[str, ...]:
    """What each page prints: a sheet's fronts, its backs, or both (a gutterfold page)."""
    front, back = {id(page) for page in fronts}, {id(page) for page in backs}
    return tuple(
        FRONT if id(page) in front else BACK if id(page) in back else "" for page in ordered
    )


def _fronts(job: Job, book: Book, planned: Layout, sheet: Sheet) -> Page:
    """The fronts of a sheet with their crop marks and cut guides (a gutterfold page draws its
    marks for both halves at once, :func:`_folded`)."""
    page = Page(planned.page.width, planned.page.height)
    for slot, deck, card in planned.cards(sheet):
        _place(job, book, page, job.faces.front(deck, card), slot.trim, slot.shows)
    lines, guides = sheet.crop_marks(), sheet.cut_guides()
    if (lines or guides) and not planned.gutterfold:
        page.overlays += (marks(planned.page, tuple(lines), tuple(guides)),)
    if job.options.cut != "none":  # the cutter reads its marks on the printed side
        page.overlays += (registration_marks(planned.page, job.options.registration),)
    return page


def _backs(job: Job, book: Book, planned: Layout, sheet: Sheet) -> Page:
    """The backs of a sheet, each where it lands behind its front (a deck's common back is one
    face placed in every slot), the crop marks mirrored with them, moved by the back offset."""
    flip = planned.flip(job.options)
    page = Page(planned.page.width, planned.page.height, shift=job.options.back_offset)
    for slot, deck, card in planned.cards(sheet):
        trim = slot.trim.behind(planned.page, flip)
        _place(job, book, page, job.faces.back(deck, card), trim, slot.shows)
    lines = tuple(line.behind(planned.page, flip) for line in sheet.crop_marks())
    if lines and not planned.gutterfold:
        page.overlays = (marks(planned.page, lines),)
    return page


def _folded(front: Page, back: Page, sheet: Sheet, planned: Layout) -> Page:
    """A gutterfold page: fronts on the left half, backs on the right, a dashed fold between,
    crop marks on the outer edges of both halves."""
    middle, page = planned.page.width / 2, planned.page
    lines = sheet.crop_marks(right=False)
    outer = (*lines, *(line.behind(page, "fold") for line in lines))
    fold = marks(page, outer, tuple(sheet.cut_guides()), (Line(middle, 0, middle, page.height),))
    return Page(front.width, front.height, front.placements + back.placements, (fold,))


def _place(job: Job, book: Book, page: Page, face: str, trim: Rect, shows: Rect) -> None:
    book.add_face(face, job.art(face))
    at = Rect(trim.x + shows.x, trim.y + shows.y, shows.width, shows.height)
    page.placements.append(Placement(face, at, shows))
