"""Deterministic output: the same build twice gives byte-identical files, for every shipped game
and the fixture game (each in the language its print tests read)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.catalog import discover_games
from tests.conftest import Built, build_once

PRINTED = {
    "tiny": "uk",
    "game_of_trains": "en",
    "gears": "en",
    "three_by_three": "uk",
    "break_the_code": "ru",
    "gear_and_piston": "ru",
}


@pytest.mark.parametrize(("game", "lang"), PRINTED.items())
def test_the_same_build_twice_is_byte_identical(
    game: str, lang: str, built: Built, tmp_path: Path
) -> None:
    first = built(game, lang)
    build_once(tmp_path, game, lang)
    again = tmp_path / game / lang
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    assert "cards-a4.pdf" in names and "rules-summary.pdf" in names
    for name in names:
        assert (again / name).read_bytes() == (first / name).read_bytes(), name


def test_every_game_is_rebuilt() -> None:
    assert set(PRINTED) == {*discover_games(DEFAULT_DATA_DIR), "tiny"}
