"""The test expansions merged by hand into a copy of the card data, for the engines' checks of a
merged game until the loader merges expansions itself (issue 19): an expansion's cards are
appended to the game's deck files and its locale keys laid over the game's locale files.

Only what the test expansions use: cards added to decks the game has, and locale keys added or
replaced in languages the game has (no ``remove:``, no new decks, no templates).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

EXPANSIONS = Path(__file__).parent / "expansions"


def merge(data: Path, expansion: Path) -> str:
    """Merge ``expansion`` into the card data at ``data``; the game's id."""
    game = yaml.safe_load((expansion / "expansion.yaml").read_text(encoding="utf-8"))["game"]
    for deck in sorted((expansion / "decks").glob("*.yaml")):
        cards = [line for line in _lines(deck) if line.startswith("  - ")]
        target = data / game / "decks" / deck.name
        target.write_text(target.read_text(encoding="utf-8") + "".join(cards), encoding="utf-8")
    for locale in sorted((expansion / "locales").glob("*.yaml")):
        target = data / game / "locales" / locale.name
        texts = yaml.safe_load(target.read_text(encoding="utf-8"))
        _lay_over(texts, yaml.safe_load(locale.read_text(encoding="utf-8")))
        target.write_text(yaml.safe_dump(texts, allow_unicode=True, sort_keys=False), "utf-8")
    return str(game)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def _lay_over(texts: dict[str, Any], over: dict[str, Any]) -> None:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(texts.get(key), dict):
            _lay_over(texts[key], value)
        else:
            texts[key] = value
