"""Rulebook summaries: every game in every language, read back from the PDF."""

from __future__ import annotations

import io
import math
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pypdf
import pytest

from generator.games.break_the_code.tiles import deal
from generator.games.game_of_trains.summary import (
    EXAMPLE_TRAIN,
    best_use,
    best_use_explained,
    helping,
    in_order_pairs,
    why,
)
from generator.games.game_of_trains.train import MOVES, SWAPS, Train
from generator.games.gears.resolution import Played, resolve
from generator.games.gears.summary import PLAYS
from generator.games.registry import find_engine
from generator.games.three_by_three.solver import Move, solve
from generator.games.three_by_three.summary import example_board
from generator.geometry.sizes import PAPERS
from generator.model import Card, Game
from generator.outputs import Job, Options
from generator.outputs.summary import RulesSummary
from generator.pipeline.build import check
from generator.pipeline.front import checked_game, engine_of
from generator.rulebook import content, document
from generator.rulebook.compose import summarise
from generator.rulebook.words import Words, steps
from generator.runtime.writer import Writer
from tests import pdf
from tests.conftest import DataCopy, shipped_game
from tests.pdf import embedded_fonts, words

A4 = (0.0, 0.0, 595.2756, 841.8898)
A4_WIDTH, A4_HEIGHT = 210.0, 297.0  # mm
LETTER = (0.0, 0.0, 612.0, 792.0)
LANGS = ("de", "en", "ru", "uk")


def summary_pdf(game: Game, lang: str, folder: Path, paper: str = "a4") -> Path:
    writer = Writer(folder)
    engine = find_engine(game.id)
    assert engine is not None
    options = Options(paper=PAPERS[paper])
    job = Job(folder / paper, options, writer, game=game, engine=engine, lang=lang)
    (written,) = RulesSummary().write(job)
    writer.commit()
    return written.path


def boxes_of(path: Path) -> list[tuple[float, ...]]:
    """Every page's MediaBox in points."""
    return [tuple(float(n) for n in page.mediabox) for page in pypdf.PdfReader(path).pages]


def text_of(path: Path) -> str:
    """The summary's words in reading order, with line breaks and runs of spaces as one space."""
    reader = pypdf.PdfReader(path)
    return " ".join(" ".join(page.extract_text() or "" for page in reader.pages).split())


def test_twenty_summaries_of_one_to_three_a4_pages_in_the_project_fonts(summaries: dict) -> None:
    assert len(summaries) == 5 * 4  # five games in de, en, ru, uk
    for (game, lang), (path, _) in summaries.items():
        pdf = path.read_bytes()
        boxes = boxes_of(path)
        assert 1 <= len(boxes) <= 3, (game, lang, len(boxes))
        assert all(box == pytest.approx(A4, abs=0.01) for box in boxes), (game, lang)
        assert b"Helvetica" not in pdf, "every font is embedded"
        assert embedded_fonts(pdf) >= {"RobotoCondensed-Regular", "Roboto-Black"}


def sizes_of(pdf: bytes) -> Counter[float]:
    """How many characters the summary's own text prints at each size (points, as placed on
    the page). Its fonts carry a /Name (reportlab's); the cards pictured, drawn by cairo, do
    not, and are left out."""
    sizes: Counter[float] = Counter()

    def count(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if font is None or "/Name" not in font:
            return
        scale = math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
        sizes[round(size * scale, 1)] += len(text.strip())

    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=count)
    return sizes


def test_the_rules_are_read_at_nine_to_ten_points(summaries: dict) -> None:
    """Issue 21: body text 9-10 pt. Most of what a summary writes is at 9-10 pt (the rest: the
    title and headings, captions and the footer)."""
    for (game, lang), (path, _) in summaries.items():
        sizes = sizes_of(path.read_bytes())
        body = sum(n for size, n in sizes.items() if 9 <= size <= 10)
        assert body / sum(sizes.values()) > 2 / 3, (game, lang, sizes.most_common(6))
        assert 9 <= sizes.most_common(1)[0][0] <= 10, (game, lang, sizes.most_common(3))


def test_steps_written_with_dots_in_one_key_are_the_same_steps(data: DataCopy) -> None:
    """``summary: {"turn.1": ...}`` names the same texts as ``summary: {turn: {"1": ...}}``: the
    steps are found either way (and in order), not only by walking down the nested keys."""
    file = "gears/locales/en.yaml"
    text = (data.root / file).read_text(encoding="utf-8")
    nested = re.search(r"\n  turn:\n((?:    .*\n)+)", text)
    assert nested is not None
    dotted = re.sub(r'(?m)^    "(\d+)":', r'  "turn.\1":', nested.group(1))
    data.edit(file, nested.group(0), "\n" + dotted)
    game = checked_game(data.root, engine_of(data.root, "gears"))
    turn = steps(game.locales["en"], "summary.turn")
    assert turn == steps(shipped_game("gears").locales["en"], "summary.turn")
    assert len(turn) >= 3


