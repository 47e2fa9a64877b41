"""The border check: a stroked outline running along the cut within the 3 mm margin is found
where it lands on the card (its ink, after every transform), at the template line that wrote it;
badges, open lines and frames at a safe distance are not; and no shipped face has one."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import jinja2
import pytest

from generator.geometry.sizes import CardSize
from generator.model import Game
from generator.render.borders import LINE_ATTRIBUTE, LineMarks, borders, unmarked
from generator.render.safe_area import FaceTree
from generator.render.templates import CardRenderer

CARD = CardSize(63, 88, shape="rectangle")
"""A card without rounded corners: a frame's distance from its cut is the same up to the
corners (the rounded cut is tested on its own)."""
SQUARE = CardSize(63, 63, shape="rectangle")
TOKEN = CardSize(30, 30, shape="circle")
FACE = ("", 0)
"""Where an outline without a line mark is reported: the face's own template."""


def found(drawn: str, card: CardSize = CARD) -> dict[tuple[str, int], float]:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{drawn}</svg>'
    return borders(FaceTree(ElementTree.fromstring(svg)), card)


def frame(inset: float, card: CardSize = CARD, extra: str = 'stroke-width="0.6"') -> str:
    """A ``<rect>`` ``inset`` mm inside ``card``'s trim, stroked black."""
    width, height = card.width - 2 * inset, card.height - 2 * inset
    return (
        f'<rect x="{inset}" y="{inset}" width="{width}" height="{height}" rx="2" '
        f'fill="none" stroke="#000" {extra}/>'
    )


def test_a_frame_inside_the_margin_is_found_by_the_edge_of_its_ink() -> None:
    assert found(frame(1.6)) == {FACE: pytest.approx(1.3)}
    # centred 3 mm in, half its stroke is in the margin: the ink is what a miscut shows
    assert found(frame(3)) == {FACE: pytest.approx(2.7)}


@pytest.mark.parametrize("inset", [3.3, 4, 20, -1, -3])
def test_a_frame_clear_of_the_margin_or_out_in_the_bleed_is_not(inset: float) -> None:
    assert found(frame(inset)) == {}


def test_a_band_from_the_bleed_is_found_by_its_inner_edge() -> None:
    """A stroke 8 mm wide round the bleed box inks from 7 mm outside the cut to 1 mm inside:
    a thin band along the edge. 14 mm wide, its edge is 4 mm in and it runs off the card."""
    band = '<rect x="-3" y="-3" width="69" height="94" fill="none" stroke="#000" '
    assert found(band + 'stroke-width="8"/>') == {FACE: pytest.approx(1)}
    assert found(band + 'stroke-width="14"/>') == {}


def test_an_outline_is_found_at_the_template_line_that_wrote_it() -> None:
    drawn = (
        f'<g {LINE_ATTRIBUTE}="/t/face.svg.j2:4">{frame(2)}'
        f'<rect {LINE_ATTRIBUTE}="/t/icons.svg.j2:9" x="1" y="1" width="61" height="86" rx="2" '
        'fill="none" stroke="#000" stroke-width="0.2"/></g>'
    )
    # the first frame has no mark of its own: it is its group's
    assert found(drawn) == {
        ("/t/face.svg.j2", 4): pytest.approx(1.7),
        ("/t/icons.svg.j2", 9): pytest.approx(0.9),
    }


def test_an_outline_is_measured_where_its_groups_put_it() -> None:
    """Drawn 10 mm in, moved out 8 mm and turned a quarter round the square card's centre: 2 mm
    in; half the size and scaled up again, its stroke scaled with it."""
    moved = f'<g transform="translate(-8 -8)">{frame(10, SQUARE)}</g>'
    assert found(moved, SQUARE) == {FACE: pytest.approx(1.7)}
    turned = f'<g transform="rotate(90 31.5 31.5)">{moved}</g>'
    assert found(turned, SQUARE) == {FACE: pytest.approx(1.7)}
    half = CardSize(31.5, 31.5, shape="rectangle")
    thin = frame(1, half, extra='stroke-width="0.3"')
    scaled = f'<g transform="scale(2)">{thin}</g>'
    assert found(scaled, SQUARE) == {FACE: pytest.approx(1.7)}


