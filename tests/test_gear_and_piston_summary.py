"""Gear & Piston's rules summary teaches the game (issue 21): each rule a new player needs, read
back from the printed PDF in every language, with the numbers the engine plays by."""

from __future__ import annotations

import pytest
import yaml

from generator import DEFAULT_DATA_DIR
from generator.games.base import deck_of
from generator.games.gear_and_piston.board import ALLEY_DISCS, DISCS
from generator.games.gear_and_piston.car import JUNK_YARD, PATENT_OFFICE
from generator.games.gear_and_piston.decks import INVESTORS, NEW
from generator.games.gear_and_piston.parts import MAX_UNRELIABILITY, part
from generator.games.gear_and_piston.scoring import Investor, score
from generator.games.gear_and_piston.summary import smallest_car
from generator.games.gear_and_piston.validation import INVESTORS_DRAWN
from generator.load.placeholders import without_icons
from generator.model import Game
from tests.conftest import Summaries, shipped_game

FEWER = DISCS - ALLEY_DISCS
"""Turns in a round for a player whose disc rests in the Dark Alley's holding space."""

RULES = {
    "en": {
        "discs": f"Each player has {DISCS} action discs, so a round is {DISCS} turns each, or "
        f"{FEWER} for a player whose disc rests in the Dark Alley's holding space.",
        "alley": f"You may send at most {ALLEY_DISCS} of your discs here a round.",
        "scrap": "Scrap only replaces missing parts, and its unreliability counts.",
        "blueprints": "A part you take goes into your hand as a blueprint, hidden from the others; "
        "only the Workshop builds it into your car. You may hold at most 5 blueprints",
        "unreliability": "add up the unreliability marks on the parts in your car "
        f"(0 to {MAX_UNRELIABILITY} per part) and move your marker on the unreliability track "
        "to the total",
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
        "colours": "A part's engine type shows three ways at once: its colour, the symbol under "
        "its function badge and the pattern over its ground",
        "grey parts": "Grey parts fit every engine type: they need no engine or fuel tank of their "
        "own, but a grey engine or fuel tank powers no coloured part.",
        "engines": "Red: a drop of fuel; dots over the ground.",
        "grey engine type": "When an investor counts engine types, grey is not one",
        "score": "your score is the points for your largest area, plus or minus the investors' "
        "points, minus your unreliability",
        "area": "A point for each part in the largest area of one colour in your car: parts "
        "joined edge to edge (beside, above or below each other, never diagonally).",
        "grey area": "Grey parts join the area of any colour, and an area of grey parts alone "
        "counts too.",
        "investors drawn": "Each investor drawn at setup gives its points, plus or minus, once to "
        "every player whose finished car meets it.",
        "most and fewest": "“Most” and “fewest” compare the players' finished cars with each "
        "other; every car tied for the most or the fewest meets it.",
        "unfinished car": "A car that is not finished meets no investor and is left out of the "
        "comparison.",
        "unreliability points": "You lose a point for each unreliability mark on the parts in "
        "your car.",
        "tie-break": "The most points wins. On a tie, the lower unreliability wins; tied on that "
        "too, the players share the place.",
    },
    "ru": {
        "discs": f"Дисков действий у каждого игрока: {DISCS}, и ходов в раунде столько же; у "
        f"игрока, чей диск отдыхает на поле ожидания Тёмного переулка, — {FEWER}.",
        "alley": f"Ставьте сюда не больше {ALLEY_DISCS} своего диска за раунд.",
        "scrap": "Брак только заменяет недостающие детали, и его ненадёжность считается.",
        "blueprints": "Взятая деталь идёт в руку как чертёж, скрытый от других; только "
        "Мастерская ставит её в машину. В руке можно держать не больше 5 чертежей",
        "unreliability": "сложите знаки ненадёжности на деталях своей машины "
        f"(от 0 до {MAX_UNRELIABILITY} на деталь) и передвиньте свой маркер на дорожке "
        "ненадёжности на эту сумму",
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
        "colours": "Тип двигателя детали виден сразу трижды: по цвету, по символу под значком "
        "функции и по узору на фоне",
        "grey parts": "Серые детали подходят к любому двигателю: им не нужен свой "
        "двигатель или топливный бак, но серый двигатель или бак не питает цветные детали.",
        "engines": "Красный: капля топлива; точки по фону.",
        "grey engine type": "Когда инвестор считает типы двигателей, серый цвет не в счёт",
        "score": "ваши очки — это очки за самую большую область, плюс или минус очки инвесторов, "
        "минус ненадёжность",
        "area": "Очко за каждую деталь в самой большой области одного цвета в вашей машине: "
        "детали, соединённые сторонами (рядом, выше или ниже друг друга, но не по диагонали).",
        "grey area": "Серые детали присоединяются к области любого цвета, и область из одних "
        "серых деталей тоже считается.",
        "investors drawn": "Каждый инвестор, взятый при подготовке, один раз даёт свои очки, плюс "
        "или минус, каждому игроку, чья готовая машина выполняет его условие.",
        "most and fewest": "«Больше всех» и «меньше всех» сравнивают готовые машины игроков между "
        "собой; при равенстве условие выполняют все равные машины.",
        "unfinished car": "Неготовая машина не выполняет ни одного условия и в сравнении не "
        "участвует.",
        "unreliability points": "Каждый знак ненадёжности на деталях вашей машины отнимает очко.",
        "tie-break": "Побеждает тот, у кого больше всех очков. При равенстве побеждает тот, у кого "
        "меньше ненадёжности; если и она равна, игроки делят место.",
    },
    "uk": {
        "discs": f"Дисків дій у кожного гравця: {DISCS}, і ходів у раунді стільки ж; у гравця, "
        f"чий диск відпочиває на полі очікування Темного провулка, — {FEWER}.",
        "alley": f"Ставте сюди не більше {ALLEY_DISCS} свого диска за раунд.",
        "scrap": "Брак лише замінює відсутні деталі, і його ненадійність рахується.",
        "blueprints": "Взята деталь іде в руку як креслення, приховане від інших; лише Майстерня "
        "ставить її в машину. У руці можна тримати не більше 5 креслень",
        "unreliability": "складіть знаки ненадійності на деталях своєї машини "
        f"(від 0 до {MAX_UNRELIABILITY} на деталь) і пересуньте свій маркер на доріжці "
        "ненадійності на цю суму",
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
        "colours": "Тип двигуна деталі видно одразу тричі: за кольором, за символом під значком "
        "функції та за візерунком на тлі",
        "grey parts": "Сірі деталі пасують до будь-якого двигуна: їм не "
        "потрібен власний двигун чи паливний бак, але сірий двигун чи бак не живить кольорові "
        "деталі.",
        "engines": "Червоний: крапля пального; крапки по тлу.",
        "grey engine type": "Коли інвестор рахує типи двигунів, сірий колір не рахується",
        "score": "ваші очки — це очки за найбільшу область, плюс або мінус очки інвесторів, мінус "
        "ненадійність",
        "area": "Очко за кожну деталь у найбільшій області одного кольору у вашій машині: деталі, "
        "з’єднані сторонами (поруч, вище або нижче одна одної, але не по діагоналі).",
        "grey area": "Сірі деталі приєднуються до області будь-якого кольору, і область лише із "
        "сірих деталей теж рахується.",
        "investors drawn": "Кожен інвестор, узятий під час підготовки, один раз дає свої очки, "
        "плюс чи мінус, кожному гравцеві, чия готова машина виконує його умову.",
        "most and fewest": "«Найбільше» й «найменше» порівнюють готові машини гравців між собою; "
        "за рівності умову виконують усі рівні машини.",
        "unfinished car": "Неготова машина не виконує жодної умови й у порівнянні не бере участі.",
        "unreliability points": "Кожен знак ненадійності на деталях вашої машини забирає очко.",
        "tie-break": "Перемагає той, хто має найбільше очок. За рівності перемагає той, у кого "
        "менше ненадійності; якщо й вона рівна, гравці ділять місце.",
    },
    "de": {
        "discs": f"Jeder Spieler hat {DISCS} Aktionsscheiben, also ist eine Runde {DISCS} Züge pro "
        f"Spieler, oder {FEWER} für einen Spieler, dessen Scheibe auf dem Wartefeld der Dunklen "
        "Gasse ruht.",
        "alley": f"Du darfst pro Runde höchstens {ALLEY_DISCS} deiner Scheiben hierher schicken.",
        "scrap": "Schrott ersetzt nur fehlende Teile, und seine Unzuverlässigkeit zählt.",
        "blueprints": "Ein Teil, das du nimmst, kommt als Bauplan verdeckt auf deine Hand; nur "
        "die Werkstatt baut es in deinen Wagen ein. Du darfst höchstens 5 Baupläne halten",
        "unreliability": "zählst du die Unzuverlässigkeitssymbole auf den Teilen deines Wagens "
        f"zusammen (0 bis {MAX_UNRELIABILITY} pro Teil) und ziehst deinen Zählstein auf der "
        "Unzuverlässigkeitsleiste auf die Summe",
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
        "colours": "Die Antriebsart eines Teils zeigt sich dreifach: an seiner Farbe, am Symbol "
        "unter dem Funktionsabzeichen und am Muster auf dem Grund",
        "grey parts": "Graue Teile passen zu jeder "
        "Antriebsart: Sie brauchen keinen eigenen Motor und keinen eigenen Tank, aber ein grauer "
        "Motor oder Tank treibt kein farbiges Teil an.",
        "engines": "Rot: ein Tropfen Treibstoff; Punkte auf dem Grund.",
        "grey engine type": "Zählt ein Investor Antriebsarten, ist Grau keine davon",
        "score": "Am Spielende bekommst du die Punkte für deine größte Fläche, plus oder minus die "
        "Punkte der Investoren, abzüglich deiner Unzuverlässigkeit",
        "area": "Einen Punkt für jedes Teil der größten einfarbigen Fläche deines Wagens: Teile, "
        "die Kante an Kante liegen (nebeneinander, über- oder untereinander, nie schräg).",
        "grey area": "Graue Teile gehören zur Fläche jeder Farbe, und eine Fläche nur aus grauen "
        "Teilen zählt auch.",
        "investors drawn": "Jeder beim Aufbau gezogene Investor gibt seine Punkte, plus oder "
        "minus, einmal jedem Spieler, dessen fertiger Wagen ihn erfüllt.",
        "most and fewest": "„Die meisten“ und „die wenigsten“ vergleichen die fertigen Wagen der "
        "Spieler miteinander; bei Gleichstand erfüllen ihn alle gleichauf liegenden Wagen.",
        "unfinished car": "Ein Wagen, der nicht fertig ist, erfüllt keinen Investor und zählt beim "
        "Vergleich nicht mit.",
        "unreliability points": "Jedes Unzuverlässigkeitssymbol auf den Teilen deines Wagens "
        "kostet dich einen Punkt.",
        "tie-break": "Die meisten Punkte gewinnen. Bei Gleichstand gewinnt die geringere "
        "Unzuverlässigkeit; ist auch sie gleich, teilen sich die Spieler den Platz.",
    },
}
"""Each rule's phrase as the summary prints it; the numbers are the engine's."""


