"""Registration marks for Silhouette Studio's print-and-cut, as data: where they go, what they
keep clear, and a page that prints them.

A Silhouette cutter finds the printed sheet by three marks ("Type 1", the Cameo, Portrait and
Curio style): a filled square at the top left and L-shaped corners at the top right and bottom
left. Silhouette Studio draws the same marks on its own page from four settings (style, length,
thickness, inset to page), and the cutter trusts the printed marks to be where Studio drew them:
so the marks we print must follow Studio's geometry exactly and the user must give Studio the
same settings. They can be changed for that reason (:func:`parse`), not to be inventive.

The geometry, as Studio draws it (silhouette-card-maker's ``page_manager.py`` reproduces it
from PDFs Studio printed): each mark is a path through the point ``inset`` mm from both paper
edges, stroked ``thickness`` wide, so its outer edges lie ``thickness / 2`` outside the inset;
an L's arms reach ``length`` mm inwards from that point; the square is 5 mm, stroked like the
Ls (so ``5 + thickness`` wide on paper).

Where the numbers come from (there is no published specification; these are the open-source
projects that print marks Studio accepts):

- ``square`` 5 mm: fixed in Studio (no setting); inkscape-silhouette's
  ``render_silhouette_regmarks.py`` (``REG_SQUARE_MM = 5``), silhouette-card-maker
  (``page_manager.py``, "5x5mm at inset"), proxies-at-home (``REG_MARK_SQUARE_SIZE_MM = 5``).
- ``inset`` 10 mm: Studio's default and smallest "inset to page" (0.394 in):
  silhouette-card-maker (``layouts.json`` default, ``MIN_REG_INSET_MM = 10``, and its docs:
  "Silhouette Studio limits the minimum inset of registration marks to 10mm"),
  proxies-at-home ("0.394 in from page edge (Silhouette spec)").
- ``length`` 5 mm and ``thickness`` 1 mm: silhouette-card-maker's default, short thick marks
  that leave room for 8 poker cards on A4 or Letter (4 x 2 across the turned sheet; 20 mm arms
  leave 6). Studio accepts 5-20 mm and 0.5-1 mm (silhouette-card-maker's
  ``MIN_/MAX_REG_LENGTH_MM``, ``MIN_/MAX_REG_THICKNESS_MM``); inkscape-silhouette's A4
  template (``examples/registration-marks-a4-maxi.svg``) draws the longest, 20 mm and 0.5 mm.
- ``clearance`` 1.5 mm: silhouette-card-maker's ``REG_PADDING_MM``, the extra room it keeps
  around the marks so the cutter's optical sensor sees nothing but the mark.
- the sheet feeder: Silhouette's Auto Sheet Feeder pulls the paper itself and needs an inset
  of at least 0.625 in (15.875 mm) at the leading and trailing edge (silhouette-card-maker
  issue 173); Studio has one inset for all sides, so with the feeder the marks, and the cards
  inside them, move in on every side.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from generator.geometry.sizes import Paper

Point = tuple[float, float]
Polygon = tuple[Point, ...]

FEEDS: dict[str, float] = {"mat": 10.0, "feeder": 15.875}
"""How the sheet goes into the cutter -> the least inset its marks need there (see above)."""


RANGES: dict[str, tuple[float, float]] = {
    "inset": (10.0, 50.0),
    "length": (5.0, 20.0),
    "thickness": (0.5, 1.0),
    "clearance": (0.0, 10.0),
}
"""What each number may be, in mm: Studio's own limits for the marks (see the module); an
inset past 50 mm or a clearance past 10 mm leaves no room worth printing on."""


class Box(Protocol):
    """A rectangle in mm from the page's top-left corner (the layout's ``Rect`` is one)."""

    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...


@dataclass(frozen=True)
class Margins:
    """How far from each paper edge cards must stay, in mm."""

    top: float
    right: float
    bottom: float
    left: float


@dataclass(frozen=True)
class Zone:
    """A rectangle no card may enter, from (``x0``, ``y0``) to (``x1``, ``y1``) in mm."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, box: Box) -> bool:
        """True when ``box`` reaches into the zone (touching its edge is not entering it)."""
        return (
            box.x < self.x1
            and box.x + box.width > self.x0
            and box.y < self.y1
            and box.y + box.height > self.y0
        )


