"""``pnp proof GAME --lang L``, top to bottom: load and check each game as ``pnp rules`` does,
render every face of each language with its text boxes measured (a text too long for its box
drawn anyway, running out of it), draw each distinct face once (from the cache the build
fills), lay the faces out with their boxes shaded over them, add the table of the fullest
boxes and the kinds of card that look alike to people who see colour differently
(:mod:`generator.vision`), and write ``OUT/<game>/<lang>/proof-<paper>.pdf`` through the staging
writer: every proof appears together, or none.

A text that does not fit, or two kinds that look alike, is what a proof is for, so it does not
stop the proof: the proof is written, and the problems come back with it for the command to
report (and fail on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

from generator.games.command_line import load_checked
from generator.games.registry import find_engine, no_engine
from generator.geometry.imposition import Rect
from generator.geometry.sizes import PAPERS, Paper
from generator.languages import AS_WRITTEN, Languages
from generator.layout import ink
from generator.layout.compose import Book, Page, Placement
from generator.layout.pdf import metadata
from generator.load.catalog import requested_games
from generator.load.expansions import Expansion, of_game
from generator.model import Game
from generator.options import PROOF, file_name
from generator.palettes import STANDARD
from generator.problems import Problem, UsageError, across_languages
from generator.proof.layout import (
    STYLE,
    Seen,
    Style,
    fullest,
    lay_out,
    seen_pages,
    table_pages,
    translated,
)
from generator.proof.sheet import Title, face_page, seen_page, table_page
from generator.render.boxes import FaceFills, render_fills
from generator.render.faces import drawing, render_faces, rendered
from generator.render.fill import AMBER, RED
from generator.render.store import ArtStore, face_key
from generator.runtime.cache import Cache, default_folder
from generator.runtime.writer import Writer, output_folder_problem
from generator.vision import check as colour_vision
from generator.vision import sight

NAME = PROOF
"""What the proof's file name starts with: ``proof-<paper>[-<palette>].pdf``."""
PICTURE_DPI = 100.0
"""The colour-vision pages' cards are drawn at this resolution: sharp at the 30 mm they print."""


@dataclass(frozen=True)
class ProofRequest:
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...]
    langs: tuple[str, ...] = ()
    """Every language each game ships, when empty."""
    papers: tuple[Paper, ...] = (PAPERS["a4"],)
    """A proof is written on each, in files of its own."""
    cache: Path | None = None
    """Where drawn faces are kept (the build's cache: a face built before is not drawn
    again); ``None``: the default folder."""
    expansions: tuple[Expansion, ...] = ()
    languages: Languages = AS_WRITTEN
    """The languages made beyond the locale files (``--lang qps``, ``--fallback``)."""
    palette: str = STANDARD
    """The palette the faces print in (its name ends the proof's: ``proof-a4-ink-saver.pdf``)."""


@dataclass(frozen=True)
class Proof:
    """One proof written: where, its pages and faces, and how many of the boxes it colours
    (on every face: see :func:`~generator.proof.layout.translated`) are amber, red, and red
    because the text does not fit at all."""

    path: Path
    pages: int
    faces: int
    boxes: int
    amber: int
    red: int
    unfit: int

    def __str__(self) -> str:
        counts = f"{self.amber} amber, {self.red} red" if self.amber or self.red else "all green"
        unfit = f" ({self.unfit} not fitting at all)" if self.unfit else ""
        return (
            f"{self.path}: {self.pages} pages, {self.faces} faces, "
            f"{self.boxes} boxes of locale texts: {counts}{unfit}"
        )


@dataclass
class Proofs:
    """The proofs written, and what rendering found wrong (a text too long for its box)."""

    written: list[Proof] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """The translations in progress a proof of every language left out, a line each."""


