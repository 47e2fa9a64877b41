"""Names from the data that become file names or look-ups: card ids, handout ids, templates.

A card id becomes ``png/<deck>/<card-id>.png`` and a handout id ``<handout>-a4.pdf``, so each is
one plain file name: no folder separators, no leading dot, nothing a file system or a shell could
read as more. A card id is built from a pattern in ``game.yaml`` (``wagon-{number:02d}``) by our
own small formatter, not ``str.format``: a field is a plain name, optionally zero-padded, and
nothing else, so a pattern cannot reach into Python objects (``{x.__class__}``) or index them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.load.schema import Field
from generator.problems import shown

FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
FILE_NAME_HELP = "use up to 100 letters, digits, '-', '_' and '.', starting with a letter or digit"
TEMPLATE_NAME = re.compile(
    r"(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}/){0,3}[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}"
)
FIELD_NAME, PAD_SPEC, TEXT = r"[A-Za-z_]\w*", r"0?\d?d", r"[\w.-]"
"""The grammar of a card id pattern: text (of these characters), and fields of the card like
``{number}``, a number optionally zero-padded (``{number:02d}``); the editor schemas spell it
with these too."""
_PATTERN_PART = re.compile(
    rf"\{{(?P<field>{FIELD_NAME})(?::(?P<spec>{PAD_SPEC}))?\}}|(?P<text>{TEXT}+)"
)
PATTERN_HELP = (
    "a card id pattern is letters, digits, '-', '_', '.' and fields of the card "
    "like {number} or {number:02d}"
)


def file_name_problem(name: Any) -> str | None:
    """What keeps ``name`` from being one plain file name, or ``None``."""
    if isinstance(name, str) and FILE_NAME.fullmatch(name) and ".." not in name:
        return None
    return f"{shown(name)} cannot be a file name: {FILE_NAME_HELP}"


def template_name_problem(name: str) -> str | None:
    """A template is named by a path inside the game's template folder, without ``..``."""
    if TEMPLATE_NAME.fullmatch(name) and ".." not in name.split("/"):
        return None
    return (
        f"{shown(name)} is not a template name: a file in the game's template folder, "
        "like 'wagon.svg.j2' (no '..', no absolute path)"
    )


@dataclass(frozen=True)
class IdPattern:
    """A parsed card id pattern: literal text and ``(field, format spec)`` pairs in order."""

    parts: tuple[str | tuple[str, str], ...]

    @property
    def fields(self) -> list[str]:
        return [part[0] for part in self.parts if isinstance(part, tuple)]

    def build(self, values: Mapping[str, Any]) -> str:
        """The card id of a card with ``values`` (checked by the card schema)."""
        return "".join(
            part if isinstance(part, str) else format(values[part[0]], part[1])
            for part in self.parts
        )


def parse_id_pattern(pattern: str, fields: Mapping[str, Field]) -> IdPattern | str:
    """The pattern, or what is wrong with it for cards with ``fields``."""
    parts: list[str | tuple[str, str]] = []
    position = 0
    while position < len(pattern):
        match = _PATTERN_PART.match(pattern, position)
        if match is None:
            return f"{shown(pattern)}: {shown(pattern[position])} cannot be used; {PATTERN_HELP}"
        position = match.end()
        if match["text"] is not None:
            parts.append(match["text"])
            continue
        name, spec = match["field"], match["spec"] or ""
        if name not in fields:
            return (
                f"{shown(pattern)}: {{{name}}} is not a field of these cards ({', '.join(fields)})"
            )
        if spec and fields[name].kind is not int:
            return f"{shown(pattern)}: {{{name}:{spec}}} pads numbers, and {name} is not a number"
        if not fields[name].required and fields[name].default is None:
            return (
                f"{shown(pattern)}: a card may leave {name} out, and its id would say None: "
                "make an id of fields every card gives"
            )
        parts.append((name, spec))
    if not any(isinstance(part, tuple) for part in parts):
        return f"{shown(pattern)}: {PATTERN_HELP}; it has no field, so every card gets one id"
    return IdPattern(tuple(parts))
