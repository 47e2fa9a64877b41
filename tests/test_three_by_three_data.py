"""The 3x3 puzzle's card data and commands: the shipped deck passes, every broken task or token
fails with file, line and card, and the ``pnp rules three_by_three`` queries answer correctly."""

from __future__ import annotations

import json

import yaml

from generator.pipeline.build import check
from tests.conftest import DataCopy

TASKS = "three_by_three/decks/tasks.yaml"
TOKENS = "three_by_three/decks/tokens.yaml"
CARD_1 = '{number: 1, fifteen: ".R.G.B...", fifteen_points: 1, chess: "....Qb.R.", chess_points: 1}'


def problems(data: DataCopy) -> list[str]:
    return data.problems("three_by_three")


def edit_card_1(data: DataCopy, old: str, new: str) -> int:
    """Change the first task card; its line."""
    data.edit(TASKS, CARD_1, CARD_1.replace(old, new))
    return data.line_of(TASKS, "{number: 1,")


def test_the_shipped_deck_is_valid(pnp) -> None:
    result = pnp("validate", "three_by_three")
    assert result.code == 0, result.err
    assert "28 tasks, 7 tokens" in result.out
    (game,) = check(__import__("generator").DEFAULT_DATA_DIR, ("three_by_three",))
    tasks = game.deck("tasks")
    assert sum(c.fields["fifteen_points"] == 1 for c in tasks.cards) == 14
    assert {c.fields["chess_points"] for c in tasks.cards} == {1, 2}


def test_a_task_the_tokens_cannot_fill(data: DataCopy) -> None:
    line = edit_card_1(data, '".R.G.B..."', '".B.B.B..B"')
    data.edit(TASKS, 'B..B", fifteen_points: 1', 'B..B", fifteen_points: 2')
    assert problems(data) == [
        f"{TASKS}:1: tasks: 13 of 28 cards score 1 point on the fifteen side: the blitz variant "
        "plays with one kind only, so the game needs at least 14 one-point and as many "
        "two-point cards",
        f"{TASKS}:{line}: tasks[0].fifteen: asks for 4 blue cells: the 3 tokens that fit them "
        "(blue, blue, tri-colour) cannot fill 4",
    ]


def test_points_that_do_not_match_the_cells(data: DataCopy) -> None:
    line = edit_card_1(data, "chess_points: 1", "chess_points: 2")
    assert problems(data) == [
        f"{TASKS}:{line}: tasks[0].chess_points: 3 specified cells score 1 point, the card prints 2"
    ]


def test_a_chess_task_with_too_many_cells(data: DataCopy) -> None:
    line = edit_card_1(data, '"....Qb.R."', '"ww..Qb.RR"')
    assert problems(data) == [
        f"{TASKS}:{line}: tasks[0].chess: a chess task specifies 3 or 4 or 5 cells; "
        "this one specifies 6"
    ]


def test_a_symbol_a_task_side_cannot_use(data: DataCopy) -> None:
    line = edit_card_1(data, '".R.G.B..."', '".R.J.B..."')
    assert problems(data) == [
        f"{TASKS}:{line}: tasks[0].fifteen: 'J' cannot appear on a fifteen task "
        "(symbols: B R G, '.' for a cell that does not matter)"
    ]


def test_a_task_no_setup_board_can_reach(data: DataCopy) -> None:
    # the four white pieces take every white piece and the king, so only the black knight could
    # stand in the centre, and a knight never gets there
    line = edit_card_1(data, '"....Qb.R.", chess_points: 1', '"w.w.N.w.w", chess_points: 2')
    assert problems(data) == [
        f"{TASKS}:1: tasks: 13 of 28 cards score 1 point on the chess side: the blitz variant "
        "plays with one kind only, so the game needs at least 14 one-point and as many "
        "two-point cards",
        f"{TASKS}:{line}: tasks[0].chess: cannot be reached from 40320 of the setup boards: "
        "no sequence of moves shows it",
    ]


def test_the_same_task_turned(data: DataCopy) -> None:
    # card 2's 15-puzzle side R....B.G. turned 90 degrees clockwise
    line = edit_card_1(data, '".R.G.B..."', '"..RG...B."')
    second = data.line_of(TASKS, "{number: 2,")
    assert problems(data) == [
        f"{TASKS}:{second}: tasks[1].fifteen: the same task as tasks[0] (line {line}), "
        "up to turning"
    ]


def test_a_missing_card(data: DataCopy) -> None:
    data.edit(TASKS, "  - " + CARD_1 + "\n", "")
    assert problems(data) == [
        f"{TASKS}:1: tasks: 13 of 27 cards score 1 point on the chess side: the blitz variant "
        "plays with one kind only, so the game needs at least 14 one-point and as many "
        "two-point cards",
        f"{TASKS}:1: tasks: 13 of 27 cards score 1 point on the fifteen side: the blitz variant "
        "plays with one kind only, so the game needs at least 14 one-point and as many "
        "two-point cards",
        f"{TASKS}:1: tasks: the game needs at least 28 task cards, found 27",
    ]


def test_a_token_side_that_breaks_the_supply(data: DataCopy) -> None:
    data.edit(TOKENS, "{fifteen: blue, chess: black-rook}", "{fifteen: red, chess: black-rook}")
    assert problems(data) == [
        f"{TOKENS}:1: tokens: the fifteen sides must be 2 blue, 2 red, 2 green, 1 tri-colour"
    ]


def test_a_missing_mode_name(data: DataCopy) -> None:
    data.edit("three_by_three/locales/uk.yaml", "  chess: Шахи\n", "")
    assert problems(data) == [
        "three_by_three/locales/uk.yaml:5: modes.chess: missing translation (en.yaml:7 has it)"
    ]


