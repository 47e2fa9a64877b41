"""What the tests of ``pnp serve`` (with a browser and without) preview and edit: a copy of
Game of Trains."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from tests.conftest import DataCopy

GAME = "game_of_trains"
WAGONS = f"{GAME}/decks/wagons.yaml"
FACES_EN = 84 + 1 + 4 + 1
"""Every wagon and locomotive of Game of Trains, and the one back of each deck."""
TYPO = (
    f"{WAGONS}:10: wagons[4].ability: 'protekt' is not one of: swap-adjacent, swap-over-one, "
    "move-left-2, move-right-2, remove-left, remove-middle, remove-right, protect"
)
GUARD = 120.0
"""Seconds a test waits for the server before it fails: a guard against hanging, not a
measure of speed (the machine is shared)."""


@pytest.fixture
def trains(tmp_path: Path) -> DataCopy:
    """A copy of Game of Trains' card data, to edit (drawn by the shipped templates)."""
    shutil.copytree(DEFAULT_DATA_DIR / GAME, tmp_path / "card_data" / GAME)
    return DataCopy(tmp_path / "card_data")


def swap_abilities(trains: DataCopy) -> None:
    """Wagons 5 and 8 trade abilities, in one save (the game needs each ability on ten
    wagons: changing one alone is a problem)."""
    path = trains.root / WAGONS
    text = path.read_text(encoding="utf-8")
    for number, old, new in ((5, "remove-left", "protect"), (8, "protect", "remove-left")):
        wagon = f"{{number: {number}, ability: {old}}}"
        assert wagon in text
        text = text.replace(wagon, f"{{number: {number}, ability: {new}}}")
    path.write_text(text, encoding="utf-8")
