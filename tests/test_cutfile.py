"""Cut files and registration marks: every cut line lies on its card, the marks sit where
Silhouette Studio draws them, and both files come out the same every time.

The cut files are read back with other code than wrote them (ElementTree and an SVG arc's own
geometry; ezdxf's reader and its path flattening), and the marks from the PDF's content stream.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import ezdxf
import pytest
from ezdxf.math import bulge_to_arc
from ezdxf.path import make_path

from generator.geometry.registration import Registration, parse
from generator.geometry.shapes import Rect
from generator.geometry.sizes import PAPERS, CardSize, Paper
from generator.layout.cutfile import Placed, dxf, marks, svg
from tests import pdf

A4 = PAPERS["a4"]
POKER = CardSize(63, 88, shape="rounded", corner_radius=3)
TILE = CardSize(60, 60, shape="rounded", corner_radius=3)
DISC = CardSize(30, 30, shape="circle")
SHEET: list[Placed] = [
    (POKER, Rect(33.5, 40.25, 63, 88)),
    (POKER, Rect(99.5, 40.25, 63, 88)),
    (TILE, Rect(33.5, 140, 60, 60)),
    (DISC, Rect(120.125, 150.5, 30, 30)),
]
"""A poker deck's cards, a 60 mm tile and a 30 mm disc where a layout could put them."""

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"

Point = tuple[float, float]


def corners(card: CardSize, trim: Rect) -> list[tuple[float, float, float]]:
    """Centre x, y and radius of each curve the card's cut line must have on the page."""
    if card.shape == "circle":
        return [(trim.x + card.width / 2, trim.y + card.height / 2, card.width / 2)]
    r = card.corner_radius
    xs, ys = (trim.x + r, trim.x + trim.width - r), (trim.y + r, trim.y + trim.height - r)
    return [(x, y, r) for x in xs for y in ys]


def assert_same(
    actual: list[tuple[float, ...]], expected: list[tuple[float, ...]], abs: float
) -> None:
    """The same points (or centres and radii) in any order, each number within ``abs``."""

    def key(values: tuple[float, ...]) -> tuple[float, ...]:
        return tuple(round(value, 2) for value in values)

    assert len(actual) == len(expected)
    for got, want in zip(sorted(actual, key=key), sorted(expected, key=key), strict=True):
        assert got == pytest.approx(want, abs=abs)


