"""The duplex calibration sheet: a page of fine crosses, and on its back, rulers that measure
where the printer put the second side.

The front has a cross at each corner and at the centre. The back has, at the place each cross
lands after the sheet is turned (:meth:`~generator.geometry.imposition.Rect.behind`, as for card
backs), a small circle, a ruler across below it and a ruler down beside it, both with their
zero in line with the circle's centre. Held to a light, the back shows the front's cross
through the paper: where its upright crosses the X ruler and its bar crosses the Y ruler are
the two readings. A back printed ``(sx, sy)`` mm right and down of where it belongs moves its
rulers by that much under a cross that stayed put, so the cross reads ``(-sx, -sy)``: the very
``--back-offset`` that moves the backs back. The sheet printed with that offset reads zero.

The targets are symmetric, so their places behind the front are the same set however the
sheet is turned: a sheet turned the other way than ``--duplex`` says still reads true (of the
way it was turned). The rulers sit beside the circle, not across it, so that neither ruler's
numbers crowd the other's near the centre; the cross's arms are long enough to reach both
rulers at any reading. The sheet prints no words, only numbers and the axes' letters; the
README says how to read it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cairocffi

from generator.geometry.shapes import Rect
from generator.geometry.sizes import Paper
from generator.layout.compose import Book, Page
from generator.layout.drawing import in_millimetres, one_page
from generator.layout.pdf import metadata

MINUS = "\u2212"
FONT = "Roboto Condensed"
"""A shipped font (:mod:`generator.runtime.fontconfig`): narrow digits fit a 2 mm step."""


@dataclass(frozen=True)
class Measures:
    """The sheet's sizes in mm, as data."""

    inset: float = 25.0
    """Paper edge to a corner target: well inside what any printer prints."""
    reach: float = 5.0
    """A ruler reads from ``-reach`` to ``+reach``."""
    step: float = 0.5
    """A tick every ``step``."""
    mark: float = 1.0
    """A longer tick every ``mark``."""
    numbered: float = 2.0
    """A still longer tick, with its number, every ``numbered``: numbers every millimetre
    would have to be narrower than a millimetre, minus sign included, to be told apart."""
    ticks: tuple[float, float, float] = (0.8, 1.4, 2.0)
    """The length of a tick every ``step``, every ``mark`` and every ``numbered``."""
    gap: float = 7.0
    """From a target to each of its rulers."""
    line: float = 0.15
    """Every line: fine enough to read a quarter millimetre, ≥ 0.25 pt so that it prints."""
    circle: float = 1.0
    """The radius of the circle at each target, front and back."""
    digits: float = 1.6
    """The size of the numbers (4.5 pt)."""
    space: float = 0.4
    """From a tick's end (or a ruler's end) to its number (or letter)."""
    sign: float = 0.15
    """From a minus sign to its digits: less than from a number to the next."""

    @property
    def arm(self) -> float:
        """Half a front cross: across a ruler however far off (within ``reach``) it is."""
        return self.gap + self.reach + self.ticks[-1]


@dataclass(frozen=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True)
class Tick:
    """A ruler's tick ``at`` mm from its zero, ``length`` long, with ``number`` (or none)."""

    at: float
    length: float
    number: float | None


def targets(paper: Paper, measures: Measures = Measures()) -> tuple[Point, ...]:
    """The front's crosses: the centre (the reading to pass), then the four corners (which
    show whether one offset serves the whole sheet)."""
    near_x, far_x = measures.inset, paper.width - measures.inset
    near_y, far_y = measures.inset, paper.height - measures.inset
    corners = [Point(x, y) for y in (near_y, far_y) for x in (near_x, far_x)]
    return (Point(paper.width / 2, paper.height / 2), *corners)


def zeros(paper: Paper, duplex: str, measures: Measures = Measures()) -> tuple[Point, ...]:
    """Where the back's rulers read zero: behind each of the front's :func:`targets`."""
    return tuple(_behind(paper, target, duplex) for target in targets(paper, measures))


def _behind(paper: Paper, point: Point, duplex: str) -> Point:
    spot = Rect(point.x, point.y, 0.0, 0.0).behind(paper, "short" if duplex == "short" else "long")
    return Point(spot.x, spot.y)


def ruler(measures: Measures = Measures()) -> list[Tick]:
    """A ruler's ticks from ``-reach`` to ``+reach``, counted in steps so that none drifts."""
    count = round(measures.reach / measures.step)
    per_mark = round(measures.mark / measures.step)
    per_number = round(measures.numbered / measures.step)
    short, middle, long = measures.ticks
    found = []
    for index in range(-count, count + 1):
        at = index * measures.step
        if index % per_number == 0:
            found.append(Tick(at, long, at))
        else:
            found.append(Tick(at, middle if index % per_mark == 0 else short, None))
    return found


