"""``pnp rules game_of_trains``: use an ability on a train, check a train, the face-up row."""

from __future__ import annotations

import argparse
from typing import Any

from generator.games.base import RuleError
from generator.games.game_of_trains.train import (
    ABILITIES,
    ANY_MOVE,
    LOCK_RULES,
    PROTECT,
    REMOVES,
    TRAIN_LENGTH,
    FaceUpRow,
    Train,
    apply,
)


class GameOfTrainsCommands:
    """``pnp rules game_of_trains``: the queries, a ``generator.games.queries.RulesCommands``."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        use = commands.add_parser("apply", help="use an ability on a train")
        use.add_argument(
            "ability", choices=ABILITIES, metavar="ABILITY", help=f"one of: {', '.join(ABILITIES)}"
        )
        use.add_argument(
            "--train", required=True, type=_train, help='seven wagons, e.g. "70 55 40 33 20 12 5"'
        )
        use.add_argument(
            "--at",
            type=_position,
            nargs="+",
            default=[],
            metavar="POSITION",
            help="the position(s) 1-7 the ability is used on",
        )
        use.add_argument(
            "--protected",
            type=_position,
            nargs="*",
            default=[],
            metavar="POSITION",
            help="positions whose wagons already have a protect card under them",
        )
        use.add_argument(
            "--locks",
            choices=LOCK_RULES,
            default=ANY_MOVE,
            help="when a protected wagon loses its protect card: moved in any way by an "
            "ability, shifted along included (any-move, the rulebook's words), or only when "
            "the ability moves that wagon itself (own-move)",
        )
        check = commands.add_parser("check", help="is a train in ascending order (a win)?")
        check.add_argument("--train", required=True, type=_train)
        face_up = commands.add_parser(
            "face-up", help="which face-up cards stay after the pair rule"
        )
        face_up.add_argument(
            "abilities",
            nargs="+",
            choices=ABILITIES,
            metavar="ABILITY",
            help="abilities in the order the cards were laid face up",
        )

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        if args.query == "check":
            train = args.train
            verdict = "in order: this train wins" if train.in_order() else "not in order"
            return f"{train}: {verdict}", {"in_order": train.in_order()}
        if args.query == "face-up":
            return _face_up(args.abilities)
        return _apply(args.ability, args.train, args.at, args.protected, args.locks)


def _train(text: str) -> Train:
    """An argparse type: a train written as seven wagon numbers."""
    try:
        return Train.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _position(text: str) -> int:
    """An argparse type: a position in the train, 1 to 7."""
    if not text.isdigit() or not 1 <= int(text) <= TRAIN_LENGTH:
        raise argparse.ArgumentTypeError(f"{text!r}: a position is 1 to {TRAIN_LENGTH}")
    return int(text)


def _apply(
    ability: str, train: Train, at: list[int], protected: list[int], locks: str
) -> tuple[str, Any]:
    for position in protected:
        wagon = train.at(position)
        if wagon is None:
            raise RuleError(f"--protected {position}: that position is empty")
        train.locks.add(wagon)
    locked_before = set(train.locks)
    removed = apply(train, ability, at, locks)
    lost = sorted(locked_before - train.locks)
    result: dict[str, Any] = {"train": train.wagons}
    lines = [str(train)]
    if ability in REMOVES:
        result["removed"] = removed
        lines.append(
            f"removed: {removed[0]}" if removed else "nothing removed: the wagon is protected"
        )
    if lost:
        result["protection_lost"] = lost
        lines.append(
            f"protection lost: {', '.join(map(str, lost))} (its protect card is discarded)"
        )
    if ability == PROTECT:
        result["protected"] = sorted(train.wagons.index(w) + 1 for w in train.locks)
    return "\n".join(lines), result


def _face_up(abilities: list[str]) -> tuple[str, Any]:
    row = FaceUpRow()
    for number, ability in enumerate(abilities, start=1):
        row.arrive([(number, ability)])
    staying = row.abilities()
    return "face up: " + (", ".join(staying) or "nothing"), {"face_up": staying}
