"""What drawing a face will cost cairosvg, counted from its SVG before cairosvg draws it.

A face's SVG is at most 2,000,000 characters and its template's work is budgeted
(:mod:`generator.render.budget`), but cairosvg keeps nothing between the parts of a drawing:
every ``<use>`` builds the element it names again and draws it (a ``<use>`` of a group of
``<use>`` multiplies), a marker is drawn again at every vertex of every path that carries it, a
pattern, gradient, clip path or mask is drawn again for every element painted, clipped or
masked with it, every ``<image>`` is read and decoded again, every element copies the
attributes it inherits, and every ``@import`` reads its stylesheet again. A few kilobytes can
so ask for hours of drawing. :func:`draw_cost_problem` counts, as cairosvg would draw them, the
measures :mod:`~generator.render.drawlimits` describes (elements, attributes, text, images, pixels,
bytes, lookups, matching) and how deep references (``<use>``, markers, patterns, clip paths, masks)
nest in one another, and one that draws itself, which cairosvg would draw until it fails. Each is a
count, never a time: the same face gets the same verdict on every machine. A reference counted once
is remembered (by the element and what it inherits), so the count takes time in the size of the
face however much the drawing multiplies it (under a millisecond for a shipped face); past a limit
it stops. It errs on the side of more where cairosvg's choice is not worth following (every child
of a ``<switch>``, every marker a stylesheet names on every path), and within twice of cairosvg's
own builds and draws otherwise. :func:`generator.render.draw.parse` counts every face before
cairosvg reads it: a face over a limit is a ``DrawError``, reported at its template like any face
cairosvg cannot draw.

What a face may take is :mod:`~generator.render.drawlimits` too; the count reads the face as
cairosvg does (:mod:`~generator.render.svgdocument`, and its stylesheets' selectors
:mod:`~generator.render.selectorcost`), each file and reference once
(:mod:`~generator.render.drawstate`).
"""

from __future__ import annotations

import os
from dataclasses import fields
from xml.etree import ElementTree

from generator.problems import clipped
from generator.render.drawlimits import UNLIMITED, DrawCost, Limits, TooMuch, too_much
from generator.render.drawstate import Cost, CountState, Cycle, Files
from generator.render.svgdocument import (
    COLOR,
    INVISIBLE,
    MARKED,
    NO_CONTEXT,
    PAINTED,
    PROPERTIES,
    TEXT,
    Context,
    Document,
    attribute_characters,
    drawn_as_svg,
    fragment_of,
    href_of,
    inheritable_characters,
    local_name,
    parsed_svg,
    passed_context,
    property_of,
    style_of,
    text_characters,
    vertex_count,
)

_MARKERS = frozenset(PROPERTIES[2:6])
"""The properties that name markers."""


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


