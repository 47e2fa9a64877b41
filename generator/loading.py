"""YAML loading that keeps line numbers.

Mappings load as :class:`Mapping` and sequences as :class:`Sequence`: ordinary ``dict`` and
``list`` that also know the line of each key and item, so every later check can point at the exact
line. Duplicate keys, which PyYAML silently overwrites, are reported as problems.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.problems import ProblemLog


class Mapping(dict):  # type: ignore[type-arg]
    """A YAML mapping: ``line`` is where it starts, ``lines[key]`` where each key is."""

    line: int
    lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.lines.get(key, self.line)


class Sequence(list):  # type: ignore[type-arg]
    """A YAML sequence: ``line`` is where it starts, ``lines[i]`` where each item is."""

    line: int
    lines: list[int]

    def line_of(self, index: int) -> int:
        return self.lines[index] if index < len(self.lines) else self.line


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds :class:`Mapping` / :class:`Sequence` and reports duplicate keys."""

    log: ProblemLog

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Mapping:  # type: ignore[override]
        self.flatten_mapping(node)
        mapping = Mapping()
        mapping.line = node.start_mark.line + 1
        mapping.lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            if key in mapping.lines:
                first = mapping.lines[key]
                self.log.add(line, str(key), f"duplicate key (first given on line {first})")
                continue
            mapping.lines[key] = line
            mapping[key] = self.construct_object(value_node, deep=True)
        return mapping

    def construct_sequence(self, node: yaml.SequenceNode, deep: bool = False) -> Sequence:  # type: ignore[override]
        sequence = Sequence(self.construct_object(child, deep=True) for child in node.value)
        sequence.line = node.start_mark.line + 1
        sequence.lines = [child.start_mark.line + 1 for child in node.value]
        return sequence


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _LineLoader.construct_sequence)


def load_yaml(path: Path, log: ProblemLog) -> Any:
    """Load one YAML file; syntax errors and duplicate keys go to ``log``, returning ``None``."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        log.add(0, "", "file not found")
        return None
    except (OSError, UnicodeDecodeError) as error:
        log.add(0, "", f"cannot read the file: {error}")
        return None
    loader = _LineLoader(text)
    loader.log = log
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 0
        log.add(line, "", f"YAML syntax error: {error.problem or error.context}")
        return None
    finally:
        loader.dispose()
