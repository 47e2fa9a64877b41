"""What one card face's template may cost: a budget per rendered face.

Templates may come from strangers (an expansion's ``templates/`` folder). Jinja's sandbox keeps
a template away from Python's internals, not from the machine's time and memory: two nested
loops of 10,000 rounds, ``'x'|center(3000000000)``, a string doubled in a loop, a macro calling
itself twice per call, each ran for minutes. So every face renders on a :class:`Budget` of

- **steps**: each loop round, each call (of a function, method, macro, filter or test), each
  template included, and each item or character a comparison, a filter or a call reads (``x in
  list`` reads the list, ``text(...)`` every character it measures while fitting); and
- **characters**: each character (and list item) the template makes, counted *before* it is
  made, as much as the operation can make at most (``'x'|center(n)`` makes ``n``): the
  operation that would pass the budget never starts, so neither time nor memory runs away.

Both are counts, never times: the same build makes the same output and reaches the same verdict
on every machine, however busy. Template code that runs once per process (compiling, which
folds constants, and the top of a template others import, which Jinja keeps) runs on a small
budget of its own (:meth:`Budget.top_level`), so a face's count does not depend on which face
came first in its process, and a game's templates (at most
:data:`~generator.render.loader.MAX_TEMPLATES` of them) cannot spend more than about twenty
faces' worth before any face is drawn.

The limits are about twenty times what a shipped face takes, measured over every face of
every game in every language (``pnp build --no-cache``, with the rulebook pictures and the
handouts), and in the pseudo-locale ``qps``, whose texts run 40 % longer: the most steps were
:data:`SHIPPED_STEPS` (a Game of Trains wagon in ``qps``; 35,314 in Russian), the most
characters :data:`SHIPPED_CHARACTERS` (a 3x3 chess task card, counting what ``text(...)``
joins and draws); no face made more than 51 calls or 543 loop rounds, and no shipped template
is larger than 1,462 nodes (its code's steps, :func:`code_size`). A step is weighed as about the
time of a loop round (a node of template code, a character measured, an item read; a call is
:data:`CALL_STEPS` of them): at the limits a face stops within a second, in well under 100 MB.

This module is the budget and the cost model (what each operation reads and makes, from its
arguments); :mod:`~generator.render.sandbox` is where templates spend it.
"""

from __future__ import annotations

import math
import operator
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sized, ValuesView
from collections.abc import Set as AbstractSet
from typing import Any, TypeVar

from jinja2 import nodes
from jinja2.exceptions import SecurityError
from jinja2.utils import Namespace, generate_lorem_ipsum
from markupsafe import Markup

from generator.load.yaml_reader import MAX_INT_DIGITS
from generator.problems import clipped
from generator.render.shapes import blob_path, gear_path, star_path

