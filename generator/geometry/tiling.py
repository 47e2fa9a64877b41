"""Where a handout's copies go on the paper, as data: whole pages, cells of a page, copies of a
size of their own side by side, or one too large for the paper in pieces that join.

A handout without a size is the paper's page (turned its way), or a half or a quarter of it
(``per_page``: two score sheets to a page). One with a size (a board) is printed whole, as many
to a page as fit inside the printer's margins, on a paper that holds it; on a smaller paper it
is cut into the fewest equal pieces, each on its own page, neighbours sharing a strip of the
drawing: the piece on the right or below is trimmed at its edge and laid over that strip, so the
drawing itself lines the two up, and glued.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from generator.geometry.shapes import Line, Rect
from generator.geometry.sizes import Paper

MARGIN = 10.0
"""The paper's edge left blank around a handout of its own size, mm: home printers leave 3 to
6 mm unprinted, and the marks that say where to cut and which piece this is live in the rest."""
MARK = MARGIN / 2 - 1
"""The length of a crop mark, mm, begun a millimetre off the edge it marks: it ends half the
margin from the paper's edge, inside what a home printer prints."""
GAP = 2 * (1 + MARK)
"""Between copies of a sized handout on one page, mm: room for both copies' crop marks."""
MAP_CELL = 3.0
"""A cell of the small map beside a piece that shows which piece it is, mm, at most: smaller
where the margin is narrower."""
OVERLAP = 12.0
"""How much of a piece's drawing its right or lower neighbour covers, mm: a strip wide enough
to glue, and long enough that the drawing on both lines them up."""


@dataclass(frozen=True)
class Slot:
    """One placement: copy ``copy`` of the handout, the part ``shows`` of it (its own mm)
    drawn at ``at`` (mm from the page's top-left corner) on page ``page`` (from 0); a piece
    also says its column and row among ``grid`` (columns, rows; ``(1, 1)`` when whole)."""

    page: int
    copy: int
    at: Rect
    shows: Rect
    piece: tuple[int, int] = (0, 0)
    grid: tuple[int, int] = (1, 1)


@dataclass(frozen=True)
class Plan:
    """Every page of a handout: the paper as it is printed, the size the template draws at
    (``face``), how many pages, and every slot on them."""

    paper: Paper
    face: Paper
    pages: int
    slots: tuple[Slot, ...]
    kind: str = "page"
    """How the handout is laid: ``page`` (the paper's page or cells of it, ``per_page``),
    ``copies`` (copies of a size of their own, side by side) or ``pieces``."""

    def on(self, page: int) -> list[Slot]:
        return [slot for slot in self.slots if slot.page == page]


def plan(
    paper: Paper,
    landscape: bool,
    size: tuple[float, float] | None = None,
    copies: int = 1,
    per_page: int = 1,
) -> Plan:
    """The pages of a handout of ``size`` (or the paper's page or cell, ``per_page``) printed
    ``copies`` times on ``paper``."""
    if size is None:
        return _cells(paper, landscape, copies, per_page)
    width, height = size
    face = Paper(paper.name, width, height)
    upright, turned = paper.turned(False), paper.turned(True)
    page = max(
        (upright, turned),
        key=lambda page: (math.prod(_fitting(page, width, height)), page.width > page.height),
    )
    across, down = _fitting(page, width, height)
    if across * down:
        return _side_by_side(page, face, copies, across, across * down)
    grids = [(_grid(page, width, height), page) for page in (upright, turned)]
    (columns, rows), page = min(grids, key=lambda grid: grid[0][0] * grid[0][1])
    return _pieces(page, face, copies, columns, rows)


