"""The render stage's product: every face of a game in one language as SVG text, each distinct
face once (:class:`FaceSet`), rendered by :func:`render_faces`; and what drawing them shares
wherever it happens (a build's workers, an export, a proof, the preview): a face cairo cannot
draw is a problem of its template (:func:`drawing`), and faces are drawn :data:`BATCH` to a
task.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from generator.model import Card, Deck, Game
from generator.problems import DataError, DrawError, Problem
from generator.render.store import face_key
from generator.render.templates import CardRenderer, Face
from generator.runtime.folders import Templates, shown

BATCH = 6
"""Faces drawn per task on another core: enough to make a task's overhead small, few enough
that both cores stay busy to the end."""

T = TypeVar("T")


@dataclass
class FaceSet:
    """Every card face of one game in one language, rendered once by the check and shared by
    the output kinds: each distinct face's SVG by its key (:func:`~generator.render.store.
    face_key`), and the key of each face by its deck and name (a card id, ``<id>-back`` or
    ``back``, as :meth:`CardRenderer.faces` names them)."""

    svgs: dict[str, str] = field(default_factory=dict)
    named: dict[tuple[str, str], str] = field(default_factory=dict)
    templates: dict[str, str] = field(default_factory=dict)
    first: dict[str, str] = field(default_factory=dict)
    """The name of the first face of each key, to name it in a problem."""

    def add(self, deck: Deck, face: Face, folder: Templates) -> None:
        entry = face_key(rendered(face.svg), folder)
        self.svgs.setdefault(entry, rendered(face.svg))
        self.named[(deck.id, face.name)] = entry
        self.templates.setdefault(entry, face.template)
        self.first.setdefault(entry, face.name)

    def update(self, other: FaceSet) -> None:
        """Add the faces of ``other`` after these (faces rendered deck by deck, elsewhere)."""
        for entry, svg in other.svgs.items():
            self.svgs.setdefault(entry, svg)
            self.templates.setdefault(entry, other.templates[entry])
            self.first.setdefault(entry, other.first[entry])
        self.named.update(other.named)

    def only(self, game: Game) -> FaceSet:
        """The faces the cards of ``game`` print (a game cut down to an expansion's cards
        draws none of the others)."""
        used = {
            entry
            for deck in game.decks
            for card in deck.cards
            for entry in (self.front(deck, card), self.back(deck, card))
        }
        return FaceSet(
            {entry: svg for entry, svg in self.svgs.items() if entry in used},
            {name: entry for name, entry in self.named.items() if entry in used},
            {entry: name for entry, name in self.templates.items() if entry in used},
            {entry: name for entry, name in self.first.items() if entry in used},
        )

    def front(self, deck: Deck, card: Card) -> str:
        return self.named[(deck.id, card.id)]

    def back(self, deck: Deck, card: Card) -> str:
        return self.named[(deck.id, f"{card.id}-back" if deck.two_sided else "back")]


def render_faces(
    game: Game, lang: str, decks: tuple[str, ...] | None = None
) -> tuple[FaceSet, list[Problem]]:
    """Render every face of ``game`` (of ``decks`` only, if given) in ``lang``: template errors,
    text that cannot fit, assets that cannot be found are problems; the faces of a game
    without any are its FaceSet."""
    renderer = CardRenderer(game, game.locales[lang])
    faces = FaceSet()
    for deck in game.decks:
        if decks is not None and deck.id not in decks:
            continue
        for face in renderer.faces(deck):
            if face.svg is not None:
                faces.add(deck, face, game.templates)
    return faces, renderer.problems


@contextlib.contextmanager
def drawing(game: Game, template: str, subject: str) -> Iterator[None]:
    """A face cairo cannot draw (validation found nothing wrong with its SVG text) is a problem
    of its template, reported like any other: the build stops and writes nothing."""
    try:
        yield
    except DrawError as error:
        file = shown(game.templates / template, game.templates)  # an expansion's, if it has it
        problem = Problem(file, 0, subject, str(error))
        raise DataError([problem]) from None


def rendered(svg: str | None) -> str:
    """A face validation already rendered without problems (so it cannot be ``None``)."""
    if svg is None:
        raise RuntimeError("a face failed to render after validation passed")
    return svg


def batches(work: Sequence[T]) -> list[Sequence[T]]:
    """``work`` (faces to draw) in tasks of :data:`BATCH`, in order."""
    return [work[start : start + BATCH] for start in range(0, len(work), BATCH)]
