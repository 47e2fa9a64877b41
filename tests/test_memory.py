"""What a build holds on to between its tasks: the memory each task freed is given back, and the
faces of a language are let go once its files are written."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from generator.pipeline import printing
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from generator.runtime import workers
from generator.runtime.workers import Workers
from tests import fixture


def _note_release(into: Path) -> None:
    with into.open("a", encoding="utf-8") as notes:
        notes.write(f"{os.getpid()}\n")


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_task_gives_back_the_memory_it_freed(
    jobs: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if jobs > 1 and not sys.platform.startswith("linux"):
        pytest.skip("only a forked worker sees the release patched here")
    released = tmp_path / "released"
    monkeypatch.setattr(workers, "release", lambda: _note_release(released))
    with Workers(jobs) as pool:
        ran = [pool.submit(os.getpid).result() for _ in range(3)]
    assert released.read_text(encoding="utf-8").split() == [str(pid) for pid in ran]


def test_a_languages_faces_are_let_go_once_its_files_are_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    held: list[int] = []
    written = printing.Printing.written

    def noting(self: printing.Printing) -> list[printing.Written]:
        held.extend(len(edition.faces.svgs) for edition in self.editions)
        return written(self)

    monkeypatch.setattr(printing.Printing, "written", noting)
    with fixture.registered():
        build(BuildRequest(fixture.DATA, tmp_path, ("tiny",), ("en",), jobs=1))
    assert held == [0]
    assert (tmp_path / "tiny" / "en" / "cards-a4.pdf").is_file()