def test_the_rules_flow_in_two_columns(shipped: dict[str, Game], summaries: dict) -> None:
    """A line of the rules is at most half the text width (a full-width line at 9.5 pt held
    some 150 characters): the first setup step's words lie in the left column, and the page's
    right column holds text too."""
    middle = A4_WIDTH / 2
    for (game, lang), (path, _) in summaries.items():
        placed = words(path, 1)
        setup, _ = find_engine(game).summary_steps  # type: ignore[union-attr]
        first = steps(shipped[game].locales[lang], setup)[0].split()[:3]
        starts = [at for at in range(len(placed)) if [w[0] for w in placed[at : at + 3]] == first]
        assert starts, (game, lang, first)
        assert all(w[3] < middle for w in placed[starts[-1] : starts[-1] + 3]), (game, lang)
        right = [w for w in placed if w[1] > middle]
        assert len(right) > 50, (game, lang, len(right))


def last_page_filled(path: Path) -> float:
    """How far down the text area of the last page its lowest word reaches (poppler's words,
    the footer left out)."""
    bottom = A4_HEIGHT - document.MARGIN - 4
    lowest = max(w[4] for w in words(path, len(boxes_of(path))) if w[4] < bottom)
    return (lowest - document.MARGIN) / (bottom - document.MARGIN)


def test_no_summary_ends_on_a_mostly_blank_page(summaries: dict) -> None:
    """Issue 21: the last page is filled at least 40 % of the way down (or the summary is one
    page)."""
    for (game, lang), (path, _) in summaries.items():
        if len(boxes_of(path)) > 1:
            filled = last_page_filled(path)
            # the layout measures its frame, poppler the words' boxes: 2 % apart at most
            assert filled >= document.LAST_PAGE - 0.02, (game, lang, round(filled, 2))


def _steps_summary(steps: int) -> content.Summary:
    text = "Lay the cards out in a row and read them from left to right, " * 3
    return content.Summary(
        title="Test",
        facts=["2 players"],
        goal=text,
        headings={"components": "Components", "setup": "Setup", "turn": "A turn"},
        components=[content.Component("cards", 10, None)],
        setup=[text] * steps,
        turn=[],
    )


def test_a_few_lines_over_a_page_are_set_tighter_to_save_the_page(tmp_path: Path) -> None:
    """The usual setting (9.5 pt) that leaves a few lines on a last page gives way to the first
    tighter one that does without that page; a summary that cannot lose its last page is set
    looser instead, filling more of it."""
    a4 = PAPERS["a4"]
    usual = document.DENSITIES[document.USUAL]
    spilled = next(
        n for n in range(10, 200) if document.laid_out(_steps_summary(n), a4, usual).pages == 2
    )
    saved = document.write(_steps_summary(spilled), a4, io.BytesIO())
    assert saved == 1
    tightest = document.DENSITIES[-1]
    unsaved = next(
        n
        for n in range(spilled, 200)
        if document.laid_out(_steps_summary(n), a4, tightest).pages == 2
    )
    longer = _steps_summary(unsaved)
    loose = document.laid_out(longer, a4, usual)
    assert loose.pages == 2 and loose.last_page < document.LAST_PAGE
    written = tmp_path / "longer.pdf"
    with written.open("wb") as stream:
        assert document.write(longer, a4, stream) == 2
    sizes = sizes_of(written.read_bytes())
    assert sizes.most_common(1)[0][0] == 10.0  # the loosest setting, still in 9-10 pt
    assert last_page_filled(written) > loose.last_page + 0.05


def test_each_summary_is_in_its_own_language(shipped: dict[str, Game], summaries: dict) -> None:
    for (game, lang), (_, text) in summaries.items():
        locale = shipped[game].locales[lang]
        assert text.startswith(locale.text("title")), (game, lang)
        assert locale.text("summary.headings.setup") in text
        assert locale.text("summary.goal").split()[0] in text
        cyrillic = sum("\u0400" <= ch <= "\u04ff" for ch in text)
        assert (cyrillic > 500) == (lang in ("ru", "uk")), (game, lang, cyrillic)
        german = len(re.findall(r"\b(?:und|der|die|das|du|deine?n?)\b", text))
        assert (german > 20) == (lang == "de"), (game, lang, german)


def test_component_counts_come_from_the_card_data(
    shipped: dict[str, Game], summaries: dict
) -> None:
    for (game_id, lang), (_, text) in summaries.items():
        game = shipped[game_id]
        for deck in game.decks:
            name = game.locales[lang].text(f"summary.components.{deck.id}")
            assert f"{len(deck.cards)} \u00d7 {name}" in text, (game_id, lang, deck.id)


def test_trains_example_uses_the_engine(summaries: dict) -> None:
    text = summaries[("game_of_trains", "en")][1]
    # 12 40 33 55 5 70 84; wagon 1 swaps neighbours: 40/33 or 55/5 give 5 of 6 in order,
    # the first of them is positions 2 and 3
    assert "Your train reads 12 40 33 55 5 70 84" in text
    assert "Swap neighbours (wagon 1): best used at positions 2 and 3, it leaves " in text
    assert "12 33 40 55 5 70 84, with 5 of 6 neighbours in order" in text


