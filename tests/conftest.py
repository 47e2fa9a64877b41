"""Shared fixtures: builds made once per test session, private copies of the shipped card data
and of the fixture game to break on purpose, and the CLI."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator import cache as face_cache
from generator.build import BuildRequest, build, check
from generator.cli import main
from generator.games import registry
from generator.problems import DataError
from tests import fixture

# One cache of drawn faces for the whole session, never the user's own: every build of the
# tests that does not ask for a cache of its own shares it (a face drawn once is read after).
SESSION_CACHE = Path(tempfile.mkdtemp(prefix="pnp-test-cache-"))
os.environ[face_cache.ENV] = str(SESSION_CACHE)
atexit.register(shutil.rmtree, SESSION_CACHE, ignore_errors=True)


PRINTED = {
    "tiny": "uk",
    "game_of_trains": "en",
    "gears": "en",
    "three_by_three": "uk",
    "break_the_code": "ru",
    "gear_and_piston": "ru",
}
"""Every game (the fixture game too), in the language its print tests read."""


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
    """What the command reported on stderr, without the progress lines of a build."""
    log: str = ""
    """All of stderr, progress included (``done: <game> <lang> <kind>`` lines without a
    terminal, in the order the workers finished)."""


@pytest.fixture
def pnp(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run the ``pnp`` command in-process: ``pnp("validate", "--data", dir)``."""

    def run(*args: str | Path) -> Result:
        try:
            code = main([str(a) for a in args])
        except SystemExit as stop:  # argparse usage errors and --help
            code = int(stop.code or 0)
        captured = capsys.readouterr()
        err = "".join(
            line for line in captured.err.splitlines(keepends=True) if not line.startswith("done: ")
        )
        return Result(code, captured.out, err, captured.err)

    return run


Built = Callable[[str, str], Path]


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``built(game, lang)``: the folder of that game's outputs in that language on A4, built
    once for the whole test session (the fixture game ``tiny`` included)."""
    folders: dict[tuple[str, str], Path] = {}

    def folder(game: str, lang: str) -> Path:
        if (game, lang) not in folders:
            out = tmp_path_factory.mktemp(f"{game}-{lang}")
            build_once(out, game, lang)
            folders[(game, lang)] = out / game / lang
        return folders[(game, lang)]

    return folder


def build_once(out: Path, game: str, lang: str) -> None:
    """Build ``game`` in ``lang`` into ``out``: a shipped game, or the fixture game."""
    if game != fixture.Tiny.id:
        build(BuildRequest(DEFAULT_DATA_DIR, out, (game,), (lang,), cache=SESSION_CACHE))
        return
    with contextlib.ExitStack() as stack:
        if game not in registry.ENGINES:  # unless the test registered it already
            stack.enter_context(fixture.registered())
        build(BuildRequest(fixture.DATA, out, (game,), (lang,), cache=SESSION_CACHE))


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[DataCopy]:
    """A private copy of the fixture game's project (card data and templates), its engine
    registered for the test."""
    shutil.copytree(fixture.PROJECT, tmp_path / "tiny", ignore=shutil.ignore_patterns("*.py*"))
    with fixture.registered():
        yield DataCopy(tmp_path / "tiny" / "card_data")
