"""Cut files: the exact cut line of every card on a sheet, for a cutting machine.

A sheet printed with registration marks is cut by a machine that reads the marks and follows a
drawing of the cut lines; the drawing must put every line on the card it cuts. The lines are the
cards' outlines (:func:`~generator.geometry.outline.card_outline`: rounded corners as arcs, a
round token as a circle) moved to each card's trim rectangle, in millimetres on a page the size
of the paper, so placing the drawing on the page puts each line on its printed card.

Two formats: SVG, which Silhouette Studio and most cutter software open with the page size
kept (``width="210mm"``), with the registration marks as a group of their own for lining the
drawing up with Studio's marks; and DXF, which every cutter and CAD program reads, written by
``ezdxf`` (its timestamps and identifiers fixed, so the same sheet gives the same bytes).
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from generator.geometry.outline import Arc, Edge, Piece, card_outline
from generator.geometry.registration import Polygon, Registration
from generator.geometry.shapes import Rect
from generator.geometry.sizes import CardSize, Paper, pt

if TYPE_CHECKING:
    import cairocffi
    from ezdxf.layouts.layout import Modelspace
    from ezdxf.sections.header import HeaderSection

Placed = tuple[CardSize, Rect]
"""A card and its trim rectangle on the page, in mm from the page's top-left corner."""

CUT_STYLE = 'fill="none" stroke="#ff0000" stroke-width="0.1"'
"""A thin red line: what cutter software takes for a cut, thin enough to see where it runs."""


def _on_page(card: CardSize, trim: Rect) -> tuple[Piece, ...]:
    """The card's cut line moved to ``trim``, no arc longer than half a turn: an SVG arc
    command cannot draw a whole circle and a DXF bulge cannot either."""
    pieces: list[Piece] = []
    for piece in card_outline(card):
        if isinstance(piece, Edge):
            pieces.append(
                Edge(piece.x1 + trim.x, piece.y1 + trim.y, piece.x2 + trim.x, piece.y2 + trim.y)
            )
            continue
        halves = math.ceil(round((piece.end - piece.start) / math.pi, 9))
        step = (piece.end - piece.start) / halves
        for half in range(halves):
            start = piece.start + half * step
            pieces.append(
                Arc(piece.cx + trim.x, piece.cy + trim.y, piece.radius, start, start + step)
            )
    return tuple(pieces)


def _start(piece: Piece) -> tuple[float, float]:
    if isinstance(piece, Edge):
        return piece.x1, piece.y1
    return _on_circle(piece, piece.start)


def _end(piece: Piece) -> tuple[float, float]:
    if isinstance(piece, Edge):
        return piece.x2, piece.y2
    return _on_circle(piece, piece.end)


def _on_circle(arc: Arc, angle: float) -> tuple[float, float]:
    return arc.cx + arc.radius * math.cos(angle), arc.cy + arc.radius * math.sin(angle)


def _number(value: float) -> str:
    """At most four decimals (a tenth of a micrometre), no trailing zeros, never ``-0``."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _point(x: float, y: float) -> str:
    return f"{_number(x)} {_number(y)}"


def _path_data(pieces: Sequence[Piece]) -> str:
    """SVG path data tracing ``pieces`` and closing back to the start; angles grow clockwise
    on the page, which is SVG's sweep flag 1, and no piece is over half a turn (flag 0)."""
    commands = [f"M{_point(*_start(pieces[0]))}"]
    for piece in pieces:
        if piece is pieces[-1] and isinstance(piece, Edge):
            break  # the closing edge: Z draws it
        if isinstance(piece, Edge):
            commands.append(f"L{_point(piece.x2, piece.y2)}")
        else:
            radius = _number(piece.radius)
            commands.append(f"A{radius} {radius} 0 0 1 {_point(*_end(piece))}")
    return " ".join([*commands, "Z"])


def _polygon_data(polygon: Polygon) -> str:
    points = " L".join(_point(x, y) for x, y in polygon)
    return f"M{points} Z"


