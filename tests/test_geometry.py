"""The geometry a face template draws with, and the safe-area check that measures its text where
it lands: scaled art fits the card's safe area, turned boxes are measured turned."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from generator.geometry.sizes import CardSize
from generator.render.geometry import Geometry
from generator.render.safe_area import (
    UNMEASURED,
    FaceTree,
    TextBox,
    outside_safe_area,
    parse_transform,
    place_text_boxes,
)
from generator.render.shapes import blob_path

POKER = Geometry.of(CardSize(63, 88))


def test_at_its_design_size_art_is_drawn_as_written() -> None:
    art = POKER.art(63, 88)
    assert (art.scale, art.offset_x, art.offset_y, art.transform) == (1, 0, 0, "")
    assert art.bleed_box.rect == 'x="-3" y="-3" width="69" height="94"'
    assert art.inset(1.6).rect == 'x="1.6" y="1.6" width="59.8" height="84.8"'
    assert (art.centre_x, art.centre_y) == (POKER.centre_x, POKER.centre_y) == (31.5, 44)


@pytest.mark.parametrize(("width", "height"), [(63, 88), (57, 88), (70, 120), (44, 63)])
def test_a_frame_keeps_its_ink_in_the_safe_area_at_any_size(width: float, height: float) -> None:
    """``frame(w)`` is where a line stroked ``w`` mm wide keeps its ink 3 mm inside the trim:
    on the card, and in the art's millimetres, whose stroke is scaled with the art."""
    card = Geometry.of(CardSize(width, height))
    assert card.frame(0.6) == card.inset(3.3)
    art = card.art(63, 88)
    frame = art.frame(0.6)
    ink_left = art.offset_x + frame.x * art.scale - 0.3 * art.scale
    ink_bottom = art.offset_y + frame.bottom * art.scale + 0.3 * art.scale
    assert (ink_left, height - ink_bottom) == (pytest.approx(3), pytest.approx(3))


@pytest.mark.parametrize("anchor", ["middle", "top-left", "bottom-right"])
@pytest.mark.parametrize(("width", "height"), [(57, 88), (70, 120), (44, 63), (90, 60)])
def test_scaled_art_keeps_its_safe_area_inside_the_cards(
    width: float, height: float, anchor: str
) -> None:
    card = Geometry.of(CardSize(width, height))
    art = card.art(63, 88, anchor)
    left, top = art.offset_x + 3 * art.scale, art.offset_y + 3 * art.scale
    right, bottom = art.offset_x + 60 * art.scale, art.offset_y + 85 * art.scale
    assert 3 - 1e-9 <= left <= right <= width - 3 + 1e-9
    assert 3 - 1e-9 <= top <= bottom <= height - 3 + 1e-9
    # its trim stays inside the card's: nothing drawn inside the design's cut moves past it
    trim_right, trim_bottom = art.offset_x + 63 * art.scale, art.offset_y + 88 * art.scale
    assert -1e-9 <= art.offset_x <= trim_right <= width + 1e-9
    assert -1e-9 <= art.offset_y <= trim_bottom <= height + 1e-9
    # as large as that allows (the safe area or the trim fills the card's along one side), and
    # never stretched
    safe_fit = max(right - left - (width - 6), bottom - top - (height - 6))
    trim_fit = max(63 * art.scale - width, 88 * art.scale - height)
    assert max(safe_fit, trim_fit) == pytest.approx(0)
    # and the card's own edges, in the art's millimetres, map back onto the card
    bleed = art.bleed_box
    assert art.offset_x + bleed.x * art.scale == pytest.approx(-3)
    assert art.offset_y + bleed.bottom * art.scale == pytest.approx(height + 3)


def test_the_anchor_says_where_the_art_goes_in_the_room_left() -> None:
    tall = Geometry.of(CardSize(70, 120))
    scale = 70 / 63  # the width decides: the design's trim fills the card's width
    assert tall.art(63, 88).scale == pytest.approx(scale)
    assert tall.art(63, 88, "top").offset_y == pytest.approx(0)
    middle = tall.art(63, 88).offset_y
    assert middle + 44 * scale == pytest.approx(60)  # the design's centre on the card's
    assert tall.art(63, 88, "bottom").offset_y + 88 * scale == pytest.approx(120)
    assert tall.art(63, 88).transform == "translate(0 11.1111) scale(1.11111)"
    small = Geometry.of(CardSize(44, 63))
    scale = 38 / 57  # smaller: the design's safe area fills the card's width
    assert small.art(63, 88, "top-left").offset_x == pytest.approx(3 - 3 * scale)
    assert small.art(63, 88, "bottom-right").offset_y + 85 * scale == pytest.approx(60)


