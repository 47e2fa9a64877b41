"""A face drawn alone, the render stage's product (:func:`generator.render.draw.face`): what the
cache keeps of it (:class:`~generator.render.store.ArtStore`) and what the assembler places on
every slot that prints it (:class:`~generator.layout.compose.Book`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from generator.geometry.shapes import Rect
from generator.render.ink import Raster
from generator.runtime.cache import json_payload

Selection = tuple[str, int, int]
"""How cairosvg asks cairo for a font: family, slant and weight (cairo's toy font API)."""


@dataclass(frozen=True)
class FaceArt:
    """A face drawn alone: a one-page PDF of its whole SVG, the rectangle that page covers in
    the card's own millimetres (a card's is its trim plus the full bleed, from ``-bleed``), its
    raster for measuring ink (:mod:`generator.render.ink`: every page that places the face is
    measured from it), and the cairo font selection behind each font it uses, by base name."""

    pdf: bytes
    box: Rect
    raster: Raster
    fonts: dict[str, Selection] = field(default_factory=dict)

    def pack(self) -> bytes:
        """The bytes to cache: a line of JSON, then the raster's pixels (its size in the
        line), then the PDF."""
        head = {
            "box": [self.box.x, self.box.y, self.box.width, self.box.height],
            "fonts": {base: list(selection) for base, selection in self.fonts.items()},
            "raster": [self.raster.width, self.raster.height],
        }
        return json.dumps(head, sort_keys=True).encode() + b"\n" + self.raster.rgb + self.pdf

    @classmethod
    def unpack(cls, data: bytes) -> FaceArt:
        """What :meth:`pack` wrote; ``ValueError`` (or ``KeyError``, ``TypeError``) for bytes
        it did not write: cairo's slant and weight are small numbers, the box is four, the
        raster a size it can have (:meth:`Raster.unpacked`; pixels of another size leave
        bytes that are not a PDF where the PDF should start)."""
        head, _, rest = data.partition(b"\n")
        fields = json_payload(head)
        fonts = {base: (str(f), int(s), int(w)) for base, (f, s, w) in fields["fonts"].items()}
        if any(not (0 <= s <= 2 and 0 <= w <= 1) for _, s, w in fonts.values()):
            raise ValueError("not a font selection cairo makes")
        x, y, width, height = fields["box"]
        if any(type(value) not in (int, float) for value in (x, y, width, height)):
            raise ValueError("a box is four numbers")
        across, down = fields["raster"]
        raster = Raster.unpacked(x, y, across, down, rest)
        return cls(rest[len(raster.rgb) :], Rect(x, y, width, height), raster, fonts)
