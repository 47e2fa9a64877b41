"""What the preview shows, shared by the thread that checks and the threads that serve.

Each change is published as a new :class:`View` with the next version number; a page holds the
version it shows and asks for new content when the server announces a later one. A check that
finds problems keeps the faces of the last good one (marked stale), so a typo never blanks the
page a designer is looking at.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from generator.preview.check import Checked
from generator.problems import DataError, Problem
from generator.render import assets, draw
from generator.render.faces import drawing
from generator.render.store import keyed

EAGER = 16
"""The most faces a check draws as soon as it publishes them (a save changes a card or a few,
each drawn in a tenth of a second): more are drawn as the page asks for them."""


@dataclass(frozen=True)
class View:
    """One published state: the latest problems, the last good check (if any) and when it
    ran, whether its faces are stale (a later check failed), and whether a check is running."""

    version: int
    problems: tuple[Problem, ...] = ()
    good: Checked | None = None
    stale: bool = False
    checked_at: str = ""
    good_at: str = ""
    checking: bool = False
    notes: tuple[str, ...] = ()
    """What the latest check says beside its problems (a translation in progress left out)."""

    @property
    def languages(self) -> list[str]:
        game = self.good.game if self.good else None
        return list(game.locales) if game else []

    @property
    def locales(self) -> list[str]:
        """Every language the game has a locale for, translations in progress too."""
        game = self.good.game if self.good else None
        return [*game.locales, *game.drafts] if game else []


@dataclass
class Preview:
    """The preview of one game; ``check(first)`` runs one check of it, language ``first``
    first (:func:`~generator.preview.check.check_game` with the game's arguments)."""

    check: Callable[[str], Iterator[Checked]]
    shown: str = ""
    """The language a page asked for last: checked first."""
    view: View = field(default_factory=lambda: View(0, checking=True))
    closed: bool = False
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _drawn: dict[str, bytes] = field(default_factory=dict)
    _drawing: threading.Lock = field(default_factory=threading.Lock)

    def refresh(self) -> View:
        """Check the game again and publish what was found; the new view. The faces a save
        changed on the page are drawn as soon as they are published, before the rest of the
        check goes on (which would otherwise hold the interpreter while the page asks for
        them)."""
        view = self._publish(checking=True)
        for checked in self.check(self.shown):
            shown = self._shown()
            view = self._show(checked) if checked.complete else self._preview(checked)
            self._draw_changed(checked, shown)
        return view

    def _shown(self) -> set[str]:
        """The faces of the language on the page, as the last good check has them."""
        faces = self.view.good.faces.get(self.shown) if self.view.good else None
        return set(faces.named.values()) if faces else set()

    def _draw_changed(self, checked: Checked, shown: set[str]) -> None:
        """Draw the faces of the language on the page that ``checked`` changes (``shown``:
        those before), if a good check showed some before and few changed (a save, not a new
        template: those the page asks for as it scrolls to them)."""
        faces = checked.faces.get(self.shown)
        new = dict.fromkeys(faces.named.values()) if faces and shown else {}
        changed = [key for key in new if key not in shown]
        if len(changed) <= EAGER:
            for key in changed:
                self.face(key)

    def _preview(self, checked: Checked) -> View:
        """The first language's faces, good so far: shown while the others are checked (with
        the last good faces of those, for a moment)."""
        before = self.view.good.faces if self.view.good else {}
        faces = {**before, **checked.faces}
        return self._publish(problems=(), good=replace(checked, faces=faces), stale=False)

    def _show(self, checked: Checked) -> View:
        good = checked if checked.good else self.view.good
        with self._drawing:
            keep = {key for faces in (good.faces if good else {}).values() for key in faces.svgs}
            self._drawn = {key: svg for key, svg in self._drawn.items() if key in keep}
        now = time.strftime("%H:%M:%S")
        return self._publish(
            problems=checked.problems,
            notes=checked.notes,
            good=good,
            stale=good is not None and not checked.good,
            checked_at=now,
            good_at=now if checked.good else self.view.good_at,
            checking=False,
        )

    def _publish(self, **changes: Any) -> View:
        """The view with ``changes`` under the next version number, announced to every
        waiting request."""
        with self._changed:
            self.view = replace(self.view, version=self.view.version + 1, **changes)
            self._changed.notify_all()
            return self.view

    def wait(self, seen: int, timeout: float) -> View:
        """The view once its version is past ``seen`` (at once if it is), or after
        ``timeout`` seconds whatever it is; at once when the preview is closed."""
        with self._changed:
            self._changed.wait_for(lambda: self.view.version > seen or self.closed, timeout)
            return self.view

    def close(self) -> None:
        """Let every waiting request go: the server is stopping."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def face(self, key: str) -> bytes | None:
        """The face of key ``key`` as SVG for the browser (:func:`draw.screen_svg`), drawn
        once; ``None`` when the last good check has no face of that key, or cairo cannot draw
        it (a problem of its template, added to the view as a build reports it)."""
        good = self.view.good
        game = good.game if good else None
        source = _source(good, key) if good else None
        if game is None or source is None:
            return None
        with self._drawing:  # cairosvg is Python: faces one at a time are as fast as several
            if key in self._drawn:
                return self._drawn[key]
            svg, template, subject = source
            try:
                fetch = assets.Fetcher(game.templates)
                with drawing(game, template, subject):
                    drawn = draw.screen_svg(svg, game.templates, fetch)
                if not keyed(svg, fetch, key):  # drawn from a file its key misses: not kept
                    return drawn
                self._drawn[key] = drawn
            except DataError as error:
                known = set(self.view.problems)
                if not known.issuperset(error.problems):
                    self._publish(problems=tuple(sorted(known.union(error.problems))))
                return None
            return self._drawn[key]


def _source(checked: Checked, key: str) -> tuple[str, str, str] | None:
    """The SVG text of face ``key``, its template, and its first face's name and language,
    from whichever language of ``checked`` has it."""
    for lang, faces in checked.faces.items():
        if key in faces.svgs:
            return faces.svgs[key], faces.templates[key], f"{faces.first[key]} ({lang})"
    return None
