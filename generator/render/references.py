"""The files a rendered face names (``href``, ``url()``, ``@import``), found in its SVG text,
and whether the build may read each: validation refuses what the build would refuse, each file
checked once while it stays the same file (:mod:`~generator.render.assets` reads and checks
it as cairosvg will).
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from generator.problems import DrawError
from generator.render.assets import Fetcher, Identity, asset_problem, fetched_url, identity
from generator.runtime.folders import Templates

REFERENCE = re.compile(
    r"""h(?<!\wh)ref\s*=\s*(?:"([^"]*)"|'([^']*)')"""
    r"""|[uU][rR][lL]\(\s*['"]?([^)'"]*)|@(?i:import)\s*["']([^"']*)"""
)
"""A file an SVG names: an ``href`` attribute, a CSS ``url(...)`` or an ``@import`` (CSS
words in any case, the space after ``@import`` optional, as cairosvg's CSS parser reads them).
``href`` starts a word (``xlink:href``, not ``data-xhref``); its check, ``(?<!\\wh)``, stands
after the ``h`` so that every alternative begins with a plain character or two, which lets
Python's regex engine jump from one candidate to the next instead of trying each position."""
REFERENCE_MARKS = ("href", "url(", "@import")
"""What every :data:`REFERENCE` contains, in lower case: an SVG whose lower-case text holds
none of them names no file."""
MAX_REFERENCES = 100
"""The most files (``href``, ``url()``, ``@import``, each written differently) a face may name:
no shipped face names any; each one is read to be checked, and again to key the drawn face."""


def named_files(svg: str) -> list[str]:
    """What ``svg`` refers to outside itself, in order: every :data:`REFERENCE` but fragments
    (``#id``) and blanks."""
    lowered = svg.lower()
    if not any(mark in lowered for mark in REFERENCE_MARKS):
        return []
    found = (next(g for g in match.groups() if g is not None) for match in REFERENCE.finditer(svg))
    return [reference for reference in found if reference.strip() and not reference.startswith("#")]


def file_named(reference: str) -> str:
    """What of ``reference`` decides what is read: of a file (no scheme, or ``file:``), all
    but its query and fragment, which the build reads the file without; anything else whole."""
    try:
        scheme = urlsplit(reference).scheme
    except ValueError:
        return reference
    if scheme not in ("", "file"):
        return reference
    return reference.partition("#")[0].partition("?")[0]


def file_problem(reference: str, folder: Templates) -> str | None:
    """Faces share their references (every wagon names the same icons): check each once, as
    long as the file it names stays the same one (``pnp serve`` checks again after an edit)."""
    return _judged(reference, folder, _named_identity(reference, folder))


@lru_cache(maxsize=1024)
def _judged(reference: str, folder: Templates, known: Identity | None) -> str | None:
    return asset_problem(reference, folder)


def _named_identity(reference: str, folder: Templates) -> Identity | None:
    """The :data:`~generator.render.assets.Identity` of the file ``reference`` names (``None``
    for none, or one that cannot be found)."""
    try:
        return identity(Fetcher(folder).path(fetched_url(reference, f"{folder}/")))
    except (DrawError, OSError, ValueError):
        return None
