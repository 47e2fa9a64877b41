"""Where Jinja finds a game's templates: its folders, then ``templates/_common/``, each file read
through :mod:`generator.reading` like every other input.

Jinja's own ``FileSystemLoader`` opens what it finds, links and pipes included, and reads it
whole: a template linked to ``/dev/zero`` would fill the memory before any check refused it.
Here the first folder with anything of the template's name decides (as :class:`Templates`
finds a template), and what is there is judged before it is opened.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from generator.folders import Templates, search_path, shown, template_roots
from generator.reading import Refused, Within, read_bytes

MAX_TEMPLATE_BYTES = 256 * 1024
"""The largest template read (the largest shipped one, an icon sheet, is 18 KB; Jinja compiles
about 200 KB a second on a busy machine)."""


class ProjectLoader(jinja2.BaseLoader):
    """Loads a game's templates from its folders and the shared one: a link out of the
    template folders, a pipe or a file over :data:`MAX_TEMPLATE_BYTES` is refused unread."""

    def __init__(self, folder: Templates) -> None:
        self.folder = folder
        self.within = Within(template_roots(folder), "templates")

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses '..'
        for place in search_path(self.folder):
            path = place.joinpath(*pieces)
            if os.path.lexists(path):
                return self._source(path), str(path), _unchanged(path)
        raise jinja2.TemplateNotFound(template)

    def _source(self, path: Path) -> str:
        """The text of the template at ``path``, or the template error that names it."""
        name = shown(path, self.folder)
        try:
            data = read_bytes(path, self.within, MAX_TEMPLATE_BYTES)
        except Refused as refused:
            raise jinja2.TemplateError(refusal(name, refused.what)) from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            what = f"{name}: byte 0x{data[error.start]:02X} on line {line} is not UTF-8"
            raise jinja2.TemplateError(what) from None


def refusal(name: str, what: str) -> str:
    """``<template> links outside templates/ (...)``, ``<template>: a named pipe, ...``: a
    template refused, as a problem says it."""
    return f"{name} {what}" if what.startswith("links outside") else f"{name}: {what}"


def template_text(path: Path, folder: Templates) -> str:
    """The text of a template of ``folder`` (for finding the line that names something), or
    nothing if it may not be read; bytes that are not UTF-8 are replaced."""
    try:
        data = read_bytes(path, Within(template_roots(folder), "templates"), MAX_TEMPLATE_BYTES)
    except Refused:
        return ""
    return data.decode("utf-8", errors="replace")


def _unchanged(path: Path) -> Callable[[], bool]:
    """Whether the template is still the one loaded (Jinja asks before reusing it: the preview
    re-renders after an edit)."""
    with contextlib.suppress(OSError):
        loaded = os.stat(path).st_mtime_ns

        def unchanged() -> bool:
            try:
                return os.stat(path).st_mtime_ns == loaded
            except OSError:
                return False

        return unchanged
    return lambda: False
