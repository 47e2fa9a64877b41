"""Gear & Piston's rules summary teaches the game (issue 21): each rule a new player needs, read
back from the printed PDF in every language, with the numbers the engine plays by."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.games.gear_and_piston.car import JUNK_YARD, PATENT_OFFICE
from generator.games.gear_and_piston.parts import MAX_UNRELIABILITY
from generator.model import Game
from tests.test_rulebook import summary_pdf, text_of

RULES = {
    "en": {
        "blueprints": "A part you take goes into your hand as a blueprint, hidden from the others; "
        "only the Workshop builds it into your car. You may hold at most 5 blueprints",
        "unreliability": "add up the unreliability marks on the parts in your car "
        f"(0 to {MAX_UNRELIABILITY} per part) and note the total",
        "spaces": "Each location has a row of spaces for action discs. When planning, put your "
        "disc on the first free space of the location you choose.",
        "space order": "at each location the discs act in the order of their spaces",
        "patent office": f"Take 1 new part: one of the {PATENT_OFFICE} face-up parts",
        "junk yard": f"one of the {JUNK_YARD} face-up parts or the top part of the old stack",
        "workshop": "The space your disc is on gives you a number of actions",
        "dark alley": "Your disc then waits in the alley's holding space and misses the next "
        "planning",
        "support": "every top part needs a part directly below it",
        "axles": "Every part that is not an axle must touch an axle: beside it in the bottom "
        "row, or above it or diagonally above it in the top row.",
        "pieces": "While you build, your car may be at most two separate pieces.",
    },
    "ru": {
        "blueprints": "Взятая деталь идёт в руку как чертёж, скрытый от других; только "
        "Мастерская ставит её в машину. В руке можно держать не больше 5 чертежей",
        "unreliability": "сложите знаки ненадёжности на деталях своей машины "
        f"(от 0 до {MAX_UNRELIABILITY} на деталь) и отметьте сумму",
        "spaces": "В каждой локации есть ряд полей для дисков действий. При планировании "
        "ставьте диск на первое свободное поле выбранной локации.",
        "space order": "в каждой локации диски действуют по порядку полей",
        "patent office": f"Возьмите 1 новую деталь: одну из {PATENT_OFFICE} открытых",
        "junk yard": f"одну из {JUNK_YARD} открытых или верхнюю деталь стопки старых",
        "workshop": "Поле, на котором стоит ваш диск, даёт число действий",
        "dark alley": "ваш диск ждёт на поле ожидания переулка и пропускает следующее планирование",
        "support": "прямо под каждой верхней деталью должна быть деталь",
        "axles": "Каждая деталь, кроме осей, должна касаться оси: стоять рядом с ней в нижнем "
        "ряду или над ней либо по диагонали над ней в верхнем ряду.",
        "pieces": "Пока вы строите, машина может состоять самое большее из двух отдельных частей.",
    },
    "uk": {
        "blueprints": "Взята деталь іде в руку як креслення, приховане від інших; лише Майстерня "
        "ставить її в машину. У руці можна тримати не більше 5 креслень",
        "unreliability": "складіть знаки ненадійності на деталях своєї машини "
        f"(від 0 до {MAX_UNRELIABILITY} на деталь) і позначте суму",
        "spaces": "У кожній локації є ряд полів для дисків дій. Під час планування ставте диск на "
        "перше вільне поле вибраної локації.",
        "space order": "в кожній локації диски діють за порядком полів",
        "patent office": f"Візьміть 1 нову деталь: одну з {PATENT_OFFICE} відкритих",
        "junk yard": f"одну з {JUNK_YARD} відкритих або верхню деталь стосу старих",
        "workshop": "Поле, на якому стоїть ваш диск, дає кількість дій",
        "dark alley": "ваш диск чекає на полі очікування провулка й пропускає наступне планування",
        "support": "просто під кожною верхньою деталлю має бути деталь",
        "axles": "Кожна деталь, крім осей, має торкатися осі: стояти поруч із нею в нижньому "
        "ряду або над нею чи по діагоналі над нею у верхньому ряду.",
        "pieces": "Поки ви будуєте, машина може складатися щонайбільше з двох окремих частин.",
    },
    "de": {
        "blueprints": "Ein Teil, das du nimmst, kommt als Bauplan verdeckt auf deine Hand; nur "
        "die Werkstatt baut es in deinen Wagen ein. Du darfst höchstens 5 Baupläne halten",
        "unreliability": "zählst du die Unzuverlässigkeitssymbole auf den Teilen deines Wagens "
        f"zusammen (0 bis {MAX_UNRELIABILITY} pro Teil) und notierst die Summe",
        "spaces": "Jeder Ort hat eine Reihe Felder für Aktionsscheiben. Beim Planen setzt du "
        "deine Scheibe auf das erste freie Feld des gewählten Ortes.",
        "space order": "an jedem Ort handeln die Scheiben in der Reihenfolge ihrer Felder",
        "patent office": f"Nimm 1 Neuteil: eines der {PATENT_OFFICE} offenen Teile",
        "junk yard": f"eines der {JUNK_YARD} offenen Teile oder das oberste Teil des "
        "Altteil-Stapels",
        "workshop": "Das Feld deiner Scheibe gibt dir eine Zahl von Aktionen",
        "dark alley": "wartet deine Scheibe auf dem Wartefeld der Gasse und setzt beim nächsten "
        "Planen aus",
        "support": "direkt unter jedem oberen Teil muss ein Teil liegen",
        "axles": "Jedes Teil, das keine Achse ist, muss eine Achse berühren: neben ihr in der "
        "unteren Reihe oder über ihr oder schräg über ihr in der oberen Reihe.",
        "pieces": "Während du baust, darf dein Wagen aus höchstens zwei getrennten Stücken "
        "bestehen.",
    },
}
"""Each rule's phrase as the summary prints it; the numbers are the engine's."""


@pytest.fixture(scope="module")
def game() -> Game:
    (loaded,) = check(DEFAULT_DATA_DIR, ("gear_and_piston",), ())
    return loaded


@pytest.mark.parametrize("lang", sorted(RULES))
def test_the_summary_holds_every_rule_a_new_player_needs(
    game: Game, lang: str, tmp_path: Path
) -> None:
    text = text_of(summary_pdf(game, lang, tmp_path))
    missing = [rule for rule, phrase in RULES[lang].items() if phrase not in text]
    assert not missing, (lang, missing)
