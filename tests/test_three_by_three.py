"""The 3x3 puzzle engine: notation, turning, the movement rules of both modes, and the solver
checked against a plain forward breadth-first search written here from the brief alone."""

from __future__ import annotations

import itertools
import random
from collections import deque

import numpy as np
import pytest

from generator.games.three_by_three.notation import (
    CHESS,
    FIFTEEN,
    MODES,
    board_problem,
    canonical,
    cell_name,
    matches,
    task_problem,
    turned,
)
from generator.games.three_by_three.referee import Tally, parse_move, prove, winners
from generator.games.three_by_three.solver import difficulties, difficulty, solve, stranded
from generator.games.three_by_three.space import UNREACHED, space, steps
from generator.games.three_by_three.summary import EXAMPLE_MOVES, example_board
from generator.games.three_by_three.validation import shortfall
from tests.conftest import shipped_game

# --- a reference implementation of the brief, independent of the engine ---------------------

REFERENCE_FITS = {
    "fifteen": {"B": "BJ", "R": "RJ", "G": "GJ"},
    "chess": {"R": "RrK", "N": "NnK", "Q": "QqK", "w": "RNQK", "b": "rnqK"},
}


def reference_moves(mode: str, board: str) -> set[str]:
    """Every board one move away, from the brief's movement rules."""
    found = set()
    for origin, token in enumerate(board):
        if token == ".":
            continue
        row, column = divmod(origin, 3)
        for dr in (-2, -1, 0, 1, 2):
            for dc in (-2, -1, 0, 1, 2):
                r, c = row + dr, column + dc
                if not (0 <= r < 3 and 0 <= c < 3) or (dr, dc) == (0, 0):
                    continue
                target = r * 3 + c
                if board[target] != "." or not allowed(mode, token, dr, dc):
                    continue
                if max(abs(dr), abs(dc)) == 2 and dr * dc != 2 and dr * dc != -2:
                    middle = (row + dr // 2) * 3 + column + dc // 2
                    if board[middle] != ".":
                        continue  # only the knight jumps
                cells = list(board)
                cells[origin], cells[target] = ".", token
                found.add("".join(cells))
    return found


def allowed(mode: str, token: str, dr: int, dc: int) -> bool:
    straight = dr == 0 or dc == 0
    diagonal = abs(dr) == abs(dc)
    steps = max(abs(dr), abs(dc))
    if mode == "fifteen":
        return straight and steps == 1
    kind = token.upper()
    if kind == "R":
        return straight
    if kind == "Q":
        return straight or diagonal
    if kind == "K":
        return steps == 1
    return {abs(dr), abs(dc)} == {1, 2}  # knight


def reference_turn(task: str) -> str:
    """Clockwise: the cell at (row, column) moves to (column, 2 - row)."""
    cells = ["."] * 9
    for index, symbol in enumerate(task):
        row, column = divmod(index, 3)
        cells[column * 3 + (2 - row)] = symbol
    return "".join(cells)


def reference_shows(mode: str, board: str, task: str) -> bool:
    way = task
    for _ in range(4):
        if all(s == "." or board[i] in REFERENCE_FITS[mode][s] for i, s in enumerate(way)):
            return True
        way = reference_turn(way)
    return False


def reference_fewest(mode: str, board: str, task: str) -> int | None:
    """Plain forward breadth-first search from one board."""
    seen = {board}
    queue = deque([(board, 0)])
    while queue:
        here, moves = queue.popleft()
        if reference_shows(mode, here, task):
            return moves
        for there in reference_moves(mode, here):
            if there not in seen:
                seen.add(there)
                queue.append((there, moves + 1))
    return None


def random_board(mode: str, rng: random.Random) -> str:
    cells = list(MODES[mode].supply + "..")
    rng.shuffle(cells)
    return "".join(cells)


def random_task(mode: str, rng: random.Random, cells: int) -> str:
    task = ["."] * 9
    for cell in rng.sample(range(9), cells):
        task[cell] = rng.choice(MODES[mode].task_symbols)
    return "".join(task)


# --- notation ---------------------------------------------------------------------------------


def test_cells_are_named_like_a_chessboard() -> None:
    assert [cell_name(c) for c in (0, 2, 4, 6, 8)] == ["a3", "c3", "b2", "a1", "c1"]


def test_turning_is_clockwise_and_four_turns_are_none() -> None:
    task = "BR......G"
    assert turned(task) == "..B..RG.." == reference_turn(task)
    assert turned(task, 4) == task
    assert turned(task, 3) == reference_turn(reference_turn(reference_turn(task)))


def test_a_task_matches_turned_but_never_mirrored() -> None:
    task = "BR.G....."  # blue top left, red right of it, green below it
    mirrored = ".RB..G..."  # the same seen in a mirror
    assert canonical(task) != canonical(mirrored)
    board = "GRB..GRBJ"  # shows the mirrored task exactly
    assert matches(FIFTEEN, board, mirrored)
    assert not matches(FIFTEEN, board, task)
    assert not reference_shows("fifteen", board, task)
    for turns in range(4):  # a board laid out as the task turned any way shows the task
        assert matches(FIFTEEN, _fill(turned(task, turns)), task)


def _fill(partial: str) -> str:
    """``partial`` with the rest of the fifteen supply in its first free cells, two left empty."""
    rest = list("BBRRGGJ")
    for symbol in partial.replace(".", ""):
        rest.remove(symbol)
    cells = list(partial)
    for index, symbol in enumerate(cells):
        if symbol == "." and rest:
            cells[index] = rest.pop(0)
    return "".join(cells)


def test_jokers_fit_every_cell_and_pieces_fit_by_kind_and_colour() -> None:
    assert matches(FIFTEEN, "J.BRRGGB.", "B........")
    assert matches(CHESS, "K.RrNnQq.", "Q........")  # the king is any piece
    assert not matches(CHESS, "rRnNK.qQ.", "w........")  # no white piece in a corner
    assert matches(CHESS, "rRnNK.qQ.", "b........")
    assert matches(CHESS, "r.RKNnQq.", "w.b......")  # turned 270 degrees: white a1, black a3
    assert matches(CHESS, "q.rKNnQR.", "Q........")  # a black queen is a queen


@pytest.mark.parametrize(
    ("mode", "board", "problem"),
    [
        ("fifteen", "BRG.J.RG", "a board is 9 cells row by row from the top, got 8 characters"),
        ("fifteen", "BRG.K.RGB", "'K' is not a fifteen token (tokens: B R G J, '.' for empty)"),
        (
            "fifteen",
            "BRG.J.RBB",
            "a fifteen board holds the seven tokens BBRRGGJ and two empty cells",
        ),
        ("chess", "RNQ.K.rnq", None),
        ("chess", "RNQ.K.rnn", "a chess board holds the seven tokens RrNnQqK and two empty cells"),
    ],
)
def test_board_notation(mode: str, board: str, problem: str | None) -> None:
    assert board_problem(MODES[mode], board) == problem


def test_task_notation() -> None:
    assert task_problem(FIFTEEN, "B.B......") is None
    assert task_problem(FIFTEEN, "J.B......") == (
        "'J' cannot appear on a fifteen task (symbols: B R G, '.' for a cell that does not matter)"
    )
    assert task_problem(CHESS, "K.w......") == (
        "'K' cannot appear on a chess task (symbols: R N Q w b, '.' for a cell that does not "
        "matter)"
    )


# --- movement -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "board", "moves"),
    [
        # 15-puzzle: one cell up, down, left or right into an empty cell
        (
            "fifteen",
            "BRG.J.RGB",
            {"B a3-a2", "J b2-a2", "R a1-a2", "G c3-c2", "J b2-c2", "B c1-c2"},
        ),
        # rook a3 one step; queen b2 straight and diagonal; king one step; knights cannot
        ("chess", "R.NrQnqK.", {"R a3-b3", "Q b2-b3", "K b1-c1", "Q b2-c1"}),
        # the knight b3 jumps over c2 to c1; the black rook c3 may not pass the knight at c2
        ("chess", "RNrQ.nqK.", {"Q a2-b2", "K b1-b2", "q a1-b2", "K b1-c1", "N b3-c1"}),
        # a rook slides two cells over an empty one; the black knight a1 jumps to b3
        ("chess", "R..rKNnqQ", {"R a3-b3", "R a3-c3", "K b2-b3", "K b2-c3", "n a1-b3"}),
        # a queen goes two cells diagonally over the empty centre; the knight a2 jumps to c1
        (
            "chess",
            "QRrN.nqK.",
            {"R b3-b2", "K b1-b2", "Q a3-b2", "q a1-b2", "K b1-c1", "Q a3-c1", "N a2-c1"},
        ),
    ],
)
def test_moves_follow_the_brief(mode: str, board: str, moves: set[str]) -> None:
    boards = space(mode)
    found = set()
    for neighbour in boards.neighbours(boards.index(board)):
        after = boards.board(neighbour)
        origin = next(i for i in range(9) if board[i] != "." and after[i] == ".")
        target = next(i for i in range(9) if board[i] == "." and after[i] != ".")
        found.add(f"{board[origin]} {cell_name(origin)}-{cell_name(target)}")
    assert found == moves
    assert {boards.board(n) for n in boards.neighbours(boards.index(board))} == reference_moves(
        mode, board
    )