SHIPPED_STEPS = 35_450
"""The most steps a shipped face takes (measured, see the module's docstring)."""
SHIPPED_CHARACTERS = 66_800
"""The most characters a shipped face makes (measured, see the module's docstring)."""
MAX_STEPS = 750_000
"""The steps a face may take: 21.2 times :data:`SHIPPED_STEPS`."""
MAX_CHARACTERS = 1_300_000
"""The characters (and list items) a face may make: 19.5 times :data:`SHIPPED_CHARACTERS`."""
SHIPPED_TOP_LEVEL_STEPS = 1_757
"""The most steps the top level of a shipped template others import takes (an icon sheet,
Gear & Piston's, which only defines macros; Game of Trains' takes 1,646). Compiling a shipped
template folds constants worth no step at all."""
TOP_LEVEL_STEPS = 36_000
"""The steps compiling a template, or making the names of one that is imported, may take:
20.5 times :data:`SHIPPED_TOP_LEVEL_STEPS`, about a twentieth of a face's."""
TOP_LEVEL_CHARACTERS = 65_000
"""The characters compiling a template, or making an imported one's names, may make (no
shipped template makes any there): a twentieth of a face's."""
CALL_STEPS = 20
"""The steps of a call (of a macro, function or method): the time of 20 loop rounds."""
FILTER_STEPS = 4
"""The steps of a filter or a test, which Jinja calls directly: the time of 4 loop rounds."""
TEXT_STEPS = 100
"""The steps ``text(...)`` takes besides the characters it measures (finding its font and its
template line, placing its box): the time of 100 loop rounds."""
MAX_SIZE = 100_000
"""The longest string or list a template may make by repeating (``"x" * n``, ``"x".ljust(n)``),
and the largest number it may pass to a string method or a filter as a size."""
MAX_DIGITS = 100
"""The most digits a template may round to (a float has 17)."""
MAX_BITS: int = (10**MAX_INT_DIGITS).bit_length()
"""The largest whole number a template may compute, in bits (Python would compute larger ones,
ever more slowly: a number doubled in a loop): 4,096, enough for every number card data may
hold (:data:`generator.load.yaml_reader.MAX_INT_DIGITS`). A number written in a template and every
call's, filter's and operator's result are checked. What the compiled code works out without
the sandbox (a number written in the template added, subtracted or divided by, a fraction
multiplied by) adds a bit to a number at most, or makes a fraction: so no whole number a
template computes is much larger, and every operation on one is quick."""
QUOTED = 12
"""The most characters one character of a text inside a structure prints as: ``repr`` writes
``\\U0001f600`` (10), JSON two ``\\ud83d`` escapes (12)."""
OTHER = 200
"""What an object that is not a plain value prints as at most (``<Macro 'x'>``, a geometry)."""
STEPS = (
    f"the face takes more than {MAX_STEPS:,} steps (loop rounds, calls, items read): "
    f"a template may take {MAX_STEPS:,} per face"
)
"""Where a face's steps run out."""

T = TypeVar("T")
NUMBERS = frozenset({int, float, bool, type(None)})
"""The types of the plain values (numbers, truths, ``None``): read in a step, printed in a few
characters, holding nothing XML must escape. Not their subclasses (a class whose ``str`` or
``*`` does something else)."""


class Budget:
    """What one face (or one template's top level, :meth:`top_level`) has spent so far; each
    count raises Jinja's ``SecurityError`` (reported at the template's line) once past its
    limit."""

    __slots__ = ("characters", "max_characters", "max_steps", "per", "steps", "subject")

    def __init__(
        self,
        steps: int = MAX_STEPS,
        characters: int = MAX_CHARACTERS,
        subject: str = "the face",
        per: str = "per face",
    ) -> None:
        self.steps = 0
        self.characters = 0
        self.max_steps = steps
        self.max_characters = characters
        self.subject = subject
        """What spends the budget, as a message names it (``the face``)."""
        self.per = per
        """Where its limits apply, as a message says it (``per face``)."""

    @classmethod
    def top_level(cls, subject: str, per: str) -> Budget:
        """A budget of :data:`TOP_LEVEL_STEPS` and :data:`TOP_LEVEL_CHARACTERS` for template
        code that runs once per process, whichever face needs it first: compiling (which
        folds constant expressions) or making an imported template's names. Each gets a fresh
        one, so that a face's verdict never depends on which face came first in its process;
        a small one, as a process runs such code for every template it loads (up to
        :data:`~generator.render.loader.MAX_TEMPLATES`): compiling and importing all of them
        costs about twenty faces' worth of steps at most, once per process."""
        return cls(TOP_LEVEL_STEPS, TOP_LEVEL_CHARACTERS, subject, per)

    def step(self, count: int = 1) -> None:
        self.steps += count
        if self.steps > self.max_steps:
            raise SecurityError(self.out_of_steps())

    def out_of_steps(self) -> str:
        """What a template is told when the steps run out (:data:`STEPS` for a face)."""
        return (
            f"{self.subject} takes more than {self.max_steps:,} steps (loop rounds, calls, "
            f"items read): a template may take {self.max_steps:,} {self.per}"
        )

    def read(self, *values: object) -> None:
        """Steps for reading every part of ``values`` (comparing, hashing, sorting them)."""
        for value in values:
            kind = type(value)
            if kind in NUMBERS:
                self.steps += 1
            elif kind is str:
                self.steps += len(value) + 1  # type: ignore[arg-type]
            else:
                self.steps += weight(value, self.max_steps - self.steps)
        if self.steps > self.max_steps:
            raise SecurityError(self.out_of_steps())

    @property
    def room(self) -> int:
        """The characters still to be made."""
        return self.max_characters - self.characters

    def make(self, count: int, what: str) -> None:
        """Count ``count`` characters ``what`` is about to make, refusing before it does (an
        estimate below 0, from a negative width, makes nothing: it never gives any back)."""
        count = max(count, 0)
        if count > self.room:
            raise SecurityError(
                f"{what} would make more characters than {self.subject} has left: a template "
                f"may make {self.max_characters:,} {self.per}"
            )
        self.characters += count


