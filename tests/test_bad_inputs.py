"""The bad-input corpus: every case in ``bad_inputs/*.yaml`` breaks a copy of the shipped data (or a
template, a car file, an expansion, the command line, the output folder) the way a stranger's
file could, runs the real command, and asserts the exact message, the exit code, no traceback,
and that the earlier build in ``--out`` is byte-identical afterwards.

A case is data:

- ``game``: the game copied into a private data folder (default ``game_of_trains``);
- ``edits``: ``[file, old, new]`` replacements in that copy; ``@line`` in the expected text is the
  line of the first edit's new text;
- ``remove``: files to delete first;
- ``write`` / ``write_latin1``: files to create (under the data folder, or ``@tmp/`` for
  anywhere else in the case's temporary folder);
- ``big``: files to fill with 5 MB of YAML;
- ``generate``: files to write from a ``head`` and a ``line`` repeated ``count`` times (``{i}``
  in the line numbering it from 1), for data too large to write out;
- ``link``: symbolic links to make, ``{link: target}``;
- ``fifo``: named pipes to make (a reader that opens one waits for ever for a writer);
- ``expansion``: the name of an expansion of the case's game made by ``pnp new expansion`` in
  the case's folder before the other fields apply (``@tmp/<name>/...`` names its files);
- ``never_opened``: paths (``@tmp/`` or absolute) no file may be opened at, through a link or
  directly, while the command runs (a Python audit hook sees every ``open``; one made with
  ``O_NOFOLLOW`` cannot reach a link's target);
- ``template``: templates to add for the case (names start with ``zz-``, so none replaces a
  shipped one), in a copy of ``templates/<game>/`` beside the data copy, which then draws it;
- ``run``: the command (default ``build GAME --lang en``), ``{data}``, ``{out}`` and ``{tmp}``
  standing for the folders, ``{exp}`` for the case's expansion;
- ``code``, ``err`` (exact standard error, ``@line``, ``@tmp`` and ``@pid``, the id of the
  process running the command, substituted), ``out``
  (standard output, empty by default; ``~``: not compared, for a command that succeeds and
  says how long it took).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import DEFAULT_DATA_DIR
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from tests.conftest import own_templates

CORPUS = Path(__file__).with_name("bad_inputs")
CASES: list[dict[str, Any]] = [
    case
    for part in sorted(CORPUS.glob("*.yaml"))
    for case in yaml.safe_load(part.read_text(encoding="utf-8"))
]
DEFAULT_RUN = ["build", "{game}", "--lang", "en", "--data", "{data}", "--out", "{out}"]


@pytest.fixture(scope="session")
def earlier_build(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The English build of a shipped game, made once: every case starts from its output."""
    made: dict[str, Path] = {}

    def of(game: str) -> Path:
        if game not in made:
            out = tmp_path_factory.mktemp(f"earlier-{game}")
            build(BuildRequest(DEFAULT_DATA_DIR, out, (game,), ("en",)))
            made[game] = out
        return made[game]

    return of


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (hidden ones too) with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }


def place(text: str, tmp: Path, data: Path) -> Path:
    """A case's path: ``@tmp/...`` in the case's folder, anything else in the data copy."""
    return tmp / text[len("@tmp/") :] if text.startswith("@tmp/") else data / text


def line_of(path: Path, text: str) -> int:
    first = text.splitlines()[0] if text.strip() else text
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if first in line)


def prepare(case: dict[str, Any], tmp: Path, data: Path) -> int:
    """Break the copy as the case says; the line of the first edit (0 without edits)."""
    for name in case.get("remove", []):
        place(name, tmp, data).unlink()
    for name, text in case.get("write", {}).items():
        path = place(name, tmp, data)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for name, text in case.get("write_latin1", {}).items():
        place(name, tmp, data).write_bytes(text.encode("latin-1"))
    for name in case.get("big", []):
        place(name, tmp, data).write_text("key: value\n" * 500_000, encoding="utf-8")
    for name, spec in case.get("generate", {}).items():
        lines = (spec["line"].format(i=i) for i in range(1, spec["count"] + 1))
        place(name, tmp, data).write_text(spec.get("head", "") + "".join(lines), encoding="utf-8")
    for name, target in case.get("link", {}).items():
        link = place(name, tmp, data)
        link.parent.mkdir(parents=True, exist_ok=True)
        if link.is_dir() and not link.is_symlink():
            shutil.rmtree(link)
        link.unlink(missing_ok=True)
        link.symlink_to(place(target, tmp, data) if target.startswith("@tmp/") else target)
    for name in case.get("fifo", []):
        fifo = place(name, tmp, data)
        fifo.unlink(missing_ok=True)
        os.mkfifo(fifo)
    line = 0
    for file, old, new in case.get("edits", []):
        path = data / file
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {file}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        line = line or line_of(path, new)
    return line


