"""The words of a summary, read from the game's locale and filled with computed values.

An engine names every text it prints and the values each may use (``{count}``, ``{winners}``);
validation checks every locale holds each text and uses only those values, so a translator's
typo is a ``file:line`` problem before anything is built, never a crash half way through.

The placeholder syntax is deliberately small, and the same for every text: ``{name}`` (letters,
digits and ``_``) is replaced by the value of that name the text is given; every other brace,
and a ``{name}`` the text is given no value for (a card's own text, printed as written), is
printed as it is written. Texts are never given to ``str.format``, so a card text with ``{`` or
``}`` in it prints, and ``{{`` prints ``{{``. Validation refuses a summary text that asks for a
value it can never be given, so a translator's ``{cuont}`` is a problem, not a printed typo.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.language_rules import COUNT, category, number, signed
from generator.load.placeholders import fill, formatted_problem, placeholders, without_icons
from generator.model import Locale, Plural, Text
from generator.problems import Problem

Wording = Mapping[str, tuple[str, ...]]
"""Text keys a summary prints, each with the names of the values it may contain."""


def steps(locale: Locale, key: str) -> list[str]:
    """The numbered texts under ``key`` ("1", "2", ...), in their order. Found by walking
    down to ``key`` and reading only what is below it: a locale that notes its reads
    (:mod:`~generator.render.readings`) then tells that the summary read these steps, not
    every text of the language, so an edit elsewhere does not compose the summary again.
    Steps a file writes with dots in one key (``"turn.1": ...``) are looked up one by one."""
    node: Any = locale.texts
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    numbered = {
        int(str(number)): text
        for number, text in (node.items() if isinstance(node, dict) else ())
        if str(number).isdigit() and isinstance(text, Text)
    }
    number = 1
    while (text := locale.text(f"{key}.{number}")) is not None:
        numbered.setdefault(number, text)
        number += 1
    return [numbered[number] for number in sorted(numbered)]


def wording_problems(locale: Locale, wording: Wording, numbered: tuple[str, ...]) -> list[Problem]:
    """Missing texts, values a text asks for that the summary cannot fill, a value it can
    fill asked for with a format spec or an attribute (printed as written: see
    :func:`~generator.load.placeholders.formatted_problem`), and numbered lists (setup, turn)
    without a single step."""
    problems = []
    for key, allowed in wording.items():
        text = locale.text(key)
        if text is None:
            problems.append(Problem(locale.file, locale.line_for(key), key, "missing translation"))
            continue
        if isinstance(text, Plural) and COUNT not in allowed:
            what = f"has plural forms, but this text is given no {{{COUNT}}} to choose one by"
            problems.append(Problem(text.file, text.line, key, what))
            continue
        forms = text.forms.values() if isinstance(text, Plural) else [text]
        unknown = [name for form in forms for name in placeholders(form) if name not in allowed]
        if unknown:
            can = ", ".join(f"{{{name}}}" for name in allowed) or "no values"
            problems.append(
                Problem(
                    text.file,
                    text.line,
                    key,
                    f"{{{unknown[0]}}} is not a value this text can show (it can use {can})",
                )
            )
        problems += [
            Problem(form.file, form.line, key, problem)
            for form in forms
            if (problem := formatted_problem(form, allowed))
        ][:1]
    for key in numbered:
        if not steps(locale, key):
            what = 'needs numbered steps ("1": ..., "2": ...)'
            problems.append(Problem(locale.file, locale.line_for(key), key, what))
    return problems


class Words:
    """``words(key, **values)``: the locale's text with the values filled in, numbers written
    the language's way, in the plural form ``count`` calls for. (Characters the fonts lack are
    reported when the locale is loaded, like every printed word.) A summary draws no icon:
    a text's ``{icon:NAME}`` is left out (:func:`~generator.load.placeholders.without_icons`),
    so a text names in words what its icons show."""

    def __init__(self, locale: Locale) -> None:
        self.locale = locale

    def __call__(self, key: str, **values: Any) -> str:
        text = self.locale.text(key)
        if text is None:  # validation checked every key the engine declared
            raise KeyError(f"{self.locale.file}: {key} is not declared in the summary's wording")
        if isinstance(text, Plural):
            text = text.form(category(self.locale.lang, values[COUNT]))
        filled = fill(text, {name: self._shown(value) for name, value in values.items()})
        return without_icons(filled)

    def number(self, value: float, decimals: int | None = None) -> str:
        """A number as the language writes it (``0,75`` in Russian)."""
        return number(self.locale.lang, value, decimals)

    def signed(self, value: int) -> str:
        """A score with its sign, a real minus for a loss (see ``language_rules.signed``)."""
        return signed(self.locale.lang, value)

    def _shown(self, value: Any) -> Any:
        """A number the language's way; anything else as it is (``True`` is not a number)."""
        is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return self.number(value) if is_number else value

    def steps(self, key: str) -> list[str]:
        return steps(self.locale, key)

    def join(self, items: list[str], key: str = "summary.words.list") -> str:
        """A list in the locale's own way ("1, 3 and 4"), worded by the text ``key`` (a list of
        lists, "A and B, and C, D and E", has its own)."""
        if len(items) < 2:
            return "".join(items)
        return self(key, items=", ".join(items[:-1]), last=items[-1])
