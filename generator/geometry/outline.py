"""A card's cut line as data, in one place: the printed cut guides follow it, the safe-area check
measures against it, and files for cutting machines can read the same pieces.

Coordinates are millimetres from the top-left corner of the trim, y pointing down (as on the page
and in the templates); angles are radians, growing clockwise on the page, as cairo and SVG draw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.geometry.sizes import CardSize


@dataclass(frozen=True)
class Edge:
    """A straight piece of the cut line, from (``x1``, ``y1``) to (``x2``, ``y2``)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Arc:
    """Part of the circle of ``radius`` around (``cx``, ``cy``), from angle ``start`` to ``end``."""

    cx: float
    cy: float
    radius: float
    start: float
    end: float


Piece = Edge | Arc

_QUARTER = math.pi / 2
_DIRECTIONS = ((-1, 0), (0, -1), (1, 0), (0, 1))
"""Where each corner's arc starts, seen from its centre: left, up, right, down. Written out so
the straight edges meet the arcs exactly, without the rounding of cos and sin."""


def corner_radius(card: CardSize) -> float:
    """The radius the corners are cut with: none for a rectangle, at most half a side."""
    if card.shape != "rounded":
        return 0.0
    return min(card.corner_radius, card.width / 2, card.height / 2)


def card_outline(card: CardSize) -> tuple[Piece, ...]:
    """The cut line, clockwise from the top-left corner: a circle is one arc, a rounded card four
    corner arcs joined by its straight edges, a rectangle four edges."""
    if card.shape == "circle":
        radius = min(card.width, card.height) / 2
        return (Arc(card.width / 2, card.height / 2, radius, 0.0, 2 * math.pi),)
    r = corner_radius(card)
    centres = ((r, r), (card.width - r, r), (card.width - r, card.height - r), (r, card.height - r))
    pieces: list[Piece] = []
    for index, (cx, cy) in enumerate(centres):
        start = math.pi + index * _QUARTER
        if r > 0:
            pieces.append(Arc(cx, cy, r, start, start + _QUARTER))
        dx, dy = _DIRECTIONS[(index + 1) % 4]
        next_x, next_y = centres[(index + 1) % 4]
        edge = Edge(cx + dx * r, cy + dy * r, next_x + dx * r, next_y + dy * r)
        if (edge.x1, edge.y1) != (edge.x2, edge.y2):
            pieces.append(edge)
    return tuple(pieces)


def curves(card: CardSize) -> tuple[Arc, ...]:
    """The curved pieces of the cut line: the ones crop marks cannot show, so a sheet prints them
    as cut guides (a rectangle has none)."""
    return tuple(piece for piece in card_outline(card) if isinstance(piece, Arc))


def distance_outside(card: CardSize, x: float, y: float, inset: float = 0.0) -> float:
    """How far the point (``x``, ``y``) lies outside the cut line moved ``inset`` mm inwards;
    zero or less when it is inside. With ``inset`` the safe margin, this is the safe area: its
    corners round with the card's, ``inset`` mm from the cut everywhere."""
    centre_x, centre_y = card.width / 2, card.height / 2
    if card.shape == "circle":
        radius = min(card.width, card.height) / 2 - inset
        return math.hypot(x - centre_x, y - centre_y) - radius
    r = max(corner_radius(card) - inset, 0.0)
    over_x = abs(x - centre_x) - (centre_x - inset - r)
    over_y = abs(y - centre_y) - (centre_y - inset - r)
    outside = math.hypot(max(over_x, 0.0), max(over_y, 0.0))
    return outside + min(max(over_x, over_y), 0.0) - r
