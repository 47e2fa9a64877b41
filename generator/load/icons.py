"""The icons a game's texts may draw inline (``{icon:NAME}``, :mod:`generator.load.placeholders`):
one file per icon, ``icons/NAME.svg.j2`` in the game's template folders (an expansion's first,
then the game's own, then ``templates/_common/``), found as templates are. Each locale text that
names an icon the game lacks is a problem at its line, before anything is drawn.

What an icon file may hold and how it is drawn is :mod:`generator.render.icons`: its files are
templates, read and rendered with the same limits (the sandbox, the size of a template, no link
out of the template folders).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from generator.languages import SOURCE
from generator.load.placeholders import icons
from generator.model import Locale, Plural, Text
from generator.problems import Problem
from generator.runtime.folders import Templates, search_path, shown

FOLDER = "icons"
"""The folder of a game's template folder that holds its icons."""
SUFFIX = ".svg.j2"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""What an icon file's name (without :data:`SUFFIX`) may be to name an icon."""


def game_icons(templates: Templates) -> dict[str, Path]:
    """The icons of the game drawn from ``templates``, by name, each the file found first (an
    expansion's icon of a name replaces the game's), in name order; a file of another name,
    or no ``icons`` folder at all, is no icon."""
    found: dict[str, Path] = {}
    for place in search_path(templates):
        try:
            with os.scandir(place / FOLDER) as entries:
                names = sorted(entry.name for entry in entries)
        except OSError:
            continue
        for name in names:
            stem = name[: -len(SUFFIX)]
            if name.endswith(SUFFIX) and NAME.fullmatch(stem):
                found.setdefault(stem, place / FOLDER / name)
    return dict(sorted(found.items()))


def unknown_icon(name: str, templates: Templates, known: list[str]) -> str:
    """What a text is told of an icon ``name`` the game lacks."""
    folder = shown(templates.base / FOLDER, templates)
    listed = f"icons: {', '.join(known)}" if known else "it has none"
    return f"{{icon:{name}}}: no icon {name!r} in {folder}/ ({listed})"


def icon_problems(locales: dict[str, Locale], templates: Templates) -> list[Problem]:
    """Each text of ``locales`` that names an icon the game lacks, or (in a translation) draws
    other icons than its English, at its line (the first such icon of a text): what
    ``pnp i18n import`` refuses in a PO file, ``pnp validate`` refuses in the locale."""
    known = list(game_icons(templates))
    english = locales.get(SOURCE)
    problems = []
    for locale in locales.values():
        for key, text in locale.flat.items():
            forms = text.forms.values() if isinstance(text, Plural) else [text]
            source = (
                english.flat.get(key) if english is not None and locale is not english else None
            )
            for form in forms:
                missing = [name for name in icons(form) if name not in known]
                what = unknown_icon(missing[0], templates, known) if missing else None
                if what is None and isinstance(source, str):
                    what = icons_problem(set(icons(form)), set(icons(source)))
                if what is not None and isinstance(form, Text):
                    problems.append(Problem(form.file, form.line, key, what))
                    break
    return problems


def icons_problem(used: set[str], drawn: set[str]) -> str | None:
    """A translation draws the icons its English does (``{icon:NAME}``), no other: the English
    names only icons the game has, and a symbol the English shows is part of what it says."""
    listed = ", ".join(f"{{icon:{name}}}" for name in sorted(drawn)) or "none"
    if unknown := sorted(used - drawn):
        return f"{{icon:{unknown[0]}}} is not an icon of this text (the English has {listed})"
    if lost := sorted(drawn - used):
        return f"{{icon:{lost[0]}}} is missing: the translation must draw every icon ({listed})"
    return None
