"""Benchmark: a full Game of Trains build, stage by stage, against the bare cairosvg render.

Run:  python benchmarks/bench_build.py [--game game_of_trains] [--no-memory]

Prints, for each stage of our build (load+validate, template, parse+draw, assembly, write), its
time and cards per second; then, measured in the same run, the time cairosvg alone needs to parse
and draw the same SVGs (each onto its own PDF surface, each back as often as it is printed), and
the ratio of the two. Target: the
whole build takes at most 1.3 x the bare render. With memory on, it also prints the peak memory of
printing 1x, 3x and 9x the deck (each in a fresh process), which should stay flat.
"""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cairosvg.parser
import cairosvg.surface

from generator import DEFAULT_DATA_DIR
from generator.build import BuildRequest, build, check
from generator.model import Game
from generator.outputs import Job, Options
from generator.outputs.cards import CardSheets
from generator.render.draw import parse
from generator.render.fonts import use_project_fonts
from generator.render.templates import CardRenderer
from generator.timing import Stopwatch
from generator.writer import Writer

TARGET = 1.3
STAGES = ("load+validate", "template", "parse+draw", "assembly", "write")


def faces_drawn(game: Game) -> list[str]:
    """The SVGs a build draws: every front and every back, a deck's common back once per card,
    since the build draws it into each slot (see ``outputs.cards``)."""
    svgs = []
    for locale in game.locales.values():
        renderer = CardRenderer(game, locale)
        for deck in game.decks:
            faces = {face.name: face.svg for face in renderer.faces(deck)}
            if not deck.two_sided:
                faces.update({f"{card.id}-back": faces["back"] for card in deck.cards})
                del faces["back"]
            svgs += [svg or "" for svg in faces.values()]
    return svgs


def bare_render(svgs: list[str], folder: Path) -> float:
    """cairosvg alone: parse each SVG and draw it onto a PDF surface of its own."""
    use_project_fonts()
    start = time.perf_counter()
    for svg in svgs:
        tree = parse(svg, folder)
        cairosvg.surface.PDFSurface(tree, None, 96)
    return time.perf_counter() - start


def timed_build(game_id: str, out: Path) -> tuple[Stopwatch, float, int]:
    stopwatch = Stopwatch()
    start = time.perf_counter()
    outputs = build(BuildRequest(DEFAULT_DATA_DIR, out, (game_id,)), stopwatch)
    return stopwatch, time.perf_counter() - start, sum(o.cards for o in outputs)


def peak_memory(game_id: str, copies: int) -> tuple[int, float]:
    """Peak RSS (MiB) of printing ``copies`` x the deck in one language, in a fresh process."""
    code = (
        "import resource, sys, tempfile; from pathlib import Path\n"
        "from benchmarks.bench_build import scaled_print\n"
        f"cards = scaled_print({game_id!r}, {copies})\n"
        "print(cards, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    cards, mib = result.stdout.split()
    return int(cards), float(mib)


def scaled_print(game_id: str, copies: int) -> int:
    """Print the game's cards ``copies`` times over (ids made unique) in its first language."""
    game = check(DEFAULT_DATA_DIR, (game_id,))[0]
    decks = tuple(
        dataclasses.replace(
            deck,
            cards=tuple(
                dataclasses.replace(card, id=f"{card.id}-{n}")
                for n in range(copies)
                for card in deck.cards
            ),
        )
        for deck in game.decks
    )
    game = dataclasses.replace(game, decks=decks)
    with tempfile.TemporaryDirectory() as out:
        job = Job(game, next(iter(game.locales)), Path(out), Options(), Writer(Path(out)))
        return CardSheets().write(job)[0].cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="game_of_trains")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="rounds of build and bare render, interleaved; the fastest of each "
        "is compared, which shields the ratio from a busy machine",
    )
    parser.add_argument("--no-memory", action="store_true")
    args = parser.parse_args()

    game = check(DEFAULT_DATA_DIR, (args.game,))[0]
    svgs = faces_drawn(game)
    bare_render(svgs[:1], game.templates)  # fontconfig and font loading are warm for both sides
    builds, bares = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as out:
            builds.append(timed_build(args.game, Path(out)))
        bares.append(bare_render(svgs, game.templates))
    stopwatch, total, cards = min(builds, key=lambda run: run[1])
    bare = min(bares)

    print(f"full build of {args.game}: {cards} cards, {total:.2f} s (fastest of {args.repeat})")
    print(f"{'stage':<15}{'seconds':>10}{'cards/s':>10}")
    for stage in STAGES:
        seconds = stopwatch.seconds.get(stage, 0.0)
        rate = f"{cards / seconds:10.0f}" if seconds else f"{'-':>10}"
        print(f"{stage:<15}{seconds:10.3f}{rate}")
    print(
        f"bare cairosvg parse+draw of the same {len(svgs)} SVGs: {bare:.2f} s "
        f"(fastest of {args.repeat})"
    )
    ratio = total / bare
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"ratio build / bare render: {ratio:.2f} (target <= {TARGET}: {verdict})")

    if not args.no_memory:
        print(f"{'copies':>6}{'cards':>8}{'peak MiB':>10}")
        for copies in (1, 3, 9):
            printed, mib = peak_memory(args.game, copies)
            print(f"{copies:>6}{printed:>8}{mib:>10.0f}")


if __name__ == "__main__":
    main()