def counted(iterable: Iterable[T], budget: Budget, steps: int = 1) -> Iterator[T]:
    """``iterable``, ``steps`` per item: a loop's rounds, the items a filter's output yields."""
    step = budget.step
    for item in iterable:
        step(steps)
        yield item


def bounded(*values: object) -> None:
    """Numbers a template passes to string making as sizes must stay below :data:`MAX_SIZE`."""
    for value in values:
        if isinstance(value, int) and abs(value) > MAX_SIZE:
            raise SecurityError(f"{shown_number(value)} is larger than a template may use")


def shown_number(value: int) -> str:
    """``value`` as a message shows it: one past 64 bits by its size (its digits would fill
    the message; Python would not even write one of 4,300 digits)."""
    if value.bit_length() <= 64:
        return str(value)
    return f"a number of {value.bit_length():,} bits"


def huge_power(base: object, exponent: object) -> bool:
    """Whole-number powers of more than :data:`MAX_BITS` bits."""
    if not (isinstance(base, int) and isinstance(exponent, int)) or abs(base) < 2:
        return False
    return exponent * math.log2(abs(base)) > MAX_BITS


def too_large(value: object) -> bool:
    """Whether ``value`` is a whole number past :data:`MAX_BITS` bits."""
    return isinstance(value, int) and value.bit_length() > MAX_BITS


def too_large_to_use(value: object) -> bool:
    """Whether ``value`` is a whole number no template computed (the card data's, say) too
    large to compute with: past the bit that adding a written number may add to
    :data:`MAX_BITS`. Multiplying or dividing two of them would take ever longer."""
    return type(value) is int and value.bit_length() > MAX_BITS + 1


def too_large_message(left: object, operator: str, right: object) -> str:
    """What a template is told of an operation whose number would be too large."""
    shown = [shown_number(v) if isinstance(v, int) else clipped(str(v)) for v in (left, right)]
    return f"{shown[0]} {operator} {shown[1]} is too large"


_LEAVES = frozenset({int, float, bool, type(None), str, Markup, bytes})
"""The types of values holding no other values (reading them never reaches further)."""
_STRUCTURES = (list, tuple, Mapping, AbstractSet, ValuesView, Namespace)


def _structure(value: object) -> bool:
    """Whether ``value`` holds other values a reading or printing reaches."""
    kind = type(value)
    if kind in _LEAVES:
        return False
    return kind in (list, tuple, dict) or isinstance(value, _STRUCTURES)


def weight(value: object, limit: int) -> int:
    """The items and characters reading all of ``value`` reads (comparing, hashing, sorting
    it): a part reached twice counts twice, as a comparison reads it twice (see :func:`_fold`,
    which counts a list holding the same list 100,000 times by reading that list once).
    Past ``limit``, ``limit + 1``."""
    if type(value) in _LEAVES or not _structure(value):
        return _weighed(value)
    if type(value) in (list, tuple):  # most are a few numbers or texts: counted at once
        total = 1
        for item in value:  # type: ignore[attr-defined]
            kind = type(item)
            if kind is str:
                total += len(item) + 1
            elif kind in NUMBERS:
                total += 1
            else:
                return _fold(value, limit, _weighed, 1, 0, 0, False)
        return total
    return _fold(value, limit, _weighed, 1, 0, 0, False)


