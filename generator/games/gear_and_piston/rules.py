"""The Gear & Piston engine: card schema, deck validation and ``pnp rules gear_and_piston car``
(check finished cars, score them with the chosen investors, rank them, say whether the game
ends)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, ClassVar

from generator.catalog import load_checked
from generator.games.base import (
    GameRules,
    add_data_option,
    count_int,
    deck_of,
    exactly,
    missing_texts,
    required_decks,
)
from generator.games.gear_and_piston import summary, validation
from generator.games.gear_and_piston.car import CarRules, ends_game, problems
from generator.games.gear_and_piston.car_file import read_cars, shared_tiles
from generator.games.gear_and_piston.parts import (
    BRONZE,
    COLOURS,
    FUNCTIONS,
    GROUPS,
    MAX_UNRELIABILITY,
    PLAYER_COLOURS,
    ROWS,
    part,
)
from generator.games.gear_and_piston.scoring import (
    COMPARISONS,
    METRICS,
    Investor,
    Score,
    ranking,
    score,
)
from generator.model import Game
from generator.problems import Problem, UsageError
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Section
from generator.rulebook.words import Words
from generator.schema import Field

DECKS = (*GROUPS, "investors", "ends", "first-player")
ID = Field(str, pattern=r"[a-z][a-z0-9-]*", pattern_help="a lower-case id")
STEERING = ("at-least-one", "exactly-one")


def _symbols(value: list[Any]) -> str | None:
    unknown = [s for s in value if s not in BRONZE]
    if unknown:
        return f"{', '.join(map(repr, unknown))}: bronze symbols are {', '.join(BRONZE)}"
    return None


def _points(value: int) -> str | None:
    return "an investor worth 0 points changes nothing" if value == 0 else None


PART_FIELDS = {
    "number": Field(int, minimum=1, maximum=99),
    "function": Field(str, choices=FUNCTIONS),
    "colour": Field(str, choices=COLOURS),
    "row": Field(str, choices=ROWS),
    "bronze": Field(list, required=False, default=[], check=_symbols),
    "unreliability": Field(int, required=False, default=0, minimum=0, maximum=MAX_UNRELIABILITY),
}


class GearAndPiston(GameRules):
    id = "gear_and_piston"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        **{group: PART_FIELDS for group in GROUPS},
        "investors": {
            "id": ID,
            "metric": Field(str, choices=tuple(METRICS)),
            "comparison": Field(str, choices=COMPARISONS),
            "count": Field(int, required=False, minimum=0),
            "points": Field(int, check=_points),
        },
        "ends": {
            "colour": Field(str, choices=PLAYER_COLOURS),
            "end": Field(str, choices=validation.END_SIDES),
        },
        "first-player": {"id": ID},
    }

    def validate(self, game: Game) -> list[Problem]:
        decks, problems = required_decks(game, DECKS)
        if problems:
            return problems
        *groups, investors, ends, first = decks
        problems = [p for deck in groups for p in validation.part_group(deck)]
        problems += validation.investors(investors)
        problems += validation.car_ends(ends, game.players[1])
        problems += exactly(first, 1, "first-player tile")
        keys = [f"investors.{card.fields['id']}" for card in investors.cards]
        return problems + missing_texts(game, ["title", *keys])

    summary_wording = summary.WORDING

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        return summary.sections(game, words, pictures)

    def add_rules_commands(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        car = commands.add_parser(
            "car", help="check finished cars, score and rank them, and say if the game ends"
        )
        car.add_argument("cars", nargs="+", type=Path, metavar="CAR.yaml")
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
        for stack, location in (("new", "Patent Office"), ("old", "Junk Yard")):
            car.add_argument(
                f"--{stack}-stack",
                type=count_int,
                metavar="N",
                help=f"{stack} parts left in the stack (the game ends when the {location} "
                "cannot be refilled)",
            )
        add_data_option(car, "card data whose parts and investors the cars use")

    def run_rules(self, args: argparse.Namespace) -> tuple[str, Any]:
        game = load_checked(args.data, self)
        parts = {
            card.id: part(card.id, group, card.fields)
            for group in GROUPS
            for card in deck_of(game, group).cards
        }
        chosen = _investors(game, args.investors)
        cars = read_cars(args.cars, parts)
        rules = CarRules(exactly_one_steering=args.steering == "exactly-one")
        found = [problems(car, rules) for car in cars]
        scores = score(cars, [not p for p in found], chosen)
        ending = ends_game(cars, args.new_stack, args.old_stack, rules)
        return _report(scores, found, chosen, ending), _as_json(scores, found, chosen, ending)


def _investors(game: Game, text: str) -> list[Investor]:
    known = {
        card.fields["id"]: Investor(**card.fields) for card in deck_of(game, "investors").cards
    }
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
