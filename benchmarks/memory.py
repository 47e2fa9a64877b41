"""Peak memory of a whole build, all its processes together, with N times the cards.

The cards are multiplied as a user multiplies them: a copy of the card data in which every card
says ``copies: N`` (the loader gives each copy an id of its own), built by ``pnp build --data``.
The shipped games' rules fix how many cards most of their decks hold (84 wagons numbered 1 to
84, 16 code cards, a board whose tracks cover the points the parts can score), so they would
refuse such a copy: the scaled build runs with the games' rules switched off
(:data:`WITHOUT_RULES`), and loads, draws and writes every card as any build does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from benchmarks.rows import ROOT

SAMPLE_SECONDS = 0.02
"""How often the processes' memory is read."""

WITHOUT_RULES = """
import sys
from generator.cli import main
from generator.games.base import GameEngine
GameEngine.validate = lambda *args, **kwargs: []
sys.exit(main(sys.argv[1:]))
"""
"""``pnp`` with no game's rules run: every engine judges a game through ``GameEngine.validate``
(its own rules are ``validate_decks``, which that calls)."""


@dataclass(frozen=True)
class Scaled:
    """A copy of the card data with ``copies`` times the cards, ``cards`` in each language."""

    data: Path
    copies: int
    cards: int


def scaled_copy(source: Path, games: tuple[str, ...], copies: int, into: Path) -> Scaled:
    """Copy ``source`` to ``into`` with every card of ``games`` printed ``copies`` times as
    often."""
    shutil.copytree(source, into)
    cards = sum(
        _scale(deck, copies) for game in games for deck in (into / game).glob("decks/*.yaml")
    )
    return Scaled(into, copies, cards)


def _scale(deck: Path, copies: int) -> int:
    """Print every card of the YAML deck file ``copies`` times as often; the cards it then
    holds."""
    cards = yaml.safe_load(deck.read_text(encoding="utf-8"))
    for entries in cards.values():
        for card in entries:
            card["copies"] = card.get("copies", 1) * copies
    deck.write_text(yaml.safe_dump(cards, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return sum(card["copies"] for entries in cards.values() for card in entries)


def peak_memory(command: list[str | Path]) -> float:
    """Run ``pnp`` with ``command``, no game's rules run; the peak of its processes' memory,
    in MiB."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errors:
        process = subprocess.Popen(
            [sys.executable, "-c", WITHOUT_RULES, *map(str, command)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        peak = _sample_tree(process)
        if process.returncode != 0:
            errors.seek(0)
            shown = " ".join(map(str, command))
            sys.exit(f"pnp {shown} failed ({process.returncode}):\n{errors.read()}")
    return peak / 1024


def _sample_tree(process: subprocess.Popen[bytes]) -> float:
    """Peak of the summed proportional memory (PSS, KiB) of ``process`` and its descendants:
    pages the forked workers share with the build's process count once, not once each."""
    peak = 0.0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, sum(map(_pss, _tree(process.pid))))
            time.sleep(SAMPLE_SECONDS)

    sampler = threading.Thread(target=sample)
    sampler.start()
    process.wait()
    done.set()
    sampler.join()
    return peak


def _tree(root: int) -> set[int]:
    """``root`` and every process below it (each one's parent read from ``/proc/PID/stat``)."""
    parents = dict(_parents(Path("/proc").iterdir()))
    tree, grew = {root}, True
    while grew:
        below = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= below
        grew = bool(below)
    return tree


def _parents(entries: Iterable[Path]) -> Iterable[tuple[int, int]]:
    for entry in entries:
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            yield int(entry.name), int(stat.rsplit(")", 1)[1].split()[1])


def _pss(pid: int) -> float:
    """The process's proportional memory in KiB (0 once it is gone)."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    for line in rollup.splitlines():
        if line.startswith("Pss:"):
            return float(line.split()[1])
    return 0.0
