"""The pipeline, top to bottom: load -> validate -> render -> assemble -> write.

``check`` loads and validates (everything ``pnp validate`` reports); ``build`` then prints each
game in each language to ``OUT/<game>/<lang>/cards-<paper>.pdf``, sheet by sheet, so memory stays
flat however many cards there are.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cairosvg.parser

from generator import TEMPLATES_DIR
from generator.catalog import discover_games, load_game
from generator.games.registry import ENGINES, find_engine
from generator.layout.imposition import Grid, Rect, fit_grid
from generator.layout.pdf import PdfBook
from generator.layout.sizes import PAPERS
from generator.model import Card, Deck, Game, Handout
from generator.problems import DataError, Problem, UsageError
from generator.render import draw
from generator.render.templates import CardRenderer
from generator.rulebook import document
from generator.rulebook.compose import summarise, summary_problems
from generator.timing import Stopwatch
from generator.writer import Writer

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class BuildRequest:
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    paper: str = "a4"
    png: bool = False
    flip: str = "long"


@dataclass(frozen=True)
class Output:
    path: Path
    pages: int
    cards: int


@dataclass
class Sheets:
    """The cards of one deck with the grid they are printed on."""

    grid: Grid
    cards: list[tuple[Deck, Card]] = field(default_factory=list)


def check(
    data_dir: Path, names: tuple[str, ...] = (), stopwatch: Stopwatch | None = None
) -> list[Game]:
    """Load and validate ``names`` (every game when empty); raises DataError with all problems."""
    stopwatch = stopwatch or Stopwatch()
    with stopwatch.stage("load+validate"):
        available = discover_games(data_dir)
        if not data_dir.is_dir():
            raise UsageError(f"--data {data_dir}: no such folder")
        for name in names:
            if name not in available:
                raise UsageError(
                    f"unknown game {name!r} (the card data has: "
                    f"{', '.join(available) or 'no games'})"
                )
        problems: list[Problem] = []
        games = [
            game
            for name in names or tuple(available)
            if (game := _check_game(data_dir, name, problems)) is not None
        ]
    if problems:
        raise DataError(problems)
    return games


def _check_game(data_dir: Path, name: str, problems: list[Problem]) -> Game | None:
    """Stages gate each other: rules run on well-formed data, templates on data that obeys them."""
    engine = find_engine(name)
    if engine is None:
        problems.append(
            Problem(
                f"{name}/game.yaml",
                0,
                "",
                f"no rule engine for {name!r} (the project has: {', '.join(ENGINES)})",
            )
        )
        return None
    found: list[Problem] = []
    game = load_game(data_dir, name, engine, found)
    if not found:
        found += engine.validate(game)
    if not found:
        found += check_faces(game)
    if not found:
        found += summary_problems(game, engine)
    problems += found
    return game


def check_faces(game: Game) -> list[Problem]:
    """Render every face in every locale to SVG text: template errors, text that cannot fit."""
    problems: list[Problem] = []
    for locale in game.locales.values():
        renderer = CardRenderer(game, locale)
        for deck in game.decks:
            for _ in renderer.faces(deck):
                pass
        problems += renderer.problems
    return _across_languages(problems + handout_problems(game, "a4"))


def _across_languages(problems: list[Problem]) -> list[Problem]:
    """One problem for a template line that fails the same way in every language: ``wagon-01
    (en, ru, uk)`` rather than three lines."""
    merged: dict[tuple[str, int, str, str], list[str]] = {}
    for problem in problems:
        subject, lang = _subject_and_language(problem.where)
        merged.setdefault((problem.file, problem.line, subject, problem.what), []).append(lang)
    return [
        Problem(file, line, f"{subject} ({', '.join(langs)})" if all(langs) else subject, what)
        for (file, line, subject, what), langs in merged.items()
    ]


def _subject_and_language(where: str) -> tuple[str, str]:
    """``("wagon-01", "en")`` from ``"wagon-01 (en)"``; no language: ``(where, "")``."""
    subject, _, lang = where.rpartition(" (")
    if subject and lang.endswith(")") and " " not in lang:
        return subject, lang[:-1]
    return where, ""


def handout_problems(game: Game, paper: str) -> list[Problem]:
    """Render every handout page in every locale at ``paper`` (its text boxes follow the page)."""
    problems: list[Problem] = []
    for locale in game.locales.values():
        renderer = CardRenderer(game, locale)
        for handout in game.handouts:
            renderer.handout(handout, PAPERS[paper].turned(handout.landscape))
        problems += renderer.problems
    return problems


def build(
    request: BuildRequest, stopwatch: Stopwatch | None = None, progress: Progress | None = None
) -> list[Output]:
    """Check, then print every requested game and language; returns what was written.

    Nothing appears in the output folder until every file has been made: a build that fails
    on its last file leaves every earlier output as it was."""
    stopwatch = stopwatch or Stopwatch()
    out_problem = output_folder_problem(request.out_dir)
    if out_problem:
        raise UsageError(f"--out {request.out_dir}: {out_problem}")
    games = check(request.data_dir, request.games, stopwatch)
    jobs = [(game, lang) for game in games for lang in _langs(games, request.langs)[game.id]]
    for game in games:  # every game fits its paper before anything is written
        sheets_for(game, request.paper)
        # check() rendered the handouts at A4; another paper moves their text boxes
        if request.paper != "a4" and (problems := handout_problems(game, request.paper)):
            raise DataError(problems)
    writer = Writer(request.out_dir)
    try:
        outputs = _print_all(request, jobs, writer, stopwatch, progress)
        writer.commit()
    finally:
        writer.discard()
    return outputs


def _print_all(
    request: BuildRequest,
    jobs: list[tuple[Game, str]],
    writer: Writer,
    stopwatch: Stopwatch,
    progress: Progress | None,
) -> list[Output]:
    outputs = []
    for game, lang in jobs:
        folder = request.out_dir / game.id / lang
        path = folder / f"cards-{request.paper}.pdf"
        outputs.append(
            print_pdf(game, lang, path, request.paper, request.flip, writer, stopwatch, progress)
        )
        for handout in game.handouts:
            path = folder / f"{handout.id}-{request.paper}.pdf"
            outputs.append(print_handout(game, lang, handout, path, request.paper, writer))
        path = folder / "rules-summary.pdf"
        outputs.append(print_summary(game, lang, path, request.paper, writer, stopwatch))
        if progress:
            progress(f"{game.id} {lang} rules summary", 1, 1)
        if request.png:
            outputs += _export_png(game, lang, folder / "png", writer, stopwatch, progress)
    return outputs


def output_folder_problem(out_dir: Path) -> str | None:
    """Why files cannot be made under ``out_dir``, found before any work is done: a file in
    the way, or a folder this user may not write in."""
    existing = next(p for p in (out_dir, *out_dir.parents) if p.exists() or p.is_symlink())
    if not existing.is_dir():
        return "is a file" if existing == out_dir else f"{existing} is a file, not a folder"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"no permission to write in {existing}"
    return None


def _langs(games: list[Game], wanted: tuple[str, ...]) -> dict[str, list[str]]:
    """The languages to print of each game: all it ships, or every one asked for, which each
    game must have (a language silently left out is a print run missing a deck)."""
    if not wanted:
        return {game.id: list(game.locales) for game in games}
    missing = [
        f"{game.id} has no locale {', '.join(absent)} (it ships: {', '.join(game.locales)})"
        for game in games
        if (absent := [lang for lang in dict.fromkeys(wanted) if lang not in game.locales])
    ]
    if missing:
        raise UsageError("; ".join(missing))
    return {game.id: list(dict.fromkeys(wanted)) for game in games}


def sheets_for(game: Game, paper_name: str) -> list[Sheets]:
    """Each deck on its own sheets, fitted to its own card size: a sheet is cut into one deck,
    and a deck's backs (common or per card) follow its fronts."""
    paper = PAPERS[paper_name]
    layouts = []
    problems = []
    for deck in game.decks:
        grid = fit_grid(paper, deck.size)
        if grid is None:
            problems.append(
                Problem(
                    deck.file,
                    deck.line,
                    f"decks.{deck.id}.size",
                    f"a {deck.size.width:g} x {deck.size.height:g} mm card "
                    f"does not fit on {paper.name} paper",
                )
            )
            continue
        layouts.append(Sheets(grid, [(deck, card) for card in deck.cards]))
    if problems:
        raise DataError(problems)
    return layouts


