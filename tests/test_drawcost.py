"""What drawing a face costs cairosvg, counted before it draws (generator/render/drawcost.py), and
the files faces draw from, read once for every face (generator/render/store.py)."""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path

import pytest
from PIL import Image

from generator.problems import DrawError, clipped
from generator.render import assets, draw, drawcost, drawlimits, references, store, svgdocument
from generator.render.drawcost import draw_cost, draw_cost_problem
from generator.render.selectorcost import HAS_STEPS
from generator.runtime.cache import Cache
from generator.runtime.folders import Templates

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm" viewBox="0 0 63 88">'
RECT = '<rect x="1" y="1" width="2" height="2" fill="#123"/>'


def face(body: str) -> str:
    return f"{HEAD}{body}</svg>"


def nested_uses(levels: int, fan: int = 10, shapes: int = 10) -> str:
    """A group of ``shapes`` rectangles; each level ``fan`` uses of the one below."""
    groups = f'<g id="g0">{RECT * shapes}</g>' + "".join(
        f'<g id="g{k}">' + f'<use href="#g{k - 1}"/>' * fan + "</g>" for k in range(1, levels + 1)
    )
    return face(f'<defs>{groups}</defs><use href="#g{levels}"/>')


def message(measure: str) -> str:
    limit = int(getattr(drawlimits.Limits(), measure))
    return drawlimits.too_much(measure, limit).args[0]


def test_a_plain_face_costs_its_elements_once_and_is_drawn() -> None:
    cost = draw_cost(face(RECT * 3))
    # the root and three rectangles built and drawn, and collected as the <svg>'s definitions
    assert cost.elements == 12
    assert cost.images == cost.pixels == cost.bytes == cost.depth == 0
    assert draw_cost_problem(face(RECT * 3)) is None


def test_uses_multiply_and_are_counted_once_each() -> None:
    small = draw_cost(nested_uses(2))  # 100 uses of 10 rectangles: each built and drawn
    assert 2_000 < small.elements < 2_600
    assert small.depth == 3
    assert draw_cost_problem(nested_uses(12)) == message("elements")  # 10^12 uses of 10


def test_a_group_of_a_thousand_used_a_hundred_thousand_times_stops_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    svg = face(f'<defs><g id="big">{RECT * 1000}</g></defs>' + '<use href="#big"/>' * 100_000)
    uses = []
    counted = drawcost._Count._use
    monkeypatch.setattr(drawcost._Count, "_use", lambda *args: uses.append(1) or counted(*args))
    assert draw_cost_problem(svg) == message("elements")
    # the group is counted once, and each use adds it: the count stops past the limit
    assert len(uses) < 30


def test_a_use_that_draws_itself_is_a_cycle_not_a_hang() -> None:
    cycle = 'it draws "#a" inside itself'
    assert (draw_cost_problem(face('<g id="a"><use href="#a"/></g>')) or "").startswith(cycle)
    twice = face('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/><use href="#a"/></g>')
    assert "inside itself" in (draw_cost_problem(twice) or "")
    assert "inside itself" in (draw_cost_problem(face('<use href="#"/>')) or "")
    # a use cairosvg skips (zero wide), or one never drawn (in <defs>), draws nothing
    # a size of 0 is not trusted: a stylesheet, or 0em of an infinite font size, draws it
    zero = face('<g id="a"><use href="#a" width="0"/></g>')
    assert (draw_cost_problem(zero) or "").startswith(cycle)
    assert draw_cost_problem(face('<defs><g id="a"><use href="#a"/></g></defs>')) is None


def test_patterns_clips_and_markers_that_draw_themselves_are_cycles() -> None:
    pattern = '<defs><pattern id="p"><rect width="1" height="1" fill="url(#p)"/></pattern></defs>'
    assert "inside itself" in (
        draw_cost_problem(face(pattern + RECT.replace("#123", "url(#p)"))) or ""
    )
    marker = '<defs><marker id="m"><path d="M 0 0 L 1 1" marker-end="url(#m)"/></marker></defs>'
    marked = face(marker + '<path d="M 0 0 L 1 1" marker-start="url(#m)"/>')
    assert "inside itself" in (draw_cost_problem(marked) or "")