def _weighed(value: object) -> int:
    """The weight of a value holding no other values: a text by its length."""
    if isinstance(value, (str, bytes, range)):
        return len(value) + 1
    return 1


def text_size(value: object, limit: int, indent: int = 0, keyed: bool = False) -> int:
    """At most how many characters ``str(value)`` has. With ``indent``, a form with each item
    on a line of its own, ``indent`` further in per level (JSON's ``indent``); with ``keyed``,
    ``pprint``'s, one further in per level and a mapping's values by the width of their key
    too. A text inside a structure is quoted and escaped (:data:`QUOTED`). Past ``limit``,
    ``limit + 1``."""
    if isinstance(value, str):
        return len(value)
    if not _structure(value):
        return _shown(value)
    return _fold(value, limit, _shown, 2, 2, indent + keyed, keyed)


def _shown(value: object) -> int:
    """At most how many characters a value holding no other values prints as, quoted."""
    if isinstance(value, str):
        return QUOTED * len(value) + 10
    if isinstance(value, bytes):
        return 4 * len(value) + 3
    if isinstance(value, bool) or value is None:
        return 5
    if isinstance(value, int):
        return value.bit_length() // 3 + 2
    return 24 if isinstance(value, float) else OTHER


def _parts(value: object) -> Iterable[tuple[object, object]]:
    """What a mapping or namespace holds, each with the key it stands under (a mapping's
    values), or ``None``."""
    if isinstance(value, Namespace):
        return [(object.__getattribute__(value, "_Namespace__attrs"), None)]
    assert isinstance(value, Mapping)
    return [part for key, item in value.items() for part in ((key, None), (item, key))]


def _fold(
    value: object,
    limit: int,
    leaf: Callable[[object], int],
    own: int,
    between: int,
    indent: int,
    keyed: bool,
) -> int:
    """The size of a structure: ``own`` for each structure, ``leaf`` for each value holding no
    other, ``between`` for each part, and with ``indent``, a line for each part, indented
    ``indent`` more per level (and, ``keyed``, by its key's size more). Each structure is
    measured once however often it is held (a list of one list held 100,000 times takes two
    small steps, not ten billion), as a size and a number of lines (a part's indentation adds
    its margin once per line); a structure holding itself is past ``limit``, as is any part
    measured past it."""
    known: dict[int, tuple[int, int]] = {}
    entered: set[int] = set()
    stack: list[tuple[object, bool]] = [(value, False)]
    while stack:
        item, leaving = stack.pop()
        sequence = not isinstance(item, (Mapping, Namespace))
        if not leaving:
            if id(item) not in entered:
                entered.add(id(item))
                stack.append((item, True))
                held = item if sequence else (part for part, _ in _parts(item))
                stack.extend((part, False) for part in held if _structure(part))  # type: ignore[attr-defined]
            continue
        size, lines = own, 1
        parts = ((part, None) for part in item) if sequence else _parts(item)  # type: ignore[attr-defined]
        for part, key in parts:
            if type(part) in _LEAVES or not _structure(part):
                part_size, part_lines = leaf(part), 1
            elif id(part) in known:
                part_size, part_lines = known[id(part)]
            else:
                return limit + 1  # still being measured: it holds itself
            margin = indent + (_key_width(key, known, leaf) if keyed and key is not None else 0)
            size += part_size + between + margin * part_lines
            lines += part_lines
            if size > limit:
                return limit + 1
        known[id(item)] = (size, lines)
    return known[id(value)][0]


def _key_width(
    key: object, known: dict[int, tuple[int, int]], leaf: Callable[[object], int]
) -> int:
    """How far ``pprint`` indents the lines of a value under ``key``: the key's width."""
    return (known[id(key)][0] if id(key) in known else leaf(key)) + 2


_DIGITS = re.compile(r"\d+")


