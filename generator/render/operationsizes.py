"""What a template's operations on texts and lists make at most, worked out from their
operands before they run: operators (``+``, ``*``, ``%``), slices, string methods,
``str.format`` and joining. A size past :data:`~generator.render.budget.MAX_SIZE` is
refused outright; the rest is counted on the face's budget (:mod:`~generator.render.sandbox`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from generator.render.budget import MAX_CHARACTERS, bounded
from generator.render.valuesize import text_size

_DIGITS = re.compile(r"\d+")


def _numbers(text: str) -> list[int]:
    """The whole numbers written in ``text`` (a run of more than 18 digits by its first 19)."""
    return [int(run[:19]) for run in _DIGITS.findall(text)]


def checked_percent(text: str) -> None:
    """``text % ...`` may not name a width or precision past
    :data:`~generator.render.budget.MAX_SIZE`."""
    bounded(*_numbers(text))


def percent_size(text: str, values: object, limit: int) -> int:
    """At most how many characters ``text % values`` has: every conversion padded to the
    largest number written in it, and showing the widest of the values (``*`` takes a width
    from the values)."""
    if isinstance(values, tuple):
        given: tuple[object, ...] = values
    elif isinstance(values, Mapping):
        given = tuple(values.values())
    else:
        given = (values,)
    return _fields_size(len(text), text.count("%"), sum(_numbers(text)), given, limit, "*" in text)


def _fields_size(
    literal: int, fields: int, widths: int, values: tuple[object, ...], limit: int, star: bool
) -> int:
    """The characters of a format with ``literal`` characters of its own and ``fields``
    fields whose written widths and precisions add up to ``widths``, each showing one of
    ``values`` (a number in ``values`` may be a width when ``star``)."""
    widest = max((text_size((value,), limit) for value in values), default=0)
    stars = max((abs(v) for v in values if isinstance(v, int)), default=0) if star else 0
    return literal + widths + fields * (widest + stars + 330)


def format_size(text: str, args: tuple[object, ...], kwargs: Mapping[str, object]) -> int:
    """At most how many characters ``text.format(*args, **kwargs)`` has (a field's spec may
    take its width from the arguments: ``{:{}}``)."""
    fields, widths, nested, literal = 0, 0, False, 0
    for before, name, spec, _ in string.Formatter().parse(text):
        literal += len(before)
        if name is not None:
            fields += 1
            widths += sum(_numbers(spec or ""))
            nested = nested or "{" in (spec or "")
    values = (*args, *kwargs.values())
    return _fields_size(literal, fields, widths, values, MAX_CHARACTERS + 1, nested)


_READS = frozenset(
    (
        "count",
        "endswith",
        "find",
        "index",
        "isalnum",
        "isalpha",
        "isascii",
        "isdecimal",
        "isdigit",
        "isidentifier",
        "islower",
        "isnumeric",
        "isprintable",
        "isspace",
        "istitle",
        "isupper",
        "rfind",
        "rindex",
        "startswith",
    )
)
"""String methods that make nothing of a string's size (a number, a truth)."""
_CASES = frozenset(("capitalize", "casefold", "lower", "swapcase", "title", "upper"))
"""String methods whose result may be three times the string (``'ﬃ'.upper()``)."""
_SPLITS = frozenset(("split", "rsplit", "splitlines", "partition", "rpartition"))
_WIDTHS = frozenset(("center", "ljust", "rjust", "zfill"))