class _Count(CountState):
    """One face's count (see :func:`draw_cost`)."""

    def total(self) -> DrawCost:
        try:
            cost = Cost()
            self._stylesheets(cost)
            cost.add(self._walk(self.face, self.face.root, NO_CONTEXT, 0, build=True))
            self._check(cost)
        except Cycle as cycle:
            raise TooMuch(
                f"it draws {cycle} inside itself (a <use>, marker, pattern, clip path, mask or "
                "@import that draws what contains it): cairosvg would never finish"
            ) from None
        return DrawCost(*(getattr(cost, field.name) for field in fields(DrawCost)))

    # The walk: the elements of a subtree, each once, and what each draws besides.

    def _walk(
        self,
        document: Document,
        top: ElementTree.Element,
        context: Context,
        inherited: int,
        build: bool,
        tag: str | None = None,
        children: bool = False,
    ) -> Cost:
        """What drawing ``top`` takes, standing in ``context`` with ``inherited`` characters of
        attributes; ``build``: its whole subtree is built (the face, what a ``<use>`` draws), not
        only drawn; ``tag``: the name cairosvg draws it by (a pattern is drawn as a ``g``);
        ``children``: its children drawn whatever it says (a marker's)."""
        cost = Cost()
        stack = [(top, context, inherited, True)]
        while stack:
            element, context, inherited, drawn = stack.pop()
            self.visits += 1
            if self.visits > self.limits.elements:
                raise too_much("elements", self.limits.elements)
            name = tag if element is top and tag else local_name(element)
            cost.elements += build + drawn  # built, and drawn (cairosvg skips it if 0 wide)
            cost.built += build
            cost.attributes += inherited + attribute_characters(element) + self.sheet_characters
            cost.matching += self._matching(document, element) if build and self.selectors else 0
            if drawn and name in TEXT:
                cost.text += text_characters(element)
            self._check(cost)  # before reading a large element any further
            style = style_of(element)
            context = passed_context(context, element, style)
            inherited += inheritable_characters(element)
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
        document: Document,
        element: ElementTree.Element,
        name: str,
        context: Context,
        inherited: int,
        style: dict[str, str],
        cost: Cost,
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
            found = self._definition("path", fragment_of(href_of(element)), document)
            if found:
                cost.add(self._drawn("textPath", *found), times=2, built=False)
        if name in MARKED:
            self._markers(document, element, context, cost)
        if name in PAINTED:
            for index, what in enumerate(("fill", "stroke")):
                for fragment in self._paints(what, context[index], context[COLOR]):
                    self._paint(document, fragment, cost)
        for what, kind in (("clip-path", "path"), ("mask", "mask"), ("filter", "filter")):
            own = property_of(element, what, style)
            if own is None and what not in self.sheet_references:
                continue
            for fragment in self._candidates(what, fragment_of(own)):
                found = self._definition(kind, fragment, document)
                if found:
                    cost.add(self._drawn(kind, *found, tag="g"), built=False)

    def _use(
        self,
        document: Document,
        element: ElementTree.Element,
        context: Context,
        inherited: int,
        cost: Cost,
    ) -> None:
        href = href_of(element)
        if not href:
            return
        fragment = fragment_of(href)
        target_document = self.face  # an #id is looked for in the face, wherever it stands
        if not href.startswith("#"):
            found = self._document(href, document, cost)
            if found is None:
                return
            target_document = found
        target = target_document.ids.get(fragment) if fragment else target_document.root
        if target is None:
            return
        tag = "svg" if local_name(target) in ("svg", "symbol") else None
        key = ("use", id(target_document), target, context, tag)
        used = self._remembered(
            key,
            target,
            lambda: self._walk(target_document, target, context, 0, build=True, tag=tag),
        )
        cost.add(used, inherited=inherited)
        looked = target_document.order[target]
        cost.lookups += looked
        if self._paints("fill", context[0], context[COLOR]) or self._paints(
            "stroke", context[1], context[COLOR]
        ):  # measured for its fill and its stroke: found again, with all it names
            cost.lookups += 2 * (looked + used.uses)
        cost.uses += looked

    def _image(
        self, document: Document, element: ElementTree.Element, context: Context, cost: Cost
    ) -> None:
        cost.images += 1
        href = href_of(element)
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

    def _svg_image(self, href: str, base: str, cost: Cost) -> None:
        """An ``<image>`` of an SVG file: cairosvg draws it whole, its own stylesheets too,
        each time (a count of its own, as it draws nothing of the face)."""
        found = self._fetch(href, base, "image/*")
        if not found or not drawn_as_svg(found[1]):
            return
        url, data = found
        if url in self.inside or url == self.face.url:
            raise Cycle(f'"{clipped(href, 60)}"')
        if len(self.inside) + 1 > self.limits.depth:
            raise too_much("depth", self.limits.depth)
        if url not in self.svg_images:
            root = parsed_svg(data)
            drawn = Cost()
            if root is not None:
                inside = (*self.inside, self.face.url)
                outer = (self.face, *self.outer)
                total = _Count(root, self.files, url, self.limits, inside, outer).total()
                for field in fields(DrawCost):
                    setattr(drawn, field.name, getattr(total, field.name))
            self.svg_images[url] = drawn
        cost.add(self.svg_images[url], built=False)
        self._check(cost)

    def _tref(self, document: Document, element: ElementTree.Element, cost: Cost) -> None:
        href = href_of(element)
        if not href:
            return
        source = self.face if href.startswith("#") else self._document(href, document, cost)
        fragment = fragment_of(href)
        target = source.ids.get(fragment) if source and fragment else None
        if source is not None and target is not None:
            cost.text += len("".join(target.itertext()))
            cost.lookups += source.order[target]

    def _markers(
        self, document: Document, element: ElementTree.Element, context: Context, cost: Cost
    ) -> None:
        if not any(context[2:6]) and not self.sheet_references.keys() & _MARKERS:
            return
        common = context[PROPERTIES.index("marker")]
        markers = {}
        for position in ("start", "mid", "end"):
            what = f"marker-{position}"
            own = context[PROPERTIES.index(what)] or common
            candidates = {*self._candidates(what, own), *self._candidates("marker", "")}
            markers[position] = [
                place
                for fragment in sorted(candidates)
                if (place := self._definition("marker", fragment, document))
            ]
        if not any(markers.values()):
            return
        vertices = vertex_count(element)
        # cairosvg draws the end marker alone on a single vertex
        times = {"start": int(vertices > 1), "mid": max(vertices - 2, 0), "end": int(vertices > 0)}
        for position, places in markers.items():
            if not times[position]:
                continue
            drawn = [self._drawn("marker", *place, tag="g", children=True) for place in places]
            if drawn:
                cost.add(max(drawn, key=_weight), times=times[position], built=False)

    def _paint(self, document: Document, fragment: str, cost: Cost) -> None:
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

    def _drawn(
        self,
        kind: str,
        document: Document,
        element: ElementTree.Element,
        tag: str | None = None,
        children: bool = False,
    ) -> Cost:
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


def _weight(cost: Cost) -> tuple[int, ...]:
    return (
        *(cost.elements, cost.text, cost.attributes, cost.pixels, cost.bytes, cost.images),
        *(cost.lookups, cost.matching),
    )
