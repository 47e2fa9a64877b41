"""``pnp build``: print games to PDF sheets (and PNG). A build whose files are all up to date
is answered from the cache (:func:`generator.pipeline.fastpath.restore`) before the drawing
pipeline is imported."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import (
    add_expansion_options,
    add_language_options,
    add_palette_option,
    add_paper_and_folder,
    add_printing_options,
    add_speed_options,
    asked_papers,
    cache_folder,
    games_and_expansions,
    made_languages,
    printing_options,
)
from generator.cli.display import Bar, PlainProgress, print_notes, summarise
from generator.cli.exits import EXIT_OK
from generator.options import on_papers
from generator.runtime.cache import Cache
from generator.runtime.writer import output_folder_problem


def add(build_cmd: argparse.ArgumentParser) -> None:
    build_cmd.add_argument("games", nargs="*", metavar="GAME", help="games to build (default: all)")
    build_cmd.add_argument(
        "--lang",
        nargs="+",
        default=[],
        metavar="LANG",
        help="locales to build (default: every locale the game ships)",
    )
    add_paper_and_folder(build_cmd)
    add_palette_option(build_cmd)
    build_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(build_cmd)
    add_language_options(build_cmd)
    build_cmd.add_argument(
        "--png", action="store_true", help="also write every card as a 300 dpi PNG with bleed"
    )
    add_printing_options(build_cmd)
    add_speed_options(build_cmd)
    build_cmd.add_argument(
        "--no-cache",
        action="store_true",
        help="draw every face again and keep nothing for the next build",
    )
    build_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.pipeline import fastpath  # not for pnp --help: it reads no card data

    start = time.perf_counter()
    options = printing_options(args)
    names, expansions = games_and_expansions(args)
    languages = made_languages(args, names, expansions)
    if not args.no_cache and not output_folder_problem(args.out):
        langs = tuple(args.lang)
        cache = Cache(cache_folder(args))
        printings = on_papers(options, asked_papers(args))
        done = fastpath.restore(
            args.data, names, langs, printings, args.out, cache, expansions, languages
        )
        if done is not None:
            print_notes(done.notes)
            summarise(done.written, time.perf_counter() - start, done.removed)
            return EXIT_OK
    from generator.pipeline.build import build
    from generator.pipeline.request import BuildRequest

    request = BuildRequest(
        data_dir=args.data,
        out_dir=args.out,
        games=names,
        langs=tuple(args.lang),
        options=options,
        papers=asked_papers(args),
        cache=None if args.no_cache else cache_folder(args),
        jobs=args.jobs,
        expansions=expansions,
        languages=languages,
    )
    progress = Bar() if sys.stderr.isatty() else PlainProgress()
    try:
        done = build(request, progress=progress)
    finally:
        progress.clear()
    print_notes(done.notes)
    summarise(done.written, time.perf_counter() - start, done.removed)
    return EXIT_OK
