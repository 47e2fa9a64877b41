"""The border check: a stroked outline running along the cut a little inside it.

A cut a millimetre off the line is not seen on art that runs off into the bleed or stays well
inside the card, but a thin frame close to the cut shows it at once: 1 mm of border on one side,
3 mm on the other. So a face keeps every outline it strokes either at least the safe margin
(3 mm) inside the trim, or out in the bleed.

What counts as an outline: a ``<rect>``, ``<circle>``, ``<ellipse>``, ``<polygon>`` or a closed
subpath (one ending in ``Z``) of a ``<path>``, whose stroke is painted (its own ``stroke`` or
one it inherits, as an attribute or in a ``style`` attribute, and not ``none``). It is measured
where it lands on the card, after every transform of its groups (the safe-area check's walk, so
what that walk cannot follow is not measured either). Where an edge of its ink (half the
stroke's width to either side of the line, as the transforms put it) runs parallel to the cut
for at least :data:`RUN` mm strictly between the cut and the safe margin, it is a border a miscut
shows: a thin frame inside the margin, or a wide stroke from the bleed whose inner edge ends in
it. A badge or a disc that only touches the margin at one point is not a border; nor are open
lines (patterns, hatching, a rule across the card), which run off into the bleed or stop where
they like; nor is a filled shape (a background or a band is the designer's to judge).

Where an outline comes from: a template writes its tags as literal text, so :class:`LineMarks`,
a Jinja extension, marks every ``<rect``, ``<circle``, ... and ``<g`` tag of a template's text
with the template's file and line when the template is compiled. An outline drawn by something
else (a string a template builds) takes the mark of its nearest marked group. The renderer takes
the marks out of the SVG again after the checks (:func:`unmarked`), so what is drawn, and the
key a drawn face is cached by, do not change when a template's lines move.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple
from xml.etree.ElementTree import Element

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import escape
from svg.path import Close, Line, Move, Path, parse_path
from svg.path.path import PathSegment

from generator.geometry.outline import distance_outside
from generator.geometry.sizes import CardSize
from generator.render.safe_area import TOLERANCE, FaceTree, Matrix, apply_matrix, local_name

LINE_ATTRIBUTE = "data-pnp-line"
"""The attribute :class:`LineMarks` writes on a tag: ``<template file>:<line>``, the file as
loaded (as a text box's file is)."""
OUTLINES = frozenset({"rect", "circle", "ellipse", "polygon", "path"})
RUN = 5.0
"""How long (mm) an outline must run along the cut to be a border: a frame's side, a band's
edge; not the top of a small disc or the point of a pointer."""
PARALLEL = 0.1
"""How far (mm) an outline may come closer to the cut or move away from it per mm along it and
still run parallel (about 6 degrees): a frame turned a little is still a frame."""
STEP = 0.25
"""The distance (mm on the card) between the points of an outline the check measures."""
MAX_POINTS = 20_000
"""The most points one outline is measured at, however long it is (a template may draw an
outline kilometres long): its points are spaced further apart instead."""
_REMEMBERED = 2_000
"""The longest path data (characters) whose measure is kept for the next face."""
_MARKED = re.compile(r"<(?:rect|circle|ellipse|polygon|path|g)(?=[\s/>])")
_MARKS = re.compile(rf' {LINE_ATTRIBUTE}="[^"]*"')
_NUMBER = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?:px)?\s*")
_HIDDEN = {"display": "none", "visibility": "hidden"}
_SETS_STROKE = frozenset({"stroke", "stroke-width", "style", *_HIDDEN})

Point = tuple[float, float]


