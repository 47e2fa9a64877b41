"""``pnp validate``: check card data without printing; a game unchanged since it last passed
is answered from the cache (:func:`generator.pipeline.fastpath.verdicts`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import (
    add_expansion_options,
    add_language_options,
    add_paper_option,
    add_speed_options,
    cache_folder,
    games_and_expansions,
    made_languages,
)
from generator.cli.display import print_notes
from generator.cli.exits import EXIT_OK
from generator.geometry.sizes import PAPERS
from generator.options import Options
from generator.runtime.cache import Cache


def add(validate_cmd: argparse.ArgumentParser) -> None:
    validate_cmd.add_argument("games", nargs="*", metavar="GAME")
    validate_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(validate_cmd, prints=False)
    add_language_options(validate_cmd)
    add_paper_option(
        validate_cmd, "check printing on this paper only; repeat for more (default: every paper)"
    )
    add_speed_options(validate_cmd)
    validate_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.pipeline import fastpath  # not for pnp --help: it reads no card data

    papers = tuple(args.paper) or tuple(PAPERS)
    cache = Cache(cache_folder(args))
    names, expansions = games_and_expansions(args)
    languages = made_languages(args, names, expansions)
    found = fastpath.verdicts(args.data, names, papers, cache, expansions, languages)
    if found is None:
        from generator.pipeline.build import validate

        wanted = tuple(Options(paper=PAPERS[name]) for name in papers)
        found = validate(args.data, names, wanted, args.jobs, cache.folder, expansions, languages)
    for verdict in found:
        decks = ", ".join(f"{count} {deck}" for deck, count in verdict.decks)
        print(f"{verdict.game}: ok ({decks}; locales {', '.join(verdict.locales)})")
        print_notes(list(verdict.notes))
    return EXIT_OK