def _numbers(text: str) -> list[int]:
    """The whole numbers written in ``text`` (a run of more than 18 digits by its first 19)."""
    return [int(run[:19]) for run in _DIGITS.findall(text)]


def checked_percent(text: str) -> None:
    """``text % ...`` may not name a width or precision past :data:`MAX_SIZE`."""
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
    ``rjust``, ``zfill``) or tab size (``expandtabs``) past :data:`MAX_SIZE` is refused; a
    number that makes nothing larger (``replace``'s count, ``split``'s) is not."""
    length = len(text)
    if name in _READS:
        return 0
    if name in _WIDTHS:
        width = _given(args, kwargs, 0, "width", 0)
        bounded(width)
        return max(length, width if isinstance(width, int) else 0)
    if name == "expandtabs":
        tab = _given(args, kwargs, 0, "tabsize", 8)
        bounded(tab)
        tabs = text.count("\t" if isinstance(text, str) else b"\t")  # type: ignore[arg-type]
        return length + tabs * max(tab if isinstance(tab, int) else 0, 0)
    if name == "replace":  # markup escapes what it puts in: up to five times its length
        old, new = _given(args, kwargs, 0, "old", ""), _given(args, kwargs, 1, "new", "")
        count = _given(args, kwargs, 2, "count", -1)
        return escaped_scale(text) * replaced_size(text, old, new, count, limit)
    if name == "translate":
        table = _given(args, kwargs, 0, "table", None)
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


def _given(
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


def _size(value: object) -> int:
    """The characters of ``str(value)``, at most (:func:`text_size`, up to the whole budget)."""
    return text_size(value, MAX_CHARACTERS + 1)


def _items(value: object, *args: object, **kwargs: object) -> int:
    """A filter making a list of its value's items."""
    return len(value) if isinstance(value, Sized) else 0


