"""Every text box of a game's faces in one language: how full it is (:mod:`~generator.render.
fill`) and where it lands on its face. The proof sheets draw it over the faces; the PO
exporter groups it by locale key to tell a translator the room each text has.

Faces are rendered as a build renders them, except that a text too long for its box is drawn
anyway, running out of it (a build would stop there): every box is measured and placed, the
overflowing ones most of all.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from xml.etree import ElementTree

from generator.geometry.sizes import PAPERS, Paper
from generator.model import Deck, Game
from generator.problems import Problem
from generator.render.fill import BoxFill
from generator.render.safe_area import FaceTree, Matrix, TextBox, apply_matrix, place_text_boxes
from generator.render.templates import CardRenderer
from generator.runtime.folders import Templates, shown

Point = tuple[float, float]
Corners = tuple[Point, Point, Point, Point]
"""A box drawn on a face: where its top-left, top-right, bottom-right and bottom-left corners
land, in the face's millimetres (from the trim's top-left corner; a handout's page's)."""


@dataclass(frozen=True)
class PlacedFill:
    """One text box of a face: its number on the face (the order of its ``text(...)``
    call), its fill, and where it is drawn (normally once; never, when the template does
    not print what ``text(...)`` gave it, or draws it where the safe-area check cannot
    follow, see :mod:`~generator.render.safe_area`)."""

    index: int
    fill: BoxFill
    places: tuple[Corners, ...]


@dataclass(frozen=True)
class FaceFills:
    """One face of one language and its text boxes."""

    deck: str
    """The deck's id, or the handout's."""
    face: str
    """The face's name: a card id, ``<id>-back``, ``back`` (a deck's common back), or the
    handout's id."""
    card: str | None
    """The card the face belongs to; ``None`` for a common back and a handout."""
    template: str
    width: float
    """The face's trim (a card's, or a handout's page), mm."""
    height: float
    boxes: tuple[PlacedFill, ...]
    handout: bool = False
    svg: str | None = field(default=None, repr=False, compare=False)
    """The face's SVG as drawn (``None`` when its template failed), for the proof sheets."""


def box_fills(game: Game, lang: str, paper: Paper = PAPERS["a4"]) -> list[FaceFills]:
    """Every face of ``game`` in ``lang`` with its text boxes: each deck's fronts, then its
    backs (each card's, or the one common back), then each handout on ``paper``, in the order
    of the game's files. Each box's :class:`BoxFill` says its locale keys (``keys``), its size
    (``width``, ``height``, mm), its default, smallest and printed sizes, its ``fill`` and
    ``colour`` and about how many characters it holds (``capacity``); its template file is
    shown as a problem shows it (``templates/<game>/<file>``)."""
    return render_fills(game, lang, paper)[0]


def render_fills(
    game: Game, lang: str, paper: Paper = PAPERS["a4"]
) -> tuple[list[FaceFills], list[Problem]]:
    """:func:`box_fills`, and every problem rendering found (a text too long for its box
    among them, each once however many cards show it)."""
    renderer = CardRenderer(game, game.locales[lang], overflow=True)
    faces = []
    for deck in game.decks:
        width, height = deck.size.width, deck.size.height
        for face, card in zip(renderer.faces(deck), _cards(deck), strict=True):
            boxes = _placed(renderer, face.svg, game.templates)
            faces.append(
                FaceFills(
                    deck.id, face.name, card, face.template, width, height, boxes, svg=face.svg
                )
            )
    faces += _handout_fills(renderer, game, paper)
    return faces, renderer.problems


def handout_fills(game: Game, lang: str, paper: Paper = PAPERS["a4"]) -> list[FaceFills]:
    """:func:`box_fills` of the handouts alone: each copy of each at its size on ``paper``."""
    return _handout_fills(CardRenderer(game, game.locales[lang], overflow=True), game, paper)


def _handout_fills(renderer: CardRenderer, game: Game, paper: Paper) -> list[FaceFills]:
    faces = []
    for handout in game.handouts:
        page = handout.plan(paper).face
        for copy in range(handout.copies):
            svg = renderer.handout(handout, page, copy)
            boxes = _placed(renderer, svg, game.templates)
            faces.append(
                FaceFills(
                    handout.id,
                    handout.copy_name(copy),
                    None,
                    handout.template,
                    page.width,
                    page.height,
                    boxes,
                    handout=True,
                    svg=svg,
                )
            )
    return faces


def _cards(deck: Deck) -> Iterator[str | None]:
    """The card of each face :meth:`CardRenderer.faces` gives, in its order."""
    yield from (card.id for card in deck.cards)
    if deck.two_sided:
        yield from (card.id for card in deck.cards)
    else:
        yield None


def _placed(renderer: CardRenderer, svg: str | None, folder: Templates) -> tuple[PlacedFill, ...]:
    """The boxes of the face ``renderer`` rendered last (``svg``), each with where it lands."""
    boxes = renderer.fitter.boxes
    places: dict[int, list[Corners]] = {}
    root = _parsed(svg)
    placements = place_text_boxes(FaceTree(root)) if root is not None else None
    followed = placements.placed if placements is not None and not placements.styled else []
    for number, matrix, _ in followed:  # a stylesheet may move any box: none is placed
        if matrix is not None and 0 <= number < len(boxes):
            places.setdefault(number, []).append(_corners(boxes[number], matrix))
    return tuple(
        PlacedFill(
            index, replace(fill, file=shown(fill.file, folder)), tuple(places.get(index, ()))
        )
        for index, fill in enumerate(renderer.fills())
    )


def _parsed(svg: str | None) -> ElementTree.Element | None:
    """The face's SVG as drawn (its boxes still marked), or ``None`` (the renderer reported
    why it cannot be read)."""
    if svg is None:
        return None
    try:
        return ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        return None


def _corners(box: TextBox, matrix: Matrix) -> Corners:
    """The corners of ``box`` moved by ``matrix``."""
    right, bottom = box.x + box.width, box.y + box.height
    return (
        apply_matrix(matrix, box.x, box.y),
        apply_matrix(matrix, right, box.y),
        apply_matrix(matrix, right, bottom),
        apply_matrix(matrix, box.x, bottom),
    )
