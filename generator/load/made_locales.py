"""Languages pnp makes beyond the locale files, on request
(:class:`~generator.languages.Languages`): the pseudo-locale ``qps``, made from English, and a
language's missing texts taken from a fallback (``--fallback en``). Each made text keeps the
file and line it was made from.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from generator.languages import PSEUDO, PSEUDO_GROWTH
from generator.load.yaml_reader import Mapping
from generator.model import Locale, Plural, Text

_ACCENTED = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçĎďÉéĜĝĤĥÎîĴĵĶķĹĺÑñÖöŔŕŠšŤťÛûŴŵÝýŽž",
)
_PLACEHOLDER = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\}|\{icon:[^{}]*\})")
_VOWELS = "aeiouyåéîöûý"


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
    return replace(locale, texts=texts, flat=dict(leaves(texts)))


def pseudo_locale(english: Locale) -> Locale:
    """The pseudo-locale: every English text through :func:`pseudo`, from English's lines."""
    texts = _pseudo_tree(_mapping(english.texts))
    return replace(english, lang=PSEUDO, language="Pseudo", texts=texts, flat=dict(leaves(texts)))


def pseudo(text: str) -> str:
    """``text`` with accented letters and 40 % longer, in brackets that show where a box cut
    it short; ``{placeholders}`` and ``{icon:NAME}`` are kept. Each word grows by repeating
    its vowels, so words get longer as in a long language and lines break as they would. A
    text of capitals alone (a row of position letters: ``ABCDE``) keeps its length, since each
    letter stands for one position."""
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


def leaves(node: Any, prefix: str = "") -> Iterator[tuple[str, Text]]:
    for key, value in node.items():
        if isinstance(value, Mapping):
            yield from leaves(value, f"{prefix}{key}.")
        elif isinstance(value, Text):
            yield f"{prefix}{key}", value