def bounds(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def assert_on_card(points: list[Point], trim: Rect) -> None:
    """The traced outline spans exactly the trim rectangle."""
    expected = (trim.x, trim.y, trim.x + trim.width, trim.y + trim.height)
    assert bounds(points) == pytest.approx(expected, abs=0.01)


# --- SVG, read back ------------------------------------------------------------------------


def svg_arc_centre(start: Point, end: Point, radius: float, sweep: int) -> Point:
    """The centre of a small SVG arc (large-arc flag 0) from ``start`` to ``end``: on the
    chord's perpendicular, on the side the sweep turns towards (SVG spec, appendix B.2.4)."""
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    dx, dy = end[0] - start[0], end[1] - start[1]
    chord = math.hypot(dx, dy)
    away = math.sqrt(max(radius**2 - (chord / 2) ** 2, 0.0))
    side = 1 if sweep else -1
    return mx - side * dy / chord * away, my + side * dx / chord * away


def trace_svg_path(d: str) -> tuple[list[Point], list[tuple[float, float, float]], bool]:
    """The points along a path of M, L, A and Z (arcs sampled every degree), the centre and
    radius of each arc, and whether the path is closed."""
    tokens = re.findall(r"[MLAZ]|-?[\d.]+", d)
    points: list[Point] = []
    arcs: list[tuple[float, float, float]] = []
    closed, i = False, 0
    while i < len(tokens):
        command = tokens[i]
        if command in "ML":
            points.append((float(tokens[i + 1]), float(tokens[i + 2])))
            i += 3
        elif command == "A":
            r, _, _, large, sweep, x, y = (float(t) for t in tokens[i + 1 : i + 8])
            assert large == 0
            start, end = points[-1], (x, y)
            cx, cy = svg_arc_centre(start, end, r, int(sweep))
            arcs.append((cx, cy, r))
            a0 = math.atan2(start[1] - cy, start[0] - cx)
            a1 = math.atan2(end[1] - cy, end[0] - cx)
            turn = (a1 - a0) % (2 * math.pi) or 2 * math.pi
            steps = max(2, round(math.degrees(turn)))
            points += [
                (cx + r * math.cos(a0 + turn * k / steps), cy + r * math.sin(a0 + turn * k / steps))
                for k in range(1, steps + 1)
            ]
            i += 8
        else:
            closed, i = True, i + 1
    return points, arcs, closed


def cut_paths(document: bytes) -> list[str]:
    root = ET.fromstring(document)
    group = root.find(f"{SVG}g[@id='cut']")
    assert group is not None and group.get(f"{INKSCAPE}label") == "cut"
    return [path.get("d", "") for path in group.iter(f"{SVG}path")]


def test_the_svg_is_the_paper_in_millimetres() -> None:
    root = ET.fromstring(svg(A4, SHEET))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    assert root.get("viewBox") == "0 0 210 297"
    assert root.find(f"{SVG}g[@id='registration']") is None


def test_every_svg_outline_lies_on_its_card() -> None:
    paths = cut_paths(svg(A4, SHEET))
    assert len(paths) == len(SHEET)
    for d, (card, trim) in zip(paths, SHEET, strict=True):
        points, arcs, closed = trace_svg_path(d)
        assert closed
        assert_on_card(points, trim)
        expected = corners(card, trim)
        if card.shape == "circle":
            assert arcs == [pytest.approx(expected[0], abs=1e-4)] * 2  # two half turns
        else:
            assert_same(arcs, expected, abs=1e-4)


def test_svg_numbers_have_at_most_four_decimals() -> None:
    odd = [(POKER, Rect(1 / 3, 2 / 3, 63, 88))]
    numbers = re.findall(r"-?\d+\.?\d*", svg(A4, odd, Registration()).decode())
    assert all(len(n.partition(".")[2]) <= 4 for n in numbers)
    assert "-0 " not in svg(A4, odd).decode()


def test_svg_registration_group_is_the_printed_marks() -> None:
    """Studio users line the cut file up by this group: it must be what the PDF prints."""
    registration = Registration(inset=12, length=8, thickness=1)
    root = ET.fromstring(svg(A4, SHEET, registration))
    group = root.find(f"{SVG}g[@id='registration']")
    assert group is not None and group.get(f"{INKSCAPE}label") == "registration"
    drawn = [trace_svg_path(path.get("d", ""))[0] for path in group.iter(f"{SVG}path")]
    (printed,) = pdf.fills(marks(A4, registration))
    assert len(drawn) == len(printed) == 3
    for shape, mark in zip(drawn, printed, strict=True):
        assert_same(shape, mark, abs=1e-3)
    assert len(cut_paths(svg(A4, SHEET, registration))) == len(SHEET)


# --- DXF, read back ------------------------------------------------------------------------


def read_dxf(data: bytes) -> ezdxf.document.Drawing:
    return ezdxf.read(io.StringIO(data.decode("ascii")))


def test_dxf_is_in_millimetres_with_the_page_as_extents() -> None:
    document = read_dxf(dxf(A4, SHEET))
    assert document.header["$INSUNITS"] == 4
    assert document.header["$MEASUREMENT"] == 1
    assert tuple(document.header["$EXTMIN"]) == (0, 0, 0)
    assert tuple(document.header["$EXTMAX"]) == (210, 297, 0)


def test_every_dxf_outline_lies_on_its_card() -> None:
    """y is up in DXF: flipped back, each outline spans its trim and its arcs are the card's."""
    entities = list(read_dxf(dxf(A4, SHEET)).modelspace())
    assert len(entities) == len(SHEET)
    for entity, (card, trim) in zip(entities, SHEET, strict=True):
        assert entity.dxftype() == "LWPOLYLINE" and entity.closed and entity.dxf.layer == "cut"
        flat = [(p.x, A4.height - p.y) for p in make_path(entity).flattening(0.001)]
        assert_on_card(flat, trim)
        vertices = list(entity.get_points("xyb"))
        arcs = []
        for (x, y, bulge), (x2, y2, _) in zip(vertices, vertices[1:] + vertices[:1], strict=True):
            if bulge:
                centre, _, _, radius = bulge_to_arc((x, y), (x2, y2), bulge)
                arcs.append((centre.x, A4.height - centre.y, radius))
        expected = corners(card, trim) * (2 if card.shape == "circle" else 1)
        assert_same(arcs, expected, abs=1e-4)


def test_dxf_runs_clockwise_like_the_page() -> None:
    """Flipping y keeps the drawing's look, so the outline still turns clockwise: negative
    bulges and a negative signed area in DXF's y-up coordinates."""
    (entity,) = read_dxf(dxf(A4, SHEET[:1])).modelspace()
    points = [(p.x, p.y) for p in make_path(entity).flattening(0.01)]
    area = sum(
        x1 * y2 - x2 * y1
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)
    )
    assert area < 0
    assert all(bulge <= 0 for *_, bulge in entity.get_points("xyb"))


