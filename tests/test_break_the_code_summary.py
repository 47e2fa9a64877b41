"""Break the Code's rules summary, read back from the PDF in every language: the worked example
shows what each answer rules out and what it cannot tell apart, the goal says the tie order, and
the questions say how a "where" question is answered. The codes are found again here through
``rating.consistent``, not through the summary's own code."""

from __future__ import annotations

import random

import pytest

from generator.games.base import deck_of
from generator.games.break_the_code import summary
from generator.games.break_the_code.decks import QUESTIONS
from generator.games.break_the_code.questions import Question, answer, question
from generator.games.break_the_code.rating import Heard, Narrowing, consistent, narrowing
from generator.games.break_the_code.tiles import Hand, deal, parse_hand
from generator.model import Game
from generator.rulebook.words import Words
from tests.conftest import Summaries, shipped_game

SAYS = {
    "de": {
        "tile": "{letter}: {number} {colour}",
        "yes": "ja",
        "no": "nein",
        "ruled out": "Ausgeschlossen ist zum Beispiel {code} (die Antwort wäre {answer}).",
        "still fits": "Weiterhin passt zum Beispiel {code}.",
        "order": "von der niedrigsten zur höchsten Zahl sortiert (bei gleicher Zahl Schwarz vor "
        "Weiß)",
        "where": "Auf eine Wo-Frage antwortest du mit den Buchstaben dieser Plättchen, etwa „BD“, "
        "oder „keine“.",
    },
    "en": {
        "tile": "{letter} {number} {colour}",
        "yes": "yes",
        "no": "no",
        "ruled out": "Ruled out, for example: {code} (it would answer {answer}).",
        "still fits": "Still fits, for example: {code}.",
        "order": "sorted from lowest to highest (on equal numbers, black before white)",
        "where": "Answer a “where” question with the letters of those tiles, like “BD”, or “none”.",
    },
    "ru": {
        "tile": "{letter} {number} {colour}",
        "yes": "да",
        "no": "нет",
        "ruled out": "Отпадает, например: {code} (ответ был бы {answer}).",
        "still fits": "Всё ещё подходит, например: {code}.",
        "order": "от меньшего к большему (при равных числах чёрный раньше белого)",
        "where": "На вопрос «где» отвечайте буквами этих жетонов, например «БГ», или «нигде».",
    },
    "uk": {
        "tile": "{letter} {number} {colour}",
        "yes": "так",
        "no": "ні",
        "ruled out": "Відпадає, наприклад: {code} (відповідь була б {answer}).",
        "still fits": "Досі підходить, наприклад: {code}.",
        "order": "від меншого до більшого (за рівних чисел чорний раніше за білий)",
        "where": "На запитання «де» відповідайте літерами цих жетонів, наприклад «БГ», або «ніде».",
    },
}
COLOURS = {
    "de": {"b": "schwarz", "w": "weiß", "g": "grün"},
    "en": {"b": "black", "w": "white", "g": "green"},
    "ru": {"b": "чёрный", "w": "белый", "g": "зелёный"},
    "uk": {"b": "чорний", "w": "білий", "g": "зелений"},
}
LETTERS = {"de": "ABCDE", "en": "ABCDE", "ru": "АБВГД", "uk": "АБВГД"}


@pytest.fixture(scope="module")
def game() -> Game:
    return shipped_game("break_the_code")


@pytest.fixture(scope="module")
def texts(summaries: Summaries) -> dict[str, str]:
    return {lang: summaries[("break_the_code", lang)][1] for lang in SAYS}


def nearest(codes: list[Hand], hand: Hand) -> Hand | None:
    """The code of ``codes`` (in :func:`consistent`'s order) with the most tiles in the same
    places as ``hand``, the first of them on a tie."""
    if not codes:
        return None
    return max(codes, key=lambda code: sum(a == b for a, b in zip(code, hand, strict=True)))


def slow_narrowing(heard: list[Heard], hand: Hand) -> list[Narrowing]:
    """:func:`narrowing` from the lists of hands :func:`consistent` gives."""
    found = []
    fitted = consistent(len(hand), [])
    for count in range(1, len(heard) + 1):
        fits = consistent(len(hand), heard[:count])
        fitting = set(fits)
        ruled = [code for code in fitted if code not in fitting]
        others = [code for code in fits if code != hand]
        found.append(Narrowing(len(fits), nearest(ruled, hand), nearest(others, hand)))
        fitted = fits
    return found


def heard_by(hand: Hand, asked: list[Question]) -> list[Heard]:
    return [(q, q.choices[0], answer(q, hand, q.choices[0])) for q in asked]


