"""The English each translated text was made from, kept beside the locale files.

A PO file marks a translation "fuzzy" when its English changed after it was made; the YAML
locale holds only the translation, so ``pnp i18n import`` writes the English it was made from
into ``locales/sources/<lang>.yaml`` and ``pnp i18n export`` compares it with today's English.
The folder is not read as a locale (the loader reads ``locales/*.yaml`` only).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.load.yaml_reader import Mapping, load_yaml
from generator.problems import ProblemLog

FOLDER = "sources"
HEADER = (
    "# The English each text of {lang}.yaml was translated from, written by `pnp i18n import`:\n"
    "# `pnp i18n export` marks a translation fuzzy when the English has changed since. Not"
    " printed.\n"
)

English = str | dict[str, str]
"""One English text: plain, or its plural forms by CLDR category."""


def sources_file(locales: Path, lang: str) -> Path:
    return locales / FOLDER / f"{lang}.yaml"


def read_sources(locales: Path, lang: str, log: ProblemLog) -> dict[str, English]:
    """The English each text of ``lang`` was made from, by key (empty when none is kept)."""
    path = sources_file(locales, lang)
    if not path.is_file():
        return {}
    raw = load_yaml(path, log, locales)
    if not isinstance(raw, Mapping):
        return {}
    return {str(key): _english(value) for key, value in raw.items()}


def _english(value: Any) -> English:
    if isinstance(value, dict):
        return {str(category): str(text) for category, text in value.items()}
    return str(value)


def sources_text(lang: str, sources: dict[str, English]) -> str:
    """The file of ``sources``: one key a line, in the order given."""
    body = yaml.safe_dump(sources, allow_unicode=True, sort_keys=False, width=4096)
    return HEADER.format(lang=lang) + body
