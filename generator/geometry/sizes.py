"""Physical sizes: cards, paper, and the unit conversions between millimetres and points.

Everything in the project is measured in millimetres; PDF wants points (1/72 in), and only this
module converts.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * PT_PER_MM


SHAPES = ("rectangle", "rounded", "circle")
SAFE_MARGIN = 3.0
"""How far inside the trim text must stay: a cut a little off the line never touches a word."""


@dataclass(frozen=True)
class CardSize:
    """A card's trim size in mm, its outline (for cut guides), the bleed its art extends by and
    the safe margin its text keeps from the cut."""

    width: float
    height: float
    shape: str = "rounded"
    corner_radius: float = 3.0
    bleed: float = 3.0
    safe: float = SAFE_MARGIN

    @property
    def full_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        return self.height + 2 * self.bleed


# The conventional sizes users ask for by name (mm), see ARCHITECTURE.md.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63, 88),
    "bridge": (57, 88),
    "mini": (44, 63),
    "tarot": (70, 120),
    "square": (63, 63),
    "tile": (60, 60),
}


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float

    def turned(self, landscape: bool) -> Paper:
        """The sheet in portrait or landscape."""
        short, long = sorted((self.width, self.height))
        return Paper(self.name, long, short) if landscape else Paper(self.name, short, long)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
    "a3": Paper("a3", 297.0, 420.0),
}
