"""What drawing a face will cost cairosvg, counted from its SVG before cairosvg draws it.

A face's SVG is at most 2,000,000 characters and its template's work is budgeted
(:mod:`generator.render.budget`), but cairosvg keeps nothing between the parts of a drawing:
every ``<use>`` builds the element it names again and draws it (a ``<use>`` of a group of
``<use>`` multiplies), a marker is drawn again at every vertex of every path that carries it, a
pattern, gradient, clip path or mask is drawn again for every element painted, clipped or
masked with it, every ``<image>`` is read and decoded again, every element copies the
attributes it inherits, and every ``@import`` reads its stylesheet again. A few kilobytes can
so ask for hours of drawing. :func:`draw_cost_problem` counts, as cairosvg would draw them:

- **elements**: each element each time cairosvg builds it and each time it draws it (the
  face's own built once as it is read and drawn once, an element a ``<use>`` names built and
  drawn again each time the ``<use>`` draws, a marker's, pattern's, clip path's or mask's drawn
  again each time it is used), an element below an ``<svg>`` once more as its definitions are
  collected, a gradient's stops each time it paints;
- **attributes**: the characters of the attributes of each element each time it is built or
  drawn (those it inherits too, and a stylesheet's declarations, which may reach any element):
  cairosvg copies them and parses the ones it draws by (a path's data, a transform);
- **text**: the characters of text each time they are drawn (cairosvg measures and draws them
  one by one, about 20 microseconds each);
- **images** drawn, each time it is drawn, with their **pixels** and the **bytes** of every file
  read while drawing (images, stylesheets an ``@import`` names, SVG files a ``<use>`` names),
  when the caller says how to read them (:class:`Files`);
- **lookups**: the elements cairosvg passes looking for what a ``<use>`` or ``<tref>`` names,
  from the top of its document (about 5 microseconds each: 500 uses of elements that follow
  10,000 others took 28 s), each time one is drawn (cairosvg keeps what a ``<use>`` found,
  but not inside a pattern or mask, nor when a style changes the element's id), and a
  ``<use>`` painted with a gradient or pattern measures what it draws for its fill and for its
  stroke, looking again for what it names and what every ``<use>`` in that names;
- **matching**: the ways cssselect2 may try to match a stylesheet's selectors to each element,
  every time cairosvg builds it (an upper bound: a selector of five descendant parts tries every
  five of an element's ancestors, ``:has()`` every element below or after it; ``q g g g g g``
  on 60 nested groups took 6 s, on 100 it would take minutes);

and how deep references (``<use>``, markers, patterns, clip paths, masks) nest in one another,
and one that draws itself, which cairosvg would draw until it fails. Each is a count, never a
time: the same face gets the same verdict on every machine. A reference counted once is
remembered (by the element and what it inherits), so the count takes time in the size of the
face however much the drawing multiplies it (under a millisecond for a shipped face); past a
limit it stops. It errs on the side of more where cairosvg's choice is not worth following
(every child of a ``<switch>``, every marker a stylesheet names on every path), and within
twice of cairosvg's own builds and draws otherwise. :func:`generator.render.draw.parse` counts
every face before cairosvg reads it: a face over a limit is a ``DrawError``, reported at its
template like any face cairosvg cannot draw.

The limits are about a hundred times what a shipped face needs (room for an expansion's detailed
illustration), measured over every face and rulebook picture of every game in every language and
in the pseudo-locale ``qps``, whose texts run 40 % longer (``pnp build --no-cache --png``, and
``--lang qps``: 1,435 distinct SVGs): at most :data:`SHIPPED_ELEMENTS` elements (a 3x3 task
card), :data:`SHIPPED_ATTRIBUTES` characters of attributes (a Game of Trains card in ``qps``),
:data:`SHIPPED_TEXT` characters of text (the Break the Code player screen in ``qps``),
references nested :data:`SHIPPED_DEPTH` deep (a pattern or a clip path), and no image,
``<use>``, marker or file read. Images and files have limits of their own, since no shipped face
draws any: a face may draw :data:`MAX_IMAGES` images holding :data:`MAX_PIXELS` pixels in all
(twice the largest image a template may use, :data:`generator.render.draw.MAX_IMAGE_PIXELS`:
about 2 s of decoding) and read :data:`MAX_FILE_BYTES` bytes of files while drawing (eight of
the largest a template may use). At the limits cairosvg draws a face in a few seconds at most per
measure (measured: 49,000 elements 1.3 s, 95,000 characters of text 2.1 s, four times the
attributes 0.5 s, 390,000 lookups 1.4 to 2.1 s, so the 1,000,000 allowed about 5 s).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, Protocol
from urllib.parse import urlparse
from xml.etree import ElementTree

import cairosvg.css
import cssselect2.parser
import tinycss2

from generator.problems import clipped

SHIPPED_ELEMENTS = 489
"""The most elements drawing a shipped face takes (measured, see the module's docstring)."""
SHIPPED_ATTRIBUTES = 20_068
"""The most characters of attributes drawing a shipped face reads (measured, see the module's
docstring)."""
SHIPPED_TEXT = 1_171
"""The most characters of text a shipped face draws (measured, see the module's docstring)."""
SHIPPED_DEPTH = 1
"""The deepest references of a shipped face nest (measured, see the module's docstring)."""
MAX_ELEMENTS = 50_000
"""The elements a face may take to draw: about 100 times :data:`SHIPPED_ELEMENTS`, not 20, so
that an expansion's detailed illustration (an imported drawing of a few thousand paths) still
draws; cairosvg draws that many in about 1.3 s."""
MAX_ATTRIBUTES = 2_000_000
"""The characters of attributes drawing a face may read: about 100 times
:data:`SHIPPED_ATTRIBUTES`, as many as a face's SVG may hold (an illustration's path data)."""
MAX_TEXT = 100_000
"""The characters of text a face may draw: about 85 times :data:`SHIPPED_TEXT` (cairosvg draws
text letter by letter: about 2 s at the limit)."""
MAX_IMAGES = 200
"""The images a face may draw, each counted every time it is drawn."""
MAX_PIXELS = 100_000_000
"""The pixels of the images a face draws, each counted every time it is drawn."""
MAX_FILE_BYTES = 128 * 1024 * 1024
"""The bytes of the files drawing a face reads, each counted every time it is read."""
MAX_DEPTH = 20
"""How deep references may nest in one another (a ``<use>`` of a ``<use>``...)."""
MAX_MATCHING = 10_000_000
"""The ways cssselect2 may try to match a face's selectors to its elements (about 0.17
microsecond each, measured: ``q g g g g g`` on 50 nested groups, 20,000,000 ways, 3.5 s): a
stylesheet of twenty selectors of two descendant parts on a thousand elements ten deep tries
under a tenth of it; no shipped face has a stylesheet."""
HAS_STEPS = 20
"""What :data:`MAX_MATCHING` counts for each element a ``:has()`` passes, which cssselect2
wraps as it goes (measured: 2.9 microseconds each)."""
MAX_LOOKUPS = 1_000_000
"""The elements cairosvg may pass looking for what a face's ``<use>`` and ``<tref>`` elements
name (about 5 s at most, as cairosvg keeps most of what it found): a face that defines what
it uses early (``<defs>`` at the top) needs few, an illustration of 6,000 paths with 80
clones of earlier ones about half; no shipped face uses any."""

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"

NOT_INHERITED = frozenset(
    {
        *("clip", "clip-path", "display", "filter", "height", "id", "mask", "opacity"),
        *("overflow", "rotate", "stop-color", "stop-opacity", "style", "transform"),
        *("transform-origin", "viewBox", "width", "x", "y", "dx", "dy", HREF, "href"),
    }
)
"""The attributes an element does not pass to its children (cairosvg's
``NOT_INHERITED_ATTRIBUTES``)."""
PAINTED = frozenset(
    {
        *("a", "circle", "clipPath", "ellipse", "filter", "image", "line", "linearGradient"),
        *("marker", "mask", "path", "pattern", "polygon", "polyline", "radialGradient", "rect"),
        *("svg", "text", "textPath", "tspan", "use"),
    }
)
"""The elements cairosvg fills and strokes (its ``TAGS``): a pattern or gradient paints each."""
INVISIBLE = frozenset(
    {
        *("clipPath", "filter", "linearGradient", "marker", "mask", "pattern"),
        *("radialGradient", "symbol"),
    }
)
"""Elements whose children cairosvg does not draw where they stand (its ``INVISIBLE_TAGS``)."""
TEXT = frozenset({"text", "tspan", "textPath", "a", "tref"})
"""The elements whose text cairosvg draws."""
MARKED = frozenset({"path", "line", "polyline", "polygon"})
"""The elements with vertices, where markers are drawn."""
_KINDS = ("marker", "gradient", "pattern", "path", "mask", "filter")
"""The kinds of definition cairosvg keeps by id: an element whose name contains the kind."""
_PROPERTIES = ("fill", "stroke", "marker", "marker-start", "marker-mid", "marker-end", "color")
"""The inherited properties that make an element draw another (its context)."""
_MARKERS = frozenset(_PROPERTIES[2:6])
_CURRENT = "\0currentColor"
"""A fill or stroke of ``currentColor``: what the element's ``color`` names where it draws."""
_COLOR = _PROPERTIES.index("color")
_SHEET_PROPERTIES = frozenset({*_PROPERTIES, "clip-path", "mask"})
"""The properties whose ``url(#id)`` in a stylesheet may make an element draw another."""

_CONTEXT_NAMES = (*_PROPERTIES, XML_BASE)
"""The attributes that change an element's context."""
_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class Files(Protocol):
    """How the count learns about the files a face reads while drawing, resolved as cairosvg
    resolves them (the drawing's own reader: see :mod:`generator.render.draw`)."""

    def image(self, href: str, base: str) -> tuple[int, int]:
        """The bytes and pixels of the image ``href`` names (relative to ``base``); ``(0, 0)``
        for one that cannot be read (drawing reports it)."""
        ...

    def document(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        """The URL and bytes of the SVG document or stylesheet (``kind``: ``image/svg+xml``,
        ``text/css``) ``href`` names; ``None`` for one that cannot be read."""
        ...


class TooMuch(Exception):
    """Drawing a face would pass a limit (the message says which)."""


class Limits(NamedTuple):
    elements: float = MAX_ELEMENTS
    attributes: float = MAX_ATTRIBUTES
    text: float = MAX_TEXT
    images: float = MAX_IMAGES
    pixels: float = MAX_PIXELS
    bytes: float = MAX_FILE_BYTES
    depth: float = MAX_DEPTH
    lookups: float = MAX_LOOKUPS
    matching: float = MAX_MATCHING


UNLIMITED = Limits(*(float("inf"),) * len(Limits._fields))
"""No limits: the whole count, however large (to measure faces one trusts)."""


@dataclass(frozen=True)
class DrawCost:
    """What drawing a face takes (see the module's docstring)."""

    elements: int = 0
    attributes: int = 0
    text: int = 0
    images: int = 0
    pixels: int = 0
    bytes: int = 0
    depth: int = 0
    lookups: int = 0
    matching: int = 0


def draw_cost_problem(svg: str, files: Files | None = None, url: str = "") -> str | None:
    """Why drawing ``svg`` would take too long, or ``None``. ``url``: the base URL its relative
    references resolve against, as cairosvg is given it; ``files``: how to read the files it
    names (without it, what they hold is not counted)."""
    try:
        draw_cost(svg, files, url, Limits())
    except TooMuch as refused:
        return str(refused)
    return None


def draw_cost(
    svg: str,
    files: Files | None = None,
    url: str = "",
    limits: Limits = UNLIMITED,
) -> DrawCost:
    """What drawing ``svg`` takes (see :func:`draw_cost_problem`); past one of ``limits``,
    :class:`TooMuch` saying which. An SVG that is not well-formed costs nothing: cairosvg does
    not draw it."""
    if "<!ENTITY" in svg:  # cairosvg refuses entities before it reads any further
        return DrawCost()
    try:
        root = ElementTree.fromstring(svg)
    except (ElementTree.ParseError, ValueError):  # ValueError: a lone surrogate, say
        return DrawCost()
    return _Count(root, files, url, limits).total()


_MESSAGES = {
    "elements": (
        "drawing it takes more than {limit:,} elements (each <use>, marker, pattern, clip path "
        "and mask counted every time it draws): a face may take {limit:,}"
    ),
    "attributes": (
        "drawing it reads more than {limit:,} characters of attributes (inherited ones too, each "
        "time an element is built or drawn): a face may read {limit:,}"
    ),
    "text": (
        "it draws more than {limit:,} characters of text (each counted every time it is drawn): "
        "a face may draw {limit:,}"
    ),
    "images": (
        "it draws more than {limit:,} images (each counted every time it is drawn): a face may "
        "draw {limit:,}"
    ),
    "pixels": (
        "its images hold more than {limit:,} pixels (each image counted every time it is "
        "drawn): a face may draw {limit:,}"
    ),
    "bytes": (
        "drawing it reads more than {megabytes} MB of files (each counted every time it is "
        "read): a face may read {megabytes} MB"
    ),
    "lookups": (
        "finding what its <use> and <tref> elements name takes more than {limit:,} steps "
        "(each looked for from the top of its document every time it is drawn: define what "
        "they name first, in <defs> at the top): a face may take {limit:,}"
    ),
    "matching": (
        "matching its stylesheets' selectors to its elements may take more than {limit:,} "
        "steps (each element against each selector every time it is built; a selector of "
        "many descendant parts, or :has(), tries every chain of elements): a face may take "
        "{limit:,}"
    ),
    "depth": (
        "its references nest more than {limit:,} deep (a <use>, marker, pattern, clip path, "
        "mask or @import drawing another that draws another...): a face may nest {limit:,}"
    ),
}


def too_much(measure: str, limit: float) -> TooMuch:
    """Past ``limit`` of ``measure`` (a field of :class:`Limits`): the problem it is."""
    megabytes = int(limit) // 2**20 if limit != float("inf") else 0
    return TooMuch(_MESSAGES[measure].format(limit=int(limit), megabytes=megabytes))


class _Cost:
    """A count in progress; ``built``: the elements built in it, each of which inherits the
    attributes of the element a ``<use>`` of it stands at (counted there); ``uses``: the
    lookups of the ``<use>`` elements drawn in it, which a painted ``<use>`` that draws it
    makes again."""

    __slots__ = (
        *("attributes", "built", "bytes", "depth", "elements", "images", "lookups", "matching"),
        *("pixels", "text", "uses"),
    )

    def __init__(self) -> None:
        self.elements = self.attributes = self.text = self.images = self.pixels = self.bytes = 0
        self.built = self.depth = self.lookups = self.uses = self.matching = 0

    def add(self, other: _Cost, times: int = 1, inherited: int = 0, built: bool = True) -> None:
        """``other`` drawn ``times`` times; each element built in it inherits ``inherited``
        characters of attributes. ``built``: whether those elements inherit from here too (a
        ``<use>``'s do, a marker's or pattern's inherit from where they are defined)."""
        self.elements += other.elements * times
        self.attributes += (other.attributes + inherited * other.built) * times
        self.text += other.text * times
        self.images += other.images * times
        self.pixels += other.pixels * times
        self.bytes += other.bytes * times
        self.lookups += other.lookups * times
        self.uses += other.uses * times
        self.matching += other.matching * times
        self.built += other.built * times if built else 0
        self.depth = max(self.depth, other.depth)


_Counting = Callable[[], _Cost]


Context = tuple[str, ...]
"""What an element inherits that makes it draw another: the fragments its fill, stroke and
markers name (see :data:`_PROPERTIES`), and its ``xml:base``."""
_NO_CONTEXT: Context = ("",) * (len(_PROPERTIES) + 1)


class _Document:
    """An SVG document as the count reads it: its elements by id, as a ``<use>`` finds them
    (the first) and as definitions (the largest of each kind and id), each element's
    parent, depth and place in document order, and what each element inherits where it
    stands."""

    def __init__(self, root: ElementTree.Element, url: str) -> None:
        self.root, self.url = root, url
        self.ids: dict[str, ElementTree.Element] = {}
        self.kinds: dict[str, dict[str, ElementTree.Element]] = {kind: {} for kind in _KINDS}
        self.parents: dict[ElementTree.Element, ElementTree.Element] = {}
        self.order: dict[ElementTree.Element, int] = {}
        self._sizes: dict[ElementTree.Element, int] = {}
        self.depths: dict[ElementTree.Element, int] = {root: 0}
        self.siblings = 1  # the most children of one element
        self.longest = 0  # the longest attribute
        self.count = 0
        for element in root.iter():
            self.count += 1
            self.longest = max(self.longest, *map(len, element.attrib.values()), 0)
            self.order[element] = self.count  # the elements cairosvg passes to find it
            self.siblings = max(self.siblings, len(element))
            for child in element:
                self.parents[child] = element
                self.depths[child] = self.depths[element] + 1
            ident = element.get("id")
            if ident is None:
                continue
            self.ids.setdefault(ident, element)
            tag = _tag(element).lower()
            for kind in _KINDS:
                if kind in tag:
                    self._define(kind, ident, element)
        self.deepest = max(self.depths.values())
        self._standing: dict[ElementTree.Element, tuple[Context, int]] = {}

    def _define(self, kind: str, ident: str, element: ElementTree.Element) -> None:
        """Keep the definition of ``kind`` with the id ``ident``: the largest of those of one id,
        as cairosvg keeps whichever the ``<svg>`` it drew last defined (a nested ``<svg>`` may
        define one again)."""
        known = self.kinds[kind].get(ident)
        if known is None or self.size(element) >= self.size(known):
            self.kinds[kind][ident] = element

    def size(self, element: ElementTree.Element) -> int:
        """The elements in ``element``'s subtree (itself included)."""
        if element not in self._sizes:
            self._sizes[element] = sum(1 for _ in element.iter())
        return self._sizes[element]

    def standing(self, element: ElementTree.Element) -> tuple[Context, int]:
        """What ``element`` inherits where it stands in the document: its context and the
        characters of its inherited attributes."""
        chain = []
        at: ElementTree.Element | None = element
        while at is not None and at not in self._standing:
            chain.append(at)
            at = self.parents.get(at)
        context, inherited = self._standing[at] if at is not None else (_NO_CONTEXT, 0)
        for link in reversed(chain):
            self._standing[link] = (context, inherited)
            context = _inherit(context, link, _style(link))
            inherited += _inheritable(link)
        return self._standing[element]


class _Sheet:
    """What the count needs of a stylesheet: its size, the definitions its declarations name
    (by property; a fill or stroke of ``currentColor`` as :data:`_CURRENT`), and the
    stylesheets it imports, read by cairosvg's own CSS parser (comments, escapes and case
    as cairosvg reads them)."""

    def __init__(self, text: str) -> None:
        self.size = len(text)
        self.references: list[tuple[str, str]] = []
        self.imports: list[str] = []
        self.selectors: list[Any] = []  # cssselect2's parsed selectors, of rules that set any
        for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
            if rule.type == "at-rule" and rule.lower_at_keyword == "import":
                token = tinycss2.parse_one_component_value(rule.prelude)
                if rule.content is None and token.type in ("string", "url"):
                    self.imports.append(token.value)
            elif rule.type == "qualified-rule":
                normal, important = cairosvg.css.parse_declarations(rule.content)
                self.selectors += _selectors(rule.prelude) if normal or important else []
                for name, value in (*normal, *important):
                    fragment = _setting(value) if name in _SHEET_PROPERTIES else ""
                    self.references += [(name, fragment)] if fragment else []


class _Cycle(Exception):
    pass


class _Count:
    """One face's count (see :func:`draw_cost`)."""

    def __init__(
        self,
        root: ElementTree.Element,
        files: Files | None,
        url: str,
        limits: Limits,
        inside: tuple[str, ...] = (),
        outer: tuple[_Document, ...] = (),
    ) -> None:
        """``inside``: the SVG images this face is drawn as, the outermost first; ``outer``:
        their documents, whose definitions it finds too (cairosvg keeps one table of them)."""
        if len(list(root.iter())) > limits.elements:  # each is built: the count stops here
            raise too_much("elements", limits.elements)
        self.face = _Document(root, url)
        self.files, self.limits = files, limits
        self.inside, self.outer = inside, outer
        self.visits = 0
        self.depth = len(inside)
        self.svg_images: dict[str, _Cost] = {}
        self.known: dict[tuple[object, ...], _Cost] = {}
        self.drawing: set[tuple[object, ...]] = set()
        self.documents: dict[str, _Document | None] = {url: self.face}
        self.images: dict[tuple[str, str], tuple[int, int]] = {}
        self.sheets: dict[str, _Sheet] = {}
        self.sheet_characters = 0
        self.sheet_references: dict[str, set[str]] = {}
        self.fetched: dict[tuple[str, str], tuple[str, bytes] | None] = {}
        self.selectors: list[Any] = []
        self.matched: dict[tuple[int, int], int] = {}  # by document and depth

    def total(self) -> DrawCost:
        try:
            cost = _Cost()
            self._stylesheets(cost)
            cost.add(self._walk(self.face, self.face.root, _NO_CONTEXT, 0, build=True))
            self._check(cost)
        except _Cycle as cycle:
            raise TooMuch(
                f"it draws {cycle} inside itself (a <use>, marker, pattern, clip path, mask or "
                "@import that draws what contains it): cairosvg would never finish"
            ) from None
        return DrawCost(*(getattr(cost, field.name) for field in fields(DrawCost)))

    # The stylesheets, read once per face (their declarations reach every element).

    def _stylesheets(self, cost: _Cost) -> None:
        for element in self.face.root.iter(f"{SVG}style"):
            if element.get("type", "text/css") == "text/css" and element.text:
                self._sheet(_Sheet(element.text), self.face.url, cost, [])
        self._check(cost)

    def _sheet(self, sheet: _Sheet, base: str, cost: _Cost, importing: list[str]) -> None:
        """A stylesheet at ``base``: its declarations reach every element (counted on each),
        and each stylesheet it imports is read again (and imports in turn)."""
        if len(importing) > self.limits.depth:
            raise too_much("depth", self.limits.depth)
        self.sheet_characters += sheet.size
        self.selectors += sheet.selectors
        for what, fragment in sheet.references:
            self.sheet_references.setdefault(what, set()).add(fragment)
        for href in sheet.imports:
            found = self._fetch(href, base, "text/css")
            if not found:
                continue
            url, data = found
            if url in importing:
                raise _Cycle(f'"{clipped(href, 60)}"')
            cost.bytes += len(data)
            self._check(cost)
            if len(data) > self.limits.attributes:  # read on every element: too much at once
                raise too_much("attributes", self.limits.attributes)
            if url not in self.sheets:
                self.sheets[url] = _Sheet(data.decode("utf-8", "replace"))
            self._sheet(self.sheets[url], url, cost, [*importing, url])

    # The walk: the elements of a subtree, each once, and what each draws besides.

    def _walk(
        self,
        document: _Document,
        top: ElementTree.Element,
        context: Context,
        inherited: int,
        build: bool,
        tag: str | None = None,
        children: bool = False,
    ) -> _Cost:
        """What drawing ``top`` takes, standing in ``context`` with ``inherited`` characters of
        attributes; ``build``: its whole subtree is built (the face, what a ``<use>`` draws), not
        only drawn; ``tag``: the name cairosvg draws it by (a pattern is drawn as a ``g``);
        ``children``: its children drawn whatever it says (a marker's)."""
        cost = _Cost()
        stack = [(top, context, inherited, True)]
        while stack:
            element, context, inherited, drawn = stack.pop()
            self.visits += 1
            if self.visits > self.limits.elements:
                raise too_much("elements", self.limits.elements)
            name = tag if element is top and tag else _tag(element)
            cost.elements += build + drawn  # built, and drawn (cairosvg skips it if 0 wide)
            cost.built += build
            cost.attributes += inherited + _characters(element) + self.sheet_characters
            cost.matching += self._matching(document, element) if build and self.selectors else 0
            if drawn and name in TEXT:
                cost.text += _text(element)
            self._check(cost)  # before reading a large element any further
            style = _style(element)
            context = _inherit(context, element, style)
            inherited += _inheritable(element)
            if drawn:
                self._draws(document, element, name, context, inherited, style, cost)
            # drawn whatever its display or size says: a stylesheet, or a size cairosvg reads
            # as NaN, may draw what looks hidden
            shown = drawn and name not in INVISIBLE and name != "defs"
            shown = shown or (children and element is top)
            if shown or build:
                stack.extend((child, context, inherited, shown) for child in reversed(element))
            self._check(cost)
        return cost

    def _draws(
        self,
        document: _Document,
        element: ElementTree.Element,
        name: str,
        context: Context,
        inherited: int,
        style: dict[str, str],
        cost: _Cost,
    ) -> None:
        """What drawing ``element`` (called ``name``) draws besides itself and its children."""
        if name == "svg":  # cairosvg collects the definitions below it
            cost.elements += document.size(element)
        elif name == "use":
            self._use(document, element, context, inherited, cost)
        elif name == "image":
            self._image(document, element, context, cost)
        elif name == "tref":
            self._tref(document, element, cost)
        elif name == "textPath":
            found = self._definition("path", _fragment(_href(element)), document)
            if found:
                cost.add(self._drawn("textPath", *found), times=2, built=False)
        if name in MARKED:
            self._markers(document, element, context, cost)
        if name in PAINTED:
            for index, what in enumerate(("fill", "stroke")):
                for fragment in self._paints(what, context[index], context[_COLOR]):
                    self._paint(document, fragment, cost)
        for what, kind in (("clip-path", "path"), ("mask", "mask"), ("filter", "filter")):
            own = _property(element, what, style)
            if own is None and what not in self.sheet_references:
                continue
            for fragment in self._candidates(what, _fragment(own)):
                found = self._definition(kind, fragment, document)
                if found:
                    cost.add(self._drawn(kind, *found, tag="g"), built=False)

    def _matching(self, document: _Document, element: ElementTree.Element) -> int:
        """The ways the face's selectors may be tried on ``element`` as it is built."""
        depth = document.depths.get(element, 0)
        key = (id(document), depth)
        if key not in self.matched:
            cap = int(min(self.limits.matching, 2**62)) + 1
            shape = Shape(
                depth, document.deepest, document.siblings, document.count, document.longest, cap
            )
            found = sum(_paths(selector, shape) for selector in self.selectors)
            self.matched[key] = min(found, cap)
        return self.matched[key]

    def _paints(self, what: str, paint: str, colour: str) -> list[str]:
        """The fragments a fill or stroke may paint with: its own and a stylesheet's, and for
        ``currentColor`` those the element's colour may name."""
        found = self._candidates(what, paint)
        if _CURRENT not in found:
            return found
        colours = self._candidates("color", "" if colour == _CURRENT else colour)
        painted = (colours if fragment == _CURRENT else [fragment] for fragment in found)
        return list(dict.fromkeys(fragment for each in painted for fragment in each))

    def _candidates(self, what: str, fragment: str) -> list[str]:
        """The fragments a property may name for an element: its own, and any a stylesheet
        gives (which might reach it)."""
        own = [fragment] if fragment else []
        if what not in self.sheet_references:
            return own
        return own + sorted(self.sheet_references[what] - {fragment})

    def _use(
        self,
        document: _Document,
        element: ElementTree.Element,
        context: Context,
        inherited: int,
        cost: _Cost,
    ) -> None:
        href = _href(element)
        if not href:
            return
        fragment = _fragment(href)
        target_document = self.face  # an #id is looked for in the face, wherever it stands
        if not href.startswith("#"):
            found = self._document(href, document, cost)
            if found is None:
                return
            target_document = found
        target = target_document.ids.get(fragment) if fragment else target_document.root
        if target is None:
            return
        tag = "svg" if _tag(target) in ("svg", "symbol") else None
        key = ("use", id(target_document), target, context, tag)
        used = self._remembered(
            key,
            target,
            lambda: self._walk(target_document, target, context, 0, build=True, tag=tag),
        )
        cost.add(used, inherited=inherited)
        looked = target_document.order[target]
        cost.lookups += looked
        if self._paints("fill", context[0], context[_COLOR]) or self._paints(
            "stroke", context[1], context[_COLOR]
        ):  # measured for its fill and its stroke: found again, with all it names
            cost.lookups += 2 * (looked + used.uses)
        cost.uses += looked

    def _document(self, href: str, document: _Document, cost: _Cost) -> _Document | None:
        """The SVG document a ``<use>`` or ``<tref>`` names by file, read as cairosvg reads it
        (counted again for each; the face itself when it names the document it stands in, as
        cairosvg then looks in the face)."""
        found = self._fetch(href, document.url, "image/svg+xml")
        if not found:
            return None
        url, data = found
        if url == document.url:
            return self.face
        cost.bytes += len(data)
        if url not in self.documents:
            root = _parsed(data)
            cost.elements += len(list(root.iter())) if root is not None else 0
            self._check(cost)  # before the count reads a large document any further
            self.documents[url] = _Document(root, url) if root is not None else None
            return self.documents[url]
        read = self.documents[url]
        cost.elements += read.count if read else 0
        return read

    def _image(
        self, document: _Document, element: ElementTree.Element, context: Context, cost: _Cost
    ) -> None:
        cost.images += 1
        href = _href(element)
        if self.files is None or not href:
            return
        base = context[-1] or (os.path.dirname(document.url) + "/" if document.url else "")
        if (href, base) not in self.images:
            self.images[(href, base)] = self.files.image(href, base)
        size, pixels = self.images[(href, base)]
        cost.bytes += size
        cost.pixels += pixels
        if size and not pixels:  # no image PIL reads: cairosvg may draw it as an SVG
            self._svg_image(href, base, cost)

    def _fetch(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        """The URL and bytes of the document ``href`` names (relative to ``base``), read once
        for the count however often it is drawn (each draw counts its bytes)."""
        if (href, base) not in self.fetched:
            found = self.files.document(href, base, kind) if self.files else None
            self.fetched[(href, base)] = found
        return self.fetched[(href, base)]

    def _svg_image(self, href: str, base: str, cost: _Cost) -> None:
        """An ``<image>`` of an SVG file: cairosvg draws it whole, its own stylesheets too,
        each time (a count of its own, as it draws nothing of the face)."""
        found = self._fetch(href, base, "image/*")
        if not found or not drawn_as_svg(found[1]):
            return
        url, data = found
        if url in self.inside or url == self.face.url:
            raise _Cycle(f'"{clipped(href, 60)}"')
        if len(self.inside) + 1 > self.limits.depth:
            raise too_much("depth", self.limits.depth)
        if url not in self.svg_images:
            root = _parsed(data)
            drawn = _Cost()
            if root is not None:
                inside = (*self.inside, self.face.url)
                outer = (self.face, *self.outer)
                total = _Count(root, self.files, url, self.limits, inside, outer).total()
                for field in fields(DrawCost):
                    setattr(drawn, field.name, getattr(total, field.name))
            self.svg_images[url] = drawn
        cost.add(self.svg_images[url], built=False)
        self._check(cost)

    def _tref(self, document: _Document, element: ElementTree.Element, cost: _Cost) -> None:
        href = _href(element)
        if not href:
            return
        source = self.face if href.startswith("#") else self._document(href, document, cost)
        fragment = _fragment(href)
        target = source.ids.get(fragment) if source and fragment else None
        if source is not None and target is not None:
            cost.text += len("".join(target.itertext()))
            cost.lookups += source.order[target]

    def _markers(
        self, document: _Document, element: ElementTree.Element, context: Context, cost: _Cost
    ) -> None:
        if not any(context[2:6]) and not self.sheet_references.keys() & _MARKERS:
            return
        common = context[_PROPERTIES.index("marker")]
        markers = {}
        for position in ("start", "mid", "end"):
            what = f"marker-{position}"
            own = context[_PROPERTIES.index(what)] or common
            candidates = {*self._candidates(what, own), *self._candidates("marker", "")}
            markers[position] = [
                place
                for fragment in sorted(candidates)
                if (place := self._definition("marker", fragment, document))
            ]
        if not any(markers.values()):
            return
        vertices = _vertices(element)
        # cairosvg draws the end marker alone on a single vertex
        times = {"start": int(vertices > 1), "mid": max(vertices - 2, 0), "end": int(vertices > 0)}
        for position, places in markers.items():
            if not times[position]:
                continue
            drawn = [self._drawn("marker", *place, tag="g", children=True) for place in places]
            if drawn:
                cost.add(max(drawn, key=_weight), times=times[position], built=False)

    def _paint(self, document: _Document, fragment: str, cost: _Cost) -> None:
        """A fill or stroke with a gradient (its stops) or a pattern (drawn again)."""
        gradient = self._definition("gradient", fragment, document)
        if gradient:
            chain = self._chain("gradient", *gradient)
            stops = next((len(link) for _, link in chain if len(link)), 0)
            cost.elements += 1 + stops + len(chain)
            self._rebuilt(chain, cost)
            return
        pattern = self._definition("pattern", fragment, document)
        if pattern:
            chain = self._chain("pattern", *pattern)
            source, content = next(((d, e) for d, e in chain if len(e)), pattern)
            cost.elements += len(chain)
            self._rebuilt(chain, cost)
            cost.add(self._drawn("pattern", source, content, tag="g"), built=False)

    def _rebuilt(self, chain: list[tuple[_Document, ElementTree.Element]], cost: _Cost) -> None:
        """A gradient or pattern that names another is built again at each paint from the
        first element of its id in the face (whatever that element is), looked for from the
        top."""
        for _, link in chain[:-1]:
            first = self.face.ids.get(link.get("id", ""))
            if first is not None:
                cost.elements += self.face.size(first)
                cost.lookups += self.face.order[first]

    def _chain(
        self, kind: str, document: _Document, element: ElementTree.Element
    ) -> list[tuple[_Document, ElementTree.Element]]:
        """A gradient or pattern and those its ``href`` names in turn (cairosvg copies what it
        lacks from them, each time it paints)."""
        chain = [(document, element)]
        seen = {id(element)}
        while True:
            found = self._definition(kind, _fragment(_href(chain[-1][1])), chain[-1][0])
            if not found or id(found[1]) in seen:
                return chain
            seen.add(id(found[1]))
            chain.append(found)

    def _drawn(
        self,
        kind: str,
        document: _Document,
        element: ElementTree.Element,
        tag: str | None = None,
        children: bool = False,
    ) -> _Cost:
        """What drawing a definition where it is referenced takes (it was built with the face:
        only drawn again), remembered."""
        context, inherited = document.standing(element)
        key = (kind, id(document), element)
        return self._remembered(
            key,
            element,
            lambda: self._walk(
                document, element, context, inherited, build=False, tag=tag, children=children
            ),
        )

    def _remembered(
        self, key: tuple[object, ...], element: ElementTree.Element, count: _Counting
    ) -> _Cost:
        """A reference's count, made once; one that draws itself is a :class:`_Cycle`, one
        nested too deep past the depth limit."""
        if key in self.known:
            return self.known[key]
        if key in self.drawing:
            ident = element.get("id")
            raise _Cycle(f'"#{ident}"' if ident else f"<{_tag(element)}>")
        self.depth += 1
        if self.depth > self.limits.depth:
            raise too_much("depth", self.limits.depth)
        self.drawing.add(key)
        try:
            cost = count()
        finally:
            self.drawing.discard(key)
            self.depth -= 1
        cost.depth += 1
        self.known[key] = cost
        return cost

    def _definition(
        self, kind: str, fragment: str, document: _Document
    ) -> tuple[_Document, ElementTree.Element] | None:
        """The definition of ``kind`` cairosvg finds by ``fragment``: in the document being
        drawn, else in the face, else in the faces it is an SVG image of."""
        if not fragment:
            return None
        for place in (document, self.face, *self.outer):
            element = place.kinds[kind].get(fragment)
            if element is not None:
                return place, element
        return None

    def _check(self, cost: _Cost) -> None:
        limits = self.limits
        if (
            cost.elements > limits.elements
            or cost.attributes > limits.attributes
            or cost.text > limits.text
            or cost.images > limits.images
            or cost.pixels > limits.pixels
            or cost.bytes > limits.bytes
            or cost.lookups > limits.lookups
            or cost.matching > limits.matching
        ):
            for measure in (
                *("elements", "attributes", "text", "images", "pixels", "bytes"),
                *("lookups", "matching"),
            ):
                if getattr(cost, measure) > getattr(limits, measure):
                    raise too_much(measure, getattr(limits, measure))


def _weight(cost: _Cost) -> tuple[int, ...]:
    return (
        *(cost.elements, cost.text, cost.attributes, cost.pixels, cost.bytes, cost.images),
        *(cost.lookups, cost.matching),
    )


def _parsed(data: bytes) -> ElementTree.Element | None:
    """An SVG file as cairosvg reads it; ``None`` for one it does not draw (not well-formed,
    or declaring entities, which it refuses)."""
    if b"<!ENTITY" in data:
        return None
    try:
        return ElementTree.fromstring(data)
    except (ElementTree.ParseError, ValueError):
        return None


def _selectors(prelude: list[Any]) -> list[Any]:
    """The selectors of a rule, parsed as cairosvg's cssselect2 parses them (none, for what
    it cannot parse: cairosvg then draws nothing)."""
    try:
        return [selector.parsed_tree for selector in cssselect2.parser.parse(prelude)]
    except cssselect2.parser.SelectorError:
        return []


class Shape(NamedTuple):
    """What matching a selector on an element costs depends on."""

    depth: int  # the element's
    deepest: int  # of an element of its document
    siblings: int  # the most children of one element
    elements: int  # of the document
    longest: int  # the longest attribute of the document
    cap: int  # past which the count stops


def _paths(tree: Any, shape: Shape) -> int:
    """At most how many ways cssselect2 tries to match the selector ``tree`` (its compiled
    code: ``any()`` over the ancestors for a descendant combinator, the earlier siblings for
    ``~``, nested for each) on one element: every choice of ancestors for the descendant
    parts, of siblings for the others, times what each part's ``:not()``, ``:is()``,
    ``:where()`` and ``:has()`` try."""
    cap = shape.cap
    descendants = earlier = 0
    nested = 1
    while isinstance(tree, cssselect2.parser.CombinedSelector):
        descendants += tree.combinator == " "
        earlier += tree.combinator == "~"
        nested = min(nested * _nested(tree.right, shape), cap)
        tree = tree.left
    nested = min(nested * _nested(tree, shape), cap)
    chains: int = math.comb(shape.depth, descendants)  # 0 if more than the ancestors
    spread: int = shape.siblings ** min(earlier, 64)  # past 64, past any cap
    return min(chains * min(spread, cap) * nested, cap)


def _nested(compound: Any, shape: Shape) -> int:
    """What one part of a selector tries: the selector lists inside it (``:has()`` on every
    element below; the others on the element itself), the siblings a pseudo-class counting
    them passes (``:nth-of-type()``, ``:last-child``..., again for each ``of S`` in it), and
    an attribute read whole for a substring or in any case (``[a*=b]``, ``[a=b i]``)."""
    tried = 1
    for simple in getattr(compound, "simple_selectors", ()):
        tried = min(tried * _simple(simple, shape), shape.cap)
        inner = getattr(simple, "selector_list", None)
        if inner is None:
            continue
        trees = [getattr(each, "parsed_tree", None) or each.selector.parsed_tree for each in inner]
        below = isinstance(simple, cssselect2.parser.RelationalSelector)  # :has()
        at = shape._replace(depth=shape.deepest) if below else shape
        paths = max(1, sum(_paths(tree, at) for tree in trees))
        tried = min(tried * (HAS_STEPS * shape.elements if below else 1) * paths, shape.cap)
    return tried


_SIBLING_PSEUDO = re.compile(r"nth|last|of-type")
"""The pseudo-classes cssselect2 answers by passing an element's siblings."""
_READ_WHOLE = frozenset({"*=", "^=", "$=", "~=", "|="})
"""The attribute operators that read an attribute's whole value."""


def _simple(simple: Any, shape: Shape) -> int:
    """What one simple selector of :func:`_nested` tries, besides its selector lists."""
    name = getattr(simple, "name", None)
    if isinstance(name, str) and _SIBLING_PSEUDO.search(name.lower()):
        arguments = tinycss2.serialize(getattr(simple, "arguments", None) or [])
        nested = len(re.findall(r"\bof\b", arguments.lower()))  # ``of S``: S on each sibling
        passed: int = shape.siblings ** min(1 + nested, 64)
        return min(passed, shape.cap)
    if isinstance(simple, cssselect2.parser.AttributeSelector) and (
        simple.operator in _READ_WHOLE or simple.case_sensitive is False
    ):
        return 1 + shape.longest // 64
    return 1


def drawn_as_svg(data: bytes) -> bool:
    """Whether cairosvg draws an ``<image>`` of these bytes as an SVG (its own tests, in its
    order: a PNG first, whatever it holds)."""
    if data.startswith(b"\x89PNG"):
        return False
    return data.startswith((b"<svg ", b"<?xml", b"<!DOC", b"\x1f\x8b")) or b"<svg" in data


def _tag(element: ElementTree.Element) -> str:
    """The name cairosvg knows an element by: its local name in the SVG namespace (or none)."""
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag[len(SVG) :] if tag.startswith(SVG) else tag


def _href(element: ElementTree.Element) -> str:
    return element.get(HREF, element.get("href")) or ""


def _fragment(value: str | None) -> str:
    r"""The id a ``url(#id)`` (or an ``href``) names, as cairosvg reads it: from the first
    ``url(`` to the last ``)`` (its ``url\((.+)\)``, without its backtracking); nothing for
    what is not a URL."""
    if not value:
        return ""
    start, end = value.find("url("), value.rfind(")")
    inner = value[start + 4 : end] if 0 <= start < end - 3 else value
    try:
        return urlparse(inner.strip("'\" ")).fragment
    except ValueError:  # cairosvg fails on it too: the drawing reports it
        return ""


def _style(element: ElementTree.Element) -> dict[str, str]:
    """The declarations of the element's ``style`` attribute, read by cairosvg's own parser
    (its ``!important`` ones last, as they win)."""
    if "style" not in element.attrib:
        return {}
    normal, important = cairosvg.css.parse_declarations(element.attrib["style"])
    return dict((*normal, *important))


def _property(element: ElementTree.Element, name: str, style: dict[str, str]) -> str | None:
    """A property as the element sets it: its ``style`` attribute first."""
    value = style.get(name)
    return element.get(name) if value is None else value


def _inherit(context: Context, element: ElementTree.Element, style: dict[str, str]) -> Context:
    """The context ``element`` passes to its children."""
    if not style and all(name not in element.attrib for name in _CONTEXT_NAMES):
        return context
    changed = [_setting(_property(element, name, style)) for name in _PROPERTIES]
    base = element.get(XML_BASE)
    if base is None and all(value is None for value in changed):
        return context
    return (
        *(old if new is None else new for old, new in zip(context[:-1], changed, strict=True)),
        context[-1] if base is None else base,
    )


def _setting(value: str | None) -> str | None:
    """What a property's value sets in the context: the fragment it names (``""``: none), the
    element's colour (``currentColor``), or nothing (unset, or ``inherit``: the parent's)."""
    if value is None or value.strip() == "inherit":
        return None
    if value.strip().lower() == "currentcolor":
        return _CURRENT
    return _fragment(value) if "url(" in value else ""  # a colour such as #123 names nothing


def _characters(element: ElementTree.Element) -> int:
    return sum(len(name) + len(value) for name, value in element.attrib.items())


def _inheritable(element: ElementTree.Element) -> int:
    """The characters of the attributes ``element`` passes to its children (its ``style``
    counted whole: its declarations are inherited)."""
    return sum(
        len(name) + len(value)
        for name, value in element.attrib.items()
        if name not in NOT_INHERITED or name == "style"
    )


def _text(element: ElementTree.Element) -> int:
    """The characters of text a text element draws: its own, and those after each child."""
    return len(element.text or "") + sum(len(child.tail or "") for child in element)


_ARGUMENTS = {"m": 2, "l": 2, "t": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "a": 7, "z": 0}
"""The numbers each segment of a path command takes (a command goes on while numbers do)."""


def _vertices(element: ElementTree.Element) -> int:
    """At least the vertices cairosvg finds in a path, line, polyline or polygon: where its
    markers are drawn."""
    tag = _tag(element)
    if tag == "line":
        return 2
    if tag != "path":
        return len(_PATH_TOKEN.findall(element.get("points") or "")) // 2 + 1
    vertices, numbers = 0, 0
    arguments: int | None = None
    for token in [*_PATH_TOKEN.findall(element.get("d") or ""), "z"]:
        if not token.isalpha():
            numbers += 1
            continue
        if arguments is not None:  # the segments of the command before
            vertices += max(1, -(-numbers // arguments)) if arguments else 1
        arguments, numbers = _ARGUMENTS.get(token.lower(), 0), 0
    return vertices
