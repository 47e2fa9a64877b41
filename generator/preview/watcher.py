"""Check the game again when one of its files is saved, in a background thread.

``watchfiles`` (the operating system's file events, Rust underneath) groups the changes of a
burst: an editor that writes a temporary file and renames it, or "save all", makes one check.
While a check runs, later saves are kept and yielded together after it: the next check starts
from all of them, never one per file.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path

import watchfiles

from generator.load.expansions import Expansion
from generator.runtime.folders import COMMON_DIR, game_templates
from generator.runtime.reading import MAX_FILES, Refused, Within, entries

STEP_MS = 50
"""A burst of changes ends after this long without another."""
DEBOUNCE_MS = 400
"""The longest a steady stream of changes is gathered before a check starts anyway."""
IDLE_MS = 1000
"""How long a watch waits for a change before it wakes (and, after the folders to watch
changed, checks once: see :meth:`Watcher._watch`)."""


def watched(data_dir: Path, game_id: str, expansions: tuple[Expansion, ...] = ()) -> list[Path]:
    """Every folder the game is made from, as the pipeline reads them: its card data and
    locales, its templates, the shared templates and fonts, and each expansion."""
    folders = [data_dir / game_id, game_templates(data_dir, game_id), COMMON_DIR]
    folders += [expansion.folder for expansion in expansions]
    return [folder for folder in dict.fromkeys(folders) if folder.is_dir()]


class Watcher(threading.Thread):
    """Calls ``on_change`` after each burst of changes under ``folders``, until stopped.

    ``watchfiles`` watching a folder recursively follows every link in it: a stranger's link
    to ``/`` would have it walk the whole machine (and stop at the first folder it may not
    read). So each real folder below ``folders`` is watched on its own, found as the build
    finds files (:func:`generator.runtime.reading.entries`: links out of the folders not followed,
    at most :data:`~generator.runtime.reading.MAX_FILES` entries), and found again after a change
    that adds or removes one."""

    def __init__(self, folders: list[Path], on_change: Callable[[], object]) -> None:
        super().__init__(name="pnp-serve-watcher", daemon=True)
        self.folders = folders
        self.on_change = on_change
        self.stopping = threading.Event()

    def run(self) -> None:
        try:
            moved = False
            while not self.stopping.is_set():
                moved = self._watch(real_folders(self.folders), catch_up=moved)
        except (OSError, Refused) as error:  # a folder gone or refused: the preview stays
            print(f"pnp serve: stopped watching for changes: {error}", file=sys.stderr)

    def _watch(self, folders: list[Path], catch_up: bool) -> bool:
        """Check after each burst of changes, until the folders to watch are others (then
        ``True``). ``catch_up``: the folders were others a moment ago, and what changed while
        the watch moved (a file written into a folder just made) was seen by no watch: check
        once as soon as this one is watching (its first wait ends, on a change or after
        :data:`IDLE_MS`)."""
        changes = watchfiles.watch(
            *folders,
            debounce=DEBOUNCE_MS,
            step=STEP_MS,
            stop_event=self.stopping,
            recursive=False,
            yield_on_timeout=True,
            rust_timeout=IDLE_MS,
        )
        for found in changes:
            if not found and not catch_up:
                continue
            catch_up = False
            try:
                self.on_change()
            except Exception as error:  # a bug in a check must not stop the preview
                print(f"pnp serve: internal error while checking: {error!r}", file=sys.stderr)
            if real_folders(self.folders) != folders:
                return True
        return False

    def stop(self) -> None:
        self.stopping.set()


def real_folders(folders: list[Path]) -> list[Path]:
    """``folders`` and every folder below them that a build reads, links out not followed."""
    within = Within(tuple(folders))
    found = [*folders]
    for folder in folders:
        below = entries(folder, within, MAX_FILES)
        found += (path for path in below if path.is_dir() and within.holds(path))
    return list(dict.fromkeys(found))