def test_a_stroke_stretched_one_way_is_measured_across_the_cut() -> None:
    """Scaled four times upright only, a 0.2 mm stroke is 0.8 mm thick along the top and bottom
    edges, 0.2 mm along the sides (whose line is 2 mm in): the top comes nearest."""
    drawn = (
        '<g transform="scale(1 4)"><rect x="2" y="0.5" width="59" height="21" fill="none" '
        'stroke="#000" stroke-width="0.2"/></g>'
    )
    assert found(drawn) == {FACE: pytest.approx(1.6)}


def test_a_stroke_is_inherited_set_in_a_style_or_taken_away() -> None:
    bare = '<rect x="2" y="2" width="59" height="84" fill="none"/>'
    assert found(bare) == {}
    assert found(f'<g stroke="#000" stroke-width="0.4">{bare}</g>') == {FACE: pytest.approx(1.8)}
    styled = '<rect x="2" y="2" width="59" height="84" style="stroke: #000; stroke-width: 2"/>'
    assert found(styled) == {FACE: pytest.approx(1)}
    unstroked = bare.replace("/>", ' stroke="none"/>')
    assert found(f'<g stroke="#000">{unstroked}</g>') == {}
    assert found(f'<g stroke="#000" display="none">{bare}</g>') == {}
    assert found(f'<g stroke="#000" style="visibility: hidden">{bare}</g>') == {}


def test_a_stroke_of_no_width_or_a_width_with_units_is_a_line_where_it_runs() -> None:
    assert found(frame(2, extra='stroke-width="1mm"')) == {FACE: pytest.approx(2)}
    assert found(frame(2, extra='stroke-width="0"')) == {FACE: pytest.approx(2)}


def test_lengths_in_px_are_the_user_s_units_other_units_are_not_guessed() -> None:
    px = '<rect x="2px" y="2" width="59" height="84px" fill="none" stroke="#000" '
    assert found(px + 'stroke-width="0.6px"/>') == {FACE: pytest.approx(1.7)}
    assert found(px.replace('x="2px"', 'x="2mm"') + "/>") == {}


def test_circles_ellipses_polygons_and_closed_paths_are_outlines() -> None:
    ring = '<circle cx="15" cy="15" r="{r}" fill="none" stroke="#000" stroke-width="0.4"/>'
    assert found(ring.format(r=14), TOKEN) == {FACE: pytest.approx(0.8)}
    assert found(ring.format(r=11.5), TOKEN) == {}
    oval = '<ellipse cx="15" cy="15" rx="13" ry="13" fill="none" stroke="#000"/>'
    assert found(oval, TOKEN) == {FACE: pytest.approx(1.5)}
    polygon = '<polygon points="2,2 61,2 61,86 2,86" fill="none" stroke="#000"/>'
    assert found(polygon) == {FACE: pytest.approx(1.5)}
    closed = '<path d="M 2 2 H 61 V 86 H 2 Z" fill="none" stroke="#000"/>'
    assert found(closed) == {FACE: pytest.approx(1.5)}
    curved = (
        '<path d="M 4 2 H 59 A 2 2 0 0 1 61 4 V 84 Q 61 86 59 86 H 4 C 2 86 2 86 2 84 V 4 Z" '
        'fill="none" stroke="#000"/>'
    )
    assert found(curved) == {FACE: pytest.approx(1.5)}


def test_open_lines_badges_and_hidden_drawings_are_not_borders() -> None:
    """A rule along the edge is open (hatching, a pattern); a disc touches the margin at one
    point; what the walk cannot follow (a <use>, <defs>) is not measured."""
    assert found('<path d="M 2 2 H 61 V 86 H 2" fill="none" stroke="#000"/>') == {}
    assert found('<line x1="2" y1="2" x2="61" y2="2" stroke="#000"/>') == {}
    assert found('<circle cx="9.5" cy="7.5" r="5" fill="#fff" stroke="#000"/>') == {}
    defs = f'<defs><g id="f">{frame(1)}</g></defs><use href="#f"/>'
    assert found(defs) == {}
    assert found(f'<clipPath id="c">{frame(1)}</clipPath>') == {}


