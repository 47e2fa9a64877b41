"""The safe-area check: every text box of a card face, measured where it lands on the card.

A template places text with ``text(...)`` inside groups that move, scale and turn it (a corner
number turned round for the other hand, art scaled to another card size), so a box is measured
only after rendering: ``text(...)`` marks its first line with the box's number, and the rendered
SVG is walked with every ``transform`` on the way down, in the card's own millimetres.

What this walk cannot follow as cairosvg draws it is not guessed at: a box inside ``<defs>``, a
symbol, pattern, mask or clip path (drawn wherever a ``<use>`` or a reference puts it), inside a
group a ``<use>`` draws again, inside a nested ``<svg>`` (its own position and viewBox), under a
CSS ``transform`` (a ``style`` attribute, a ``<style>`` sheet, ``transform-origin``), or under
a ``transform`` that is not plain SVG numbers (units, extra arguments). Such a box is reported
as one the check cannot measure, so a template keeps its text where it can be checked.

The walk (:class:`FaceTree`) is shared with the border check (:mod:`generator.render.borders`),
which measures stroked outlines where they land the same way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple
from xml.etree.ElementTree import Element

from generator.geometry.outline import distance_outside
from generator.geometry.sizes import CardSize

BOX_ATTRIBUTE = "data-text-box"
"""The attribute ``text(...)`` writes on its first ``<text>``: the number of its box."""
NOT_DRAWN_HERE = frozenset({"defs", "clipPath", "mask", "pattern", "symbol", "marker"})
UNMEASURED = math.inf
"""How far outside a box is said to reach when the check cannot follow where it is drawn."""
TOLERANCE = 0.01
"""Millimetres a box may lie outside and still count as inside: the rounding of the numbers in
a transform (a box on the safe edge of art scaled to another size), far below what a printer or
a cut can show."""

Matrix = tuple[float, float, float, float, float, float]
"""An SVG transform matrix (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_NUMBER_TEXT = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_OPERATION = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
_NUMBER = re.compile(_NUMBER_TEXT)
_PLAIN_TRANSFORM = re.compile(
    rf"\s*(?:(?:matrix|translate|scale|rotate|skewX|skewY)\s*\(\s*(?:{_NUMBER_TEXT}"
    rf"(?:\s*,?\s*{_NUMBER_TEXT})*)?\s*\)\s*,?\s*)*"
)
_ARGUMENTS = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3)}
_LOOKED_FOR = ("use", "style")
"""The elements the check looks for anywhere in the tree, in any namespace: a tag that does not
end so is neither, and its name need not be split from its namespace."""


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


class Placed(NamedTuple):
    """A marked text box as the walk found it: its number, the matrix from its coordinates to the
    card's (``None`` below something the walk cannot follow) and its first line's font size."""

    number: int
    matrix: Matrix | None
    font_size: str


class Placements(NamedTuple):
    """Every marked text box of a face, in document order, and whether a ``<style>`` sheet
    mentions ``transform`` (CSS could then move any box, which only the safe-area check minds)."""

    placed: list[Placed]
    styled: bool


class FaceTree:
    """A rendered face's parsed SVG and what every check of it needs, worked out once: each
    element's parent, the ids a ``<use>`` draws again, whether a ``<style>`` sheet mentions
    ``transform``, and the matrix from an element's coordinates to the card's."""

    def __init__(self, root: Element) -> None:
        named = [
            (local_name(element.tag), element)
            for element in root.iter()
            if str(element.tag).endswith(_LOOKED_FOR)
        ]
        used = {
            drawn for name, element in named if name == "use" for drawn in _drawn_again(element)
        }
        self.root = root
        self.styled = any(
            name == "style" and "transform" in (element.text or "") for name, element in named
        )
        self.parents = {child: parent for parent in root.iter() for child in parent}
        self._matrices = _Matrices(root, self.parents, used)

    def matrix(self, element: Element) -> Matrix | None:
        """From ``element``'s coordinates to the card's: ``None`` where the walk cannot follow
        how it is drawn (see the module's docstring)."""
        return self._matrices.of(element)


def place_text_boxes(tree: FaceTree) -> Placements:
    """Where every marked text box of the face is drawn. Each pass over the tree is a
    comprehension over ``iter()`` (no recursion, so no depth of nesting overflows the stack),
    and matrices are worked out only along the groups that hold a mark: a face has a few dozen
    elements and a few boxes."""
    marked = [
        (int(mark), element)
        for element in tree.root.iter()
        if (mark := element.get(BOX_ATTRIBUTE)) is not None and mark.isdecimal()
    ]
    placed = [
        Placed(number, tree.matrix(element), element.get("font-size", ""))
        for number, element in marked
    ]
    return Placements(placed, tree.styled)


