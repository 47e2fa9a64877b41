"""Faces rendered before, found again instead of rendered: an edit renders only the faces
whose inputs it changed.

A face's SVG is made from its template and the files it draws on, its card's data, the game's
palette, its language and the texts it reads (:mod:`~generator.render.readings`); nothing else
reaches a template. So the faces of a deck in a language are remembered together, in one entry
under the digest of what they all share (:meth:`FaceMemo.deck`): for each face, by the digest
of its template and card, the texts it read, what they read then, its SVG and its key. A face
whose texts read the same now is the same face. Only faces of a rendering that found no problem
are remembered (a problem is then found again by rendering the face again, every time it is
there).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from generator.model import Card, Deck, Game, Locale
from generator.render.readings import Reading, canonical, found
from generator.runtime.cache import key
from generator.runtime.versions import code_version

KEPT = 1024
"""Entries a preview keeps in memory: the faces of a deck in a language each (a shipped game
has a few dozen)."""


class Entries(Protocol):
    """Where remembered faces are kept: the build's cache
    (:class:`~generator.runtime.cache.Cache`), or a preview's memory (:class:`InMemory`)."""

    def get(self, entry: str) -> bytes | None: ...

    def put(self, entry: str, payload: bytes) -> None: ...


class InMemory:
    """Entries kept in memory, the :data:`KEPT` used last (a preview's, while it runs)."""

    def __init__(self, most: int = KEPT) -> None:
        self.most = most
        self.kept: OrderedDict[str, bytes] = OrderedDict()

    def get(self, entry: str) -> bytes | None:
        found = self.kept.get(entry)
        if found is not None:
            self.kept.move_to_end(entry)
        return found

    def put(self, entry: str, payload: bytes) -> None:
        self.kept[entry] = payload
        self.kept.move_to_end(entry)
        while len(self.kept) > self.most:
            self.kept.popitem(last=False)


class Known(NamedTuple):
    """A face found again: its SVG and its key (:func:`~generator.render.store.face_key`)."""

    svg: str
    face: str


class _Face(NamedTuple):
    """A face as remembered: what it read, the digest of what that read, its SVG and key."""

    read: tuple[Reading, ...]
    found: str
    known: Known


@dataclass(frozen=True)
class FaceMemo:
    """The faces of one game remembered in ``entries``; ``sources`` is the digest of every file
    its faces are made from but its decks and locales (templates, fonts, ``game.yaml``, the
    palettes: :meth:`~generator.pipeline.inputs.GameInputs.faces_key`)."""

    entries: Entries
    sources: str

    def deck(self, game: Game, lang: str, deck: Deck) -> DeckFaces:
        """The faces of ``deck`` in ``lang`` remembered, under the digest of all they are made
        from but each face's card and texts."""
        folders = [str(folder) for folder in game.templates.own]
        shape = (deck.id, repr(deck.size), deck.front, deck.back, deck.two_sided)
        made = json.dumps([folders, canonical(game.colours), shape], default=repr)
        entry = key("deck faces", code_version(), self.sources, lang, made)
        return DeckFaces(self.entries, entry, _faces(self.entries.get(entry)))


@dataclass
class DeckFaces:
    """The remembered faces of one deck in one language, and those rendered now."""

    entries: Entries
    entry: str
    before: dict[str, _Face]
    now: dict[str, _Face] = field(default_factory=dict)

    def known(self, inputs: str, locale: Locale) -> Known | None:
        """The face of digest ``inputs`` (:func:`inputs`) rendered before, if the texts it
        read then read the same in ``locale``."""
        face = self.before.get(inputs)
        if face is None or _digest(face.read, locale) != face.found:
            return None
        self.now[inputs] = face
        return face.known

    def rendered(
        self, inputs: str, read: tuple[Reading, ...], locale: Locale, known: Known
    ) -> None:
        """A face rendered from ``inputs`` that read ``read`` of ``locale``."""
        self.now[inputs] = _Face(read, _digest(read, locale), known)

    def keep(self) -> None:
        """Remember the faces of the deck as found or rendered now, if they differ from those
        remembered."""
        if self.now != self.before:
            faces = [[inputs, *face[:2], *face.known] for inputs, face in self.now.items()]
            self.entries.put(self.entry, json.dumps(faces, default=repr).encode())


def inputs(template: str, card: Card | None) -> str:
    """The digest of what a face is made from beside what its deck shares and its texts: its
    template and its card's data (``None``: the back every card shares)."""
    data = json.dumps(canonical(card.template_data()) if card else None, default=repr)
    return key("face inputs", template, data)


def _digest(read: tuple[Reading, ...], locale: Locale) -> str:
    return hashlib.sha256(found(locale, read).encode()).hexdigest()


def _faces(payload: bytes | None) -> dict[str, _Face]:
    """The faces an entry holds, as :meth:`DeckFaces.keep` writes them; none from an entry
    that holds anything else."""
    try:
        items = json.loads(payload) if payload is not None else []
        return {
            _text(face): _Face(_readings(read), _text(was), Known(_text(svg), _text(entry)))
            for face, read, was, svg, entry in items
        }
    except (ValueError, TypeError, RecursionError):  # not JSON, not five fields each, too deep
        return {}


def _readings(items: Any) -> tuple[Reading, ...]:
    """Readings as JSON holds them: each a path (a list) and how it was read."""
    read = []
    for path, how in items:
        if not (isinstance(path, list) and all(isinstance(part, (str, int)) for part in path)):
            raise TypeError(f"not a path: {path!r}")
        read.append((tuple(path), _text(how)))
    return tuple(read)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"not a text: {value!r}")
    return value
