"""``pnp rules gears``: decide a round's winners, and play whole games to measure the deck.

It imports the game's rules, not its engine: deciding a round reads no card data, and the
engine brings the rules summary and the drawing stack with it (``simulate`` has the engine
looked up by the front door, which loads the cards it plays)."""

from __future__ import annotations

import argparse
from typing import Any

from generator.games.base import RuleError, deck_of
from generator.games.command_line import add_data_option, checked_game, positive_int
from generator.games.gears import validation
from generator.games.gears.decks import GEARS, ROUNDS
from generator.games.gears.parts import (
    CONDITIONS,
    CORNERS,
    EFFECTS,
    GEAR_COLOURS,
    GEAR_VALUES,
    VALUES,
)
from generator.games.gears.resolution import RESOLUTION_EFFECTS, Played, resolve
from generator.games.gears.simulate import STRATEGIES, Statistics, from_cards, simulate


class GearsCommands:
    """``pnp rules gears``: the queries, a ``generator.games.queries.RulesCommands``."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        round_cmd = commands.add_parser(
            "round",
            help="decide the winners of a round",
            description="Seats are given clockwise; a seat's right neighbour is the seat before "
            "it (the first seat's is the last). Seats are numbered from 0.",
        )
        round_cmd.add_argument(
            "condition", choices=CONDITIONS, metavar="CONDITION", help=", ".join(CONDITIONS)
        )
        round_cmd.add_argument(
            "gears",
            nargs="+",
            type=_gear,
            metavar="GEAR",
            help="colour:value at the corner, in seat order, e.g. red:4 grey:4 blue:3 purple:1",
        )
        round_cmd.add_argument(
            "--effect",
            choices=EFFECTS,
            metavar="EFFECT",
            help=f"night effect: {', '.join(EFFECTS)}",
        )
        sim = commands.add_parser("simulate", help="play many games: no-winner rounds, length")
        sim.add_argument("--games", type=positive_int, default=1000, metavar="N")
        sim.add_argument(
            "--players",
            type=_player_counts,
            default=(2, 3, 4),
            metavar="N|LOW-HIGH",
            help="player count, or a range like 2-4 (default)",
        )
        sim.add_argument("--seed", type=int, default=1, metavar="S")
        sim.add_argument("--strategy", choices=STRATEGIES, default="greedy")
        add_data_option(sim, "card data whose gear sets and round cards are played")

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        if args.query == "round":
            return _round(args.condition, args.gears, args.effect)
        return _simulate(args)


def _simulate(args: argparse.Namespace) -> tuple[str, Any]:
    game = checked_game(args, "gears")
    sets, deck = from_cards(deck_of(game, GEARS), deck_of(game, ROUNDS))
    stats = [simulate(args.games, n, sets, deck, args.seed, args.strategy) for n in args.players]
    return _report(stats, args.seed, args.strategy), [_as_json(s) for s in stats]


def _gear(text: str) -> Played:
    colour, _, value = text.partition(":")
    if colour not in GEAR_COLOURS or not value.isdigit() or int(value) not in VALUES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a gear is colour:value, colour one of {', '.join(GEAR_COLOURS)}, "
            "value 1-4 (e.g. red:4)"
        )
    return Played(colour, int(value))


def _player_counts(text: str) -> tuple[int, ...]:
    low, _, high = text.partition("-")
    counts = range(int(low), int(high or low) + 1) if (low + high).isdigit() else range(0)
    if not counts or counts.start < 2 or counts.stop > CORNERS + 1:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the game is for 2-{CORNERS} players (e.g. 3 or 2-{CORNERS})"
        )
    return tuple(counts)


def _round(condition: str, gears: list[Played], effect: str | None) -> tuple[str, Any]:
    if len(gears) < 2:
        raise RuleError("a round needs at least two gears, one per player")
    if len(gears) > CORNERS:
        raise RuleError("the round card has four corners: at most four gears")
    result = resolve(condition, gears, effect)
    seats = "  ".join(f"{i}: {g.colour} {g.value}" for i, g in enumerate(gears))
    lines = [f"seats   {seats}", f"values  {' '.join(map(str, result.values))}"]
    if result.jammed:
        lines.append(f"jammed  seat{'s' if len(result.jammed) > 1 else ''} {_seats(result.jammed)}")
    for seat, gear in enumerate(gears):
        if gear.value not in GEAR_VALUES[gear.colour]:
            lines.append(
                f"note    seat {seat}: a {gear.colour} gear has no {gear.value} printed "
                f"({validation.dashed(GEAR_VALUES[gear.colour])})"
            )
    if effect is not None and effect not in RESOLUTION_EFFECTS:
        lines.append(f"note    {effect} acts outside deciding the winners; it changes nothing here")
    won = result.winners
    lines.append(
        f"winner{'s' if len(won) > 1 else ' '} {'seat' + ('s' if len(won) > 1 else '')} "
        f"{_seats(won)}"
        if won
        else "winner  none"
    )
    return "\n".join(lines), {
        "values": result.values,
        "winners": result.winners,
        "jammed": result.jammed,
    }


def _seats(seats: list[int]) -> str:
    return ", ".join(map(str, seats))


def _report(all_stats: list[Statistics], seed: int, strategy: str) -> str:
    lines = []
    for stats in all_stats:
        lines += [
            f"{stats.players} players, {stats.games} games, {strategy} players, seed {seed}",
            f"  game length      mean {stats.mean_rounds:.2f} rounds; "
            + ", ".join(f"{n}: {stats.rounds[n]}" for n in sorted(stats.rounds)),
            f"  code completed   {_share(stats.completed, stats.games)} of games",
            f"  no game winner   {_share(stats.no_game_winner, stats.games)} of games "
            "(tied top scores eliminated)",
            f"  no-winner rounds {_share(sum(stats.no_winner.values()), stats.rounds_played)}"
            f" of {stats.rounds_played} rounds",
            f"  winners a round  {stats.winners / max(stats.rounds_played, 1):.2f} on average",
            "  no winner by round card      day     night",
        ]
        for condition in CONDITIONS:
            day, night = (_share(*stats.by_condition(condition, n)) for n in (False, True))
            lines.append(f"    {condition:<26} {day:>5}   {night:>5}")
    return "\n".join(lines)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def _as_json(stats: Statistics) -> dict[str, Any]:
    return {
        "players": stats.players,
        "games": stats.games,
        "mean_rounds": round(stats.mean_rounds, 3),
        "rounds": {str(n): stats.rounds[n] for n in sorted(stats.rounds)},
        "code_completed": stats.completed,
        "no_game_winner": stats.no_game_winner,
        "rounds_played": stats.rounds_played,
        "no_winner_rounds": sum(stats.no_winner.values()),
        "no_winner_share": round(stats.no_winner_share, 4),
    }
