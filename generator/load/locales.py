"""Locale files: every printed word of a game in one language, read with where each text is.

A game's ``locales/<lang>.yaml`` files are laid over by each expansion's key by key. Two
languages the files do not hold whole can be made on request (:class:`Languages`):

- the pseudo-locale ``qps``, made from English: accented letters and every text 40 % longer,
  so each box that will overflow in a long language shows before anyone translates
  (:func:`pseudo`);
- a fallback: with ``--fallback en``, a text a language lacks is printed in English, so a
  partial translation can be printed and checked while it is being made.

A text with plural forms is a mapping of CLDR categories (:mod:`generator.language_rules`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.language_rules import CATEGORIES, COUNT, categories
from generator.languages import (
    AS_WRITTEN,
    LOCALES,
    PSEUDO,
    PSEUDO_GROWTH,
    REQUIRED,
    SOURCE,
    Languages,
    no_locale,
)
from generator.load.expansions import Expansion
from generator.load.placeholders import formatted_problem
from generator.load.yaml_reader import Mapping, load_yaml
from generator.model import Draft, Locale, Plural, Text
from generator.problems import Problem, ProblemLog, UsageError, closest, shown, suggestion

LANG_PATTERN = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")
_ACCENTED = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçĎďÉéĜĝĤĥÎîĴĵĶķĹĺÑñÖöŔŕŠšŤťÛûŴŵÝýŽž",
)
MISSING = "missing translation"
"""What a text a language lacks is (the words every such problem starts with)."""
_PLACEHOLDER = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\})")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]")
"""Control characters but the line breaks and the tab: SVG cannot hold most of them (a NUL
ends the card's document), and none is a letter to print."""
_VOWELS = "aeiouyåéîöûý"


def load_locales(
    data_dir: Path,
    game_id: str,
    expansions: tuple[Expansion, ...],
    log: ProblemLog,
    languages: Languages = AS_WRITTEN,
    complete: bool = True,
) -> dict[str, Locale]:
    """The game's locale files, each expansion's laid over them key by key (a language only an
    expansion has is its own), with the languages ``languages`` asks to be made; ``complete``:
    whether a text one language has and another lacks is a problem in every language (it is,
    but for a translator exporting the texts still to translate)."""
    locales = read_locales(data_dir, game_id, expansions, log)
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
    slips = _odd_keys(written, log)
    locales = _made(written, languages)
    drafts = _check_translations_complete(locales, slips, log, required)
    return {lang: locale for lang, locale in locales.items() if lang not in drafts}, drafts


Unprintable = Callable[[str], str | None]
"""What of a text the print cannot show, in a problem's words (``None``: all of it prints).
The loader asks, at each text's own line; the render stage, which knows the fonts, answers
(:func:`generator.render.fonts.unprintable`, handed in by the front door). A caller that only
reads the texts (a note, a translator's export) asks nothing."""


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
                locales[path.stem].flat.update(_leaves(locales[path.stem].texts))
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


def borrowed(locale: Locale, fallback: Locale) -> list[str]:
    """The keys of texts ``fallback`` has and ``locale`` lacks, in ``fallback``'s order."""
    return [key for key in fallback.flat if key not in locale.flat]


def with_fallback(locale: Locale, fallback: Locale) -> Locale:
    """``locale`` with every text it lacks taken from ``fallback`` (as written there, with
    its file and line)."""
    keys = borrowed(locale, fallback)
    if not keys:
        return locale
    texts = _copy(_mapping(locale.texts))
    for key in keys:
        *path, last = key.split(".")
        node, source = texts, _mapping(fallback.texts)
        for part in path:
            source = source[part]
            if not isinstance(node.get(part), Mapping):
                node[part] = _empty_like(source)
                node.lines.setdefault(part, source.line)
            node = node[part]
        node[last] = fallback.flat[key]
        node.lines.setdefault(last, source.line_of(last))
    return replace(locale, texts=texts, flat=dict(_leaves(texts)))


def pseudo_locale(english: Locale) -> Locale:
    """The pseudo-locale: every English text through :func:`pseudo`, from English's lines."""
    texts = _pseudo_tree(_mapping(english.texts))
    return replace(english, lang=PSEUDO, language="Pseudo", texts=texts, flat=dict(_leaves(texts)))


def pseudo(text: str) -> str:
    """``text`` with accented letters and 40 % longer, in brackets that show where a box cut
    it short; ``{placeholders}`` are kept. Each word grows by repeating its vowels, so words
    get longer as in a long language and lines break as they would. A text of capitals alone
    (a row of position letters: ``ABCDE``) keeps its length, since each letter stands for one
    position."""
    if text.isalpha() and text.isupper():
        return text.translate(_ACCENTED)
    grown = [_grown(part) if not _PLACEHOLDER.fullmatch(part) else part for part in _split(text)]
    return f"[{''.join(grown)}]"


def _split(text: str) -> list[str]:
    return [part for part in _PLACEHOLDER.split(text) if part]


def _grown(words: str) -> str:
    """Accented words, each :data:`PSEUDO_GROWTH` longer (rounded up, one letter at least)."""
    return re.sub(r"[^\W\d_]+", lambda match: _longer(match[0].translate(_ACCENTED)), words)


def _longer(word: str) -> str:
    extra = max(1, round(len(word) * PSEUDO_GROWTH + 0.49))
    vowels = [ch for ch in word if ch.lower() in _VOWELS] or [word[-1]]
    return word + "".join(vowels[i % len(vowels)].lower() for i in range(extra))


def _pseudo_tree(node: Mapping) -> Mapping:
    made = _empty_like(node)
    for key, value in node.items():
        if isinstance(value, Plural):
            forms = {c: _pseudo_text(form) for c, form in value.forms.items()}
            made[key] = Plural(forms, value.file, value.line, value.key)
        elif isinstance(value, Text):
            made[key] = _pseudo_text(value)
        elif isinstance(value, Mapping):
            made[key] = _pseudo_tree(value)
    return made


def _pseudo_text(text: Text) -> Text:
    words = text if text.key == "language" else pseudo(text)
    return Text(words, text.file, text.line, text.key)


def _mapping(texts: Any) -> Mapping:
    """A loaded locale's texts (a :class:`Locale` holds them as a plain ``dict`` type)."""
    assert isinstance(texts, Mapping)
    return texts


def _empty_like(node: Mapping) -> Mapping:
    made = Mapping()
    made.line, made.lines = node.line, dict(node.lines)
    return made


def _copy(node: Mapping) -> Mapping:
    made = _empty_like(node)
    for key, value in node.items():
        made[key] = _copy(value) if isinstance(value, Mapping) else value
    return made


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


def _leaves(node: Any, prefix: str = "") -> Iterator[tuple[str, Text]]:
    for key, value in node.items():
        if isinstance(value, Mapping):
            yield from _leaves(value, f"{prefix}{key}.")
        elif isinstance(value, Text):
            yield f"{prefix}{key}", value


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


@dataclass(frozen=True)
class _Slips:
    """The misspelt keys of each language (by key, the key it meant: empty when none is
    close), and those no locale holds but by a slip: no text of the game, wherever a fallback
    or the pseudo-locale copies them to."""

    meant: dict[str, dict[str, str]]
    stray: set[str]


def _odd_keys(locales: dict[str, Locale], log: ProblemLog) -> _Slips:
    """The keys a locale holds that the other locales show to be a slip, each reported once,
    at its own line: a key beside which a close key that more locales hold is missing (more
    files have ``title`` where this one has ``titel``; in a tie, the key English has wins),
    or a key no other locale has and English lacks (translated from no English text)."""
    votes = Counter(key for locale in locales.values() for key in locale.flat)
    english = locales.get(SOURCE)
    odd: dict[str, dict[str, str]] = {}
    for lang, locale in locales.items():
        lacks = [key for key in votes if key not in locale.flat]
        top = max((votes[key] for key in lacks), default=0)  # no slip for a key held by more
        for key, text in locale.flat.items():
            near = english if locale is not english else None
            meant = _meant(key, votes, lacks, near) if votes[key] <= top else ""
            if meant:
                hint = suggestion(_beside(key, meant))
            elif votes[key] == 1 and english is not None and locale is not english:
                close = closest(key, english.flat)
                hint = suggestion(_beside(key, close)) if close else ""
                hint = hint or f" ({english.file} has no such text)"
            else:
                continue
            odd.setdefault(lang, {})[key] = meant
            log.problems.append(Problem(text.file, text.line, key, f"unknown key{hint}"))
    slips = Counter(key for keys in odd.values() for key in keys)
    return _Slips(odd, {key for key, count in slips.items() if count == votes[key]})


def _meant(key: str, votes: Counter[str], lacks: list[str], english: Locale | None) -> str:
    """The key that ``key`` is probably a slip for: the closest of the keys its locale
    ``lacks`` that more locales hold (or as many, English among them: ``english``, unless
    the locale is English's); empty for none."""
    stronger = [
        other
        for other in lacks
        if votes[other] > votes[key]
        or (english is not None and votes[other] == votes[key] and other in english.flat)
    ]
    return (closest(key, stronger) if stronger else None) or ""


def _beside(key: str, meant: str) -> str:
    """``meant`` as the hint for a misspelt ``key`` names it: by its last part when the two
    sit side by side (``text`` for ``abilities.protect.txt``), as a data file's hint names a
    field of the same record; else whole."""
    parent, _, last = meant.rpartition(".")
    return last if parent and key.rpartition(".")[0] == parent else meant


def _check_translations_complete(
    locales: dict[str, Locale], slips: _Slips, log: ProblemLog, required: Collection[str] | None
) -> dict[str, Draft]:
    """A text present in one locale and absent from another is a missing translation (the
    problem names where the English has it, else the first language that does): a problem of
    each language ``required`` names (every one when ``None``, English always), else what
    makes the language a draft, with how many texts it has. A misspelt key (``slips``) is no
    text of the game, and the key it meant is not missing where it is misspelt."""
    having: dict[str, list[Locale]] = {}
    for lang, locale in locales.items():
        for key in locale.flat:
            if key not in slips.meant.get(lang, {}) and key not in slips.stray:
                having.setdefault(key, []).append(locale)
    drafts: dict[str, Draft] = {}
    for lang, locale in locales.items():
        meant = set(slips.meant.get(lang, {}).values())
        lacks = [key for key in having if key not in locale.flat and key not in meant]
        missing = [_missing(locale, key, having[key]) for key in lacks]
        if required is None or lang in required or lang == SOURCE:
            log.problems += missing
        elif lacks:
            has = sum(1 for key in having if key in locale.flat)
            drafts[lang] = Draft(lang, locale.file, has, len(having), tuple(missing))
    return drafts


def _missing(locale: Locale, key: str, having: list[Locale]) -> Problem:
    """``key`` missing from ``locale``, at the file of the key's own folder (an expansion's,
    when an expansion has the text), naming where the English (or else the first language
    that has it) has it."""
    first = next((other for other in having if other.lang == SOURCE), having[0])
    source = first.flat[key]  # the English, where it has the text: it is translated
    folder, _, name = source.file.rpartition("/")
    file = f"{folder}/{locale.lang}.yaml"
    line = locale.line_for(key) if file == locale.file else 0
    return Problem(file, line, key, f"{MISSING} ({name}:{source.line} has it)")
