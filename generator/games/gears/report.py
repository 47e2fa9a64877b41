"""Gears' balance report: how often each round card ends a round with no winner, by day and by
night, and how long games last, from whole games the simulator's greedy players play.

A round without a winner is a round nobody enters a code in: a card whose condition (or whose
night effect) does that often slows the game down. Game ``n`` of a seed draws the same in any
deck (:mod:`generator.games.gears.simulate`): a deck measured before and after a change differs
where the change leads the games apart, from the round a new card is drawn in.
"""

from __future__ import annotations

from collections import Counter

from generator.games.balance import Labels, Measure, Metric, Sampling
from generator.games.base import deck_of
from generator.games.gears.decks import GEARS, ROUNDS
from generator.games.gears.parts import CODE_COLOURS, CODE_NUMBERS
from generator.games.gears.simulate import (
    CODES_EACH,
    SHIFT_ROUNDS,
    Side,
    Statistics,
    from_cards,
    simulate,
)
from generator.model import Game

GAMES = 300
"""Games per player count: about 0.3 s of play at three players. Each side of a card is then
played some 400 times: a rate's 95 % interval is about ±5 points. A round card added moves the
others' rates, from the rounds after it, by 1.5 points on average: inside their intervals in 97 %
of the rows. More games narrow the intervals, not that (95 % at 600 games); fewer only widen
them (98 % at 100)."""
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

    def side(night: bool) -> tuple[Metric, ...]:
        rows = []
        for card in rounds.cards:
            condition, effect = card.fields["condition"], card.fields["effect"]
            label = labels.card(rounds, card)
            if night:
                label = f"{label} · {labels.word(f'effects.{effect}.name')}"
            key = (condition, effect, night)
            rows.append(Metric.rate(card.id, label, silent[key], played[key]))
        return tuple(rows)

    def count(s: Statistics) -> tuple[str, str]:
        return f"players-{s.players}", f"{s.players} players"

    possible = (1, 2 * SHIFT_ROUNDS)  # a game lasts 1 to 10 rounds
    lengths = tuple(Metric.mean(*count(s), list(s.rounds.elements()), possible) for s in stats)
    completed = tuple(Metric.rate(*count(s), s.completed, s.games) for s in stats)
    day, night = "Rounds with no winner, day side", "Rounds with no winner, night side"
    return [
        Measure("no_winner_day", day, "share", side(False), note),
        Measure("no_winner_night", night, "share", side(True), note),
        Measure("game_length", "Game length", "rounds", lengths, note),
        Measure("code_completed", "Games ended by a completed code", "share", completed, note),
    ]
