"""Benchmark: every row of issue 36's table in one run, each case as a user runs it.

Run:  python benchmarks/bench_build.py [--repeat 3] [--jobs N] [--game G ...] [--lang L ...]
                                       [--no-memory] [--quick]

The floor is cairosvg alone, on one core, parsing and drawing each *distinct* face of the build
once (what no build can avoid without a cache). Every other case runs ``pnp`` as a fresh
process, so start-up and imports count:

- a cold build (an empty cache) of a copy of the card data, the same build again with nothing
  changed, then one card's text changed in one locale (that language's card sheets must be the
  only file rewritten, which the benchmark checks);
- ``pnp serve``: from saving that same edit to the changed face shown in a headless Chromium
  (:mod:`benchmarks.preview`; skipped, and said so, without chromium and chromedriver);
- ``pnp --version``, ``pnp --help`` and one rules query;
- ``pnp validate``, cold and with nothing changed since the last run;
- unless ``--no-memory``, the peak memory of a whole build, all processes together, with 1x, 3x
  and 10x the cards (:mod:`benchmarks.memory`).

Each time is the fastest of ``--repeat`` runs (a shared machine is noisy; the fastest is the one
least disturbed), with the issue's target. ``--game`` and ``--lang`` narrow what is built;
``--quick`` is one repeat of Break the Code in English, memory at 1x and 2x: every row, in
seconds rather than minutes, so that the CI runs it (tests/test_benchmarks.py) without judging
its times.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cairosvg.surface

from benchmarks.memory import peak_memory, scaled_copy
from benchmarks.preview import NotShown, save_to_shown
from benchmarks.rows import EDITS, Edit, Row, pnp
from generator import DEFAULT_DATA_DIR
from generator.pipeline.build import check
from generator.render.draw import parse
from generator.render.faces import render_faces
from generator.render.fonts import use_project_fonts
from generator.runtime.folders import Templates, discover_games

FLOOR = "floor: cairosvg parse + draw, one core"
COLD = "cold build, empty cache"
EDITED = "one card's text changed in one locale"
NOOP = "rebuild, nothing changed"
SERVE = "pnp serve: save -> changed face shown"
VERSION = "pnp --version"
HELP = "pnp --help"
RULES = "pnp rules gears round ... (one query)"
VALIDATE_WARM = "pnp validate, nothing changed"
VALIDATE_COLD = "pnp validate, cold"
FLATNESS = "peak memory, largest size / 1x"
ROWS = (FLOOR, COLD, EDITED, NOOP, SERVE, VERSION, HELP, RULES, VALIDATE_WARM, VALIDATE_COLD)
"""Every row but the memory rows (:func:`memory_row` of each size, then :data:`FLATNESS`)."""

RULES_QUERY = ("rules", "gears", "round", "highest-even", "red:4", "purple:4", "grey:3", "blue:2")
KEEP = 1.25
"""The issue's "keep" rows (no-op rebuild, validate): its measure, with a quarter for noise."""
MEMORY_MIB = 250.0
FLAT = 1.10
""""Flat from 1x to 10x cards": the largest size's peak within a tenth of 1x's."""
SIZES, QUICK_SIZES = (1, 3, 10), (1, 2)
QUICK_GAMES, QUICK_LANGS = ("break_the_code",), ("en",)
NO_EDIT = "the scope holds no game and language of benchmarks.rows.EDITS"


def memory_row(copies: int) -> str:
    return f"peak memory (PSS, all processes), {copies}x cards"


@dataclass(frozen=True)
class Scope:
    """What the build rows build: ``games`` (every game when empty) in ``langs`` (every
    language when empty), on ``jobs`` cores, each case ``repeat`` times."""

    games: tuple[str, ...]
    langs: tuple[str, ...]
    jobs: int
    repeat: int

    def build(self, data: Path, tmp: Path, cache: bool = True) -> list[str | Path]:
        """``pnp build`` of the scope's games in ``data``, into ``tmp``."""
        kept: list[str | Path] = ["--cache", tmp / "cache"] if cache else ["--no-cache"]
        langs: list[str | Path] = ["--lang", *self.langs] if self.langs else []
        where: list[str | Path] = ["--data", data, "--out", tmp / "out", "-j", str(self.jobs)]
        return ["build", *self.games, *where, *langs, *kept]

    def edit(self) -> Edit | None:
        """The first of :data:`EDITS` whose game and language the scope builds."""
        return next((edit for edit in EDITS if self.holds(edit.game, edit.lang)), None)

    def holds(self, game: str, lang: str) -> bool:
        return (not self.games or game in self.games) and (not self.langs or lang in self.langs)


def distinct_faces(scope: Scope) -> list[tuple[str, Templates]]:
    """Every distinct face SVG the scope's build draws, with the templates it draws from."""
    faces: dict[str, Templates] = {}
    for game in check(DEFAULT_DATA_DIR, scope.games):
        for lang in game.locales:
            if not scope.langs or lang in scope.langs:
                for svg in render_faces(game, lang)[0].svgs.values():
                    faces.setdefault(svg, game.templates)
    return list(faces.items())


def bare_render(faces: list[tuple[str, Templates]]) -> float:
    """cairosvg alone, one core: parse each face and draw it onto a PDF surface of its own."""
    use_project_fonts()
    start = time.perf_counter()
    for svg, folder in faces:
        cairosvg.surface.PDFSurface(parse(svg, folder), None, 96).finish()
    return time.perf_counter() - start


def floor_row(scope: Scope) -> Row:
    faces = distinct_faces(scope)
    bare_render(faces[:1])  # fonts found and loaded before the clock starts
    runs = tuple(bare_render(faces) for _ in range(scope.repeat))
    return Row(FLOOR, runs, note=f"{len(faces)} distinct faces")