def proof(request: ProofRequest, style: Style = STYLE) -> Proofs:
    """Write the proof of every game and language asked for; see the module."""
    unusable = output_folder_problem(request.out_dir)
    if unusable:
        raise UsageError(f"--out {request.out_dir}: {unusable}")
    arts = ArtStore(Cache(request.cache or default_folder()))
    writer = Writer(request.out_dir)
    done = Proofs()
    try:
        for name in requested_games(request.data_dir, request.games):
            game = _load(request, name)
            found, seen = _colour_vision(game, arts)
            done.problems += found
            done.notes += game.left_out(request.langs, NAME)
            for lang, paper in product(game.languages(request.langs, NAME), request.papers):
                faces, problems = render_fills(game, lang, paper)
                done.problems += [found for found in problems if found not in done.problems]
                folder = request.out_dir / game.name / lang
                done.written.append(
                    _write(game, lang, faces, arts, writer, folder, paper, style, seen)
                )
        writer.commit()
    finally:
        writer.discard()
    done.problems = across_languages(done.problems)
    return done


def _load(request: ProofRequest, name: str) -> Game:
    engine = find_engine(name)
    if engine is None:
        raise UsageError(no_engine(name))
    laid = of_game(request.expansions, name)
    game = load_checked(request.data_dir, engine, laid, request.languages)
    return game.in_palette(request.palette)


def _colour_vision(game: Game, arts: ArtStore) -> tuple[list[Problem], list[Seen] | None]:
    """What looks alike in ``game`` to people who see colour differently, as problems and as
    the proof shows them; ``None`` for a game whose engine names nothing to tell apart, or
    whose faces did not render (the proof reports why)."""
    engine = find_engine(game.id)
    pools = engine.distinctions(game) if engine is not None else []
    decks = tuple(dict.fromkeys(deck for pool in pools for deck in pool.decks))
    faces, problems = render_faces(game, colour_vision.language(game), decks)
    if not pools or problems:
        return [], None
    found = colour_vision.findings(game, pools, faces, arts.cache)
    reported = colour_vision.problems(game, found)
    seen = [
        Seen(str(problem), tuple(colour_vision.views(game, one, faces, arts.cache, PICTURE_DPI)))
        for problem, one in zip(reported, found, strict=True)
    ]
    return colour_vision.refused(game, pools) + reported, seen


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


def _write(
    game: Game,
    lang: str,
    faces: list[FaceFills],
    arts: ArtStore,
    writer: Writer,
    folder: Path,
    paper: Paper,
    style: Style,
    seen: list[Seen] | None,
) -> Proof:
    """The proof of ``game`` in ``lang`` on ``paper``: its faces (those that rendered), its
    table and what looks alike to people who see colour differently."""
    drawn = [face for face in faces if face.svg is not None]
    title = str(game.locales[lang].text("title") or game.id)
    book = Book(metadata(f"{title}: proof ({lang})"))
    keys: dict[str, str] = {}
    for face in drawn:
        svg = rendered(face.svg)
        keys[svg] = key = face_key(svg, game.templates)
        with drawing(game, face.template, f"{face.face} ({lang})"):
            book.add_face(key, arts.art(svg, game.templates, key))
    pages = lay_out(drawn, paper, style)
    tables = list(table_pages(fullest(drawn, style), paper, style))
    alike = list(seen_pages(seen or [], paper, style))
    total = len(pages) + len(tables) + len(alike)
    note = _seen_note(seen, total - len(alike) + 1, total)
    heading = f"{title} ({game.name}), {lang}: proof"
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
    path = folder / f"{file_name(NAME, paper.name, palette=game.palette)}.pdf"
    with writer.open(path) as stream:
        count = book.save(stream)
    coloured = [box.fill for face in drawn for box in face.boxes if translated(box.fill)]
    colours = [fill.colour for fill in coloured]
    unfit = sum(1 for fill in coloured if fill.printed is None)
    return Proof(
        path, count, len(drawn), len(colours), colours.count(AMBER), colours.count(RED), unfit
    )