def add_templates(case: dict[str, Any], game: str, data: Path) -> None:
    """A case's templates, in the data copy's own copy of the game's templates (a case without
    any is drawn by the shipped templates, as a stranger's data alone is)."""
    files: dict[str, str] = case.get("template", {})
    if not files:
        return
    folder = own_templates(data, game)
    for name, text in files.items():
        assert name.startswith("zz-"), "corpus templates are named zz-..."
        path = folder / name
        if text.startswith("->"):
            path.symlink_to(text[2:].strip())
        else:
            path.write_text(text, encoding="utf-8")


_WATCHED: list[tuple[str, ...]] = []
"""The paths the running case may not open (empty between cases), and what it opened there."""
_OPENED: list[str] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    """Note every ``open`` of a watched path: by its own name, or through links, unless opened
    with ``O_NOFOLLOW`` (which stops at a link instead of reaching its target)."""
    if event != "open" or not _WATCHED or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
    path = os.fsdecode(args[0])
    reached = path if flags & getattr(os, "O_NOFOLLOW", 0) else os.path.realpath(path)
    if any(reached == watched or reached.startswith(watched + os.sep) for watched in _WATCHED[0]):
        _OPENED.append(path)


sys.addaudithook(_audit)


@contextmanager
def watching(paths: list[str]) -> Iterator[list[str]]:
    """The files opened at ``paths`` while the block runs (an audit hook cannot be removed: it
    stays installed and watches nothing between cases)."""
    _WATCHED.append(tuple(os.path.realpath(p) for p in paths))
    _OPENED.clear()
    try:
        yield _OPENED
    finally:
        _WATCHED.clear()


def make_expansion(case: dict[str, Any], game: str, tmp: Path, pnp: Any) -> Path | None:
    """The case's expansion of ``game``, made as a designer starts one."""
    name = case.get("expansion")
    if name is None:
        return None
    made = pnp("new", "expansion", name, "--game", game, "--dir", tmp)
    assert made.code == 0, made.err
    return tmp / name


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_bad_input(
    case: dict[str, Any],
    tmp_path: Path,
    earlier_build: Callable[[str], Path],
    pnp: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = case.get("game", "game_of_trains")
    data, out = tmp_path / "card_data", tmp_path / "out"
    shutil.copytree(DEFAULT_DATA_DIR / game, data / game)
    shutil.copytree(earlier_build(game), out)
    add_templates(case, game, data)
    expansion = make_expansion(case, game, tmp_path, pnp)
    line = prepare(case, tmp_path, data)
    before = snapshot(out)
    args = [
        arg.replace("{game}", game)
        .replace("{data}", str(data))
        .replace("{out}", str(out))
        .replace("{tmp}", str(tmp_path))
        .replace("{exp}", str(expansion))
        for arg in case.get("run", DEFAULT_RUN)
    ]
    watched = [str(place(p, tmp_path, data)) for p in case.get("never_opened", [])]
    # All the work in this process (pnp --jobs 1): the audit hook sees it, and a case costs a
    # third less than one starting workers (tests/test_workers.py: they say the same).
    monkeypatch.setattr("generator.cli.arguments.default_jobs", lambda: 1)
    with watching(watched) as opened:
        result = pnp(*args)
    assert not opened, f"opened {opened}"
    expected = case["err"].replace("@line", str(line)).replace("@tmp", str(tmp_path))
    expected = expected.replace("@pid", str(os.getpid()))
    assert "Traceback" not in result.err
    assert result.err == expected
    assert result.code == case["code"]
    if case.get("out", "") is not None:
        assert result.out == case.get("out", "")
    assert snapshot(out) == before, "the earlier build in --out changed"


def test_the_corpus_is_large_and_its_ids_unique() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) >= 80
    assert len(set(ids)) == len(ids)