# --- pnp rules three_by_three ----------------------------------------------------------------


def test_solve_the_issue_example(pnp) -> None:
    args = ("rules", "three_by_three", "solve", "--mode", "fifteen")
    result = pnp(*args, "--board", "BRG.J.RGB", "--task", "B.B......", "--json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["moves"] == 4 == len(answer["path"])
    assert answer["path"][0] == {"token": "J", "from": "b2", "to": "a2", "board": "BRGJ..RGB"}
    assert answer["path"][-1]["board"] == "BRG.G.JRB"  # joker and blue in the bottom corners
    text = pnp(*args, "--board", "BRG.J.RGB", "--task", "B.B......").out
    assert text.splitlines()[:3] == ["4 moves", "   board BRG/.J./RGB", " 1. J b2-a2  BRG/J../RGB"]


def test_solve_reports_impossible(pnp) -> None:
    args = ("rules", "three_by_three", "solve", "--mode", "chess", "--board", "Rr.QNnqK.")
    result = pnp(*args, "--task", "....Q....", "--json")
    assert result.code == 0
    assert json.loads(result.out) == {"moves": None, "path": None}
    assert pnp(*args, "--task", "....Q....").out.startswith("impossible: the task no sequence")


def test_solve_with_zero_moves(pnp) -> None:
    result = pnp(
        "rules", "three_by_three", "solve", "--mode", "fifteen",
        "--board", "BRG.J.RGB", "--task", "..B...B..", "--json",
    )  # fmt: skip
    assert json.loads(result.out) == {"moves": 0, "path": []}


def test_solve_rejects_a_board_of_the_other_mode(pnp) -> None:
    result = pnp(
        "rules", "three_by_three", "solve", "--mode", "chess",
        "--board", "BRG.J.RGB", "--task", "R.w......",
    )  # fmt: skip
    assert result.code == 2
    assert "--board 'BRG.J.RGB': 'B', 'G', 'J' is not a chess token" in result.err
    assert "Traceback" not in result.err


def test_difficulty_table_of_every_side(pnp) -> None:
    result = pnp("rules", "three_by_three", "difficulty", "--json")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    assert len(rows) == 56
    for row in rows:
        assert (
            sum(row["histogram"]) == row["boards"] == (5040 if row["side"] == "fifteen" else 40320)
        )
        assert row["max"] == len(row["histogram"]) - 1
    fifteen = [row["mean"] for row in rows if row["side"] == "fifteen"]
    assert max(fifteen) - min(fifteen) > 2  # the deck runs from easy to hard


def test_difficulty_of_chosen_cards(pnp) -> None:
    result = pnp("rules", "three_by_three", "difficulty", "task-03", "task-28")
    lines = result.out.splitlines()
    assert [line.split()[:2] for line in lines[1:]] == [
        ["task-03", "fifteen"],
        ["task-03", "chess"],
        ["task-28", "fifteen"],
        ["task-28", "chess"],
    ]
    unknown = pnp("rules", "three_by_three", "difficulty", "task-29")
    assert unknown.code == 2
    assert "no task card task-29 (the cards are task-01 to task-28)" in unknown.err


def test_difficulty_follows_the_card_data(data: DataCopy, pnp) -> None:
    edit_card_1(data, '".R.G.B..."', '"RGB......"')
    result = pnp("rules", "three_by_three", "difficulty", "task-01", "--data", data.root, "--json")
    first = json.loads(result.out)[0]
    assert first["task"] == "RGB......"
    assert first["histogram"][0] > 0


def test_design_is_reproducible_and_passes_validation(data: DataCopy, pnp) -> None:
    args = ("rules", "three_by_three", "design", "--seed", "4", "--candidates", "6")
    first = pnp(*args)
    assert first.code == 0, first.err
    assert pnp(*args).out == first.out
    cards = yaml.safe_load(first.out)["tasks"]
    assert [card["number"] for card in cards] == list(range(1, 29))
    (data.root / TASKS).write_text(first.out, encoding="utf-8")
    assert pnp("validate", "three_by_three", "--data", data.root).code == 0


def test_prove_a_bid_through_the_command(pnp) -> None:
    args = ("rules", "three_by_three", "prove", "--mode", "fifteen", "--board", "BGJB.G.RR")
    result = pnp(*args, "--task", ".G..G..BR", "--bid", "3", "G b3-b2", "R b1-a1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out) == {
        "proved": True,
        "moves": 2,
        "bid": 3,
        "turned": 90,
        "error": None,
        "fewest": 2,
    }
    text = pnp(*args, "--task", ".G..G..BR", "--bid", "1", "G b3-b2", "R b1-a1").out
    assert text == (
        "not proved (a penalty card): 2 moves is more than the bid of 1\nfewest possible: 2\n"
    )
    bad = pnp(*args, "--task", ".G..G..BR", "--bid", "3", "G b3 b2")
    assert bad.code == 2
    assert "'G b3 b2': a move is 'TOKEN FROM-TO' or 'FROM-TO'" in bad.err


def test_score_the_brief_example(pnp) -> None:
    result = pnp("rules", "three_by_three", "score", "Egor:1+2+1-1-1", "Lena:2", "--json")
    assert json.loads(result.out) == {"scores": {"Egor": 2, "Lena": 2}, "winners": ["Lena"]}
    text = pnp("rules", "three_by_three", "score", "Egor:1+2+1-1-1", "Lena:2").out
    assert text.splitlines() == [
        "Egor    2  (1 + 2 + 1 - 2 penalties)",
        "Lena    2  (2 - 0 penalties)",
        "winner: Lena",
    ]
