"""``pnp rules three_by_three``: solve a board, referee a bid, score a game, the difficulty
table, design a deck.

Describing the queries needs only the notation: the solver and the referee (numpy's tables of
moves) are imported by the queries that run them, when they run, and the engine (with the rules
summary and the drawing stack) only through the front door, by the query that reads the cards."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from generator.games.command_line import add_data_option, checked_game, positive_int
from generator.games.three_by_three.decks import TASKS
from generator.games.three_by_three.notation import (
    MODES,
    Mode,
    board_problem,
    specified,
    task_problem,
)
from generator.problems import RuleError, UsageError

if TYPE_CHECKING:
    from generator.games.three_by_three.referee import Move, Tally
    from generator.games.three_by_three.solver import Difficulty
    from generator.model import Card

NOTATION = (
    "A board is 9 cells row by row from the top, '.' for empty; fifteen tokens B R G J (J the "
    "tri-colour joker), chess tokens R N Q white, r n q black, K the king. A task is 9 cells, "
    "'.' where it does not matter; fifteen B R G, chess R N Q (either colour), w any white "
    "piece, b any black piece. Cells are named a3 (top left) to c1 (bottom right)."
)


class ThreeByThreeCommands:
    """``pnp rules three_by_three``: the queries, a ``generator.games.queries.RulesCommands``."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        _position(
            commands.add_parser(
                "solve", help="the fewest moves from a board to a task", description=NOTATION
            )
        )
        proof = commands.add_parser(
            "prove",
            help="check a bidder's moves: legal, no more than the bid, the task shown",
            description=NOTATION + " A move is 'TOKEN FROM-TO' or 'FROM-TO', e.g. 'J b2-a2'; "
            "the moves are made one at a time.",
        )
        _position(proof)
        proof.add_argument("--bid", type=_bid, required=True, metavar="N")
        proof.add_argument("moves", nargs="*", type=_move, metavar="MOVE")
        score = commands.add_parser(
            "score",
            help="final scores and the winner",
            description="Each player as NAME:CARDS, the points of each solved card and -1 "
            "for each penalty card, e.g. Egor:1+2+1-1-1. The highest score wins, then the "
            "fewest penalty cards; a tie left is shared.",
        )
        score.add_argument("players", nargs="+", type=_tally, metavar="NAME:CARDS")
        table = commands.add_parser(
            "difficulty",
            help="fewest moves from every setup board, per task side",
            description="For each task side: the fewest moves from each setup board (the centre "
            "and one other cell empty, every arrangement of the tokens): mean, maximum and how "
            "many boards need 0, 1, 2... moves.",
        )
        table.add_argument(
            "cards", nargs="*", metavar="CARD-ID", help="e.g. task-07 (default: all)"
        )
        add_data_option(table, "card data whose task cards are rated")
        plan = commands.add_parser(
            "design",
            help="print a new deck of 28 task cards (YAML) chosen for a spread of difficulty",
        )
        plan.add_argument(
            "--seed", type=int, default=1, metavar="S", help="the same seed gives the same deck"
        )
        plan.add_argument(
            "--candidates",
            type=positive_int,
            default=80,
            metavar="N",
            help="tasks rated per side and cell count, at least as many as the cards "
            "of that kind (default 80)",
        )

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        if args.query == "solve":
            return _solve(MODES[args.mode], args.board, args.task)
        if args.query == "prove":
            return _prove(MODES[args.mode], args.board, args.task, args.bid, args.moves)
        if args.query == "score":
            return _score(dict(args.players))
        if args.query == "design":
            return _design(args.seed, args.candidates)
        return _difficulty(args, args.cards)


def _design(seed: int, candidates: int) -> tuple[str, Any]:
    from generator.games.three_by_three.design import as_yaml, design

    cards = design(seed, candidates)
    return as_yaml(cards, seed, candidates).rstrip("\n"), cards


def _difficulty(args: argparse.Namespace, card_ids: list[str]) -> tuple[str, Any]:
    from generator.games.base import deck_of
    from generator.games.three_by_three.solver import difficulty

    tasks = deck_of(checked_game(args, "three_by_three"), TASKS)
    known = {card.id: card for card in tasks.cards}
    unknown = [card_id for card_id in card_ids if card_id not in known]
    if unknown:
        raise UsageError(
            f"no task card {', '.join(unknown)} (the cards are {min(known)} to {max(known)})"
        )
    cards = [known[card_id] for card_id in card_ids] or list(tasks.cards)
    rows = [
        (card, mode, difficulty(mode.id, card.fields[mode.id]))
        for card in cards
        for mode in MODES.values()
    ]
    return _difficulty_table(rows), [_difficulty_json(*row) for row in rows]


def _notation_problems(mode: Mode, board: str, task: str) -> None:
    """Raise a usage error naming what is wrong with the board and the task, if anything."""
    problems = [
        f"--{name} {value!r}: {problem}"
        for name, value, problem in (
            ("board", board, board_problem(mode, board)),
            ("task", task, task_problem(mode, task)),
        )
        if problem
    ]
    if problems:
        raise UsageError("; ".join(problems))


