"""``pnp proof GAME --lang L``, top to bottom: load and check each game as ``pnp rules`` does,
find the kinds of card that look alike to people who see colour differently
(:mod:`generator.vision`), render every face of each language with its text boxes measured (a
text too long for its box drawn anyway, running out of it), and hand each language and paper
to the proof output (:class:`~generator.proof.output.ProofSheets`), which draws each distinct
face once (from the cache the build fills) and writes ``OUT/<game>/<lang>/proof-<paper>.pdf``
through the staging writer: every proof appears together, or none.

A text that does not fit, or two kinds that look alike, is what a proof is for, so it does not
stop the proof: the proof is written, and the problems come back with it for the command to
report (and fail on).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

from generator.games.base import GameEngine
from generator.geometry.sizes import PAPERS, Paper
from generator.languages import AS_WRITTEN, Languages
from generator.load.catalog import requested_games
from generator.load.expansions import Expansion, of_game
from generator.model import Game
from generator.options import PROOF, Options
from generator.outputs.base import Output
from generator.palettes import STANDARD
from generator.pipeline.front import checked_game, engine_of
from generator.problems import Problem, UsageError, across_languages
from generator.proof.layout import STYLE, Seen, Style, translated
from generator.proof.output import ProofJob, ProofSheets
from generator.render.boxes import FaceFills, render_fills
from generator.render.faces import render_faces
from generator.render.fill import AMBER, RED
from generator.render.store import ArtStore
from generator.runtime.cache import Cache, default_folder
from generator.runtime.writer import Writer, Written, output_folder_problem
from generator.vision import check as colour_vision

NAME = PROOF
"""What the command is called where it says which translations it leaves out."""
PROOFS: Output[ProofJob] = ProofSheets()
"""Writes each proof (one game, language and paper)."""
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

    @classmethod
    def of(cls, written: Written, faces: list[FaceFills]) -> Proof:
        """The proof ``written`` of ``faces``, counted."""
        drawn = [face for face in faces if face.svg is not None]
        coloured = [box.fill for face in drawn for box in face.boxes if translated(box.fill)]
        colours = [fill.colour for fill in coloured]
        unfit = sum(1 for fill in coloured if fill.printed is None)
        amber, red = colours.count(AMBER), colours.count(RED)
        return cls(written.path, written.pages, len(drawn), len(colours), amber, red, unfit)

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
            game, engine = _load(request, name)
            found, seen = _colour_vision(game, engine, arts)
            done.problems += found
            done.notes += game.left_out(request.langs, NAME)
            for lang, paper in product(game.languages(request.langs, NAME), request.papers):
                faces, problems = render_fills(game, lang, paper)
                done.problems += [found for found in problems if found not in done.problems]
                job = ProofJob(
                    out_dir=request.out_dir,
                    options=Options(paper=paper, palette=game.palette),
                    writer=writer,
                    game=game,
                    engine=engine,
                    lang=lang,
                    arts=arts,
                    fills=faces,
                    seen=seen,
                    style=style,
                )
                done.written += [Proof.of(written, faces) for written in PROOFS.write(job)]
        writer.commit()
    finally:
        writer.discard()
    done.problems = across_languages(done.problems)
    return done


def _load(request: ProofRequest, name: str) -> tuple[Game, GameEngine]:
    engine = engine_of(request.data_dir, name)
    laid = of_game(request.expansions, name)
    game = checked_game(request.data_dir, engine, laid, request.languages)
    return game.in_palette(request.palette), engine


def _colour_vision(
    game: Game, engine: GameEngine, arts: ArtStore
) -> tuple[list[Problem], list[Seen] | None]:
    """What looks alike in ``game`` to people who see colour differently, as problems and as
    the proof shows them; ``None`` for a game whose engine names nothing to tell apart, or
    whose faces did not render (the proof reports why)."""
    pools = engine.distinctions(game)
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
