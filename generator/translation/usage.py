"""Where each text of a game is printed, as the translator's comment of its PO entry.

A translator choosing between two words needs to know where the text goes: a card's title
box, a paragraph of the rules summary, a deck's name in a virtual table.
"""

from __future__ import annotations

from pathlib import Path

from generator.translation.run import Comments

SUMMARY = "summary."
DECK_NAMES = "decks."
LANGUAGE = "language"


def printed_where(data_dir: Path) -> Comments:
    """The comments of every text of a game, by key."""

    def comments(game: str) -> dict[str, str]:
        from generator.languages import SOURCE
        from generator.locales import load_locales
        from generator.problems import ProblemLog

        english = load_locales(data_dir, game, (), ProblemLog("", []), complete=False)
        return {key: _kind(key) for key in english[SOURCE].flat}

    return comments


def _kind(key: str) -> str:
    if key == LANGUAGE:
        return "The language's own name, as its speakers write it (Deutsch, Русский)."
    if key.startswith(SUMMARY):
        return "Printed in the rules summary."
    if key.startswith(DECK_NAMES):
        return "A deck's name, where a virtual table lists the decks (pnp export tts)."
    return "Printed on the cards."