def test_references_nested_too_deep() -> None:
    chain = "".join(f'<g id="g{k}"><use href="#g{k - 1}"/></g>' for k in range(1, 30))
    svg = face(f"<defs><rect id='g0' width='1' height='1'/>{chain}</defs><use href='#g29'/>")
    assert draw_cost_problem(svg) == message("depth")
    assert draw_cost(svg).depth == 30


def test_a_marker_is_counted_at_every_vertex() -> None:
    def marked(vertices: int, where: str = "marker-mid") -> str:
        d = "M 0 0 " + "L 1 1 " * (vertices - 1)
        marker = f'<defs><marker id="m">{RECT * 10}</marker></defs>'
        return face(f'{marker}<path d="{d}" {where}="url(#m)" stroke="black"/>')

    few, many = draw_cost(marked(10)), draw_cost(marked(5000))
    # each vertex draws the marker's ten rectangles (and the marker, drawn as a group)
    assert many.elements - few.elements == (5000 - 10) * 11
    assert draw_cost_problem(marked(5000)) == message("elements")
    # by style, inherited from a group: the same
    styled = (
        marked(5000)
        .replace('marker-mid="url(#m)"', "")
        .replace("<path", '<g style="marker-mid: url(#m)"><path')
    )
    assert draw_cost_problem(styled.replace("</svg>", "</g></svg>")) == message("elements")
    # only at the ends: two
    assert draw_cost(marked(1000, "marker-end")).elements < few.elements


def test_a_stylesheet_marker_reaches_every_path() -> None:
    d = "M 0 0 " + "L 1 1 " * 4999
    sheet = "<style>path { marker-mid: url(#m) }</style>"
    svg = face(f'{sheet}<defs><marker id="m">{RECT * 10}</marker></defs><path d="{d}"/>')
    assert draw_cost_problem(svg) == message("elements")


def test_inherited_attributes_are_counted_on_every_child() -> None:
    attributes = " ".join(f'a{i}=""' for i in range(1500))
    svg = face(f"<g {attributes}>" + "<g/>" * 1500 + "</g>")
    assert draw_cost_problem(svg) == message("attributes")
    assert draw_cost_problem(face(f"<g {attributes}><g/></g>")) is None


def test_text_used_again_is_counted_again() -> None:
    text = '<defs><g id="t"><text x="1" y="5">' + "x" * 5000 + "</text></g></defs>"
    assert draw_cost_problem(face(text + '<use href="#t"/>' * 20)) is None
    assert draw_cost_problem(face(text + '<use href="#t"/>' * 30)) == message("text")


