"""Gears' balance report: how often each round card ends a round with no winner, by day and by
night, and how long games last, from whole games the simulator's greedy players play.

A round without a winner is a round nobody enters a code in: a card whose condition (or whose
night effect) does that often slows the game down. The same seed plays the same games, so a
deck measured before and after a change differs only where the change leads the games apart.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from generator.games.balance import Labels, Measure, Metric, Sampling, share
from generator.games.base import deck_of
from generator.games.gears.decks import GEARS, ROUNDS
from generator.games.gears.parts import CODE_COLOURS, CODE_NUMBERS
from generator.games.gears.simulate import CODES_EACH, Side, Statistics, from_cards, simulate
from generator.model import Game

GAMES = 300
"""Games per player count: about 0.3 s of play at three players. Each side of a card is then
played some 400 times, which puts a rate within about 5 points (two standard errors) of where
more games would; the note says so with the numbers of the run."""
STRATEGY = "greedy"
MOST_SEATS = len(CODE_COLOURS) * len(CODE_NUMBERS) // CODES_EACH
"""The simulator deals each player four of the sixteen code cards."""


def measures(game: Game, labels: Labels, sampling: Sampling) -> list[Measure]:
    gears, rounds = deck_of(game, GEARS), deck_of(game, ROUNDS)
    sets, cards = from_cards(gears, rounds)
    low, high = game.players
    counts = range(max(low, 2), min(high, len(sets), MOST_SEATS) + 1)
    games = sampling.count(GAMES)
    stats = [simulate(games, n, sets, cards, sampling.seed, STRATEGY) for n in counts]
    played = sum((s.round_count for s in stats), Counter[Side]())
    silent = sum((s.no_winner for s in stats), Counter[Side]())
    note = (
        f"{games} games each with {', '.join(map(str, counts))} players, {STRATEGY} players, "
        f"seed {sampling.seed}"
    )
    fewest = min(played.values(), default=0)
    margin = f"; a rate is good to about ±{100 / math.sqrt(fewest):.0f} points" if fewest else ""

    def side(night: bool) -> tuple[Metric, ...]:
        rows = []
        for card in rounds.cards:
            condition, effect = card.fields["condition"], card.fields["effect"]
            label = labels.card(rounds, card)
            if night:
                label = f"{label} · {labels.word(f'effects.{effect}.name')}"
            key = (condition, effect, night)
            rows.append(Metric(card.id, label, share(silent[key], played[key])))
        return tuple(rows)

    def per_count(value: Callable[[Statistics], float]) -> tuple[Metric, ...]:
        return tuple(
            Metric(f"players-{s.players}", f"{s.players} players", value(s)) for s in stats
        )

    day, night = "Rounds with no winner, day side", "Rounds with no winner, night side"
    return [
        Measure("no_winner_day", day, "share", side(False), note + margin),
        Measure("no_winner_night", night, "share", side(True), note + margin),
        Measure("game_length", "Game length", "rounds", per_count(lambda s: s.mean_rounds), note),
        Measure(
            "code_completed",
            "Games ended by a completed code",
            "share",
            per_count(lambda s: share(s.completed, s.games)),
            note,
        ),
    ]
