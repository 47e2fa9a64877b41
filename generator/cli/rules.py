"""``pnp rules``: ask a game's rule engine. The queries each game answers (its
:class:`~generator.games.queries.RulesCommands`) are added to the parser only when ``rules`` is the
command: describing them imports every rule engine."""

from __future__ import annotations

import argparse
import json

from generator.cli.arguments import Commands
from generator.cli.exits import EXIT_OK
from generator.problems import UsageError


def add(commands: Commands) -> None:
    commands.add_parser("rules", help="ask a game's rule engine")


def add_queries(rules_cmd: argparse.ArgumentParser) -> None:
    """Every game's queries under ``rules``, each with ``--json``, and the handler."""
    from generator.games.registry import ENGINES, find_commands

    games = rules_cmd.add_subparsers(dest="game", required=True, metavar="GAME")
    for game_id in ENGINES:
        queries = find_commands(game_id)
        about = f"rules of {game_id}" if queries else f"{game_id} has no rules queries"
        game_cmd = games.add_parser(game_id, help=about)
        if queries:
            queries.add_queries(game_cmd)
    _accept_json(rules_cmd, default=False)
    rules_cmd.set_defaults(run=run)


def _accept_json(parser: argparse.ArgumentParser, default: object) -> None:
    """``--json`` anywhere in a ``rules`` command: before the game, after the query, or between."""
    parser.add_argument("--json", action="store_true", default=default, help="answer in JSON")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _accept_json(sub, argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    """Answer a query; a game the registry knows but that answers none is a usage mistake."""
    from generator.games.registry import find_commands, with_queries

    queries = find_commands(args.game)
    if queries is None:
        raise UsageError(
            f"{args.game} has no rules queries (games with queries: {', '.join(with_queries())})"
        )
    text, value = queries.run_query(args)
    print(json.dumps(value, ensure_ascii=False) if args.json else text)
    return EXIT_OK