@pytest.mark.parametrize("lang", LANGS)
def test_trains_example_says_why_each_use_is_good(
    shipped: dict[str, Game], summaries: dict, lang: str
) -> None:
    """Issue 21: for each face-up card the example says where it is best used and why: the
    wagon it puts next to neighbours in order and the ascending run that makes. The face-up
    cards are the lowest wagons, one per ability, whose best use puts more neighbours in order.
    Each reason is checked against the train after the use, not only read back."""
    game = shipped["game_of_trains"]
    words = Words(game.locales[lang])
    text = summaries[("game_of_trains", lang)][1]
    start = Train(list(EXAMPLE_TRAIN))
    now = in_order_pairs(start)
    assert words("summary.example_train", train=str(start), ordered=now) in text
    shown: dict[str, Card] = {}  # the lowest wagon of each ability that helps
    for card in sorted(game.deck("wagons").cards, key=lambda card: card.fields["number"]):
        ability, number = card.fields["ability"], card.fields["number"]
        if ability in shown or number in EXAMPLE_TRAIN or ability not in (*SWAPS, *MOVES):
            continue
        if in_order_pairs(best_use(EXAMPLE_TRAIN, ability)[1]) > now:
            shown[ability] = card
    face_up = list(shown.values())[:3]
    assert helping(game.deck("wagons")) == face_up
    listed = words.join([str(card.fields["number"]) for card in face_up])
    assert words("summary.example_face_up", cards=listed) in text
    for card in face_up:
        assert best_use_explained(card, words) in text
        ability = card.fields["ability"]
        positions, after = best_use(EXAMPLE_TRAIN, ability)
        assert in_order_pairs(after) > now
        reason = why(EXAMPLE_TRAIN, ability, positions, after)
        wagons = after.wagons
        at = wagons.index(reason.wagon)
        assert reason.wagon in [EXAMPLE_TRAIN[p - 1] for p in positions]  # a wagon it moved
        assert reason.neighbours, ability
        for neighbour in reason.neighbours:
            there = wagons.index(neighbour)
            assert abs(there - at) == 1 and (there < at) == (neighbour < reason.wagon)
        first = wagons.index(reason.run[0])
        assert wagons[first : first + len(reason.run)] == reason.run
        assert reason.run == sorted(reason.run) and reason.wagon in reason.run
        last = first + len(reason.run) - 1  # the run goes on until the order breaks:
        assert first == 0 or wagons[first - 1] > wagons[first]
        assert last == len(wagons) - 1 or wagons[last] > wagons[last + 1]
    if lang == "en":  # 40 before 33 is out of order; swapping them mends it
        assert (
            "That puts 33 next to 12 and 40, so wagons 12 33 40 55 read in ascending order." in text
        )
        assert "Two places left (wagon 3): best used at position 5, it leaves" in text


def test_gears_example_rounds_are_resolved_by_the_engine(summaries: dict) -> None:
    text = summaries[("gears", "en")][1]
    # red 4, yellow 3, purple 2, blue 2 under "highest": the 2s jam, the 4 wins
    assert "Day shift, Highest. Played: 1: Red 4, 2: Yellow 3, 3: Purple 2 and 4: Blue 2." in text
    assert "Jammed: 3: Purple 2 and 4: Blue 2. Wins: 1: Red 4." in text
    # the multicoloured gear trades its 1 for red's 4; grey 3 ties only with purple: purple jams
    assert "After the multicoloured swap: 1: Grey 3, 2: Red 1, 3: Multicoloured 4" in text
    assert "Jammed: 4: Purple 3. Wins: 2: Red 1." in text
    # grey rust: the grey 3 jams with the purple 3
    assert "Night shift, Lowest odd + Grey rust." in text
    assert "Jammed: 1: Grey 3 and 2: Purple 3. Wins: 4: Yellow 1." in text
    assert resolve("highest", [Played("red", 4), Played("grey", 4)]).winners == [1]


def placed_turns(path: Path) -> list[int]:
    """Each picture (form) the PDF's pages place, in drawing order, as the quarter turns
    clockwise its placement turns it by: read from the transformation in force at each ``Do``."""
    turns = []
    for page in pypdf.PdfReader(path).pages:
        matrix, saved = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], []
        for operands, operator in pypdf.generic.ContentStream(page.get_contents(), None).operations:
            if operator == b"q":
                saved.append(matrix)
            elif operator == b"Q":
                matrix = saved.pop()
            elif operator == b"cm":
                a, b, c, d, e, f = (float(x) for x in operands)
                m = matrix
                matrix = [
                    a * m[0] + b * m[2], a * m[1] + b * m[3],
                    c * m[0] + d * m[2], c * m[1] + d * m[3],
                    e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5],
                ]  # fmt: skip
            elif operator == b"Do":
                # the PDF's y axis points up: a clockwise turn is a negative angle
                angle = -math.degrees(math.atan2(matrix[1], matrix[0]))
                turns.append(round(angle / 90) % 4)
    return turns


def test_gears_example_gears_lie_with_the_played_edge_at_the_corner(summaries: dict) -> None:
    """Issue 21: each example gear is drawn as it was played, with the edge at the round
    card's corner at the bottom, above its caption: a quarter turn clockwise moves each edge
    (0 top, clockwise) one place on, so edge ``e`` needs ``2 - e`` turns. Read from the PDF."""
    expected = []
    for plays in PLAYS:
        expected.append(0)  # the round card, upright
        expected += [(2 - edge) % 4 for _, edge in plays]
    assert len(set(expected)) > 2, "the example plays gears with several different edges"
    for lang in ("en", "ru", "uk", "de"):
        assert placed_turns(summaries[("gears", lang)][0])[-len(expected) :] == expected, lang


