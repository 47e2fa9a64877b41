"""What YAML card data loads as: ordinary ``dict`` and ``list`` that also know the line of each
key and item (:mod:`~generator.load.yaml_reader` makes them; :mod:`~generator.load.parsed`
keeps them between runs)."""

from __future__ import annotations

from typing import Any


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