def _chunks(cards: list[tuple[Deck, Card]], size: int) -> Iterator[list[tuple[Deck, Card]]]:
    for start in range(0, len(cards), size):
        yield cards[start : start + size]


def print_pdf(
    game: Game,
    lang: str,
    path: Path,
    paper: str,
    flip: str,
    writer: Writer,
    stopwatch: Stopwatch | None = None,
    progress: Progress | None = None,
) -> Output:
    """Print one game in one language: each sheet of fronts followed by its sheet of backs."""
    stopwatch = stopwatch or Stopwatch()
    layouts = sheets_for(game, paper)
    locale = game.locales[lang]
    renderer = CardRenderer(game, locale)
    faces = _Faces(renderer, stopwatch)
    total = sum(-(-len(s.cards) // s.grid.per_sheet) for s in layouts)
    done = 0
    with writer.open(path) as stream, PdfBook(stream, PAPERS[paper], _title(game, lang)) as book:
        for sheets in layouts:
            backs: dict[str, cairosvg.parser.Tree] = {}
            for chunk in _chunks(sheets.cards, sheets.grid.per_sheet):
                _front_page(book, sheets.grid, chunk, faces, stopwatch)
                _back_page(book, sheets.grid, chunk, faces, backs, flip, stopwatch)
                done += 1
                if progress:
                    progress(f"{game.id} {lang}", done, total)
        if renderer.problems:  # only for data that skipped validation; aborts the write
            raise DataError(renderer.problems)
        with stopwatch.stage("write"):
            book.finish()
    return Output(path, book.pages, sum(len(s.cards) for s in layouts))


def _title(game: Game, lang: str) -> str:
    return str(game.locales[lang].text("title") or game.id)


def print_handout(
    game: Game, lang: str, handout: Handout, path: Path, paper: str, writer: Writer
) -> Output:
    """One handout page in one language, drawn to the paper's edges as vector PDF."""
    page = PAPERS[paper].turned(handout.landscape)
    renderer = CardRenderer(game, game.locales[lang])
    svg = renderer.handout(handout, page)
    if svg is None or renderer.problems:
        raise DataError(renderer.problems)
    with writer.open(path) as stream, PdfBook(stream, page, _title(game, lang)) as book:
        area = Rect(0, 0, page.width, page.height)
        with drawing(game, handout.template, f"{handout.id} ({lang})"):
            draw.draw(draw.parse(svg, TEMPLATES_DIR / game.id), area, book.surface, area)
        book.finish_plain_page()
    return Output(path, book.pages, 0)


@contextlib.contextmanager
def drawing(game: Game, template: str, subject: str) -> Iterator[None]:
    """A face cairo cannot draw (validation found nothing wrong with its SVG text) is a problem
    of its template, reported like any other: the build stops and writes nothing."""
    try:
        yield
    except draw.DrawError as error:
        problem = Problem(f"templates/{game.id}/{template}", 0, subject, str(error))
        raise DataError([problem]) from None


def print_summary(
    game: Game, lang: str, path: Path, paper: str, writer: Writer, stopwatch: Stopwatch
) -> Output:
    """The rulebook summary of one game in one language (validation composed it already)."""
    engine = find_engine(game.id)
    assert engine is not None, "check() found the engine"
    with stopwatch.stage("summary"):
        summary, problems = summarise(game, lang, engine)
        if problems:
            raise DataError(problems)
        with writer.open(path) as stream, drawing(game, "pictogram.svg.j2", f"summary ({lang})"):
            pages = document.write(summary, PAPERS[paper], stream)
    return Output(path, pages, 0)


def _printed(grid: Grid) -> Rect:
    """The part of a card's art a sheet prints, in the card's own coordinates."""
    return Rect(-grid.bleed_x, -grid.bleed_y, grid.pitch_x, grid.pitch_y)


class _Faces:
    """Card faces as SVG text for drawing, timed as the template stage."""

    def __init__(self, renderer: CardRenderer, stopwatch: Stopwatch) -> None:
        self.renderer = renderer
        self.stopwatch = stopwatch
        self.folder = TEMPLATES_DIR / renderer.game.id

    def front(self, deck: Deck, card: Card) -> str:
        with self.stopwatch.stage("template"):
            return _require(self.renderer.front(deck, card))

    def back(self, deck: Deck, card: Card | None) -> str:
        with self.stopwatch.stage("template"):
            return _require(self.renderer.back(deck, card))

    def draw(
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


def _require(svg: str | None) -> str:
    if svg is None:  # validation rendered the same faces without problems
        raise RuntimeError("a face failed to render after validation passed")
    return svg


def _front_page(
    book: PdfBook, grid: Grid, chunk: list[tuple[Deck, Card]], faces: _Faces, stopwatch: Stopwatch
) -> None:
    for index, (deck, card) in enumerate(chunk):
        faces.draw(book, grid, faces.front(deck, card), grid.front(index), deck.front, card)
    with stopwatch.stage("assembly"):
        book.finish_page(grid, grid.cut_circles(len(chunk)))


def _back_page(
    book: PdfBook,
    grid: Grid,
    chunk: list[tuple[Deck, Card]],
    faces: _Faces,
    common: dict[str, cairosvg.parser.Tree],
    flip: str,
    stopwatch: Stopwatch,
) -> None:
    """The backs of a sheet: a deck's common back is parsed once and drawn into every slot.

    Each slot is drawn, not painted from one cairo recording: cairo 1.16 wrote such paints
    into the PDF so that some slots of a sheet came out blank in viewers (a back with straight
    grid lines lost whole columns), which a print run must never risk."""
    for index, (deck, card) in enumerate(chunk):
        trim = grid.back(index, flip)
        if deck.two_sided:
            faces.draw(book, grid, faces.back(deck, card), trim, deck.back, card)
            continue
        face = common.get(deck.id) or faces.back(deck, None)
        common[deck.id] = faces.draw(book, grid, face, trim, deck.back, None)
    with stopwatch.stage("assembly"):
        book.finish_page(grid)


def _export_png(
    game: Game,
    lang: str,
    folder: Path,
    writer: Writer,
    stopwatch: Stopwatch,
    progress: Progress | None,
) -> list[Output]:
    """Every face at 300 dpi with its full bleed, for print-on-demand services and screens."""
    renderer = CardRenderer(game, game.locales[lang])
    faces = [
        (folder / deck.id / f"{face.name}.png", face)
        for deck in game.decks
        for face in renderer.faces(deck)
    ]
    for done, (path, face) in enumerate(faces, start=1):
        with stopwatch.stage("png"), drawing(game, face.template, f"{face.name} ({lang})"):
            writer.write_bytes(path, draw.png(_require(face.svg), folder=TEMPLATES_DIR / game.id))
        if progress:
            progress(f"{game.id} {lang} png", done, len(faces))
    return [Output(path, 0, 1) for path, _ in faces]
