"""``pnp clean``: empty the cache of drawn faces."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.cli.arguments import CACHE_HELP, cache_folder
from generator.cli.exits import EXIT_OK
from generator.runtime.cache import Cache


def add(clean_cmd: argparse.ArgumentParser) -> None:
    clean_cmd.add_argument("--cache", type=Path, default=None, metavar="DIR", help=CACHE_HELP)
    clean_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder = cache_folder(args)
    removed = Cache(folder).clear()
    print(f"removed {removed} cached item{'s' if removed != 1 else ''} from {folder}")
    return EXIT_OK
