"""Deterministic output: the same build twice gives byte-identical files, for every shipped game
and the fixture game (each in the language its print tests read)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.runtime.folders import discover_games
from tests.conftest import PRINTED, Built, build_once


@pytest.mark.parametrize(("game", "lang"), PRINTED.items())
def test_the_same_build_twice_is_byte_identical(
    game: str, lang: str, built: Built, tmp_path: Path
) -> None:
    first = built(game, lang)
    build_once(tmp_path, game, lang, cache=None)  # drawn again: the session's cache has it all
    again = tmp_path / game / lang
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in again.iterdir())
    assert "cards-a4.pdf" in names and "rules-summary-a4.pdf" in names
    for name in names:
        assert (again / name).read_bytes() == (first / name).read_bytes(), name


def test_every_game_is_rebuilt() -> None:
    assert set(PRINTED) == {*discover_games(DEFAULT_DATA_DIR), "tiny"}


PNG_FACE = """
import hashlib, sys, tempfile
from pathlib import Path
from generator import DEFAULT_DATA_DIR
from generator.pipeline.request import BuildRequest
from generator.pipeline.build import build
from generator.pipeline.front import checked_game, engine_of
from generator.render import draw
from generator.render.templates import CardRenderer
if sys.argv[1:] == ["after-a-build"]:
    with tempfile.TemporaryDirectory() as out:
        build(BuildRequest(DEFAULT_DATA_DIR, Path(out), ("three_by_three",), ("uk",), jobs=1))
game = checked_game(DEFAULT_DATA_DIR, engine_of(DEFAULT_DATA_DIR, "game_of_trains"))
deck = game.deck("locomotives")
svg = CardRenderer(game, game.locales["en"]).front(deck, deck.cards[0])
print(hashlib.sha256(draw.png(svg, game.templates, 30)).hexdigest())
"""


def test_a_png_face_is_the_same_whatever_was_drawn_before() -> None:
    """A face's PNG must not depend on what the process drew before it: each run below is a
    fresh process, one of them after a PDF build."""
    faces = [
        subprocess.run(
            [sys.executable, "-c", PNG_FACE, *first], capture_output=True, text=True, check=True
        ).stdout
        for first in ([], ["after-a-build"])
    ]
    assert faces[0] == faces[1] != ""
