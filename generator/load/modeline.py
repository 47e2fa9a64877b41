"""The comment that names a YAML file's JSON schema to an editor (yaml-language-server, as
VS Code's YAML extension runs it): written by ``pnp schema``, ``pnp new`` and ``pnp i18n
import`` alike, so it lives below all three."""

from __future__ import annotations

import os
from pathlib import Path

MODELINE = "# yaml-language-server: $schema="
_MODELINE_START = "# yaml-language-server:"


def modeline(yaml_file: Path, schema_file: Path) -> str:
    """The comment that names ``schema_file`` to an editor of ``yaml_file``, by a relative
    path (so it holds wherever the project is, checked out or installed)."""
    relative = os.path.relpath(schema_file, yaml_file.parent)
    return f"{MODELINE}{Path(relative).as_posix()}"


def split_modeline(text: str) -> tuple[str, str]:
    """The comment naming the schema of the YAML ``text`` (``""`` when it has none) and the
    text without it. The comment is looked for on the first line, where it goes, and on the
    last, where files written before yaml-language-server 1.24 hold it."""
    first, _, rest = text.partition("\n")
    if first.startswith(_MODELINE_START):
        return first, rest
    body, _, last = text.rstrip("\n").rpartition("\n")
    if last.startswith(_MODELINE_START):
        return last, (body + "\n" if body else "")
    return "", text


def with_modeline(text: str, line: str) -> str:
    """The YAML ``text`` with the comment ``line`` naming its schema on its first line, in
    place of any it named one with before: yaml-language-server 1.24 and later (VS Code's YAML
    extension) read the comment only before the file's content, and ignore it after."""
    return f"{line}\n{split_modeline(text)[1]}"
