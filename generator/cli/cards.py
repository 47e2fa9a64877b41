"""``pnp cards``: a deck's cards from a spreadsheet to YAML and back (``import``, ``export``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.exits import EXIT_OK

SHEET_HELP = (
    "the game it belongs to is found from the decks/ folder the YAML file is in (a game's or "
    "an expansion's), which gives the cells their types"
)


def add(cards_cmd: argparse.ArgumentParser) -> None:
    steps = cards_cmd.add_subparsers(dest="step", required=True, metavar="STEP")
    import_cmd = steps.add_parser(
        "import", help="a CSV, XLSX or ODS sheet as a YAML deck file", description=SHEET_HELP
    )
    import_cmd.add_argument("file", type=Path, metavar="FILE", help="the sheet")
    _add_out(import_cmd, "FILE.yaml", "the deck file (default: beside FILE)")
    export_cmd = steps.add_parser(
        "export", help="a YAML deck file as a CSV sheet", description=SHEET_HELP
    )
    export_cmd.add_argument("file", type=Path, metavar="FILE", help="the deck's YAML file")
    _add_out(export_cmd, "FILE.csv", "the sheet (default: beside FILE)")


def _add_out(step: argparse.ArgumentParser, metavar: str, what: str) -> None:
    step.add_argument("--out", type=Path, metavar=metavar, help=what)
    step.add_argument("--force", action="store_true", help="replace the file if it exists")
    step.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.authoring.deck_sheets import export_sheet, import_sheet

    if args.step == "import":
        out = args.out or args.file.with_suffix(".yaml")
        count = import_sheet(args.file, out, args.force)
    else:
        out = args.out or args.file.with_suffix(".csv")
        count = export_sheet(args.file, out, args.force)
    print(f"wrote {out}: {count} card entr{'y' if count == 1 else 'ies'} from {args.file}")
    return EXIT_OK