class FakeFiles:
    """Images of a known size, and stylesheets by name."""

    def __init__(self, pixels: int = 1, sheets: dict[str, str] | None = None) -> None:
        self.pixels, self.sheets, self.asked = pixels, sheets or {}, []

    def image(self, href: str, base: str) -> tuple[int, int]:
        self.asked.append(href)
        return (1000, self.pixels)

    def document(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        text = self.sheets.get(href)
        return None if text is None else (f"/t/{href}", text.encode())


def test_images_are_counted_each_time_they_are_drawn() -> None:
    image = '<image href="big.png" width="10" height="10"/>'
    assert draw_cost(face(image * 5)).images == 5
    assert draw_cost_problem(face(image * 201)) == message("images")
    files = FakeFiles(pixels=40_000_000)
    assert draw_cost_problem(face(image * 2), files) is None
    assert draw_cost_problem(face(image * 3), files) == message("pixels")
    assert files.asked == ["big.png", "big.png"]  # once a face
    used = face(f'<defs><g id="i">{image}</g></defs>' + '<use href="#i"/>' * 3)
    assert draw_cost(used, FakeFiles(pixels=10)).pixels == 30


def test_imported_stylesheets_are_read_each_time_and_a_loop_is_a_cycle() -> None:
    mb = 2**20
    sheets = {"a.css": "x" * mb, "b.css": '@import "b.css";'}
    many = face("<style>" + '@import "a.css";' * 129 + "</style>")
    assert draw_cost_problem(many, FakeFiles(sheets=sheets)) == message("bytes")
    assert draw_cost_problem(many) is None  # without the files, nothing to read
    loop = face('<style>@import "b.css";</style>')
    assert "inside itself" in (draw_cost_problem(loop, FakeFiles(sheets=sheets)) or "")


def test_a_long_chain_of_imports_is_too_deep_not_a_recursion_error() -> None:
    sheets = {f"s{i}.css": f'@import "s{i + 1}.css";' for i in range(2000)}
    chain = face('<style>@import "s0.css";</style>')
    assert draw_cost_problem(chain, FakeFiles(sheets=sheets)) == message("depth")


def test_a_marker_is_not_counted_where_it_is_not_drawn() -> None:
    """A path of one vertex draws its end marker alone: its start marker is not counted."""
    bomb = nested_uses(12).replace("<defs>", '<defs><marker id="m"><use href="#g12"/></marker>')
    assert draw_cost_problem(bomb.replace('<use href="#g12"/></svg>', "</svg>")) is None
    one = bomb.replace('<use href="#g12"/></svg>', '<path d="M 1 1" marker-start="url(#m)"/></svg>')
    assert draw_cost_problem(one) is None
    assert draw_cost_problem(one.replace("marker-start", "marker-end")) == message("elements")
    two = one.replace('d="M 1 1"', 'd="M 1 1 L 2 2"')
    assert draw_cost_problem(two) == message("elements")


LATE = f"<g>{RECT * 1000}</g>"  # what a lookup passes before it reaches the definitions
USE_R, USE_INNER, TREF = '<use href="#r"/>', '<use href="#inner"/>', '<tref href="#t"/>'


def test_every_use_and_tref_drawn_looks_for_what_it_names() -> None:
    """The steps are the elements passed, from the top of the document, to reach what a <use>
    or <tref> names, each time one is drawn (cairosvg keeps what a <use> found, but not inside
    a pattern or mask, nor when a style changes the element's id)."""
    defs = '<defs><rect id="r" width="1" height="1"/><text id="t">a</text></defs>'
    one = draw_cost(face(f'{LATE}{defs}<use href="#r"/>')).lookups
    assert one == 1 + 1 + 1000 + 2  # <svg>, <g>, its rects, <defs>, then the rect itself
    assert draw_cost(face(f"{LATE}{defs}{USE_R * 100}")).lookups == 100 * one
    trefs = f"<text>{TREF * 100}</text>"
    assert draw_cost(face(f"{LATE}{defs}{trefs}")).lookups == 100 * (one + 1)
    early = draw_cost(face(f"{defs}{LATE}{USE_R * 100}")).lookups
    assert early == 100 * 3  # defined first: found at once


def test_a_painted_use_looks_again_each_time_for_all_it_names() -> None:
    """A <use> filled with a gradient measures what it draws (for its fill and its stroke),
    looking again, every time, for what it names and what the <use> elements in that name."""
    gradient = '<linearGradient id="p"><stop offset="0"/></linearGradient>'
    defs = f'<defs>{gradient}<g id="inner"><use href="#r"/></g><rect id="r"/></defs>'
    plain = draw_cost(face(f"{LATE}{defs}{USE_INNER * 10}")).lookups
    painted = draw_cost(face(f'{LATE}{defs}<g fill="url(#p)">{USE_INNER * 10}</g>')).lookups
    # <svg>, <g>, 1,000 rects, <defs>, <linearGradient>, <stop>, then <g id="inner">, its
    # <use> and <rect id="r">
    inner, rect = 1002 + 4, 1002 + 6
    assert plain == 10 * (inner + rect)
    # each painted outer use: twice (fill, stroke) itself and the use inside it; and the use
    # inside, painted too, twice more for the rect
    assert painted == plain + 10 * (2 * (inner + rect) + 2 * rect)


def nested_groups(levels: int) -> str:
    return "<g>" * levels + RECT + "</g>" * levels


@pytest.mark.parametrize(
    ("sheet", "matching"),
    [
        ("a b { fill: red }", 0 + 1 + 1 + 2 + 3 + 4),  # <svg>, <style>, 3 groups, the rect
        ("a > b { fill: red }", 6),
        ("a b c { fill: red }", 0 + 0 + 0 + 1 + 3 + 6),  # two of the ancestors of each
        ("a b { }", 0),  # cairosvg keeps no rule that sets nothing
        ("a:not(b c) { fill: red }", 1 + 1 + 1 + 2 + 3 + 4),  # at least once on each
        ("a ~ b { fill: red }", 6 * 2),  # no element has more than two children
        ("a:has(b) { fill: red }", 6 * HAS_STEPS * 6),  # every element below, each a few steps
    ],
)
def test_selectors_are_counted_on_every_element_by_the_ancestors_they_may_try(
    sheet: str, matching: int
) -> None:
    assert draw_cost(face(f"<style>{sheet}</style>{nested_groups(3)}")).matching == matching


def test_a_selector_of_many_descendant_parts_on_deep_groups_is_refused() -> None:
    """cssselect2 tries every five ancestors of each element: minutes at a hundred deep."""
    deep = face(f"<style>q g g g g g {{ fill: red }}</style>{nested_groups(100)}")
    assert draw_cost_problem(deep) == message("matching")
    shallow = face(f"<style>g g {{ fill: red }}</style>{nested_groups(100)}")
    assert draw_cost_problem(shallow) is None


def test_a_face_that_is_not_well_formed_is_left_to_cairosvg() -> None:
    assert draw_cost_problem("<svg><g></svg>") is None


def _png(width: int, height: int) -> bytes:
    output = io.BytesIO()
    Image.new("1", (width, height), 0).save(output, "PNG")
    return output.getvalue()


def test_drawing_refuses_a_costly_face_before_cairosvg_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = Templates.of(tmp_path)
    (tmp_path / "big.png").write_bytes(_png(7000, 7000))
    image = '<image href="big.png" width="10" height="10"/>'

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("cairosvg was given the face")

    monkeypatch.setattr(draw.cairosvg.parser, "Tree", never)
    for drawn in (draw.face, draw.screen_svg, draw.png):
        with pytest.raises(DrawError, match="pixels"):
            drawn(face(image * 3), folder)
    with pytest.raises(DrawError, match="elements"):
        draw.pdf(nested_uses(6), 10, 10, folder)


def test_an_svg_image_is_counted_whole_each_time_it_is_drawn(tmp_path: Path) -> None:
    """cairosvg draws an <image> of an SVG file whole: a use bomb in the file is refused,
    an image of itself is a cycle, and each draw counts what the file draws."""
    folder, base = Templates.of(tmp_path), f"{tmp_path}/"
    files = assets.DrawnFiles(folder)
    (tmp_path / "bomb.svg").write_text(nested_uses(6))
    (tmp_path / "self.svg").write_text(face('<image href="self.svg" width="1" height="1"/>'))
    (tmp_path / "dot.svg").write_text(face(RECT * 10))
    bomb = face('<image href="bomb.svg" width="9" height="9"/>')
    assert draw_cost_problem(bomb, files, base) == message("elements")
    assert draw_cost_problem(face('<image href="self.svg"/>'), files, base) == (
        'it draws "self.svg" inside itself (a <use>, marker, pattern, clip path, mask or '
        "@import that draws what contains it): cairosvg would never finish"
    )
    once = draw_cost(face('<image href="dot.svg"/>'), files, base).elements
    ten = draw_cost(face('<image href="dot.svg"/>' * 10), files, base).elements
    alone = draw_cost(face(RECT * 10)).elements
    # each <image> built, drawn and passed as the face's definitions are collected, and the
    # file it draws
    assert ten - once == 9 * (3 + alone)


PAT = '<pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse">'
NS = 'xmlns="http://www.w3.org/2000/svg"'
USE_B, USE_XA, USE_T = "<use href='#b'/>", "<use href='x.svg#a'/>", "<use href='#t'/>"
ATTACKS = {  # each took cairosvg 18 s to minutes, counted as cheap before
    "id-inside-a-file-found-in-the-face": (
        {"x.svg": f'<svg {NS}><g id="a">{USE_B * 100}</g><g id="b"/></svg>'},
        f'<defs><g id="b">{RECT * 400}</g></defs>{USE_XA * 5}',
        "elements",
    ),
    "style-setting-the-id-of-what-uses-name": (
        {},
        f'<defs>{"<g/>" * 10000}<rect id="t" style="id:z"/></defs>{USE_T * 100}',
        "lookups",
    ),
    "lookups-inside-a-pattern": (
        {},
        f'<defs>{PAT}<use href="#t"/></pattern>{"<g/>" * 10000}<rect id="t"/></defs>'
        + '<rect width="5" height="5" fill="url(#p)"/>' * 100,
        "lookups",
    ),
    "pattern-defined-again-by-a-nested-svg": (
        {},
        f'<svg width="1" height="1">{PAT}{RECT * 400}</pattern></svg><defs>{PAT}{RECT}</pattern>'
        "</defs>" + '<rect width="5" height="5" fill="url(#p)"/>' * 1000,
        "attributes",
    ),
    "svg-image-painted-with-the-faces-pattern": (
        {"i.svg": f"<svg {NS}>" + '<rect width="5" height="5" fill="url(#p)"/>' * 1000 + "</svg>"},
        f'<defs>{PAT}{RECT * 400}</pattern></defs><image href="i.svg" width="9" height="9"/>',
        "attributes",
    ),
    "filter-of-many-children": (
        {},
        f'<defs><filter id="f">{"<feFlood/>" * 20000}</filter></defs>'
        + '<rect width="1" height="1" filter="url(#f)"/>' * 200,
        "elements",
    ),
    "gradient-rebuilding-the-first-element-of-its-id": (
        {},
        f'<defs><g id="p" href="#q">{RECT * 1000}</g><linearGradient id="p" href="#q"/>'
        '<linearGradient id="q"><stop offset="0"/></linearGradient></defs>'
        + '<rect width="5" height="5" fill="url(#p)"/>'
        * 100,
        "elements",
    ),
    "nth-of-type-over-many-siblings": (
        {},
        "<style>:nth-of-type(1){a:b}:nth-last-of-type(1){a:b}</style>" + "<g/>" * 16000,
        "matching",
    ),
    "nth-child-of-a-selector": (
        {},
        "<style>:nth-child(1 of :not(:nth-child(1 of *))){a:b}</style>" + "<g/>" * 2000,
        "matching",
    ),
    "substring-attribute-selectors-on-a-long-value": (
        {},
        "<style>" + "".join(f"[k*=q{i} i]{{a:b}}" for i in range(11000)) + "</style>"
        f'<g k="{"A" * 900000}"/>',
        "matching",
    ),
    "stylesheet-of-16-mb": (
        {"c.css": "a{b:c}" * 2_700_000},
        '<style>@import "c.css";</style>',
        "attributes",
    ),
}


@pytest.mark.parametrize("attack", ATTACKS)
def test_what_a_review_found_cairosvg_slow_on_is_counted(tmp_path: Path, attack: str) -> None:
    files, body, measure = ATTACKS[attack]
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    drawn = assets.DrawnFiles(Templates.of(tmp_path))
    assert draw_cost_problem(face(body), drawn, f"{tmp_path}/") == message(measure)


def test_the_count_reading_past_its_budget_refuses_the_face(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files past the count's own read budget are not free: the face is refused (they let a
    use bomb in an SVG image through, uncounted)."""
    monkeypatch.setattr(assets, "MAX_READS", 3)
    for number in range(5):
        (tmp_path / f"{number}.png").write_bytes(_png(number + 1, 1))
    images = "".join(f'<image href="{number}.png"/>' for number in range(5))
    drawn = assets.DrawnFiles(Templates.of(tmp_path))
    assert draw_cost_problem(face(images), drawn, f"{tmp_path}/") == (
        "drawing it reads files more than 3 times (each image, stylesheet and SVG counted "
        "every time it is read): a face may read 3"
    )


def test_a_png_is_a_png_whatever_text_it_holds() -> None:
    """cairosvg tests for a PNG before an SVG: one holding ``<svg`` in a text chunk is decoded
    as a PNG, so its pixels are checked."""
    assert not svgdocument.drawn_as_svg(b"\x89PNG\r\n\x1a\n tEXtc\x00<svg")
    assert svgdocument.drawn_as_svg(b'<?xml version="1.0"?><svg/>')


def test_a_compressed_svg_is_refused_not_decompressed(tmp_path: Path) -> None:
    (tmp_path / "icons.svgz").write_bytes(gzip.compress(face('<g id="a"/>').encode()))
    with pytest.raises(DrawError, match="compressed SVG"):
        assets.Fetcher(Templates.of(tmp_path))(f"file://{tmp_path}/icons.svgz", "image/svg+xml")


def test_a_file_every_face_names_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hundred spellings of one file in each of a hundred faces: the file is read once."""
    folder = Templates.of(tmp_path)
    (tmp_path / "icon.png").write_bytes(_png(4, 4))
    (tmp_path / "other.png").write_bytes(_png(5, 5))
    reads = []
    fetched = assets.Fetcher.__call__

    def counted(self: assets.Fetcher, url: str, kind: str) -> bytes:
        reads.append(url)
        return fetched(self, url, kind)

    monkeypatch.setattr(assets.Fetcher, "__call__", counted)
    spellings = ["icon.png", "./icon.png", *(f"x{i}/../icon.png" for i in range(98))]
    keys = set()
    for number in range(100):
        images = "".join(f'<image href="{name}" width="1" height="1"/>' for name in spellings)
        keys.add(store.face_key(face(f"<!-- {number} -->{images}"), folder))
    assert len(keys) == 100
    assert len(reads) == 1
    # another file of the same name is another face
    before = store.face_key(face('<image href="icon.png"/>'), folder)
    (tmp_path / "icon.png").unlink()
    (tmp_path / "other.png").rename(tmp_path / "icon.png")
    assert store.face_key(face('<image href="icon.png"/>'), folder) != before


SHEET_FACE = face('<style>@import "a.css";</style><rect width="9" height="9"/>')


@pytest.mark.parametrize(
    ("files", "edited"),
    [
        ({"a.css": "rect { fill: red }"}, "a.css"),  # a stylesheet was keyed as "not an image"
        ({"a.css": '@import "b.css";', "b.css": "rect { fill: red }"}, "b.css"),
        ({"a.css": 'rect { fill: url("p.svg#p") }', "p.svg": "<svg/>"}, "p.svg"),
    ],
)
def test_a_face_is_keyed_by_its_stylesheets_and_what_they_name(
    tmp_path: Path, files: dict[str, str], edited: str
) -> None:
    """Editing a stylesheet, or a file a stylesheet names, draws the face again."""
    folder = Templates.of(tmp_path)
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    before = store.face_key(SHEET_FACE, folder)
    assert store.face_key(SHEET_FACE, folder) == before
    (tmp_path / edited).write_text(files[edited] + " ")
    assert store.face_key(SHEET_FACE, folder) != before


@pytest.mark.parametrize(
    ("sheet", "kept"),
    [
        ('@import "b.css";', True),
        ('@import/**/"b.css";', False),  # cairosvg reads it, the key's search does not see it
        ('@\\69mport "b.css";', False),
    ],
)
def test_a_face_drawn_from_a_file_its_key_misses_is_not_kept(
    tmp_path: Path, sheet: str, kept: bool
) -> None:
    """Whatever hides a file from the key, the face drawn from it is not kept in the cache,
    where a later build would take it after the file changed."""
    folder = Templates.of(tmp_path)
    (tmp_path / "a.css").write_text(sheet)
    (tmp_path / "b.css").write_text("rect { fill: red }")
    arts = store.ArtStore(Cache(tmp_path / "cache"))
    art = arts.art(SHEET_FACE, folder)
    assert b"1 0 0 rg" in zlib.decompress(_stream(art.pdf))  # drawn red either way
    assert arts.has(store.face_key(SHEET_FACE, folder)) is kept


def test_svg_images_and_stylesheets_are_files_a_face_may_use(tmp_path: Path) -> None:
    """An SVG drawn by <image> or <use>, and a stylesheet, are checked as cairosvg reads them
    (they were refused as 'not an image'); a binary file that is no image, or a compressed
    SVG, is refused."""
    folder = Templates.of(tmp_path)
    red = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">'
        '<rect id="r" width="9" height="9" fill="red"/></svg>'
    )
    (tmp_path / "icon.svg").write_text(red)
    (tmp_path / "a.css").write_text("rect { stroke: blue }")
    (tmp_path / "noise.png").write_bytes(b"\x89\xff\x00" * 10)
    (tmp_path / "icon.svgz").write_bytes(gzip.compress(red.encode()))
    for used in ("icon.svg", "icon.svg#r", "a.css"):
        assert assets.asset_problem(used, folder) is None
    assert assets.asset_problem("noise.png", folder) == (
        f"{clipped(f'file://{tmp_path}/noise.png', 80)}: not an image (PNG, JPEG, GIF...)"
    )
    assert assets.asset_problem("icon.svgz", folder) == (
        f"{clipped(f'file://{tmp_path}/icon.svgz', 80)}: a compressed SVG (.svgz): save it "
        "uncompressed"
    )
    drawn = draw.face(face('<image href="icon.svg" width="9" height="9"/>'), folder)
    assert b"1 0 0 rg" in zlib.decompress(_stream(drawn.pdf))


