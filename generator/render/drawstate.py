"""What one face's count (:mod:`~generator.render.drawcost`) reads and remembers: the files
the face names, read once however often they are drawn, its stylesheets, the documents it
draws from and the references it has counted (each once, by the element and what it
inherits), with the limits it checks as it goes.

The walk itself, what each element draws, is :mod:`~generator.render.drawcost`'s count, built
on :class:`CountState`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from xml.etree import ElementTree

from generator.problems import clipped
from generator.render.drawlimits import Limits, too_much
from generator.render.selectorcost import Shape, matching_paths
from generator.render.svgdocument import (
    CURRENT_COLOR,
    SVG,
    Document,
    Sheet,
    fragment_of,
    href_of,
    local_name,
    parsed_svg,
)


class Files(Protocol):
    """How the count learns about the files a face reads while drawing, resolved as cairosvg
    resolves them (the drawing's own reader: see :class:`generator.render.assets.DrawnFiles`)."""

    def image(self, href: str, base: str) -> tuple[int, int]:
        """The bytes and pixels of the image ``href`` names (relative to ``base``); ``(0, 0)``
        for one that cannot be read (drawing reports it)."""
        ...

    def document(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        """The URL and bytes of the SVG document or stylesheet (``kind``: ``image/svg+xml``,
        ``text/css``) ``href`` names; ``None`` for one that cannot be read."""
        ...


class Cost:
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

    def add(self, other: Cost, times: int = 1, inherited: int = 0, built: bool = True) -> None:
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


Counting = Callable[[], Cost]


class Cycle(Exception):
    """A reference that draws what contains it (the message names it)."""


class CountState:
    """What one face's count keeps and reads once (the count itself is
    :func:`~generator.render.drawcost.draw_cost`'s)."""

    def __init__(
        self,
        root: ElementTree.Element,
        files: Files | None,
        url: str,
        limits: Limits,
        inside: tuple[str, ...] = (),
        outer: tuple[Document, ...] = (),
    ) -> None:
        """``inside``: the SVG images this face is drawn as, the outermost first; ``outer``:
        their documents, whose definitions it finds too (cairosvg keeps one table of them)."""
        if len(list(root.iter())) > limits.elements:  # each is built: the count stops here
            raise too_much("elements", limits.elements)
        self.face = Document(root, url)
        self.files, self.limits = files, limits
        self.inside, self.outer = inside, outer
        self.visits = 0
        self.depth = len(inside)
        self.svg_images: dict[str, Cost] = {}
        self.known: dict[tuple[object, ...], Cost] = {}
        self.drawing: set[tuple[object, ...]] = set()
        self.documents: dict[str, Document | None] = {url: self.face}
        self.images: dict[tuple[str, str], tuple[int, int]] = {}
        self.sheets: dict[str, Sheet] = {}
        self.sheet_characters = 0
        self.sheet_references: dict[str, set[str]] = {}
        self.fetched: dict[tuple[str, str], tuple[str, bytes] | None] = {}
        self.selectors: list[Any] = []
        self.matched: dict[tuple[int, int], int] = {}  # by document and depth

    # The stylesheets, read once per face (their declarations reach every element).

    def _stylesheets(self, cost: Cost) -> None:
        for element in self.face.root.iter(f"{SVG}style"):
            if element.get("type", "text/css") == "text/css" and element.text:
                self._sheet(Sheet(element.text), self.face.url, cost, [])
        self._check(cost)

    def _sheet(self, sheet: Sheet, base: str, cost: Cost, importing: list[str]) -> None:
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
                raise Cycle(f'"{clipped(href, 60)}"')
            cost.bytes += len(data)
            self._check(cost)
            if len(data) > self.limits.attributes:  # read on every element: too much at once
                raise too_much("attributes", self.limits.attributes)
            if url not in self.sheets:
                self.sheets[url] = Sheet(data.decode("utf-8", "replace"))
            self._sheet(self.sheets[url], url, cost, [*importing, url])

    def _matching(self, document: Document, element: ElementTree.Element) -> int:
        """The ways the face's selectors may be tried on ``element`` as it is built."""
        depth = document.depths.get(element, 0)
        key = (id(document), depth)
        if key not in self.matched:
            cap = int(min(self.limits.matching, 2**62)) + 1
            shape = Shape(
                depth, document.deepest, document.siblings, document.count, document.longest, cap
            )
            found = sum(matching_paths(selector, shape) for selector in self.selectors)
            self.matched[key] = min(found, cap)
        return self.matched[key]

    def _paints(self, what: str, paint: str, colour: str) -> list[str]:
        """The fragments a fill or stroke may paint with: its own and a stylesheet's, and for
        ``currentColor`` those the element's colour may name."""
        found = self._candidates(what, paint)
        if CURRENT_COLOR not in found:
            return found
        colours = self._candidates("color", "" if colour == CURRENT_COLOR else colour)
        painted = (colours if fragment == CURRENT_COLOR else [fragment] for fragment in found)
        return list(dict.fromkeys(fragment for each in painted for fragment in each))

    def _candidates(self, what: str, fragment: str) -> list[str]:
        """The fragments a property may name for an element: its own, and any a stylesheet
        gives (which might reach it)."""
        own = [fragment] if fragment else []
        if what not in self.sheet_references:
            return own
        return own + sorted(self.sheet_references[what] - {fragment})

    def _document(self, href: str, document: Document, cost: Cost) -> Document | None:
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
            root = parsed_svg(data)
            cost.elements += len(list(root.iter())) if root is not None else 0
            self._check(cost)  # before the count reads a large document any further
            self.documents[url] = Document(root, url) if root is not None else None
            return self.documents[url]
        read = self.documents[url]
        cost.elements += read.count if read else 0
        return read

    def _fetch(self, href: str, base: str, kind: str) -> tuple[str, bytes] | None:
        """The URL and bytes of the document ``href`` names (relative to ``base``), read once
        for the count however often it is drawn (each draw counts its bytes)."""
        if (href, base) not in self.fetched:
            found = self.files.document(href, base, kind) if self.files else None
            self.fetched[(href, base)] = found
        return self.fetched[(href, base)]

    def _rebuilt(self, chain: list[tuple[Document, ElementTree.Element]], cost: Cost) -> None:
        """A gradient or pattern that names another is built again at each paint from the
        first element of its id in the face (whatever that element is), looked for from the
        top."""
        for _, link in chain[:-1]:
            first = self.face.ids.get(link.get("id", ""))
            if first is not None:
                cost.elements += self.face.size(first)
                cost.lookups += self.face.order[first]

    def _chain(
        self, kind: str, document: Document, element: ElementTree.Element
    ) -> list[tuple[Document, ElementTree.Element]]:
        """A gradient or pattern and those its ``href`` names in turn (cairosvg copies what it
        lacks from them, each time it paints)."""
        chain = [(document, element)]
        seen = {id(element)}
        while True:
            found = self._definition(kind, fragment_of(href_of(chain[-1][1])), chain[-1][0])
            if not found or id(found[1]) in seen:
                return chain
            seen.add(id(found[1]))
            chain.append(found)

    def _remembered(
        self, key: tuple[object, ...], element: ElementTree.Element, count: Counting
    ) -> Cost:
        """A reference's count, made once; one that draws itself is a :class:`Cycle`, one
        nested too deep past the depth limit."""
        if key in self.known:
            return self.known[key]
        if key in self.drawing:
            ident = element.get("id")
            raise Cycle(f'"#{ident}"' if ident else f"<{local_name(element)}>")
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
        self, kind: str, fragment: str, document: Document
    ) -> tuple[Document, ElementTree.Element] | None:
        """The definition of ``kind`` cairosvg finds by ``fragment``: in the document being
        drawn, else in the face, else in the faces it is an SVG image of."""
        if not fragment:
            return None
        for place in (document, self.face, *self.outer):
            element = place.kinds[kind].get(fragment)
            if element is not None:
                return place, element
        return None

    def _check(self, cost: Cost) -> None:
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
