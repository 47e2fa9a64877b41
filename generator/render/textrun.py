"""Text drawn a run at a time: cairosvg's text, without its cost per letter.

cairosvg draws a text node twice (its outline into the path, for a stroke, then its letters),
each time letter by letter: for every letter a measure, a move and a ``show_text``, a third
of drawing a card. A node whose letters take no place of their own (no x, y, dx, dy or rotate
beyond the first letter's, no letter-spacing, no path to follow, no baseline to align) is
drawn here at once: each letter placed where cairosvg places it (where the letter before it
advanced to, the pen moved as cairosvg moves it, so it lands on the same fixed-point
position), all shown by one call, the outline built only when something strokes or clips it.
Any other node is drawn by cairosvg's own :func:`cairosvg.text.text`, as is text on a surface
that is not one of ours.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

import cairocffi
import cairosvg.surface
import cairosvg.text
from cairosvg.helpers import normalize, size

from generator.render import shortcuts
from generator.render.art import Selection

LETTER_BY_LETTER = cairosvg.text.text
"""cairosvg's drawing of a text node, for what a run does not cover."""
OWN_PLACES = ("rotate", "display-anchor", "dominant-baseline", "alignment-baseline")
"""Attributes that give a letter a place or a baseline a run does not: a node with any of
them is drawn by cairosvg."""
POSITIONS = (("x", "x"), ("y", "y"), ("dx", "x"), ("dy", "y"))
"""The attributes that place letters, with the side of the viewport a percentage takes."""
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")
"""A length cairosvg reads as one plain number (as templates write positions)."""
NO_STROKE = (None, "", "none")
FONTS_KEPT = 64
"""Scaled fonts whose glyph metrics are kept (a build draws in a few dozen)."""

Node = Any
"""A cairosvg tree node: a dict of its attributes, untyped."""
Glyph = tuple[int, float, float]
"""A glyph as cairo shows it: its index in the font, and where (user units)."""
Start = tuple[float | None, float | None, float | None, float | None]
"""The first letter's x, y, dx and dy, each ``None`` where the node gives none."""


class Runs:
    """A cairosvg surface that draws its plain text nodes a run at a time (and reads its
    elements through :mod:`~generator.render.shortcuts`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _dispatch()
        shortcuts.install()
        super().__init__(*args, **kwargs)


class PDFSurface(Runs, cairosvg.surface.PDFSurface):
    """cairosvg's PDF surface, drawing text in runs."""


class PNGSurface(Runs, cairosvg.surface.PNGSurface):
    """cairosvg's PNG surface, drawing text in runs."""


class SVGSurface(Runs, cairosvg.surface.SVGSurface):
    """cairosvg's SVG surface, drawing text in runs."""


@functools.cache
def _dispatch() -> None:
    """Send cairosvg's text tags to :func:`text`, once: cairosvg looks its drawing up by tag,
    and knows a text node by that function (to draw its letters after its outline)."""
    for tag, drawn in list(cairosvg.surface.TAGS.items()):
        if drawn is cairosvg.text.text:
            cairosvg.surface.TAGS[tag] = text
    cairosvg.surface.text = text


def text(surface: Any, node: Node, draw_as_text: bool = False) -> None:
    """A text node's outline into the path (``draw_as_text`` false) or its letters drawn, as
    cairosvg draws them: a plain run at once, anything else by cairosvg."""
    start = _run_start(surface, node) if isinstance(surface, Runs) else None
    if start is None:
        LETTER_BY_LETTER(surface, node, draw_as_text)
    else:
        _run(surface, node, start, draw_as_text)


def _run_start(surface: Any, node: Node) -> Start | None:
    """The first letter's position of a node drawn as one run, or ``None`` if a letter of it
    may have a place of its own (then cairosvg draws it)."""
    if node.tag not in ("text", "tspan") or not node.text:
        return None
    if node.get_href() or node.parent.get_href() or any(name in node for name in OWN_PLACES):
        return None
    if size(surface, node.get("letter-spacing")):
        return None
    firsts = [_lengths(surface, node, name, side) for name, side in POSITIONS]
    if any(len(given) > 1 for given in firsts):
        return None
    x, y, dx, dy = (given[0] if given else None for given in firsts)
    return x, y, dx, dy


