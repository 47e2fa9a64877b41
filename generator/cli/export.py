"""``pnp export``: a target's files for a print shop or a virtual table."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import (
    add_expansion_options,
    add_language_options,
    add_output_folder,
    add_palette_option,
    add_speed_options,
    games_and_expansions,
    made_languages,
)
from generator.cli.display import summarise
from generator.cli.exits import EXIT_OK
from generator.problems import UsageError
from generator.runtime.writer import output_folder_problem


def add(export_cmd: argparse.ArgumentParser) -> None:
    export_cmd.add_argument("target", metavar="TARGET", help=f"one of: {', '.join(_targets())}")
    export_cmd.add_argument("games", nargs="*", metavar="GAME", help="games (default: all)")
    export_cmd.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="locales (default: every one)"
    )
    add_output_folder(export_cmd, "export", "OUT/<target>/<game>/<lang>/")
    export_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(export_cmd)
    add_language_options(export_cmd)
    add_palette_option(export_cmd)
    add_speed_options(export_cmd)
    export_cmd.set_defaults(run=run)


def _targets() -> list[str]:
    from generator.export.targets import TARGETS_DIR

    return sorted(path.stem for path in TARGETS_DIR.glob("*.yaml"))


def run(args: argparse.Namespace) -> int:
    """Write a target's files; say what was made and which decks it cannot print."""
    from generator.export.run import ExportRequest, export
    from generator.export.targets import targets

    known = targets()
    if args.target not in known:
        raise UsageError(f"no export target {args.target!r} (known: {', '.join(known)})")
    unusable = output_folder_problem(args.out)
    if unusable:
        raise UsageError(f"--out {args.out}: {unusable}")
    start = time.perf_counter()
    names, expansions = games_and_expansions(args)
    request = ExportRequest(
        known[args.target],
        args.data,
        args.out,
        names,
        tuple(args.lang),
        args.cache,
        args.jobs,
        expansions,
        args.only_expansion,
        args.palette,
        made_languages(args, names, expansions),
    )
    done = export(request)
    for problem in done.left_out:
        print(f"note: {problem}", file=sys.stderr)
    for note in done.notes:
        print(f"note: {note}", file=sys.stderr)
    summarise(done.written, time.perf_counter() - start)
    return EXIT_OK
