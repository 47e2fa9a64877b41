"""``pnp serve``: a live preview of a game's cards in the browser."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import (
    add_expansion_options,
    add_language_options,
    add_palette_option,
    made_languages,
)
from generator.load.expansions import find_expansions, games_to_build
from generator.runtime.folders import discover_games


def add(serve_cmd: argparse.ArgumentParser) -> None:
    serve_cmd.add_argument("game", nargs="?", metavar="GAME", help="default: the only game")
    serve_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(serve_cmd, prints=False)
    serve_cmd.add_argument("--lang", metavar="LANG", help="the language shown first")
    add_language_options(serve_cmd)
    add_palette_option(serve_cmd)
    serve_cmd.add_argument("--port", type=int, default=8000, help="default 8000; 0: any free")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="default: this machine only")
    serve_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.preview.running import Asked, serve

    expansions = find_expansions(args.expansions, discover_games(args.data))
    games = games_to_build((args.game,) if args.game else (), expansions)
    game = games[0] if len(games) == 1 else args.game
    languages = made_languages(args, (game,) if game else (), expansions)
    asked = Asked(
        args.data, game, expansions, args.lang, args.host, args.port, args.palette, languages
    )
    return serve(asked)