@pytest.fixture(scope="module")
def example(game: Game) -> tuple[list[Heard], list[Narrowing]]:
    """The summary's example: the seeded deal answering the first question cards, and what
    each answer tells, found with ``consistent``."""
    asked = [question(card) for card in deck_of(game, QUESTIONS).cards][: summary.ASKED]
    hand = deal(2, random.Random(summary.DEAL_SEED)).hands[0]
    heard = heard_by(hand, asked)
    return heard, slow_narrowing(heard, hand)


def written(code: Hand, lang: str) -> str:
    """A code as the example writes it: each tile's letter, number and colour."""
    return ", ".join(
        SAYS[lang]["tile"].format(
            letter=LETTERS[lang][i], number=tile.number, colour=COLOURS[lang][tile.colour]
        )
        for i, tile in enumerate(code)
    )


def said(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return SAYS[lang]["yes" if value else "no"]
    assert isinstance(value, int), "the example's questions are answered yes, no or a number"
    return str(value)


@pytest.mark.parametrize("lang", sorted(SAYS))
def test_each_answer_of_the_example_shows_a_code_it_rules_out_and_one_that_still_fits(
    texts: dict[str, str], example: tuple[list[Heard], list[Narrowing]], lang: str
) -> None:
    """Issue 21: the worked example shows the deduction. After each answer, the nearest code
    that fitted the answers before and not this one, with the answer it would give (not the
    one heard), and the nearest code other than the dealt one that still fits, each tile with
    its letter and colour."""
    text, (heard, told) = texts[lang], example
    for (asked, choice, heard_answer), step in zip(heard, told, strict=True):
        assert step.ruled_out is not None and step.still_fits is not None
        other = answer(asked, step.ruled_out, choice)
        assert other != heard_answer
        ruled = SAYS[lang]["ruled out"].format(
            code=written(step.ruled_out, lang), answer=said(other, lang)
        )
        fits = SAYS[lang]["still fits"].format(code=written(step.still_fits, lang))
        assert ruled in text, (lang, asked.id, ruled)
        assert fits in text, (lang, asked.id, fits)


def test_the_first_answer_rules_out_a_code_one_tile_away(
    example: tuple[list[Heard], list[Narrowing]],
) -> None:
    """The sum rules out a code that differs from the dealt one in a single tile, and cannot
    tell the dealt code from one with a tile of another colour: what a sum says and what it
    does not."""
    (heard, told), hand = example, deal(2, random.Random(summary.DEAL_SEED)).hands[0]
    first = told[0]
    assert first.ruled_out is not None and first.still_fits is not None
    assert sum(a != b for a, b in zip(first.ruled_out, hand, strict=True)) == 1
    (changed,) = [(a, b) for a, b in zip(first.still_fits, hand, strict=True) if a != b]
    assert changed[0].number == changed[1].number and changed[0].colour != changed[1].colour
    assert len(heard) == len(told) == summary.ASKED


@pytest.mark.parametrize("lang", sorted(SAYS))
def test_the_summary_says_the_tie_order_and_how_to_answer_where(
    texts: dict[str, str], lang: str
) -> None:
    """Issue 21 review: on equal numbers black stands before white, and a "where" question is
    answered with the tiles' letters (B and D: the locale's second and fourth letters)."""
    text = texts[lang]
    assert SAYS[lang]["order"] in text, lang
    assert SAYS[lang]["where"] in text, lang


@pytest.mark.parametrize("seed", range(3))
def test_narrowing_is_what_the_consistent_hands_tell(game: Game, seed: int) -> None:
    questions = [question(card) for card in deck_of(game, QUESTIONS).cards]
    asked = random.Random(seed).sample(questions, 3)
    for size in (4, 5):
        hand = deal(2 if size == 5 else 4, random.Random(seed)).hands[0]
        heard = heard_by(hand, asked)
        assert list(narrowing([(q, c) for q, c, _ in heard], hand)) == slow_narrowing(heard, hand)


def test_nothing_ruled_out_or_nothing_else_fitting_is_left_unsaid(game: Game) -> None:
    """Asking the sum twice rules nothing more out; a black count after it leaves only the
    dealt code (0 0 1 1 2 adds up to 4 with the 2 black or white). The example then says
    neither sentence."""
    by_id = {q.id: q for q in (question(card) for card in deck_of(game, QUESTIONS).cards)}
    hand = parse_hand("0b 0w 1b 1w 2b")
    asked = [(by_id["sum"], None), (by_id["sum"], None), (by_id["count-black"], None)]
    first, again, last = narrowing(asked, hand)
    assert first.left == again.left == 2 and again.ruled_out is None
    assert (
        last.left == 1
        and last.still_fits is None
        and last.ruled_out == parse_hand("0b 0w 1b 1w 2w")
    )
    words = Words(game.locales["en"])
    line = summary._told(by_id["sum"], hand, Narrowing(1, None, None), 4, words)
    assert line == (
        "“What is the sum of all your tiles?” Answer: 4. "
        "That narrows the code down a lot: 1 code still fits."
    )