def test_a_short_stretch_along_the_cut_is_no_border_a_long_one_is() -> None:
    """A label 4 mm wide 1 mm from the top runs along the cut for 4 mm, one 11 mm wide does."""
    label = '<rect x="20" y="1" width="{w}" height="8" fill="#fff" stroke="#000"/>'
    assert found(label.format(w=4)) == {}
    assert found(label.format(w=11)) == {FACE: pytest.approx(0.5)}


def test_the_corners_of_a_rounded_card_are_measured_round() -> None:
    """A frame following a 6 mm corner 2 mm in is 2 mm from the cut all round; a square-cornered
    frame 3.2 mm in comes within 3 mm of the rounded cut only at its corners, which do not run
    along it."""
    round_card = CardSize(63, 88, corner_radius=6)
    concentric = '<rect x="2" y="2" width="59" height="84" rx="4" fill="none" stroke="#000"/>'
    assert found(concentric, round_card) == {FACE: pytest.approx(1.5)}
    square = (
        '<rect x="3.7" y="3.7" width="55.6" height="80.6" fill="none" stroke="#000" '
        'stroke-width="0.2"/>'
    )
    assert found(square, round_card) == {}


@pytest.mark.parametrize(
    "broken",
    [
        '<path d="M 1 1 L Z 3" stroke="#000"/>',
        '<path d="M 1 1 A 0 0 0 0 0 1 1 Z" stroke="#000"/>',
        '<rect x="-1e308" y="1" width="1e308" height="1e308" fill="none" stroke="#000"/>',
        '<rect x="1" y="1" width="nan" height="80" fill="none" stroke="#000"/>',
        '<rect x="1" y="1" width="-5" height="80" fill="none" stroke="#000"/>',
        '<polygon points="1,1 2" stroke="#000"/>',
        '<circle r="inf" stroke="#000"/>',
        '<path d="M 1 1 L 1e300 1 L 1e300 1e300 Z" stroke="#000"/>',
    ],
)
def test_outlines_a_stranger_breaks_are_not_borders_and_stop_nothing(broken: str) -> None:
    assert found(broken) == {}


def test_the_marks_name_each_tag_s_template_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "icons.svg.j2").write_text(
        '{% macro frame() %}\n\n<rect x="1"\n  stroke="#000"/>{% endmacro %}', encoding="utf-8"
    )
    (tmp_path / "face.svg.j2").write_text(
        "{% import 'icons.svg.j2' as icons %}<svg>\n<g>{% if true %}\n"
        "<circle r='1'/>{% endif %}</g><rect{{ ' x=\"1\"' | safe }}/>\n{{ icons.frame() }}</svg>",
        encoding="utf-8",
    )
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(tmp_path), extensions=[LineMarks])
    root = ElementTree.fromstring(env.get_template("face.svg.j2").render())
    marks = [(element.tag, element.get(LINE_ATTRIBUTE)) for element in root.iter()]
    face, icons = tmp_path / "face.svg.j2", tmp_path / "icons.svg.j2"
    assert marks == [
        ("svg", None),
        ("g", f"{face}:2"),
        ("circle", f"{face}:3"),
        ("rect", None),  # a tag name that ends where the template's text ends is left alone
        ("rect", f"{icons}:3"),
    ]


def test_unmarked_takes_the_marks_out_again() -> None:
    svg = f'<svg><g {LINE_ATTRIBUTE}="/t/a.svg.j2:2"><rect {LINE_ATTRIBUTE}="x:1" x="1"/></g></svg>'
    assert unmarked(svg) == '<svg><g><rect x="1"/></g></svg>'


def test_every_shipped_face_keeps_its_borders_safe(shipped: dict[str, Game]) -> None:
    """Every face of every shipped deck, in every language: no border within 3 mm of the cut
    (nor any other problem), and no line mark left in the SVG a build draws."""
    faces = 0
    for game in shipped.values():
        for locale in game.locales.values():
            renderer = CardRenderer(game, locale)
            for deck in game.decks:
                for face in renderer.faces(deck):
                    assert face.svg is not None, f"{game.id} {deck.id} {face.name}"
                    assert LINE_ATTRIBUTE not in face.svg
                    tree = FaceTree(ElementTree.fromstring(face.svg))
                    assert borders(tree, deck.size) == {}, f"{game.id} {deck.id} {face.name}"
                    faces += 1
            assert renderer.problems == [], f"{game.id} {locale.lang}"
    assert faces > 1000