def test_a_file_added_after_its_check_is_found_at_the_next(tmp_path: Path) -> None:
    """Checks of a reference are remembered by the file it names, not its text: pnp serve
    checks again after the designer adds the missing file."""
    folder = Templates.of(tmp_path)
    missing = references.file_problem("late.svg", folder)
    assert missing is not None and missing.endswith(
        "/late.svg: no such file (nor in templates/_common/)"
    )
    (tmp_path / "late.svg").write_text(face(RECT))
    assert references.file_problem("late.svg", folder) is None


def test_a_face_drawn_after_its_file_changed_is_not_kept_under_the_old_key(
    tmp_path: Path,
) -> None:
    """A build works a face's key out, then draws it: a stylesheet edited in between must not
    leave the new drawing under the old key (the edit undone, a build would print it)."""
    folder = Templates.of(tmp_path)
    (tmp_path / "a.css").write_text("rect { fill: red }")
    red = store.face_key(SHEET_FACE, folder)
    (tmp_path / "a.css").write_text("rect { fill: blue }")
    arts = store.ArtStore(Cache(tmp_path / "cache"))
    assert b"0 0 1 rg" in zlib.decompress(_stream(arts.art(SHEET_FACE, folder, red).pdf))
    assert not arts.has(red)
    assert arts.has(store.face_key(SHEET_FACE, folder)) is False  # drawn under the old key only
    arts.art(SHEET_FACE, folder)
    assert arts.has(store.face_key(SHEET_FACE, folder))


