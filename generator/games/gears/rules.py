"""The gears engine: card schema, deck validation and the ``pnp rules gears`` queries."""

from __future__ import annotations

import argparse
from typing import Any, ClassVar

from generator.catalog import load_checked
from generator.games.base import (
    GameRules,
    RuleError,
    add_data_option,
    exactly,
    missing_texts,
    positive_int,
    required_decks,
)
from generator.games.gears import summary, validation
from generator.games.gears.parts import (
    CHARACTER_ABILITIES,
    CODE_COLOURS,
    CODE_NUMBERS,
    CONDITIONS,
    EFFECTS,
    GEAR_COLOURS,
    GEAR_VALUES,
    SET_MARKS,
    VALUES,
)
from generator.games.gears.resolution import Played, resolve
from generator.games.gears.simulate import STRATEGIES, GearCard, RoundCard, Statistics, simulate
from generator.model import Game
from generator.problems import Problem
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Section
from generator.rulebook.words import Words
from generator.schema import Field

RESOLUTION_EFFECTS = ("grey-rust", "mirror-swap")
"""The night effects that change step 3 itself; the others act in steps 1, 2 and 4."""
DECKS = ("gears", "rounds", "codes", "characters", "token")
ID = Field(str, pattern=r"[a-z][a-z0-9-]*", pattern_help="a lower-case id")


def _four_values(values: list[Any]) -> str | None:
    if len(values) != 4 or any(type(v) is not int or v not in VALUES for v in values):
        return f"expected four values 1-4 clockwise from the top, got {values}"
    return None


class Gears(GameRules):
    id = "gears"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        "gears": {
            "set": Field(str, choices=SET_MARKS),
            "colour": Field(str, choices=GEAR_COLOURS),
            "values": Field(list, check=_four_values),
        },
        "rounds": {
            "condition": Field(str, choices=CONDITIONS),
            "effect": Field(str, choices=EFFECTS),
        },
        "codes": {
            "colour": Field(str, choices=CODE_COLOURS),
            "number": Field(int, choices=CODE_NUMBERS),
        },
        "characters": {
            "id": ID,
            "day": Field(str, choices=CHARACTER_ABILITIES),
            "night": Field(str, choices=CHARACTER_ABILITIES),
        },
        "token": {"id": ID},
    }

    def validate(self, game: Game) -> list[Problem]:
        decks, absent = required_decks(game, DECKS)
        if absent:
            return absent
        gears, rounds, codes, characters, token = decks
        players = game.players[1]
        problems = validation.gear_sets(gears, players)
        problems += validation.round_cards(rounds) + validation.code_cards(codes)
        problems += validation.characters(characters, players)
        problems += exactly(token, 1, "first-player token")
        return problems + missing_texts(game, _printed_keys(game))

    summary_wording = summary.WORDING

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        return summary.sections(game, words, pictures)

    def add_rules_commands(self, parser: argparse.ArgumentParser) -> None:
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

    def run_rules(self, args: argparse.Namespace) -> tuple[str, Any]:
        if args.query == "round":
            return _round(args.condition, args.gears, args.effect)
        return self._simulate(args)

    def _simulate(self, args: argparse.Namespace) -> tuple[str, Any]:
        game = load_checked(args.data, self)
        gears = game.deck("gears")
        rounds = game.deck("rounds")
        assert gears is not None and rounds is not None
        sets: dict[str, list[GearCard]] = {}
        for card in gears.cards:
            gear = GearCard(card.fields["colour"], tuple(card.fields["values"]))
            sets.setdefault(card.fields["set"], []).append(gear)
        deck = [RoundCard(c.fields["condition"], c.fields["effect"]) for c in rounds.cards]
        stats = [
            simulate(args.games, n, list(sets.values()), deck, args.seed, args.strategy)
            for n in args.players
        ]
        return _report(stats, args.seed, args.strategy), [_as_json(s) for s in stats]


def _printed_keys(game: Game) -> list[str]:
    """Texts every locale must have for the cards in the data."""
    keys = ["title", "shift.day", "shift.night", "round.jam", "code.entered", "code.checking"]
    keys += ["token.name", "character.day_rule", "character.night_rule"]
    keys += [f"colours.{colour}" for colour in GEAR_COLOURS]
    keys += [f"conditions.{c}.{part}" for c in CONDITIONS for part in ("name", "text")]
    keys += [f"effects.{e}.{part}" for e in EFFECTS for part in ("name", "text")]
    keys += [f"abilities.{a}" for a in CHARACTER_ABILITIES]
    characters = game.deck("characters")
    keys += [f"characters.{c.fields['id']}" for c in characters.cards] if characters else []
    return keys


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
    if not counts or counts.start < 2 or counts.stop > 5:
        raise argparse.ArgumentTypeError(f"{text!r}: the game is for 2-4 players (e.g. 3 or 2-4)")
    return tuple(counts)


def _round(condition: str, gears: list[Played], effect: str | None) -> tuple[str, Any]:
    if len(gears) < 2:
        raise RuleError("a round needs at least two gears, one per player")
    if len(gears) > 4:
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
            day, night = (
                _share(stats.no_winner[(condition, n)], stats.round_count[(condition, n)])
                for n in (False, True)
            )
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
