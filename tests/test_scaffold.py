"""``pnp new expansion``: the example expansion of every game builds and validates as written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.authoring.scaffold import scaffolded_games
from generator.load.modeline import MODELINE
from tests.conftest import Result

Run = Callable[..., Result]
GAMES = ("break_the_code", "game_of_trains", "gear_and_piston", "gears", "three_by_three")


def test_every_game_has_an_example_expansion() -> None:
    assert scaffolded_games() == list(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_new_expansion_validates_out_of_the_box(pnp: Run, tmp_path: Path, game: str) -> None:
    made = pnp("new", "expansion", "my-cards", "--game", game, "--dir", tmp_path)
    folder = tmp_path / "my-cards"
    assert (made.code, made.err) == (0, "")
    assert made.out.splitlines()[0] == f"wrote {folder}/ (see its README.md); try:"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert readme.startswith(f"# my-cards: an expansion of {game}\n")
    assert "pnp build --with my-cards --only-expansion" in readme
    checked = pnp("validate", "--with", folder, "--paper", "a4")
    assert (checked.code, checked.err) == (0, "")
    assert checked.out.startswith(f"{game}+my-cards: ok (")


def test_a_new_expansion_prints_its_own_cards(pnp: Run, tmp_path: Path) -> None:
    assert pnp("new", "expansion", "spares", "--game", "gears", "--dir", tmp_path).code == 0
    out = tmp_path / "out"
    built = pnp(
        "build", "--with", tmp_path / "spares", "--only-expansion", "--lang", "uk", "--out", out
    )
    assert (built.code, built.err) == (0, "")
    sheets = out / "spares" / "uk" / "cards-a4.pdf"
    assert re.search(rf"^{re.escape(str(sheets))}: \d+ pages?, 7 cards", built.out, re.M)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["../up", "--game", "gears"], "expansion name: '../up' cannot be a file name: "),
        (["x", "--game", "chess"], "--game chess: no such game (games: " + ", ".join(GAMES) + ")"),
        (["x", "--game", "gears", "--dir", "@file"], "--dir @file: not a folder"),
    ],
)
def test_usage_mistakes(pnp: Run, tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    given = [a.replace("@file", str(tmp_path / "file")) for a in args]
    result = (
        pnp("new", "expansion", *given, "--dir", tmp_path)
        if "--dir" not in given
        else pnp("new", "expansion", *given)
    )
    assert result.code == 2
    assert result.err.startswith(f"pnp: error: {message.replace('@file', str(tmp_path / 'file'))}")


def test_an_existing_folder_is_never_overwritten(pnp: Run, tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me", encoding="utf-8")
    result = pnp("new", "expansion", "mine", "--game", "gears", "--dir", tmp_path)
    assert (result.code, result.err) == (
        2,
        f"pnp: error: {tmp_path / 'mine'} already exists: choose another name or --dir\n",
    )
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["mine"]  # no scratch folder left behind


@pytest.mark.parametrize("game", GAMES)
def test_every_file_of_a_new_expansion_names_a_schema_it_passes(
    pnp: Run, tmp_path: Path, game: str
) -> None:
    assert pnp("new", "expansion", "mine", "--game", game, "--dir", tmp_path).code == 0
    folder = tmp_path / "mine"
    files = sorted(folder.rglob("*.yaml"))
    assert "expansion.yaml" in [path.name for path in files]
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]  # where an editor reads it
        assert first.startswith(MODELINE), path
        schema_file = (path.parent / first.removeprefix(MODELINE)).resolve()
        assert schema_file.is_relative_to(folder / "schemas")
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        jsonschema.Draft7Validator(schema).validate(data)
        broken = {**data, "box": ["not", "a", "text"]}  # an unknown key, or not a text
        assert list(jsonschema.Draft7Validator(schema).iter_errors(broken)), path


def test_a_new_expansion_goes_into_a_folder_made_for_it(pnp: Run, tmp_path: Path) -> None:
    """``--dir`` names where the designer wants the project: made if it is not there yet."""
    result = pnp("new", "expansion", "x", "--game", "gears", "--dir", tmp_path / "work" / "new")
    assert result.code == 0, result.err
    assert (tmp_path / "work" / "new" / "x" / "expansion.yaml").is_file()


def test_list_shows_a_game_with_its_expansion(pnp: Run, tmp_path: Path) -> None:
    """``pnp list --with`` counts the merged game's cards: the example adds to a deck."""
    assert pnp("new", "expansion", "x", "--game", "gears", "--dir", tmp_path).code == 0
    plain, merged = pnp("list"), pnp("list", "--with", tmp_path / "x")
    assert (plain.code, merged.code) == (0, 0), merged.err
    assert "\ngears+x (2-4 players)\n" in merged.out
    assert "\ngears (2-4 players)\n" not in merged.out

    def gears(out: str) -> list[str]:
        lines = out.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("gears"))
        return lines[start + 1 : start + 7]

    assert gears(plain.out) != gears(merged.out)  # a deck of Gears has the expansion's cards