def test_every_move_can_be_undone() -> None:
    boards = space("chess")
    rng = random.Random(5)
    for index in rng.sample(range(len(boards)), 200):
        for neighbour in boards.neighbours(index):
            assert index in boards.neighbours(neighbour)


def test_the_state_spaces_have_the_briefs_sizes() -> None:
    assert len(space("chess")) == 181_440
    assert len(space("fifteen")) == 22_680
    assert int(space("chess").setup_boards().sum()) == 8 * 5040
    assert int(space("fifteen").setup_boards().sum()) == 8 * 630


# --- solving ------------------------------------------------------------------------------------


def test_the_issue_example() -> None:
    path = solve("fifteen", "BRG.J.RGB", "B.B......")
    assert path is not None
    assert len(path) == reference_fewest("fifteen", "BRG.J.RGB", "B.B......") == 4
    assert reference_shows("fifteen", path[-1].board, "B.B......")


def test_zero_moves_when_the_board_already_shows_the_task() -> None:
    assert solve("fifteen", "BRG.J.RGB", "..B...B..") == []  # right column, turned 90 degrees


@pytest.mark.parametrize("mode", ["fifteen", "chess"])
def test_solver_agrees_with_a_plain_forward_search(mode: str) -> None:
    rng = random.Random(2026)
    for _ in range(12):
        board = random_board(mode, rng)
        task = random_task(mode, rng, rng.choice((3, 4)))
        path = solve(mode, board, task)
        expected = reference_fewest(mode, board, task)
        assert (None if path is None else len(path)) == expected, (board, task)
        if path:
            before = board
            for move in path:  # every step is a legal move, and the last board shows the task
                assert move.board in reference_moves(mode, before)
                before = move.board
            assert reference_shows(mode, before, task)


