"""One term per thing per language (issue 21): each thing a game names has one name in a
language, in every text of the game (cards and summary). Each entry: the term used, and the
other words once used for it; each is matched at the start of a word. (One Ukrainian apostrophe
is checked for every game in test_validation.py.)"""

from __future__ import annotations

import re

import pytest

from generator.model import Plural
from tests.conftest import shipped_game

TERMS = {
    "game_of_trains": {
        "ru": {
            "the wagon a draw swaps out": ("заменённый вагон", ("снятый", "убранный")),
            "a drop ability, by its name": ("«долой…»", ("сброс вагон", "сброса вагон")),  # noqa: RUF001
            "a card lying face up": ("открыт", ("лицом вверх",)),
            "taking a wagon from the deck": ("берёт", ("тянет", "тяните")),
            "an ability": ("свойств", ("способност", "умени")),
        },
        "uk": {
            "the wagon a draw swaps out": ("замінений вагон", ("знятий", "прибраний")),
            "a drop ability, by its name": ("«геть…»", ("скидання вагон",)),
            "a card lying face up": ("відкрит", ("лицем догори",)),
            "taking a wagon from the deck": ("бере", ("тягне", "тягніть")),  # noqa: RUF001
            "an ability": ("властивіст", ("здібніст", "вміння")),
            "a train": ("потяг", ("поїзд",)),
        },
        "de": {
            "the wagon a draw swaps out": ("ausgetauschte wagen", ("herausgenommen", "entnommen")),
            "a drop ability, by its name": ("abkoppeln", ("entfernen-fähigkeit",)),
            "a card lying face up": ("offen", ("aufgedeckt",)),
            "an ability": ("fähigkeit", ("eigenschaft",)),
            "the lock": ("sperre", ("schloss",)),
        },
    },
    "gear_and_piston": {
        "ru": {
            "an action disc": ("диск", ("жетон",)),
            "a scrap part": ("бракован", ("хлам",)),
            "an old part": ("стар", ("подержан",)),
        },
        "uk": {
            "an action disc": ("диск", ("жетон",)),
            "a scrap part": ("бракован", ("брухт",)),
            "an old part": ("стар", ("вживан",)),
            "a car": ("машин", ("авто",)),
        },
        "de": {
            "an action disc": ("scheibe", ("marker",)),
            "a scrap part": ("schrott", ("ausschuss",)),
            "an old part": ("alt", ("gebraucht",)),
        },
    },
}


@pytest.mark.parametrize(
    ("game_id", "lang"), [(game, lang) for game, languages in TERMS.items() for lang in languages]
)
def test_one_term_per_thing(game_id: str, lang: str) -> None:
    game = shipped_game(game_id)
    texts = [
        form
        for text in game.locales[lang].flat.values()
        for form in (text.forms.values() if isinstance(text, Plural) else [text])
    ]
    words = " ".join(texts).lower()
    for thing, (term, others) in TERMS[game_id][lang].items():
        assert _starts_a_word(term, words), (thing, term)
        assert not [other for other in others if _starts_a_word(other, words)], (thing, others)


def _starts_a_word(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(text)}", words) is not None
