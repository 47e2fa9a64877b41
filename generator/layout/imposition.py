"""Imposition: where each card goes on a sheet, in millimetres, fronts and backs.

Cards sit in a grid centred on the page. Between neighbouring cards there is room for the bleed of
both; when the full 3 mm bleed would cost a row or column of cards, the bleed shrinks just enough to
keep the most cards per sheet (never the trim). Crop marks sit in the margin outside the grid, on
every cut line; the curves of a card's cut line (a round card, rounded corners), which no crop
mark can show, are printed on its front as cut guides. Backs are placed so that after the sheet
is flipped each back lies behind its own front: columns mirrored for a long-edge flip, rows for a
short-edge flip.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.outline import curves
from generator.layout.sizes import CardSize, Paper


@dataclass(frozen=True)
class SheetStyle:
    """Sizes around the grid, in mm, as data (Squib's sprues), not code."""

    margin: float = 3.0
    """Page edge to the outer end of a crop mark; printers cannot print the outermost mm."""
    mark_length: float = 3.5
    mark_width_pt: float = 0.5
    """≥ 0.25 pt so the marks print on any printer."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Grid:
    """A sheet of ``columns`` x ``rows`` cards; ``bleed_x``/``bleed_y`` is the bleed printed."""

    paper: Paper
    card: CardSize
    columns: int
    rows: int
    bleed_x: float
    bleed_y: float
    style: SheetStyle

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def pitch_x(self) -> float:
        return self.card.width + 2 * self.bleed_x

    @property
    def pitch_y(self) -> float:
        return self.card.height + 2 * self.bleed_y

    @property
    def left(self) -> float:
        """x of the first column's trim."""
        return (self.paper.width - self.columns * self.pitch_x) / 2 + self.bleed_x

    @property
    def top(self) -> float:
        return (self.paper.height - self.rows * self.pitch_y) / 2 + self.bleed_y

    def front(self, index: int) -> Rect:
        """Trim rectangle of the card in slot ``index`` (row by row from the top left)."""
        row, column = divmod(index, self.columns)
        return Rect(
            self.left + column * self.pitch_x,
            self.top + row * self.pitch_y,
            self.card.width,
            self.card.height,
        )

    def back(self, index: int, flip: str = "long") -> Rect:
        """Where the back of slot ``index`` goes so it lands behind its front after ``flip``."""
        return behind(self.paper, self.front(index), flip)

    def with_bleed(self, trim: Rect) -> Rect:
        """The printed area of a card: its trim plus the bleed this grid has room for."""
        return Rect(
            trim.x - self.bleed_x,
            trim.y - self.bleed_y,
            trim.width + 2 * self.bleed_x,
            trim.height + 2 * self.bleed_y,
        )

    def cut_guides(self, count: int) -> list[Rect]:
        """The trims of the first ``count`` cards when their cut line has curves crop marks
        cannot show (a round card, rounded corners): the front prints those curves over them."""
        return [self.front(i) for i in range(count)] if curves(self.card) else []

    def crop_marks(self) -> list[Line]:
        """Marks in the margin, in line with every trim edge, stopping short of the bleed."""
        left, top = self.left - self.bleed_x, self.top - self.bleed_y
        right = left + self.columns * self.pitch_x
        bottom = top + self.rows * self.pitch_y
        length = self.style.mark_length
        marks = []
        for column in range(self.columns):
            for x in (
                self.left + column * self.pitch_x,
                self.left + column * self.pitch_x + self.card.width,
            ):
                marks += [Line(x, top - length, x, top), Line(x, bottom, x, bottom + length)]
        for row in range(self.rows):
            for y in (
                self.top + row * self.pitch_y,
                self.top + row * self.pitch_y + self.card.height,
            ):
                marks += [Line(left - length, y, left, y), Line(right, y, right + length, y)]
        return marks


def behind(paper: Paper, area: Rect, duplex: str) -> Rect:
    """Where the back page must print so that it lands behind ``area`` of the front after the
    sheet is turned (an option of :data:`generator.options.DUPLEX`): over its long edge it is
    mirrored left to right, over its short edge top to bottom. A stack fed again by hand
    (``none``) is turned like a book's page, over the long edge. Card backs and the
    calibration sheet both ask here, so what the sheet measures is where the backs go."""
    if duplex == "short":
        return Rect(area.x, paper.height - area.y - area.height, area.width, area.height)
    return Rect(paper.width - area.x - area.width, area.y, area.width, area.height)


def fit_grid(paper: Paper, card: CardSize, style: SheetStyle = SheetStyle()) -> Grid | None:
    """The grid with the most cards per sheet, then the most bleed; ``None`` if none fits."""
    columns, bleed_x = _fit_axis(paper.width, card.width, card.bleed, style)
    rows, bleed_y = _fit_axis(paper.height, card.height, card.bleed, style)
    if columns == 0 or rows == 0:
        return None
    return Grid(paper, card, columns, rows, bleed_x, bleed_y, style)


def _fit_axis(page: float, trim: float, bleed: float, style: SheetStyle) -> tuple[int, float]:
    """How many cards fit along one axis and the bleed each gets (the same on every side)."""
    room = page - 2 * (style.margin + style.mark_length)
    count = int(room // trim) if room > 0 else 0
    if count == 0:
        return 0, 0.0
    return count, min(bleed, (room - count * trim) / (2 * count))
