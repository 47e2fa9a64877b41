"""Locale files: every printed word of a game in one language, read with where each text is.

A game's ``locales/<lang>.yaml`` files are laid over by each expansion's key by key. Two
languages the files do not hold whole can be made on request (:class:`Languages`):

- the pseudo-locale ``qps``, made from English: accented letters and every text 40 % longer,
  so each box that will overflow in a long language shows before anyone translates
  (:func:`~generator.load.made_locales.pseudo`);
- a fallback: with ``--fallback en``, a text a language lacks is printed in English, so a
  partial translation can be printed and checked while it is being made.

A text with plural forms is a mapping of CLDR categories (:mod:`generator.language_rules`).
Which texts each locale holds against the others (misspelt keys, missing translations, drafts)
is judged in :mod:`~generator.load.locale_coverage`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.language_rules import CATEGORIES, COUNT, categories
from generator.languages import (
    AS_WRITTEN,
    LOCALES,
    PSEUDO,
    REQUIRED,
    SOURCE,
    Languages,
    no_locale,
)
from generator.load.expansions import Expansion
from generator.load.locale_coverage import check_translations_complete, odd_keys
from generator.load.made_locales import borrowed, leaves, pseudo_locale, with_fallback
from generator.load.placeholders import formatted_problem
from generator.load.yaml_reader import Mapping, load_yaml
from generator.model import Draft, Locale, Plural, Text
from generator.problems import ProblemLog, UsageError, shown

LANG_PATTERN = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
"""Control characters but the line breaks and the tab: SVG cannot hold most of them (a NUL
ends the card's document), and none is a letter to print."""


Unprintable = Callable[[str], str | None]
"""What of a text the print cannot show, in a problem's words (``None``: all of it prints).
The loader asks, at each text's own line; the render stage, which knows the fonts, answers
(:func:`generator.render.fonts.unprintable`, handed in by the front door and the translation
round trip). A caller that only reads the texts for a note asks nothing."""


def load_locales(
    data_dir: Path,
    game_id: str,
    expansions: tuple[Expansion, ...],
    log: ProblemLog,
    languages: Languages = AS_WRITTEN,
    complete: bool = True,
    unprintable: Unprintable | None = None,
) -> dict[str, Locale]:
    """The game's locale files, each expansion's laid over them key by key (a language only an
    expansion has is its own), with the languages ``languages`` asks to be made; ``complete``:
    whether a text one language has and another lacks is a problem in every language (it is,
    but for a translator exporting the texts still to translate). A text ``unprintable`` finds
    fault with is a problem at its line."""
    locales = read_locales(data_dir, game_id, expansions, log, unprintable)
    if not complete:
        return _made(locales, languages)
    return printed_locales(locales, log, languages, None)[0]


def printed_locales(
    written: dict[str, Locale],
    log: ProblemLog,
    languages: Languages = AS_WRITTEN,
    required: Collection[str] | None = REQUIRED,
) -> tuple[dict[str, Locale], dict[str, Draft]]:
    """The locales a game prints in, from those ``written`` (:func:`read_locales`), and its
    translations in progress: the locale of a language ``required`` does not name (every
    language when ``None``; English always) that lacks texts is a :class:`Draft`, not a
    problem. A key only one file has, which the others show to be misspelt, is a problem at
    its line, once (``did you mean 'title'?``), and the key it meant is not also missing
    there."""
    slips = odd_keys(written, log)
    locales = _made(written, languages)
    drafts = check_translations_complete(locales, slips, log, required)
    return {lang: locale for lang, locale in locales.items() if lang not in drafts}, drafts


def read_locales(
    data_dir: Path,
    game_id: str,
    expansions: tuple[Expansion, ...],
    log: ProblemLog,
    unprintable: Unprintable | None = None,
) -> dict[str, Locale]:
    """The locale files as written, each expansion's laid over the game's."""
    locales: dict[str, Locale] = {}
    folders = [(data_dir / game_id, f"{game_id}/locales", data_dir)]
    folders += [(e.folder, e.label(LOCALES), e.folder) for e in expansions]
    for folder, label, root in folders:
        files = sorted((folder / LOCALES).glob("*.yaml"))
        if not files and folder == data_dir / game_id:
            log.for_file(label).add(
                0, "", "no locale files: every printed word must come from locales/<lang>.yaml"
            )
        for path in files:
            loaded = _load_locale(path, f"{label}/{path.name}", root, log, unprintable)
            if loaded is None:
                continue
            if path.stem in locales:
                _overlay(locales[path.stem].texts, loaded.texts)
                locales[path.stem].flat.clear()
                locales[path.stem].flat.update(leaves(locales[path.stem].texts))
            else:
                locales[path.stem] = loaded
    last = f"{expansions[-1].label('locales')}/" if expansions else None
    for lang, locale in locales.items():
        language = locale.flat.get("language")
        if language is None:
            missing = "missing: the language's own name, like 'Українська'"
            log.for_file(locale.file).add(1, "language", missing)
        adds_to = f"{last}{lang}.yaml" if last else locale.file
        locales[lang] = replace(locale, language=str(language or lang), adds_to=adds_to)
    return locales


def _made(locales: dict[str, Locale], languages: Languages) -> dict[str, Locale]:
    """``locales`` with the languages ``languages`` makes: the pseudo-locale, and every
    text a language lacks taken from the fallback."""
    if languages.pseudo and SOURCE in locales and PSEUDO not in locales:
        locales[PSEUDO] = pseudo_locale(locales[SOURCE])
    if languages.fallback in locales:
        for lang, locale in locales.items():
            locales[lang] = with_fallback(locale, locales[languages.fallback])
    return locales


def language_problem(lang: str) -> str | None:
    """Why ``lang`` cannot name a language to translate into, if it cannot."""
    if not LANG_PATTERN.fullmatch(lang):
        return f"{lang!r} is not a language code like 'de' or 'pt-BR'"
    if lang == PSEUDO:
        return f"{PSEUDO} is the pseudo-language pnp makes from English (--lang {PSEUDO})"
    return None


def fallback_notes(
    data_dir: Path,
    game: str,
    expansions: tuple[Expansion, ...],
    fallback: str,
    langs: tuple[str, ...] = (),
) -> list[str]:
    """One line for each text a language of ``langs`` (every one when empty) lacks and will
    print in ``fallback``: what a translator still has to translate, listed once per text."""
    locales = load_locales(data_dir, game, expansions, ProblemLog("", []), complete=False)
    if fallback not in locales:
        raise UsageError(f"--fallback {fallback}: {no_locale(game, [fallback], locales)}")
    return [
        f"{locale.adds_to}: {key}: missing, printed in {fallback} (--fallback)"
        for lang, locale in locales.items()
        if lang != fallback and (not langs or lang in langs)
        for key in borrowed(locale, locales[fallback])
    ]


def _load_locale(
    path: Path, file: str, root: Path, log: ProblemLog, unprintable: Unprintable | None
) -> Locale | None:
    locale_log = log.for_file(file)
    if not LANG_PATTERN.fullmatch(path.stem):
        locale_log.add(0, "", "a locale file is named by its language code, like 'en.yaml'")
        return None
    raw = load_yaml(path, locale_log, root)
    if not isinstance(raw, Mapping):
        if raw is not None:
            locale_log.add(1, "", "expected a mapping of texts")
        return None
    flat: dict[str, Text] = {}
    _collect_texts(raw, "", _Reading(path.stem, file, flat, locale_log, unprintable))
    return Locale(path.stem, path.stem, file, raw, flat)


def _overlay(texts: Any, extra: Any) -> None:
    """Lay the texts of ``extra`` over ``texts``: a key both map to a mapping is merged key by
    key, any other key of ``extra`` replaces what ``texts`` had."""
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(texts.get(key), Mapping):
            _overlay(texts[key], value)
            continue
        texts[key] = value
        texts.lines.setdefault(key, extra.line_of(key))


@dataclass
class _Reading:
    """One locale file being read: its language, name, texts so far and problems."""

    lang: str
    file: str
    flat: dict[str, Text]
    log: ProblemLog
    unprintable: Unprintable | None


def _collect_texts(node: Mapping, prefix: str, reading: _Reading) -> None:
    """Turn every leaf into a located :class:`Text` (a mapping of plural categories into a
    :class:`Plural`), checking it is printable text."""
    for key, value in node.items():
        path, line = f"{prefix}{key}", node.line_of(key)
        if isinstance(value, Mapping) and value and set(value) <= set(CATEGORIES):
            node[key] = reading.flat[path] = _plural(value, path, line, reading)
        elif isinstance(value, Mapping):
            _collect_texts(value, f"{path}.", reading)
        elif (text := _text(value, path, line, reading)) is not None:
            node[key] = reading.flat[path] = text


def _plural(forms: Mapping, path: str, line: int, reading: _Reading) -> Plural:
    """A text with plural forms, which must be those CLDR gives the file's language. A form is
    chosen by a count, which every form is given as ``{count}``: a ``{count:...}`` in one is
    reported here, whichever summary or template prints the text."""
    needed = categories(reading.lang)
    for category in forms:
        if category not in needed:
            what = f"{category!r} is not a plural form of {reading.lang} (its forms: "
            reading.log.add(forms.line_of(category), path, f"{what}{', '.join(needed)})")
    missing = [category for category in needed if category not in forms]
    if missing:
        what = f"needs a form for each of {', '.join(needed)} (the plural forms of "
        what += f"{reading.lang}); {', '.join(map(repr, missing))} missing"
        reading.log.add(line, path, what)
    texts = {
        category: text
        for category, value in forms.items()
        if (text := _text(value, f"{path}.{category}", forms.line_of(category), reading))
    }
    for text in texts.values():
        if problem := formatted_problem(text, (COUNT,)):
            reading.log.add(text.line, path, problem)
    return Plural(texts, reading.file, line, path)


def _text(value: Any, path: str, line: int, reading: _Reading) -> Text | None:
    """The located text of a leaf, or ``None`` (and a problem) when it is not one."""
    if not isinstance(value, str) or not value.strip():
        got = shown(None if value in (None, "") else value)
        reading.log.add(line, path, f"expected a text, got {got}")
        return None
    if controls := sorted(set(_CONTROL.findall(value))):
        named = ", ".join(f"U+{ord(ch):04X}" for ch in controls)
        what = f"a control character ({named}) cannot be printed on a card"
        reading.log.add(line, path, what)
    if reading.unprintable and (fault := reading.unprintable(value)):
        reading.log.add(line, path, fault)
    return Text(value, reading.file, line, path)
