"""Which texts each locale holds, against the others: a key the others show to be misspelt is
told once, at its line; a text one language has and another lacks is a missing translation,
a problem in a language pnp requires whole, else what makes the language a draft.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from generator.languages import SOURCE
from generator.model import Draft, Locale
from generator.problems import Problem, ProblemLog, closest, suggestion

MISSING = "missing translation"
"""What a text a language lacks is (the words every such problem starts with)."""


@dataclass(frozen=True)
class _Slips:
    """The misspelt keys of each language (by key, the key it meant: empty when none is
    close), and those no locale holds but by a slip: no text of the game, wherever a fallback
    or the pseudo-locale copies them to."""

    meant: dict[str, dict[str, str]]
    stray: set[str]


def odd_keys(locales: dict[str, Locale], log: ProblemLog) -> _Slips:
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


def check_translations_complete(
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