def build_rows(scope: Scope, floor: float) -> Iterator[Row]:
    """A designer's loop on a copy of the card data, ``repeat`` times: a cold build, the same
    build again, one card's text changed."""
    edit = scope.edit()
    cold, noop, edited, wrong = [], [], [], set()
    for _ in range(scope.repeat):
        with tempfile.TemporaryDirectory() as scratch:
            tmp = Path(scratch)
            shutil.copytree(DEFAULT_DATA_DIR, tmp / "card_data")
            build = scope.build(tmp / "card_data", tmp)
            cold.append(pnp(*build))
            noop.append(pnp(*build))
            if edit:
                seconds, rewritten = one_card_edit(edit, build, tmp)
                edited.append(seconds)
                wrong |= rewritten ^ edit.rewritten()
    yield Row(COLD, tuple(cold), of_floor=0.65, floor=floor)
    if edit:
        shown = ", ".join(sorted(wrong))
        broken = shown and f"rewrote or left: {shown}"
        yield Row(EDITED, tuple(edited), 0.5, note=edit.card, broken=broken)
    else:
        yield Row(EDITED, note=f"skipped: {NO_EDIT}")
    yield Row(NOOP, tuple(noop), round(0.16 * KEEP, 2))


def one_card_edit(edit: Edit, build: list[str | Path], tmp: Path) -> tuple[float, set[str]]:
    """Seconds to build again after ``edit``, and the files that build rewrote."""
    before = {path: path.stat().st_mtime_ns for path in (tmp / "out").rglob("*.pdf")}
    edit.save(tmp / "card_data")
    seconds = pnp(*build)
    changed = [path for path, mtime in before.items() if path.stat().st_mtime_ns != mtime]
    return seconds, {path.relative_to(tmp / "out").as_posix() for path in changed}


def serve_rows(scope: Scope) -> Iterator[Row]:
    edit = scope.edit()
    if edit is None:
        yield Row(SERVE, note=f"skipped: {NO_EDIT}")
        return
    try:
        found = save_to_shown(edit, scope.repeat)
    except NotShown as error:
        yield Row(SERVE, note=f"failed: {error}", failed=True)
        return
    if isinstance(found, str):
        yield Row(SERVE, note=f"skipped: {found}")
    else:
        yield Row(SERVE, tuple(found), 1.0, note=f"{edit.game} {edit.lang}, {edit.card}")


def command_rows(scope: Scope) -> Iterator[Row]:
    for name, command, limit in (
        (VERSION, ("--version",), 0.15),
        (HELP, ("--help",), 0.15),
        (RULES, RULES_QUERY, 0.3),
    ):
        yield Row(name, tuple(pnp(*command) for _ in range(scope.repeat)), limit)


def validate_rows(scope: Scope) -> Iterator[Row]:
    cold, warm = [], []
    for _ in range(scope.repeat):
        with tempfile.TemporaryDirectory() as scratch:
            validate = ["validate", *scope.games, "--cache", scratch, "-j", str(scope.jobs)]
            cold.append(pnp(*validate))
            warm.append(pnp(*validate))
    yield Row(VALIDATE_WARM, tuple(warm), round(0.15 * KEEP, 2))
    yield Row(VALIDATE_COLD, tuple(cold), round(2.9 * KEEP, 1))


def memory_rows(scope: Scope, sizes: tuple[int, ...]) -> Iterator[Row]:
    """A build of the scope with no cache and each size times the cards; then whether the peak
    stayed flat."""
    games = scope.games or tuple(discover_games(DEFAULT_DATA_DIR))
    peaks = []
    for copies in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            tmp = Path(scratch)
            copy = scaled_copy(DEFAULT_DATA_DIR, games, copies, tmp / "card_data")
            peaks.append(peak_memory(scope.build(copy.data, tmp, cache=False)))
        note = f"{copy.cards} cards a language, no game's rules run"
        yield Row(memory_row(copies), (peaks[-1],), MEMORY_MIB, "MiB", note=note)
    yield Row(FLATNESS, (peaks[-1] / peaks[0],), FLAT, "x")


def main() -> None:
    args = _parser().parse_args()
    scope = Scope(
        tuple(args.game or (QUICK_GAMES if args.quick else ())),
        tuple(args.lang or (QUICK_LANGS if args.quick else ())),
        args.jobs,
        args.repeat or (1 if args.quick else 3),
    )
    built = f"{', '.join(scope.games) or 'every game'} in {', '.join(scope.langs) or 'all'}"
    print(f"{built}; a fresh `pnp` a run, the fastest of {scope.repeat}, {scope.jobs} jobs")
    print(f"{'row':<46}{'value':>12}{'x floor':>8}  target: verdict")
    floor = floor_row(scope)
    show(floor)
    failed = []
    for row in chain(
        build_rows(scope, floor.value),
        serve_rows(scope),
        command_rows(scope),
        validate_rows(scope),
        () if args.no_memory else memory_rows(scope, QUICK_SIZES if args.quick else SIZES),
    ):
        show(row)
        failed += [row.name] if row.failed else []
    if failed:
        sys.exit(f"not measured: {', '.join(failed)}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, help="runs of each case (default 3, quick 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", nargs="+", default=[], help="build these games only")
    parser.add_argument("--lang", nargs="+", default=[], help="build these languages only")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--quick", action="store_true", help="every row, in seconds")
    return parser


def show(row: Row) -> None:
    print(row.line(), flush=True)


if __name__ == "__main__":
    main()
