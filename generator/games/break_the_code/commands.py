"""``pnp rules break_the_code``: answer a question card for a hand, rate the questions, list the
hands a set of answers leaves."""

from __future__ import annotations

import argparse
import re
from typing import Any

from generator.games.base import RuleError, deck_of
from generator.games.break_the_code.decks import QUESTIONS
from generator.games.break_the_code.questions import (
    Answer,
    Question,
    answer,
    as_json,
    question,
    spoken_english,
)
from generator.games.break_the_code.rating import Heard, Rating, centre_codes, consistent, rate
from generator.games.break_the_code.tiles import (
    DEALS,
    HAND_SIZES,
    Hand,
    hand_problem,
    hand_text,
    parse_hand,
)
from generator.games.command_line import add_data_option, checked_game
from generator.problems import UsageError

LETTERS = "ABCDE"
"""Positions in answers of the command line, in English; printed letters come from the locale."""
SHOW_HANDS = 20


class BreakTheCodeCommands:
    """``pnp rules break_the_code``: the queries, a ``generator.games.queries.RulesCommands``."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        ask = commands.add_parser("ask", help="the answer a hand gives to a question card")
        ask.add_argument("question", metavar="QUESTION-ID")
        ask.add_argument("--hand", required=True, type=_hand, help='e.g. "5g 7w 2b 4b 4w"')
        ask.add_argument(
            "--choice", type=int, metavar="N", help="the asker's pick on a choice card"
        )
        add_data_option(ask, "card data whose question cards are asked")
        table = commands.add_parser("rate", help="how strongly each question narrows the code")
        table.add_argument("questions", nargs="*", metavar="QUESTION-ID")
        table.add_argument("--tiles", type=int, choices=HAND_SIZES, default=5)
        add_data_option(table, "card data whose question cards are rated")
        solve = commands.add_parser("solve", help="the hands still possible after some answers")
        solve.add_argument("--tiles", type=int, choices=HAND_SIZES)
        solve.add_argument(
            "--answer",
            action="append",
            default=[],
            metavar="[OPPONENT:]QUESTION-ID[:CHOICE]=ANSWER",
            help="e.g. sum=22, c-above-4=yes, where-5=C, where-1-or-2:2=none, "
            "same-colour-neighbours=AB+CDE; with --centre, who answered first: 1:sum=22",
        )
        solve.add_argument(
            "--centre",
            action="store_true",
            help="list the codes the centre may hold (3 or 4 players) from your opponents' "
            "answers, opponents numbered 1, 2, 3 clockwise from you; needs --mine",
        )
        solve.add_argument(
            "--players", type=int, choices=sorted(DEALS), help="players at the table (--centre)"
        )
        solve.add_argument(
            "--mine",
            type=_hand,
            default=(),
            metavar="HAND",
            help='your own tiles, which the hidden code cannot hold, e.g. "0b 3w 5g 7b 9w"',
        )
        add_data_option(solve, "card data whose question cards are asked")

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        cards = _question_cards(args)
        if args.query == "ask":
            return _ask(_find(cards, args.question), args.hand, args.choice)
        if args.query == "rate":
            chosen = [_find(cards, q) for q in args.questions] or list(cards.values())
            return _rate(chosen, args.tiles)
        if args.centre or args.players:
            return _solve_centre(cards, args)
        return _solve(cards, args.tiles or HAND_SIZES[-1], args.answer, args.mine)


def _question_cards(args: argparse.Namespace) -> dict[str, Question]:
    deck = deck_of(checked_game(args, "break_the_code"), QUESTIONS)
    return {card.fields["id"]: question(card) for card in deck.cards}


def _find(cards: dict[str, Question], question_id: str) -> Question:
    if question_id not in cards:
        raise UsageError(f"no question {question_id!r} (questions: {', '.join(cards)})")
    return cards[question_id]


def _hand(text: str) -> Hand:
    problem = hand_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
    return parse_hand(text)


def _ask(question: Question, hand: Hand, choice: int | None) -> tuple[str, Any]:
    if question.choice and choice not in question.numbers:
        offered = " or ".join(map(str, question.numbers))
        raise RuleError(f"{question.id} is a choice card: pick --choice {offered}")
    if not question.choice and choice is not None:
        raise RuleError(f"{question.id} offers no choice: leave out --choice")
    result = answer(question, hand, choice)
    return f"{hand_text(hand)}: {spoken_english(result, LETTERS)}", {
        "answer": as_json(result, LETTERS)
    }


def _rate(questions: list[Question], size: int) -> tuple[str, Any]:
    ratings = [rate(q, size, choice) for q in questions for choice in q.choices]
    lines = [f"{'question':<24} {'choice':>6} {'bits':>5} {'hands left':>10} {'answers':>7}"]
    for r in ratings:
        choice = "" if r.choice is None else str(r.choice)
        lines.append(
            f"{r.question:<24} {choice:>6} {r.bits:>5.2f} {r.expected_hands:>10.1f} {r.answers:>7}"
        )
    lines.append(f"({size}-tile hands: {ratings[0].hands} possible before any answer)")
    return "\n".join(lines), [_rating_json(r) for r in ratings]


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "question": rating.question,
        "choice": rating.choice,
        "bits": round(rating.bits, 4),
        "expected_hands": round(rating.expected_hands, 2),
        "hands": rating.hands,
        "answers": rating.answers,
    }


def _solve(cards: dict[str, Question], size: int, said: list[str], mine: Hand) -> tuple[str, Any]:
    hands = consistent(size, [_heard(cards, text) for text in said], mine)
    return _listed(hands, f"hand{'' if len(hands) == 1 else 's'} of {size} tiles")


def _solve_centre(cards: dict[str, Question], args: argparse.Namespace) -> tuple[str, Any]:
    """``solve --centre``: the usage the centre needs checked, then the answers sorted by the
    opponent who gave them."""
    players = args.players
    if not args.centre:
        raise UsageError(f"--players {players}: the number of players is for --centre")
    if players is None:
        raise UsageError("--centre needs --players 3 or 4: the centre's size depends on it")
    each, centre = DEALS[players]
    if not centre:
        raise UsageError(
            f"--centre: with {players} players no tiles lie in the centre; give --players 3 or 4"
        )
    if args.tiles not in (None, centre):
        raise UsageError(
            f"--tiles {args.tiles}: with {players} players the centre holds {centre} tiles"
        )
    if not args.mine:
        raise UsageError(
            "--centre needs --mine: your own tiles, which neither the centre nor an opponent holds"
        )
    if len(args.mine) != each:
        raise UsageError(
            f"--mine: with {players} players you hold {each} tiles, not {len(args.mine)}"
        )
    opponents: list[list[Heard]] = [[] for _ in range(players - 1)]
    for text in args.answer:
        match = re.fullmatch(r"(\d):(.*)", text)
        if match is None or not 1 <= int(match[1]) < players:
            raise UsageError(
                f"--answer {text!r}: with --centre, first the opponent who answered, "
                f"1 to {players - 1} clockwise from you, e.g. 1:sum=22"
            )
        opponents[int(match[1]) - 1].append(_heard(cards, match[2], text))
    codes = centre_codes(opponents, args.mine)
    return _listed(codes, f"centre code{'' if len(codes) == 1 else 's'} of {centre} tiles")


def _listed(hands: list[Hand], what: str) -> tuple[str, Any]:
    """The hands (or codes) found: a count and the first few, all of them in JSON."""
    lines = [f"{len(hands)} {what} fit"]
    lines += [f"  {hand_text(hand)}" for hand in hands[:SHOW_HANDS]]
    if len(hands) > SHOW_HANDS:
        lines.append(f"  ... and {len(hands) - SHOW_HANDS} more")
    return "\n".join(lines), {"count": len(hands), "hands": [hand_text(h) for h in hands]}


def _heard(cards: dict[str, Question], said: str, text: str = "") -> Heard:
    """One answer heard, ``said`` as ``QUESTION-ID[:CHOICE]=ANSWER``; messages quote ``text``,
    what was typed (with --centre, the opponent's number too)."""
    text = text or said
    match = re.fullmatch(r"([a-z0-9-]+)(?::(\d))?=(.*)", said)
    if match is None:
        raise UsageError(f"--answer {text!r}: expected QUESTION-ID[:CHOICE]=ANSWER, e.g. sum=22")
    question = _find(cards, match[1])
    choice = int(match[2]) if match[2] else None
    if question.choice and choice not in question.numbers:
        example = f"{question.id}:{question.numbers[0]}=..."
        raise UsageError(f"--answer {text!r}: {question.id} needs the choice, e.g. {example}")
    return question, choice, _parse_answer(question, match[3], text)


def _parse_answer(question: Question, value: str, text: str) -> Answer:
    value = value.strip().upper()
    if question.kind == "compare":
        if value not in ("YES", "NO", "TRUE", "FALSE"):
            raise UsageError(f"--answer {text!r}: {question.id} is answered yes or no")
        return value in ("YES", "TRUE")
    if question.kind in ("where", "neighbours"):
        if value == "NONE":
            return []
        parts = value.split("+")
        if any(not p or set(p) - set(LETTERS) for p in parts):
            raise UsageError(
                f"--answer {text!r}: positions are letters A-E, groups joined with "
                "+ (e.g. AB+CDE), or none"
            )
        # a player may name positions and groups in any order: the answer is the same
        if question.kind == "where":
            return sorted({LETTERS.index(letter) for letter in value.replace("+", "")})
        return sorted(sorted({LETTERS.index(letter) for letter in part}) for part in parts)
    if not value.isdigit():
        raise UsageError(f"--answer {text!r}: {question.id} is answered with a number")
    return int(value)
