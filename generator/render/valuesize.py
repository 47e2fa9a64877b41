"""How large a template's values are: the items and characters reading one reaches (comparing,
hashing, sorting it: :func:`weight`) and the characters printing one makes (:func:`text_size`),
each structure measured once however often it is held. The budget
(:mod:`~generator.render.budget`) and the sizes of what operations make
(:mod:`~generator.render.operationsizes`, :mod:`~generator.render.callsizes`) count by them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, ValuesView
from collections.abc import Set as AbstractSet

from jinja2.utils import Namespace
from markupsafe import Markup

QUOTED = 12
"""The most characters one character of a text inside a structure prints as: ``repr`` writes
``\\U0001f600`` (10), JSON two ``\\ud83d`` escapes (12)."""
OTHER = 200
"""What an object that is not a plain value prints as at most (``<Macro 'x'>``, a geometry)."""
NUMBERS = frozenset({int, float, bool, type(None)})
"""The types of the plain values (numbers, truths, ``None``): read in a step, printed in a few
characters, holding nothing XML must escape. Not their subclasses (a class whose ``str`` or
``*`` does something else)."""


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