GEARS_RULES = {
    "de": {
        "night reset": "beginnt die Nachtschicht: Jeder nimmt alle seine Zahnräder zurück, mischt "
        "sie und legt eines davon zufällig in seine Ablage",
        "characters flip": "werden alle Charaktere, die noch die Tagseite zeigen, ebenfalls "
        "gewendet",
        "checked code": "Gewinnst du später und kannst oder willst keinen Code auf dem üblichen "
        "Weg eingeben, darfst du stattdessen einen deiner Codes in Prüfung auf die grüne Seite "
        "wenden",
        "tied top scores": "Teilen sich mehrere Spieler die höchste Punktzahl, scheiden sie alle "
        "aus",
        "tie example": "Punktzahlen 4, 4, 3 und 1: Beide Spieler mit 4 scheiden aus, und der "
        "Spieler mit 3 gewinnt",
        "blue takes back": "Blau 2 hat nicht gewonnen, also nimmt sein Besitzer ein weiteres "
        "Zahnrad aus seiner Ablage zurück auf die Hand.",
    },
    "en": {
        "night reset": "the night shift starts: every player takes back all their gears, "
        "shuffles them and discards one at random",
        "characters flip": "every character still day side up turns over too",
        "checked code": "On a later win, if you cannot or would rather not enter a code the usual "
        "way, flip one of your codes sent for checking to its green side instead",
        "tied top scores": "Players tied for the top score are all eliminated",
        "tie example": "scores 4, 4, 3 and 1: both 4s are eliminated and the player with 3 wins",
        "blue takes back": "Blue 2 did not win, so its player takes another gear from their "
        "discard back to their hand.",
    },
    "ru": {
        "night reset": "начинается ночная смена: каждый игрок забирает в руку все свои "
        "шестерёнки, перемешивает их и сбрасывает одну наугад",
        "characters flip": "переворачивается и каждый персонаж, ещё лежащий дневной стороной вверх",
        "checked code": "Если при следующей победе вы не можете или не хотите вводить код как "
        "обычно, вместо этого переверните зелёной стороной вверх один свой код на проверке",
        "tied top scores": "Игроки с одинаковым лучшим счётом все выбывают",
        "tie example": "счёт 4, 4, 3 и 1: обе четвёрки выбывают, побеждает счёт 3",
        "blue takes back": "Синяя 2 не победила, поэтому её владелец возвращает в руку ещё одну "
        "шестерёнку из своего сброса.",
    },
    "uk": {
        "night reset": "починається нічна зміна: кожен гравець забирає в руку всі свої шестерні, "
        "перемішує їх і скидає одну навмання",
        "characters flip": "перевертається й кожен персонаж, який досі лежить денним боком догори",
        "checked code": "Якщо під час наступної перемоги ви не можете або не хочете вводити код як "
        "звичайно, натомість переверніть зеленим боком догори один свій код на перевірці",
        "tied top scores": "Гравці з однаковим найкращим рахунком усі вибувають",
        "tie example": "рахунок 4, 4, 3 і 1: обидві четвірки вибувають, перемагає рахунок 3",
        "blue takes back": "Синя 2 не перемогла, тож її власник повертає в руку ще одну шестерню "
        "зі свого скиду.",
    },
}


@pytest.mark.parametrize("lang", sorted(GEARS_RULES))
def test_gears_summary_holds_the_night_shift_and_end_rules(summaries: dict, lang: str) -> None:
    """Issue 21: a group can play from the summary alone, so the rules the round steps leave
    out (the night shift's reset, characters at night, a checked code, tied scores) are there,
    in every language; the tie example's winner is computed by ``codes.game_winner``."""
    text = summaries[("gears", lang)][1]
    missing = [rule for rule, phrase in GEARS_RULES[lang].items() if phrase not in text]
    assert not missing, (lang, missing)


def test_three_by_three_example_and_answer_key(summaries: dict) -> None:
    text = summaries[("three_by_three", "en")][1]
    assert "Task card 1, 15-puzzle side" in text
    assert "it takes 4 moves at the fewest. 1. red b3–b2." in text
    assert "How hard each task is" in text
    # card 1's sides: a mean of 1.49 and at most 4 moves each (`pnp rules ... difficulty`)
    assert "1 1.49 / 4 1.49 / 4" in text


QUARTER_TURN_FITS = {"B": "BJ", "R": "RJ", "G": "GJ"}
"""Which 15-puzzle tokens fit a task cell (the joker fits every colour), from the brief."""


def turns_shown(board: str, task: str) -> list[int]:
    """The clockwise quarter turns of ``task`` that ``board`` shows, worked out here from the
    brief (a quarter turn clockwise makes the left column, read upwards, the top row)."""
    rows = [task[i : i + 3] for i in range(0, 9, 3)]
    shown = []
    for turns in range(4):
        cells = "".join(rows)
        if all(t == "." or board[i] in QUARTER_TURN_FITS[t] for i, t in enumerate(cells)):
            shown.append(turns)
        rows = ["".join(column) for column in zip(*rows[::-1], strict=True)]
    return shown


