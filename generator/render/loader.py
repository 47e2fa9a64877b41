"""Where Jinja finds a game's templates: its folders, then ``templates/_common/``, each file read
through :mod:`generator.runtime.reading` like every other input.

Jinja's own ``FileSystemLoader`` opens what it finds, links and pipes included, and reads it
whole: a template linked to ``/dev/zero`` would fill the memory before any check refused it.
Here the first folder with anything of the template's name decides (as :class:`Templates`
finds a template), and what is there is judged before it is opened.

A game may have at most :data:`MAX_TEMPLATES` templates of :data:`MAX_TEMPLATE_SOURCE` bytes in
all: a process compiles each template it loads once, and makes an imported one's names once, on
a budget of their own (:meth:`~generator.render.budget.Budget.top_level`); an expansion of
thousands of templates would spend minutes there before any face were drawn. What a game has
is what its template folders hold, not what its faces have loaded so far: every face (in every
process of a build, with one worker or many, and in every command) meets the same verdict.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from generator.runtime.folders import Templates, search_path, shown, template_roots
from generator.runtime.reading import Refused, Within, read_bytes, size

MAX_TEMPLATE_BYTES = 256 * 1024
"""The largest template read (the largest shipped one, an icon sheet, is 18 KB; Jinja compiles
about 200 KB a second on a busy machine)."""
MAX_TEMPLATES = 200
"""The most templates a game may have: the ``*.j2`` files of its template folders (an
expansion's, its own, ``templates/_common/``; of one name, the one found first), and any other
file it loads as a template. A shipped game has at most 12 (and loads them all)."""
MAX_TEMPLATE_SOURCE = 1024 * 1024
"""The most bytes a game's templates may hold in all (a shipped game's, at most 36 KB): about
five seconds of compiling, once per process."""
FOLDER_DEPTH = 4
"""How deep in its template folders a game's templates are counted before any is loaded (a
template name has at most 3 folders, :data:`~generator.load.names.TEMPLATE_NAME`); one deeper is
counted as it is loaded."""


class ProjectLoader(jinja2.BaseLoader):
    """Loads a game's templates from its folders and the shared one: a link out of the
    template folders, a pipe or a file over :data:`MAX_TEMPLATE_BYTES` is refused unread, and
    every template of a game that has more than :data:`MAX_TEMPLATES` templates, or more than
    :data:`MAX_TEMPLATE_SOURCE` bytes of them."""

    def __init__(self, folder: Templates) -> None:
        self.folder = folder
        self.within = Within(template_roots(folder), "templates")
        self._sizes: dict[str, int] | None = None
        """The bytes of each template the game has, by the name that finds it: its folders'
        as they were first looked at, each one loaded since as it was last read (the preview
        reloads a template after an edit: its size is replaced, never added)."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        pieces = split_template_path(template)  # refuses '..'
        for place in search_path(self.folder):
            path = place.joinpath(*pieces)
            if os.path.lexists(path):
                name = "/".join(pieces)
                self._admit(name, path, 0)  # before it is read: the others, and one more
                source, read = self._source(path)
                self._admit(name, path, read)
                return source, str(path), _unchanged(path)
        raise jinja2.TemplateNotFound(template)

    def _admit(self, name: str, path: Path, read: int) -> None:
        """Refuse the template ``name`` (at ``path``, of ``read`` bytes: its size as it is
        now, 0 before it is read, so that an edit that shrinks it is never refused for its
        size before) if the game has too many templates, or too many bytes of them, with it."""
        sizes = self._known()
        sizes[name] = read
        count = len(sizes)
        if count > MAX_TEMPLATES:
            raise jinja2.TemplateError(
                f"{shown(path, self.folder)}: the game has more than {MAX_TEMPLATES} templates "
                f"(*.j2 files in its template folders): a game may have {MAX_TEMPLATES}"
            )
        if sum(sizes.values()) > MAX_TEMPLATE_SOURCE:
            raise jinja2.TemplateError(
                f"{shown(path, self.folder)}: the game's templates hold more than "
                f"{size(MAX_TEMPLATE_SOURCE)}: a game's templates may hold "
                f"{size(MAX_TEMPLATE_SOURCE)} in all"
            )

    def _known(self) -> dict[str, int]:
        """The templates the game has (:attr:`_sizes`), its folders looked at the first time."""
        if self._sizes is None:
            self._sizes = _templates(self.folder)
        return self._sizes

    def _source(self, path: Path) -> tuple[str, int]:
        """The text of the template at ``path``, and its bytes, or the template error that
        names it."""
        name = shown(path, self.folder)
        try:
            data = read_bytes(path, self.within, MAX_TEMPLATE_BYTES)
        except Refused as refused:
            raise jinja2.TemplateError(refusal(name, refused.what)) from None
        try:
            return data.decode("utf-8"), len(data)
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            what = f"{name}: byte 0x{data[error.start]:02X} on line {line} is not UTF-8"
            raise jinja2.TemplateError(what) from None


def _templates(folder: Templates) -> dict[str, int]:
    """The ``*.j2`` files of ``folder``'s template folders (to :data:`FOLDER_DEPTH` folders
    down), by the name that finds them, each with its size (a link or a pipe with none: what it
    holds is counted if it is loaded), looked at without opening any; past
    :data:`MAX_TEMPLATES` of them, no more are looked for."""
    sizes: dict[str, int] = {}
    for place in search_path(folder):
        folders: list[tuple[str, tuple[str, ...]]] = [(str(place), ())]
        while folders and len(sizes) <= MAX_TEMPLATES:
            directory, parts = folders.pop()
            try:
                with os.scandir(directory) as entries:
                    found = sorted(entries, key=lambda entry: entry.name)
            except OSError:
                continue
            for entry in found:
                if entry.is_dir(follow_symlinks=False):
                    if len(parts) < FOLDER_DEPTH:
                        folders.append((entry.path, (*parts, entry.name)))
                elif entry.name.endswith(".j2"):
                    sizes.setdefault("/".join((*parts, entry.name)), _file_size(entry))
    return sizes


def _file_size(entry: os.DirEntry[str]) -> int:
    """The size of a regular file (not followed if it is a link), else 0."""
    try:
        status = entry.stat(follow_symlinks=False)
    except OSError:
        return 0
    return status.st_size if stat.S_ISREG(status.st_mode) else 0


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