def sheet(
    paper: Paper, duplex: str, back_offset: tuple[float, float], measures: Measures = Measures()
) -> Book:
    """The two pages: the crosses, then the rulers behind them when the sheet is turned as
    ``duplex`` says, moved by ``back_offset`` as every back page of the card sheets is."""
    front = one_page(paper, lambda context: _front(context, paper, measures))
    back = one_page(paper, lambda context: _back(context, paper, duplex, measures))
    book = Book(metadata(f"calibration-{paper.name}"))
    book.add_page(Page(paper.width, paper.height, overlays=(front,)))
    book.add_page(Page(paper.width, paper.height, overlays=(back,), shift=back_offset))
    return book


def _in_mm(context: cairocffi.Context, measures: Measures) -> None:
    """Draw in millimetres, black lines of the sheet's width, in a shipped font."""
    in_millimetres(context, FONT)
    context.set_line_width(measures.line)
    context.set_line_cap(cairocffi.LINE_CAP_BUTT)
    context.set_font_size(measures.digits)


def _front(context: cairocffi.Context, paper: Paper, measures: Measures) -> None:
    _in_mm(context, measures)
    for target in targets(paper, measures):
        _line(context, target.x - measures.arm, target.y, target.x + measures.arm, target.y)
        _line(context, target.x, target.y - measures.arm, target.x, target.y + measures.arm)
        _circle(context, target, measures.circle)
    context.stroke()


def _back(context: cairocffi.Context, paper: Paper, duplex: str, measures: Measures) -> None:
    _in_mm(context, measures)
    ticks = ruler(measures)
    for zero in zeros(paper, duplex, measures):
        _circle(context, zero, measures.circle)
        _across(context, zero, ticks, measures)
        _down(context, zero, ticks, measures)


def _across(context: cairocffi.Context, zero: Point, ticks: list[Tick], m: Measures) -> None:
    """The X ruler, below the target: ticks hang from its line, numbers under them, the
    letter X before its start (past its end it would crowd the Y ruler's)."""
    y = zero.y + m.gap
    _line(context, zero.x - m.reach, y, zero.x + m.reach, y)
    for tick in ticks:
        _line(context, zero.x + tick.at, y, zero.x + tick.at, y + tick.length)
    context.stroke()
    for tick in ticks:
        if tick.number is not None:
            below = Point(zero.x + tick.at, y + tick.length + m.space)
            _number(context, tick.number, below, "below", m.sign)
    _label(context, "X", zero.x - m.reach - m.space, y, "left")


def _down(context: cairocffi.Context, zero: Point, ticks: list[Tick], m: Measures) -> None:
    """The Y ruler, right of the target: ticks to the right of its line, numbers beside them,
    the letter Y above its start."""
    x = zero.x + m.gap
    _line(context, x, zero.y - m.reach, x, zero.y + m.reach)
    for tick in ticks:
        _line(context, x, zero.y + tick.at, x + tick.length, zero.y + tick.at)
    context.stroke()
    for tick in ticks:
        if tick.number is not None:
            beside = Point(x + tick.length + m.space, zero.y + tick.at)
            _number(context, tick.number, beside, "right", m.sign)
    _label(context, "Y", x, zero.y - m.reach - m.space, "above")


def _line(context: cairocffi.Context, x1: float, y1: float, x2: float, y2: float) -> None:
    context.move_to(x1, y1)
    context.line_to(x2, y2)


def _circle(context: cairocffi.Context, centre: Point, radius: float) -> None:
    context.new_sub_path()
    context.arc(centre.x, centre.y, radius, 0, 2 * math.pi)


def _number(context: cairocffi.Context, value: float, at: Point, side: str, sign: float) -> None:
    """``value`` by the point ``at``, as :func:`_label` places text, its digits where a
    positive number's stand and its minus sign hanging before them, closer to its own digits
    than to the number before: the digits stand in line with their tick."""
    digits = f"{abs(value):g}"
    minus = context.text_extents(MINUS)
    room = minus[2] + sign
    x = at.x + room if side == "right" else at.x
    left, baseline = _label(context, digits, x, at.y, side)
    if value < 0:
        context.move_to(left - room - minus[0], baseline)
        context.show_text(MINUS)
        context.new_path()


def _label(
    context: cairocffi.Context, text: str, x: float, y: float, side: str
) -> tuple[float, float]:
    """Show ``text`` by its ink (not its advance, which has room on either side) on one
    ``side`` of the point (x, y): centred under or over it, or starting right of it or ending
    left of it, centred on y. Where its ink starts, and its baseline."""
    x_bearing, y_bearing, width, height, _, _ = context.text_extents(text)
    left = {"right": x, "left": x - width}.get(side, x - width / 2)
    top = {"below": y, "above": y - height}.get(side, y - height / 2)
    context.move_to(left - x_bearing, top - y_bearing)
    context.show_text(text)
    context.new_path()
    return left, top - y_bearing