def _lengths(surface: Any, node: Node, name: str, side: str) -> list[float]:
    """The lengths a position attribute gives, read as cairosvg reads them (a plain number,
    as a template writes one, read at once)."""
    value = node.get(name)
    if value is None:
        return []
    if NUMBER.fullmatch(value):
        return [float(value)]
    return [size(surface, length, side) for length in normalize(value).strip().split(" ")]


def _run(surface: Any, node: Node, start: Start, draw_as_text: bool) -> None:
    """A plain node drawn as cairosvg's letter loop draws it: the pen at the first letter's
    x and y (or where the text before it ended), each next letter where the one before it
    advanced to, every letter shifted by the node's dx and dy and by its anchor; the cursor
    left after the last letter and the node's box measured as cairosvg measures them."""
    context: cairocffi.Context = surface.context
    _select_font(surface, node)
    x, y, dx, dy = start
    shift = surface.cursor_d_position
    shift[0] = (0 if x else shift[0]) + (dx or 0)
    shift[1] = (0 if y else shift[1]) + (dy or 0)
    align = _anchor(context, node)
    top = y if y is not None else surface.cursor_position[1]
    letters = _letters(context.get_scaled_font(), node.text)
    lefts = [x if x is not None else surface.cursor_position[0]]
    for letter in letters:
        lefts.append(lefts[-1] + letter.advance)
    node["text_bounding_box"] = _box(lefts, letters, top, align, shift)
    surface.cursor_position = (lefts[-1], top)
    outlined = _outlined(surface, node)
    if not (draw_as_text or outlined):
        return
    placed = zip(letters, lefts[:-1], strict=True)
    inked = [(letter, left) for letter, left in placed if letter.inked]
    moves = (shift[0], shift[1]), align
    glyphs = _placed(context, [(letter.glyph, left) for letter, left in inked], top, *moves)
    if glyphs and draw_as_text:
        _show(context, [letter for letter, _ in inked], glyphs, "url(" in node.get("fill", ""))
    elif glyphs:
        context.glyph_path(glyphs)
    if outlined:
        _end_pen(context, glyphs[-1] if letters[-1].inked else None, (lefts[-2], top), *moves)


def _show(
    context: cairocffi.Context, letters: list[Letter], glyphs: list[Glyph], by_glyph: bool
) -> None:
    """The glyphs shown at once, their letters with them (what a PDF's reader copies), or
    ``by_glyph``, as cairosvg shows them: cairo writes a fill by a pattern (a gradient) again
    for each call, and a PDF reader antialiases a pattern over one glyph or over many a
    little differently."""
    shows = [[at] for at in range(len(glyphs))] if by_glyph else [range(len(glyphs))]
    for show in shows:
        text = "".join(letters[at].text for at in show)
        clusters = [(letters[at].size, 1) for at in show]
        context.show_text_glyphs(text, [glyphs[at] for at in show], clusters)


def selection(node: Node) -> Selection:
    """The font cairosvg asks cairo for to draw a text node: the first family named, the
    slant, and bold for a weight of ``bold`` or of 550 and more."""
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    slant = getattr(cairocffi, f"font_slant_{node.get('font-style')}".upper(), 0)
    weight = node.get("font-weight")
    if weight and weight.isdigit() and int(weight) >= 550:
        weight = "bold"
    return family, slant, getattr(cairocffi, f"font_weight_{weight}".upper(), 0)


def _select_font(surface: Any, node: Node) -> None:
    """The node's font at its size, as cairosvg chooses it."""
    surface.context.select_font_face(*selection(node))
    surface.context.set_font_size(surface.font_size)


def _anchor(context: cairocffi.Context, node: Node) -> float:
    """How far the node's text-anchor moves its letters along the line."""
    anchor = node.get("text-anchor")
    if anchor not in ("middle", "end"):
        return 0
    extents: tuple[float, ...] = context.text_extents(node.text)
    x_bearing, width = extents[0], extents[2]
    return -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing)