def _stream(pdf: bytes) -> bytes:
    """The first compressed stream of a PDF cairo wrote (a face's drawing)."""
    start = pdf.index(b"stream\n", pdf.index(b"/FlateDecode")) + len(b"stream\n")
    return pdf[start : pdf.index(b"endstream", start)]


MANY_VERTICES = "M 0 0 " + "L 1 1 " * 4999
MARKER = f'<defs><marker id="m">{RECT * 10}</marker></defs>'


@pytest.mark.parametrize(
    "body",
    [
        # stylesheets and style attributes as cairosvg's CSS parser reads them
        f"<style>path {{ marker-mid:/**/url(#m) }}</style>{MARKER}<path d='{MANY_VERTICES}'/>",
        f"<style>path {{ m\\61rker-mid: url(#m) }}</style>{MARKER}<path d='{MANY_VERTICES}'/>",
        f"<style>path {{ marker-mid: url(\\23m) }}</style>{MARKER}<path d='{MANY_VERTICES}'/>",
        f"{MARKER}<path style='marker-mid: URL(#m)' d='{MANY_VERTICES}'/>",
        f"{MARKER}<path style='marker-mid/**/: url(#m)' d='{MANY_VERTICES}'/>",
        # inherit takes the parent's marker, not none
        f"{MARKER}<g marker-mid='url(#m)'><path marker-mid='inherit' d='{MANY_VERTICES}'/></g>",
        # what looks hidden may be drawn: a stylesheet shows it, or 0em of an infinite size
        f"<style>g {{ display: inline }}</style>{MARKER}"
        f"<g display='none'><path marker-mid='url(#m)' d='{MANY_VERTICES}'/></g>",
        f"{MARKER}<g font-size='1e999'><g width='0em'>"
        f"<path marker-mid='url(#m)' d='{MANY_VERTICES}'/></g></g>",
    ],
)
def test_a_marker_is_found_however_it_is_written(body: str) -> None:
    assert draw_cost_problem(face(body)) == message("elements")