def test_art_names_its_mistakes() -> None:
    with pytest.raises(ValueError, match="unknown anchor 'centre'"):
        POKER.art(63, 88, "centre")
    with pytest.raises(ValueError, match="no room inside its 3 mm safe margin"):
        POKER.art(6, 88)


def test_transforms_compose_as_svg_draws_them() -> None:
    turned = parse_transform("rotate(180 31.5 44)")
    assert _apply(turned, 3.5, 3.2) == pytest.approx((59.5, 84.8))
    moved = parse_transform("translate(10, 20) scale(2)")
    assert _apply(moved, 1, 1) == pytest.approx((12, 22))
    assert parse_transform("") == (1, 0, 0, 1, 0, 0)
    assert parse_transform("rotate(1 2)") is None  # not what SVG allows: cairosvg's own reading


def _apply(matrix: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def test_a_box_is_measured_where_its_groups_put_it() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        '<text data-text-box="0">inside</text>'
        '<g transform="rotate(90 31.5 44)"><text data-text-box="1">turned out</text></g>'
        "</svg>"
    )
    upright = TextBox(20, 3, 10, 82, "a.svg.j2", 2)  # inside the safe area as written
    found = outside_safe_area(
        place_text_boxes(FaceTree(ElementTree.fromstring(svg))),
        [upright, upright],
        CardSize(63, 88),
    )
    # turned a quarter round the centre it spans x = 31.5 -/+ 41 mm: 12.5 mm past x = 3
    assert found == {("a.svg.j2", 2): pytest.approx(12.5)}


def test_a_mark_that_is_no_box_number_is_not_a_box() -> None:
    """A template may write the mark itself: a superscript digit passes ``isdigit`` but is no
    number ``int`` reads, and must not stop the check."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text data-text-box="\u00b2">x</text></svg>'
    outside = TextBox(-20, -20, 10, 10, "a.svg.j2", 2)
    placements = place_text_boxes(FaceTree(ElementTree.fromstring(svg)))
    assert outside_safe_area(placements, [outside], CardSize(63, 88)) == {}


@pytest.mark.parametrize(
    "drawn",
    [
        "<defs><g id='c'>{text}</g></defs><use href='#c' x='-8'/>",
        "<g id='c'>{text}</g><use href='#c' transform='translate(-4 -3)'/>",
        "<svg x='30' viewBox='0 0 10 10'>{text}</svg>",
        "<g style='transform: translate(-12px, 0)'>{text}</g>",
        "<g transform-origin='10 10' transform='rotate(90)'>{text}</g>",
        "<g transform='translate(-3mm 0)'>{text}</g>",
        "<g transform='translate(-12 0 5)'>{text}</g>",
        "<style>g {{ transform: scale(2) }}</style><g>{text}</g>",
    ],
)
def test_a_box_drawn_where_the_check_cannot_follow_is_reported(drawn: str) -> None:
    """Inside as written, but cairosvg may draw it anywhere: the check says it cannot tell."""
    text = '<text data-text-box="0">where?</text>'
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{drawn.format(text=text)}</svg>'
    inside = TextBox(20, 20, 10, 10, "a.svg.j2", 4)
    found = outside_safe_area(
        place_text_boxes(FaceTree(ElementTree.fromstring(svg))), [inside], CardSize(63, 88)
    )
    assert found == {("a.svg.j2", 4): UNMEASURED}
    plain = (
        f'<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(1 1)">{text}</g></svg>'
    )
    assert (
        outside_safe_area(
            place_text_boxes(FaceTree(ElementTree.fromstring(plain))), [inside], CardSize(63, 88)
        )
        == {}
    )


@pytest.mark.parametrize("smooth", [True, False])
def test_a_spot_is_the_same_every_time_and_stays_near_its_radius(smooth: bool) -> None:
    """Rust stains and torn holes: one seed, one shape; another seed, another shape; every point
    within the roughness of the radius."""
    path = blob_path(2, 7, 0.3, 9, smooth)
    assert path == blob_path(2, 7, 0.3, 9, smooth)
    assert path != blob_path(2, 8, 0.3, 9, smooth)
    numbers = [float(n) for n in path.replace("M", " ").replace("Q", " ").replace("L", " ")
               .replace("Z", " ").split()]  # fmt: skip
    points = list(zip(numbers[::2], numbers[1::2], strict=True))
    assert all(1 < (x * x + y * y) ** 0.5 <= 2 * 1.3 + 1e-3 for x, y in points)
    with pytest.raises(ValueError):
        blob_path(2, 7, 1.2)