def svg(paper: Paper, cards: Sequence[Placed], registration: Registration | None = None) -> bytes:
    """An SVG of the paper, in mm, with one closed path per card in the group ``cut`` and,
    given ``registration``, the marks filled black in the group ``registration`` (Studio draws
    its own marks for cutting; this copy shows where the printed ones are)."""
    width, height = _number(paper.width), _number(paper.height)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg"'
        ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'
        f' width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">',
    ]
    if registration is not None:
        lines.append(_group("registration", 'fill="#000000" stroke="none"'))
        for polygon in registration.shapes(paper):
            lines.append(f'<path d="{_polygon_data(polygon)}"/>')
        lines.append("</g>")
    lines.append(_group("cut", CUT_STYLE))
    for number, (card, trim) in enumerate(cards, start=1):
        lines.append(f'<path id="card-{number}" d="{_path_data(_on_page(card, trim))}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines).encode("utf-8")


def _group(name: str, style: str) -> str:
    """A group Inkscape shows as a layer and Studio as a group, named ``name`` in both."""
    return f'<g id="{name}" inkscape:label="{name}" inkscape:groupmode="layer" {style}>'


def dxf(paper: Paper, cards: Sequence[Placed]) -> bytes:
    """A DXF (R2000, units mm) with one closed polyline per card on the layer ``cut``: arcs as
    bulges, y flipped to DXF's upward axis so the page's top-left corner stays top left."""
    # ezdxf takes a third of a second to import: paid only when a cut file is asked for
    from ezdxf import units
    from ezdxf.filemanagement import new

    with _fixed_metadata():
        document = new("R2000", setup=False, units=units.MM)
        document.header["$MEASUREMENT"] = 1
        model = document.modelspace()
        _page_extents(document.header, model, paper)
        document.layers.add("cut", color=1)
        for card, trim in cards:
            vertices = list(_vertices(paper, _on_page(card, trim)))
            model.add_lwpolyline(vertices, format="xyb", close=True, dxfattribs={"layer": "cut"})
        text = io.StringIO()
        document.write(text)
    return text.getvalue().encode("ascii")


def _page_extents(header: HeaderSection, model: Modelspace, paper: Paper) -> None:
    """The drawing's extents and limits are the page, not the cards' bounding box, for the
    programs that place a drawing by them. ezdxf copies the model's extents into the header
    as it writes, unless the lower corner is the origin (its "not set"): so both get them."""
    lower, upper = (0.0, 0.0, 0.0), (paper.width, paper.height, 0.0)
    model.dxf.extmin, model.dxf.extmax = lower, upper
    model.dxf.limmin, model.dxf.limmax = lower[:2], upper[:2]
    header["$EXTMIN"], header["$EXTMAX"] = lower, upper


def _vertices(paper: Paper, pieces: Sequence[Piece]) -> Iterator[tuple[float, float, float]]:
    """Each piece's start, y flipped, with the bulge of the piece that leaves it: the tangent
    of a quarter of its sweep, negative as the page's clockwise is DXF's negative turn."""
    for piece in pieces:
        x, y = _start(piece)
        bulge = 0.0 if isinstance(piece, Edge) else -math.tan((piece.end - piece.start) / 4)
        yield x, paper.height - y, bulge


@contextlib.contextmanager
def _fixed_metadata() -> Iterator[None]:
    """ezdxf stamps the time and random identifiers into a file unless told to write fixed
    ones (its option for tests); it is a process-wide switch, so it is set back afterwards."""
    # documented as ezdxf.options; the package imports it without re-exporting it for mypy
    from ezdxf import options  # type: ignore[attr-defined]

    before = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        options.write_fixed_meta_data_for_testing = before


@functools.lru_cache(maxsize=16)
def marks(paper: Paper, registration: Registration) -> bytes:
    """A page of ``paper``'s size with the three marks in solid black, to place over a sheet
    (cairo is imported only for a build that asks for the marks)."""
    from generator.layout.drawing import one_page

    return one_page(paper, lambda context: _fill(context, registration.shapes(paper)))


def _fill(context: cairocffi.Context, polygons: tuple[Polygon, ...]) -> None:
    context.set_source_rgb(0, 0, 0)
    for polygon in polygons:
        context.move_to(pt(polygon[0][0]), pt(polygon[0][1]))
        for x, y in polygon[1:]:
            context.line_to(pt(x), pt(y))
        context.close_path()
    context.fill()