def test_a_knight_in_the_centre_never_moves() -> None:
    # no L-move leaves or enters the centre of a 3x3 board
    assert solve("chess", "Rr.QNnqK.", "....Q....") is None
    assert reference_fewest("chess", "Rr.QNnqK.", "....Q....") is None
    assert stranded("chess", "....Q....") == 0  # from a setup board the centre is empty


def test_difficulty_covers_every_setup_board() -> None:
    task = "R...B...G"
    rated = difficulty("fifteen", task)
    assert rated.boards == 5040 and rated.unreachable == 0
    boards = space("fifteen")
    rng = random.Random(7)
    setups = [i for i in range(len(boards)) if boards.setup_boards()[i]]
    for index in rng.sample(setups, 15):
        fewest = reference_fewest("fifteen", boards.board(index), task)
        assert fewest is not None and fewest <= rated.maximum
    expected = sum(n * c for n, c in enumerate(rated.histogram)) / 5040
    assert rated.mean == pytest.approx(expected)
    assert rated.histogram[rated.maximum] > 0


def test_difficulty_histogram_matches_forward_search_on_a_sample() -> None:
    task = ".w..Q..N."
    boards = space("chess")
    distance = boards.distances(boards.matching(task))
    rng = random.Random(11)
    setups = [int(i) for i in boards.setup_boards().nonzero()[0]]
    for index in rng.sample(setups, 6):
        assert distance[index] == reference_fewest("chess", boards.board(index), task)


@pytest.mark.parametrize("mode", ["fifteen", "chess"])
def test_every_board_has_its_own_number(mode: str) -> None:
    boards = space(mode)
    every = list(range(len(boards))) if mode == "fifteen" else range(0, len(boards), 37)
    assert [boards.index(boards.board(i)) for i in every] == list(every)
    assert len({boards.board(i) for i in every}) == len(every)


