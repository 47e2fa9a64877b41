"""Shared fixtures: builds made once per test session, private copies of the shipped card data
(and templates) and of the fixture game to break on purpose, and the CLI.

The tests run in parallel (pytest-xdist, README): no test writes into the repository, the user's
cache or any other folder that a test on another worker reads; what a test breaks is its own
copy under ``tmp_path``."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.cli import main
from generator.games import registry
from generator.pipeline.build import build, check
from generator.pipeline.request import BuildRequest
from generator.problems import DataError
from generator.runtime import cache as face_cache
from tests import fixture

# One cache of drawn faces and built outputs for the whole session, never the user's own: every
# build of the tests that does not ask for a cache of its own shares it (a face drawn once is
# read after). The first import of this module makes it; the later ones find it in the
# environment: the second import in the same process (pytest loads this file as `conftest`, the
# tests import it as `tests.conftest`) and pytest-xdist's workers, started by the controlling
# process with its environment. The cache is safe for several writers at once
# (generator/runtime/cache.py); the process that made it removes it.
_SHARED = "PNP_TEST_SESSION_CACHE"
if os.path.isdir(os.environ.get(_SHARED, "")):
    SESSION_CACHE = Path(os.environ[_SHARED])
else:
    SESSION_CACHE = Path(tempfile.mkdtemp(prefix="pnp-test-cache-"))
    os.environ[_SHARED] = str(SESSION_CACHE)
    atexit.register(shutil.rmtree, SESSION_CACHE, ignore_errors=True)
os.environ[face_cache.ENV] = str(SESSION_CACHE)


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

    def templates(self, game: str) -> Path:
        """The copy's own ``templates/<game>/``, copied from the shipped one: see
        :func:`own_templates`."""
        return own_templates(self.root, game)


def own_templates(data_root: Path, game: str) -> Path:
    """A copy of the shipped ``templates/<game>/`` beside the card data in ``data_root``, which
    draws that data from then on (``generator.runtime.folders``). A test adds or breaks templates
    there, never in the shipped folder, which every test (on every worker) reads. Messages name the
    copy's files as they name the shipped ones, ``templates/<game>/<file>``."""
    folder = data_root.parent / "templates" / game
    shutil.copytree(TEMPLATES_DIR / game, folder)
    return folder


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


def build_once(out: Path, game: str, lang: str, cache: Path | None = SESSION_CACHE) -> None:
    """Build ``game`` in ``lang`` into ``out``: a shipped game, or the fixture game. With the
    session's cache a build already made copies the earlier one's files; ``cache=None`` makes
    everything again (and keeps nothing)."""
    if game != fixture.Tiny.id:
        build(BuildRequest(DEFAULT_DATA_DIR, out, (game,), (lang,), cache=cache))
        return
    with contextlib.ExitStack() as stack:
        if game not in registry.ENGINES:  # unless the test registered it already
            stack.enter_context(fixture.registered())
        build(BuildRequest(fixture.DATA, out, (game,), (lang,), cache=cache))


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[DataCopy]:
    """A private copy of the fixture game's project (card data and templates), its engine
    registered for the test."""
    shutil.copytree(fixture.PROJECT, tmp_path / "tiny", ignore=shutil.ignore_patterns("*.py*"))
    with fixture.registered():
        yield DataCopy(tmp_path / "tiny" / "card_data")


def interruptible() -> None:
    """Run in a child process before it starts (``preexec_fn``): SIGINT as a terminal's Ctrl-C
    delivers it. A pytest-xdist worker ignores SIGINT and a child inherits that, so a command a
    test stops with SIGINT would never see it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