def string_method_size(
    text: str | bytes, name: str, args: tuple[Any, ...], kwargs: Mapping[str, Any], limit: int
) -> int:
    """At most how many characters (and items) ``text.name(*args, **kwargs)`` makes; a method
    makes about the string's size unless known to make more. A width (``center``, ``ljust``,
    ``rjust``, ``zfill``) or tab size (``expandtabs``) past
    :data:`~generator.render.budget.MAX_SIZE` is refused; a number that makes nothing larger
    (``replace``'s count, ``split``'s) is not."""
    length = len(text)
    if name in _READS:
        return 0
    if name in _WIDTHS:
        width = argument(args, kwargs, 0, "width", 0)
        bounded(width)
        return max(length, width if isinstance(width, int) else 0)
    if name == "expandtabs":
        tab = argument(args, kwargs, 0, "tabsize", 8)
        bounded(tab)
        tabs = text.count("\t" if isinstance(text, str) else b"\t")  # type: ignore[arg-type]
        return length + tabs * max(tab if isinstance(tab, int) else 0, 0)
    if name == "replace":  # markup escapes what it puts in: up to five times its length
        old, new = argument(args, kwargs, 0, "old", ""), argument(args, kwargs, 1, "new", "")
        count = argument(args, kwargs, 2, "count", -1)
        return escaped_scale(text) * replaced_size(text, old, new, count, limit)
    if name == "translate":
        table = argument(args, kwargs, 0, "table", None)
        widest = (
            max((text_size(v, limit) for v in table.values()), default=1)
            if isinstance(table, Mapping)
            else 1
        )
        return length * max(widest, 1)
    if name in _CASES:
        return 3 * length
    if name in _SPLITS:
        return 2 * length + 2
    if name in ("encode", "decode", "hex"):
        return 4 * length
    return length + sum(text_size(arg, limit) for arg in (*args, *kwargs.values()))


def argument(
    args: tuple[Any, ...], kwargs: Mapping[str, Any], index: int, name: str, default: Any
) -> Any:
    """Argument ``index`` (named ``name``) of a call, or ``default``."""
    return args[index] if len(args) > index else kwargs.get(name, default)


def replaced_size(text: object, old: object, new: object, count: object, limit: int) -> int:
    """At most how many characters ``text.replace(old, new, count)`` has."""
    if not isinstance(text, (str, bytes)) or type(old) is not type(new):
        return text_size(text, limit) + text_size(new, limit)
    assert isinstance(old, (str, bytes)) and isinstance(new, (str, bytes))
    found = text.count(old) if old else len(text) + 1  # type: ignore[arg-type]
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(len(new) - len(old), 0)


def escaped_scale(value: object) -> int:
    """How many times its size markup may make of what it is given (escaping ``&`` as
    ``&amp;``): 5 for markup, else 1."""
    return 5 if isinstance(value, Markup) else 1


def joined_size(items: list[Any], separator: object, limit: int) -> int:
    """At most how many characters joining ``items`` with ``separator`` makes (each item
    shown as ``str`` shows it, escaped if the result is markup)."""
    scale = 5 if any(hasattr(item, "__html__") for item in (*items, separator)) else 1
    total = max(len(items) - 1, 0) * text_size(separator, limit)
    for item in items:
        if total > limit:
            break
        total += text_size(item, limit - total)
    return scale * total


def operator_size(operator: str, left: Any, right: Any, room: int) -> int:
    """At most how many characters (or items) ``left <operator> right`` makes: ``+`` both
    sides, ``*`` the sequence repeated, ``%`` the formatted text (a width or precision past
    :data:`~generator.render.budget.MAX_SIZE`, or a repetition past it, refused outright).
    Markup escapes the other side: up to five times its length."""
    sequences = (str, bytes, list, tuple)
    scale = max(escaped_scale(left), escaped_scale(right))
    if operator == "*":
        for sequence, times in ((left, right), (right, left)):
            if isinstance(sequence, sequences) and isinstance(times, int):
                bounded(len(sequence) * times)
                return max(len(sequence) * times, 0)
    if operator == "%" and isinstance(left, (str, bytes)):
        text = left if isinstance(left, str) else left.decode("latin-1")
        checked_percent(text)
        return scale * percent_size(text, right, room)
    if operator == "+" and isinstance(left, sequences) and isinstance(right, sequences):
        return scale * (len(left) + len(right))
    return 0


def sliced_size(obj: Any, part: slice) -> int:
    """How many items (characters) ``obj[part]`` copies; 0 where slicing it fails anyway."""
    try:
        return len(range(*part.indices(len(obj))))
    except (TypeError, ValueError):
        return 0


def paragraphs_size(paragraphs: list[Any], limit: int) -> int:
    """The characters of ``paragraphs`` joined by line breaks (what ``text(...)`` fits), read
    before they are joined; past ``limit``, ``limit + 1``. What is not a text joins to
    nothing (joining fails on it)."""
    total = max(len(paragraphs) - 1, 0)
    for paragraph in paragraphs:
        if isinstance(paragraph, str):
            total += len(paragraph)
            if total > limit:
                return limit + 1
    return total
