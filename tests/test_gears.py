"""The gears engine: the brief's worked examples, grey, multicoloured, the night effects that
change resolution, code entry, the final score and the simulator."""

from __future__ import annotations

import json

import pytest

from generator.games.gears.codes import (
    CHECKED,
    ENTERED,
    Action,
    Code,
    Entry,
    apply_entry,
    entry_options,
    game_winner,
    score,
)
from generator.games.gears.parts import CONDITIONS, EFFECTS, GEAR_VALUES
from generator.games.gears.resolution import Played, resolve
from generator.games.gears.simulate import (
    GearCard,
    RoundCard,
    next_token,
    play,
    simulate,
    turned_seat,
)
from generator.games.streams import Chance

BRIEF = [
    ("highest", [4, 3, 2, 1], [4]),
    ("lowest", [4, 3, 2, 2], [3]),
    ("highest-even", [4, 4, 3, 2], [2]),
    ("highest-even", [3, 2, 2, 1], []),
    ("lowest-odd", [3, 2, 1, 1], [3]),
    ("lowest-odd", [4, 3, 3, 2], []),
    ("evens", [4, 4, 2, 1], [2]),
    ("evens", [4, 3, 3, 2], [4, 2]),
    ("all-but-lowest", [3, 2, 2, 1], [3]),
    ("all-but-lowest", [4, 3, 2, 2], [4, 3]),
]
PLAIN = ("red", "blue", "yellow", "purple")


def gears(*specs: str) -> list[Played]:
    return [Played(colour, int(value)) for colour, value in (s.split(":") for s in specs)]


@pytest.mark.parametrize(("condition", "values", "winning_values"), BRIEF)
def test_brief_examples(condition: str, values: list[int], winning_values: list[int]) -> None:
    played = [Played(colour, v) for colour, v in zip(PLAIN, values, strict=True)]
    result = resolve(condition, played)
    assert [values[seat] for seat in result.winners] == winning_values