def _cells(paper: Paper, landscape: bool, copies: int, per_page: int) -> Plan:
    """A page whole, cut in halves across its long side (so each half is turned the other
    way: a landscape page makes two upright halves) or in quarters (each the page's way); a
    page is always filled, the copies repeating."""
    if per_page == 2:
        page = paper.turned(not landscape)
        columns, rows = (2, 1) if page.width > page.height else (1, 2)
    else:
        page = paper.turned(landscape)
        columns = rows = 2 if per_page == 4 else 1
    width, height = page.width / columns, page.height / rows
    count = math.ceil(copies / per_page) * per_page
    slots = tuple(
        Slot(
            n // per_page,
            n % copies,
            Rect(n % per_page % columns * width, n % per_page // columns * height, width, height),
            Rect(0, 0, width, height),
        )
        for n in range(count)
    )
    return Plan(page, Paper(paper.name, width, height), count // per_page, slots)


def _fitting(page: Paper, width: float, height: float) -> tuple[int, int]:
    """How many of a ``width`` x ``height`` handout fit across and down inside the margins."""
    across = math.floor((page.width - 2 * MARGIN + GAP) / (width + GAP))
    down = math.floor((page.height - 2 * MARGIN + GAP) / (height + GAP))
    return max(across, 0), max(down, 0)


def _side_by_side(page: Paper, face: Paper, copies: int, across: int, count: int) -> Plan:
    """Copies of a handout that fits, ``count`` to a page, ``across`` a row, the block
    centred."""
    used = min(copies, count)
    rows = math.ceil(used / across)
    block_width = min(used, across) * (face.width + GAP) - GAP
    block_height = rows * (face.height + GAP) - GAP
    left, top = (page.width - block_width) / 2, (page.height - block_height) / 2
    whole = Rect(0, 0, face.width, face.height)
    slots = []
    for copy in range(copies):
        place = copy % count
        column, row = place % across, place // across
        at = Rect(
            left + column * (face.width + GAP),
            top + row * (face.height + GAP),
            face.width,
            face.height,
        )
        slots.append(Slot(copy // count, copy, at, whole))
    return Plan(page, face, math.ceil(copies / count), tuple(slots), "copies")


def _grid(page: Paper, width: float, height: float) -> tuple[int, int]:
    """The fewest columns and rows of pieces, each inside the margins, neighbours sharing
    :data:`OVERLAP`."""
    room_across, room_down = page.width - 2 * MARGIN, page.height - 2 * MARGIN
    columns = math.ceil((width - OVERLAP) / (room_across - OVERLAP))
    rows = math.ceil((height - OVERLAP) / (room_down - OVERLAP))
    return columns, rows


def _pieces(page: Paper, face: Paper, copies: int, columns: int, rows: int) -> Plan:
    """Each copy in ``columns`` x ``rows`` equal pieces, one to a page, centred, row by row."""
    piece_width = (face.width + (columns - 1) * OVERLAP) / columns
    piece_height = (face.height + (rows - 1) * OVERLAP) / rows
    at = Rect(
        (page.width - piece_width) / 2, (page.height - piece_height) / 2, piece_width, piece_height
    )
    slots = []
    for copy in range(copies):
        for row, column in itertools.product(range(rows), range(columns)):
            shows = Rect(
                column * (piece_width - OVERLAP),
                row * (piece_height - OVERLAP),
                piece_width,
                piece_height,
            )
            number = copy * columns * rows + row * columns + column
            slots.append(Slot(number, copy, at, shows, (column, row), (columns, rows)))
    return Plan(page, face, copies * columns * rows, tuple(slots), "pieces")


def marks(plan: Plan, page: int) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """What page ``page`` prints over its handouts: solid lines (where cells are cut apart,
    crop marks round each copy, where a piece is trimmed to meet its neighbour, and a small
    map of the pieces with this one crossed out) and dashed ones (where the next piece's edge
    is laid)."""
    solid: list[Line] = []
    dashed: list[Line] = []
    for slot in plan.on(page):
        if plan.kind == "page":
            solid += _cuts(plan.paper, slot.at)
        elif plan.kind == "copies":
            solid += _crop_marks(slot.at, left=True, top=True, right=True, bottom=True)
        else:
            solid += _piece_marks(plan.paper, slot)
            dashed += _laid_over(slot)
    return tuple(dict.fromkeys(solid)), tuple(dashed)


def _crop_marks(at: Rect, left: bool, top: bool, right: bool, bottom: bool) -> list[Line]:
    """Marks in line with the chosen edges of ``at``, outside it, at both of each edge's ends."""
    x1, y1, x2, y2 = at.x, at.y, at.x + at.width, at.y + at.height
    lines = []
    for x, wanted in ((x1, left), (x2, right)):
        if wanted:
            lines += [Line(x, y1 - 1, x, y1 - 1 - MARK), Line(x, y2 + 1, x, y2 + 1 + MARK)]
    for y, wanted in ((y1, top), (y2, bottom)):
        if wanted:
            lines += [Line(x1 - 1, y, x1 - 1 - MARK, y), Line(x2 + 1, y, x2 + 1 + MARK, y)]
    return lines


def _cuts(paper: Paper, at: Rect) -> list[Line]:
    """Where a page of cells is cut apart: a line across the page at each inner edge (cells
    are drawn to their edges, so no mark in a margin could show the cut)."""
    lines = []
    if at.x > 0:
        lines.append(Line(at.x, 0, at.x, paper.height))
    if at.y > 0:
        lines.append(Line(0, at.y, paper.width, at.y))
    return lines


def _piece_marks(paper: Paper, slot: Slot) -> list[Line]:
    """A piece with a neighbour on its left or above is trimmed along that edge; the map of
    the pieces sits beside it, this piece crossed out."""
    column, row = slot.piece
    lines = _crop_marks(slot.at, left=column > 0, top=row > 0, right=False, bottom=False)
    return lines + _piece_map(paper, slot)


def _piece_map(paper: Paper, slot: Slot) -> list[Line]:
    """The pieces as a grid of small cells, this one crossed out, in the wider of the margins
    right of and below the piece, a millimetre off it and half the margin off the paper's edge
    (its cells smaller where that room is narrower)."""
    columns, rows = slot.grid
    at = slot.at
    right = paper.width - MARGIN / 2 - (at.x + at.width + 1)
    below = paper.height - MARGIN / 2 - (at.y + at.height + 1)
    if right / columns >= below / rows:
        cell = min(MAP_CELL, right / columns, at.height / rows)
        left, top = at.x + at.width + 1, at.y + at.height - rows * cell
    else:
        cell = min(MAP_CELL, below / rows, at.width / columns)
        left, top = at.x + at.width - columns * cell, at.y + at.height + 1
    lines = [
        Line(left + n * cell, top, left + n * cell, top + rows * cell) for n in range(columns + 1)
    ]
    lines += [
        Line(left, top + n * cell, left + columns * cell, top + n * cell) for n in range(rows + 1)
    ]
    x, y = left + slot.piece[0] * cell, top + slot.piece[1] * cell
    return [*lines, Line(x, y, x + cell, y + cell), Line(x + cell, y, x, y + cell)]


def _laid_over(slot: Slot) -> list[Line]:
    """Where the trimmed edge of the piece on the right, or below, is laid: across this piece's
    drawing, :data:`OVERLAP` in from its edge."""
    column, row = slot.piece
    columns, rows = slot.grid
    at = slot.at
    lines = []
    if column < columns - 1:
        x = at.x + at.width - OVERLAP
        lines.append(Line(x, at.y, x, at.y + at.height))
    if row < rows - 1:
        y = at.y + at.height - OVERLAP
        lines.append(Line(at.x, y, at.x + at.width, y))
    return lines
