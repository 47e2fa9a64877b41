"""Shared fixtures: a private copy of the shipped card data to break on purpose, and the CLI."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.cli import main
from generator.problems import DataError


@dataclass
class DataCopy:
    """A copy of ``card_data/`` in a temporary folder, with a helper to edit one file."""

    root: Path

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def problems(self, *games: str) -> list[str]:
        """Every problem ``check`` finds in ``games`` (all games if none), as printed."""
        with pytest.raises(DataError) as caught:
            check(self.root, games)
        return [str(p) for p in caught.value.problems]

    def line_of(self, relative: str, text: str) -> int:
        """1-based line of the first line of ``relative`` containing ``text``."""
        lines = (self.root / relative).read_text(encoding="utf-8").splitlines()
        return next(i for i, line in enumerate(lines, start=1) if text in line)


@pytest.fixture
def data(tmp_path: Path) -> DataCopy:
    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "card_data")
    return DataCopy(tmp_path / "card_data")


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def pnp(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run the ``pnp`` command in-process: ``pnp("validate", "--data", dir)``."""

    def run(*args: str | Path) -> Result:
        try:
            code = main([str(a) for a in args])
        except SystemExit as stop:  # argparse usage errors and --help
            code = int(stop.code or 0)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run
