"""The ``pnp`` command's contract: outputs, exit codes 0 / 1 / 2, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from generator.cli import COMMANDS
from generator.games.shipped import SHIPPED
from tests.conftest import DataCopy


def test_validate_ok(pnp) -> None:
    result = pnp("validate")
    assert result.code == 0
    assert result.out == (
        "break_the_code: ok (20 tiles, 21 questions; locales de, en, ru, uk)\n"
        "game_of_trains: ok (84 wagons, 4 locomotives; locales de, en, ru, uk)\n"
        "gear_and_piston: ok (42 new, 42 old, 20 scrap, 14 investors, 12 ends, 1 first-player; "
        "locales de, en, ru, uk)\n"
        "gears: ok (24 gears, 10 rounds, 16 codes, 4 characters, 1 token, 4 aids; locales de, "
        "en, ru, uk)\n"
        "three_by_three: ok (28 tasks, 7 tokens, 1 board; locales de, en, ru, uk)\n"
    )


def test_list(pnp) -> None:
    result = pnp("list")
    assert result.code == 0
    assert result.out == (
        "break_the_code (2-4 players)\n"
        "  tiles: 20 cards, 22 x 32 mm\n"
        "  questions: 21 cards, 63 x 88 mm\n"
        "  locales: de (Deutsch), en (English), ru (Русский), uk (Українська)\n"
        "game_of_trains (2-4 players)\n"
        "  wagons: 84 cards, 63 x 88 mm\n"
        "  locomotives: 4 cards, 63 x 88 mm\n"
        "  locales: de (Deutsch), en (English), ru (Русский), uk (Українська)\n"
        "gear_and_piston (3-5 players)\n"
        "  new: 42 cards, 60 x 60 mm\n"
        "  old: 42 cards, 60 x 60 mm\n"
        "  scrap: 20 cards, 60 x 60 mm\n"
        "  investors: 14 cards, 60 x 60 mm\n"
        "  ends: 12 cards, 60 x 60 mm, two-sided\n"
        "  first-player: 1 card, 60 x 60 mm\n"
        "  locales: de (Deutsch), en (English), ru (Русский), uk (Українська)\n"
        "gears (2-4 players)\n"
        "  gears: 24 cards, 63 x 63 mm\n"
        "  rounds: 10 cards, 63 x 63 mm, two-sided\n"
        "  codes: 16 cards, 63 x 88 mm\n"
        "  characters: 4 cards, 63 x 88 mm, two-sided\n"
        "  token: 1 card, 63 x 63 mm\n"
        "  aids: 4 cards, 63 x 88 mm, two-sided\n"
        "  locales: de (Deutsch), en (English), ru (Русский), uk (Українська)\n"
        "three_by_three (1-6 players)\n"
        "  tasks: 28 cards, 63 x 63 mm, two-sided\n"
        "  tokens: 7 cards, 25 x 25 mm, two-sided\n"
        "  board: 1 card, 84 x 84 mm\n"
        "  locales: de (Deutsch), en (English), ru (Русский), uk (Українська)\n"
    )


def test_list_refuses_a_game_it_cannot_check_with_every_problem(data: DataCopy, pnp) -> None:
    """A listing counts valid decks only: a broken deck and a game described wrongly (no engine
    of its own, and no decks described in its game.yaml) both fail it."""
    data.edit("game_of_trains/decks/wagons.yaml", "{number: 3, ability", "{numbr: 3, ability")
    (data.root / "mygame").mkdir()
    (data.root / "mygame" / "game.yaml").write_text("id: mygame\n", encoding="utf-8")
    result = pnp("list", "--data", data.root)
    assert (result.code, result.out) == (1, "")
    assert result.err.splitlines()[:4] == [
        "game_of_trains/decks/wagons.yaml:8: wagons[2].number: missing",
        "game_of_trains/decks/wagons.yaml:8: wagons[2].numbr: unknown key (did you mean 'number'?)",
        "mygame/game.yaml:1: decks: missing",
        "mygame/game.yaml:1: id: unknown key (known keys: players, decks, handouts, rules)",
    ]


def test_validate_reports_every_problem_and_exits_1(data: DataCopy, pnp) -> None:
    data.edit("game_of_trains/decks/wagons.yaml", "{number: 3, ability", "{numbr: 3, ability")
    data.edit("game_of_trains/locales/ru.yaml", "  name: Локомотив\n", "")
    result = pnp("validate", "--data", data.root)
    ru_line = data.line_of("game_of_trains/locales/ru.yaml", "locomotive:")
    en_line = data.line_of("game_of_trains/locales/en.yaml", "name: Locomotive")
    assert result.code == 1
    assert result.out == ""
    assert result.err.splitlines() == [
        "game_of_trains/decks/wagons.yaml:8: wagons[2].number: missing",
        "game_of_trains/decks/wagons.yaml:8: wagons[2].numbr: unknown key (did you mean 'number'?)",
        f"game_of_trains/locales/ru.yaml:{ru_line}: locomotive.name: missing translation "
        f"(en.yaml:{en_line} has it)",
        "3 problems found.",
    ]


def test_unknown_game_is_a_usage_error(pnp) -> None:
    result = pnp("build", "monopoly")
    assert result.code == 2
    assert result.err.endswith(
        "error: unknown game 'monopoly' "
        "(the card data has: break_the_code, game_of_trains, gear_and_piston, gears, "
        "three_by_three)\n"
    )


def test_unknown_locale_is_a_usage_error(pnp, tmp_path: Path) -> None:
    result = pnp("build", "--lang", "fr", "--out", tmp_path)
    assert result.code == 2
    assert "break_the_code has no locale fr (it ships: de, en, ru, uk)" in result.err
    assert not (tmp_path / "game_of_trains").exists()


def test_bad_option_is_a_usage_error(pnp) -> None:
    assert pnp("build", "--paper", "a5").code == 2
    assert pnp("frobnicate").code == 2


def test_missing_data_folder(pnp, tmp_path: Path) -> None:
    result = pnp("validate", "--data", tmp_path / "nowhere")
    assert result.code == 2
    assert "no such folder" in result.err


def test_build_summary(pnp, tmp_path: Path) -> None:
    result = pnp("build", "game_of_trains", "--lang", "uk", "--out", tmp_path)
    assert result.code == 0
    lines = result.out.splitlines()
    # 84 wagons and 4 locomotives, 9 to a sheet: 10 sheets, not 10 + 1 with a deck on each
    assert lines[0] == (
        f"{tmp_path}/game_of_trains/uk/cards-a4.pdf: 20 pages, 88 cards "
        "(2 pages saved by sharing sheets)"
    )
    summary = tmp_path / "game_of_trains" / "uk" / "rules-summary-a4.pdf"
    pages = len(pypdf.PdfReader(summary).pages)
    assert lines[1] == f"{summary}: {pages} page" + ("s" if pages > 1 else "")
    assert lines[2].startswith(f"wrote 2 files: {20 + pages} pages, 88 cards in ")
    assert lines[2].endswith(" s; sharing sheets saved 2 pages")
    # without a terminal, progress is plain lines (a log shows the build is alive), no escapes
    assert result.err == ""
    assert sorted(result.log.splitlines()) == [
        "done: game_of_trains uk card sheets",
        "done: game_of_trains uk rules summary",
    ]


def test_no_traceback_from_the_real_command(data: DataCopy) -> None:
    data.edit(
        "game_of_trains/decks/wagons.yaml",
        "{number: 8, ability: protect}",
        "{number: 8, ability: [protect}",
    )
    done = subprocess.run(
        [sys.executable, "-m", "generator", "validate", "--data", str(data.root)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr == (
        "game_of_trains/decks/wagons.yaml:13: YAML syntax error: expected ',' or ']', but got '}'\n"
        "1 problem found.\n"
    )


def test_rules_usage_error(pnp) -> None:
    result = pnp("rules", "game_of_trains", "apply", "fly", "--train", "1 2 3 4 5 6 7")
    assert result.code == 2
    assert "invalid choice: 'fly'" in result.err


def test_list_names_a_game_folder_without_a_game_file_as_a_usage_mistake(
    data: DataCopy, pnp
) -> None:
    (data.root / "gears" / "game.yaml").unlink()
    (data.root / "gears" / "game.yaml").mkdir()
    result = pnp("list", "--data", data.root)
    assert (result.code, result.err) == (
        2,
        f"pnp: error: --data {data.root}: no gears/game.yaml there\n",
    )


def test_pnp_alone_lists_its_commands(pnp) -> None:
    result = pnp()
    assert result.code == 2
    assert result.err.startswith("usage: pnp ")
    for command in ("build", "validate", "export", "proof", "serve", "i18n", "rules"):
        assert re.search(rf"^    {command} ", result.err, re.MULTILINE), command


def test_a_misspelt_command_or_choice_gets_a_suggestion(pnp) -> None:
    result = pnp("biuld")
    assert result.code == 2
    assert result.err.splitlines()[-1].endswith("'rules') (did you mean 'build'?)")
    result = pnp("build", "--duplex", "lng")
    assert result.code == 2
    assert result.err.splitlines()[-1] == (
        "pnp build: error: argument --duplex/--flip: invalid choice: 'lng' "
        "(choose from 'long', 'short', 'none') (did you mean 'long'?)"
    )
    result = pnp("build", "--paper", "b5")  # nothing close enough: no guess
    assert result.err.splitlines()[-1].endswith("(choose from 'a3', 'a4', 'letter')")


DRAWING_AND_SOLVING = ("cairosvg", "cairocffi", "reportlab", "jinja2", "pikepdf", "PIL", "numpy")
"""Libraries the drawing stack and the solvers import, together most of a second of start-up."""


def imported_by(argv: list[str]) -> set[str]:
    """The modules a fresh process holds after ``pnp`` ran ``argv`` in it."""
    code = (
        "import sys\n"
        "from generator.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.splitlines()[-1].split())


def libraries(modules: set[str]) -> set[str]:
    return {module.partition(".")[0] for module in modules}


@pytest.mark.parametrize("argv", [["--version"], ["--help"], []])
def test_version_and_help_import_no_game_engine(argv: list[str]) -> None:
    """Answering them is instant: the engines are imported by the commands that use them, and
    a command's module when it runs (``--help`` lists them by their one-line help)."""
    imported = imported_by(argv)
    games = {m for m in imported if m.startswith("generator.games.")}
    assert sorted(games - {"generator.games.shipped"}) == []  # the games' names: no engine
    assert not imported & {command.module_name for command in COMMANDS}
    assert not libraries(imported) & {*DRAWING_AND_SOLVING, "yaml"}