def _number(
    args: tuple[Any, ...], kwargs: Mapping[str, Any], index: int, name: str, default: int = 0
) -> int:
    """A size argument (``width``, ``linecount``...): refused past :data:`MAX_SIZE`;
    ``default`` if missing, 0 if not a whole number (the filter refuses that itself)."""
    given = _given(args, kwargs, index, name, default)
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
    width = _given(args, kwargs, 0, "width", 4)
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
    ending = _given(args, kwargs, 2, "wrapstring", None)
    return size + lines * _size(ending or "\n") + size * (size // width)


def _replace(value: object, *args: Any, **kwargs: Any) -> int:
    old, new = _given(args, kwargs, 0, "old", ""), _given(args, kwargs, 1, "new", "")
    count = _given(args, kwargs, 2, "count", None)
    made = replaced_size(value, old, new, -1 if count is None else count, MAX_CHARACTERS)
    return escaped_scale(value) * made


def escaped_scale(value: object) -> int:
    """How many times its size markup may make of what it is given (escaping ``&`` as
    ``&amp;``): 5 for markup, else 1."""
    return 5 if isinstance(value, Markup) else 1


def _truncate(value: object, *args: Any, **kwargs: Any) -> int:
    return _size(value) + _size(_given(args, kwargs, 2, "end", "..."))


def _urlize(value: object, *args: Any, **kwargs: Any) -> int:
    """Each word may become a link showing it twice, escaped, the ``target`` and ``rel``
    added."""
    size = _size(value)
    added = _size(_given(args, kwargs, 2, "target", "") or "")
    added += _size(_given(args, kwargs, 3, "rel", "") or "")
    return QUOTED * size + (size // 2 + 1) * (60 + added)


def _batch(value: object, *args: Any, **kwargs: Any) -> int:
    count = _number(args, kwargs, 0, "linecount")
    filled = _given(args, kwargs, 1, "fill_with", None) is not None
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
    precision = args[0] if args and not kwargs else _given(args, kwargs, 0, "precision", 0)
    if isinstance(precision, int) and not few_digits(int(precision)):
        raise SecurityError(
            f"round() to {shown_number(precision)} digits: a template may round to "
            f"{MAX_DIGITS} at most"
        )
    return 0


def _tojson(value: object, *args: Any, **kwargs: Any) -> int:
    indent = _given(args, kwargs, 0, "indent", None)
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
their items first (:func:`joined_size`, :func:`summed_size`); a filter not named here (a
later Jinja's) is taken to make its value's size."""


def filter_size(name: str) -> Callable[..., int] | None:
    """What filter ``name`` makes of its value and arguments (``None``: nothing)."""
    size = FILTER_SIZES.get(name) or _copies(1)
    return None if size is _nothing else size


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


def summed_size(items: list[Any], start: object) -> int:
    """The items ``sum`` makes adding lists (or tuples): each sum so far is copied anew."""
    if not isinstance(start, (list, tuple)):
        return 0
    running, total = len(start), 0
    for item in items:
        running += _items(item)
        total += running
    return total


def operator_size(operator: str, left: Any, right: Any, room: int) -> int:
    """At most how many characters (or items) ``left <operator> right`` makes: ``+`` both
    sides, ``*`` the sequence repeated, ``%`` the formatted text (a width or precision past
    :data:`MAX_SIZE`, or a repetition past it, refused outright). Markup escapes the other
    side: up to five times its length."""
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
    radii = [_given(args, kwargs, index, name, 0) for index, name in at]
    if all(isinstance(r, (int, float)) for r in radii):
        return max(abs(r) for r in radii)
    return next(r for r in radii if not isinstance(r, (int, float)))


def _gear(*args: Any, **kwargs: Any) -> int:
    """Four points of two numbers a tooth."""
    radius = _radius(args, kwargs, (1, "outer"), (2, "root"))
    return path_size(_given(args, kwargs, 0, "teeth", 0), radius, 8)


def _star(*args: Any, **kwargs: Any) -> int:
    """Two corners of two numbers a point."""
    radius = _radius(args, kwargs, (1, "outer"), (2, "inner"))
    return path_size(_given(args, kwargs, 0, "points", 0), radius, 4)


def _blob(*args: Any, **kwargs: Any) -> int:
    """A corner reaches out at most twice the radius (``roughness`` is below 1); a smooth
    spot writes four numbers a corner."""
    radius = _radius(args, kwargs, (0, "radius"))
    reach = 2 * radius if isinstance(radius, (int, float)) else radius
    return path_size(_given(args, kwargs, 3, "corners", 9), reach, 4)


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


def compare(operator: str, left: Any, right: Any, budget: Budget) -> Any:
    """``left <operator> right``, a step per item the comparison may read: ``in`` a text reads
    the text, ``in`` a mapping or set hashes the value sought, ``in`` a list (or a range, for
    anything but a whole number) compares with every item; ``==`` and ordering read as far as
    the shorter side."""
    if operator not in ("in", "notin"):
        if type(left) in NUMBERS and type(right) in NUMBERS:
            budget.step()
        else:
            room = budget.max_steps - budget.steps
            budget.step(min(weight(left, room), weight(right, room)))
        return _COMPARISONS[operator](left, right)
    if isinstance(right, (str, bytes)):
        budget.step(len(right))
        budget.read(left)
    elif isinstance(right, (Mapping, AbstractSet)) or (
        isinstance(right, range) and type(left) is int
    ):
        budget.read(left)  # hashed, or a number looked up in a range
    else:
        budget.read(right)
    found = left in right
    return found if operator == "in" else not found


_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "gt": operator.gt,
    "gteq": operator.ge,
    "lt": operator.lt,
    "lteq": operator.le,
}


def code_size(body: Iterable[nodes.Node]) -> int:
    """The steps running ``body`` once takes: one per node of its syntax tree. Each node runs
    in about the time of a loop round (a name, an attribute, a comparison, a piece of text),
    and what a node's data can make cost more (reading a list, making a text) is counted when
    it runs; so a loop round, or a macro's call, takes the size of what it runs, which the
    template's author cannot make cheap to count and slow to run."""
    return sum(1 + sum(1 for _ in node.find_all(nodes.Node)) for node in body)
