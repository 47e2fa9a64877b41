"""Where everything goes on a proof sheet, in millimetres, as data: the faces in a grid under
their deck's heading, each with its name under it; then the rows of the table of the fullest
boxes (:func:`fullest`).

Faces of a deck are drawn at one scale: as many to a row as fit at a readable size (a small
card is enlarged to :attr:`Style.readable` mm across), then scaled so the row fills the page's
width, or a little less where that fits another row. A handout page is scaled down to the page,
alone on its row.

Colour is for what a translator can act on: a box showing a locale text, or any box whose text
does not fit at all (the build stops on it). A box of the template's own words (a card's
number, a set's letter) is only outlined, and left out of the table and the counts.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import groupby

from generator.geometry.shapes import Rect
from generator.geometry.sizes import Paper
from generator.render.boxes import FaceFills
from generator.render.fill import GREEN, BoxFill
from generator.vision.check import View


@dataclass(frozen=True)
class Style:
    """The sheet's measures (mm) and sizes of type."""

    margin: float = 10.0
    header: float = 12.0
    """The band at the top of each page: the title, and the colours' legend under it."""
    footer: float = 6.0
    """The band at the bottom: the page's number."""
    gap: float = 4.0
    """Between two faces, across and down."""
    label: float = 4.5
    """Under a face, for its name."""
    heading: float = 6.0
    """Over a deck's first row, for its name and size."""
    readable: float = 45.0
    """A face narrower than this is enlarged to it (a 22 mm tile's 1.8 mm text becomes
    readable), before the row is scaled to fill the page."""
    squeeze: float = 0.9
    """A deck's faces are made up to 10 % smaller where that fits another row on a page."""
    row: float = 4.6
    """A row of the table."""
    type: float = 2.6
    """Most words on the sheet (7.4 pt)."""
    small: float = 2.1
    """A box's fill over the box (6 pt)."""
    rows_at_least: int = 40
    """The table lists this many of the fullest boxes, and every amber and red one."""
    picture: float = 30.0
    """The height of a card on the colour-vision pages, unless the row needs it smaller."""
    finding_lines: int = 3
    """The most lines of a colour-vision finding's text."""

    @property
    def finding(self) -> float:
        """The height of a colour-vision finding: its text, its pictures and their labels."""
        return self.finding_lines * self.row + self.picture + self.label + self.gap

    def area(self, paper: Paper) -> Rect:
        """The part of the page below the header and above the footer, inside the margins."""
        top = self.margin + self.header
        height = paper.height - top - self.margin - self.footer
        return Rect(self.margin, top, paper.width - 2 * self.margin, height)


STYLE = Style()


@dataclass(frozen=True)
class Cell:
    """A face on a page: where its trim is drawn (``at``, mm from the page's top-left
    corner) and at what scale."""

    face: FaceFills
    at: Rect
    scale: float


@dataclass(frozen=True)
class Heading:
    """A deck's name over its first row (or a handout's), its left end at ``(x, y)``, on
    the text's middle."""

    text: str
    x: float
    y: float


@dataclass
class FacePage:
    cells: list[Cell] = field(default_factory=list)
    headings: list[Heading] = field(default_factory=list)


@dataclass(frozen=True)
class Row:
    """A row of the table: one box (the same text in the same box on every face listed)."""

    fill: BoxFill
    faces: tuple[str, ...]


def lay_out(faces: list[FaceFills], paper: Paper, style: Style = STYLE) -> list[FacePage]:
    """The pages of faces: each deck's (or handout's) faces under its heading, row by row,
    a new page when the next row does not fit."""
    area = style.area(paper)
    pages = [FacePage()]
    y = area.y
    for _, group in groupby(faces, key=lambda face: (face.deck, face.handout)):
        section = list(group)
        scale, columns = _scale(section[0], area, style)
        first = True
        for start in range(0, len(section), columns):
            row = section[start : start + columns]
            height = section[0].height * scale + style.label
            needed = height + (style.heading if first else 0.0)
            if y + needed > area.y + area.height + 1e-9 and pages[-1].cells:
                pages.append(FacePage())
                y = area.y
            if first:
                pages[-1].headings.append(Heading(_heading(row[0], scale), area.x, y + 2.5))
                y += style.heading
                first = False
            for column, face in enumerate(row):
                width = face.width * scale
                at = Rect(area.x + column * (width + style.gap), y, width, face.height * scale)
                pages[-1].cells.append(Cell(face, at, scale))
            y += height + style.gap
    return [page for page in pages if page.cells]