@pytest.mark.parametrize(
    ("argv", "answered_by"),
    [
        (["rules", "gears", "round", "highest-even", "red:4", "blue:2"], "gears.resolution"),
        (["rules", "three_by_three", "solve", "--help"], "three_by_three.notation"),
    ],
)
def test_a_rules_query_imports_its_games_rules_alone(argv: list[str], answered_by: str) -> None:
    """A query is described by its game's rules alone, and one that reads no card data is
    answered without the engine (which brings the rules summary and the drawing stack), the
    other games or the solvers another query needs."""
    imported = imported_by(argv)
    assert f"generator.games.{answered_by}" in imported
    others = [game.module for game in SHIPPED if game.game != argv[1]]
    packages = ("generator.render", "generator.rulebook", "generator.pipeline", *others)
    apart = tuple(f"{package}." for package in packages)
    assert not [
        module
        for module in imported
        if module.endswith((".engine", ".summary")) or f"{module}.".startswith(apart)
    ]
    assert not libraries(imported) & set(DRAWING_AND_SOLVING)


@pytest.mark.parametrize(
    ("argv", "solving"),
    [
        (["rules", "break_the_code", "ask", "sum", "--hand", "5g 7w 2b 4b 4w"], {"numpy"}),
        (["rules", "gear_and_piston", "car", "runabout"], set()),
        (["rules", "gears", "simulate", "--games", "1"], set()),
        (["rules", "three_by_three", "difficulty", "task-07"], {"numpy"}),
    ],
)
def test_a_query_that_reads_card_data_draws_nothing(argv: list[str], solving: set[str]) -> None:
    """A query that reads card data loads the game through its engine, and with it the rules
    summary's sections, but not the drawing stack that renders them (Game of Trains has no such
    query); numpy only where the game's rules compute with it (Break the Code's questions,
    3x3's solver)."""
    imported = imported_by(argv)
    assert f"generator.games.{argv[1]}.engine" in imported
    assert f"generator.games.{argv[1]}.summary" in imported
    assert libraries(imported) & set(DRAWING_AND_SOLVING) == solving