@pytest.mark.parametrize(("condition", "values", "winning_values"), BRIEF)
def test_brief_examples_through_the_command(
    pnp, condition: str, values: list[int], winning_values: list[int]
) -> None:
    specs = [f"{colour}:{v}" for colour, v in zip(PLAIN, values, strict=True)]
    result = pnp("rules", "gears", "round", condition, *specs, "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["values"] == values
    assert [values[seat] for seat in answer["winners"]] == winning_values


def test_issue_example_seat_3_wins(pnp) -> None:
    result = pnp(
        "rules", "gears", "round", "highest-even", "red:4", "purple:4", "grey:3", "blue:2", "--json"
    )
    assert json.loads(result.out) == {"values": [4, 4, 3, 2], "winners": [3], "jammed": [0, 1]}


def test_round_text_names_jam_and_winner(pnp) -> None:
    result = pnp("rules", "gears", "round", "lowest", "red:4", "blue:3", "yellow:2", "grey:2")
    assert result.out.splitlines() == [
        "seats   0: red 4  1: blue 3  2: yellow 2  3: grey 2",
        "values  4 3 2 2",
        "jammed  seat 2",
        "winner  seat 3",
    ]


def test_multicoloured_swaps_with_right_neighbour() -> None:
    """The brief: multicoloured 1 beside purple 2 on its right: purple counts 1, it counts 2.
    The right neighbour is the seat before (seats are clockwise)."""
    result = resolve("highest", gears("purple:2", "multicoloured:1", "red:4"))
    assert result.values == [1, 2, 4]


def test_multicoloured_takes_a_value_not_printed_on_it() -> None:
    assert resolve("lowest", gears("red:4", "multicoloured:1")).values == [1, 4]


def test_multicoloured_does_not_swap_with_multicoloured() -> None:
    # seat 1's right neighbour is seat 0 (multicoloured): no swap; seat 0 swaps with seat 2
    result = resolve("highest", gears("multicoloured:1", "multicoloured:2", "red:4"))
    assert result.values == [4, 2, 1]


def test_mirror_swap_trades_with_the_left_neighbour() -> None:
    played = gears("multicoloured:1", "purple:3", "red:4")
    assert resolve("highest", played).values == [4, 3, 1]
    assert resolve("highest", played, "mirror-swap").values == [3, 1, 4]


def test_swap_can_change_the_winner() -> None:
    played = gears("red:4", "multicoloured:1", "blue:2")
    assert resolve("highest", played).winners == [1]  # it took red's 4
    assert resolve("highest", played, "mirror-swap").winners == [0]  # blue got the 1


def test_grey_is_not_jammed_by_non_grey_gears() -> None:
    result = resolve("highest", gears("red:4", "grey:4", "blue:3"))
    assert result.jammed == [0]
    assert result.winners == [1]


def test_two_greys_jam_each_other() -> None:
    result = resolve("highest", gears("grey:4", "grey:4", "blue:3", "red:4"))
    assert result.jammed == [0, 1, 3]
    assert result.winners == [2]


def test_grey_rust_takes_the_immunity_away() -> None:
    result = resolve("highest", gears("red:4", "grey:4", "blue:3"), "grey-rust")
    assert result.jammed == [0, 1]
    assert result.winners == [2]


def test_grey_with_the_lowest_value_still_loses_all_but_lowest() -> None:
    result = resolve("all-but-lowest", gears("grey:1", "red:1", "blue:3", "yellow:4"))
    assert result.winners == [2, 3]


def test_grey_exception_respects_parity() -> None:
    assert resolve("highest-even", gears("grey:3", "red:3", "blue:2")).winners == [2]


def test_engineer_night_immunity_jams_with_grey() -> None:
    played = [Played("red", 4, ignores_jam=True), Played("grey", 4), Played("blue", 2)]
    assert resolve("highest", played).winners == [2]


def test_unknown_condition_is_a_usage_error(pnp) -> None:
    result = pnp("rules", "gears", "round", "middle", "red:1", "blue:2")
    assert result.code == 2
    assert "invalid choice: 'middle'" in result.err


def test_bad_gear_is_a_usage_error(pnp) -> None:
    result = pnp("rules", "gears", "round", "highest", "green:2", "blue:2")
    assert result.code == 2
    assert result.err.endswith(
        "argument GEAR: 'green:2': a gear is colour:value, colour one of red, blue, yellow, "
        "purple, multicoloured, grey, value 1-4 (e.g. red:4)\n"
    )


def test_five_gears_break_the_rules(pnp) -> None:
    result = pnp("rules", "gears", "round", "highest", *["red:1"] * 5)
    assert (result.code, result.err) == (
        1,
        "error: the round card has four corners: at most four gears\n",
    )


def codes(*specs: str) -> list[Code]:
    return [Code(colour, int(number)) for colour, number in (s.split(":") for s in specs)]


def test_red_4_enters_a_red_code_or_a_4() -> None:
    mine = codes("red:2", "blue:4", "yellow:1", "purple:3")
    assert entry_options("red", 4, mine) == [Entry(Action.ENTER, 0), Entry(Action.ENTER, 1)]


def test_no_match_sends_an_open_code_for_checking_or_flips_a_checked_one() -> None:
    mine = codes("blue:2", "blue:3", "yellow:1", "purple:3")
    mine[1].state = CHECKED
    options = entry_options("red", 4, mine)
    assert options == [
        Entry(Action.ENTER, 1),
        Entry(Action.SEND_FOR_CHECKING, 0),
        Entry(Action.SEND_FOR_CHECKING, 2),
        Entry(Action.SEND_FOR_CHECKING, 3),
    ]
    apply_entry(mine, options[0])
    assert mine[1].state == ENTERED


def test_grey_enters_by_number_only_and_multicoloured_by_any_colour() -> None:
    mine = codes("red:2", "blue:4", "yellow:1", "purple:3")
    assert [e.code for e in entry_options("grey", 3, mine)] == [3]
    assert {e.action for e in entry_options("grey", 4, codes("red:2"))} == {
        Action.SEND_FOR_CHECKING
    }
    assert [e.code for e in entry_options("multicoloured", 2, mine)] == [0, 1, 2, 3]
    assert [e.code for e in entry_options("blue", 1, mine, every_colour=True)] == [0, 1, 2, 3]


def test_entered_codes_are_not_entered_again() -> None:
    mine = codes("red:2")
    mine[0].state = ENTERED
    assert entry_options("red", 2, mine) == []


def test_score_counts_half_for_checked_codes() -> None:
    mine = codes("red:2", "blue:4", "yellow:1", "purple:3")
    mine[0].state, mine[1].state = ENTERED, CHECKED
    assert score(mine) == 1.5


@pytest.mark.parametrize(
    ("scores", "winner"),
    [
        ([3, 2, 1], 0),
        ([3, 3, 2, 1], 2),  # tied leaders are eliminated, as in a jam
        ([3, 3, 2, 2], None),
        ([2.5, 3, 3], 0),
        ([1, 1], None),
    ],
)
def test_tied_leaders_are_eliminated(scores: list[float], winner: int | None) -> None:
    assert game_winner(scores) == winner


def test_step_2_targets_and_the_token() -> None:
    assert turned_seat(0, 4, None) == 1
    assert turned_seat(0, 4, "reverse-crank") == 3
    assert turned_seat(2, 4, "self-tune") == 2
    assert next_token(3, [1], 4, None) == 0
    assert next_token(3, [1, 2], 4, "winner-leads") == 1
    assert next_token(1, [0, 3], 4, "winner-leads") == 3
    assert next_token(1, [], 4, "winner-leads") == 2


SETS = [[GearCard(colour, values) for colour, values in GEAR_VALUES.items()] for _ in range(4)]
DECK = [RoundCard(condition, effect) for condition, effect in zip(CONDITIONS, EFFECTS, strict=True)]
"""The brief's round cards: each day condition paired with the night effect listed with it."""


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_a_game_lasts_at_most_ten_rounds_and_keeps_the_cards(strategy: str) -> None:
    for number in range(30):
        game = play(4, SETS, DECK, Chance(7, number), strategy)
        assert 1 <= len(game.rounds) <= 10
        assert [r.night for r in game.rounds] == [n >= 5 for n in range(len(game.rounds))]
        assert game.completed_code or len(game.rounds) == 10


def test_simulation_is_deterministic_per_seed() -> None:
    first, again, other = (simulate(200, 3, SETS, DECK, seed) for seed in (5, 5, 6))
    assert first == again
    assert first != other
    assert first.games == 200 and sum(first.rounds.values()) == 200


def test_simulate_command(pnp) -> None:
    result = pnp("rules", "gears", "simulate", "--games", "40", "--players", "3", "--json")
    assert result.code == 0, result.err
    (stats,) = json.loads(result.out)
    assert stats["players"] == 3 and stats["games"] == 40
    assert 0 < stats["no_winner_rounds"] < stats["rounds_played"] <= 400
    again = pnp("rules", "gears", "simulate", "--games", "40", "--players", "3", "--json")
    assert again.out == result.out


def test_simulate_text_report(pnp) -> None:
    result = pnp("rules", "gears", "simulate", "--games", "20", "--players", "2-3", "--seed", "4")
    lines = result.out.splitlines()
    assert lines[0] == "2 players, 20 games, greedy players, seed 4"
    assert "3 players, 20 games, greedy players, seed 4" in lines
    assert any(line.strip().startswith("highest-even") for line in lines)


def test_simulate_bad_player_count(pnp) -> None:
    result = pnp("rules", "gears", "simulate", "--players", "5")
    assert result.code == 2
    assert "'5': the game is for 2-4 players (e.g. 3 or 2-4)" in result.err


def test_simulate_plays_the_card_data(data, pnp) -> None:
    """A broken round deck is reported before any game is played."""
    data.edit("gears/decks/rounds.yaml", "effect: cold-blue", "effect: cold-snap")
    result = pnp("rules", "gears", "simulate", "--games", "5", "--data", data.root)
    assert result.code == 1
    assert result.err.startswith("gears/decks/rounds.yaml:")


def test_brief_multicoloured_example_through_the_command(pnp) -> None:
    result = pnp("rules", "gears", "round", "lowest", "purple:2", "multicoloured:1", "--json")
    assert json.loads(result.out)["values"] == [1, 2]
    assert json.loads(result.out)["winners"] == [0]  # purple now counts 1


def test_effects_outside_step_3_are_named_not_applied(pnp) -> None:
    rust = pnp("rules", "gears", "round", "highest", "red:4", "grey:4", "--effect", "grey-rust")
    assert rust.out.splitlines()[-2:] == ["jammed  seats 0, 1", "winner  none"]
    still = pnp("rules", "gears", "round", "highest", "red:4", "grey:4", "--effect", "still-night")
    assert still.out.splitlines()[-2:] == [
        "note    still-night acts outside deciding the winners; it changes nothing here",
        "winner  seat 1",
    ]


def test_simulate_needs_gears_data(pnp, tmp_path) -> None:
    result = pnp("rules", "gears", "simulate", "--data", tmp_path)
    assert result.code == 2
    assert result.err.endswith(f"error: --data {tmp_path}: no gears/game.yaml there\n")
