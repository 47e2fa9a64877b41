"""YAML files read before, found again by the digest of their text instead of parsed: a build
or a preview check after an edit parses the file edited, not every file of the game.

PyYAML parses in Python, a few hundred kilobytes a second: two thirds of loading a game. A
file that parsed without a problem is kept (in the build's cache, or a preview's memory) as
JSON that says what the parser made of it (:func:`_packed`): mappings and lists with the line
of each key and item, and the plain values YAML gives card data. An entry is data from disk
like any other: one that is not what :func:`_packed` writes (or holds what the parser refuses:
nesting too deep, a number too long) is a miss, and the file is parsed.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, Protocol

import yaml

from generator.load.nodes import Mapping, Sequence
from generator.runtime.cache import key
from generator.runtime.versions import code_version


class Store(Protocol):
    """Where parsed files are kept: a build's cache, a preview's memory."""

    def get(self, entry: str) -> bytes | None: ...

    def put(self, entry: str, payload: bytes) -> None: ...


_STORE: ContextVar[Store | None] = ContextVar("parsed YAML", default=None)


@contextlib.contextmanager
def kept_in(store: Store | None) -> Iterator[None]:
    """Find parsed files in ``store``, and keep them there, for the time of the ``with``
    (in this thread: a preview checks in its own)."""
    token = _STORE.set(store)
    try:
        yield
    finally:
        _STORE.reset(token)


def found(text: str, depth: int, digits: int) -> Any:
    """What the parser made of ``text`` when it parsed it without a problem, if kept;
    ``None`` if not (``depth``, ``digits``: the deepest nesting and longest whole number the
    parser lets through)."""
    store = _STORE.get()
    payload = store.get(_entry(text)) if store is not None else None
    if payload is None:
        return None
    try:
        return _unpacked(json.loads(payload), depth, 10**digits)
    except (ValueError, TypeError, RecursionError):  # not what _packed writes
        return None


def keep(text: str, data: Any) -> None:
    """Keep what the parser made of ``text`` (it found no problem)."""
    store = _STORE.get()
    if store is not None:
        store.put(_entry(text), json.dumps(_packed(data)).encode())


def _entry(text: str) -> str:
    return key("parsed YAML", code_version(), yaml.__version__, text)


def _packed(value: Any) -> Any:
    """``value`` as JSON: a mapping as its line and its keys, each with its line and value;
    a list as its line and its items, each with its line; a plain value as it is."""
    if isinstance(value, Mapping):
        items = [[name, value.line_of(name), _packed(item)] for name, item in value.items()]
        return {"mapping": value.line, "keys": items}
    if isinstance(value, Sequence):
        lines = value.lines
        return {"list": value.line, "items": [[lines[i], _packed(v)] for i, v in enumerate(value)]}
    return value


def _unpacked(packed: Any, depth: int, bound: int) -> Any:
    """What :func:`_packed` made ``packed`` from; a ``TypeError`` if it is not something
    :func:`_packed` writes or the parser lets through."""
    if isinstance(packed, dict):
        if depth <= 0:
            raise TypeError("nested too deeply")
        if set(packed) == {"mapping", "keys"}:
            mapping = Mapping()
            mapping.line, mapping.lines = _line(packed["mapping"]), {}
            for name, line, item in packed["keys"]:
                mapping.lines[_plain(name, bound)] = _line(line)
                mapping[name] = _unpacked(item, depth - 1, bound)
            return mapping
        if set(packed) == {"list", "items"}:
            items = [
                (_line(line), _unpacked(item, depth - 1, bound)) for line, item in packed["items"]
            ]
            sequence = Sequence(item for _, item in items)
            sequence.line, sequence.lines = _line(packed["list"]), [line for line, _ in items]
            return sequence
        raise TypeError("neither a mapping nor a list")
    return _plain(packed, bound)


def _plain(value: Any, bound: int) -> Any:
    """``value`` if it is a plain value the parser makes (a whole number shorter than it
    allows)."""
    if value is None or isinstance(value, (str, bool, float)):
        return value
    if isinstance(value, int) and abs(value) < bound:
        return value
    raise TypeError(f"not a plain value: {type(value).__name__}")


def _line(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise TypeError("not a line")
    return value
