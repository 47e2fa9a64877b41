"""Which texts of a locale a face read as it rendered, so that a later build renders it again
only when one of those changed.

A template reaches the words of its language only through ``t``, the locale's texts. Handed a
copy of them that notes every read (:func:`noting`), a face's rendering leaves behind what it
read, each as a path from the top of the texts and how it was read (:data:`Reading`): what is
at a key (a mapping, a text, or nothing), everything below a mapping (iterated, printed,
compared: all of it), how many keys a mapping has (``{% if t.extra %}``), or where a text is
written (its file and line, read by a template as ``t.title.line``). A face rendered from the
same template, card and palette reads the same texts in the same order as long as each read
finds what it found before, so it renders the same SVG: :func:`found` is the digest of what the
reads find in a locale, and a face is rendered again when it differs.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from generator.load.yaml_reader import Mapping
from generator.model import Locale, Plural, Text

AT, BELOW, COUNT, WHERE = "at", "below", "count", "where"
"""How a reading read the texts at its path: what is there (a mapping, a text or nothing),
everything below it, how many keys it has, where its text is written."""
FLAT, FLAT_WHERE = "flat", "flat where"
"""How a reading read a text by its dotted key (:meth:`Locale.text`: the path is that key
alone): the text, where it is written."""

Path = tuple[str | int, ...]
Reading = tuple[Path, str]
"""A path from the top of a locale's texts (``("aid", "places", "workshop")``) and how it was
read."""

_NOTHING = ["nothing"]
"""What a path that leads nowhere finds (no such key, or a text on the way)."""


class Readings:
    """The reads of the texts since :meth:`start`, each once."""

    def __init__(self) -> None:
        self.read: dict[Reading, None] = {}

    def start(self) -> None:
        self.read = {}

    def note(self, path: Path, how: str) -> None:
        self.read[(path, how)] = None

    def taken(self) -> tuple[Reading, ...]:
        """What was read, in an order that does not depend on the order of the reads."""
        return tuple(sorted(self.read, key=repr))


def _one(name: str) -> Any:
    """The method ``name`` of ``dict``, noted as a read of the key it is given."""
    method = getattr(dict, name)

    def read(self: _Noting, key: Any, *args: Any) -> Any:
        self._at(key)
        return method(self, key, *args)

    read.__name__ = name
    return read


def _whole(name: str) -> Any:
    """The method ``name`` of ``dict``, noted as a read of the whole mapping."""
    method = getattr(dict, name)

    def read(self: _Noting, *args: Any) -> Any:
        self._all()
        return method(self, *args)

    read.__name__ = name
    return read


class _Noting(dict):  # type: ignore[type-arg]
    """A mapping that notes each read: a key looked up (:meth:`_at`), and any other use,
    which may see every key and value (:meth:`_all`)."""

    readings: Readings

    def _at(self, key: Any) -> None:
        raise NotImplementedError

    def _all(self) -> None:
        raise NotImplementedError

    __getitem__ = _one("__getitem__")
    get = _one("get")
    __contains__ = _one("__contains__")
    __len__ = _whole("__len__")
    __iter__ = _whole("__iter__")
    __reversed__ = _whole("__reversed__")
    keys = _whole("keys")
    values = _whole("values")
    items = _whole("items")
    copy = _whole("copy")
    __eq__ = _whole("__eq__")
    __ne__ = _whole("__ne__")
    __or__ = _whole("__or__")
    __ror__ = _whole("__ror__")
    __repr__ = _whole("__repr__")
    __hash__ = None


class NotedTexts(_Noting, Mapping):
    """A mapping of a locale's texts (at :attr:`path` below the top) that notes each key
    looked up (:data:`AT`), how many keys it has (:data:`COUNT`), and any other use of it,
    which may see every key and text below it (:data:`BELOW`)."""

    path: Path

    def _at(self, key: Any) -> None:
        self.readings.note((*self.path, key), AT)

    def _all(self) -> None:
        self.readings.note(self.path, BELOW)

    def __len__(self) -> int:
        self.readings.note(self.path, COUNT)
        return dict.__len__(self)


class NotedFlat(_Noting):
    """A locale's texts by dotted key (:attr:`Locale.flat`), noting each one looked up
    (:data:`FLAT`), and any other use as a read of every text."""

    def _at(self, key: Any) -> None:
        self.readings.note((key,), FLAT)

    def _all(self) -> None:
        self.readings.note((), BELOW)


class _Located:
    """Where a noted text is written, read through properties that note the read (as
    :data:`WHERE`, or :data:`FLAT_WHERE` for a text found by its dotted key): a template may
    print a text's line, and a text moved down a line is then another face."""

    _where: tuple[str, int, str]
    _path: Path
    _how: str
    _readings: Readings

    def _noted(self) -> tuple[str, int, str]:
        self._readings.note(self._path, self._how)
        return self._where

    def _locate(self, text: Text, path: Path, how: str, readings: Readings) -> None:
        self._where, self._path, self._how = (text.file, text.line, text.key), path, how
        self._readings = readings

    @property
    def file(self) -> str:
        return self._noted()[0]

    @property
    def line(self) -> int:
        return self._noted()[1]

    @property
    def key(self) -> str:
        return self._noted()[2]