class LineMarks(Extension):
    """Marks the outline and group tags in a template's text with where they are written (the
    lexer's ``data`` tokens are the template's literal text, each knowing its first line)."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        file = escape(stream.filename or "")
        for token in stream:
            if token.type == "data":
                text = token.value

                def mark(tag: re.Match[str], text: str = text, first: int = token.lineno) -> str:
                    line = first + text.count("\n", 0, tag.start())
                    return f'{tag.group()} {LINE_ATTRIBUTE}="{file}:{line}"'

                token = Token(token.lineno, token.type, _MARKED.sub(mark, text))
            yield token


def unmarked(svg: str) -> str:
    """``svg`` without the marks :class:`LineMarks` wrote."""
    return _MARKS.sub("", svg) if LINE_ATTRIBUTE in svg else svg


def borders(tree: FaceTree, card: CardSize) -> dict[tuple[str, int], float]:
    """For each template file (``""``: the face's own) and line that strokes a border too
    close to the cut: how far inside the cut (mm) its ink comes nearest. A face whose
    ``<style>`` sheet may move what it draws is not measured (see :class:`FaceTree`)."""
    found: dict[tuple[str, int], float] = {}
    if tree.styled:
        return found
    for element, width in _stroked_outlines(tree):
        matrix = tree.matrix(element)
        data = _outline(element) if matrix is not None else None
        if matrix is None or data is None:
            continue
        distance = _border(data, matrix, width, card)
        if distance is not None:
            where = _written(element, tree.parents)
            found[where] = min(distance, found.get(where, math.inf))
    return found


def _written(element: Element, parents: dict[Element, Element]) -> tuple[str, int]:
    """The template file and line that wrote ``element``, or its nearest marked group."""
    above: Element | None = element
    while above is not None:
        name, _, line = above.get(LINE_ATTRIBUTE, "").rpartition(":")
        if line.isdecimal():
            return name, int(line)
        above = parents.get(above)
    return "", 0


class _Stroke(NamedTuple):
    """What an element's stroke is, as its ancestors and its own properties set it."""

    paint: str | None
    width: str | None
    hidden: bool


_UNSTROKED = _Stroke(None, None, False)


def _stroked_outlines(tree: FaceTree) -> Iterator[tuple[Element, float]]:
    """Every outline element whose stroke is painted, with the stroke's width in its own
    units. One pass in document order (a parent before its children) carries what each element
    inherits down; most elements set none of it and share their parent's."""
    inherited: dict[Element, _Stroke] = {}
    for element in tree.root.iter():
        parent = tree.parents.get(element)
        stroke = inherited.get(parent, _UNSTROKED) if parent is not None else _UNSTROKED
        if _SETS_STROKE.intersection(element.attrib):
            stroke = _own_stroke(element, stroke)
        inherited[element] = stroke
        if local_name(element.tag) in OUTLINES and not stroke.hidden:
            width = _stroke_width(stroke)
            if width is not None:
                yield element, width


def _own_stroke(element: Element, outer: _Stroke) -> _Stroke:
    """``outer`` with what ``element`` sets itself: in its ``style`` attribute, else as an
    attribute of that name."""
    declared = dict(element.attrib)
    for declaration in element.get("style", "").split(";"):
        key, _, value = declaration.partition(":")
        declared[key.strip()] = value
    paint, width = declared.get("stroke", outer.paint), declared.get("stroke-width", outer.width)
    hidden = any(declared.get(key, "").strip() == value for key, value in _HIDDEN.items())
    return _Stroke(
        paint.strip() if paint is not None else None,
        width.strip() if width is not None else None,
        outer.hidden or hidden,
    )


def _stroke_width(stroke: _Stroke) -> float | None:
    """The width of a painted stroke, ``None`` when none is painted (none set, or ``none``).
    A width SVG would read with units (``1mm``) counts as a line of no width: it still shows
    where it runs."""
    if stroke.paint is None or stroke.paint in ("none", "transparent"):
        return None
    if stroke.width is None:
        return 1.0
    width = _length(stroke.width)
    return None if width is not None and width < 0 else width or 0.0


def _outline(element: Element) -> str | None:
    """Path data of the outline an element strokes, ``None`` when it draws none (no size, a
    path without a closed subpath) or the check cannot place it (a length with units)."""
    name = local_name(element.tag)
    if name == "path":
        data = element.get("d", "")
        return data if "z" in data.lower() else None
    if name == "polygon":
        numbers = [_length(part) for part in element.get("points", "").replace(",", " ").split()]
        pairs = [f"{x} {y}" for x, y in zip(numbers[::2], numbers[1::2], strict=False)]
        return "M " + " L ".join(pairs) + " Z" if len(pairs) > 2 and None not in numbers else None
    lengths = _lengths(element, "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry")
    if lengths is None:
        return None
    x, y, width, height, cx, cy, r, rx, ry = lengths
    if name == "circle":
        rx = ry = r
    else:  # a radius not given is the other one (SVG's "auto")
        rx, ry = (
            (ry if element.get("rx") is None else rx),
            (rx if element.get("ry") is None else ry),
        )
    if name == "rect":
        return _rect(x, y, width, height, rx, ry)
    half = f"A {rx} {ry} 0 1 0"
    drawn = min(rx, ry) > 0
    return f"M {cx - rx} {cy} {half} {cx + rx} {cy} {half} {cx - rx} {cy} Z" if drawn else None


def _rect(x: float, y: float, width: float, height: float, rx: float, ry: float) -> str | None:
    """A ``<rect>``'s outline, its corners rounded as SVG rounds them (each radius at most half
    the side)."""
    if width <= 0 or height <= 0:
        return None
    rx, ry = min(max(rx, 0.0), width / 2), min(max(ry, 0.0), height / 2)
    right, bottom = x + width, y + height
    if rx == 0 or ry == 0:
        return f"M {x} {y} H {right} V {bottom} H {x} Z"
    turn = f"A {rx} {ry} 0 0 1"
    return (
        f"M {x + rx} {y} H {right - rx} {turn} {right} {y + ry} V {bottom - ry} "
        f"{turn} {right - rx} {bottom} H {x + rx} {turn} {x} {bottom - ry} V {y + ry} "
        f"{turn} {x + rx} {y} Z"
    )


def _lengths(element: Element, *names: str) -> list[float] | None:
    """The named lengths of ``element``, 0 where one is not given; ``None`` when one is not a
    plain number (units other than px, which cairosvg converts as the check cannot)."""
    values = [_length(element.get(name, "0")) for name in names]
    return None if None in values else [value for value in values if value is not None]


def _length(value: str) -> float | None:
    """A plain number, in the user's units (``px`` or none); ``None`` if it is not one."""
    match = _NUMBER.fullmatch(value)
    number = float(match.group(1)) if match else math.nan
    return number if math.isfinite(number) else None


def _border(data: str, matrix: Matrix, width: float, card: CardSize) -> float | None:
    """How near the cut (mm) the ink of the outline ``data``, stroked ``width`` wide and moved
    by ``matrix``, comes where one of its edges runs along the cut inside the margin; ``None``
    where none does. A frame's short path data is measured once and remembered (the same frame
    is drawn on every card of a deck); a long one, a stranger's perhaps, is not kept."""
    if len(data) <= _REMEMBERED:
        return _measured(data, matrix, width, card)
    return _measure(data, matrix, width, card)


def _measure(data: str, matrix: Matrix, width: float, card: CardSize) -> float | None:
    try:
        loops = _closed_loops(parse_path(data))
        nearest = math.inf
        for loop in loops:
            points = _points(loop, matrix)
            for edge in _ink_edges(points, matrix, width / 2) if points else ():
                if _near_the_cut(edge, card):
                    nearest = min(nearest, _run_distance(edge, card))
    except (ValueError, ArithmeticError, IndexError, AssertionError):
        return None  # cairosvg draws what it can of a broken path; nothing a frame is made of
    return nearest if nearest < math.inf else None


_measured = lru_cache(maxsize=1024)(_measure)


def _closed_loops(path: Path) -> list[list[PathSegment]]:
    """The subpaths of ``path`` that end in ``Z``, each as its drawn segments."""
    loops: list[list[PathSegment]] = []
    current: list[PathSegment] = []
    for segment in path:
        if isinstance(segment, Move):
            current = []
        elif isinstance(segment, Close):
            loops.append([*current, segment])
            current = []
        else:
            current.append(segment)
    return loops


def _points(loop: list[PathSegment], matrix: Matrix) -> list[Point] | None:
    """Points along a closed loop in its own coordinates, about :data:`STEP` apart once on the
    card (the last one joining the first); ``None`` where a number is not finite."""
    lengths = [_card_length(segment, matrix) for segment in loop]
    total = sum(lengths)
    if not math.isfinite(total):
        return None
    step = max(STEP, total / MAX_POINTS)
    points: list[Point] = []
    for segment, length in zip(loop, lengths, strict=True):
        count = max(1, math.ceil(length / step))
        points += [_real(segment.point(index / count)) for index in range(count)]
    return points


def _card_length(segment: PathSegment, matrix: Matrix) -> float:
    """A segment's length on the card, near enough to space points along it: the straight
    pieces between nine points of it."""
    count = 1 if isinstance(segment, (Line, Close)) else 8
    placed = [apply_matrix(matrix, *_real(segment.point(i / count))) for i in range(count + 1)]
    return sum(math.dist(a, b) for a, b in pairwise(placed))


def _real(point: complex) -> Point:
    return point.real, point.imag


def _ink_edges(points: list[Point], matrix: Matrix, half: float) -> tuple[list[Point], ...]:
    """The two edges of the stroke along a loop, on the card: each point moved half the
    stroke's width to either side, square to the loop where it is drawn (so a stroke scaled
    unevenly is as thick on the card as the matrix makes it, and a corner's ink reaches as far
    as the corner does)."""
    count = len(points)
    sides: tuple[list[Point], list[Point]] = ([], [])
    for index, (x, y) in enumerate(points):
        (x0, y0), (x1, y1) = points[index - 1], points[(index + 1) % count]
        along = math.hypot(x1 - x0, y1 - y0)
        nx, ny = ((y0 - y1) * half / along, (x1 - x0) * half / along) if along else (0.0, 0.0)
        sides[0].append(apply_matrix(matrix, x + nx, y + ny))
        sides[1].append(apply_matrix(matrix, x - nx, y - ny))
    return sides


def _near_the_cut(edge: list[Point], card: CardSize) -> bool:
    """Whether an edge may run in the margin: not when the box round it is inside the safe
    area (convex, so the box's corners tell) or outside the trim."""
    xs, ys = zip(*edge, strict=True)
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    if right <= 0 or bottom <= 0 or left >= card.width or top >= card.height:
        return False
    corners = ((left, top), (right, top), (left, bottom), (right, bottom))
    return any(distance_outside(card, x, y, card.safe) > -TOLERANCE for x, y in corners)


def _run_distance(edge: list[Point], card: CardSize) -> float:
    """The nearest a closed edge of ink comes to the cut where it lies inside the margin and
    runs parallel to the cut for at least :data:`RUN` mm; ``math.inf`` where it never does."""
    inside = [-distance_outside(card, x, y) for x, y in edge]
    count = len(edge)
    steps = [_step(edge, inside, i, card.safe) for i in range(count)]
    # start after a step that breaks the run, so a run across the loop's first point is one
    start = next((i + 1 for i, (_, nearest) in enumerate(steps) if nearest is None), 0)
    found, run, run_nearest = math.inf, 0.0, math.inf
    for offset in range(count + 1):
        length, nearest = steps[(start + offset) % count]
        if nearest is not None and offset < count:
            run, run_nearest = run + length, min(run_nearest, nearest)
            continue
        if run >= RUN:
            found = min(found, run_nearest)
        run, run_nearest = 0.0, math.inf
    return found


def _step(
    edge: list[Point], inside: list[float], i: int, safe: float
) -> tuple[float, float | None]:
    """The step from point ``i`` of an edge to the next: its length, and the nearer of its ends
    to the cut where both lie inside the margin and it runs parallel to the cut (else
    ``None``)."""
    j = (i + 1) % len(edge)
    length = math.dist(edge[i], edge[j])
    in_margin = all(TOLERANCE < inside[k] < safe - TOLERANCE for k in (i, j))
    parallel = abs(inside[j] - inside[i]) <= PARALLEL * length + TOLERANCE
    return length, min(inside[i], inside[j]) if in_margin and parallel else None
