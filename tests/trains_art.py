"""What the Game of Trains wagon art is made of, for tests: each ability's colours as its
template declares them, and the ground of a rendered wagon measured the way a player tells two
grounds apart (how dark, which way its lines run, how fine), in greyscale."""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from PIL import Image

from generator.model import Game
from generator.render.templates import environment

GROUND_BAND = (16.0, 3.6, 59.0, 12.6)
"""Where a poker-size wagon shows nothing but its ground (mm from the trim's top-left: left,
top, right, bottom): the band above the wagon, right of the corner number."""
DIRECTIONS = 8
"""Edge directions are counted in 22.5 degree steps (0 = a vertical edge, as of an upright
stripe)."""
NO_EDGES = 0.05
"""Edge length per area (mm per mm²) counted as none at all: a plain ground's anti-aliasing."""


def abilities(game: Game) -> dict[str, dict[str, str]]:
    """Each ability's ``ink`` (its name, pictogram and wagon), ``pale`` (the ground) and
    ``tint`` (the ground's pattern), read from ``icons.svg.j2``."""
    icons = environment(game.templates).get_template("icons.svg.j2").module
    table = icons.ABILITY  # type: ignore[attr-defined]
    return {ability: dict(colours) for ability, colours in table.items()}


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as its three channels, 0 to 255."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue


@dataclass(frozen=True)
class Ground:
    """A wagon's ground as greyscale shows it."""

    tone: float
    """Mean grey level, 0 (black) to 255 (white)."""
    directions: tuple[float, ...]
    """The share of the edges' contrast running in each of :data:`DIRECTIONS` directions."""
    fineness: float
    """Edge length per area, mm per mm²: fine mesh high, sparse dots low, a plain ground 0."""

    @classmethod
    def of(cls, png: bytes, dpi: float, bleed: float) -> Ground:
        """The ground in :data:`GROUND_BAND` of a rendered face (``bleed`` mm round its trim)."""
        grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
        left, top, right, bottom = (round((mm + bleed) * dpi / 25.4) for mm in GROUND_BAND)
        band = grey[top:bottom, left:right]
        across = (band[1:-1, 2:] - band[1:-1, :-2]) / 2
        down = (band[2:, 1:-1] - band[:-2, 1:-1]) / 2
        strength = np.hypot(across, down)
        angle = np.degrees(np.arctan2(down, across)) % 180
        step = 180 / DIRECTIONS
        bins = np.round(angle / step).astype(int) % DIRECTIONS
        energy = np.bincount(bins.ravel(), weights=strength.ravel(), minlength=DIRECTIONS)
        total = energy.sum()
        contrast = np.percentile(band, 99) - np.percentile(band, 1)
        fineness = strength.mean() / contrast * dpi / 25.4 if contrast > 1 else 0.0
        shares = tuple(float(e / total) for e in energy) if total > 0 else (0.0,) * DIRECTIONS
        return cls(float(band.mean()), shares, float(fineness))

    def differences(self, other: Ground) -> tuple[float, float, float]:
        """How far apart two grounds are: grey levels of tone, the share of edges running in
        other directions (0 to 2: the sum of the shares' differences) and how many times finer
        the finer one is."""
        tone = abs(self.tone - other.tone)
        directions = sum(abs(a - b) for a, b in zip(self.directions, other.directions, strict=True))
        fine, coarse = sorted((max(self.fineness, NO_EDGES), max(other.fineness, NO_EDGES)))[::-1]
        return tone, directions, fine / coarse
