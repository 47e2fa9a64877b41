"""What a face template knows of its card's shape: the ``geometry`` value in its context.

A template draws in millimetres with (0, 0) at the trim's top-left corner. It takes the card's
outline from here, never from numbers of its own: the bleed a background covers, the insets of
frames, the centre turned text rotates about. Its art is drawn once, for the size the designer
chose (``geometry.art(63, 88)``); on a card of another size the art is scaled uniformly, so its
safe area lands inside the card's safe area and its trim inside the card's trim, and placed by
an anchor. Nothing is stretched or pushed past the cut, and text the template keeps inside the
safe area at its design size stays inside it at every size.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from markupsafe import Markup

from generator.geometry.sizes import CardSize

ANCHORS = {
    "top-left": (0.0, 0.0),
    "top": (0.5, 0.0),
    "top-right": (1.0, 0.0),
    "left": (0.0, 0.5),
    "middle": (0.5, 0.5),
    "right": (1.0, 0.5),
    "bottom-left": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottom-right": (1.0, 1.0),
}
"""Where the art sits in the room a card of another shape leaves it: the share of that room to
its left and above it."""


def mm(value: float) -> str:
    """A length as SVG text: ``69`` and ``59.8``, never ``69.0`` or ``59.800000000000004``."""
    return f"{round(value, 4) + 0.0:g}"


@dataclass(frozen=True)
class Box:
    """A rectangle in mm, for templates: its edges, and its attributes for a ``<rect>``."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def rect(self) -> Markup:
        """``x="…" y="…" width="…" height="…"``: ``<rect {{ box.rect }} fill="…"/>``."""
        x, y, width, height = (mm(v) for v in (self.x, self.y, self.width, self.height))
        return Markup(f'x="{x}" y="{y}" width="{width}" height="{height}"')


@dataclass(frozen=True)
class Geometry(CardSize):
    """The card a face is drawn on, in mm from the trim's top-left corner: its size as the deck
    declares it (``width``, ``height``, ``bleed``, ``shape``, ``corner_radius``), the safe margin
    every card keeps (``safe``, 3 mm) and what a template draws from it."""

    @classmethod
    def of(cls, size: CardSize) -> Geometry:
        return cls(**dataclasses.asdict(size))

    @property
    def centre_x(self) -> float:
        """The centre of the trim: what a card turned round (text for the other hand) turns
        about."""
        return self.width / 2

    @property
    def centre_y(self) -> float:
        return self.height / 2

    def inset(self, distance: float) -> Box:
        """The trim moved ``distance`` mm inwards (a frame); negative: out into the bleed."""
        return Box(distance, distance, self.width - 2 * distance, self.height - 2 * distance)

    @property
    def bleed_box(self) -> Box:
        """Everything printed of the card: the trim and its bleed, where a background goes."""
        return self.inset(-self.bleed)

    def frame(self, stroke: float) -> Box:
        """Where a frame stroked ``stroke`` mm wide goes so that its ink keeps the safe margin:
        a thin line close to the cut would show the smallest miscut as uneven borders."""
        return self.inset(self.safe + stroke / 2)

    def art(self, width: float, height: float, anchor: str = "middle") -> Art:
        """Art drawn for a ``width`` x ``height`` mm card, placed on this one by ``anchor``
        (``middle``, ``top``, ``bottom-right``...): see :class:`Art`."""
        if anchor not in ANCHORS:
            raise ValueError(f"unknown anchor {anchor!r} (known: {', '.join(ANCHORS)})")
        if min(width, height) <= 2 * self.safe:
            raise ValueError(
                f"art for a {mm(width)} x {mm(height)} mm card has no room inside its "
                f"{mm(self.safe)} mm safe margin"
            )
        return Art(self, width, height, anchor)


@dataclass(frozen=True)
class Art:
    """Art drawn for a card of the design size ``width`` x ``height``, placed on ``card``.

    Inside ``<g transform="{{ art.transform }}">`` a template draws in the design's millimetres.
    The scale is the largest that fits the design's safe area into the card's and its trim
    into the card's trim: text the design keeps safe stays safe, and nothing the design draws
    inside its cut moves past the card's (the same scale for every anchor, so all the art of a
    face keeps its proportions). The anchor says where the art goes in the room left on the axis
    that has room to spare. At the design size it is the identity.
    """

    card: Geometry
    width: float
    height: float
    anchor: str

    @property
    def scale(self) -> float:
        safe = self.card.safe
        return min(
            (self.card.width - 2 * safe) / (self.width - 2 * safe),
            (self.card.height - 2 * safe) / (self.height - 2 * safe),
            self.card.width / self.width,
            self.card.height / self.height,
        )

    @property
    def offset_x(self) -> float:
        return self._offset(self.card.width, self.width, ANCHORS[self.anchor][0])

    @property
    def offset_y(self) -> float:
        return self._offset(self.card.height, self.height, ANCHORS[self.anchor][1])

    def _offset(self, card: float, design: float, share: float) -> float:
        """Where the design's 0 lands on the card along one axis: ``share`` of the way through
        the places that keep its safe area in the card's and its trim in the card's trim."""
        safe, scale = self.card.safe, self.scale
        low = max(safe - scale * safe, 0.0)
        high = min(card - safe - scale * (design - safe), card - scale * design)
        return low + share * (high - low)

    @property
    def transform(self) -> str:
        """The SVG transform from the design's millimetres to the card's; empty at the design
        size."""
        scale, x, y = self.scale, self.offset_x, self.offset_y
        if (scale, x, y) == (1, 0, 0):
            return ""
        return f"translate({mm(x)} {mm(y)}) scale({scale:.6g})"

    @property
    def centre_x(self) -> float:
        """The design's centre, what a face turned in its own art turns about (the card's centre
        too, for art placed in the ``middle``)."""
        return self.width / 2

    @property
    def centre_y(self) -> float:
        return self.height / 2

    def inset(self, distance: float) -> Box:
        """The card's trim moved ``distance`` mm inwards (negative: into the bleed), in the
        design's millimetres: a frame that follows the card's edge, a band or pattern that runs
        to the paper's edge, whatever the card's size."""
        trim = self.card.inset(distance)
        scale, x, y = self.scale, self.offset_x, self.offset_y
        return Box(
            (trim.x - x) / scale, (trim.y - y) / scale, trim.width / scale, trim.height / scale
        )

    @property
    def bleed_box(self) -> Box:
        """The card's trim and bleed in the design's millimetres: where a background goes."""
        return self.inset(-self.card.bleed)

    def frame(self, stroke: float) -> Box:
        """Where a frame stroked ``stroke`` of the design's mm wide goes, in the design's mm, so
        that its ink keeps the card's safe margin at any size: the line follows the card's edge
        (:meth:`inset`) while its stroke is scaled with the art, so it moves in by half the
        scaled stroke."""
        return self.inset(self.card.safe + stroke * self.scale / 2)
