"""The pipeline, top to bottom: load -> validate -> render -> assemble -> write.

``check`` loads and validates (everything ``pnp validate`` reports); ``build`` then prints each
game in each language to ``OUT/<game>/<lang>/cards-<paper>.pdf``, sheet by sheet, so memory stays
flat however many cards there are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cairosvg.parser

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
    return problems + handout_problems(game, "a4")


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
    """Check, then print every requested game and language; returns what was written."""
    stopwatch = stopwatch or Stopwatch()
    games = check(request.data_dir, request.games, stopwatch)
    jobs = [(game, lang) for game in games for lang in _langs(game, request.langs)]
    for game in games:  # every game fits its paper before anything is written
        sheets_for(game, request.paper)
        # check() rendered the handouts at A4; another paper moves their text boxes
        if request.paper != "a4" and (problems := handout_problems(game, request.paper)):
            raise DataError(problems)
    writer = Writer()
    outputs = []
    for game, lang in jobs:
        path = request.out_dir / game.id / lang / f"cards-{request.paper}.pdf"
        outputs.append(
            print_pdf(game, lang, path, request.paper, request.flip, writer, stopwatch, progress)
        )
        for handout in game.handouts:
            path = request.out_dir / game.id / lang / f"{handout.id}-{request.paper}.pdf"
            outputs.append(print_handout(game, lang, handout, path, request.paper, writer))
        path = request.out_dir / game.id / lang / "rules-summary.pdf"
        outputs.append(print_summary(game, lang, path, request.paper, writer, stopwatch))
        if progress:
            progress(f"{game.id} {lang} rules summary", 1, 1)
        if request.png:
            folder = request.out_dir / game.id / lang / "png"
            outputs += _export_png(game, lang, folder, writer, stopwatch, progress)
    return outputs


def _langs(game: Game, wanted: tuple[str, ...]) -> list[str]:
    if not wanted:
        return list(game.locales)
    missing = [lang for lang in wanted if lang not in game.locales]
    if missing and len(missing) == len(wanted):
        raise UsageError(
            f"{game.id} has no locale {', '.join(missing)} (it ships: {', '.join(game.locales)})"
        )
    return [lang for lang in wanted if lang in game.locales]


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
    paper: str = "a4",
    flip: str = "long",
    writer: Writer | None = None,
    stopwatch: Stopwatch | None = None,
    progress: Progress | None = None,
) -> Output:
    """Print one game in one language: each sheet of fronts followed by its sheet of backs."""
    writer = writer or Writer()
    stopwatch = stopwatch or Stopwatch()
    layouts = sheets_for(game, paper)
    locale = game.locales[lang]
    renderer = CardRenderer(game, locale)
    faces = _Faces(renderer, stopwatch)
    total = sum(-(-len(s.cards) // s.grid.per_sheet) for s in layouts)
    done = 0
    with writer.open(path) as stream:
        book = PdfBook(stream, PAPERS[paper], f"{locale.text('title') or game.id}")
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


def print_handout(
    game: Game, lang: str, handout: Handout, path: Path, paper: str, writer: Writer
) -> Output:
    """One handout page in one language, drawn to the paper's edges as vector PDF."""
    page = PAPERS[paper].turned(handout.landscape)
    locale = game.locales[lang]
    renderer = CardRenderer(game, locale)
    svg = renderer.handout(handout, page)
    if svg is None or renderer.problems:
        raise DataError(renderer.problems)
    with writer.open(path) as stream:
        book = PdfBook(stream, page, f"{locale.text('title') or game.id}")
        area = Rect(0, 0, page.width, page.height)
        draw.draw(draw.parse(svg), area, book.surface, area)
        book.finish_plain_page()
        book.finish()
    return Output(path, book.pages, 0)


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
        with writer.open(path) as stream:
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

    def front(self, deck: Deck, card: Card) -> str:
        with self.stopwatch.stage("template"):
            return _require(self.renderer.front(deck, card))

    def back(self, deck: Deck, card: Card | None) -> str:
        with self.stopwatch.stage("template"):
            return _require(self.renderer.back(deck, card))


def _require(svg: str | None) -> str:
    if svg is None:  # validation rendered the same faces without problems
        raise RuntimeError("a face failed to render after validation passed")
    return svg


def _front_page(
    book: PdfBook, grid: Grid, chunk: list[tuple[Deck, Card]], faces: _Faces, stopwatch: Stopwatch
) -> None:
    for index, (deck, card) in enumerate(chunk):
        _draw_face(book, grid, faces.front(deck, card), grid.front(index), stopwatch)
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
            _draw_face(book, grid, faces.back(deck, card), trim, stopwatch)
            continue
        if deck.id not in common:
            svg = faces.back(deck, None)
            with stopwatch.stage("parse+draw"):
                common[deck.id] = draw.parse(svg)
        with stopwatch.stage("parse+draw"):
            draw.draw(common[deck.id], _printed(grid), book.surface, grid.with_bleed(trim))
    with stopwatch.stage("assembly"):
        book.finish_page(grid)


def _draw_face(book: PdfBook, grid: Grid, svg: str, trim: Rect, stopwatch: Stopwatch) -> None:
    with stopwatch.stage("parse+draw"):
        draw.draw(draw.parse(svg), _printed(grid), book.surface, grid.with_bleed(trim))


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
        (folder / deck.id / f"{name}.png", svg)
        for deck in game.decks
        for name, svg in renderer.faces(deck)
    ]
    for done, (path, svg) in enumerate(faces, start=1):
        with stopwatch.stage("png"):
            writer.write_bytes(path, draw.png(_require(svg)))
        if progress:
            progress(f"{game.id} {lang} png", done, len(faces))
    return [Output(path, 0, 1) for path, _ in faces]
