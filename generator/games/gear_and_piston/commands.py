"""``pnp rules gear_and_piston car``: check finished cars, score them with the chosen investors,
rank them, and say whether the game ends."""

from __future__ import annotations

import argparse
from typing import Any

from generator.games.base import deck_of
from generator.games.command_line import add_data_option, checked_game, count_int
from generator.games.gear_and_piston.car import CarRules, ends_game, problems
from generator.games.gear_and_piston.car_file import (
    CAR,
    car_path,
    example_names,
    read_cars,
    shared_tiles,
)
from generator.games.gear_and_piston.decks import GROUPS, INVESTORS, NEW, OLD
from generator.games.gear_and_piston.parts import BRONZE, part
from generator.games.gear_and_piston.scoring import METRICS, Investor, Score, ranking, score
from generator.model import Game
from generator.problems import UsageError

STEERING = ("at-least-one", "exactly-one")
PIECES = ("at-most-two", "one")


class GearAndPistonCommands:
    """``pnp rules gear_and_piston``: the queries, a ``generator.games.queries.RulesCommands``."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        car = commands.add_parser(
            CAR, help="check finished cars, score and rank them, and say if the game ends"
        )
        car.add_argument(
            "cars",
            nargs="+",
            type=car_path,
            metavar="CAR.yaml",
            help="a car file (YAML), or a shipped example car by name: "
            + ", ".join(example_names()),
        )
        car.add_argument(
            "--investors",
            default="",
            metavar="ID,ID",
            help="the investors drawn this game (e.g. most-comfort,scrapper)",
        )
        car.add_argument(
            "--steering",
            choices=STEERING,
            default="at-least-one",
            help="the rulebook asks for at least one steering, other editions for exactly one",
        )
        car.add_argument(
            "--pieces",
            choices=PIECES,
            default="at-most-two",
            help="the rulebook lets a car be at most two separate pieces; 'one' asks a finished "
            "car to be one piece",
        )
        for stack, location in ((NEW, "Patent Office"), (OLD, "Junk Yard")):
            car.add_argument(
                f"--{stack}-stack",
                type=count_int,
                metavar="N",
                help=f"{stack} parts left in the stack (the game ends when the {location} "
                "cannot be refilled)",
            )
        add_data_option(car, "card data whose parts and investors the cars use")

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        game = checked_game(args, "gear_and_piston")
        parts = {
            card.id: part(card.id, group, card.fields)
            for group in GROUPS
            for card in deck_of(game, group).cards
        }
        chosen = _investors(game, args.investors)
        cars = read_cars(args.cars, parts)
        rules = CarRules(
            exactly_one_steering=args.steering == "exactly-one", one_piece=args.pieces == "one"
        )
        found = [problems(car, rules) for car in cars]
        scores = score(cars, [not p for p in found], chosen)
        ending = ends_game(cars, args.new_stack, args.old_stack, rules)
        return _report(scores, found, chosen, ending), _as_json(scores, found, chosen, ending)


def _investors(game: Game, text: str) -> list[Investor]:
    known = {card.fields["id"]: Investor(**card.fields) for card in deck_of(game, INVESTORS).cards}
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise UsageError(
            f"--investors: no investor {', '.join(map(repr, unknown))} "
            f"(investors: {', '.join(known)})"
        )
    return [known[name] for name in dict.fromkeys(chosen)]


def _report(
    scores: list[Score], found: list[list[str]], chosen: list[Investor], ending: list[str]
) -> str:
    lines: list[str] = []
    for s, unmet in zip(scores, found, strict=True):
        state = "valid" if not unmet else f"not finished ({len(unmet)} unmet)"
        lines.append(f"{s.car.name}: {state}, {len(s.car.parts)} parts")
        lines += [f"  - {problem}" for problem in unmet]
        lines.append(f"  area {s.area}, unreliability {s.unreliability}, score {s.total}")
        symbols = ", ".join(f"{symbol} {METRICS[symbol](s.car)}" for symbol in BRONZE)
        lines.append(f"  bronze symbols: {symbols}")
        if chosen:
            earned = ", ".join(f"{i} {p:+d}" for i, p in s.investors.items()) or "none"
            lines.append(f"  investors: {earned}")
    if len(scores) > 1:
        shared = shared_tiles([s.car for s in scores])
        if shared:
            lines.append(
                f"note: {len(shared)} tiles are in more than one car (e.g. {next(iter(shared))}); "
                "a table has one of each, so these cars are variants, not rivals"
            )
        lines.append("ranking:")
        for place, s in ranking(scores):
            note = "" if s.valid else ", not finished"
            lines.append(
                f"  {place}. {s.car.name}: {s.total} points (unreliability {s.unreliability}{note})"
            )
    if ending:
        lines.append("the game ends at the end of this round: " + "; ".join(ending))
    else:
        lines.append("the game goes on")
    return "\n".join(lines)


def _as_json(
    scores: list[Score], found: list[list[str]], chosen: list[Investor], ending: list[str]
) -> dict[str, Any]:
    return {
        "cars": [_car_json(s, unmet) for s, unmet in zip(scores, found, strict=True)],
        "investors": [investor.id for investor in chosen],
        "ranking": [
            {"place": place, "car": s.car.name, "score": s.total} for place, s in ranking(scores)
        ],
        "game_ends": bool(ending),
        "end_reasons": ending,
    }


def _car_json(s: Score, unmet: list[str]) -> dict[str, Any]:
    return {
        "car": s.car.name,
        "valid": not unmet,
        "problems": unmet,
        "parts": len(s.car.parts),
        "area": s.area,
        "unreliability": s.unreliability,
        "investors": s.investors,
        "score": s.total,
        "bronze": {symbol: METRICS[symbol](s.car) for symbol in BRONZE},
    }