EXAMPLE = {
    "en": (
        "Suppose the {count} investors drawn for this game are “{first}” and “{second}”, and "
        "compared with the other players' finished cars, none beats this one on them. Score: "
        "largest area of one colour {area},",
        ": {total} points.",
    ),
    "ru": (
        "Пусть в этой игре взяты {count} инвестора — «{first}» и «{second}», и ни одна готовая "
        "машина других игроков не обходит эту по их условиям. Очки: самая большая область одного "
        "цвета {area},",
        ": итого {total}.",
    ),
    "uk": (
        "Припустімо, що в цій грі взяті {count} інвестори — «{first}» і «{second}», і жодна "
        "готова машина інших гравців не випереджає цю за їхніми умовами. Очки: найбільша область "
        "одного кольору {area},",
        ": разом {total}.",
    ),
    "de": (
        "Angenommen, in diesem Spiel wurden die {count} Investoren „{first}“ und „{second}“ "
        "gezogen, und kein fertiger Wagen der anderen Spieler übertrifft diesen Wagen bei ihnen. "
        "Wertung: größte einfarbige Fläche {area},",
        ": {total} Punkte.",
    ),
}
"""The worked example's score: the investors a game draws, named, and compared with the other
players' cars; the count, the area and the total are the engine's."""


@pytest.fixture(scope="module")
def game() -> Game:
    return shipped_game("gear_and_piston")


