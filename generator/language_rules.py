"""How each language writes numbers and picks a plural form: CLDR's rules, through Babel.

A summary says "0,75" in Russian and "0.75" in English, and "1 карта, 2 карты, 5 карт": no
rule of ours decides either, the Unicode CLDR data does (Babel ships it, so this works offline
for every language it knows). A language Babel does not know (the pseudo-locale ``qps``, a
stranger's made-up code) writes numbers and plurals as English does, rather than failing.

A locale text with plural forms is a mapping of CLDR categories to texts::

    on_wagons:
      one: "на {count} вагоне"
      few: "на {count} вагонах"
      many: "на {count} вагонах"
      other: "на {count} вагона"

and the form is chosen by the number the text is given as ``{count}``. A language needs a text
for every category CLDR gives it, ``other`` included (Russian uses it for fractions); a PO
file numbers its forms its own way (:mod:`generator.translation.plurals`).
"""

from __future__ import annotations

from functools import cache

from babel import Locale as BabelLocale
from babel.core import UnknownLocaleError
from babel.numbers import format_decimal

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""Every CLDR plural category, in CLDR's (and gettext's) order."""
COUNT = "count"
"""The value a text with plural forms is chosen by."""
UNKNOWN_AS = "en"
"""How a language Babel does not know writes numbers and plurals."""


@cache
def babel_locale(lang: str) -> BabelLocale:
    """Babel's locale of a locale file's code (``en``, ``pt-BR``); English for one it does not
    know."""
    return _known(lang) or BabelLocale.parse(UNKNOWN_AS)


def _known(lang: str) -> BabelLocale | None:
    try:
        return BabelLocale.parse(lang, sep="-")
    except (UnknownLocaleError, ValueError):
        return None


@cache
def categories(lang: str) -> tuple[str, ...]:
    """The plural categories ``lang`` needs a text for, in CLDR's order."""
    tags = babel_locale(lang).plural_form.tags | {"other"}
    return tuple(category for category in CATEGORIES if category in tags)


def category(lang: str, count: float) -> str:
    """The plural category of ``count`` in ``lang`` (``few`` for 2 in Russian)."""
    return str(babel_locale(lang).plural_form(count))


MINUS = "\u2212"
"""The minus sign a printed score takes (a hyphen is too short to read as one)."""


def signed(lang: str, value: int) -> str:
    """A score as the language writes it with its sign: ``+3``, :data:`MINUS` and ``2`` for a
    loss (a real minus, not a hyphen), ``0`` without a sign."""
    sign = "+" if value > 0 else MINUS if value < 0 else ""
    return sign + number(lang, abs(value))


def english_name(lang: str) -> str:
    """The language's name in English (``German`` for ``de``), or its code if Babel does not
    know it."""
    found = _known(lang)
    return str(found.get_display_name("en")) if found else lang


def own_name(lang: str) -> str:
    """The language's name in itself (``Deutsch`` for ``de``), or its code if Babel does not
    know it."""
    found = _known(lang)
    return str(found.get_display_name(found)) if found else lang


MOST_DECIMALS = 6
"""The most digits after the decimal sign a number is written with."""


def number(lang: str, value: float, decimals: int | None = None) -> str:
    """``value`` as ``lang`` writes it: its decimal sign and digit grouping (``3 840``,
    ``0,75``); with ``decimals`` (0 to :data:`MOST_DECIMALS`), exactly that many digits after
    the sign. Raises ``ValueError`` for anything else (a template's mistake, reported at its
    line)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"number() takes a number, not {type(value).__name__} {value!r}")
    if decimals is not None and (
        isinstance(decimals, bool) or decimals not in range(MOST_DECIMALS + 1)
    ):
        raise ValueError(f"number() writes 0 to {MOST_DECIMALS} decimals, not {decimals!r}")
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return str(format_decimal(value, format=pattern, locale=babel_locale(lang)))
