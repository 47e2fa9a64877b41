"""YAML loading that keeps line numbers and refuses what a stranger's file could abuse.

Mappings load as :class:`Mapping` and sequences as :class:`Sequence`: ordinary ``dict`` and
``list`` that also know the line of each key and item, so every later check can point at the exact
line. Duplicate keys, which PyYAML silently overwrites, are reported as problems.

Card data, locales and car files come from other people (expansions, translations), so the loader
is a boundary: every mistake becomes a ``file:line`` problem, never an exception, and nothing in a
file can make loading slow or large. Card data has no use for YAML's aliases (a kilobyte of nested
aliases expands to gigabytes), explicit types (``!!set``, ``!!binary``) or timestamps, so aliases
and those tags are refused, dates stay the text they were written as, files are read up to
:data:`MAX_YAML_BYTES` and nesting is limited to :data:`MAX_DEPTH`.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

import yaml

from generator.load import parsed
from generator.load.nodes import Mapping as Mapping
from generator.load.nodes import Sequence as Sequence
from generator.problems import ProblemLog, clipped
from generator.runtime.reading import ANYWHERE, Refused, TooLarge, Within, read_bytes, size

MAX_BYTES = 4 * 1024 * 1024
"""The largest text file read (a PO file of a translation)."""
MAX_YAML_BYTES = 1024 * 1024
"""The largest YAML file read: the largest shipped one is under 20 KB, a deck of the most cards
a deck may hold (:data:`generator.load.card_files.MAX_DECK_CARDS`) under 200 KB. PyYAML reads about
half a megabyte a second on a busy machine, so this keeps any one file to a couple of seconds."""
MAX_DEPTH = 32
"""The deepest nesting of mappings and lists (the shipped data uses 5)."""
REFUSED_TAGS = ("set", "omap", "pairs", "binary")
MAX_INT_DIGITS = 1_233
"""The most digits of a whole number card data may hold: every such number is below what a
template may compute (:data:`generator.render.budget.MAX_BITS`, 4,096 bits), so that every
number a template is given costs what its budget counts."""
MAX_INT_TEXT = 2_500
"""The longest whole number read, in characters: YAML 1.1 reads ``1:00:00...`` in base 60, and
PyYAML builds it in time quadratic in its length (a megabyte of it, minutes)."""


def _refuse(node: yaml.Node, what: str) -> yaml.MarkedYAMLError:
    return yaml.MarkedYAMLError(problem=what, problem_mark=node.start_mark)


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds :class:`Mapping` / :class:`Sequence`, reports duplicate keys and
    refuses aliases, deep nesting and the tags card data has no use for."""

    log: ProblemLog
    depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(
                problem=f"the alias *{clipped(event.anchor)} is not allowed in card data: "
                "write the value out in full",
                problem_mark=event.start_mark,
            )
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(
                    problem=f"nested deeper than {MAX_DEPTH} levels",
                    problem_mark=self.peek_event().start_mark,
                )
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Any value a constructor cannot make (``!!int x``, a date that does not exist, a
        number of 5,000 digits) is a problem at its line, not an exception."""
        try:
            return super().construct_object(node, deep=deep)
        except yaml.YAMLError:
            raise
        except Exception as error:  # PyYAML's constructors on a stranger's value: its problem
            what = f"cannot read {node.tag.rsplit(':', 1)[-1]}"
            raise _refuse(node, f"{what}: {clipped(str(error)) or type(error).__name__}") from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Mapping:
        self.flatten_mapping(node)
        mapping = Mapping()
        mapping.line = node.start_mark.line + 1
        mapping.lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if not isinstance(key, Hashable):
                raise _refuse(key_node, "a key must be a plain value, not a list or a mapping")
            if key in mapping.lines:
                first = mapping.lines[key]
                self.log.add(
                    line, clipped(str(key)), f"duplicate key (first given on line {first})"
                )
                continue
            mapping.lines[key] = line
            mapping[key] = self.construct_object(value_node, deep=True)
        return mapping

    def construct_sequence(self, node: yaml.SequenceNode, deep: bool = False) -> Sequence:
        sequence = Sequence(self.construct_object(child, deep=True) for child in node.value)
        sequence.line = node.start_mark.line + 1
        sequence.lines = [child.start_mark.line + 1 for child in node.value]
        return sequence

    def construct_int(self, node: yaml.ScalarNode) -> int:
        """A whole number of at most :data:`MAX_INT_DIGITS` digits, judged by its length
        before it is built (see :data:`MAX_INT_TEXT`)."""
        value = self.construct_yaml_int(node) if len(node.value) <= MAX_INT_TEXT else None
        if value is None or abs(value) >= 10**MAX_INT_DIGITS:
            what = f"a whole number of more than {MAX_INT_DIGITS:,} digits: card data needs none"
            raise _refuse(node, what)
        return value

    def construct_refused(self, node: yaml.Node) -> Any:
        raise _refuse(node, f"the type {node.tag.rsplit(':', 1)[-1]} is not used in card data")

    def construct_undefined(self, node: yaml.Node) -> Any:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise _refuse(node, f"the tag {clipped(tag)} is not used in card data")


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _LineLoader.construct_sequence)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _LineLoader.construct_int)
_LineLoader.add_constructor("tag:yaml.org,2002:timestamp", _LineLoader.construct_yaml_str)  # type: ignore[type-var]
_LineLoader.add_constructor(None, _LineLoader.construct_undefined)
for _tag in REFUSED_TAGS:
    _LineLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _LineLoader.construct_refused)


def load_yaml(path: Path, log: ProblemLog, root: Path | None = None) -> Any:
    """Load one YAML file; every problem goes to ``log`` and the result is then ``None``.

    With ``root``, the file must lie inside that folder once links are followed: a locale or a
    deck linked to a file elsewhere on the machine is refused, not read."""
    text = read_text(path, log, root, MAX_YAML_BYTES)
    if text is None:
        return None
    known = parsed.found(text, MAX_DEPTH, MAX_INT_DIGITS)
    if known is not None:
        return known
    own = ProblemLog(log.file)  # the duplicate keys found on the way: none, or not kept
    try:
        loader = _LineLoader(text)  # the reader checks every character here
        loader.log = own
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        log.problems += own.problems
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 0
        what = error.problem or error.context or "not YAML"
        log.add(line, "", what if _is_ours(error) else f"YAML syntax error: {what}")
        return None
    except yaml.reader.ReaderError as error:
        log.problems += own.problems
        line = text.count("\n", 0, error.position) + 1
        log.add(line, "", f"{_character(error.character)} cannot be used in a YAML file")
        return None
    log.problems += own.problems
    if data is None:
        log.add(1, "", "the file is empty")
    elif not own.problems:
        parsed.keep(text, data)
    return data


def _is_ours(error: yaml.MarkedYAMLError) -> bool:
    """Refusals raised by :class:`_LineLoader` are plain MarkedYAMLError, PyYAML's own are
    subclasses (ScannerError, ParserError...): only those are syntax errors."""
    return type(error) is yaml.MarkedYAMLError


def _character(character: str | int) -> str:
    code = character if isinstance(character, int) else ord(character)
    return f"the control character U+{code:04X}"


def read_text(
    path: Path,
    log: ProblemLog,
    root: Path | None = None,
    limit: int = MAX_BYTES,
    kind: str = "a card-data file",
) -> str | None:
    """The UTF-8 text of a file of at most ``limit`` bytes, or ``None`` with the problem
    logged (missing, a link out of ``root``, not a regular file, too large, not UTF-8: with
    the line and column). Read through :mod:`generator.runtime.reading`: nothing is opened before it
    is judged. Without ``root`` the file may be anywhere (one named on the command line)."""
    within = ANYWHERE if root is None else Within.folder(root)
    try:
        data = read_bytes(path, within, limit)
    except TooLarge:
        log.add(0, "", f"larger than {size(limit)}: not {kind}")
        return None
    except Refused as refused:
        log.add(0, "", refused.what)
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        what = f"byte 0x{data[error.start]:02X} at column {column} is not UTF-8"
        log.add(line, "", f"{what}: save the file as UTF-8")
        return None


def inside(path: Path, root: Path) -> bool:
    """``path`` lies inside ``root`` once every link in either is followed."""
    return Within.folder(root).holds(path)
