"""``pnp new game`` and ``pnp new expansion``: start one from a working example."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.exits import EXIT_OK


def add(new_cmd: argparse.ArgumentParser) -> None:
    kinds = new_cmd.add_subparsers(dest="what", required=True, metavar="WHAT")
    expansion_cmd = kinds.add_parser("expansion", help="an expansion of a game, ready to build")
    expansion_cmd.add_argument("name", metavar="NAME", help="its folder's name")
    expansion_cmd.add_argument("--game", required=True, metavar="GAME", help="the game it extends")
    expansion_cmd.add_argument(
        "--dir", type=Path, default=Path("."), metavar="DIR", help="where (default: here)"
    )
    expansion_cmd.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help="the card data whose game it extends (default: the shipped games)",
    )
    expansion_cmd.set_defaults(run=run)
    game_cmd = kinds.add_parser("game", help="a game of your own, rules and all, without Python")
    game_cmd.add_argument("name", metavar="NAME", help="its id: a lower-case name, like my_game")
    game_cmd.add_argument(
        "--dir",
        type=Path,
        default=Path("."),
        metavar="DIR",
        help="the project folder: card_data/NAME/, templates/NAME/ and schemas/NAME/ go in it "
        "(default: here)",
    )
    game_cmd.set_defaults(run=run_game)


def run_game(args: argparse.Namespace) -> int:
    from generator.authoring.new_game import new_game

    card_data, templates, _ = new_game(args.name, args.dir)
    data = card_data.parent
    print(f"wrote {card_data}/, {templates}/ and its editor schemas; try:")
    for command in ("validate", "build", "serve"):
        print(f"  pnp {command} {args.name} --data {data}")
    print("pnp help your-own-game says what goes where, and every kind of rule.")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    from generator.authoring.scaffold import new_expansion

    folder = new_expansion(args.name, args.game, args.dir, args.data)
    print(f"wrote {folder}/ (see its README.md); try:")
    print(f"  pnp validate --with {folder}")
    print(f"  pnp build --with {folder} --only-expansion")
    return EXIT_OK
