"""cairosvg's work for every element, made cheaper with the same results.

cairosvg reads the same few strings again for every element it draws: the dash array, the
mask, filter and clip path (mostly absent), the transform, the colours, each through regular
expressions or ``urlparse``; and it deep-copies its text cursor around every element. These
are pure functions of their strings: :func:`install` puts memoized ones where cairosvg's
modules look them up, and a copy of the cursor that knows its shape (lists and tuples of
numbers), which together take a seventh of drawing a face. Installed once, by the first
surface of :mod:`~generator.render.textrun`; every cairosvg surface then uses them, which
draws what it drew.
"""

from __future__ import annotations

import copy
import functools
import types
from typing import Any

import cairosvg.bounding_box
import cairosvg.colors
import cairosvg.helpers
import cairosvg.path
import cairosvg.shapes
import cairosvg.surface
import cairosvg.text
import cairosvg.url

KEPT = 1024
"""The strings each memoized reading keeps (a face reads a few hundred)."""
NORMALIZING = (
    cairosvg.bounding_box,
    cairosvg.helpers,
    cairosvg.path,
    cairosvg.shapes,
    cairosvg.surface,
    cairosvg.text,
)
"""The modules that look ``normalize`` up by name."""
NUMBERS = (int, float)


@functools.cache
def install() -> None:
    """Put the cheaper readings where cairosvg looks them up, once."""
    normalize = functools.lru_cache(maxsize=KEPT)(cairosvg.helpers.normalize)
    for module in NORMALIZING:
        module.normalize = normalize
    cairosvg.surface.parse_url = _parse_url
    cairosvg.surface.color = functools.lru_cache(maxsize=KEPT)(cairosvg.colors.color)
    cairosvg.surface.copy = types.SimpleNamespace(deepcopy=_copied)


_parsed_url = functools.lru_cache(maxsize=KEPT)(cairosvg.url.parse_url)


def _parse_url(url: Any, base: Any = None) -> Any:
    """cairosvg's ``parse_url``; memoized for a string alone (with a base, it looks at the
    files there)."""
    if base is None and (url is None or type(url) is str):
        return _parsed_url(url)
    return cairosvg.url.parse_url(url, base)


def _copied(value: Any) -> Any:
    """A deep copy of cairosvg's text cursor (lists and tuples of numbers) without
    :func:`copy.deepcopy`'s bookkeeping; anything else by it."""
    kind = type(value)
    if kind in NUMBERS:
        return value
    if kind is list or kind is tuple:
        return kind(_copied(item) for item in value)
    return copy.deepcopy(value)
