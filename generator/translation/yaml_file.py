"""Translations written into a locale file as a person would have edited it (ruamel.yaml).

The file keeps its comments, its order, its quoting and its folded paragraphs; a text that
changed keeps the style it had (a folded paragraph stays folded), and only what the PO file
changed differs, so a translator's import reads as a clean diff. A text the file lacked goes
where the English file has it, and a new language's file takes the English file's order.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    SingleQuotedScalarString,
)

from generator.load.modeline import split_modeline, with_modeline
from generator.load.yaml_reader import MAX_YAML_BYTES
from generator.problems import DataError, Problem
from generator.runtime.reading import Refused, Within, read_bytes
from generator.translation.po import Translation

WIDTH = 92
"""Where a folded paragraph is folded (the shipped files fold near here)."""
_STRING = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_KEPT_STYLES = (DoubleQuotedScalarString, SingleQuotedScalarString, LiteralScalarString)
FOLD = "\a"
"""Where ruamel folds a folded paragraph: before the space this mark stands before."""


def _yaml() -> YAML:
    """A round-trip YAML that writes back the shipped files byte for byte (a test holds it)."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096  # never wrap a plain text: a long line stays one line
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def updated(
    current: str | None,
    english: str,
    translations: Mapping[str, Translation],
    header: str,
) -> str:
    """The text of the locale file ``current`` (``None``: a new language's file, starting with
    the comment ``header``) with ``translations`` (by key) written in, the comment naming its
    schema on the first line. ``english``: the English file's text, whose order new texts
    follow."""
    yaml = _yaml()
    order = yaml.load(english)
    modeline, body = split_modeline(english if current is None else current)
    if current is None:
        document = CommentedMap()
        document.yaml_set_start_comment(header)
    else:
        document = yaml.load(body)
    for key, translation in translations.items():
        _put(document, order, key.split("."), translation)
    out = io.StringIO()
    yaml.dump(document, out)
    # a new language's file names the schema the English names (the same folder's locale schema)
    return with_modeline(out.getvalue(), modeline) if modeline else out.getvalue()


def _put(node: CommentedMap, order: Any, path: list[str], translation: Translation) -> None:
    """Set the text at ``path`` below ``node``, making the mappings on the way where the
    English has them. A key is found as the loader finds it, by its text (``1:`` unquoted is
    the step "1")."""
    name, rest = path[0], path[1:]
    english_keys = list(order) if isinstance(order, Mapping) else []
    key = _named(node, name)
    if rest:
        if not isinstance(node.get(key), CommentedMap):
            _insert(node, name, CommentedMap(), english_keys)
        below = order.get(_named(order, name)) if isinstance(order, Mapping) else None
        _put(node[_named(node, name)], below, rest, translation)
        return
    old = node.get(key)
    if key in node:
        if not _same(old, translation):
            node[key] = _styled(old, translation)
    else:
        _insert(node, name, _styled(None, translation), english_keys)


def _named(node: Mapping[Any, Any], name: str) -> Any:
    """The key of ``node`` whose text is ``name`` (``name`` itself when none is)."""
    return next((key for key in node if str(key) == name), name)


def _insert(node: CommentedMap, key: str, value: Any, english_keys: list[str]) -> None:
    """Insert after the last key the English has before ``key`` (at the top when none; at
    the end for a key the English lacks), written as the English file writes it: a key
    quoted there (``"yes"``, ``"1"``) would read as a boolean or a number unquoted."""
    names = [str(name) for name in english_keys]
    if key not in names:
        node[key] = value
        return
    at = names.index(key)
    positions = [index for index, name in enumerate(node) if str(name) in names[:at]]
    node.insert(max(positions) + 1 if positions else 0, english_keys[at], value)


def _same(old: Any, translation: Translation) -> bool:
    if isinstance(translation, dict):
        return isinstance(old, Mapping) and {k: str(v) for k, v in old.items()} == translation
    return isinstance(old, str) and str(old) == translation


def _styled(old: Any, translation: Translation) -> Any:
    """The translation in the style the old text had (a plural's forms each in theirs)."""
    if isinstance(translation, dict):
        forms = old if isinstance(old, Mapping) else {}
        made = CommentedMap()
        for category, text in translation.items():
            made[category] = _styled(forms.get(category), text)
        return made
    if not _foldable(translation) or _resolved(translation) != _STRING:
        # written plainly it would load as something else: "yes" a boolean, "12" a number,
        # a control character a space, a leading space lost
        return DoubleQuotedScalarString(translation)
    if isinstance(old, FoldedScalarString):
        return _folded(translation)
    if isinstance(old, _KEPT_STYLES):
        return type(old)(translation)
    return translation


def _resolved(text: str) -> str:
    """The type the project's loader (PyYAML: YAML 1.1, where ``yes`` is a boolean) would
    give ``text`` written plain."""
    return str(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)))  # type: ignore[no-untyped-call]


def _foldable(text: str) -> bool:
    """Whether ``text`` reads back as itself written plainly or as a folded paragraph: one
    line of printable words with single spaces between them; anything else is written
    double-quoted, with escapes."""
    return (
        text == " ".join(text.split(" ")) == text.strip()
        and text.isprintable()
        and ("  " not in text)
    )


def _folded(text: str) -> FoldedScalarString:
    """A folded paragraph, folded at the last space before :data:`WIDTH` on each line. Each
    fold is marked in the text as ruamel marks it, :data:`FOLD` before the space: given the
    folds as ``fold_pos`` instead, ruamel inserts each mark by copying the whole text, and a
    paragraph of 3.5 MB took 10 s to write. (The text has no BEL of its own: it is printable.)
    """
    lines, start = [], 0
    while len(text) - start > WIDTH:
        space = text.rfind(" ", start, start + WIDTH)
        if space <= start:
            break
        lines.append(text[start:space])
        start = space + 1
    lines.append(text[start:])
    folded: FoldedScalarString = FoldedScalarString(f"{FOLD} ".join(lines))
    return folded


def file_text(path: Path, data_dir: Path) -> str | None:
    """The text of a locale file of ``data_dir`` the import rewrites (loaded and checked
    before), or ``None`` when there is none yet; read as every input is
    (:mod:`generator.runtime.reading`), so a file swapped for a link or a pipe since it was checked
    is a problem, never read."""
    if not os.path.lexists(path):
        return None
    try:
        return read_bytes(path, Within.folder(data_dir), MAX_YAML_BYTES).decode("utf-8")
    except (Refused, UnicodeDecodeError) as error:
        what = error.what if isinstance(error, Refused) else "not UTF-8"
        raise DataError([Problem(path.relative_to(data_dir).as_posix(), 0, "", what)]) from None
