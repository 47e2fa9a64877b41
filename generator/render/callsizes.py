"""What each of Jinja's filters and each function a template may call (the shapes' paths,
lorem ipsum) makes at most, from the arguments it is given, counted before it runs; a size
argument past :data:`~generator.render.budget.MAX_SIZE`, or a rounding past
:data:`MAX_DIGITS`, is refused outright.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sized
from typing import Any

from jinja2.exceptions import SecurityError
from jinja2.utils import generate_lorem_ipsum

from generator.render.budget import MAX_CHARACTERS, bounded, shown_number
from generator.render.operationsizes import (
    argument,
    checked_percent,
    escaped_scale,
    percent_size,
    replaced_size,
)
from generator.render.shapes import blob_path, gear_path, star_path
from generator.render.valuesize import QUOTED, text_size

MAX_DIGITS = 100
"""The most digits a template may round to (a float has 17)."""


def _size(value: object) -> int:
    """The characters of ``str(value)``, at most (:func:`text_size`, up to the whole budget)."""
    return text_size(value, MAX_CHARACTERS + 1)


def _items(value: object, *args: object, **kwargs: object) -> int:
    """A filter making a list of its value's items."""
    return len(value) if isinstance(value, Sized) else 0


def _number(
    args: tuple[Any, ...], kwargs: Mapping[str, Any], index: int, name: str, default: int = 0
) -> int:
    """A size argument (``width``, ``linecount``...): refused past
    :data:`~generator.render.budget.MAX_SIZE`; ``default`` if missing, 0 if not a whole number
    (the filter refuses that itself)."""
    given = argument(args, kwargs, index, name, default)
    if not isinstance(given, int):
        return 0
    bounded(given)
    return given


def _center(value: object, *args: Any, **kwargs: Any) -> int:
    return max(_size(value), _number(args, kwargs, 0, "width", 80))


def _format(value: object, *args: Any, **kwargs: Any) -> int:
    if not isinstance(value, str):
        return _size(value)
    checked_percent(value)
    return percent_size(value, kwargs or args, MAX_CHARACTERS + 1)


def _indent(value: object, *args: Any, **kwargs: Any) -> int:
    """Every line indented: by a text (``width`` may be one) or by ``width`` spaces."""
    width = argument(args, kwargs, 0, "width", 4)
    step = _size(width) if isinstance(width, str) else _number(args, kwargs, 0, "width", 4)
    lines = value.count("\n") + 1 if isinstance(value, str) else _size(value) + 1
    return _size(value) + lines * step


