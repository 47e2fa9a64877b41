"""Gear & Piston's board (issue 31): the numbers the rulebook leaves to the board, decided in
``card_data/gear_and_piston/board.yaml`` and held by the engine to the rules (spaces for every
disc, a Workshop space's actions, face-up slots, tracks that reach every score), each mistake
reported at its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.gear_and_piston import board
from generator.geometry.sizes import PAPERS
from generator.load.yaml_reader import load_yaml
from generator.model import Game
from generator.options import Options
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from generator.problems import ProblemLog
from tests.conftest import SESSION_CACHE, DataCopy, shipped_game
from tests.pdf import drawn_sizes, fills_by_page, page_count, read

SHIPPED = DEFAULT_DATA_DIR / "gear_and_piston" / "board.yaml"
FILE = "gear_and_piston/board.yaml"
TILE = 60
"""mm: a part tile, which a face-up slot holds."""


@pytest.fixture(scope="module")
def game() -> Game:
    return shipped_game("gear_and_piston")


def checked(text: str, game: Game, tmp_path: Path) -> list[str]:
    """The problems of a board file holding ``text``, as printed."""
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    log = ProblemLog(FILE)
    data = load_yaml(path, log)
    assert log.problems == []
    return [str(p) for p in board.problems(data, FILE, game.players, board.reach_of(game))]


def shipped_with(old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new)


def line_of(text: str, part: str) -> int:
    return text[: text.index(part)].count("\n") + 1


def test_the_shipped_board_keeps_the_rules(game: Game, tmp_path: Path) -> None:
    assert game.players == (3, 5)
    assert checked(SHIPPED.read_text(encoding="utf-8"), game, tmp_path) == []


def test_the_reach_of_the_shipped_game(game: Game) -> None:
    """7 rounds (42 new parts, 6 a round), 7 x 5 built + 6 scrap = 41 parts: the 14 parts of
    unreliability 2 and 27 of 1, the two +4 investors at best and the two -3 at worst."""
    assert board.reach_of(game) == board.Reach(7, 41, 55, 49, -60)


def test_a_workshop_space_without_its_actions(game: Game, tmp_path: Path) -> None:
    text = shipped_with("actions: [3, 3, 2, 2, 2, 1]", "actions: [3, 3, 2, 2, 2]")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'actions: [3')}: locations.workshop.actions: 6 spaces but 5 "
        "actions: one number of actions a space"
    ]


def test_too_few_spaces_for_the_discs(game: Game, tmp_path: Path) -> None:
    text = shipped_with("spaces: [3, 3, 3, 3, 4, 5]", "spaces: [3, 3, 3, 4, 5]")
    text = text.replace("actions: [3, 3, 2, 2, 2, 1]", "actions: [3, 3, 2, 2, 1]")
    line = line_of(text, "locations:")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line}: locations: {players} players have {players * 4 - 1} spaces for their "
        f"{players * 4} action discs (4 each)"
        for players in (3, 4, 5)
    ]


def test_a_space_for_more_players_comes_after_those_for_fewer(game: Game, tmp_path: Path) -> None:
    text = shipped_with("spaces: [3, 3, 4, 5]", "spaces: [3, 4, 3, 5]")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'spaces: [3, 4')}: locations.dark-alley.spaces: the spaces every "
        "player count uses come first: a space's count never falls"
    ]


def test_a_space_for_a_player_count_the_game_lacks(game: Game, tmp_path: Path) -> None:
    text = shipped_with("spaces: [3, 3, 4, 5]", "spaces: [3, 3, 4, 6]")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'spaces: [3, 3, 4, 6]')}: locations.dark-alley.spaces: every "
        "space is for 3 to 5 players"
    ]


def test_face_up_slots_match_the_refill(game: Game, tmp_path: Path) -> None:
    text = shipped_with("face_up: 6", "face_up: 5")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'face_up: 5')}: locations.patent-office.face_up: the rules "
        "refill this location to 6 face-up parts"
    ]


def test_the_locations_in_their_order(game: Game, tmp_path: Path) -> None:
    alley = "  dark-alley:\n    spaces: [3, 3, 4, 5]\n"
    text = shipped_with(alley, "").replace("  workshop:\n", alley + "  workshop:\n")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'locations:')}: locations: the locations, in the order they act, "
        "are dark-alley, patent-office, junk-yard, workshop"
    ]


def test_a_track_short_of_the_highest_score(game: Game, tmp_path: Path) -> None:
    text = shipped_with("points: {lowest: -60, highest: 49}", "points: {lowest: -60, highest: 40}")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'points: {')}: tracks.points: runs -60 to 40; it must cover -60 "
        "to 49 (a game lasts at most 7 rounds, so a car holds at most 41 parts)"
    ]


def test_a_misspelt_key(game: Game, tmp_path: Path) -> None:
    text = shipped_with("face_up: 3", "faceup: 3")
    assert checked(text, game, tmp_path) == [
        f"{FILE}:{line_of(text, 'faceup')}: locations.junk-yard.faceup: unknown key (did you "
        "mean 'face_up'?)",
        f"{FILE}:{line_of(text, '  junk-yard:') + 1}: locations.junk-yard.face_up: missing",
    ]


def test_the_engine_checks_the_board_handouts_data(data: DataCopy) -> None:
    """The board's file reaches the engine through the handout's ``data:``: a mistake in it
    stops the check like a mistake in a card, at its line."""
    data.edit(FILE, "actions: [3, 3, 2, 2, 2, 1]", "actions: [3, 3, 2, 2, 2, 4]")
    line = data.line_of(FILE, "actions: [3")
    assert data.problems("gear_and_piston") == [
        f"{FILE}:{line}: locations.workshop.actions: a later space never gives more actions "
        "than an earlier one"
    ]


def test_a_board_without_its_data_file_is_refused(data: DataCopy) -> None:
    game_file = "gear_and_piston/game.yaml"
    data.edit(game_file, "    data: board.yaml", "")
    line = data.line_of(game_file, "  board:")
    assert data.problems("gear_and_piston") == [
        f"{game_file}:{line}: handouts.board: the board draws its numbers from a data file: "
        "data: board.yaml"
    ]


# --- the printed board -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game built on A3 in every language, and in English on A4 and Letter (a build checks
    every language's board on its paper before it writes any: a board that does not fit stops
    it)."""
    out = tmp_path_factory.mktemp("boards")
    for paper in PIECES:
        langs = () if paper == "a3" else ("en",)
        options = Options(paper=PAPERS[paper])
        build(
            BuildRequest(DEFAULT_DATA_DIR, out, ("gear_and_piston",), langs, options, SESSION_CACHE)
        )
    return out / "gear_and_piston"


