"""Whole games played by simple players, seeded and deterministic, for statistics and tests.

A game follows the rulebook: setup (four codes each, one random gear discarded), five day rounds
and five night rounds, the night shift's reshuffle, step 2's blind turning, blue's return, every
night effect, and the end when a code is complete or the round deck runs out. Characters are
optional in the rules and left out here.

Two kinds of player: ``random`` picks uniformly among legal choices; ``greedy`` places the gear
and edge with the best expected outcome under the condition (knowing its neighbour will turn the
gear blind), turns others' gears away from what they chose, and prefers entering codes.

Chance is drawn by name (:class:`Chance`): the round deck is ordered by each card's own number,
a round's choices come from a stream of that round card's, a seat's shuffles from streams of
that seat's. Two decks that differ by a card play the same games up to the round that card is
drawn, and much alike after it, so a card the change does not touch measures alike in both.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from generator.games.gears.codes import (
    ENTERED,
    Action,
    Code,
    Entry,
    apply_entry,
    entry_options,
    game_winner,
    matches,
    score,
)
from generator.games.gears.parts import CODE_COLOURS, CODE_NUMBERS, VALUES
from generator.games.gears.resolution import Played, Resolution, has_parity, resolve
from generator.games.streams import Chance
from generator.model import Deck

STRATEGIES = ("greedy", "random")
SHIFT_ROUNDS = 5
CODES_EACH = 4
TURNS = (1, -1, 0)
"""Step 2: +90 degrees (the next value clockwise comes to the corner), -90, or leave."""


@dataclass(frozen=True)
class GearCard:
    colour: str
    values: tuple[int, ...]

    @property
    def id(self) -> str:
        """What tells it from the other gears of its set (one of each colour)."""
        return f"{self.colour}:{self.values}"


@dataclass(frozen=True)
class RoundCard:
    condition: str
    effect: str

    @property
    def id(self) -> str:
        """What tells it from the other round cards (no two share both)."""
        return f"{self.condition}/{self.effect}"


@dataclass
class Seat:
    hand: list[GearCard]
    codes: list[Code]
    discard: list[GearCard] = field(default_factory=list)

    @property
    def code_complete(self) -> bool:
        """Every code card entered: this ends the game after the round."""
        return all(code.state == ENTERED for code in self.codes)


Side = tuple[str, str, bool]
"""A side of a round card as played: its condition, its night effect, and whether it was night
(the effect acts only then)."""


@dataclass(frozen=True)
class RoundRecord:
    condition: str
    effect: str
    """The night effect of the card played (in force only when ``night``): with the condition,
    which round card it was."""
    night: bool
    winners: int


@dataclass(frozen=True)
class GameRecord:
    rounds: list[RoundRecord]
    completed_code: bool
    """True when a player entered their whole code (ending the game, perhaps in round 10)."""
    winner: int | None


def play(
    players: int,
    gear_sets: list[list[GearCard]],
    round_cards: list[RoundCard],
    chance: Chance,
    strategy: str = "greedy",
) -> GameRecord:
    """One game from setup to the final score, its draws named from ``chance``."""
    seats = _setup(players, gear_sets, chance)
    deck = chance.order(round_cards, _id, "rounds")
    token = chance.stream("token").randrange(players)
    rounds: list[RoundRecord] = []
    for number, card in enumerate(deck[: 2 * SHIFT_ROUNDS]):
        night = number >= SHIFT_ROUNDS
        if number == SHIFT_ROUNDS:
            for index, seat in enumerate(seats):
                _reshuffle(seat, chance.then("night shift", index))
        effect = card.effect if night else None
        drawn = chance.then("round", card.id)
        winners, token = _round(seats, card.condition, effect, token, drawn, strategy)
        rounds.append(RoundRecord(card.condition, card.effect, night, len(winners)))
        if any(seat.code_complete for seat in seats):
            break
    scores = [score(seat.codes) for seat in seats]
    return GameRecord(rounds, any(seat.code_complete for seat in seats), game_winner(scores))


def _setup(players: int, gear_sets: list[list[GearCard]], chance: Chance) -> list[Seat]:
    codes = [Code(colour, number) for colour in CODE_COLOURS for number in CODE_NUMBERS]
    codes = chance.order(codes, str, "codes")
    seats = []
    for index in range(players):
        seat = Seat(
            [], codes[index * CODES_EACH : (index + 1) * CODES_EACH], list(gear_sets[index])
        )
        _reshuffle(seat, chance.then("setup", index))
        seats.append(seat)
    return seats


def _reshuffle(seat: Seat, chance: Chance) -> None:
    """Setup and the night shift: all gears to hand, shuffle, one discarded at random (the same
    one whatever the rounds before did: the seat's whole set is in hand by then)."""
    seat.hand = chance.order(seat.hand + seat.discard, _id)
    seat.discard = [seat.hand.pop()]


def _id(card: GearCard | RoundCard) -> str:
    return card.id


@dataclass(frozen=True)
class _Round:
    """What every decision in a round depends on."""

    condition: str
    effect: str | None
    chance: Chance
    """The round card's draws: the same in every game it comes up in at this trial."""
    rng: random.Random
    strategy: str


def _round(
    seats: list[Seat],
    condition: str,
    effect: str | None,
    token: int,
    chance: Chance,
    strategy: str,
) -> tuple[list[int], int]:
    """Steps 1-4 of one round; returns the winners and the next holder of the token."""
    now = _Round(condition, effect, chance, chance.stream(), strategy)
    placed = [_place(seat, now) for seat in seats]
    gears = [p.gear for p in placed]
    edges = _step_2([p.edge for p in placed], gears, now)
    played = [Played(g.colour, g.values[e]) for g, e in zip(gears, edges, strict=True)]
    result = resolve(condition, played, effect)
    for winner in result.winners:
        _enter(seats[winner], played[winner].colour, result.values[winner], now)
    for index, seat in enumerate(seats):
        _clear_away(seat, index, gears[index], result, now)
    return result.winners, next_token(token, result.winners, len(seats), effect)


@dataclass(frozen=True)
class _Placement:
    gear: GearCard
    edge: int
    """Index into ``gear.values`` of the value at the corner."""


def _step_2(edges: list[int], gears: list[GearCard], now: _Round) -> list[int]:
    """Each player turns one gear (usually the left one's). The rules start at the token
    holder, but each gear is turned once and blind, so the order changes nothing: taken in seat
    order, a seat's turn is the same draw whoever holds the token."""
    if now.effect == "still-night":
        return edges
    players = len(edges)
    for turner in range(players):
        target = turned_seat(turner, players, now.effect)
        own = target == turner
        edges[target] = (edges[target] + _turn(gears[target], edges[target], own, now)) % 4
    return edges


def _clear_away(seat: Seat, index: int, gear: GearCard, result: Resolution, now: _Round) -> None:
    """End of step 3 (blue's return: a random gear of the discard, the one that draws first,
    so another gear in the discard does not change which) and step 4 (played gears to the
    discard)."""
    lost = index not in result.winners
    if gear.colour == "blue" and lost and now.effect != "cold-blue" and seat.discard:
        back = now.chance.order(seat.discard, _id, "blue", index)[0]
        seat.discard.remove(back)
        seat.hand.append(back)
    if now.effect == "jam-return" and index in result.jammed:
        seat.hand.append(gear)
    else:
        seat.discard.append(gear)


def turned_seat(turner: int, players: int, effect: str | None) -> int:
    """Whose gear a player turns in step 2: the left neighbour's, unless a night effect says."""
    if effect == "self-tune":
        return turner
    return (turner - 1 if effect == "reverse-crank" else turner + 1) % players


def next_token(token: int, winners: list[int], players: int, effect: str | None) -> int:
    """Step 4: the token passes clockwise, or to the first winner clockwise (winner-leads)."""
    if effect == "winner-leads" and winners:
        return min(winners, key=lambda seat: (seat - token) % players)
    return (token + 1) % players


def _desirability(condition: str, value: int) -> float:
    """How likely a value is to win under a condition, before anyone else's gear is known."""
    if not has_parity(condition, value):
        return 0.0
    if condition.startswith("highest"):
        return value / 4
    if condition.startswith("lowest"):
        return (5 - value) / 4
    if condition == "all-but-lowest":
        return (value - 1) / 3
    if condition == "all-but-highest":
        return (4 - value) / 3
    return 1.0


def _place(seat: Seat, now: _Round) -> _Placement:
    """Step 1: a gear from hand and the edge put to the corner."""
    if now.strategy == "random":
        gear = seat.hand.pop(now.rng.randrange(len(seat.hand)))
        return _Placement(gear, now.rng.randrange(4))
    turns = (0,) if now.effect in ("still-night", "self-tune") else (1, -1)
    worth = {v: _desirability(now.condition, v) for v in VALUES}
    best, best_worth = (0, 0), -1.0
    for index, gear in enumerate(seat.hand):
        useful = _useful_values(seat, gear.colour)
        for edge in range(4):
            expected = _expected(gear, edge, turns, worth, useful)
            if expected > best_worth:
                best, best_worth = (index, edge), expected
    return _Placement(seat.hand.pop(best[0]), best[1])


def _useful_values(seat: Seat, colour: str) -> set[int]:
    """Values with which a gear of this colour could enter one of the seat's open codes."""
    return {
        v for v in VALUES if any(c.state != ENTERED and matches(colour, v, c) for c in seat.codes)
    }


def _expected(
    gear: GearCard, edge: int, turns: tuple[int, ...], worth: dict[int, float], useful: set[int]
) -> float:
    """Mean worth over the turns the gear may get, with a bonus for a value that enters a code."""
    if gear.colour == "multicoloured":  # it trades its value away for an unknown one
        return 0.75
    values = [gear.values[(edge + turn) % 4] for turn in turns]
    return sum(worth[v] + (0.25 if v in useful else 0.0) for v in values) / len(turns)


def _turn(gear: GearCard, edge: int, own: bool, now: _Round) -> int:
    """Step 2 for one gear: blind for a neighbour's gear, with sight for one's own (self-tune)."""
    choices = TURNS[:2] if now.effect == "full-turn" else TURNS
    if now.strategy == "greedy" and own:
        return max(choices, key=lambda t: _desirability(now.condition, gear.values[(edge + t) % 4]))
    if now.strategy == "greedy":  # a neighbour's choice is probably good for them: spoil it
        return now.rng.choice(TURNS[:2])
    return now.rng.choice(choices)


def _enter(seat: Seat, colour: str, value: int, now: _Round) -> None:
    """The winner's entry; ``double-entry`` allows a second, matching code only."""
    for number in range(2 if now.effect == "double-entry" else 1):
        options = entry_options(colour, value, seat.codes)
        if number > 0:
            options = [
                o
                for o in options
                if o.action is Action.ENTER and matches(colour, value, seat.codes[o.code])
            ]
        if not options:
            return
        apply_entry(seat.codes, _choose_entry(options, now))


def _choose_entry(options: list[Entry], now: _Round) -> Entry:
    if now.strategy == "greedy":
        entering = [o for o in options if o.action is Action.ENTER]
        return (entering or options)[0]
    return now.rng.choice(options)


@dataclass
class Statistics:
    """What ``pnp rules gears simulate`` reports for one player count."""

    players: int
    games: int = 0
    rounds: Counter[int] = field(default_factory=Counter)
    completed: int = 0
    no_game_winner: int = 0
    round_count: Counter[Side] = field(default_factory=Counter)
    no_winner: Counter[Side] = field(default_factory=Counter)
    winners: int = 0

    def add(self, game: GameRecord) -> None:
        self.games += 1
        self.rounds[len(game.rounds)] += 1
        self.completed += game.completed_code
        self.no_game_winner += game.winner is None
        for record in game.rounds:
            side = (record.condition, record.effect, record.night)
            self.round_count[side] += 1
            self.no_winner[side] += record.winners == 0
            self.winners += record.winners

    def by_condition(self, condition: str, night: bool) -> tuple[int, int]:
        """Rounds with no winner, and rounds, under ``condition`` by day or by night, whatever
        the effect of the card that had it."""
        sides = [side for side in self.round_count if side[0] == condition and side[2] == night]
        return sum(self.no_winner[s] for s in sides), sum(self.round_count[s] for s in sides)

    @property
    def rounds_played(self) -> int:
        return sum(self.round_count.values())

    @property
    def no_winner_share(self) -> float:
        return sum(self.no_winner.values()) / max(self.rounds_played, 1)

    @property
    def mean_rounds(self) -> float:
        return sum(n * count for n, count in self.rounds.items()) / max(self.games, 1)


def simulate(
    games: int,
    players: int,
    gear_sets: list[list[GearCard]],
    round_cards: list[RoundCard],
    seed: int,
    strategy: str = "greedy",
) -> Statistics:
    """``games`` games from one seed: the same arguments always give the same statistics, and
    game ``n`` draws the same whatever the cards (see the module's docstring)."""
    stats = Statistics(players)
    for number in range(games):
        chance = Chance(seed, "gears", players, strategy, number)
        stats.add(play(players, gear_sets, round_cards, chance, strategy))
    return stats


def from_cards(gears: Deck, rounds: Deck) -> tuple[list[list[GearCard]], list[RoundCard]]:
    """The gear sets (in the order the data first names each set) and the round cards the
    simulator plays with, from the card data."""
    sets: dict[str, list[GearCard]] = {}
    for card in gears.cards:
        gear = GearCard(card.fields["colour"], tuple(card.fields["values"]))
        sets.setdefault(card.fields["set"], []).append(gear)
    cards = [RoundCard(card.fields["condition"], card.fields["effect"]) for card in rounds.cards]
    return list(sets.values()), cards
