"""What a proof sheet draws over its faces, and its table, by cairo onto pages of their own
(:func:`~generator.layout.drawing.one_page`) that a :class:`~generator.layout.compose.Book`
lays over the faces it places.

Over each text box: a translucent rectangle where the box lands on the face (turned and scaled
as the face turns and scales it), green, amber or red, with its fill. The words here are the
tool's, not the game's (like ``pnp report``'s charts), so they are English and live here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cairocffi
import numpy as np
from PIL import Image

from generator.geometry.sizes import Paper
from generator.layout.drawing import in_millimetres, one_page
from generator.proof.layout import (
    STYLE,
    Cell,
    FacePage,
    Row,
    Seen,
    Style,
    face_name,
    translated,
)
from generator.render.boxes import Corners
from generator.render.fill import AMBER, AMBER_ABOVE, GREEN, RED, BoxFill
from generator.runtime.ink import PageInk
from generator.vision.check import View

FONT = "Roboto Condensed"
COLOURS = {GREEN: (0.13, 0.59, 0.27), AMBER: (0.96, 0.6, 0.0), RED: (0.86, 0.1, 0.1)}
"""Each fill's colour (RGB, 0 to 1)."""
OWN = "own"
"""How the legend names a box of the template's own words (outlined, not coloured)."""
SHADE = 0.3
"""The opacity of a box's colour over the face: the text under it stays readable."""
LEGEND = (
    (GREEN, f"up to {AMBER_ABOVE * 100:.0f} % full"),
    (AMBER, f"over {AMBER_ABOVE * 100:.0f} %"),
    (RED, "shrunk below its size, or does not fit"),
    (OWN, "the template's own words and numbers: not coloured, not in the table"),
)
COLUMNS = (
    ("fill", 14.0),
    ("locale key (or the text)", 44.0),
    ("where to edit it", 40.0),
    ("faces", 50.0),
    ("box (mm)", 22.0),
    ("size (mm)", 20.0),
)
"""The table's columns and their widths (mm): 190, an A4 page inside its margins; a wider
page spreads them."""
GREY = (0.55, 0.55, 0.55)
PAD = 1.5
"""Room (mm) between the words of two columns."""


@dataclass(frozen=True)
class Title:
    """What heads every page: the game and language, and the page's number of all; ``note``
    is said at the right of its foot (the first page's: what the colour-vision check found)."""

    text: str
    number: int
    total: int
    note: str = ""


def face_page(
    page: FacePage, paper: Paper, title: Title, inks: Sequence[PageInk], style: Style = STYLE
) -> bytes:
    """The drawing over a page of faces: each face's edge, name (with its ``inks``, face by
    face) and boxes."""

    def draw(context: cairocffi.Context) -> None:
        _frame(context, paper, title, style)
        context.set_font_size(style.type)
        for heading in page.headings:
            _write(context, heading.text, heading.x, heading.y, bold=True)
        for cell, ink in zip(page.cells, inks, strict=True):
            _edge(context, cell)
            label = f"{face_name(cell.face)} · ink {ink.mean:.0f} %, at most {ink.tac:.0f} %"
            named = _clipped(context, label, cell.at.width)
            _write(context, named, cell.at.x + cell.at.width / 2, _under(cell, style), "middle")
        placed = [
            (box.fill, _on_page(cell, corners))
            for cell in page.cells
            for box in cell.face.boxes
            for corners in box.places
        ]
        for fill, corners in placed:
            if translated(fill):
                _shade(context, corners, fill.colour)
            else:
                _outline(context, corners)
        context.set_font_size(style.small)
        for fill, corners in placed:
            if translated(fill):
                _fill_label(context, corners, fill)

    return one_page(paper, draw)


def table_page(rows: list[Row], paper: Paper, title: Title, style: Style = STYLE) -> bytes:
    """A page of the table of the fullest boxes: a row of column names, then a row a box."""

    def draw(context: cairocffi.Context) -> None:
        _frame(context, paper, title, style)
        area = style.area(paper)
        spread = area.width / sum(width for _, width in COLUMNS)
        widths = [width * spread for _, width in COLUMNS]
        lefts = [area.x + sum(widths[:index]) for index in range(len(widths))]
        context.set_font_size(style.type)
        y = area.y + style.row / 2
        for (name, _), left, width in zip(COLUMNS, lefts, widths, strict=True):
            _write(context, _clipped(context, name, width - 1), left, y, bold=True)
        for row in rows:
            y += style.row
            _swatch(context, lefts[0], y, style.row, row.fill.colour)
            cells = _cells(row)
            cells[3] = _listed(context, row.faces, widths[3] - PAD)
            indents = [style.row, *(PAD / 2 for _ in cells[1:])]
            for text, left, width, indent in zip(cells, lefts, widths, indents, strict=True):
                _write(context, _clipped(context, text, width - indent - PAD / 2), left + indent, y)

    return one_page(paper, draw)


