"""``pnp schema``: JSON Schemas of the games' files, for editors."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.display import summarise
from generator.cli.exits import EXIT_OK


def add(schema_cmd: argparse.ArgumentParser) -> None:
    schema_cmd.add_argument("games", nargs="*", metavar="GAME", help="games (default: all)")
    schema_cmd.add_argument(
        "--out", type=Path, default=Path("schemas"), metavar="DIR", help="writes DIR/<game>/"
    )
    schema_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    schema_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.authoring.editor_schema import write

    start = time.perf_counter()
    summarise(write(args.data, tuple(args.games), args.out), time.perf_counter() - start)
    return EXIT_OK
