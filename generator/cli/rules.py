"""``pnp rules``: ask a game's rule engine. Every game the registry knows is listed by name, and
a game's queries (its :class:`~generator.games.queries.RulesCommands`) are described only when
that game is asked: describing them imports the game's rules, and answering one of them what
that query needs (the card data through the front door, the engine, a solver)."""

from __future__ import annotations

import argparse
import json
from functools import partial

from generator.cli.exits import EXIT_OK
from generator.cli.parser import Parser
from generator.games.registry import ENGINES, answers_queries, find_commands, with_queries
from generator.problems import UsageError


def add(rules_cmd: Parser) -> None:
    """Every game under ``rules``, its queries described when it is asked, ``--json``, and
    the handler."""
    games = rules_cmd.add_subparsers(dest="game", required=True, metavar="GAME")
    for game_id in ENGINES:
        about = (
            f"rules of {game_id}" if answers_queries(game_id) else f"{game_id} has no rules queries"
        )
        games.add_parser(game_id, help=about).describe_when_used(partial(_add_queries, game_id))
    _json_option(rules_cmd, default=False)
    rules_cmd.set_defaults(run=run)


def _add_queries(game_id: str, game_cmd: Parser) -> None:
    queries = find_commands(game_id)
    if queries:
        queries.add_queries(game_cmd)
    _accept_json(game_cmd)


def _accept_json(parser: argparse.ArgumentParser) -> None:
    """``--json`` after the game and after the query too, as before the game; with no default
    there, so a ``--json`` given before the game is kept."""
    _json_option(parser, argparse.SUPPRESS)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _accept_json(sub)


def _json_option(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("--json", action="store_true", default=default, help="answer in JSON")


def run(args: argparse.Namespace) -> int:
    """Answer a query; a game the registry knows but that answers none is a usage mistake."""
    queries = find_commands(args.game)
    if queries is None:
        raise UsageError(
            f"{args.game} has no rules queries (games with queries: {', '.join(with_queries())})"
        )
    text, value = queries.run_query(args)
    print(json.dumps(value, ensure_ascii=False) if args.json else text)
    return EXIT_OK
