"""What every part of the build benchmark shares: a row of its table, ``pnp`` run as a user
runs it, and the one-card edit that the rebuild and the preview both time."""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Edit:
    """One card's text changed in one locale: ``old`` becomes ``new`` in the locale ``lang`` of
    ``game``, which changes the face of ``card`` (its ``side``) and, of the files a build
    writes, only those named in ``rewrites``."""

    game: str
    lang: str
    old: str
    new: str
    card: str
    side: str
    rewrites: tuple[str, ...]

    @property
    def file(self) -> str:
        return f"{self.game}/locales/{self.lang}.yaml"

    def rewritten(self) -> set[str]:
        """The output files the edit must rewrite, as the build names them."""
        return {f"{self.game}/{self.lang}/{name}" for name in self.rewrites}

    def text(self, version: int) -> str:
        """The text at ``version``: 0 as shipped, 1 the edit, then the edit numbered (each
        version draws a face of its own: one seen before would come from a browser's cache)."""
        return self.old if version == 0 else self.new if version == 1 else f"{self.new} {version}"

    def save(self, data: Path, version: int = 1) -> None:
        """Write ``version`` of the text over the one before it, in the copy ``data``."""
        path = data / self.file
        text, before = path.read_text(encoding="utf-8"), self.text(version - 1)
        assert before in text, f"{before!r} is not in {self.file}"
        path.write_text(text.replace(before, self.text(version), 1), encoding="utf-8")


EDITS = (
    Edit(
        "gear_and_piston",
        "en",
        "as many actions as your space shows",
        "as many actions as your space gives",
        "end-white-rear",
        "front",
        ("cards-a4.pdf",),
    ),
    Edit(
        "break_the_code",
        "en",
        "How many black tiles do you have?",
        "How many black tiles are yours?",
        "question-count-black",
        "front",
        ("cards-a4.pdf", "rules-summary-a4.pdf"),
    ),
)
"""The edit of each game the benchmark edits, the first one a build holds being timed. Gear &
Piston's is the issue's: the player aid's Workshop line, printed on the front of every car's
rear tile (one face, drawn once) and on nothing else. Break the Code's, for ``--quick`` (its
build is the cheapest): a question, which its rules summary prints as well."""


@dataclass(frozen=True)
class Row:
    """One line of the table: what was measured (each run, in ``unit``) against its target
    (``limit``, or ``of_floor`` times the ``floor``; none for the floor itself), what went
    wrong besides the time (``broken``), or why nothing was measured (``note`` alone; it
    ``failed`` when it should have been)."""

    name: str
    runs: tuple[float, ...] = ()
    limit: float | None = None
    unit: str = "s"
    of_floor: float | None = None
    floor: float | None = None
    note: str = ""
    broken: str = ""
    failed: bool = False

    @property
    def value(self) -> float:
        """The fastest run (or the smallest peak): the one a shared machine disturbed least."""
        return min(self.runs)

    def verdict(self) -> str:
        """``met`` or ``NOT met`` against the target, with the runs and notes."""
        runs = f"runs {' '.join(f'{run:.2f}' for run in self.runs)}" if len(self.runs) > 1 else ""
        extra = "; ".join(part for part in (runs, self.note, self.broken) if part)
        if self.of_floor and self.floor:
            target, bound = f"<= {self.of_floor:g} x floor", self.of_floor * self.floor
        elif self.limit is not None:
            target, bound = f"<= {self.limit:g} {self.unit}", self.limit
        else:
            return extra
        met = self.value <= bound and not self.broken
        return f"{target}: {'met' if met else 'NOT met'}" + (f" ({extra})" if extra else "")

    def line(self) -> str:
        if not self.runs:
            return f"{self.name:<46}{'':>20}{self.note}"
        ratio = f"{self.value / self.floor:8.2f}" if self.floor else f"{'-':>8}"
        return f"{self.name:<46}{self.value:8.2f} {self.unit:<3}{ratio}  {self.verdict()}"


def pnp(*args: str | Path) -> float:
    """Run ``pnp`` in a fresh process, as a user does (start-up counts); its wall time. A
    failure stops the benchmark with what the command said."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        shown = " ".join(map(str, args))
        sys.exit(f"pnp {shown} failed ({done.returncode}):\n{done.stderr}")
    return seconds