def _solve(mode: Mode, board: str, task: str) -> tuple[str, Any]:
    from generator.games.three_by_three import validation
    from generator.games.three_by_three.solver import solve

    _notation_problems(mode, board, task)
    if not specified(task):
        raise RuleError(f"--task {task!r} specifies no cell: every board shows it")
    path = solve(mode.id, board, task)
    if path is None:
        short = validation.shortfall(mode, task)
        why = short or "no sequence of moves from this board shows it"
        return f"impossible: the task {why}", {"moves": None, "path": None}
    lines = [f"{len(path)} move{'' if len(path) == 1 else 's'}", f"   board {_rows(board)}"]
    lines += [f"{n:>2}. {move!s:<8} {_rows(move.board)}" for n, move in enumerate(path, 1)]
    return "\n".join(lines), {"moves": len(path), "path": [move.as_json() for move in path]}


def _prove(mode: Mode, board: str, task: str, bid: int, moves: list[Move]) -> tuple[str, Any]:
    from generator.games.three_by_three.referee import prove
    from generator.games.three_by_three.solver import solve

    _notation_problems(mode, board, task)
    proof = prove(mode, board, task, bid, moves)
    path = solve(mode.id, board, task)
    fewest = None if path is None else len(path)
    turned_by = None if proof.quarter_turns is None else 90 * proof.quarter_turns
    if proof.proved:
        text = f"proved: {proof.moves} move{'' if proof.moves == 1 else 's'} for a bid of {bid}"
        text += f", the task shown turned {turned_by} degrees" if turned_by else ""
    else:
        text = f"not proved (a penalty card): {proof.error}"
    text += f"\nfewest possible: {'impossible' if fewest is None else fewest}"
    return text, {
        "proved": proof.proved,
        "moves": proof.moves,
        "bid": bid,
        "turned": turned_by,
        "error": proof.error,
        "fewest": fewest,
    }


def _score(tallies: dict[str, Tally]) -> tuple[str, Any]:
    from generator.games.three_by_three.referee import winners

    won = winners(tallies)
    width = max(map(len, tallies))
    lines = [
        f"{name:<{width}}  {tally.score:>3}  ({' + '.join(map(str, tally.solved)) or '0'}"
        f" - {tally.penalties} penalt{'y' if tally.penalties == 1 else 'ies'})"
        for name, tally in tallies.items()
    ]
    lines.append(f"{'winner' if len(won) == 1 else 'shared win'}: {', '.join(won)}")
    scores = {name: tally.score for name, tally in tallies.items()}
    return "\n".join(lines), {"scores": scores, "winners": won}


def _rows(board: str) -> str:
    return "/".join(board[row : row + 3] for row in range(0, 9, 3))


def _difficulty_table(rows: list[tuple[Card, Mode, Difficulty]]) -> str:
    lines = [
        f"{'card':<9} {'side':<8} {'task':<11} {'pts':>3} {'mean':>5} {'max':>3}   "
        "setup boards needing 0, 1, 2... moves"
    ]
    for card, mode, rated in rows:
        counts = " ".join(f"{n:>5}" for n in rated.histogram)
        lines.append(
            f"{card.id:<9} {mode.id:<8} {_rows(card.fields[mode.id]):<11} "
            f"{card.fields[mode.id + '_points']:>3} {rated.mean:>5.2f} {rated.maximum:>3}   "
            + counts
        )
    return "\n".join(lines)


def _difficulty_json(card: Card, mode: Mode, rated: Difficulty) -> dict[str, Any]:
    return {
        "card": card.id,
        "side": mode.id,
        "task": card.fields[mode.id],
        "points": card.fields[f"{mode.id}_points"],
        "mean": round(rated.mean, 3),
        "max": rated.maximum,
        "histogram": list(rated.histogram),
        "boards": rated.boards,
    }


def _position(parser: argparse.ArgumentParser) -> None:
    """The mode, the board and the task a query is about."""
    parser.add_argument("--mode", choices=MODES, required=True)
    parser.add_argument("--board", required=True, metavar="BOARD", help='e.g. "BRG.J.RGB"')
    parser.add_argument("--task", required=True, metavar="TASK", help='e.g. "B.B......"')


def _bid(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: a bid is a number of moves, 0 or more")
    return int(text)


def _move(text: str) -> Move:
    from generator.games.three_by_three.referee import parse_move

    move = parse_move(text)
    if move is None:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a move is 'TOKEN FROM-TO' or 'FROM-TO', cells a1 to c3 (e.g. 'J b2-a2')"
        )
    return move


def _tally(text: str) -> tuple[str, Tally]:
    from generator.games.three_by_three.referee import Tally

    name, _, cards = text.partition(":")
    terms = re.findall(r"[+-]?\d+", cards)
    if (
        not name
        or not cards
        or "".join(terms) != cards.replace(" ", "")
        or any(int(t) not in (1, 2, -1) for t in terms)
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a player is NAME:CARDS, each solved card 1 or 2 and each penalty -1 "
            "(e.g. Egor:1+2+1-1-1)"
        )
    points = [int(t) for t in terms]
    return name, Tally(tuple(p for p in points if p > 0), points.count(-1))