@pytest.fixture(scope="module")
def texts(summaries: Summaries) -> dict[str, str]:
    """Each language's printed summary as text (made once for the session)."""
    return {lang: summaries[("gear_and_piston", lang)][1] for lang in RULES}


@pytest.mark.parametrize("lang", sorted(RULES))
def test_the_summary_holds_every_rule_a_new_player_needs(texts: dict[str, str], lang: str) -> None:
    missing = [rule for rule, phrase in RULES[lang].items() if phrase not in texts[lang]]
    assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", sorted(EXAMPLE))
def test_the_example_is_scored_with_the_investors_the_game_draws(
    game: Game, texts: dict[str, str], lang: str
) -> None:
    new = deck_of(game, NEW).cards
    car = smallest_car([part(card.id, NEW, card.fields) for card in new])
    assert car is not None
    drawn = deck_of(game, INVESTORS).cards[:INVESTORS_DRAWN]
    result = score([car], [True], [Investor(**card.fields) for card in drawn])[0]
    first, second = (  # the summary leaves a text's icons out: reportlab draws no SVG
        without_icons(game.locales[lang].flat[f"investors.{card.fields['id']}"]) for card in drawn
    )
    names, total = EXAMPLE[lang]
    shown = names.format(count=INVESTORS_DRAWN, first=first, second=second, area=result.area)
    assert shown in texts[lang]
    assert total.format(total=result.total) in texts[lang]


def test_the_player_count_is_the_boards(game: Game, texts: dict[str, str]) -> None:
    """One decision on the player count: the board's spaces are for 3, 4 and 5 players, game.yaml
    says the same, and every summary prints it."""
    data = yaml.safe_load((DEFAULT_DATA_DIR / "gear_and_piston" / "board.yaml").read_text("utf-8"))
    marks = {n for place in data["locations"].values() for n in place["spaces"]}
    assert game.players == (min(marks), max(marks)) == (3, 5)
    for lang, text in texts.items():
        players = str(game.locales[lang].flat["summary.players"])
        assert players.format(low=3, high=5) in text, lang