def seen_page(found: list[Seen], paper: Paper, title: Title, style: Style = STYLE) -> bytes:
    """A page of colour-vision findings: each problem's text, then its two cards in full
    colour and as each simulation it names shows them, side by side."""

    def draw(context: cairocffi.Context) -> None:
        _frame(context, paper, title, style)
        area = style.area(paper)
        context.set_font_size(style.type)
        y = area.y
        for seen in found:
            for line in _wrapped(context, seen.text, area.width)[: style.finding_lines]:
                _write(context, line, area.x, y + style.row / 2)
                y += style.row
            _views(context, seen.views, area.x, y, area.width, style)
            y += style.picture + style.label + style.gap

    return one_page(paper, draw)


def _wrapped(context: cairocffi.Context, text: str, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``, broken between words."""
    lines = [""]
    for word in text.split():
        longer = f"{lines[-1]} {word}".strip()
        if lines[-1] and context.text_extents(longer)[4] > width:
            lines.append(word)
        else:
            lines[-1] = longer
    return lines


def _views(
    context: cairocffi.Context,
    views: tuple[View, ...],
    x: float,
    y: float,
    width: float,
    style: Style,
) -> None:
    """Each view's two cards side by side, its name under them, the views in a row (the
    cards made smaller where the row would run wider than ``width``)."""
    aspect = views[0][1].shape[1] / views[0][1].shape[0]
    pair = 2 * style.picture * aspect + style.gap / 2
    height = style.picture * min(1.0, width / (len(views) * (pair + style.gap) - style.gap))
    across = height * aspect
    for name, first, second in views:
        _picture(context, first, x, y, height)
        _picture(context, second, x + across + style.gap / 2, y, height)
        _write(context, name, x + across + style.gap / 4, y + height + style.label / 2, "middle")
        x += 2 * across + style.gap * 1.5


def _picture(
    context: cairocffi.Context, pixels: np.ndarray, x: float, y: float, height: float
) -> None:
    """An 8-bit sRGB picture with its top-left corner at ``(x, y)``, ``height`` mm tall."""
    encoded = io.BytesIO()
    Image.fromarray(pixels).save(encoded, "PNG")
    encoded.seek(0)
    image = cairocffi.ImageSurface.create_from_png(encoded)
    scale = height / image.get_height()
    context.save()
    context.translate(x, y)
    context.scale(scale, scale)
    context.set_source_surface(image, 0, 0)
    context.paint()
    context.restore()
    context.set_source_rgb(0, 0, 0)


def _cells(row: Row) -> list[str]:
    """A row's words, column by column (the faces' list is fitted to its column apart)."""
    fill = row.fill
    if fill.keys:
        key = ", ".join(key.key for key in fill.keys)
        where = ", ".join(f"{key.file}:{key.line}" for key in fill.keys)
    else:
        key = f"“{' / '.join(fill.text.splitlines())}”"
        where = f"{fill.file}:{fill.line}"
    box = f"{fill.width:g} x {fill.height:g}, {fill.lines} line{'s' if fill.lines != 1 else ''}"
    if fill.printed is None:
        size = f"no fit at {fill.min_size:g}"
    elif fill.printed < fill.size:
        size = f"{fill.printed:.2f} of {fill.size:g}"
    else:
        size = f"{fill.size:g}"
    return [_percent(fill.fill), key, where, "", box, size]


def _percent(fill: float) -> str:
    """``87 %``; a box with no room at all (a zero size) is ``no room``."""
    return f"{fill * 100:.0f} %" if math.isfinite(fill) else "no room"


def _frame(context: cairocffi.Context, paper: Paper, title: Title, style: Style) -> None:
    """The header (the title, the colours' legend under it) and the page's number."""
    in_millimetres(context, FONT)
    context.set_font_size(style.type * 1.3)
    _write(context, title.text, style.margin, style.margin + style.type * 0.6, bold=True)
    context.set_font_size(style.type)
    x, y = style.margin, style.margin + style.type * 2.4
    for colour, words in LEGEND:
        _swatch(context, x, y, style.type * 1.2, colour)
        x += style.type * 1.5
        _write(context, words, x, y)
        x += context.text_extents(words)[4] + style.type * 2
    footer = paper.height - style.margin - style.footer / 2
    _write(context, f"page {title.number} of {title.total}", paper.width / 2, footer, "middle")
    if title.note:
        _write(context, title.note, paper.width - style.margin, footer, "end")


def _write(
    context: cairocffi.Context,
    text: str,
    x: float,
    y: float,
    align: str = "start",
    bold: bool = False,
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> None:
    """``text`` from ``x`` (its start, its middle or its end), centred on ``y`` by its
    capitals."""
    weight = cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL
    context.select_font_face(FONT, cairocffi.FONT_SLANT_NORMAL, weight)
    advance = context.text_extents(text)[4]
    capitals = context.font_extents()[0] * 0.72
    context.set_source_rgb(*colour)
    before = {"middle": advance / 2, "end": advance}.get(align, 0.0)
    context.move_to(x - before, y + capitals / 2)
    context.show_text(text)
    context.new_path()


def _clipped(context: cairocffi.Context, text: str, width: float) -> str:
    """``text``, cut short with an ellipsis where it would run wider than ``width``."""
    if context.text_extents(text)[4] <= width:
        return text
    for end in range(len(text) - 1, 0, -1):
        shorter = text[:end].rstrip() + "…"
        if context.text_extents(shorter)[4] <= width:
            return shorter
    return "…"


def _listed(context: cairocffi.Context, names: tuple[str, ...], width: float) -> str:
    """As many of ``names`` as fit ``width``, then how many faces there are in all."""
    for count in range(len(names), 0, -1):
        more = f" … ({len(names)} faces)" if count < len(names) else ""
        text = ", ".join(names[:count]) + more
        if context.text_extents(text)[4] <= width:
            return text
    return _clipped(context, f"{len(names)} faces: {names[0]}", width)


def _edge(context: cairocffi.Context, cell: Cell) -> None:
    """A hairline round the face's trim: where the card is cut."""
    context.set_source_rgb(*GREY)
    context.set_line_width(0.15)
    context.rectangle(cell.at.x, cell.at.y, cell.at.width, cell.at.height)
    context.stroke()


def _under(cell: Cell, style: Style) -> float:
    return cell.at.y + cell.at.height + style.label / 2


def _on_page(cell: Cell, corners: Corners) -> Corners:
    """A box's corners from its face's millimetres to the page's."""
    x, y, scale = cell.at.x, cell.at.y, cell.scale
    a, b, c, d = ((x + px * scale, y + py * scale) for px, py in corners)
    return a, b, c, d


def _path(context: cairocffi.Context, corners: Corners) -> None:
    context.move_to(*corners[0])
    for corner in corners[1:]:
        context.line_to(*corner)
    context.close_path()


def _outline(context: cairocffi.Context, corners: Corners) -> None:
    """A box of the template's own words: outlined in grey, dashed."""
    _path(context, corners)
    context.set_source_rgb(*GREY)
    context.set_line_width(0.2)
    context.set_dash([0.8, 0.6])
    context.stroke()
    context.set_dash([])


def _shade(context: cairocffi.Context, corners: Corners, colour: str) -> None:
    """The box in its colour: shaded, and edged in the full colour on a white line (a red
    box shows on a red card)."""
    _path(context, corners)
    context.set_source_rgba(*COLOURS[colour], SHADE)
    context.fill_preserve()
    context.set_source_rgb(1, 1, 1)
    context.set_line_width(0.6)
    context.stroke_preserve()
    context.set_source_rgb(*COLOURS[colour])
    context.set_line_width(0.3)
    context.stroke()


def _fill_label(context: cairocffi.Context, corners: Corners, fill: BoxFill) -> None:
    """The fill, on a white tab standing on the box's top-left corner (as the page sees
    it), where it hides none of the box's text."""
    text = _percent(fill.fill)
    context.select_font_face(FONT, cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_BOLD)
    width = context.text_extents(text)[4] + 0.8
    height = context.font_extents()[0] * 0.72 + 0.8
    left = min(x for x, _ in corners)
    top = min(y for _, y in corners) - height
    context.rectangle(left, top, width, height)
    context.set_source_rgba(1, 1, 1, 0.85)
    context.fill()
    _write(context, text, left + 0.4, top + height / 2, bold=True, colour=_dark(fill.colour))


def _dark(colour: str) -> tuple[float, float, float]:
    red, green, blue = COLOURS[colour]
    return red * 0.7, green * 0.7, blue * 0.7


def _swatch(
    context: cairocffi.Context, left: float, middle: float, height: float, colour: str
) -> None:
    """A square marked as a box of ``colour`` is (:data:`OWN`: outlined), centred on
    ``middle``."""
    size = height - 0.8
    top, bottom = middle - size / 2, middle + size / 2
    corners = ((left, top), (left + size, top), (left + size, bottom), (left, bottom))
    if colour == OWN:
        _outline(context, corners)
    else:
        _shade(context, corners, colour)
