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
from generator.render.memo import DeckFaces, FaceMemo, Known, inputs
from generator.render.readings import noting
from generator.render.store import face_key
from generator.render.templates import CardRenderer, Face
from generator.runtime.folders import shown

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

    def add(self, deck: Deck, face: Face, entry: str) -> None:
        """Add ``face`` of ``deck``, of key ``entry``."""
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
    game: Game, lang: str, decks: tuple[str, ...] | None = None, memo: FaceMemo | None = None
) -> tuple[FaceSet, list[Problem]]:
    """Render every face of ``game`` (of ``decks`` only, if given) in ``lang``: template errors,
    text that cannot fit, assets that cannot be found are problems; the faces of a game
    without any are its FaceSet. With a ``memo``, a face rendered before from the same inputs
    is found there instead, and the faces rendered now are remembered if none had a
    problem."""
    renderer = Keyed(game, game.locales[lang]) if memo is None else Remembering(game, lang, memo)
    faces = FaceSet()
    for deck in game.decks:
        if decks is not None and deck.id not in decks:
            continue
        for face in renderer.faces(deck):
            if face.svg is not None:
                faces.add(deck, face, renderer.entry(face.svg))
    if not renderer.problems:
        renderer.keep()
    return faces, renderer.problems


class Keyed(CardRenderer):
    """A renderer that renders every face and names each by its key; what
    :class:`Remembering` does besides, this one does not need (nothing to remember)."""

    def entry(self, svg: str) -> str:
        """The key of a face it rendered (:func:`face_key`)."""
        return face_key(svg, self.game.templates)

    def keep(self) -> None:
        """Nothing to remember: the faces were rendered without a memo."""


class Remembering(Keyed):
    """A renderer that finds each face in a :class:`FaceMemo` if it can, renders it (noting
    the texts it reads) if not, and remembers the faces of each deck when told to
    (:meth:`keep`)."""

    def __init__(self, game: Game, lang: str, memo: FaceMemo) -> None:
        self.loaded = game.locales[lang]
        noted, self.readings = noting(self.loaded)
        super().__init__(game, noted)
        self.memo = memo
        self.decks: dict[str, DeckFaces] = {}
        self.keys: dict[str, str] = {}
        """The key of each face found or rendered, by its SVG."""
        self.rendered = 0
        """How many faces it rendered (the rest it found)."""

    def entry(self, svg: str) -> str:
        """The key of a face it found or rendered (:func:`face_key`)."""
        if svg not in self.keys:
            self.keys[svg] = face_key(svg, self.game.templates)
        return self.keys[svg]

    def keep(self) -> None:
        """Remember the faces of each deck as found or rendered."""
        for faces in self.decks.values():
            faces.keep()

    def _render(self, name: str, deck: Deck, card: Card | None) -> str | None:
        if deck.id not in self.decks:
            self.decks[deck.id] = self.memo.deck(self.game, self.locale.lang, deck)
        faces, made_of = self.decks[deck.id], inputs(name, card)
        known = faces.known(made_of, self.loaded)
        if known is not None:
            self.keys[known.svg] = known.face
            return known.svg
        self.readings.start()
        svg = super()._render(name, deck, card)
        self.rendered += 1
        if svg is not None:
            faces.rendered(made_of, self.readings.taken(), self.loaded, Known(svg, self.entry(svg)))
        return svg


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


def batches(work: Sequence[T], cores: int = 1) -> list[Sequence[T]]:
    """``work`` (faces to draw) in tasks of :data:`BATCH`, in order; fewer faces than that on
    each of ``cores`` are shared out evenly (an edit's six faces are drawn three a core, not
    six on one while the other waits)."""
    size = min(BATCH, max(1, -(-len(work) // max(1, cores))))
    return [work[start : start + size] for start in range(0, len(work), size)]
