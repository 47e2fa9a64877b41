"""Imposition: where each card goes on a sheet, in millimetres, fronts and backs.

Cards of one size sit in a grid centred in the sheet's printable area. Between neighbouring
cards there is room for the bleed of both; when the full 3 mm bleed would cost a row or column
of cards, the bleed shrinks just enough to keep the most cards per sheet (never the trim).

A sheet is a stack of *bands*: rows of cards of one size, in the columns that size's full sheet
uses, so every sheet of a size can be cut alike (or stacked and cut at once). A run of cards
fills whole sheets of its grid first; what is left, less than a sheet, becomes a band, and the
bands of different sizes share sheets where they fit one above the other
(:func:`~generator.geometry.sheet_plan.plan`). Bands of different sizes are kept apart by a
gutter the height of two crop marks, so cutting along the middle of the gutter (marked in the
side margins) leaves two pieces each marked like a sheet.

Crop marks sit in the margin outside the cards in use, on every cut line; the curves of a cut
line (a round card, rounded corners), which no crop mark can show, are printed on the fronts as
cut guides. A back goes where its front lands after the flip (:meth:`Rect.behind`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from generator.geometry.outline import curves
from generator.geometry.shapes import Line, Rect
from generator.geometry.sizes import CardSize, Paper


@dataclass(frozen=True)
class SheetStyle:
    """Sizes around the cards, in mm, as data (Squib's sprues), not code."""

    margin: float = 3.0
    """Page edge to the outer end of a crop mark; printers cannot print the outermost mm."""
    mark_length: float = 3.5
    mark_width_pt: float = 0.5
    """≥ 0.25 pt so the marks print on any printer."""
    crop_marks: bool = True
    """False where a machine cuts (its registration marks keep the edges instead)."""
    keep_out: tuple[float, float, float, float] | None = None
    """Margins (top, right, bottom, left) no card may enter, replacing the crop marks' margin:
    a cutting machine's registration marks and what its feeder cannot reach."""
    blocked: tuple[Rect, ...] = ()
    """Parts of the paper no card's printed area may enter (a cutting machine's marks)."""

    def clear(self, areas: Iterable[Rect]) -> bool:
        """Whether no printed area enters a blocked part of the paper."""
        return not any(_overlap(a, b) for a in areas for b in self.blocked)

    def area(self, paper: Paper) -> Rect:
        """The part of the paper cards and their bleed may take."""
        if self.keep_out is not None:
            top, right, bottom, left = self.keep_out
        else:
            top = right = bottom = left = self.margin + self.mark_length
        return Rect(left, top, paper.width - left - right, paper.height - top - bottom)

    @property
    def gutter(self) -> float:
        """Room between bands of different sizes: the marks below one and above the next."""
        return 2 * self.mark_length if self.crop_marks else 0.0


@dataclass(frozen=True)
class Grid:
    """A full sheet of ``columns`` x ``rows`` cards of one size; ``bleed_x``/``bleed_y`` is the
    bleed printed around each."""

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
        area = self.style.area(self.paper)
        return area.x + (area.width - self.columns * self.pitch_x) / 2 + self.bleed_x

    @property
    def top(self) -> float:
        area = self.style.area(self.paper)
        return area.y + (area.height - self.rows * self.pitch_y) / 2 + self.bleed_y

    @property
    def shows(self) -> Rect:
        """The part of a card's art a slot prints, in the card's own coordinates."""
        return Rect(-self.bleed_x, -self.bleed_y, self.pitch_x, self.pitch_y)

    def front(self, index: int) -> Rect:
        """Trim rectangle of the card in slot ``index`` (row by row from the top left)."""
        return Band(self, self.top, self.per_sheet).front(index)

    def with_bleed(self, trim: Rect) -> Rect:
        """The printed area of a card: its trim plus the bleed this grid has room for."""
        return Rect(
            trim.x - self.bleed_x,
            trim.y - self.bleed_y,
            trim.width + 2 * self.bleed_x,
            trim.height + 2 * self.bleed_y,
        )


@dataclass(frozen=True)
class Band:
    """``count`` cards of ``grid``'s size in rows from ``top`` (the first row's trim), in the
    columns of the grid's full sheet; ``run`` and ``first`` say which cards (see :func:`plan`)."""

    grid: Grid
    top: float
    count: int
    run: int = 0
    first: int = 0

    @property
    def columns(self) -> int:
        """Columns in use."""
        return min(self.count, self.grid.columns)

    @property
    def rows(self) -> int:
        return -(-self.count // self.grid.columns)

    @property
    def height(self) -> float:
        """From the top of its first row's bleed to the bottom of its last."""
        return self.rows * self.grid.pitch_y

    def front(self, index: int) -> Rect:
        row, column = divmod(index, self.grid.columns)
        return Rect(
            self.grid.left + column * self.grid.pitch_x,
            self.top + row * self.grid.pitch_y,
            self.grid.card.width,
            self.grid.card.height,
        )

    @property
    def printed(self) -> Rect:
        """The printed area of the cards in use, bleed to bleed."""
        grid = self.grid
        return Rect(
            grid.left - grid.bleed_x,
            self.top - grid.bleed_y,
            self.columns * grid.pitch_x,
            self.height,
        )

    def crop_marks(self, right: bool = True) -> list[Line]:
        """Marks just outside the printed area, in line with each cut of the rows and columns
        in use: above and below for the columns, left (and ``right``) for the rows."""
        grid, area, length = self.grid, self.printed, self.grid.style.mark_length
        bottom, far = area.y + area.height, area.x + area.width
        marks = []
        for column in range(self.columns):
            start = grid.left + column * grid.pitch_x
            for x in (start, start + grid.card.width):
                marks += [Line(x, area.y - length, x, area.y), Line(x, bottom, x, bottom + length)]
        for row in range(self.rows):
            start = self.top + row * grid.pitch_y
            for y in (start, start + grid.card.height):
                marks.append(Line(area.x - length, y, area.x, y))
                if right:
                    marks.append(Line(far, y, far + length, y))
        return marks


@dataclass(frozen=True)
class Slot:
    """A card's place on a sheet: its trim, and the part of its art printed around it."""

    card: CardSize
    trim: Rect
    shows: Rect
    run: int
    index: int
    """Which card: the ``index``-th of run ``run``."""

    @property
    def printed(self) -> Rect:
        return Rect(
            self.trim.x + self.shows.x,
            self.trim.y + self.shows.y,
            self.shows.width,
            self.shows.height,
        )


@dataclass(frozen=True)
class Sheet:
    """One side of a sheet of cards: its bands from the top."""

    paper: Paper
    bands: tuple[Band, ...]
    style: SheetStyle

    def slots(self) -> list[Slot]:
        return [
            Slot(band.grid.card, band.front(i), band.grid.shows, band.run, band.first + i)
            for band in self.bands
            for i in range(band.count)
        ]

    def crop_marks(self, right: bool = True) -> list[Line]:
        """The marks of every band, and a mark in the side margins at the middle of each
        gutter: the first cut, which parts the bands. None where a machine cuts. Without
        ``right``, none in the right margin (the fold of a gutterfold sheet)."""
        if not self.style.crop_marks:
            return []
        marks = [mark for band in self.bands for mark in band.crop_marks(right)]
        length = self.style.mark_length
        for upper, lower in zip(self.bands, self.bands[1:], strict=False):
            y = (upper.printed.y + upper.height + lower.printed.y) / 2
            left = min(upper.printed.x, lower.printed.x)
            marks.append(Line(left - length, y, left, y))
            if right:
                far = max(b.printed.x + b.printed.width for b in (upper, lower))
                marks.append(Line(far, y, far + length, y))
        return marks

    def cut_guides(self) -> list[tuple[CardSize, Rect]]:
        """The trims of the cards whose cut line has curves crop marks cannot show (a round
        card, rounded corners): the front prints those curves over them. None where a machine
        cuts."""
        if not self.style.crop_marks:
            return []
        return [(slot.card, slot.trim) for slot in self.slots() if curves(slot.card)]


def _overlap(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share more than an edge."""
    return (
        a.x < b.x + b.width
        and b.x < a.x + a.width
        and a.y < b.y + b.height
        and b.y < a.y + a.height
    )


def fit_grid(paper: Paper, card: CardSize, style: SheetStyle = SheetStyle()) -> Grid | None:
    """The grid with the most cards per sheet, then the most bleed, that keeps clear of the
    blocked parts of the paper; ``None`` if none fits."""
    area = style.area(paper)
    most_columns, most_rows = _count(area.width, card.width), _count(area.height, card.height)
    counts = sorted(
        ((c, r) for c in range(1, most_columns + 1) for r in range(1, most_rows + 1)),
        key=lambda count: (-count[0] * count[1], -min(count)),
    )
    for columns, rows in counts:
        for bleed_x, bleed_y in _bleeds(area, card, columns, rows):
            grid = Grid(paper, card, columns, rows, bleed_x, bleed_y, style)
            if style.clear(grid.with_bleed(grid.front(i)) for i in range(grid.per_sheet)):
                return grid
    return None


def _count(room: float, trim: float) -> int:
    return int(room // trim) if room > 0 else 0


def _bleeds(area: Rect, card: CardSize, columns: int, rows: int) -> Iterator[tuple[float, float]]:
    """Bleeds to try, the most first: the same on every side of a card, shrinking where the
    cards are to draw in from a blocked corner (the full bleed, else less along one axis, then
    both, down to none)."""
    most_x = min(card.bleed, (area.width - columns * card.width) / (2 * columns))
    most_y = min(card.bleed, (area.height - rows * card.height) / (2 * rows))
    yield most_x, most_y
    for step in (0.75, 0.5, 0.25, 0.0):
        yield most_x * step, most_y
        yield most_x, most_y * step
        yield most_x * step, most_y * step
