"""``pnp i18n export`` and ``pnp i18n import``: translations as PO files, out and back in."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import add_output_folder
from generator.cli.exits import EXIT_OK
from generator.load.expansions import add_with_option, find_expansions
from generator.problems import UsageError
from generator.runtime.folders import discover_games
from generator.runtime.writer import output_folder_problem

EXPANSION_TEXTS = (
    "an expansion folder whose own texts (its locales/) go out as PO files and back in, "
    "OUT/<expansion>/; repeat for several"
)


def add(i18n_cmd: argparse.ArgumentParser) -> None:
    steps = i18n_cmd.add_subparsers(dest="step", required=True, metavar="STEP")
    export_po = steps.add_parser(
        "export", help="a POT file per game (or expansion) and a PO file per language"
    )
    export_po.add_argument(
        "games", nargs="*", metavar="GAME", help="games (default: all, or none with --with)"
    )
    export_po.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="languages to write a PO file for"
    )
    add_output_folder(export_po, "translations", "OUT/<game>/<lang>.po")
    export_po.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_with_option(export_po, EXPANSION_TEXTS)
    export_po.set_defaults(run=run_export)
    import_po = steps.add_parser("import", help="write translated PO files into the locales")
    import_po.add_argument("files", nargs="+", type=Path, metavar="FILE", help="PO files")
    import_po.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_with_option(import_po, EXPANSION_TEXTS)
    import_po.set_defaults(run=run_import)


def run_export(args: argparse.Namespace) -> int:
    from generator.translation.owners import has_texts
    from generator.translation.run import export
    from generator.translation.usage import printed_where

    if problem := output_folder_problem(args.out):
        raise UsageError(f"--out {args.out}: {problem}")
    start = time.perf_counter()
    langs = tuple(args.lang)
    given = find_expansions(args.expansions, discover_games(args.data))
    found = tuple(expansion for expansion in given if has_texts(expansion))
    for expansion in given:
        if expansion not in found:
            print(f"--with {expansion.name}: no texts of its own (no locales/en.yaml): skipped")
    if given and not (found or args.games):
        return EXIT_OK
    comments = printed_where(args.data)
    written = export(args.data, tuple(args.games), langs, args.out, comments, found)
    for file in written:
        print(file)
    print(f"wrote {len(written)} files in {time.perf_counter() - start:.1f} s")
    return EXIT_OK


def run_import(args: argparse.Namespace) -> int:
    """Import the PO files and say what each changed, then which games passed the check."""
    from generator.translation.checked import import_checked

    expansions = find_expansions(args.expansions, discover_games(args.data))
    done, checked = import_checked(args.data, tuple(args.files), expansions)
    for imported in done:
        print(imported)
    for verdict in checked:
        print(f"{verdict.game}: ok")
    return EXIT_OK