def _scale(face: FaceFills, area: Rect, style: Style) -> tuple[float, int]:
    """The scale of a deck's faces and how many go to a row (see the module). Every page
    keeps room for a heading, so a deck's rows are the same on each."""
    room = area.height - style.heading
    largest = (room - style.label) / face.height
    if face.handout:
        return min(area.width / face.width, largest), 1
    readable = max(1.0, style.readable / face.width)
    columns = max(1, round((area.width + style.gap) / (face.width * readable + style.gap)))
    across = (area.width - (columns - 1) * style.gap) / columns / face.width
    rows = math.floor((room + style.gap) / (face.height * across + style.label + style.gap))
    more = ((room + style.gap) / (rows + 1) - style.label - style.gap) / face.height
    return min(more if more >= across * style.squeeze else across, largest), columns


def _heading(face: FaceFills, scale: float) -> str:
    kind = "handout" if face.handout else "deck"
    size = f"{face.width:g} x {face.height:g} mm"
    return f"{kind} {face.deck}: {size}, drawn at {round(scale * 100)} %"


def translated(fill: BoxFill) -> bool:
    """Whether a box is coloured (see the module): a translator's to act on."""
    return bool(fill.keys) or fill.printed is None


def face_name(face: FaceFills) -> str:
    """A face as the sheet names it: its card's id (``wagon-01``, ``wagon-01-back``), a
    handout's id, or ``<deck> back`` for a deck's common back."""
    return f"{face.deck} back" if face.card is None and not face.handout else face.face


def fullest(faces: list[FaceFills], style: Style = STYLE) -> list[Row]:
    """The table's rows: each distinct coloured box (the same text in the same box of the
    same template line, on any number of faces) with the faces showing it, fullest first;
    at least :attr:`Style.rows_at_least` of them, and every one that is not green."""
    shown: dict[BoxFill, dict[str, None]] = {}
    for face in faces:
        for box in face.boxes:
            if translated(box.fill):
                shown.setdefault(box.fill, {})[face_name(face)] = None
    rows = sorted(
        (Row(fill, tuple(names)) for fill, names in shown.items()),
        key=lambda row: _order(row.fill),
    )
    coloured = sum(1 for row in rows if row.fill.colour != GREEN)
    return rows[: max(style.rows_at_least, coloured)]


def _order(fill: BoxFill) -> tuple[bool, float, str, str, int]:
    """A text that did not fit at all first (the build stops on it), then the fullest."""
    key = fill.keys[0].key if fill.keys else ""
    return (fill.printed is not None, -fill.fill, key, fill.file, fill.line)


@dataclass(frozen=True)
class Seen:
    """Two kinds of card that look alike to some people, on the colour-vision pages: the
    problem as the command reports it, and a card of each kind as each simulation shows it."""

    text: str
    views: tuple[View, ...]


def seen_pages(found: list[Seen], paper: Paper, style: Style = STYLE) -> Iterator[list[Seen]]:
    """The colour-vision findings, a page at a time."""
    per_page = max(1, math.floor((style.area(paper).height + style.gap) / style.finding))
    for start in range(0, len(found), per_page):
        yield found[start : start + per_page]


def table_pages(rows: list[Row], paper: Paper, style: Style = STYLE) -> Iterator[list[Row]]:
    """The table's rows, a page at a time (the first row of each page is the columns')."""
    per_page = max(1, math.floor(style.area(paper).height / style.row) - 2)
    for start in range(0, len(rows), per_page):
        yield rows[start : start + per_page]