@pytest.mark.parametrize("mode", ["fifteen", "chess"])
def test_a_boards_moves_are_the_briefs_in_step_order(mode: str) -> None:
    """Every move the brief allows and no other, listed in the order of the steps (origin
    cell, then target cell): the solver takes the first shortest move in that order."""
    boards = space(mode)
    order = {(step.origin, step.target): n for n, step in enumerate(steps())}
    for index in random.Random(9).sample(range(len(boards)), 300):
        board = boards.board(index)
        after = [boards.board(n) for n in boards.neighbours(index)]
        assert set(after) == reference_moves(mode, board)
        taken = [
            order[next(i for i in range(9) if board[i] != "." == moved[i]),
                  next(i for i in range(9) if board[i] == "." != moved[i])]
            for moved in after
        ]  # fmt: skip
        assert taken == sorted(taken)


def reference_difficulties(mode: str, tasks: list[str]) -> list[tuple[tuple[int, ...], int]]:
    """(histogram, unreachable) of each task the slow, obvious way: every board listed from the
    brief (the supply and two empty cells, every arrangement), one plain search backwards from
    the boards showing the task over the brief's moves (each can be undone), and the fewest
    moves counted over the setup boards (the centre empty)."""
    every = {"".join(cells) for cells in itertools.permutations(MODES[mode].supply + "..")}
    moves = {board: reference_moves(mode, board) for board in every}
    setups = [board for board in every if board[4] == "."]
    found = []
    for task in tasks:
        distance = {board: 0 for board in every if reference_shows(mode, board, task)}
        queue = deque(distance)
        while queue:
            here = queue.popleft()
            for there in moves[here]:
                if there not in distance:
                    distance[there] = distance[here] + 1
                    queue.append(there)
        reached = [distance[board] for board in setups if board in distance]
        histogram = [0] * (max(reached) + 1) if reached else []
        for fewest in reached:
            histogram[fewest] += 1
        found.append((tuple(histogram), len(setups) - len(reached)))
    return found


def test_the_answer_key_is_the_plain_searchs_on_the_fifteen_side() -> None:
    tasks = ["R...B...G", ".RR.GG...", "B.R...R.B", "BBB.R...."]
    rated = difficulties("fifteen", tasks)
    assert [(r.histogram, r.unreachable) for r in rated] == reference_difficulties("fifteen", tasks)


def test_the_answer_key_rates_each_side_as_its_own_search_does() -> None:
    """Every shipped task side of both modes and random ones, more than one call's 32
    searches at once, and sides no setup board can ever reach (a knight in the centre)."""
    game = shipped_game("three_by_three")
    cards = game.deck("tasks").cards
    rng = random.Random(4)
    for mode in MODES:
        tasks = [card.fields[mode] for card in cards]
        tasks += [random_task(mode, rng, rng.choice((3, 4, 5))) for _ in range(12)]
        tasks += ["w.w.N.w.w", "....N...."] if mode == "chess" else ["B.B.B...."]
        assert len(tasks) > 32
        assert difficulties(mode, tasks) == [difficulty(mode, task) for task in tasks], mode
    assert difficulties("chess", ["w.w.N.w.w"])[0].histogram == ()


def test_the_example_board_is_the_first_in_key_order_at_its_distance() -> None:
    """Key order: the token codes (empty 0, then the tokens in supply order) packed 3 bits a
    cell, the first cell lowest."""
    boards = space("fifteen")

    def key(board: str) -> int:
        return sum(".BRGJ".index(token) << (3 * cell) for cell, token in enumerate(board))

    for task in ["R...B...G", ".R.G.B...", "G.G.R...."]:
        distance = boards.distances(boards.matching(task))
        setups = {boards.board(i): int(distance[i]) for i in np.flatnonzero(boards.setup_boards())}
        wanted = min(EXAMPLE_MOVES, max(d for d in setups.values() if d != UNREACHED))
        assert example_board(task) == min((b for b, d in setups.items() if d == wanted), key=key)


