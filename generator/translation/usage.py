"""Where each text of a game is printed, as the translator's comment of its PO entry.

A translator choosing between two words needs to know where the text goes and how much room
it has: the cards that print it (from the English faces, rendered as a build renders them:
:func:`~generator.render.boxes.box_fills`), each box's size with about how many characters fit
at its default size and how full the English leaves it, and whether the rules summary or a
virtual table's deck list prints it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from generator.languages import SOURCE
from generator.pipeline.front import found_engine, loaded
from generator.problems import Problem
from generator.render.boxes import FaceFills, box_fills
from generator.render.fill import BoxFill
from generator.rulebook.compose import wording
from generator.translation.owners import Owner
from generator.translation.run import Comments

DECK_NAMES = "decks."
LANGUAGE = "language"
SHOWN_FACES = 3
"""Faces named in a comment before "and N more"."""


@dataclass
class _Use:
    """Where one text is printed on the English faces."""

    faces: list[str] = field(default_factory=list)
    boxes: dict[tuple[float, float, float, float], BoxFill] = field(default_factory=dict)


def printed_where(data_dir: Path) -> Comments:
    """The comments of every text of a game (with the expansion whose texts they are laid over
    it), by key."""

    def comments(owner: Owner) -> dict[str, str]:
        engine = found_engine(data_dir, owner.game)
        if isinstance(engine, Problem):
            return {}
        laid = (owner.expansion,) if owner.expansion else ()
        game, _ = loaded(data_dir, owner.game, engine, laid, judged=False)
        if SOURCE not in game.locales:
            return {}
        uses = _uses(box_fills(game, SOURCE))
        summary = set(wording(game, engine))
        keys = game.locales[SOURCE].flat
        return {key: _comment(key, uses.get(key), key in summary) for key in keys}

    return comments


def _uses(faces: Iterable[FaceFills]) -> dict[str, _Use]:
    found: dict[str, _Use] = {}
    for face in faces:
        for placed in face.boxes:
            box = placed.fill
            for key in dict.fromkeys(locale_key.key for locale_key in box.keys):
                use = found.setdefault(key, _Use())
                if face.face not in use.faces:
                    use.faces.append(face.face)
                use.boxes.setdefault((box.width, box.height, box.size, box.min_size), box)
    return found


def _comment(key: str, use: _Use | None, in_summary: bool) -> str:
    lines = []
    if key == LANGUAGE:
        lines.append("The language's own name, as its speakers write it (Deutsch, Русский).")
    if use is not None:
        lines.append(f"Printed on {_faces(use.faces)}.")
        lines += [_box(box) for box in use.boxes.values()]
    if in_summary:
        lines.append("Printed in the rules summary.")
    if key.startswith(DECK_NAMES):
        lines.append("A deck's name, where a virtual table lists the decks (pnp export tts).")
    if not lines:
        lines.append("Not printed by the game's own cards or summary (an expansion may use it).")
    return "\n".join(lines)


def _faces(faces: list[str]) -> str:
    shown = ", ".join(faces[:SHOWN_FACES])
    more = len(faces) - SHOWN_FACES
    return f"{shown} and {more} more" if more > 0 else shown


def _box(box: BoxFill) -> str:
    """A box's room: its size, about how many characters fit at its default size, how far
    it may shrink, and how full the English leaves it."""
    lines = "1 line" if box.lines == 1 else f"{box.lines} lines"
    shrinks = f", shrinking to {box.min_size:g} mm" if box.min_size < box.size else ""
    return (
        f"Box {box.width:g} x {box.height:g} mm, {lines}: about {box.capacity} characters at "
        f"{box.size:g} mm{shrinks}; the English fills {round(box.fill * 100)} %."
    )