# --- the same bytes every time -------------------------------------------------------------


def test_cut_files_and_marks_are_byte_identical_twice() -> None:
    """ezdxf would stamp the time and random GUIDs: two writes apart must still agree, and its
    process-wide switch for fixed ones is left as it was."""
    assert svg(A4, SHEET, Registration()) == svg(A4, SHEET, Registration())
    first = dxf(A4, SHEET)
    assert b"{00000000-0000-0000-0000-000000000000}" in first
    assert dxf(A4, SHEET) == first
    assert ezdxf.options.write_fixed_meta_data_for_testing is False
    printed = marks(A4, Registration())
    marks.cache_clear()
    assert marks(A4, Registration()) == printed


# --- registration marks, read from the PDF --------------------------------------------------


def expected_marks(
    paper: Paper, inset: float, length: float, thickness: float
) -> list[list[Point]]:
    """The three marks as Studio draws them, written out from the documented numbers: every
    mark's centre line ``inset`` from the edges, lines ``thickness`` wide, arms ``length``
    long from the corner point, the square 5 mm on its centre line."""
    h, w, i = thickness / 2, paper.width, inset
    bottom = paper.height - inset
    square = [(i - h, i - h), (i + 5 + h, i - h), (i + 5 + h, i + 5 + h), (i - h, i + 5 + h)]
    top_right = [
        (w - i + h, i - h), (w - i - length, i - h), (w - i - length, i + h),
        (w - i - h, i + h), (w - i - h, i + length), (w - i + h, i + length),
    ]  # fmt: skip
    bottom_left = [
        (i - h, bottom + h), (i + length, bottom + h), (i + length, bottom - h),
        (i + h, bottom - h), (i + h, bottom - length), (i - h, bottom - length),
    ]  # fmt: skip
    return [square, top_right, bottom_left]


@pytest.mark.parametrize(
    ("paper", "settings", "numbers"),
    [
        (A4, "", (10, 5, 1)),
        (PAPERS["letter"], "length=20,thickness=0.5", (10, 20, 0.5)),
        (A4.turned(landscape=True), "feed=feeder", (15.875, 5, 1)),
    ],
)
def test_marks_sit_at_the_inset_with_their_length_and_thickness(
    paper: Paper, settings: str, numbers: tuple[float, float, float]
) -> None:
    printed = marks(paper, parse(settings))
    assert pdf.page_boxes(printed) == [
        pytest.approx((0, 0, paper.width * 72 / 25.4, paper.height * 72 / 25.4))
    ]
    (shapes,) = pdf.fills(printed)
    expected = expected_marks(paper, *numbers)
    assert len(shapes) == 3
    for shape, mark in zip(shapes, expected, strict=True):
        assert_same(shape, mark, abs=1e-3)