def slots(pdf: bytes) -> list[list[tuple[float, float]]]:
    """Page by page, the width and height (mm) of every filled square about a tile's size: the
    face-up slots, drawn on every piece that shows any of the board (clipped to the piece)."""
    return [
        [
            (round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2))
            for path in page
            for corners in path
            if (xs := [x for x, _ in corners])
            and (ys := [y for _, y in corners])
            and TILE - 2 <= max(xs) - min(xs) <= TILE + 4
            and abs((max(xs) - min(xs)) - (max(ys) - min(ys))) < 0.01
        ]
        for page in fills_by_page(pdf)
    ]


PIECES = {"a3": 1, "a4": 3, "letter": 4}
"""The board's pages on each paper: whole on A3, in pieces that join on the others."""


@pytest.mark.parametrize("paper", sorted(PIECES))
def test_the_board_prints_at_full_size_on_every_paper(game: Game, boards: Path, paper: str) -> None:
    """The board, whole or in pieces, is drawn at 400 x 277 mm, so each face-up slot holds a
    60 mm tile (each piece draws the whole board, clipped)."""
    face_up = sum(board.FACE_UP.values())
    for lang in game.locales if paper == "a3" else ("en",):
        pdf = read(boards / lang / f"board-{paper}.pdf")
        assert page_count(pdf) == PIECES[paper], lang
        assert drawn_sizes(pdf)[0][0] == pytest.approx((400, 277), abs=0.01), lang
        for found in slots(pdf):
            assert len(found) == face_up and min(found) >= (TILE, TILE), (lang, paper)
