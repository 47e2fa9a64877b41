"""An SVG document as cairosvg reads it, for the count of :mod:`~generator.render.drawcost`:
its elements by id and as definitions, what each element inherits where it stands, its
stylesheets' declarations, and what cairosvg reads of one element (its attributes, its text,
the vertices its markers are drawn at), each read the way cairosvg's own code reads it.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse
from xml.etree import ElementTree

import cairosvg.css
import tinycss2

from generator.render.selectorcost import parsed_selectors

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
PROPERTIES = ("fill", "stroke", "marker", "marker-start", "marker-mid", "marker-end", "color")
"""The inherited properties that make an element draw another (its context)."""
CURRENT_COLOR = "\0currentColor"
"""A fill or stroke of ``currentColor``: what the element's ``color`` names where it draws."""
COLOR = PROPERTIES.index("color")
_SHEET_PROPERTIES = frozenset({*PROPERTIES, "clip-path", "mask"})
"""The properties whose ``url(#id)`` in a stylesheet may make an element draw another."""

_CONTEXT_NAMES = (*PROPERTIES, XML_BASE)
"""The attributes that change an element's context."""
_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


Context = tuple[str, ...]
"""What an element inherits that makes it draw another: the fragments its fill, stroke and
markers name (see :data:`PROPERTIES`), and its ``xml:base``."""
NO_CONTEXT: Context = ("",) * (len(PROPERTIES) + 1)


class Document:
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
            tag = local_name(element).lower()
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
        context, inherited = self._standing[at] if at is not None else (NO_CONTEXT, 0)
        for link in reversed(chain):
            self._standing[link] = (context, inherited)
            context = passed_context(context, link, style_of(link))
            inherited += inheritable_characters(link)
        return self._standing[element]


class Sheet:
    """What the count needs of a stylesheet: its size, the definitions its declarations name
    (by property; a fill or stroke of ``currentColor`` as :data:`CURRENT_COLOR`), and the
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
                self.selectors += parsed_selectors(rule.prelude) if normal or important else []
                for name, value in (*normal, *important):
                    fragment = _setting(value) if name in _SHEET_PROPERTIES else ""
                    self.references += [(name, fragment)] if fragment else []


def parsed_svg(data: bytes) -> ElementTree.Element | None:
    """An SVG file as cairosvg reads it; ``None`` for one it does not draw (not well-formed,
    or declaring entities, which it refuses)."""
    if b"<!ENTITY" in data:
        return None
    try:
        return ElementTree.fromstring(data)
    except (ElementTree.ParseError, ValueError):
        return None


def drawn_as_svg(data: bytes) -> bool:
    """Whether cairosvg draws an ``<image>`` of these bytes as an SVG (its own tests, in its
    order: a PNG first, whatever it holds)."""
    if data.startswith(b"\x89PNG"):
        return False
    return data.startswith((b"<svg ", b"<?xml", b"<!DOC", b"\x1f\x8b")) or b"<svg" in data


def local_name(element: ElementTree.Element) -> str:
    """The name cairosvg knows an element by: its local name in the SVG namespace (or none)."""
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag[len(SVG) :] if tag.startswith(SVG) else tag


def href_of(element: ElementTree.Element) -> str:
    return element.get(HREF, element.get("href")) or ""


def fragment_of(value: str | None) -> str:
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


def style_of(element: ElementTree.Element) -> dict[str, str]:
    """The declarations of the element's ``style`` attribute, read by cairosvg's own parser
    (its ``!important`` ones last, as they win)."""
    if "style" not in element.attrib:
        return {}
    normal, important = cairosvg.css.parse_declarations(element.attrib["style"])
    return dict((*normal, *important))


def property_of(element: ElementTree.Element, name: str, style: dict[str, str]) -> str | None:
    """A property as the element sets it: its ``style`` attribute first."""
    value = style.get(name)
    return element.get(name) if value is None else value


def passed_context(
    context: Context, element: ElementTree.Element, style: dict[str, str]
) -> Context:
    """The context ``element`` passes to its children."""
    if not style and all(name not in element.attrib for name in _CONTEXT_NAMES):
        return context
    changed = [_setting(property_of(element, name, style)) for name in PROPERTIES]
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
        return CURRENT_COLOR
    return fragment_of(value) if "url(" in value else ""  # a colour such as #123 names nothing


def attribute_characters(element: ElementTree.Element) -> int:
    return sum(len(name) + len(value) for name, value in element.attrib.items())


def inheritable_characters(element: ElementTree.Element) -> int:
    """The characters of the attributes ``element`` passes to its children (its ``style``
    counted whole: its declarations are inherited)."""
    return sum(
        len(name) + len(value)
        for name, value in element.attrib.items()
        if name not in NOT_INHERITED or name == "style"
    )


def text_characters(element: ElementTree.Element) -> int:
    """The characters of text a text element draws: its own, and those after each child."""
    return len(element.text or "") + sum(len(child.tail or "") for child in element)


_ARGUMENTS = {"m": 2, "l": 2, "t": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "a": 7, "z": 0}
"""The numbers each segment of a path command takes (a command goes on while numbers do)."""


def vertex_count(element: ElementTree.Element) -> int:
    """At least the vertices cairosvg finds in a path, line, polyline or polygon: where its
    markers are drawn."""
    tag = local_name(element)
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