def three_by_three_example(game: Game) -> tuple[str, list[Move]]:
    """The 3x3 summary's task (card 1's 15-puzzle side) and the engine's moves to it."""
    task = game.deck("tasks").cards[0].fields["fifteen"]
    return task, solve("fifteen", example_board(task), task) or []


@pytest.mark.parametrize("lang", LANGS)
def test_three_by_three_example_says_which_turn_of_the_task_it_matches(
    shipped: dict[str, Game], summaries: dict, lang: str
) -> None:
    """Issue 21: the example's last board matches task card 1 turned a quarter clockwise, and
    the summary says so in every language (the turn checked here from the brief alone)."""
    game = shipped["three_by_three"]
    task, moves = three_by_three_example(game)
    assert turns_shown(moves[-1].board, task) == [1]
    sentence = Words(game.locales[lang])("summary.example_match.1", number=1)
    assert sentence in summaries[("three_by_three", lang)][1]


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_the_turn_the_3x3_example_names_follows_the_task_card(data: DataCopy, turns: int) -> None:
    """Card 1 printed turned by ``turns`` quarter turns: the same setup board and moves reach
    it (a task matches turned any way), and the sentence names the turn left over, for each of
    the four sentences and every language."""
    task, moves = three_by_three_example(shipped_game("three_by_three"))
    rows = [task[i : i + 3] for i in range(0, 9, 3)]
    for _ in range(turns):
        rows = ["".join(column) for column in zip(*rows[::-1], strict=True)]
    data.edit(
        "three_by_three/decks/tasks.yaml", f'fifteen: "{task}"', f'fifteen: "{"".join(rows)}"'
    )
    (changed,) = check(data.root, ("three_by_three",))
    left = turns_shown(moves[-1].board, "".join(rows))
    assert left == [(1 - turns) % 4]
    engine = find_engine("three_by_three")
    assert engine is not None
    for lang in LANGS:
        summary, problems = summarise(changed, lang, engine)
        assert problems == []
        examples = [x for x in summary.sections if isinstance(x, content.Example)]
        paragraphs = [step.text for example in examples for step in example.steps]
        sentence = Words(changed.locales[lang])(f"summary.example_match.{left[0]}", number=1)
        assert any(sentence in paragraph for paragraph in paragraphs), lang


