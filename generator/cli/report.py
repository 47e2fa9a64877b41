"""``pnp report``: what the engine measures of a deck, before and after an expansion."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import add_expansion_options
from generator.cli.exits import EXIT_OK
from generator.load.expansions import find_expansions, games_to_build
from generator.problems import UsageError
from generator.report.trials import HELP as TRIALS_HELP
from generator.report.trials import trials
from generator.runtime.folders import discover_games
from generator.runtime.writer import output_folder_problem


def add(report_cmd: argparse.ArgumentParser) -> None:
    report_cmd.add_argument("game", metavar="GAME")
    report_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(report_cmd, prints=False)
    report_cmd.add_argument("--lang", metavar="LANG", help="card names' language (default: en)")
    report_cmd.add_argument("--trials", type=trials, metavar="N", help=TRIALS_HELP)
    report_cmd.add_argument("--json", action="store_true", help="print JSON, not a table")
    report_cmd.add_argument("--out", type=Path, metavar="DIR", help="plots (output/report/GAME)")
    report_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.report.run import ReportRequest, run

    found = find_expansions(args.expansions, discover_games(args.data))
    games_to_build((args.game,), found)
    named = "+".join((args.game, *(expansion.name for expansion in found)))
    out = args.out or Path("output") / "report" / named
    if problem := output_folder_problem(out):
        raise UsageError(f"--out {out}: {problem}")
    request = ReportRequest(args.data, args.game, out, found, args.lang, args.trials, args.json)
    text, files = run(request)
    print(text)
    for path in files:
        print(f"{path}: plots", file=sys.stderr)
    return EXIT_OK