def _wordwrap(value: object, *args: Any, **kwargs: Any) -> int:
    """A line at least every ``width`` characters, and one at each space at most, each ending
    with ``wrapstring``; wrapping copies what is left of a long word at each cut."""
    size = _size(value)
    width = max(_number(args, kwargs, 0, "width", 79), 1)
    spaces = value.count(" ") if isinstance(value, str) else size
    lines = min(size // width + spaces, size) + 1
    ending = argument(args, kwargs, 2, "wrapstring", None)
    return size + lines * _size(ending or "\n") + size * (size // width)


def _replace(value: object, *args: Any, **kwargs: Any) -> int:
    old, new = argument(args, kwargs, 0, "old", ""), argument(args, kwargs, 1, "new", "")
    count = argument(args, kwargs, 2, "count", None)
    made = replaced_size(value, old, new, -1 if count is None else count, MAX_CHARACTERS)
    return escaped_scale(value) * made


def _truncate(value: object, *args: Any, **kwargs: Any) -> int:
    return _size(value) + _size(argument(args, kwargs, 2, "end", "..."))


def _urlize(value: object, *args: Any, **kwargs: Any) -> int:
    """Each word may become a link showing it twice, escaped, the ``target`` and ``rel``
    added."""
    size = _size(value)
    added = _size(argument(args, kwargs, 2, "target", "") or "")
    added += _size(argument(args, kwargs, 3, "rel", "") or "")
    return QUOTED * size + (size // 2 + 1) * (60 + added)


def _batch(value: object, *args: Any, **kwargs: Any) -> int:
    count = _number(args, kwargs, 0, "linecount")
    filled = argument(args, kwargs, 1, "fill_with", None) is not None
    return _items(value) + (count if filled else 0)


def _slice(value: object, *args: Any, **kwargs: Any) -> int:
    return _items(value) + _number(args, kwargs, 0, "slices")


def few_digits(precision: object) -> bool:
    """Whether rounding to ``precision`` digits is quick: a whole number of at most
    :data:`MAX_DIGITS` either way (a float has 17); ``10 ** precision`` takes 3 ms for 100,000
    digits, each time."""
    return type(precision) is int and -MAX_DIGITS <= precision <= MAX_DIGITS


def _round(value: object, *args: Any, **kwargs: Any) -> int:
    """Nothing made, but ``10 ** precision`` computed: a precision past :data:`MAX_DIGITS`
    refused (:func:`few_digits`; one that is no whole number the filter refuses itself)."""
    precision = args[0] if args and not kwargs else argument(args, kwargs, 0, "precision", 0)
    if isinstance(precision, int) and not few_digits(int(precision)):
        raise SecurityError(
            f"round() to {shown_number(precision)} digits: a template may round to "
            f"{MAX_DIGITS} at most"
        )
    return 0


def _tojson(value: object, *args: Any, **kwargs: Any) -> int:
    indent = argument(args, kwargs, 0, "indent", None)
    step = _size(indent) if isinstance(indent, str) else _number(args, kwargs, 0, "indent")
    return text_size(value, MAX_CHARACTERS + 1, indent=step + 1 if indent is not None else 0)


def _pprint(value: object, *args: Any, **kwargs: Any) -> int:
    return text_size(value, MAX_CHARACTERS + 1, keyed=True)


def _copies(factor: int) -> Callable[..., int]:
    """A filter making at most ``factor`` times the characters of its value."""

    def size(value: object, *args: object, **kwargs: object) -> int:
        return factor * _size(value)

    return size


def _nothing(*args: object, **kwargs: object) -> int:
    return 0


FILTER_SIZES: dict[str, Callable[..., int]] = {
    **dict.fromkeys(
        (
            "abs",
            "attr",
            "count",
            "d",
            "default",
            "filesizeformat",
            "first",
            "float",
            "int",
            "items",
            "last",
            "length",
            "map",
            "max",
            "min",
            "random",
            "reject",
            "rejectattr",
            "select",
            "selectattr",
            "unique",
            "wordcount",
        ),
        _nothing,
    ),
    **dict.fromkeys(("capitalize", "lower", "title", "upper"), _copies(3)),
    **dict.fromkeys(("e", "escape", "forceescape", "xmlattr"), _copies(6)),
    **dict.fromkeys(("safe", "string", "striptags", "trim"), _copies(1)),
    **dict.fromkeys(("dictsort", "groupby", "list", "reverse", "sort"), _items),
    "urlencode": _copies(QUOTED),
    "batch": _batch,
    "center": _center,
    "format": _format,
    "indent": _indent,
    "pprint": _pprint,
    "replace": _replace,
    "round": _round,
    "slice": _slice,
    "tojson": _tojson,
    "truncate": _truncate,
    "urlize": _urlize,
    "wordwrap": _wordwrap,
}
"""At most how many characters (and items) each of Jinja's filters makes, from the arguments
it is given after what Jinja passes first (the environment or evaluation context), by position
or name; an argument the filter refuses is left to it to refuse. ``join`` and ``sum`` read
their items first (:func:`~generator.render.operationsizes.joined_size`, :func:`summed_size`); a
filter not named here (a later Jinja's) is taken to make its value's size."""


def filter_size(name: str) -> Callable[..., int] | None:
    """What filter ``name`` makes of its value and arguments (``None``: nothing)."""
    size = FILTER_SIZES.get(name) or _copies(1)
    return None if size is _nothing else size


def summed_size(items: list[Any], start: object) -> int:
    """The items ``sum`` makes adding lists (or tuples): each sum so far is copied anew."""
    if not isinstance(start, (list, tuple)):
        return 0
    running, total = len(start), 0
    for item in items:
        running += _items(item)
        total += running
    return total


def _lipsum(*args: Any, **kwargs: Any) -> int:
    """Lorem ipsum is ``n`` paragraphs of at most ``max`` words of up to 16 characters."""
    _number(args, kwargs, 2, "min")
    paragraphs, words = _number(args, kwargs, 0, "n", 5), _number(args, kwargs, 3, "max", 100)
    return paragraphs * (words * 16 + 20)


def path_size(count: object, radius: object, numbers: int) -> int:
    """The characters of an SVG path of ``count`` teeth, points or corners at most ``radius``
    from the centre, each written as ``numbers`` numbers (``-12.345``); 0 for arguments the
    shape itself refuses."""
    if not isinstance(count, int) or not isinstance(radius, (int, float)):
        return 0
    bounded(count)
    try:
        widest = len(f"{-abs(float(radius)):.3f}")
    except OverflowError:
        return 0
    return max(count, 0) * numbers * (widest + 3) + 16


def _radius(args: tuple[Any, ...], kwargs: Mapping[str, Any], *at: tuple[int, str]) -> object:
    """The largest of the radii at ``at`` (position, name), or one that is not a number (the
    shape refuses it)."""
    radii = [argument(args, kwargs, index, name, 0) for index, name in at]
    if all(isinstance(r, (int, float)) for r in radii):
        return max(abs(r) for r in radii)
    return next(r for r in radii if not isinstance(r, (int, float)))


def _gear(*args: Any, **kwargs: Any) -> int:
    """Four points of two numbers a tooth."""
    radius = _radius(args, kwargs, (1, "outer"), (2, "root"))
    return path_size(argument(args, kwargs, 0, "teeth", 0), radius, 8)


def _star(*args: Any, **kwargs: Any) -> int:
    """Two corners of two numbers a point."""
    radius = _radius(args, kwargs, (1, "outer"), (2, "inner"))
    return path_size(argument(args, kwargs, 0, "points", 0), radius, 4)


def _blob(*args: Any, **kwargs: Any) -> int:
    """A corner reaches out at most twice the radius (``roughness`` is below 1); a smooth
    spot writes four numbers a corner."""
    radius = _radius(args, kwargs, (0, "radius"))
    reach = 2 * radius if isinstance(radius, (int, float)) else radius
    return path_size(argument(args, kwargs, 3, "corners", 9), reach, 4)


CALL_SIZES: dict[Callable[..., Any], tuple[str, Callable[..., int]]] = {
    gear_path: ("gear_path()", _gear),
    star_path: ("star_path()", _star),
    blob_path: ("blob_path()", _blob),
    generate_lorem_ipsum: ("lipsum()", _lipsum),
}
"""At most how many characters the functions a template may call make, from their arguments
(the shapes' paths, lorem ipsum), with the name a template calls each by: counted before they
run."""


def call_size(
    function: object, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[str, int] | None:
    """What calling ``function`` makes, and its name, if it is one of :data:`CALL_SIZES`;
    ``None`` for any other."""
    for known, (name, size) in CALL_SIZES.items():
        if known is function:
            return name, size(*args, **kwargs)
    return None
