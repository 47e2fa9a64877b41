"""Shared fixtures: builds made once per test session, private copies of the shipped card data
(and templates) and of the fixture game to break on purpose, and the CLI.

The tests run in parallel (pytest-xdist, README): no test writes into the repository, the user's
cache or any other folder that a test on another worker reads; what a test breaks is its own
copy under ``tmp_path``."""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import functools
import os
import pickle
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

import pytest

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.cli import main
from generator.games import registry
from generator.model import Game
from generator.pipeline.build import build, check
from generator.pipeline.request import BuildRequest
from generator.problems import DataError
from generator.runtime import cache as face_cache
from tests import fixture


# One cache of drawn faces and built outputs for the whole session, never the user's own: every
# build of the tests that does not ask for a cache of its own shares it (a face drawn once is
# read after). The first import of this module makes it (and the folder of what
# once_per_session made); the later ones find it in the environment: the second import in the
# same process (pytest loads this file as `conftest`, the tests import it as `tests.conftest`)
# and pytest-xdist's workers, started by the controlling process with its environment. The
# cache is safe for several writers at once (generator/runtime/cache.py); the process that made
# it removes it.
def _session_folder(variable: str, prefix: str) -> Path:
    """The session's folder named by ``variable`` in the environment, made by the first import."""
    if os.path.isdir(os.environ.get(variable, "")):
        return Path(os.environ[variable])
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ[variable] = str(folder)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


SESSION_CACHE = _session_folder("PNP_TEST_SESSION_CACHE", "pnp-test-cache-")
os.environ[face_cache.ENV] = str(SESSION_CACHE)
SESSION_SHARED = _session_folder("PNP_TEST_SESSION_SHARED", "pnp-test-shared-")
"""What :func:`once_per_session` made, for every worker of the session (made the same way)."""

T = TypeVar("T")


def once_per_session(name: str, make: Callable[[], T]) -> T:
    """``make()``, computed by the first process of the session that asks and read back by the
    others: pytest-xdist deals the test files out to its workers, so a session-scoped fixture
    alone would compute it again on every worker that runs a file needing it. A worker asking
    while another computes waits for it (a lock), instead of computing it too. Only for what
    depends on the shipped files alone (``name`` says what; every ``make`` of a name gives the
    same), and what pickles."""
    path = SESSION_SHARED / f"{name}.pickle"
    with open(SESSION_SHARED / f"{name}.lock", "wb") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.is_file():
            part = path.with_suffix(".part")
            part.write_bytes(pickle.dumps(make()))
            part.replace(path)
    return cast(T, pickle.loads(path.read_bytes()))


SLOWEST_FIRST = (
    "test_bad_inputs.py",
    "test_package.py",
    "test_translation.py",
    "test_fast_builds.py",
    "test_export_drivethru.py",
    "test_rulebook.py",
    "test_hostile.py",
    "test_card_sizes.py",
    "test_rebuild.py",
    "test_preview.py",
    "test_expansion_rules.py",
    "test_benchmarks.py",
    "test_languages.py",
    "test_fuzz.py",
    "test_cli.py",
    "test_ink_saver.py",
)
"""The test files that take longest (a second or more of CPU for each of their tests, or one
test of ten seconds or more), longest first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first, the others after them in their usual order: pytest-xdist deals
    a whole file to a worker at a time (``--dist loadfile``), so a long file dealt last would
    keep one worker busy while the other waits at the end."""
    rank = {name: place for place, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


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


@functools.cache
def _shipped() -> dict[str, Game]:
    return once_per_session("shipped", lambda: {game.id: game for game in check(DEFAULT_DATA_DIR)})


def shipped_game(game: str) -> Game:
    """The shipped ``game`` as ``check`` (``pnp validate``) passes it: every shipped game is
    checked once for the whole session. Every test of a worker gets the same objects: a test
    that changes a game makes its own (``check`` of a :class:`DataCopy`)."""
    return _shipped()[game]


@pytest.fixture(scope="session")
def shipped() -> dict[str, Game]:
    """Every shipped game by id: :func:`shipped_game` of each."""
    return dict(_shipped())


Summaries = dict[tuple[str, str], tuple[Path, str]]


@pytest.fixture(scope="session")
def summaries(shipped: dict[str, Game]) -> Summaries:
    """Every shipped rules summary on A4, ``(game, lang) -> (its PDF, its text)``: made once
    for the whole session (tests/test_rulebook.py: :func:`summary_pdf`, :func:`text_of`)."""
    from tests.test_rulebook import summary_pdf, text_of  # a test module: it imports this one

    def made() -> Summaries:
        folder = SESSION_SHARED / "summaries"
        paths = {
            (game.id, lang): summary_pdf(game, lang, folder)
            for game in shipped.values()
            for lang in game.locales
        }
        return {key: (path, text_of(path)) for key, path in paths.items()}

    return once_per_session("summaries", made)


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
