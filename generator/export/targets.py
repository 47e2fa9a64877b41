"""Print-shop targets as data: each ``targets/<id>.yaml`` says what the shop sells and how it
wants its files, with where each number comes from. Shipped with pnp, read with a strict
schema all the same, so a wrong table is a clear error at its file, not a wrong upload."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.geometry.sizes import MM_PER_INCH, CardSize

TARGETS_DIR = Path(__file__).parent / "targets"
MATCH = 0.06
"""How far (a fraction of each side) a product may differ from a deck and still print it: the
art is laid out again at the product's size, which stays true to the design within a few per
cent (63 x 88 mm cards as 63.5 x 88.9 mm poker cards: under 1 %)."""

INK_LIMITS = (100, 400)
"""The ink limits a table may give, in per cent: from solid black alone to all four inks."""


@dataclass(frozen=True)
class Product:
    """A card or tile the shop sells: its trim in mm and, for shops that take images, the exact
    image size with bleed it asks for."""

    id: str
    name: str
    trim: tuple[float, float]
    shape: str = "rounded"
    pixels: tuple[int, int] | None = None
    corner_radius: float | None = None

    def fits(self, card: CardSize) -> float | None:
        """How far this product is from ``card`` (the larger relative difference of the two
        sides), if it is near enough to print it; a round card only as a round product."""
        if (card.shape == "circle") != (self.shape == "circle"):
            return None
        off = max(abs(self.trim[0] / card.width - 1), abs(self.trim[1] / card.height - 1))
        return off if off <= MATCH else None

    def bleeds(self, dpi: int, bleed: float, trim_only: bool = False) -> tuple[float, float]:
        """The bleed around the trim on each axis, in mm: what the image size leaves at
        ``dpi`` (a shop may print a metric card on an inch canvas, so the two differ), else the
        target's ``bleed`` (no pixels, or pixels of the trim alone)."""
        if self.pixels is None or trim_only:
            return bleed, bleed
        return (
            (self.pixels[0] / dpi * MM_PER_INCH - self.trim[0]) / 2,
            (self.pixels[1] / dpi * MM_PER_INCH - self.trim[1]) / 2,
        )

    def distance(self, card: CardSize) -> float:
        return max(abs(self.trim[0] - card.width), abs(self.trim[1] - card.height))


@dataclass(frozen=True)
class Target:
    """A print shop or virtual table, as ``targets/<id>.yaml`` describes it."""

    id: str
    name: str
    kind: str
    """Which exporter makes its files: ``images``, ``pdf`` or ``tts``."""
    dpi: int
    colour: str
    bleed: float
    naming: dict[str, str]
    """File names by side (``front``, ``back``, ``common back``), with ``{deck}``, ``{card}``
    and ``{number}`` (the card's place in its deck, from 1)."""
    backs: str
    products: tuple[Product, ...]
    limits: dict[str, Any] = field(default_factory=dict)
    """Anything else the exporter needs (a virtual table's sheet size)."""

    @property
    def ink_limit(self) -> float | None:
        """The most ink, in per cent, the shop prints at any point of a page (the sum of
        cyan, magenta, yellow and black), if it limits it (``ink_limit`` in its table)."""
        limit = self.limits.get("ink_limit")
        return None if limit is None else float(limit)

    @property
    def trim_only(self) -> bool:
        """Whether its products' pixels are the trim alone (a virtual table shows no bleed)."""
        return self.limits.get("pixels") == "trim"

    def product_for(self, card: CardSize) -> Product | None:
        """The product that prints ``card`` most faithfully, if one is near enough."""
        near = [(off, p) for p in self.products if (off := p.fits(card)) is not None]
        return min(near, key=lambda pair: pair[0])[1] if near else None

    def file_name(self, side: str, deck: str, card: str, number: int) -> str:
        return self.naming[side].format(deck=deck, card=card, number=number)

    def nearest(self, card: CardSize) -> Product | None:
        """The product closest to ``card`` in millimetres (to name in a refusal)."""
        return min(self.products, key=lambda p: p.distance(card), default=None)


def targets() -> dict[str, Target]:
    """Every target pnp ships, by id."""
    return {path.stem: load(path) for path in sorted(TARGETS_DIR.glob("*.yaml"))}


@functools.lru_cache(maxsize=8)
def load(path: Path) -> Target:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        return _target(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{path.name}: {error}") from None


def _target(data: dict[str, Any]) -> Target:
    products = tuple(_product(p) for p in data.get("products", []))
    if not INK_LIMITS[0] <= float(data.get("ink_limit", INK_LIMITS[0])) <= INK_LIMITS[1]:
        raise ValueError(f"ink_limit is a per cent from {INK_LIMITS[0]} to {INK_LIMITS[1]}")
    known = {"id", "name", "kind", "dpi", "colour", "bleed_mm", "naming", "backs", "products"}
    return Target(
        id=str(data["id"]),
        name=str(data["name"]),
        kind=str(data["kind"]),
        dpi=int(data["dpi"]),
        colour=str(data["colour"]),
        bleed=float(data["bleed_mm"]),
        naming={str(side): str(pattern) for side, pattern in data["naming"].items()},
        backs=str(data["backs"]),
        products=products,
        limits={k: v for k, v in data.items() if k not in known},
    )


def _product(data: dict[str, Any]) -> Product:
    pixels = data.get("pixels")
    radius = data.get("corner_radius_mm")
    return Product(
        id=str(data["id"]),
        name=str(data["name"]),
        trim=(float(data["trim_mm"][0]), float(data["trim_mm"][1])),
        shape=str(data.get("shape", "rounded")),
        pixels=(int(pixels[0]), int(pixels[1])) if pixels else None,
        corner_radius=float(radius) if radius is not None else None,
    )