def test_three_by_three_example_moves_end_in_arrowheads(shipped: dict[str, Game]) -> None:
    """Issue 21: each board after a move shows that move as an arrow from the cell the token
    left, its head's tip at the edge of the token where it now stands, pointing along the move
    (the board captioned "1" shows move 1); the starting board has no arrow."""
    game = shipped["three_by_three"]
    _, moves = three_by_three_example(game)
    summary, problems = summarise(game, "en", find_engine(game.id))  # type: ignore[arg-type]
    assert problems == []
    example = next(s for s in summary.sections if isinstance(s, content.Example))
    boards = example.steps[0].pictures[1:]
    assert len(boards) == len(moves) + 1
    for index, (board, move) in enumerate(zip(boards, [None, *moves], strict=True)):
        heads = ElementTree.fromstring(board.svg).findall(".//{*}polygon[@class='arrowhead']")
        if move is None:
            assert heads == [] and board.caption != "1"
            continue
        assert board.caption == str(index)
        (head,) = heads
        numbers = [float(n) for n in head.get("points", "").split()]
        tip, base = numbers[:2], numbers[2:]
        cell = board.width / 3
        xs = [((c % 3) + 0.5) * cell for c in (move.origin, move.target)]
        ys = [((c // 3) + 0.5) * cell for c in (move.origin, move.target)]
        along = [xs[1] - xs[0], ys[1] - ys[0]]
        unit = [n / math.hypot(*along) for n in along]
        edge = 0.42 * cell  # half a token, drawn 0.84 of a cell wide
        to_tip = [tip[0] - xs[1], tip[1] - ys[1]]
        assert math.hypot(*to_tip) == pytest.approx(edge, abs=0.05 * cell)  # at the token's edge
        assert to_tip[0] * unit[0] + to_tip[1] * unit[1] < 0  # on the side the token came from
        middle = [(base[0] + base[2]) / 2, (base[1] + base[3]) / 2]
        back = [middle[0] - tip[0], middle[1] - tip[1]]
        cross = along[0] * back[1] - along[1] * back[0]
        assert cross == pytest.approx(0, abs=1e-9)  # the head lies on the move's line
        assert along[0] * back[0] + along[1] * back[1] < 0  # and its base is behind the tip


def test_component_pictures_are_to_scale(shipped: dict[str, Game], summaries: dict) -> None:
    """Issue 21: the components row draws every deck's card at one scale, so a 25 mm 3x3
    token is 25/63 of a 63 mm task card (read from the PDF: each picture's drawn size); a deck
    shown both ways (the 3x3 tokens, issue 31) draws both sides at that scale."""
    for (game_id, lang), (path, _) in summaries.items():
        both = find_engine(game_id).summary_both_sides  # type: ignore[union-attr]
        sizes = [deck.size for deck in shipped[game_id].decks for _ in range(1 + (deck.id in both))]
        drawn = pdf.drawn_sizes(path.read_bytes())[0][: len(sizes)]
        scales = [
            scale
            for size, (width, height) in zip(sizes, drawn, strict=True)
            for scale in (width / size.width, height / size.height)
        ]
        assert max(scales) == pytest.approx(min(scales), rel=1e-4), (game_id, lang, drawn)
    task, token, back = pdf.drawn_sizes(summaries[("three_by_three", "en")][0].read_bytes())[0][:3]
    assert token[1] / task[1] == back[1] / task[1] == pytest.approx(25 / 63, rel=1e-4)


def test_break_the_code_example_answers_and_ratings(summaries: dict) -> None:
    text = summaries[("break_the_code", "en")][1]
    hand = deal(2, random.Random(3)).hands[0]
    total = sum(tile.number for tile in hand)
    assert f"“What is the sum of all your tiles?” Answer: {total}." in text
    assert "Before any question, 12,444 different 5-tile codes are possible." in text
    assert "≈602 codes left" in text  # the sum question, rated over all deals
    assert "bits" not in text and "engine" not in text


BREAK_THE_CODE_RULES = {
    "de": {
        "naming": "Die Antwort lautet nur „richtig“ oder „falsch“",
        "second try": "bekommt dein Gegner sofort noch einen einzigen Versuch: Nennt auch er "
        "deinen Code, endet das Spiel unentschieden",
        "who answers": "antworten zu dritt beide Gegner, zu viert alle, auch du",
        "write once": "Aufschreiben darfst du den Code nur ein einziges Mal",
        "wrong is out": "Falsch: Du scheidest aus",
        "finish the round": "wird die Runde zu Ende gespielt, damit alle gleich viele Züge hatten",
        "out of questions": "liegt keine offene Fragekarte mehr aus, endet das Spiel und niemand "
        "gewinnt",
        "narrows a lot": "Das grenzt den Code stark ein: Es passen noch 552 Codes.",
        "narrows a little": "Das grenzt den Code etwas ein: Es passen noch 68 Codes.",
        "colours": "A: 1 weiß, B: 2 weiß, C: 3 schwarz, D: 4 schwarz, E: 7 weiß",
    },
    "en": {
        "naming": "They answer only “right” or “wrong”",
        "second try": "your opponent gets one extra try at once: if they name your code too, "
        "the game is a draw",
        "who answers": "both opponents answer with 3 players; with 4, everyone answers, you too",
        "write once": "You may write the code only once",
        "wrong is out": "Wrong: you are out",
        "finish the round": "finish the round so that everyone has had the same number of turns",
        "out of questions": "no face-up question card is left, the game ends and nobody wins",
        "narrows a lot": "That narrows the code down a lot: 552 codes still fit.",
        "narrows a little": "That narrows the code down a little: 68 codes still fit.",
        "colours": "A 1 white, B 2 white, C 3 black, D 4 black, E 7 white",
    },
    "ru": {
        "naming": "Противник отвечает только «верно» или «неверно»",
        "second try": "противник сразу получает одну попытку назвать ваш код: угадает — ничья",
        "who answers": "втроём отвечают оба противника, вчетвером — все, и вы тоже",
        "write once": "Записать код можно только один раз",
        "wrong is out": "Неверно — вы выбываете",
        "finish the round": "доиграйте круг, чтобы у всех было поровну ходов",
        "out of questions": "открытых карт вопросов не осталось, игра кончается без победителя",
        "narrows a lot": "Это сильно сужает круг: подходят 552 кода.",
        "narrows a little": "Это немного сужает круг: подходят 68 кодов.",
        "colours": "А 1 белый, Б 2 белый, В 3 чёрный, Г 4 чёрный, Д 7 белый",
    },
    "uk": {
        "naming": "Суперник відповідає лише «так» чи «ні»",
        "second try": "суперник одразу дістає одну спробу назвати ваш код: вгадає — нічия",
        "who answers": "утрьох відповідають обидва суперники, учотирьох — усі, і ви теж",
        "write once": "Записати код можна лише один раз",
        "wrong is out": "Помилка — ви вибуваєте",
        "finish the round": "дограйте коло, щоб усі мали порівну ходів",
        "out of questions": "відкритих карт запитань не лишилося, гра закінчується без переможця",
        "narrows a lot": "Це сильно звужує коло: підходять 552 коди.",
        "narrows a little": "Це трохи звужує коло: підходять 68 кодів.",
        "colours": "А 1 білий, Б 2 білий, В 3 чорний, Г 4 чорний, Д 7 білий",
    },
}


@pytest.mark.parametrize("lang", sorted(BREAK_THE_CODE_RULES))
def test_break_the_code_summary_holds_the_winning_and_end_rules(summaries: dict, lang: str) -> None:
    """Issue 21: naming the code with 2 players (the extra try, the draw), the 3 or 4 player rules
    and running out of questions, in every language; the example says how much each answer
    narrows the code down, with the codes left (552 after the sum of 17, 68 after the three
    rightmost tiles' 14: ``rating.consistent``), and names each tile's colour."""
    text = summaries[("break_the_code", lang)][1]
    missing = [rule for rule, phrase in BREAK_THE_CODE_RULES[lang].items() if phrase not in text]
    assert not missing, (lang, missing)


def test_gear_and_piston_example_car_is_scored(summaries: dict) -> None:
    text = summaries[("gear_and_piston", "en")][1]
    assert "the new parts can build: 6 parts, every requirement met" in text
    assert (
        "Score: largest area of one colour 6, unreliability 0, investors “Most comfort symbols”"
        " +4 and “Most power symbols” +4: 14 points." in text
    )
    assert "Tiles: 8 new, 8 old, 6 scrap." in text  # axles, counted in the data


@pytest.mark.parametrize("lang", ["de", "en", "ru", "uk"])
def test_gear_and_piston_points_take_a_real_minus_and_never_minus_zero(
    summaries: dict, lang: str
) -> None:
    """Issue 21: investors that cost points print with a minus sign (U+2212), not a hyphen,
    and an unreliability of nothing is 0, not minus 0."""
    text = summaries[("gear_and_piston", lang)][1]
    assert re.search(r"\u2212\d", text), lang  # the investors' reference lists losses
    assert not re.search(r"(?<![\w\u2212])-\d", text), lang
    assert "\u22120" not in text


def test_letter_paper(shipped: dict[str, Game], tmp_path: Path) -> None:
    path = summary_pdf(shipped["break_the_code"], "ru", tmp_path, "letter")
    boxes = boxes_of(path)
    assert 2 <= len(boxes) <= 4
    assert all(box == pytest.approx(LETTER, abs=0.01) for box in boxes)


def test_changing_a_round_card_changes_reference_and_example(
    data: DataCopy, tmp_path: Path
) -> None:
    rounds = "gears/decks/rounds.yaml"
    data.edit(rounds, "{condition: highest, effect: still-night}", "{condition: X}")
    data.edit(rounds, "{condition: lowest, effect: reverse-crank}", "{condition: Y}")
    data.edit(rounds, "{condition: X}", "{condition: lowest, effect: still-night}")
    data.edit(rounds, "{condition: Y}", "{condition: highest, effect: reverse-crank}")
    (game,) = check(data.root, ("gears",))
    text = text_of(summary_pdf(game, "en", tmp_path))
    assert "Lowest: The lowest value wins. Night side: Still night." in text
    # the first example round now plays "lowest": the 2s still jam, so the 3 wins
    assert "Day shift, Lowest. Played: 1: Red 4" in text
    assert "Jammed: 3: Purple 2 and 4: Blue 2. Wins: 2: Yellow 3." in text


def test_a_missing_summary_text_is_a_validation_problem(data: DataCopy) -> None:
    for lang in ("de", "en", "ru", "uk"):
        file = f"game_of_trains/locales/{lang}.yaml"
        line = data.line_of(file, "  example_why:")
        lines = (data.root / file).read_text(encoding="utf-8").splitlines(keepends=True)
        (data.root / file).write_text("".join(lines[: line - 1] + lines[line:]), "utf-8")
    problems = data.problems("game_of_trains")
    line = data.line_of("game_of_trains/locales/en.yaml", "summary:")
    assert f"game_of_trains/locales/en.yaml:{line}: summary.example_why: missing translation" in (
        problems
    )
    assert len(problems) == 4


def test_a_text_asking_for_an_unknown_value(data: DataCopy) -> None:
    file = "game_of_trains/locales/ru.yaml"
    data.edit(file, "time: Около 20 минут", "time: Около {minutes} минут")
    line = data.line_of(file, "time: Около")
    assert data.problems("game_of_trains") == [
        f"{file}:{line}: summary.time: {{minutes}} is not a value this text can show "
        "(it can use no values)"
    ]


def test_braces_that_are_not_values_print_as_written(data: DataCopy, tmp_path: Path) -> None:
    """Only ``{name}`` is a value: a text with other braces (or ``{{``) is printed as it is,
    never handed to str.format (which crashed on ``{`` and turned ``{{`` into ``{``)."""
    file = "game_of_trains/locales/en.yaml"
    data.edit(file, "time: About 20 minutes", "time: About {20} minutes {{ } {x-y} {")
    (game,) = check(data.root, ("game_of_trains",))
    text = text_of(summary_pdf(game, "en", tmp_path))
    assert "About {20} minutes {{ } {x-y} {" in text


def test_a_very_long_text_flows_on_at_its_size(data: DataCopy, tmp_path: Path) -> None:
    """A stranger's locale may hold a paragraph taller than a column: it breaks across columns
    and pages at 9-10 pt, as any text does (a heading kept with it could never be placed)."""
    long = "Every word of this long step prints at its size. " * 100  # 5,000 characters
    data.edit("gears/locales/en.yaml", '"1": Each player takes a set of six gears', f'"1": {long}')
    (game,) = check(data.root, ("gears",))
    path = summary_pdf(game, "en", tmp_path)
    assert text_of(path).count("prints") == 100  # a sentence may break at a column or page
    sizes = sizes_of(path.read_bytes())
    assert 9 <= sizes.most_common(1)[0][0] <= 10
    assert min(sizes) >= 8  # nothing squeezed into a frame


def test_a_summary_character_the_fonts_lack(data: DataCopy) -> None:
    file = "break_the_code/locales/uk.yaml"
    data.edit(file, "time: 20–30 хвилин", "time: 20–30 хвилин ✈")
    line = data.line_of(file, "time: 20–30")
    assert data.problems("break_the_code") == [
        f"{file}:{line}: summary.time: '✈' (U+2708) cannot be drawn by the project's fonts "
        "and would vanish from the print"
    ]


def test_build_writes_and_reports_the_summary(pnp, tmp_path: Path) -> None:
    result = pnp("build", "game_of_trains", "--lang", "en", "--out", tmp_path)
    assert result.code == 0
    path = tmp_path / "game_of_trains" / "en" / "rules-summary-a4.pdf"
    pages = len(boxes_of(path))
    assert f"{path}: {pages} page" + ("s" if pages > 1 else "") in result.out
    assert f"wrote 2 files: {20 + pages} pages, 88 cards" in result.out


TRAINS_RULES = {
    "en": {
        "dropped wagons": "After a drop, the lost wagons go face up beside the deck",
        "the lock card": "If you move that wagon, discard the lock.",
    },
    "ru": {
        "dropped wagons": "потерянные вагоны кладутся открытыми рядом с колодой",
        "the lock card": "Передвинете этот вагон — сбросьте замок.",
    },
    "uk": {
        "dropped wagons": "втрачені вагони кладуться відкритими біля колоди",
        "the lock card": "Зрушите цей вагон — скиньте замок.",
    },
    "de": {
        "dropped wagons": "kommen die verlorenen Wagen offen neben den Stapel",
        "the lock card": "Bewegst du diesen Wagen, wirf die Sperre ab.",
    },
}


@pytest.mark.parametrize("lang", sorted(TRAINS_RULES))
def test_the_trains_summary_says_where_dropped_wagons_and_a_lost_lock_go(
    summaries: dict, lang: str
) -> None:
    """A new group must know that a drop's lost wagons go face up beside the deck (they become
    abilities to use) and that a lock is discarded when its wagon moves."""
    text = summaries[("game_of_trains", lang)][1]
    missing = [rule for rule, phrase in TRAINS_RULES[lang].items() if phrase not in text]
    assert not missing, (lang, missing)


THREE_BY_THREE_RULES = {
    "en": {
        "chess cells": "on the chess side, for a piece (rook, knight or queen, in either colour) "
        "or for a colour (any white or any black piece)",
        "points": "A card is worth the points in its corners, 1 or 2.",
        "penalty side": "in chess mode, its 15-puzzle side",
        "zero bid": "A bid of 0 is allowed",
    },
    "ru": {
        "chess cells": "на стороне «Шахматы» — фигуру (ладью, коня или ферзя любого цвета) или "
        "цвет (любую белую или любую чёрную фигуру)",
        "points": "Карта приносит столько очков, сколько показано в её углах, 1 или 2.",
        "penalty side": "в режиме «Шахматы» — стороной «Пятнашки»",
        "zero bid": "Ставка 0 допустима",
    },
    "uk": {
        "chess cells": "на стороні «Шахи» — фігуру (туру, коня чи ферзя будь-якого кольору) або "
        "колір (будь-яку білу чи будь-яку чорну фігуру)",
        "points": "Карта приносить стільки очок, скільки показано в її кутах, 1 або 2.",
        "penalty side": "у режимі «Шахи» — стороною «П’ятнашки»",
        "zero bid": "Ставка 0 дозволена",
    },
    "de": {
        "chess cells": "auf der Schachseite eine Figur (Turm, Springer oder Dame in beliebiger "
        "Farbe) oder eine Farbe (irgendeine weiße oder irgendeine schwarze Figur)",
        "points": "Eine Karte bringt die Punkte in ihren Ecken, 1 oder 2.",
        "penalty side": "im Schach-Modus mit ihrer 15-Puzzle-Seite",
        "zero bid": "Ein Gebot von 0 ist erlaubt",
    },
}


@pytest.mark.parametrize("lang", sorted(THREE_BY_THREE_RULES))
def test_the_3x3_summary_says_what_a_card_asks_and_is_worth(summaries: dict, lang: str) -> None:
    """A new group must know what a chess cell asks for (a piece or a colour), what a card is
    worth and which side a penalty shows, and that a bid may be 0."""
    text = summaries[("three_by_three", lang)][1]
    missing = [rule for rule, phrase in THREE_BY_THREE_RULES[lang].items() if phrase not in text]
    assert not missing, (lang, missing)


def test_the_3x3_summary_names_things_in_its_own_language(summaries: dict) -> None:
    """No card id and no English word in the Russian and Ukrainian summaries (cell names like
    b3 are the board's notation), one spelling of the title, one Ukrainian apostrophe."""
    for lang in ("ru", "uk"):
        text = summaries[("three_by_three", lang)][1]
        assert re.findall(r"[A-Za-z][A-Za-z-]{2,}", text) == [], lang
    assert "Task card 1" in summaries[("three_by_three", "en")][1]
    languages = ("de", "en", "ru", "uk")
    assert all(summaries[("three_by_three", lang)][1].startswith("3×3") for lang in languages)
    assert (
        "'" not in summaries[("three_by_three", "uk")][1]
        and "’" in summaries[("three_by_three", "uk")][1]
    )
