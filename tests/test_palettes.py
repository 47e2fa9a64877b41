"""Palettes: a game's colours named once in ``palette.yaml``, laid over by expansions, chosen by
``--palette``; every mistake at its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.games.registry import find_engine
from generator.load.expansions import Expansion
from generator.load.palettes import load_palettes
from generator.pipeline.front import checked_game
from generator.problems import Problem, ProblemLog
from generator.render.faces import render_faces
from generator.runtime.folders import discover_games

GOOD = """\
standard:
  ground: "#1F2A44"
  ink: "#1d1d1d"
ink-saver:
  ground: "#eef1f7"
  ink: "#1d1d1d"
"""


def _load(tmp_path: Path, text: str, *expansions: tuple[str, str]) -> tuple[dict, list[Problem]]:
    (tmp_path / "data" / "game").mkdir(parents=True)
    (tmp_path / "data" / "game" / "palette.yaml").write_text(text)
    laid = []
    for name, own in expansions:
        (tmp_path / name).mkdir()
        (tmp_path / name / "palette.yaml").write_text(own)
        laid.append(Expansion(tmp_path / name, "game"))
    problems: list[Problem] = []
    palettes = load_palettes(tmp_path / "data", "game", tuple(laid), ProblemLog("x", problems))
    return palettes, problems


def test_a_palette_file_is_read_with_its_colours_in_lower_case(tmp_path: Path) -> None:
    palettes, problems = _load(tmp_path, GOOD)
    assert problems == []
    assert palettes == {
        "standard": {"ground": "#1f2a44", "ink": "#1d1d1d"},
        "ink-saver": {"ground": "#eef1f7", "ink": "#1d1d1d"},
    }


def test_every_mistake_of_a_palette_file_is_at_its_line(tmp_path: Path) -> None:
    text = GOOD.replace('  ink: "#1d1d1d"\n', "", 1)  # the standard palette loses ink
    text += 'Bright:\n  ground: "#ffffff"\ndark:\n  ground: black\n  Ink2: "#000000"\n'
    _, problems = _load(tmp_path, text)
    assert [str(problem) for problem in problems] == [
        "game/palette.yaml:6: Bright: a palette's name is lower-case words joined by -",
        "game/palette.yaml:9: dark.ground: expected a colour like \"#1f2a44\", got 'black'",
        "game/palette.yaml:10: dark.Ink2: a colour's name is lower-case letters, digits and _",
        "game/palette.yaml:5: ink-saver.ink: not in the standard palette",
    ]


def test_an_expansion_changes_a_colour_and_adds_a_palette(tmp_path: Path) -> None:
    own = 'standard:\n  ground: "#000000"\nnight:\n  ground: "#101010"\n'
    palettes, problems = _load(tmp_path, GOOD, ("dark-side", own))
    assert palettes["standard"] == {"ground": "#000000", "ink": "#1d1d1d"}
    assert palettes["ink-saver"]["ground"] == "#eef1f7"
    assert [str(problem) for problem in problems] == [
        "dark-side/palette.yaml:3: night: lacks 'ink', which the standard palette names"
    ]


def test_a_colour_an_expansion_adds_to_one_palette_is_told_at_its_line(tmp_path: Path) -> None:
    own = 'standard:\n  glow: "#ffee00"\n'
    _, problems = _load(tmp_path, GOOD, ("glowing", own))
    assert [str(problem) for problem in problems] == [
        "glowing/palette.yaml:2: standard.glow: the ink-saver palette lacks it"
    ]


def test_a_palette_the_game_lacks_is_a_usage_error(pnp, tmp_path: Path) -> None:
    result = pnp("build", "three_by_three", "--palette", "neon", "--out", tmp_path)
    assert result.code == 2
    assert result.err == (
        "pnp: error: --palette neon: three_by_three has no such palette "
        "(it has: standard, ink-saver)\n"
    )
    assert not any(tmp_path.iterdir())


def test_a_palette_name_that_cannot_name_a_file_is_refused(pnp, tmp_path: Path) -> None:
    result = pnp("build", "--palette", "../ink", "--out", tmp_path)
    assert result.code == 2
    assert "argument --palette: '../ink': a palette's name is lower-case words joined by -" in (
        result.err
    )


HEX = re.compile(r"(?<![\w&])#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?(?![\w-])")
"""A colour written as a hex value (``#1f2a44``, ``#fff``), not a fragment (``href="#id"``)."""


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES_DIR.glob("*/*.j2")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_no_template_writes_a_colour(template: Path) -> None:
    """A template prints colours by their palette names: a hex value would print the same in
    every palette."""
    lines = template.read_text(encoding="utf-8").splitlines()
    written = [
        f"{number}: {line.strip()}"
        for number, line in enumerate(lines, 1)
        for found in HEX.finditer(line)
        if not re.search(r"(url\(|href=[\"'])$", line[: found.start()])
    ]
    assert written == []


@pytest.mark.parametrize("game", sorted(discover_games(DEFAULT_DATA_DIR)))
def test_every_shipped_game_has_both_palettes(game: str) -> None:
    problems: list[Problem] = []
    palettes = load_palettes(DEFAULT_DATA_DIR, game, (), ProblemLog(game, problems))
    assert problems == []
    assert list(palettes) == ["standard", "ink-saver"]
    assert palettes["standard"], "a game prints in some colours"


def test_an_expansion_s_colour_reaches_the_faces_of_both_palettes(tmp_path: Path) -> None:
    """An expansion changes one colour of the standard palette and one of the ink-saver: each
    face printed in that palette carries the expansion's colour, and no other."""
    (tmp_path / "redder").mkdir()
    (tmp_path / "redder" / "expansion.yaml").write_text("game: three_by_three\n")
    (tmp_path / "redder" / "palette.yaml").write_text(
        'standard:\n  token_red: "#FF0001"\nink-saver:\n  token_red: "#FF0002"\n'
    )
    engine = find_engine("three_by_three")
    assert engine is not None
    laid = (Expansion(tmp_path / "redder", "three_by_three"),)
    game = checked_game(DEFAULT_DATA_DIR, engine, laid)
    for palette, mine, other in (
        ("standard", "#ff0001", "#ff0002"),
        ("ink-saver", "#ff0002", "#ff0001"),
    ):
        faces, problems = render_faces(game.in_palette(palette), "en", ("tokens",))
        assert problems == []
        svgs = list(faces.svgs.values())
        assert any(mine in svg for svg in svgs), palette
        assert not any(other in svg for svg in svgs), palette


def test_a_proof_and_an_export_in_a_palette_are_named_after_it(pnp, tmp_path: Path) -> None:
    result = pnp(
        "proof", "three_by_three", "--lang", "en", "--palette", "ink-saver", "--out", tmp_path
    )
    assert result.code == 0, result.err
    assert (tmp_path / "three_by_three" / "en" / "proof-a4-ink-saver.pdf").is_file()
    result = pnp(
        "export", "tts", "three_by_three", "--lang", "en", "--palette", "ink-saver",
        "--out", tmp_path / "export",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert [p.name for p in (tmp_path / "export").iterdir()] == ["tts-ink-saver"]
