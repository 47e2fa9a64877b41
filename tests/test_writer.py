"""The staging writer: nothing is in place before a whole build succeeded, nothing outside its
folder, and what a killed build left behind is cleaned up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.runtime.writer import OutputError, Writer


def test_writer_stages_until_commit_and_refuses_a_path_twice(tmp_path: Path) -> None:
    writer = Writer(tmp_path)
    target = tmp_path / "a" / "cards.pdf"
    writer.write_bytes(target, b"first")
    assert not target.exists()  # staged: nothing is in place before the whole build succeeded
    with pytest.raises(RuntimeError), writer.open(tmp_path / "a" / "other.pdf") as stream:
        stream.write(b"half")
        raise RuntimeError("the build broke")
    with pytest.raises(ValueError, match="written twice"):
        writer.write_bytes(target, b"second")
    assert writer.commit() == [target]
    assert target.read_bytes() == b"first"
    assert sorted(p.name for p in target.parent.iterdir()) == ["cards.pdf"]


def test_writer_discard_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "keep.pdf").write_bytes(b"old")
    writer = Writer(tmp_path)
    writer.write_bytes(tmp_path / "keep.pdf", b"new")
    writer.write_bytes(tmp_path / "new" / "deep" / "x.pdf", b"x")
    writer.discard()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pdf"]
    assert (tmp_path / "keep.pdf").read_bytes() == b"old"


def test_writer_refuses_a_path_outside_its_folder(tmp_path: Path) -> None:
    writer = Writer(tmp_path / "out")
    with pytest.raises(OutputError, match="outside the output folder"):
        writer.write_bytes(tmp_path / "out" / ".." / "escaped.png", b"x")
    assert not (tmp_path / "escaped.png").exists()


def test_stale_partial_files_of_a_killed_build_are_removed(tmp_path: Path) -> None:
    probe = [sys.executable, "-c", "import os; print(os.getpid())"]
    dead = subprocess.run(probe, capture_output=True, text=True, check=True)
    stale = tmp_path / f".cards-a4.pdf.{dead.stdout.strip()}.x1y2.part"
    running = tmp_path / f".cards-a4.pdf.{os.getppid()}.a1b2.part"  # a build still running
    other = tmp_path / f".rules-summary-a4.pdf.{dead.stdout.strip()}.x1y2.part"
    for path in (stale, running, other):
        path.write_bytes(b"half")
    writer = Writer(tmp_path)
    writer.write_bytes(tmp_path / "cards-a4.pdf", b"whole")
    writer.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["cards-a4.pdf", running.name, other.name]
    )
