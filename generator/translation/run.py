"""``pnp i18n export`` and ``pnp i18n import``: the steps, from the card data to PO files and
back.

Export writes ``OUT/<game>/<game>.pot`` (the template: every English text) and
``OUT/<game>/<lang>.po`` for each language asked for, and the same under ``OUT/<expansion>/``
for an expansion's own texts (:mod:`~generator.translation.owners`), through the staging
writer, so nothing lands outside ``--out`` and a failed export leaves earlier files. Import
reads every PO file first and writes nothing while any has a problem; then each language's
locale file (the game's, or the expansion's) is rewritten in place
(:mod:`~generator.translation.yaml_file`), the English it was translated from is kept
(:mod:`~generator.translation.sources`), and the games are checked as a build would check them:
if that finds a problem (a text too long for its box), every file the import wrote is put back
as it was. A translation of part of the texts is no problem: its language is a translation in
progress (:class:`~generator.model.Draft`).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator.language_rules import english_name
from generator.languages import SOURCE
from generator.load.expansions import Expansion
from generator.load.locales import language_problem
from generator.load.yaml_reader import MAX_YAML_BYTES, inside
from generator.model import Locale
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.runtime.folders import discover_games
from generator.runtime.reading import links_out, size
from generator.runtime.writer import OutputError, Writer
from generator.translation.owners import Owned, Owner, Owners, load_owned
from generator.translation.po import Translated, english_of, po_file, read_po
from generator.translation.sources import FOLDER, English, read_sources, sources_file, sources_text
from generator.translation.yaml_file import file_text, updated

FILE_MODE = 0o644
"""A new locale file's permissions, as a checkout's files have them (mkstemp's are 0600)."""
Comments = Callable[[Owner], Mapping[str, str]]
"""Where each text of a game (or of an expansion laid over it) is printed, by key, for the
translator's comments."""
Check = Callable[[tuple[str, ...]], object]
"""Checks the games an import wrote into as a build would, raising ``DataError``."""


@dataclass(frozen=True)
class Exported:
    """One PO (or POT) file written, and what is left to translate in it."""

    path: Path
    texts: int
    untranslated: int
    fuzzy: int

    def __str__(self) -> str:
        if self.path.suffix == ".pot":
            return f"{self.path}: template, {self._count}"
        done = (
            "all translated"
            if not (self.untranslated or self.fuzzy)
            else (f"{self.untranslated} to translate, {self.fuzzy} fuzzy")
        )
        return f"{self.path}: {self._count}, {done}"

    @property
    def _count(self) -> str:
        return f"{self.texts} text{'' if self.texts == 1 else 's'}"


def export(
    data_dir: Path,
    games: tuple[str, ...],
    langs: tuple[str, ...],
    out: Path,
    comments: Comments,
    expansions: tuple[Expansion, ...] = (),
) -> list[Exported]:
    """The POT file of each of ``games`` and ``expansions`` (every game when there are
    neither) and a PO file per language of ``langs``."""
    names = games or (() if expansions else tuple(discover_games(data_dir)))
    unknown = [name for name in names if name not in discover_games(data_dir)]
    if unknown:
        known = ", ".join(discover_games(data_dir))
        raise UsageError(f"unknown game {unknown[0]!r} (the card data has: {known})")
    for lang in langs:
        if problem := language_problem(lang):
            raise UsageError(f"--lang {problem}")
    problems: list[Problem] = []
    owners = [Owner(data_dir, name) for name in names]
    owners += [Owner(data_dir, expansion.game, expansion) for expansion in expansions]
    found = [owned for owner in owners if (owned := load_owned(owner, problems))]
    kept = {
        (owner.name, lang): read_sources(owner.folder, lang, _sources_log(owner, lang, problems))
        for owner in owners
        for lang in langs
    }
    if problems:
        raise DataError(problems)
    writer = Writer(out)
    written: list[Exported] = []
    try:
        for owned in found:
            owner, where = owned.owner, comments(owned.owner)
            template = po_file(owner, owned.english_for(SOURCE), None, {}, where)
            files = {f"{owner.name}.pot": template}
            for lang in langs:
                target = owned.own.get(lang) or Locale(lang, lang, "", {}, {})
                sources = kept[(owner.name, lang)]
                made = po_file(owner, owned.english_for(lang), target, sources, where)
                files[f"{lang}.po"] = made
            for file_name, made in files.items():
                path = out / owner.name / file_name
                writer.write_bytes(path, str(made).encode("utf-8"))
                untranslated = len(made.untranslated_entries())
                written.append(Exported(path, len(made), untranslated, len(made.fuzzy_entries())))
        writer.commit()
    finally:
        writer.discard()
    return written


def _sources_log(owner: Owner, lang: str, problems: list[Problem]) -> ProblemLog:
    """Where a problem of a sources file goes: under its own name."""
    return ProblemLog(owner.file(f"{FOLDER}/{lang}"), problems)


@dataclass(frozen=True)
class Imported:
    """One PO file written into its locale file."""

    po: Path
    owner: Owner
    lang: str
    changed: int
    fuzzy: int
    locale: Path
    lines: dict[str, int]
    """The line of each text's entry in the PO file, by key."""
    has: int
    """How many of the English texts its PO file holds the locale file holds now."""
    texts: int
    """How many English texts its PO file holds."""

    @property
    def game(self) -> str:
        return self.owner.game

    @property
    def locale_file(self) -> str:
        """The locale file as a problem names it (``gears/locales/de.yaml``)."""
        return self.owner.file(self.lang)

    def __str__(self) -> str:
        fuzzy = f"; {self.fuzzy} fuzzy left out" if self.fuzzy else ""
        changed = f"{self.changed} text{'s' if self.changed != 1 else ''} changed"
        done = f"all {self.texts}" if self.has == self.texts else f"{self.has} of {self.texts}"
        progress = f"{self.lang}: {done} texts translated"
        return f"{self.po} -> {self.locale}: {changed}{fuzzy}; {progress}"


def in_po_files(problems: list[Problem], done: list[Imported]) -> list[Problem]:
    """``problems``, those of an imported text moved to its entry in the PO file: the file the
    translator works in (a text too long for its box, a character that cannot be printed)."""
    entries = {
        (imported.locale_file, key): (imported, line)
        for imported in done
        for key, line in imported.lines.items()
    }
    moved = []
    for problem in problems:
        found = entries.get((problem.file, problem.where))
        if found is None:
            moved.append(problem)
            continue
        imported, line = found
        moved.append(Problem(str(imported.po), line, problem.where, problem.what))
    return moved


def import_files(
    data_dir: Path,
    files: tuple[Path, ...],
    expansions: tuple[Expansion, ...] = (),
    check: Check | None = None,
) -> list[Imported]:
    """Write the translations of ``files`` into the locale files of their games, or of the
    ``expansions`` whose texts they are, then ``check`` those games (if given). Nothing is
    written while any file has a problem (the files written to are checked first too); a
    problem the check finds is reported at its entry in the PO file, and every file written is
    put back as it was."""
    problems: list[Problem] = []
    owners = [Owner(data_dir, game) for game in discover_games(data_dir)]
    owners += [Owner(data_dir, expansion.game, expansion) for expansion in expansions]
    owned = Owners(owners, problems)
    read = [(path, read_po(path, str(path), owned, problems)) for path in files]
    kept: dict[tuple[str, str], dict[str, English]] = {}
    for _, translated in read:
        if translated is not None:
            refused = _target_problems(translated.owner, translated.lang)
            problems += refused
            if refused:
                continue
            owner, lang = translated.owner, translated.lang
            kept[(owner.name, lang)] = read_sources(
                owner.folder, lang, _sources_log(owner, lang, problems)
            )
    problems += [big for path, translated in read if (big := _oversized(path, translated))]
    if problems:
        raise DataError(problems)
    made = [
        (path, translated, _made(translated, owned[translated.owner.name]))
        for path, translated in read
        if translated
    ]
    too_large = [_too_large(path, translated, text) for path, translated, (_, text) in made]
    if any(too_large):
        raise DataError([problem for problem in too_large if problem is not None])
    written = _Written()
    try:
        done = [
            _write(path, translated, texts, owned[translated.owner.name], kept, written)
            for path, translated, texts in made
        ]
        try:
            if check is not None:
                check(tuple(dict.fromkeys(imported.game for imported in done)))
        except DataError as error:
            raise DataError(in_po_files(error.problems, done)) from None
    except BaseException:
        written.put_back()
        raise
    return done


@dataclass
class _Written:
    """The files an import wrote, each with what it held before (``None``: it was not there),
    and the folders it made: to put back as they were if the import fails."""

    files: list[tuple[Path, str | None]] = field(default_factory=list)
    folders: list[Path] = field(default_factory=list)

    def put_back(self) -> None:
        """Every file as it was, last written first, then the folders made (now empty)."""
        for path, before in reversed(self.files):
            if before is None:
                path.unlink(missing_ok=True)
            else:
                _replace(path, before)
        for folder in reversed(self.folders):
            folder.rmdir()


def _oversized(po: Path, translated: Translated | None) -> Problem | None:
    """A translation whose texts alone hold more than a locale file may: found before the
    file is written out (a second a megabyte), since the file holds every text of it and
    more."""
    if translated is None:
        return None
    held = sum(
        len(form.encode())
        for text in translated.texts.values()
        for form in (text.values() if isinstance(text, dict) else [text])
    )
    return _too_large_problem(po, translated) if held > MAX_YAML_BYTES else None


def _made(translated: Translated, owned: Owned) -> tuple[str | None, str]:
    """The locale file's text now (``None``: there is none yet) and with the translation."""
    owner, folder = translated.owner, translated.owner.folder
    current = file_text(folder / f"{translated.lang}.yaml", owner.root)
    english = file_text(folder / f"{SOURCE}.yaml", owner.root) or ""
    title, language = owned.english.text("title") or owner.game, english_name(translated.lang)
    words = f"Every word {owner.name} adds to" if owner.expansion else "Every word printed on"
    header = f"{words} the {title} cards, in {language}. "
    header += "Written for this\nproject (translated with pnp i18n export / import)."
    return current, updated(current, english, translated.texts, header)


def _too_large(po: Path, translated: Translated, text: str) -> Problem | None:
    """A translation that would make its locale file larger than pnp reads: refused before
    anything is written, rather than written and then refused by every build."""
    return _too_large_problem(po, translated) if len(text.encode()) > MAX_YAML_BYTES else None


def _too_large_problem(po: Path, translated: Translated) -> Problem:
    locale = translated.owner.file(translated.lang)
    what = f"would make {locale} larger than {size(MAX_YAML_BYTES)}, more than a locale file may be"
    return Problem(str(po), 0, "", what)


def _target_problems(owner: Owner, lang: str) -> list[Problem]:
    """The files an import writes must be plain files (or not there yet) in plain folders of
    the card data (or of the expansion): a link out of it, or a folder where a file goes, is
    refused before anything is written."""
    folder, root = owner.folder, owner.root
    targets = [
        (folder, True),
        (folder / f"{lang}.yaml", False),
        (folder / FOLDER, True),
        (sources_file(folder, lang), False),
    ]
    for path, is_folder in targets:  # the first refused is reported (what is below it is too)
        shown = owner.shown(path)
        if (path.exists() or path.is_symlink()) and not inside(path, root):
            what = links_out(root.name, os.path.realpath(path))
            return [Problem(shown, 0, "", what)]
        if path.exists() and path.is_dir() != is_folder:
            what = "a file where a folder goes" if is_folder else "a folder where a file goes"
            return [Problem(shown, 0, "", what)]
    return []


def _write(
    po: Path,
    translated: Translated,
    texts: tuple[str | None, str],
    owned: Owned,
    kept: dict[tuple[str, str], dict[str, English]],
    written: _Written,
) -> Imported:
    """Write the locale file's text made from the translation (``texts``: now and then), and
    the English its texts were translated from, noting each file in ``written``."""
    owner, lang = translated.owner, translated.lang
    path = owner.folder / f"{lang}.yaml"
    current, text = texts
    if text != current and (current is not None or translated.texts):
        written.files.append((path, current))
        _replace(path, text)
    english = owned.english_for(lang).flat
    if lang != SOURCE and translated.texts:
        _remember_sources(translated, kept[(owner.name, lang)], list(english), written)
    before = owned.own.get(lang)
    changed = sum(
        1
        for key, new in translated.texts.items()
        if before is None or key not in before.flat or english_of(before.flat[key]) != new
    )
    held = {*(before.flat if before else ()), *translated.texts}
    has = sum(1 for key in english if key in held)
    return Imported(
        po, owner, lang, changed, translated.fuzzy, path, translated.lines, has, len(english)
    )


def _remember_sources(
    translated: Translated, sources: dict[str, English], order: list[str], written: _Written
) -> None:
    """Keep the English each imported text was translated from (for later fuzzy marks), in
    the English file's order."""
    merged = {**sources, **translated.made_from}
    ordered = {key: merged[key] for key in [*order, *merged] if key in merged}
    path = sources_file(translated.owner.folder, translated.lang)
    text = sources_text(translated.lang, ordered)
    before = file_text(path, translated.owner.root)
    if before != text:
        if not path.parent.is_dir():
            path.parent.mkdir()
            written.folders.append(path.parent)
        written.files.append((path, before))
        _replace(path, text)


def _replace(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a file beside it, renamed over it); a
    full disk or a read-only folder is one line naming the file."""
    try:
        handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        os.chmod(scratch, stat.S_IMODE(path.stat().st_mode) if path.exists() else FILE_MODE)
        os.replace(scratch, path)
    except OSError as error:
        Path(scratch).unlink(missing_ok=True)
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    except BaseException:
        Path(scratch).unlink(missing_ok=True)
        raise