# --- filling a task -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "task", "why"),
    [
        ("fifteen", "BBB.R....", None),  # two blue and the joker
        (
            "fifteen",
            "BBB.B....",
            "asks for 4 blue cells: the 3 tokens that fit them (blue, blue, tri-colour) "
            "cannot fill 4",
        ),
        (
            "fifteen",
            "BBBRRR...",
            "asks for 3 blue and 3 red cells: the 5 tokens that fit them (blue, blue, red, red, "
            "tri-colour) cannot fill 6",
        ),
        (
            "chess",
            "NNNN.....",
            "asks for 4 knight cells: the 3 tokens that fit them (white-knight, black-knight, "
            "king) cannot fill 4",
        ),
        (
            "chess",
            "wwwwb.bbb",
            "asks for 4 black piece and 4 white piece cells: the 7 tokens that fit them "
            "(white-rook, black-rook, white-knight, black-knight, white-queen, black-queen, king) "
            "cannot fill 8",
        ),
        ("chess", "wwww.R...", None),  # three white pieces and the king; the rook is black
    ],
)
def test_shortfall_names_the_cells_the_tokens_cannot_fill(mode: str, task: str, why: str) -> None:
    assert shortfall(MODES[mode], task) == why


def test_a_task_only_a_knight_in_the_centre_could_show_is_stranded() -> None:
    # four white pieces take the three white pieces and the king: the centre needs the black
    # knight, which can never get there from a setup board
    task = "w.w.N.w.w"
    assert shortfall(CHESS, task) is None
    assert stranded("chess", task) == 40320


# --- the referee: proofs and scores -------------------------------------------------------------


def moves(*texts: str) -> list:
    parsed = [parse_move(text) for text in texts]
    assert None not in parsed
    return parsed


def test_brief_bid_3_proved_in_2_with_the_task_turned_90_degrees() -> None:
    board, task = "BGJB.G.RR", ".G..G..BR"
    proof = prove(FIFTEEN, board, task, 3, moves("G b3-b2", "R b1-a1"))
    assert proof.proved and proof.moves == 2 and proof.quarter_turns == 1
    assert reference_shows("fifteen", "B.JBGGR.R", task)  # the board the two moves leave


@pytest.mark.parametrize(
    ("mode", "board", "played", "error"),
    [
        (
            "fifteen",
            "BRG.J.RGB",
            ["b3-c2"],
            "move 1 (R b3-c2) is not legal: a token moves one cell up, down, left or right",
        ),
        ("fifteen", "BRG.J.RGB", ["a2-a1"], "move 1 (. a2-a1) is not legal: a2 is empty"),
        (
            "fifteen",
            "BRG.J.RGB",
            ["G b2-a2"],
            "move 1 (J b2-a2) is not legal: b2 holds J, not G",
        ),
        (
            "fifteen",
            "BRG.J.RGB",
            ["a3-a2", "a2-b3"],
            "move 2 (B a2-b3) is not legal: b3 is not empty (R is there)",
        ),
        (
            "fifteen",
            "B.G.JRRGB",
            ["c3-a2"],
            "move 1 (G c3-a2) is not legal: a token moves one cell up, down, left or right",
        ),
        (
            "chess",
            "RQN..rqnK",
            ["N c3-b2"],
            "move 1 (N c3-b2) is not legal: a knight moves two cells one way and one the other "
            "(an L)",
        ),
        (
            "chess",
            "RN..QrqnK",
            ["R a3-c3"],
            "move 1 (R a3-c3) is not legal: b3 is in the way: only a knight jumps",
        ),
    ],
)
def test_an_illegal_move_breaks_the_proof(mode: str, board: str, played, error: str) -> None:
    task = "B........" if mode == "fifteen" else "R........"
    proof = prove(MODES[mode], board, task, 9, moves(*played))
    assert not proof.proved
    assert proof.error == error


def test_more_moves_than_the_bid_or_the_task_not_shown() -> None:
    proof = prove(
        FIFTEEN, "BRG.J.RGB", "B.B......", 3, moves("J b2-a2", "G b1-b2", "R a1-b1", "a2-a1")
    )
    assert proof.error == "4 moves is more than the bid of 3"
    proof = prove(FIFTEEN, "BRG.J.RGB", "B.B......", 3, moves("J b2-a2"))
    assert proof.error == "the board does not show the task, turned any way"


def test_brief_scoring_example() -> None:
    egor = Tally((1, 2, 1), 2)
    assert egor.score == 4 - 2 == 2


def test_ties_go_to_fewer_penalty_cards_then_are_shared() -> None:
    assert winners({"a": Tally((2,), 0), "b": Tally((2, 1), 1)}) == ["a"]
    assert winners({"a": Tally((2,), 0), "b": Tally((1, 1), 0)}) == ["a", "b"]
    assert winners({"a": Tally((1,), 0), "b": Tally((2, 2), 1)}) == ["b"]
