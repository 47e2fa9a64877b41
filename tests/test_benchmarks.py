"""The build benchmark keeps working: its quick mode (one repeat of one small game in one
language) runs to the end and prints every row of its table. Its times are never judged here:
the machine is shared, and the targets are the benchmark's to report."""

from __future__ import annotations

import subprocess
import sys

from benchmarks.bench_build import FLATNESS, QUICK_SIZES, ROWS, memory_row
from benchmarks.rows import EDITS, ROOT
from generator import DEFAULT_DATA_DIR


def test_the_quick_benchmark_prints_every_row() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/bench_build.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for row in (*ROWS, *map(memory_row, QUICK_SIZES), FLATNESS):
        assert any(line.startswith(row) for line in lines), (row, done.stdout)


def test_every_edit_finds_its_text() -> None:
    """The full benchmark edits other games than the quick one: each edit's text is still in
    its locale, once."""
    for edit in EDITS:
        text = (DEFAULT_DATA_DIR / edit.file).read_text(encoding="utf-8")
        assert text.count(edit.old) == 1, edit