def test_cards_keep_clear_of_the_marks() -> None:
    """The band along the edges reaches the marks' inner edge plus the clearance; the three
    corners with marks are closed as far as the marks reach plus the clearance; the fourth,
    with no mark, is open."""
    registration = parse("length=20,thickness=0.5")  # 10 mm inset, 1.5 mm clearance
    band = 10 + 0.25 + 1.5
    assert registration.keep_out().top == registration.keep_out().left == band
    clear = registration.clear
    assert clear(A4, Rect(band, 40, 63, 88))
    assert not clear(A4, Rect(band - 0.1, 40, 63, 88))
    reach = 10 + 20 + 1.5
    assert clear(A4, Rect(reach, band, 40, 40))  # beside the square, under no mark
    assert not clear(A4, Rect(reach - 0.1, band, 40, 40))
    assert clear(A4, Rect(A4.width - reach - 40, band, 40, 40))
    assert not clear(A4, Rect(A4.width - reach - 39.9, band, 40, 40))
    assert not clear(A4, Rect(band, A4.height - reach + 0.1 - 40, 40, 40))
    assert clear(A4, Rect(A4.width - band - 40, A4.height - band - 40, 40, 40))
    assert all(clear(A4, trim) for _, trim in SHEET)


def test_the_square_closes_its_corner_when_the_arms_are_shorter() -> None:
    registration = Registration()  # 5 mm arms, 1 mm lines: the square reaches 10 + 5.5 mm
    assert not registration.clear(A4, Rect(16, 11.5 + 5, 20, 20))
    assert registration.clear(A4, Rect(10 + 5.5 + 1.5, 12, 20, 20))


# --- settings from the command line ---------------------------------------------------------


def test_settings_parse() -> None:
    assert parse("") == Registration()
    assert parse(" inset = 12 , length=8,thickness=1,clearance=0 ") == Registration(
        inset=12, length=8, thickness=1, clearance=0
    )
    assert parse("feed=feeder") == Registration(inset=15.875, feed="feeder")
    assert parse("feed=feeder,inset=20").inset == 20


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "colour=red",
            "unknown setting 'colour' (known: inset, length, thickness, clearance, feed)",
        ),
        (
            "inset=10,,length=5",
            "unknown setting '' (known: inset, length, thickness, clearance, feed)",
        ),
        ("inset", "inset: needs a value, as in inset=..."),
        ("length=", "length: needs a value, as in length=..."),
        ("inset=10,inset=12", "inset: given twice"),
        ("inset=ten", "inset: 'ten' is not a number of millimetres"),
        ("thickness=nan", "thickness: 'nan' is not a number of millimetres"),
        ("length=inf", "length: 'inf' is not a number of millimetres"),
        ("inset=9.5", "inset: 9.5 mm is outside 10-50 mm"),
        ("length=25", "length: 25 mm is outside 5-20 mm"),
        ("thickness=0.3", "thickness: 0.3 mm is outside 0.5-1 mm"),
        ("clearance=-1", "clearance: -1 mm is outside 0-10 mm"),
        ("feed=roll", "feed: 'roll' is not one of mat, feeder"),
        ("feed=feeder,inset=12", "inset: 12 mm is less than the 15.875 mm the feeder needs"),
    ],
)
def test_bad_settings_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse(text)
    assert str(error.value) == message


def test_marks_made_in_code_are_checked_too() -> None:
    with pytest.raises(ValueError) as error:
        Registration(feed="feeder")
    assert str(error.value) == "inset: 10 mm is less than the 15.875 mm the feeder needs"