class NotedText(_Located, Text):  # type: ignore[override]
    """A text whose file, line and key are noted when read."""

    def __new__(cls, text: Text, path: Path, how: str, readings: Readings) -> NotedText:
        noted = str.__new__(cls, text)
        noted._locate(text, path, how, readings)
        return noted


class NotedPlural(_Located, Plural):  # type: ignore[override]
    """A text with plural forms, each of them noted when where it is written is read (the
    text ``plural(...)`` gives a template is written where its form is)."""

    def __new__(cls, text: Plural, path: Path, how: str, readings: Readings) -> NotedPlural:
        noted = str.__new__(cls, text)
        noted._locate(text, path, how, readings)
        noted.forms = {
            category: NotedText(form, (*path, category), how, readings)
            for category, form in text.forms.items()
        }
        return noted


def noting(locale: Locale) -> tuple[Locale, Readings]:
    """``locale`` with texts that note every read, by path (:attr:`Locale.texts`) or by
    dotted key (:attr:`Locale.flat`), and where the reads are noted."""
    readings = Readings()
    flat = NotedFlat(
        (key, _noted(text, (key,), FLAT_WHERE, readings)) for key, text in locale.flat.items()
    )
    flat.readings = readings
    return replace(locale, texts=_noted(locale.texts, (), WHERE, readings), flat=flat), readings


def _noted(value: Any, path: Path, how: str, readings: Readings) -> Any:
    """``value`` (at ``path``) noting its reads; a text noting where it is written as
    ``how``."""
    if isinstance(value, Plural):
        return NotedPlural(value, path, how, readings)
    if isinstance(value, Text):
        return NotedText(value, path, how, readings)
    if not isinstance(value, dict):
        return value
    noted = NotedTexts(
        (key, _noted(item, (*path, key), how, readings)) for key, item in value.items()
    )
    noted.path, noted.readings = path, readings
    noted.line = getattr(value, "line", 0)
    noted.lines = getattr(value, "lines", {})
    return noted


def found(locale: Locale, read: tuple[Reading, ...]) -> str:
    """What each reading finds in ``locale`` (as loaded, not noting), as one text to
    digest."""
    findings = [[list(path), how, _finding(_at(locale, path, how), how)] for path, how in read]
    return json.dumps(findings, default=repr)


def _at(locale: Locale, path: Path, how: str) -> Any:
    """What a reading of ``how`` finds at ``path``: below the texts, or from the text of a
    dotted key (:data:`FLAT`, :data:`FLAT_WHERE`: a plural's form below it)."""
    if how in (FLAT, FLAT_WHERE):
        text: Any = locale.flat.get(str(path[0]), _NOTHING) if path else _NOTHING
        return _walk(text, path[1:])
    return _walk(locale.texts, path)


def _walk(texts: Any, path: Path) -> Any:
    """What is at ``path`` below ``texts``: a mapping, a text (a plural's form too) or
    :data:`_NOTHING`."""
    node = texts
    for part in path:
        if isinstance(node, Plural):
            node = node.forms.get(str(part), _NOTHING)
        elif isinstance(node, dict):
            node = dict.get(node, part, _NOTHING)
        else:
            return _NOTHING
    return node


def _finding(node: Any, how: str) -> Any:
    """What a reading of ``how`` sees of ``node``."""
    if node is _NOTHING:
        return _NOTHING
    if how in (WHERE, FLAT_WHERE):
        return [node.file, node.line, node.key] if isinstance(node, Text) else canonical(node)
    if how == COUNT:
        return len(node) if isinstance(node, dict) else canonical(node)
    if how == AT and isinstance(node, dict):
        return ["mapping"]
    return canonical(node)


def canonical(value: Any) -> Any:
    """``value`` as JSON tells it apart from any other value a template could be given: a
    mapping as its pairs in order (its keys may be numbers), a text with plural forms with
    them, a number with its type (``1``, ``1.0`` and ``true`` differ); anything else by its
    type and ``repr``."""
    if isinstance(value, Plural):
        return ["plural", str(value), [[key, str(form)] for key, form in value.forms.items()]]
    if value is None or isinstance(value, (str, bool, int, float)):
        return str(value) if isinstance(value, str) else value
    if isinstance(value, dict):
        return ["mapping", [[canonical(key), canonical(item)] for key, item in value.items()]]
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [canonical(item) for item in value]]
    return ["other", type(value).__qualname__, repr(value)]
