"""``pnp list``: the games, their decks, card counts and locales. (Not ``list.py``: the
module would hide Python's builtin ``list`` in the package's namespace.)"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import add_expansion_options
from generator.cli.exits import EXIT_OK
from generator.load.expansions import find_expansions
from generator.runtime.folders import discover_games


def add(list_cmd: argparse.ArgumentParser) -> None:
    list_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(list_cmd, prints=False)
    list_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.pipeline.front import every_game

    expansions = find_expansions(args.expansions, discover_games(args.data))
    games = every_game(args.data, expansions)
    if not games:
        print(f"no games in {args.data}")
    for game in games:
        low, high = game.players
        print(f"{game.name} ({low}-{high} players)")
        for deck in game.decks:
            size = deck.size
            count = f"{len(deck.cards)} card{'s' if len(deck.cards) != 1 else ''}"
            shape = f", {size.shape}" if size.shape == "circle" else ""
            sides = ", two-sided" if deck.two_sided else ""
            print(f"  {deck.id}: {count}, {size.width:g} x {size.height:g} mm{shape}{sides}")
        languages = ", ".join(
            f"{lang} ({locale.language})" for lang, locale in game.locales.items()
        )
        print(f"  locales: {languages}")
        if game.drafts:
            drafts = ", ".join(
                f"{d.lang} ({d.has} of {d.texts} texts)" for d in game.drafts.values()
            )
            print(f"  in progress: {drafts}")
    return EXIT_OK