def _outlined(surface: Any, node: Node) -> bool:
    """Whether the outline of the node's letters is used: stroked, or clipping (drawn
    without stroke and fill, as a clip path is); a path nothing strokes is left out."""
    return not surface.stroke_and_fill or node.get("stroke") not in NO_STROKE


def _placed(
    context: cairocffi.Context,
    places: list[tuple[int, float]],
    top: float,
    shift: tuple[float, float],
    align: float,
) -> list[Glyph]:
    """Each glyph (its index and its letter's place along the line) where cairosvg shows its
    letter: the pen moved to the letter's place, then by the node's shift, then by its
    anchor, each move rounded to cairo's fixed point by cairo itself (called directly: these
    calls are most of what a run costs)."""
    lib, pointer, point = cairocffi.cairo, context._pointer, cairocffi.ffi.new("double[2]")
    glyphs = []
    for glyph, left in places:
        lib.cairo_move_to(pointer, left, top)
        if shift[0] or shift[1]:
            lib.cairo_rel_move_to(pointer, *shift)
        if align:
            lib.cairo_rel_move_to(pointer, align, 0)
        lib.cairo_get_current_point(pointer, point, point + 1)
        glyphs.append((glyph, point[0], point[1]))
    return glyphs


def _end_pen(
    context: cairocffi.Context,
    last: Glyph | None,
    place: tuple[float, float],
    shift: tuple[float, float],
    align: float,
) -> None:
    """The pen where cairosvg leaves it, for a path that is used (its last move is written
    with it): past the ``last`` glyph, as cairo's ``show_text`` and ``text_path`` move it, or
    at the last letter's place, a space that cairosvg does not show."""
    if last is None:
        _placed(context, [(0, place[0])], place[1], shift, align)
        return
    extents = context.glyph_extents([last])
    context.move_to(last[1] + extents[4], last[2] + extents[5])


@dataclass(frozen=True)
class Letter:
    """A letter in a scaled font: its text and UTF-8 size, its glyph, and the advance and
    ink height cairo measures for it alone; ``inked`` unless a space (cairosvg shows no
    space: a workaround for cairo)."""

    text: str
    size: int
    glyph: int
    advance: float
    height: float
    inked: bool


def _letters(font: cairocffi.ScaledFont, text: str) -> list[Letter]:
    """The letters of ``text`` in ``font``; each letter measured once a scaled font (cairo
    gives equal fonts the same address; the font is held in :data:`_MEASURED`, so that
    cairo cannot free it and give its address to another)."""
    address = int(cairocffi.ffi.cast("uintptr_t", font._pointer))
    if address not in _MEASURED:
        if len(_MEASURED) >= FONTS_KEPT:
            del _MEASURED[next(iter(_MEASURED))]
        _MEASURED[address] = (font, {})
    known = _MEASURED[address][1]
    for letter in set(text) - known.keys():
        glyph = font.text_to_glyphs(0, 0, letter, False)[0][0]
        extents = font.glyph_extents([(glyph, 0, 0)])
        size = len(letter.encode())
        known[letter] = Letter(letter, size, glyph, extents[4], extents[3], not letter.isspace())
    return [known[letter] for letter in text]


_MEASURED: dict[int, tuple[cairocffi.ScaledFont, dict[str, Letter]]] = {}


def _box(
    lefts: list[float], letters: list[Letter], top: float, align: float, shift: list[float]
) -> tuple[float, float, float, float]:
    """The node's box as cairosvg's letter loop measures it (its points, summed in its
    order): for each letter, where its advance ends and a further advance and its ink height
    beyond, moved by the anchor and the shift. cairosvg widens the box point by point, which
    may round its far edge a last bit differently."""
    across = [end + align + shift[0] for end in lefts[1:]]
    across += [
        end + align + letter.advance + shift[0]
        for end, letter in zip(lefts[1:], letters, strict=True)
    ]
    down = [top + shift[1]] + [top + letter.height + shift[1] for letter in letters]
    return min(across), min(down), max(across) - min(across), max(down) - min(down)
