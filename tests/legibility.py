"""How a printed face reads, for tests: a ground measured the way a player tells two grounds
apart in greyscale (how dark, which way its lines run, how fine), and the sizes its text is
printed at."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import numpy as np
from PIL import Image

ACROSS_THE_TABLE = 2.82
"""The least font size (mm) of a text a player reads across the table: 8 pt."""
SMALLEST = 2.12
"""The least font size (mm) of any printed text: 6 pt."""
DIRECTIONS = 8
"""Edge directions are counted in 22.5 degree steps (0 = a vertical edge, as of an upright
stripe)."""
NO_EDGES = 0.05
"""Edge length per area (mm per mm²) counted as none at all: a plain ground's anti-aliasing."""
TONE_STEP = 20
"""Grey levels (of 255) that make two grounds clearly lighter and darker: 8 % of the scale, four
times the 2 % step the eye tells apart side by side, so a printer's drift does not hide it."""
DIRECTION_SHARE = 0.8
"""Two grounds whose lines run differently: at least 40 % of one's edges (0.8 in the sum of
differences, which runs to 2) run in directions the other's do not (stripes across against
stripes along give 2, bricks against plain stripes 0.66)."""
FINENESS_RATIO = 1.5
"""One ground half as busy again as the other (a mesh of lines against sparse dots): texture
density differences of 10-20 % are already seen; 50 % is plain."""

Band = tuple[float, float, float, float]
"""Part of a face, in mm from the trim's top-left corner: left, top, right, bottom."""


def grey(png: bytes, dpi: float, bleed: float, band: Band) -> np.ndarray:
    """The grey levels (0 black to 255 white) of ``band`` of a face rendered at ``dpi`` with
    ``bleed`` mm round its trim."""
    image = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
    left, top, right, bottom = (round((mm + bleed) * dpi / 25.4) for mm in band)
    return image[top:bottom, left:right]


@dataclass(frozen=True)
class Ground:
    """A card's ground as greyscale shows it."""

    tone: float
    """Mean grey level, 0 (black) to 255 (white)."""
    directions: tuple[float, ...]
    """The share of the edges' contrast running in each of :data:`DIRECTIONS` directions."""
    fineness: float
    """Edge length per area, mm per mm²: fine mesh high, sparse dots low, a plain ground 0."""

    @classmethod
    def of(cls, png: bytes, dpi: float, bleed: float, band: Band) -> Ground:
        """The ground in ``band`` of a rendered face (``bleed`` mm round its trim)."""
        part = grey(png, dpi, bleed, band)
        across = (part[1:-1, 2:] - part[1:-1, :-2]) / 2
        down = (part[2:, 1:-1] - part[:-2, 1:-1]) / 2
        strength = np.hypot(across, down)
        angle = np.degrees(np.arctan2(down, across)) % 180
        step = 180 / DIRECTIONS
        bins = np.round(angle / step).astype(int) % DIRECTIONS
        energy = np.bincount(bins.ravel(), weights=strength.ravel(), minlength=DIRECTIONS)
        total = energy.sum()
        contrast = np.percentile(part, 99) - np.percentile(part, 1)
        fineness = strength.mean() / contrast * dpi / 25.4 if contrast > 1 else 0.0
        shares = tuple(float(e / total) for e in energy) if total > 0 else (0.0,) * DIRECTIONS
        return cls(float(part.mean()), shares, float(fineness))

    def differences(self, other: Ground) -> tuple[float, float, float]:
        """How far apart two grounds are: grey levels of tone, the share of edges running in
        other directions (0 to 2: the sum of the shares' differences) and how many times finer
        the finer one is."""
        tone = abs(self.tone - other.tone)
        directions = sum(abs(a - b) for a, b in zip(self.directions, other.directions, strict=True))
        fine, coarse = sorted((max(self.fineness, NO_EDGES), max(other.fineness, NO_EDGES)))[::-1]
        return tone, directions, fine / coarse

    def alike(self, other: Ground) -> str | None:
        """How two grounds measure when greyscale does not tell them apart (in tone, in the way
        their lines run or in how fine they are), else ``None``."""
        tone, directions, fineness = self.differences(other)
        if tone < TONE_STEP and directions < DIRECTION_SHARE and fineness < FINENESS_RATIO:
            return f"tone {tone:.0f}, directions {directions:.2f}, x{fineness:.2f}"
        return None


FONT_SIZE = re.compile(r'<text [^>]*font-size="([\d.]+)"')


def font_sizes(svg: str) -> list[float]:
    """The font size (mm) of every line of text of a face drawn in the card's own millimetres
    (``text()`` writes each line's size on its ``<text>``)."""
    return [float(size) for size in FONT_SIZE.findall(svg)]
