"""The one placeholder syntax of printed texts: ``{name}`` (letters, digits and ``_``) is
replaced by the value of that name the text is given; every other brace, and a ``{name}`` the
text is given no value for, prints as written. Texts are never given to ``str.format``, so a
card text with ``{`` or ``}`` prints, and ``{{`` prints ``{{`` (see
:mod:`generator.rulebook.words`). Summaries, templates (``plural(...)``) and the PO checks
share it.

A placeholder is only a name: ``{count:>5}``, ``{count!r}``, ``{count.real}`` or ``{count[0]}``
would be formatted by ``str.format`` but is printed as written here. Around a value the text is
given that is the designer's mistake (they meant the value), so the checks of locale texts and
PO files report it (:func:`formatted_problem`); around any other word it prints as written,
like every other brace.

One placeholder names no value: ``{icon:NAME}``, the icon ``NAME`` of the game drawn inline at
the text's size (``templates/<game>/icons/NAME.svg.j2``, :mod:`generator.render.icons`). It is
the only form after a name that means something; a text that is printed where no icon can be
drawn (the rules summary) leaves its icons out (:func:`without_icons`), so a text should name
what an icon shows in words too ("Most {icon:comfort} comfort symbols").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from generator.problems import clipped

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
FORMATTED = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)([.\[!:](?:[^{}]|\{[^{}]*\})*)\}")
"""A name with what ``str.format`` would do to its value after it: an attribute (``.real``),
an index (``[0]``), a conversion (``!r``) or a format spec (``:>5``, ``:{width}``)."""
ICON = re.compile(r"\{icon:([^{}]*)\}")
"""An icon of the game, by its name: ``{icon:coin}``."""
_SPACED_ICON = re.compile(r"[ \t]*\{icon:[^{}]*\}([ \t]*)")


def placeholders(text: str) -> list[str]:
    """The ``{name}`` values a text asks for, in order."""
    return PLACEHOLDER.findall(text)


def fill(text: str, values: Mapping[str, Any]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its value; the rest stays."""
    return PLACEHOLDER.sub(
        lambda match: str(values[match[1]]) if match[1] in values else match[0], text
    )


def icons(text: str) -> list[str]:
    """The names of the icons a text draws (``{icon:NAME}``), in order."""
    return ICON.findall(text)


def without_icons(text: str) -> str:
    """``text`` without its icons, for print that draws none: an icon and the spaces before it
    go, so "Most {icon:comfort} comfort" reads "Most comfort" (and "{icon:coin} 3", "3")."""
    return (
        _SPACED_ICON.sub(lambda match: " " if match.start() and match[1] else "", text).strip(" \t")
        if ICON.search(text)
        else text
    )


def formatted_problem(text: str, names: Collection[str]) -> str | None:
    """What is wrong with the first placeholder of ``text`` that names one of ``names`` (the
    values the text is given) with a format spec, a conversion, an attribute or an index:
    nothing fills it, so it would print as written."""
    match = next(
        (m for m in FORMATTED.finditer(text) if m[1] in names and not ICON.fullmatch(m[0])), None
    )
    if match is None:
        return None
    return (
        f"{clipped(match[0])}: a placeholder is only the name of a value ({{{match[1]}}}); "
        "pnp applies no format spec, conversion, attribute or index, so this one would print "
        "as written"
    )