def outside_safe_area(
    placements: Placements, boxes: list[TextBox], card: CardSize
) -> dict[tuple[str, int], float]:
    """For each template line whose text boxes leave the card's safe area: how far (mm) the
    furthest corner of its boxes lies outside (a line drawn four times, turned, is one problem),
    :data:`UNMEASURED` where the check cannot follow how a box is drawn. The safe area is
    convex, so a box whose corners are in is in."""
    worst: dict[tuple[str, int], float] = {}
    for index, matrix, _ in placements.placed:
        if not 0 <= index < len(boxes):
            continue
        box = boxes[index]
        over = UNMEASURED if matrix is None or placements.styled else _reach(box, matrix, card)
        if over > TOLERANCE:
            worst[box.file, box.line] = max(over, worst.get((box.file, box.line), 0.0))
    return worst


def _reach(box: TextBox, matrix: Matrix, card: CardSize) -> float:
    """How far the furthest corner of ``box``, moved by ``matrix``, lies outside the safe area."""
    corners = [
        (box.x, box.y),
        (box.x + box.width, box.y),
        (box.x, box.y + box.height),
        (box.x + box.width, box.y + box.height),
    ]
    return max(distance_outside(card, *apply_matrix(matrix, x, y), card.safe) for x, y in corners)


def _drawn_again(use: Element) -> Iterator[str]:
    """The id a ``<use>`` draws again (``#id`` in ``href`` or ``xlink:href``)."""
    for key, value in use.attrib.items():
        if local_name(key) == "href" and value.startswith("#"):
            yield value[1:]


def smallest_text(placements: Placements, boxes: list[TextBox]) -> dict[tuple[str, int], float]:
    """For each template line, the smallest size (mm) its text prints at on the card: the font
    size times the scale of the groups it is in (art scaled down to a smaller card)."""
    smallest: dict[tuple[str, int], float] = {}
    for index, matrix, font_size in placements.placed:
        size = _NUMBER.fullmatch(font_size)
        if matrix is None or size is None or not 0 <= index < len(boxes):
            continue
        a, b, c, d = matrix[:4]
        printed = float(size.group()) * math.sqrt(abs(a * d - b * c))
        key = (boxes[index].file, boxes[index].line)
        smallest[key] = min(printed, smallest.get(key, math.inf))
    return smallest


class _Matrices:
    """The matrix from an element's coordinates to the card's, each worked out once from its
    parent's: ``None`` below something the walk cannot follow."""

    def __init__(self, root: Element, parents: dict[Element, Element], used: set[str]) -> None:
        self.root = root
        self.parents = parents
        self.used = used
        self.known: dict[Element, Matrix | None] = {}

    def of(self, element: Element) -> Matrix | None:
        """Up to the nearest element already known (or above the root), then down again."""
        pending = []
        above: Element | None = element
        while above is not None and above not in self.known:
            pending.append(above)
            above = self.parents.get(above)
        matrix = IDENTITY if above is None else self.known[above]
        for below in reversed(pending):
            matrix = self._own(below, matrix)
            self.known[below] = matrix
        return matrix

    def _own(self, element: Element, outer: Matrix | None) -> Matrix | None:
        """``outer`` followed by the element's own transform."""
        if outer is None or not _followed(element, self.used, element is self.root):
            return None
        own = parse_transform(element.get("transform", ""))
        return None if own is None else _multiply(outer, own)


def _followed(element: Element, used: set[str], top: bool) -> bool:
    """Whether an element draws its children where their transforms alone say."""
    name = local_name(element.tag)
    if name in NOT_DRAWN_HERE or (name == "svg" and not top) or element.get("id") in used:
        return False
    return "transform" not in element.get("style", "") and "transform-origin" not in element.attrib


def local_name(tag: object) -> str:
    return str(tag).rpartition("}")[2]


def parse_transform(text: str) -> Matrix | None:
    """The matrix of an SVG ``transform`` attribute, or ``None`` when it is not plain SVG (units,
    a wrong number of arguments): cairosvg reads such text its own way."""
    if not _PLAIN_TRANSFORM.fullmatch(text):
        return None
    matrix = IDENTITY
    for name, arguments in _OPERATION.findall(text):
        numbers = [float(n) for n in _NUMBER.findall(arguments)]
        if len(numbers) not in _ARGUMENTS.get(name, (1,)):
            return None
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


def apply_matrix(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]