def test_current_color_paints_with_the_pattern_its_colour_names() -> None:
    pattern = f'<defs><pattern id="p" width="1" height="1">{RECT * 50}</pattern></defs>'
    rects = '<rect width="1" height="1" fill="currentColor"/>' * 1000
    assert draw_cost_problem(face(f'{pattern}<g color="url(#p)">{rects}</g>')) == message(
        "elements"
    )
    sheet = "<style>g { color: url(#p) }</style>"
    # a stylesheet's declarations count on every element: its attributes run out first
    assert draw_cost_problem(face(f"{sheet}{pattern}<g>{rects}</g>")) == message("attributes")
    assert draw_cost(face(f"{sheet}{pattern}<g>{rects}</g>")).elements > 50_000


@pytest.mark.parametrize(
    "body",
    [
        '<rect width="' + "0" * 100_000 + '!"/>',  # a size read without backtracking
        '<rect fill="' + "url(" * 100_000 + '"/>',  # a url() found without backtracking
        '<rect fill="//[x"/><use href="//[x"/>',  # not a URL: cairosvg reports it
        "<text>\ud800</text>",  # not a character: the SVG does not parse
        '<!DOCTYPE svg [<!ENTITY a "x">]><text>&a;</text>',  # cairosvg refuses entities
    ],
)
def test_what_cairosvg_cannot_read_costs_nothing_to_count(body: str) -> None:
    assert draw_cost_problem(face(body)) is None


def test_a_long_chain_of_gradients_is_followed_once() -> None:
    chain = "".join(f'<linearGradient id="g{i}" href="#g{i + 1}"/>' for i in range(20_000))
    cost = draw_cost(face(f'<defs>{chain}</defs><rect fill="url(#g0)"/>'))
    assert cost.elements > 20_000  # each link of the chain, copied from each time it paints


def test_drawing_one_face_reads_files_so_many_times_and_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted as cairosvg reads them, whatever the count before drawing could see."""
    (tmp_path / "a.css").write_text("x" * 100)
    fetch = assets.Fetcher(Templates.of(tmp_path))
    url = f"file://{tmp_path}/a.css"
    for _ in range(assets.MAX_READS):
        fetch(url, "text/css")
    with pytest.raises(DrawError, match=r"reads files more than 1,000 times"):
        fetch(url, "text/css")
    monkeypatch.setattr(assets, "MAX_FILE_BYTES", 250)
    fetch = assets.Fetcher(Templates.of(tmp_path))
    fetch(url, "text/css")
    fetch(url, "text/css")
    with pytest.raises(DrawError, match=r"reads more than 0 MB of files"):
        fetch(url, "text/css")
