"""``pnp i18n export`` and ``pnp i18n import``: the steps, from the card data to PO files and
back.

Export writes ``OUT/<game>/<game>.pot`` (the template: every English text) and
``OUT/<game>/<lang>.po`` for each language asked for, through the staging writer, so nothing
lands outside ``--out`` and a failed export leaves earlier files. Import reads every PO file
first and writes nothing while any has a problem; then each language's locale file is
rewritten in place (:mod:`~generator.translation.yaml_file`) and the English it was translated
from is kept (:mod:`~generator.translation.sources`).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.folders import discover_games
from generator.language_rules import english_name
from generator.languages import LOCALES, SOURCE
from generator.loading import MAX_YAML_BYTES, inside
from generator.locales import MISSING, language_problem, load_locales
from generator.model import Locale
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.reading import links_out, size
from generator.translation.po import Translated, english_of, po_file, read_po
from generator.translation.sources import FOLDER, English, read_sources, sources_file, sources_text
from generator.translation.yaml_file import file_text, updated
from generator.writer import OutputError, Writer

FILE_MODE = 0o644
"""A new locale file's permissions, as a checkout's files have them (mkstemp's are 0600)."""
NOT_TRANSLATED = "not translated yet (its msgstr is empty, or marked fuzzy)"
Comments = Callable[[str], Mapping[str, str]]
"""Where each text of a game is printed, by key, for the translator's comments."""


@dataclass(frozen=True)
class Exported:
    """One PO (or POT) file written, and what is left to translate in it."""

    path: Path
    texts: int
    untranslated: int
    fuzzy: int

    def __str__(self) -> str:
        if self.path.suffix == ".pot":
            return f"{self.path}: template, {self.texts} texts"
        done = (
            "all translated"
            if not (self.untranslated or self.fuzzy)
            else (f"{self.untranslated} to translate, {self.fuzzy} fuzzy")
        )
        return f"{self.path}: {self.texts} texts, {done}"


def export(
    data_dir: Path, games: tuple[str, ...], langs: tuple[str, ...], out: Path, comments: Comments
) -> list[Exported]:
    """The POT file of each of ``games`` (every game when empty) and a PO file per language
    of ``langs``."""
    names = games or tuple(discover_games(data_dir))
    unknown = [name for name in names if name not in discover_games(data_dir)]
    if unknown:
        known = ", ".join(discover_games(data_dir))
        raise UsageError(f"unknown game {unknown[0]!r} (the card data has: {known})")
    for lang in langs:
        if problem := language_problem(lang):
            raise UsageError(f"--lang {problem}")
    problems: list[Problem] = []
    found = {name: _locales(data_dir, name, problems) for name in names}
    kept = {
        (name, lang): read_sources(
            data_dir / name / LOCALES, lang, _sources_log(name, lang, problems)
        )
        for name in names
        for lang in langs
    }
    if problems:
        raise DataError(problems)
    writer = Writer(out)
    written: list[Exported] = []
    try:
        for name, locales in found.items():
            english, where = locales[SOURCE], comments(name)
            files = {f"{name}.pot": po_file(name, english, None, {}, where)}
            for lang in langs:
                target = locales.get(lang) or Locale(lang, lang, "", {}, {})
                files[f"{lang}.po"] = po_file(name, english, target, kept[(name, lang)], where)
            for file_name, made in files.items():
                path = out / name / file_name
                writer.write_bytes(path, str(made).encode("utf-8"))
                untranslated = len(made.untranslated_entries())
                written.append(Exported(path, len(made), untranslated, len(made.fuzzy_entries())))
        writer.commit()
    finally:
        writer.discard()
    return written


def _sources_log(game: str, lang: str, problems: list[Problem]) -> ProblemLog:
    """Where a problem of a sources file goes: under its own name."""
    return ProblemLog(f"{game}/{LOCALES}/{FOLDER}/{lang}.yaml", problems)


def _locales(data_dir: Path, game: str, problems: list[Problem]) -> dict[str, Locale]:
    """The game's locales as its files hold them: a text a language lacks is what the
    translator is asked for, not a problem here."""
    found: list[Problem] = []
    locales = load_locales(data_dir, game, (), ProblemLog("", found), complete=False)
    problems += found
    if SOURCE not in locales and not found:
        file = f"{game}/{LOCALES}/{SOURCE}.yaml"
        problems.append(Problem(file, 0, "", "no English locale: texts are translated from it"))
    return locales


@dataclass(frozen=True)
class Imported:
    """One PO file written into its locale file."""

    po: Path
    game: str
    lang: str
    changed: int
    fuzzy: int
    locale: Path
    lines: dict[str, int]
    """The line of each text's entry in the PO file, by key."""

    @property
    def locale_file(self) -> str:
        """The locale file as a problem names it (``gears/locales/de.yaml``)."""
        return f"{self.game}/{LOCALES}/{self.lang}.yaml"


def in_po_files(problems: list[Problem], done: list[Imported]) -> list[Problem]:
    """``problems``, those of an imported text moved to its entry in the PO file: the file the
    translator works in (a text too long for its box, one still missing)."""
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
        what = NOT_TRANSLATED if problem.what.startswith(MISSING) else problem.what
        moved.append(Problem(str(imported.po), line, problem.where, what))
    return moved


def import_files(data_dir: Path, files: tuple[Path, ...]) -> list[Imported]:
    """Write the translations of ``files`` into the locale files of their games; nothing is
    written while any file has a problem (the files written to are checked first too)."""
    problems: list[Problem] = []
    games = {game: _locales(data_dir, game, problems) for game in discover_games(data_dir)}
    translatable = {game: found for game, found in games.items() if SOURCE in found}
    read = [(path, read_po(path, str(path), translatable, problems)) for path in files]
    kept: dict[tuple[str, str], dict[str, English]] = {}
    for _, translated in read:
        if translated is not None:
            refused = _target_problems(data_dir, translated)
            problems += refused
            if refused:
                continue
            folder = data_dir / translated.game / LOCALES
            log = ProblemLog(
                f"{translated.game}/{LOCALES}/{FOLDER}/{translated.lang}.yaml", problems
            )
            kept[(translated.game, translated.lang)] = read_sources(folder, translated.lang, log)
    if problems:
        raise DataError(problems)
    made = [
        (path, translated, _made(data_dir, translated, games[translated.game]))
        for path, translated in read
        if translated
    ]
    too_large = [_too_large(path, translated, text) for path, translated, (_, text) in made]
    if any(too_large):
        raise DataError([problem for problem in too_large if problem is not None])
    return [
        _write(data_dir, path, translated, texts, games[translated.game], kept)
        for path, translated, texts in made
    ]


def _made(
    data_dir: Path, translated: Translated, locales: dict[str, Locale]
) -> tuple[str | None, str]:
    """The locale file's text now (``None``: there is none yet) and with the translation."""
    folder = data_dir / translated.game / LOCALES
    current = file_text(folder / f"{translated.lang}.yaml", data_dir)
    english = file_text(folder / f"{SOURCE}.yaml", data_dir) or ""
    title, language = locales[SOURCE].text("title"), english_name(translated.lang)
    header = f"Every word printed on the {title or translated.game} cards, in {language}. "
    header += "Written for this\nproject (translated with pnp i18n export / import)."
    return current, updated(current, english, translated.texts, header)


def _too_large(po: Path, translated: Translated, text: str) -> Problem | None:
    """A translation that would make its locale file larger than pnp reads: refused before
    anything is written, rather than written and then refused by every build."""
    if len(text.encode()) <= MAX_YAML_BYTES:
        return None
    locale = f"{translated.game}/{LOCALES}/{translated.lang}.yaml"
    what = f"would make {locale} larger than {size(MAX_YAML_BYTES)}, more than a locale file may be"
    return Problem(str(po), 0, "", what)


def _target_problems(data_dir: Path, translated: Translated) -> list[Problem]:
    """The files an import writes must be plain files (or not there yet) in plain folders of
    the card data: a link out of it, or a folder where a file goes, is refused before anything
    is written."""
    folder = data_dir / translated.game / LOCALES
    targets = [
        (folder, True),
        (folder / f"{translated.lang}.yaml", False),
        (folder / FOLDER, True),
        (sources_file(folder, translated.lang), False),
    ]
    for path, is_folder in targets:  # the first refused is reported (what is below it is too)
        shown = path.relative_to(data_dir).as_posix()
        if (path.exists() or path.is_symlink()) and not inside(path, data_dir):
            what = links_out(data_dir.name, os.path.realpath(path))
            return [Problem(shown, 0, "", what)]
        if path.exists() and path.is_dir() != is_folder:
            what = "a file where a folder goes" if is_folder else "a folder where a file goes"
            return [Problem(shown, 0, "", what)]
    return []


def _write(
    data_dir: Path,
    po: Path,
    translated: Translated,
    texts: tuple[str | None, str],
    locales: dict[str, Locale],
    kept: dict[tuple[str, str], dict[str, English]],
) -> Imported:
    """Write the locale file's text made from the translation (``texts``: now and then), and
    the English its texts were translated from."""
    path = data_dir / translated.game / LOCALES / f"{translated.lang}.yaml"
    current, text = texts
    if text != current and (current is not None or translated.texts):
        _replace(path, text)
    if translated.lang != SOURCE and translated.texts:
        sources = kept[(translated.game, translated.lang)]
        _remember_sources(data_dir, translated, sources, list(locales[SOURCE].flat))
    before = locales.get(translated.lang)
    changed = sum(
        1
        for key, new in translated.texts.items()
        if before is None or key not in before.flat or english_of(before.flat[key]) != new
    )
    return Imported(
        po, translated.game, translated.lang, changed, translated.fuzzy, path, translated.lines
    )


def _remember_sources(
    data_dir: Path, translated: Translated, sources: dict[str, English], order: list[str]
) -> None:
    """Keep the English each imported text was translated from (for later fuzzy marks), in
    the English file's order."""
    merged = {**sources, **translated.made_from}
    ordered = {key: merged[key] for key in [*order, *merged] if key in merged}
    path = sources_file(data_dir / translated.game / LOCALES, translated.lang)
    text = sources_text(translated.lang, ordered)
    if file_text(path, data_dir) != text:
        path.parent.mkdir(exist_ok=True)
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
