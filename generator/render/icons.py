"""A game's icons (``icons/NAME.svg.j2``, :mod:`generator.load.icons`), rendered to be drawn
inside its texts (:mod:`~generator.render.inline`).

An icon file is a template like any other, and may come from a stranger: the loader reads it
with a template's limits (no link out of the template folders, a template's size, the count of
a game's templates), and it renders in the sandbox with the game's ``palette`` (colours are
named once per game), once per renderer, on a budget of its own, like an imported template's
top level (:meth:`~generator.render.budget.Budget.top_level`): so every face that draws it
pays only for the characters it copies, whichever face drew it first. What it renders must be
one ``<svg>`` element with a ``viewBox`` (whose shape gives the icon's width), of at most
:data:`MAX_ICON_CHARACTERS`, naming no file (an icon draws itself: no ``href``, ``url()`` or
``@import`` of anything but its own parts), its drawing plain SVG elements (no ``xlink:`` or
other prefixes, which the face it is copied into would not declare).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import jinja2

from generator.load.icons import FOLDER, SUFFIX, game_icons
from generator.problems import Problem, clipped
from generator.render.budget import Budget
from generator.render.references import named_files
from generator.render.sandbox import Sandbox
from generator.runtime.folders import Templates, shown

MAX_ICON_CHARACTERS = 20_000
"""The longest SVG an icon may render to (a shipped one is under 1,500 characters): it is
copied into a face each time a text draws it."""
_SVG = re.compile(r"\s*<svg\b([^>]*)>(.*)</svg>\s*", re.DOTALL)
_NAMESPACE = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class Icon:
    """An icon as a text draws it: its drawing (the SVG inside its ``<svg>``) and its
    ``viewBox`` (min-x, min-y, width, height)."""

    drawing: str
    box: tuple[float, float, float, float]

    @property
    def aspect(self) -> float:
        """How many times as wide as tall the icon is drawn."""
        return self.box[2] / self.box[3]


class IconError(Exception):
    """An icon file that cannot be drawn: what is wrong, at its line (0 for none)."""

    def __init__(self, what: str, line: int = 0) -> None:
        super().__init__(what)
        self.what, self.line = what, line


class Icons:
    """The icons of one game, each rendered the first time a text draws it (or its problem)."""

    def __init__(self, templates: Templates, sandbox: Sandbox, palette: Any) -> None:
        self.templates = templates
        self.sandbox = sandbox
        self.palette = palette
        self._files: dict[str, Path] | None = None
        self._drawn: dict[str, Icon | Problem] = {}

    @property
    def files(self) -> dict[str, Path]:
        """The game's icon files, by name (looked for once)."""
        if self._files is None:
            self._files = game_icons(self.templates)
        return self._files

    def icon(self, name: str) -> Icon | Problem:
        """The icon ``name`` (one of :attr:`files`) drawn, or the problem of its file."""
        if name not in self._drawn:
            try:
                self._drawn[name] = self._render(name)
            except IconError as error:
                path = shown(self.files[name], self.templates)
                what = error.what.removeprefix(f"{path}: ").removeprefix(f"{path} ")
                self._drawn[name] = Problem(path, error.line, "icon", what)
        return self._drawn[name]

    def _render(self, name: str) -> Icon:
        budget = Budget.top_level(f"the icon {name!r}", "per icon")
        try:
            with self.sandbox.spending(budget):
                template = self.sandbox.get_template(f"{FOLDER}/{name}{SUFFIX}")
                svg = _bounded(template.generate(palette=self.palette))
        except IconError:
            raise
        except jinja2.TemplateSyntaxError as error:
            raise IconError(clipped(error.message or str(error), 300), error.lineno) from None
        except Exception as error:  # a stranger's template: its failures are its own
            message = error.message if isinstance(error, jinja2.TemplateError) else None
            raise IconError(clipped(message or f"{type(error).__name__}: {error}", 300)) from None
        return _icon(svg)


def _bounded(chunks: Any) -> str:
    """The icon's SVG, stopped once it passes :data:`MAX_ICON_CHARACTERS`."""
    made: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > MAX_ICON_CHARACTERS:
            raise IconError(
                f"renders more than {MAX_ICON_CHARACTERS:,} characters of SVG: an icon is "
                "copied into every text that draws it, and may render "
                f"{MAX_ICON_CHARACTERS:,}"
            )
        made.append(chunk)
    return "".join(made)


def _icon(svg: str) -> Icon:
    """The icon an icon file rendered to, checked (see the module)."""
    if "<!ENTITY" in svg:
        raise IconError("declares XML entities (<!ENTITY>): cairosvg reads none")
    if named := named_files(svg):
        raise IconError(
            f"names a file ({clipped(named[0])}): an icon draws itself, and may name no file"
        )
    found = _SVG.fullmatch(svg)
    try:
        root = ElementTree.fromstring(svg)
        ElementTree.fromstring(f'<g xmlns="{_NAMESPACE}">{found[2] if found else ""}</g>')
    except ElementTree.ParseError as error:
        raise IconError(f"the rendered SVG is not valid XML: {error}") from None
    box = _view_box(root.get("viewBox", ""))
    if found is None or root.tag != f"{{{_NAMESPACE}}}svg" or box is None:
        raise IconError(
            "an icon is one <svg> element with a viewBox of four numbers, its width and "
            'height above 0 (<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">)'
        )
    return Icon(found[2], box)


def _view_box(value: str) -> tuple[float, float, float, float] | None:
    """The four numbers of a ``viewBox``, or ``None`` when they are not four finite numbers
    of a box with room in it."""
    try:
        numbers = tuple(float(part) for part in value.replace(",", " ").split())
    except ValueError:
        return None
    if len(numbers) != 4 or not all(map(math.isfinite, numbers)) or min(numbers[2:]) <= 0:
        return None
    return numbers[0], numbers[1], numbers[2], numbers[3]
