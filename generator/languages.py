"""The languages a run makes beyond what the locale files hold (the pseudo-locale and a
fallback: see :mod:`generator.load.locales`), those pnp requires whole, and what a command says of a
language a game has no locale for. Kept apart from the loader, which needs fonts and Babel,
because the no-op fast path of a build digests these settings without loading anything (Babel
is imported only to guess what a misspelt ``--lang`` meant).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from generator.problems import did_you_mean, suggestion

LOCALES = "locales"
"""The folder of a game's (or an expansion's) locale files."""
PSEUDO = "qps"
"""The pseudo-locale's code (the one Microsoft's tools reserve for it)."""
PSEUDO_GROWTH = 0.4
"""How much longer a pseudo text is than the English: German and Russian card texts run 20 to
40 % longer than English ones, so a box that fits this fits them."""
SOURCE = "en"
"""The language texts are written in first: translations, the pseudo-locale and the preview
start from it."""
REQUIRED = (SOURCE, "de", "ru", "uk")
"""The languages pnp's games are printed in: the locale of one of them must hold every text
(a build fails while it lacks one, so a print run never silently misses a language). A locale
of any other language that lacks texts is a translation in progress
(:class:`~generator.model.Draft`): no run of every language waits for it."""


@dataclass(frozen=True)
class Languages:
    """The languages a run makes beyond what the locale files hold (none by default)."""

    pseudo: bool = False
    """Make the pseudo-locale :data:`PSEUDO` from English."""
    fallback: str = ""
    """Print a text a language lacks in this language (``--fallback en``); empty: it is a
    problem, as it is by default."""

    def sources(self, lang: str) -> tuple[str, ...]:
        """The languages whose files the words printed in ``lang`` come from."""
        made_from = [lang]
        if self.pseudo and lang == PSEUDO:
            made_from.append(SOURCE)
        if self.fallback:
            made_from.append(self.fallback)
        return tuple(dict.fromkeys(made_from))

    def key(self) -> str:
        """What of the settings changes an output (for the cache's keys)."""
        return f"pseudo={self.pseudo} fallback={self.fallback}"


AS_WRITTEN = Languages()
"""The languages of the locale files, as they are."""


def no_locale(game: str, absent: Collection[str], ships: Collection[str]) -> str:
    """What a command says of languages ``game`` has no locale for (``--lang ukr``): each with
    the language it probably meant, and every one it ships (a language silently left out is
    a print run missing a deck)."""
    named = ", ".join(f"{lang}{_meant(lang, ships)}" for lang in absent)
    return f"{game} has no locale {named} (it ships: {', '.join(sorted(ships))})"


def _meant(given: str, known: Collection[str]) -> str:
    """`` (did you mean 'uk'?)`` for a language code misspelt, written another way (``UK``,
    ``pt_BR``, ``en-US``) or as a three-letter code or a name (``ukr``, ``ger``, ``German``,
    ``Deutsch``); nothing without a sensible guess. Spelling alone matches two-letter codes
    badly (``ed`` is one letter from ``en`` and ``de`` alike), so an alias or a name comes
    first, then one slip of a key: a swap of two letters before a wrong one."""
    text = given.strip().lower().replace("_", "-")
    codes = {code.lower(): code for code in known}
    for guess in (text, _alias(text.partition("-")[0]), _named(text, known)):
        if guess in codes:
            return suggestion(codes[guess])
    prefixes = [code for low, code in codes.items() if text.startswith(low)]
    near = [code for low, code in codes.items() if _one_slip(text, low)]
    swapped = [code for code in near if sorted(code.lower()) == sorted(text)]
    for found in (prefixes, swapped, near):
        if len(found) == 1:
            return suggestion(found[0])
    return did_you_mean(given, known)


def _alias(code: str) -> str:
    """The two-letter code of an ISO 639 three-letter one (``ukr``, ``deu``, ``ger``) as
    CLDR (Babel) knows them; ``code`` itself otherwise."""
    from babel.core import get_global

    return str(get_global("language_aliases").get(code, code))


def _named(text: str, known: Collection[str]) -> str:
    """The one code of ``known`` whose language's English or own name starts with ``text``
    (three letters at least: ``russ``, ``deutsch``, ``українська``); empty for none."""
    from generator.language_rules import english_name, own_name

    if len(text) < 3:
        return ""
    found = {
        code.lower()
        for code in known
        for name in (english_name(code), own_name(code))
        if name.lower().startswith(text)
    }
    return found.pop() if len(found) == 1 else ""


def _one_slip(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code`` with one key slipped: a letter wrong, added or left out,
    or two neighbours swapped."""
    if typed == code or abs(len(typed) - len(code)) > 1:
        return False
    if len(typed) == len(code):
        wrong = [i for i, (a, b) in enumerate(zip(typed, code, strict=True)) if a != b]
        if len(wrong) != 2 or wrong[1] != wrong[0] + 1:
            return len(wrong) == 1
        return typed[wrong[0]] == code[wrong[1]] and typed[wrong[1]] == code[wrong[0]]
    short, long = sorted((typed, code), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
