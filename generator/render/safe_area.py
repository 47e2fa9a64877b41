"""The safe-area check: every text box of a card face, measured where it lands on the card.

A template places text with ``text(...)`` inside groups that move, scale and turn it (a corner
number turned round for the other hand, art scaled to another card size), so a box is measured
only after rendering: ``text(...)`` marks its first line with the box's number, and the rendered
SVG is walked with every ``transform`` on the way down, in the card's own millimetres. Text
inside ``<defs>``, clip paths, masks, patterns and symbols is drawn only where it is used, and
is not measured.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from generator.layout.outline import distance_outside
from generator.layout.sizes import CardSize

BOX_ATTRIBUTE = "data-text-box"
"""The attribute ``text(...)`` writes on its first ``<text>``: the number of its box."""
NOT_DRAWN_HERE = frozenset({"defs", "clipPath", "mask", "pattern", "symbol", "marker"})
TOLERANCE = 0.01
"""Millimetres a box may lie outside and still count as inside: the rounding of the numbers in
a transform (a box on the safe edge of art scaled to another size), far below what a printer or
a cut can show."""

Matrix = tuple[float, float, float, float, float, float]
"""An SVG transform matrix (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_OPERATION = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


@dataclass(frozen=True)
class TextBox:
    """A box ``text(...)`` was given, in the coordinates where it was called, and the template
    file (its path as loaded) and line that called it."""

    x: float
    y: float
    width: float
    height: float
    file: str
    line: int


def outside_safe_area(
    root: Element, boxes: list[TextBox], card: CardSize
) -> dict[tuple[str, int], float]:
    """For each template line whose text boxes leave the card's safe area: how far (mm) the
    furthest corner of its boxes lies outside (a line drawn four times, turned, is one problem).
    The safe area is convex, so a box whose corners are in is in."""
    worst: dict[tuple[str, int], float] = {}
    for index, matrix in _marked(root, IDENTITY):
        if not 0 <= index < len(boxes):
            continue
        box = boxes[index]
        corners = [
            (box.x, box.y),
            (box.x + box.width, box.y),
            (box.x, box.y + box.height),
            (box.x + box.width, box.y + box.height),
        ]
        over = max(distance_outside(card, *_apply(matrix, x, y), card.safe) for x, y in corners)
        if over > TOLERANCE:
            worst[box.file, box.line] = max(over, worst.get((box.file, box.line), 0.0))
    return worst


def _marked(element: Element, outer: Matrix) -> Iterator[tuple[int, Matrix]]:
    """Every marked text box below ``element`` with the matrix from its coordinates to the
    card's."""
    if _local_name(element.tag) in NOT_DRAWN_HERE:
        return
    matrix = _multiply(outer, parse_transform(element.get("transform", "")))
    mark = element.get(BOX_ATTRIBUTE)
    if mark is not None and mark.isdigit():
        yield int(mark), matrix
    for child in element:
        yield from _marked(child, matrix)


def _local_name(tag: object) -> str:
    return str(tag).rpartition("}")[2]


def parse_transform(text: str) -> Matrix:
    """The matrix of an SVG ``transform`` attribute; an operation with the wrong number of
    arguments counts as none."""
    matrix = IDENTITY
    for name, arguments in _OPERATION.findall(text):
        numbers = [float(n) for n in _NUMBER.findall(arguments)]
        matrix = _multiply(matrix, _operation(name, numbers))
    return matrix


def _operation(name: str, n: list[float]) -> Matrix:
    if name == "matrix" and len(n) == 6:
        return (n[0], n[1], n[2], n[3], n[4], n[5])
    if name == "translate" and len(n) in (1, 2):
        return (1.0, 0.0, 0.0, 1.0, n[0], n[1] if len(n) == 2 else 0.0)
    if name == "scale" and len(n) in (1, 2):
        return (n[0], 0.0, 0.0, n[-1], 0.0, 0.0)
    if name == "rotate" and len(n) in (1, 3):
        cos, sin = math.cos(math.radians(n[0])), math.sin(math.radians(n[0]))
        x, y = (n[1], n[2]) if len(n) == 3 else (0.0, 0.0)
        return (cos, sin, -sin, cos, x - cos * x + sin * y, y - sin * x - cos * y)
    if name in ("skewX", "skewY") and len(n) == 1:
        slope = math.tan(math.radians(n[0]))
        return (
            (1.0, 0.0, slope, 1.0, 0.0, 0.0)
            if name == "skewX"
            else (1.0, slope, 0.0, 1.0, 0.0, 0.0)
        )
    return IDENTITY


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` after ``n``: a point is moved by ``n`` first (the inner transform)."""
    return (
        m[0] * n[0] + m[2] * n[1],
        m[1] * n[0] + m[3] * n[1],
        m[0] * n[2] + m[2] * n[3],
        m[1] * n[2] + m[3] * n[3],
        m[0] * n[4] + m[2] * n[5] + m[4],
        m[1] * n[4] + m[3] * n[5] + m[5],
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]