@dataclass(frozen=True)
class Registration:
    """Silhouette Studio's Type 1 marks, in mm; the defaults are Studio's (see the module)."""

    inset: float = 10.0
    """Paper edge to the centre line of every mark, on all four sides."""
    length: float = 5.0
    """How far an L's arms reach inwards from its corner point."""
    thickness: float = 1.0
    """Width of the L's lines and of the square's outline."""
    square: float = 5.0
    """Side of the top-left square, measured on its centre line (not settable in Studio)."""
    clearance: float = 1.5
    """Blank paper kept around the marks, so the sensor finds nothing but the mark."""
    feed: str = "mat"
    """How the sheet goes in: a key of :data:`FEEDS`."""

    def __post_init__(self) -> None:
        """Marks Studio would not draw, or that leave no room, are refused whoever asks."""
        if self.feed not in FEEDS:
            raise ValueError(f"feed: {self.feed!r} is not one of {', '.join(FEEDS)}")
        for name, (low, high) in RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ValueError(f"{name}: {value:g} mm is outside {low:g}-{high:g} mm")
        least = FEEDS[self.feed]
        if self.inset < least:
            raise ValueError(
                f"inset: {self.inset:g} mm is less than the {least:g} mm the {self.feed} needs"
            )

    def keep_out(self) -> Margins:
        """The band along the paper edges that cards leave: everything up to the marks' inner
        edge and the clearance beyond it (Studio hatches it, the cutter cannot be sure of it)."""
        band = self.inset + self.thickness / 2 + self.clearance
        return Margins(band, band, band, band)

    def zones(self, paper: Paper) -> tuple[Zone, Zone, Zone]:
        """The squares around the three marks that cards stay out of, inside the band: top left
        (the square, or the arms when longer), top right and bottom left (an L's arms)."""
        corner = self.inset + self.length + self.clearance
        top_left = self.inset + max(self.length, self.square + self.thickness / 2)
        top_left += self.clearance
        return (
            Zone(0.0, 0.0, top_left, top_left),
            Zone(paper.width - corner, 0.0, paper.width, corner),
            Zone(0.0, paper.height - corner, corner, paper.height),
        )

    def clear(self, paper: Paper, box: Box) -> bool:
        """True when ``box`` (a card, with whatever is printed around it) keeps out of the
        band and of every mark's zone, so the cutter reads the marks undisturbed."""
        band = self.keep_out()
        inside = (
            box.x >= band.left
            and box.y >= band.top
            and box.x + box.width <= paper.width - band.right
            and box.y + box.height <= paper.height - band.bottom
        )
        return inside and not any(zone.overlaps(box) for zone in self.zones(paper))

    def shapes(self, paper: Paper) -> tuple[Polygon, Polygon, Polygon]:
        """The three marks as filled outlines in mm from the page's top-left corner: the square,
        the top-right L, the bottom-left L. Printed marks and the cut file's copy share them."""
        half = self.thickness / 2
        low, high = self.inset - half, self.inset + self.square + half
        square = ((low, low), (high, low), (high, high), (low, high))
        top_right = self._corner(paper.width - self.inset, self.inset, -1, 1)
        bottom_left = self._corner(self.inset, paper.height - self.inset, 1, -1)
        return square, top_right, bottom_left

    def _corner(self, x: float, y: float, dx: int, dy: int) -> Polygon:
        """An L whose corner point is (``x``, ``y``), arms running ``dx`` across and ``dy``
        down: six corners, from the outside of the bend along one arm and back the other."""
        half, reach = self.thickness / 2, self.length
        return (
            (x - dx * half, y - dy * half),
            (x + dx * reach, y - dy * half),
            (x + dx * reach, y + dy * half),
            (x + dx * half, y + dy * half),
            (x + dx * half, y + dy * reach),
            (x - dx * half, y + dy * reach),
        )


SETTINGS = (*RANGES, "feed")


def parse(text: str) -> Registration:
    """Settings written ``name=value,name=value`` (e.g. ``inset=10,length=20,thickness=0.5``,
    ``feed=feeder``), the rest left at Studio's defaults; ``ValueError`` says what is wrong."""
    given = dict(_pairs(text))
    feed = given.pop("feed", "mat")
    numbers: dict[str, Any] = {name: _number(name, value) for name, value in given.items()}
    inset = FEEDS.get(feed, FEEDS["mat"])  # the least the feed allows, unless given
    return Registration(**({"inset": inset} | numbers), feed=feed)


def _pairs(text: str) -> Iterator[tuple[str, str]]:
    """The ``name=value`` items of ``text``, each name known and given once."""
    seen: set[str] = set()
    for item in text.split(",") if text.strip() else []:
        name, equals, value = (part.strip() for part in item.partition("="))
        if name not in SETTINGS:
            raise ValueError(f"unknown setting {name!r} (known: {', '.join(SETTINGS)})")
        if not equals or not value:
            raise ValueError(f"{name}: needs a value, as in {name}=...")
        if name in seen:
            raise ValueError(f"{name}: given twice")
        seen.add(name)
        yield name, value


def _number(name: str, value: str) -> float:
    """``value`` as millimetres (a finite number; :class:`Registration` checks its range)."""
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise ValueError(f"{name}: {value!r} is not a number of millimetres")
    return number
