"""A PO file's plural forms (``msgstr[0]``…``msgstr[N]``) and the CLDR categories of a locale
file (``one``, ``few``, ``many``, ``other``), both ways.

Translators' tools (gettext, Poedit, Weblate) number a language's plural forms by the formula
of its ``Plural-Forms`` header, and for the languages they know they all write the same one:
Russian and Ukrainian have three forms, ``n%10==1 && n%100!=11 ? 0 : …``. The locale files
hold CLDR's categories, which also name the form a fraction takes: Russian ``other`` (1,5
карты) is a category no whole number falls in, so a gettext formula, which counts whole numbers
only, has no form for it.

What each ``msgstr[N]`` holds is not assumed but measured: the formula is evaluated on
:data:`WHOLE_NUMBERS` and each form is the CLDR category of the counts it is given (Russian:
``msgstr[0]`` is ``one``, 1 and 21; ``msgstr[1]`` ``few``, 2 to 4; ``msgstr[2]`` ``many``, 0 and
5 to 20). So any header a translator's tool writes is read right if it agrees with CLDR on
whole numbers, whatever its spelling, and a PO file exported before pnp wrote gettext's formulas
(one form per CLDR category) still imports.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from babel.messages.plurals import get_plural
from babel.plural import to_gettext

from generator.language_rules import babel_locale, categories, category

WHOLE_NUMBERS = range(1000)
"""The counts a formula is read on: every last digit and last two digits, which is all the
rules of gettext's formulas look at. A few CLDR rules also look at millions (French, Spanish,
Italian and Portuguese ``many``: 1,000,000, a compact number's form); no card prints such a
count, and the category is read here as one only fractions fall in."""
FOLLOWED = "few"
"""The category whose form a fraction takes where the PO file gives none (see
:attr:`PoPlurals.follows`)."""
HEADERS_KEPT = 64
"""How many headers' readings are remembered: the same few recur (pnp's own, a tool's), and a
stranger's files must not fill the memory with theirs."""
LONGEST_HEADER = 1000
"""Characters: the longest formula gettext's tables hold is under 200; a longer header is
refused before it is read."""
_HEADER = re.compile(r"nplurals\s*=\s*(\d{1,2})\s*;\s*plural\s*=(.*)", re.DOTALL)
_EAST_SLAVIC = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);"
)
WELL_KNOWN = {
    **dict.fromkeys(("ru", "uk", "be", "sr", "hr", "bs"), _EAST_SLAVIC),
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    **dict.fromkeys(("cs", "sk"), "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
    "lt": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? "
    "1 : 2);",
    "lv": "nplurals=3; plural=(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? "
    "1 : 2);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);",
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
}
"""The formulas gettext's manual, Poedit and Weblate write for languages of three or four
forms, as they spell them, by language: a header then reads the same whatever version of
Babel's table is installed (its spelling changes between releases)."""
COMMON = ("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);", "nplurals=1; plural=0;")
"""The formulas of most other languages (English and German; French and Portuguese; Japanese),
tried in this order: the first that gives each ``msgstr`` one CLDR category is the language's."""


@dataclass(frozen=True)
class PoPlurals:
    """How the ``msgstr[N]`` of a PO file of one language stand for its CLDR categories."""

    lang: str
    header: str
    """The ``Plural-Forms`` header (``nplurals=2; plural=(n != 1);``)."""
    slots: tuple[str, ...]
    """The category each ``msgstr[N]`` holds, by N."""

    @property
    def follows(self) -> str:
        """The category whose form a fraction's category takes when the import has no form of
        its own for it: ``few``, where a fraction agrees in Russian (1,5 карты, as 2 карты),
        else the last form (``other``, where the language has it)."""
        return FOLLOWED if FOLLOWED in self.slots else self.slots[-1]


@cache
def po_plurals(lang: str) -> PoPlurals:
    """The ``Plural-Forms`` pnp writes for ``lang``: the formula translators know (the
    language's own in :data:`WELL_KNOWN`, else the first of :data:`COMMON`, then Babel's table,
    the one ``pybabel init`` writes) that gives each ``msgstr`` one CLDR category; otherwise (a
    language none holds, or where they disagree with CLDR) CLDR's own rule written as a formula,
    one ``msgstr`` per category."""
    locale = babel_locale(lang)
    table = get_plural(locale)
    tabled = f"nplurals={table.num_plurals}; plural={table.plural_expr};"
    own = WELL_KNOWN.get(locale.language)
    for header in (*((own,) if own else ()), *COMMON, tabled):
        known = read_plural_forms(lang, header)
        if isinstance(known, PoPlurals):
            return known
    # CLDR's operand e (a compact number's exponent) is 0 for a whole number written out, and
    # gettext knows only n
    cldr = re.sub(r"\be\b", "0", str(to_gettext(locale.plural_form)))
    made = read_plural_forms(lang, cldr)
    assert isinstance(made, PoPlurals), made  # CLDR agrees with itself
    return made


@lru_cache(maxsize=HEADERS_KEPT)
def read_plural_forms(lang: str, header: str) -> PoPlurals | str:
    """How a PO file of ``lang`` with the ``Plural-Forms`` ``header`` holds its plural forms,
    or what is wrong with the header: each ``msgstr`` must be given the counts of one CLDR
    category, a different one each. A ``msgstr`` given no whole number at all stands for a
    category only fractions fall in (a PO file of CLDR's forms has one)."""
    if len(header) > LONGEST_HEADER:
        return f"{len(header)} characters, longer than any formula (at most {LONGEST_HEADER})"
    matched = _HEADER.fullmatch(header.strip())
    if matched is None:
        return f"{header!r} is not 'nplurals=N; plural=EXPRESSION;'"
    forms, expression = int(matched[1]), matched[2].strip().removesuffix(";").strip()
    try:
        formula = gettext.c2py(expression)
        given = [(n, formula(n)) for n in WHOLE_NUMBERS]
    except (ValueError, ArithmeticError) as error:
        return f"plural={expression}: {error}"
    held: list[dict[str, int]] = [{} for _ in range(forms)]
    for n, index in given:
        if not 0 <= index < forms:
            return f"plural= gives {n} msgstr[{index}], but nplurals is {forms}"
        held[index].setdefault(category(lang, n), n)
    slots = _slots(lang, held)
    return PoPlurals(lang, header, slots) if isinstance(slots, tuple) else slots


def _slots(lang: str, held: list[dict[str, int]]) -> tuple[str, ...] | str:
    """The category of each ``msgstr`` from the counts it is given (each category with its
    first count); a ``msgstr`` given none takes a category no whole number falls in, in
    CLDR's order."""
    everything = categories(lang)
    reached = {found for counts in held for found in counts}
    unreached = iter(found for found in everything if found not in reached)
    slots: list[str] = []
    for index, counts in enumerate(held):
        if len(counts) > 1:
            listed = ", ".join(f"{found} ({n})" for found, n in counts.items())
            return f"msgstr[{index}] would serve {lang}'s {listed}: one CLDR category each"
        taken = next(iter(counts), None) or next(unreached, None)
        if taken is None or taken in slots:
            return f"{lang} has {len(everything)} plural forms ({', '.join(everything)})"
        slots.append(taken)
    return tuple(slots)
