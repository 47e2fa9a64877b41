"""Break the Code's engine: hand order, every question kind, the brief's worked examples through
the command, ratings and the hands a set of answers leaves; and what it prints: a screen per
player that folds into a standing tent, the deduction sheet whole or two to a page, tiles told
apart in greyscale."""

from __future__ import annotations

import io
import itertools
import json
import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from generator.games.break_the_code.questions import Answer, Question, answer, answers, question
from generator.games.break_the_code.rating import Rating, consistent, narrowing, rate
from generator.games.break_the_code.tiles import (
    Hand,
    deal,
    deals,
    distinct_hands,
    hand_problem,
    hand_text,
    parse_hand,
    sort_hand,
    tile_set,
)
from generator.geometry.sizes import pt
from generator.model import Game
from generator.palettes import INK_SAVER
from generator.render import draw
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built, shipped_game
from tests.legibility import TONE_STEP


def test_a_hand_lies_ascending_black_before_white() -> None:
    assert hand_text(parse_hand("5g 7w 2b 4w 4b")) == "2b 4b 4w 5g 7w"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("5w 1b 2b 3b", "'5w': a tile is a number 0-9 and b (black), w (white) or g (green, "
         "the 5s only), like 7w"),
        ("1b 2b 3b", "a hand has 4 or 5 tiles, not 3"),
        ("1b 1b 2b 3b", "1b appears more often than the tiles hold it"),
        ("5g 5g 1b 2b", None),
    ],
)  # fmt: skip
def test_hand_notation(text: str, problem: str | None) -> None:
    assert hand_problem(text) == problem


@pytest.mark.parametrize(("players", "each", "centre"), [(2, 5, 0), (3, 5, 5), (4, 4, 4)])
def test_deals(players: int, each: int, centre: int) -> None:
    dealt = deal(players, random.Random(players))
    assert [len(hand) for hand in dealt.hands] == [each] * players
    assert len(dealt.centre) == centre
    dealt_tiles = Counter(t for hand in dealt.hands for t in hand) + Counter(dealt.centre)
    assert not dealt_tiles - Counter(tile_set())  # no tile dealt more often than it exists


HAND = parse_hand("1b 2b 3w 6w 7w")
FOUR = parse_hand("0w 3b 5g 9b")


@pytest.mark.parametrize(
    ("question", "hand", "choice", "expected"),
    [
        (Question("sum", "sum"), HAND, None, 19),
        (Question("l3", "sum", tiles="left", count=3), HAND, None, 6),
        (Question("r3", "sum", tiles="right", count=3), HAND, None, 16),
        (Question("r3", "sum", tiles="right", count=3), FOUR, None, 17),  # B C D
        (Question("mid", "sum", tiles="centre"), HAND, None, 11),  # B C D
        (Question("mid", "sum", tiles="centre"), FOUR, None, 8),  # B C
        (Question("r2", "sum", tiles="right", count=2), HAND, None, 13),  # a designer's card
        (Question("black", "sum", colour="black"), FOUR, None, 12),  # the green 5 is not black
        (Question("white", "count", colour="white"), HAND, None, 3),
        (Question("odd", "count", parity="odd"), HAND, None, 3),
        (Question("even", "count", parity="even"), FOUR, None, 1),  # 0 is even
        (Question("pairs", "pairs"), parse_hand("4b 4w 5g 5g 9w"), None, 2),
        (Question("range", "range"), HAND, None, 6),
        (Question("c", "compare", position=3, compare="above", value=4), FOUR, None, True),
        (Question("c", "compare", position=3, compare="above", value=4), HAND, None, False),
        (Question("w0", "where", numbers=(0,)), HAND, None, []),
        (Question("w12", "where", numbers=(1, 2), choice=True), HAND, 2, [1]),
        (Question("w5", "where", numbers=(5,)), parse_hand("5g 5g 1b 2b 9w"), None, [2, 3]),
        (Question("same", "neighbours", by="colour"), HAND, None, [[0, 1], [2, 3, 4]]),
        (Question("step", "neighbours", by="step"), HAND, None, [[0, 1, 2], [3, 4]]),
        (Question("step", "neighbours", by="step"), parse_hand("4b 4w 5g 7b 9w"), None, [[1, 2]]),
        (Question("same", "neighbours", by="colour"), parse_hand("5g 5g 1b 2w 9b"), None, [[2, 3]]),
    ],
)
def test_every_kind_of_question(question, hand, choice, expected) -> None:
    assert answer(question, hand, choice) == expected


def test_the_issue_example_through_the_command(pnp) -> None:
    result = pnp("rules", "break_the_code", "ask", "sum", "--hand", "5g 7w 2b 4b 4w", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out) == {"answer": 22}


@pytest.mark.parametrize(
    ("question", "hand", "extra", "expected"),
    [
        ("where-5", "1b 2w 5g 8b 9w", (), ["C"]),  # the 5 in the third place
        ("where-1-or-2", "2b 4b 6w 7w 9b", ("--choice", "2"), ["A"]),
        ("same-colour-neighbours", "1b 2b 3w 6w 7w", (), [["A", "B"], ["C", "D", "E"]]),
        ("consecutive-neighbours", "1b 2b 3w 6w 7w", (), [["A", "B", "C"], ["D", "E"]]),
        ("c-above-4", "1b 2b 3w 6w 7w", (), False),
    ],
)
def test_brief_examples_through_the_command(pnp, question, hand, extra, expected) -> None:
    result = pnp("rules", "break_the_code", "ask", question, "--hand", hand, *extra, "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out) == {"answer": expected}


def test_a_choice_card_needs_the_choice(pnp) -> None:
    result = pnp("rules", "break_the_code", "ask", "where-1-or-2", "--hand", "1b 2b 3w 6w 7w")
    assert result.code == 1
    assert "where-1-or-2 is a choice card: pick --choice 1 or 2" in result.err


def test_rating_orders_strong_and_weak_questions() -> None:
    total = rate(Question("sum", "sum"), 5)
    yes_no = rate(Question("c", "compare", position=3, compare="above", value=4), 5)
    assert total.bits > yes_no.bits
    assert total.expected_hands < yes_no.expected_hands < total.hands
    assert yes_no.answers == 2


def test_consistent_hands_contain_the_truth() -> None:
    truth = parse_hand("1b 2b 3w 6w 7w")
    asked = [
        (Question("sum", "sum"), None, 19),
        (Question("same", "neighbours", by="colour"), None, [[0, 1], [2, 3, 4]]),
        (Question("step", "neighbours", by="step"), None, [[0, 1, 2], [3, 4]]),
    ]
    hands = consistent(5, asked)
    assert truth in hands
    assert all(answer(q, hand, c) == said for hand in hands for q, c, said in asked)


def shipped_questions() -> list[Question]:
    game = shipped_game("break_the_code")
    return [question(card) for card in game.deck("questions").cards]


@pytest.mark.parametrize("size", [4, 5])
def test_the_distinct_hands_are_the_deals_grouped_in_the_order_they_come(size: int) -> None:
    dealt = Counter(deals(size))  # counted in the order the deals first give each hand
    hands = distinct_hands(size)
    assert [hands.hand(i) for i in range(len(hands))] == list(dealt)
    assert hands.deals.tolist() == list(dealt.values())
    assert hands.deals.sum() == math.comb(20, size)
    assert hands.index(parse_hand("1b 2b 3w 6w 7w" if size == 5 else "0w 3b 5g 9b")) >= 0


def _same_split(question: Question, size: int, choice: int | None) -> None:
    """``answers`` gives two hands the same number exactly when ``answer`` gives them the same
    answer: a number stands for one answer, and an answer has one number."""
    table = distinct_hands(size)
    numbers = answers(question, table, choice).tolist()
    said = [repr(answer(question, table.hand(i), choice)) for i in range(len(table))]
    assert len(set(zip(numbers, said, strict=True))) == len(set(numbers)) == len(set(said))


@pytest.mark.parametrize("size", [4, 5])
def test_every_hand_at_once_answers_as_each_hand_does(size: int) -> None:
    for asked in shipped_questions():
        for choice in asked.choices:
            _same_split(asked, size, choice)


NUMBERS = st.integers(0, 9)
QUESTIONS = st.one_of(
    st.builds(
        Question,
        st.just("sum"),
        st.just("sum"),
        tiles=st.sampled_from(["all", "left", "right", "centre"]),
        count=st.sampled_from([None, 1, 2, 3]),
        colour=st.sampled_from([None, "black", "white", "green"]),
    ),
    st.builds(Question, st.just("count"), st.just("count"), colour=st.sampled_from(
        ["black", "white", "green"])),
    st.builds(Question, st.just("count"), st.just("count"), parity=st.sampled_from(
        ["odd", "even"])),
    st.builds(Question, st.just("pairs"), st.just("pairs")),
    st.builds(Question, st.just("range"), st.just("range")),
    st.builds(
        Question,
        st.just("compare"),
        st.just("compare"),
        position=st.integers(1, 4),
        compare=st.sampled_from(["above", "below"]),
        value=NUMBERS,
    ),
    st.builds(
        Question,
        st.just("where"),
        st.just("where"),
        numbers=st.lists(NUMBERS, min_size=1, max_size=3, unique=True).map(tuple),
    ),
    st.builds(Question, st.just("n"), st.just("neighbours"), by=st.sampled_from(
        ["colour", "step"])),
)  # fmt: skip


@settings(max_examples=60, deadline=None, derandomize=True)
@given(asked=QUESTIONS, size=st.sampled_from([4, 5]), pick=st.integers(0, 2))
def test_any_question_at_once_answers_as_each_hand_does(asked: Question, size: int, pick: int):
    """Questions the shipped deck does not have: every span, count and colour of a sum, every
    position and value of a comparison, a choice among up to three numbers."""
    choice = asked.numbers[pick % len(asked.numbers)] if asked.numbers else None
    _same_split(asked, size, choice)


def slow_rate(asked: Question, size: int, choice: int | None = None) -> Rating:
    """A rating the obvious way: ask every deal, one by one, in the order they are dealt."""
    every = list(deals(size))
    deal_counts: Counter[str] = Counter()
    hands_by_answer: defaultdict[str, set[Hand]] = defaultdict(set)
    for hand in every:
        key = repr(answer(asked, hand, choice))
        deal_counts[key] += 1
        hands_by_answer[key].add(hand)
    total = len(every)
    bits = -sum(n / total * math.log2(n / total) for n in deal_counts.values())
    expected = sum(n / total * len(hands_by_answer[key]) for key, n in deal_counts.items())
    return Rating(asked.id, choice, size, bits, expected, len(set(every)), len(deal_counts))


@pytest.mark.parametrize("size", [4, 5])
def test_ratings_are_the_deal_by_deal_ratings_to_the_last_bit(size: int) -> None:
    questions = shipped_questions()
    if size == 5:  # every question with 4 tiles, a few with 5 (a deal-by-deal rating is slow)
        questions = [q for q in questions if q.id in ("sum", "count-pairs", "where-1-or-2")]
    for asked in questions:
        for choice in asked.choices:
            assert rate(asked, size, choice) == slow_rate(asked, size, choice), asked.id


@pytest.mark.parametrize("seed", range(4))
def test_the_hands_still_fitting_are_the_consistent_hands(seed: int) -> None:
    questions = random.Random(seed).sample(shipped_questions(), 4)
    asked = [(q, q.choices[-1]) for q in questions]
    for size in (4, 5):
        hand = deal(2 if size == 5 else 4, random.Random(seed)).hands[0]
        heard = [(q, choice, answer(q, hand, choice)) for q, choice in asked]
        counted = [len(consistent(size, heard[:count])) for count in range(1, 5)]
        assert tuple(told.left for told in narrowing(asked, hand)) == tuple(counted)


def test_solve_through_the_command(pnp) -> None:
    result = pnp(
        "rules", "break_the_code", "solve", "--tiles", "5", "--answer", "sum=19",
        "--answer", "same-colour-neighbours=AB+CDE", "--answer", "consecutive-neighbours=ABC+DE",
        "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    found = json.loads(result.out)
    assert "1b 2b 3w 6w 7w" in found["hands"]
    assert found["count"] == len(found["hands"])


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("where-5=DE", "where-5=ED"),
        ("same-colour-neighbours=AB+CDE", "same-colour-neighbours=EDC+BA"),
    ],
)
def test_an_answer_is_the_same_whatever_order_it_is_typed_in(pnp, one: str, other: str) -> None:
    counts = []
    for said in (one, other):
        result = pnp("rules", "break_the_code", "solve", "--tiles", "5", "--answer", said, "--json")
        assert result.code == 0, result.err
        counts.append(json.loads(result.out)["count"])
    assert counts[0] == counts[1] > 0


def test_solve_leaves_out_the_askers_own_tiles(pnp) -> None:
    def hands(*mine: str) -> list[str]:
        asked = ("rules", "break_the_code", "solve", "--answer", "sum=19", "--json", *mine)
        result = pnp(*asked)
        assert result.code == 0, result.err
        return json.loads(result.out)["hands"]

    everyone, seen = hands(), hands("--mine", "1b 2b 5g 8w 9b")
    assert "1w 2w 3b 6w 7w" in seen and "1b 2w 3b 6w 7w" in everyone
    assert set(seen) < set(everyone)
    for hand in seen:  # no hand holds a tile the asker holds (there is one 5g left)
        assert not {"1b", "2b", "8w", "9b"} & set(hand.split()), hand
        assert hand.split().count("5g") <= 1, hand


def centres_by_hand(players: int, mine: Hand, heard: list[list[tuple]]) -> set[str]:
    """The centre codes, found by dealing the tiles the asker does not hold seat by seat: every
    hand of the rulebook's size (5 with 3 players, 4 with 4) that gives the first opponent's
    answers, then the second's from what is left..., the centre being what no one holds."""
    each = {3: 5, 4: 4}[players]
    rest = tile_set()
    for tile in mine:
        rest.remove(tile)
    found: set[str] = set()

    def seat(rest: list, opponent: int) -> None:
        if opponent == players - 1:
            found.add(hand_text(sort_hand(rest)))
            return
        for chosen in itertools.combinations(range(len(rest)), each):
            hand = sort_hand([rest[i] for i in chosen])
            if all(answer(q, hand, choice) == said for q, choice, said in heard[opponent]):
                seat([tile for i, tile in enumerate(rest) if i not in chosen], opponent + 1)

    seat(rest, 0)
    return found


def typed(said: Answer) -> str:
    """An answer as the command line takes it."""
    if isinstance(said, bool):
        return "yes" if said else "no"
    if isinstance(said, int):
        return str(said)
    if not said:
        return "none"
    if isinstance(said[0], list):
        return "+".join("".join("ABCDE"[i] for i in group) for group in said)
    return "".join("ABCDE"[i] for i in said)


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (3, 1), (4, 2), (4, 3)])
def test_solve_centre_lists_the_codes_no_opponent_can_hold(pnp, players: int, seed: int) -> None:
    rng = random.Random(seed)
    dealt = deal(players, rng)
    mine, opponents = dealt.hands[0], dealt.hands[1:]
    heard = [
        [
            (q, q.choices[0], answer(q, hand, q.choices[0]))
            for q in rng.sample(shipped_questions(), 3)
        ]
        for hand in opponents
    ]
    said = [
        f"{seat}:{q.id}{'' if choice is None else f':{choice}'}={typed(a)}"
        for seat, answers_heard in enumerate(heard, 1)
        for q, choice, a in answers_heard
    ]
    result = pnp(
        "rules", "break_the_code", "solve", "--centre", "--players", str(players),
        "--mine", hand_text(mine), *(f"--answer={text}" for text in said), "--json",
    )  # fmt: skip
    assert result.code == 0, result.err
    codes = json.loads(result.out)
    expected = centres_by_hand(players, mine, heard)
    assert codes["hands"] == sorted(expected) and codes["count"] == len(expected)
    assert hand_text(sort_hand(dealt.centre)) in expected


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("2:where-5=DE", "2:where-5=ED"),
        ("2:same-colour-neighbours=AB+CDE", "2:same-colour-neighbours=CDE+AB"),
    ],
)
def test_a_centre_answer_is_the_same_whatever_order_it_is_typed_in(
    pnp, one: str, other: str
) -> None:
    counts = []
    for said in (one, other):
        result = pnp(
            "rules", "break_the_code", "solve", "--centre", "--players", "3",
            "--mine", "0b 1b 2w 3b 9w", "--answer", "1:sum=20", "--answer", said, "--json",
        )  # fmt: skip
        assert result.code == 0, result.err
        counts.append(json.loads(result.out)["count"])
    assert counts[0] == counts[1] > 0


NO_CENTRE = "--centre: with 2 players no tiles lie in the centre; give --players 3 or 4"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (("--centre",), "--centre needs --players 3 or 4: the centre's size depends on it"),
        (("--centre", "--players", "2", "--mine", "0b 1b 2w 3b 9w"), NO_CENTRE),
        (("--players", "3"), "--players 3: the number of players is for --centre"),
        (("--centre", "--players", "3"),
         "--centre needs --mine: your own tiles, which neither the centre nor an opponent holds"),
        (("--centre", "--players", "4", "--mine", "0b 1b 2w 3b 9w"),
         "--mine: with 4 players you hold 4 tiles, not 5"),
        (("--centre", "--players", "4", "--tiles", "5", "--mine", "0b 1b 2w 3b"),
         "--tiles 5: with 4 players the centre holds 4 tiles"),
        (("--centre", "--players", "3", "--mine", "0b 1b 2w 3b 9w", "--answer", "sum=20"),
         "--answer 'sum=20': with --centre, first the opponent who answered, 1 to 2 clockwise "
         "from you, e.g. 1:sum=22"),
        (("--centre", "--players", "3", "--mine", "0b 1b 2w 3b 9w", "--answer", "3:sum=20"),
         "--answer '3:sum=20': with --centre, first the opponent who answered, 1 to 2 clockwise "
         "from you, e.g. 1:sum=22"),
        (("--centre", "--players", "4", "--mine", "0b 1b 2w 3b", "--answer", "3:where-5=F"),
         "--answer '3:where-5=F': positions are letters A-E, groups joined with + (e.g. AB+CDE), "
         "or none"),
    ],
)  # fmt: skip
def test_solve_centre_usage_mistakes(pnp, given: tuple[str, ...], message: str) -> None:
    result = pnp("rules", "break_the_code", "solve", *given)
    assert (result.code, result.out) == (2, "")
    assert result.err.strip().splitlines()[-1] == f"pnp: error: {message}"


def test_rate_every_question(pnp) -> None:
    result = pnp("rules", "break_the_code", "rate", "--tiles", "4", "--json")
    rows = json.loads(result.out)
    assert len({row["question"] for row in rows}) == 21
    assert all(0 < row["bits"] < 8 for row in rows)


TILES = "break_the_code/decks/tiles.yaml"
QUESTIONS = "break_the_code/decks/questions.yaml"


def test_a_tile_set_without_a_black_7(data) -> None:
    data.edit(TILES, "  - {number: 7, colour: black}\n", "")
    assert data.problems("break_the_code") == [
        f"{TILES}:1: tiles: missing the tile 7b (the game has 20)"
    ]


def test_a_question_whose_parameters_make_no_sense(data) -> None:
    data.edit(QUESTIONS, "position: 3, compare: above", "position: 5, compare: above")
    data.edit(QUESTIONS, "numbers: [1, 2], choice: true", "numbers: [1], choice: true")
    data.edit(QUESTIONS, "{id: range, kind: range}", "{id: range, kind: range, colour: black}")
    c_line = data.line_of(QUESTIONS, "id: c-above-4")
    choice_line = data.line_of(QUESTIONS, "id: where-1-or-2")
    range_line = data.line_of(QUESTIONS, "id: range")
    assert data.problems("break_the_code") == [
        f"{QUESTIONS}:{range_line}: questions[11].colour: a range question has no colour",
        f"{QUESTIONS}:{c_line}: questions[12].position: position 5 is not in a 4-tile hand (A-D)",
        f"{QUESTIONS}:{choice_line}: questions[14].numbers: a choice card offers exactly two "
        "numbers",
    ]


def test_build_writes_cards_screens_the_deduction_sheets_and_the_summary(built: Built) -> None:
    folder = built("break_the_code", "ru")
    assert sorted(p.name for p in folder.iterdir()) == [
        "cards-a4.pdf",
        "deduction-sheet-a4.pdf",
        "deduction-sheets-half-a4.pdf",
        "rules-summary-a4.pdf",
        "screens-a4.pdf",
    ]
    cards = (folder / "cards-a4.pdf").read_bytes()
    # 21 questions fill two sheets of 9 and leave a row of 3; the 20 tiles (8 to a row) share
    # that sheet in a band of 3 rows below them
    assert pdf.page_count(cards) == 2 * 3
    landscape = pytest.approx((0.0, 0.0, pt(297), pt(210)), abs=1e-3)
    screen = (folder / "screens-a4.pdf").read_bytes()
    assert pdf.page_boxes(screen) == [landscape] * 4  # a screen for each of 4 players
    sheet = (folder / "deduction-sheet-a4.pdf").read_bytes()
    assert pdf.page_boxes(sheet) == [pytest.approx((0.0, 0.0, pt(210), pt(297)), abs=1e-3)]
    halves = (folder / "deduction-sheets-half-a4.pdf").read_bytes()
    assert pdf.page_boxes(halves) == [landscape]  # two portrait sheets side by side
    assert len(pdf.placements(halves)[0]) == 2
    assert set("АБВГД") <= set(pdf.unicode_text(screen))  # the Russian position letters


SHEET_TILE_ROWS = (0, 15)
"""mm from the sheet's first row of tiles to each row's top (13 mm tiles, 2 mm apart)."""


@pdf.needs_pdftoppm
@pytest.mark.parametrize(
    ("handout", "cells"), [("deduction-sheet", 1), ("deduction-sheets-half", 2)]
)
def test_a_pencil_cross_shows_on_every_tile_of_the_deduction_sheet(
    built: Built, tmp_path: Path, handout: str, cells: int
) -> None:
    """Each tile to cross off is light inside (a black tile is told by its frame, a green one
    by its frame and striped bands), measured on the printed sheet, the whole page and each
    half: the space between the frame and the number, low on the left of each tile."""
    (page,) = pdf.rendered_pages(
        built("break_the_code", "en") / f"{handout}-a4.pdf", 1, 1, tmp_path, 100
    )
    width = {1: 210, 2: 297 / 2}[cells]  # a portrait A4 page, or half a landscape one
    margin = max(8, width * 0.057)  # as the template lays the sheet out from its page
    first = margin + 14 * 1.15 + 8 + 7
    pitch = (width - 2 * margin) / 10
    for cell, row, number in itertools.product(range(cells), (0, 1), range(10)):
        x, y = cell * width + margin + number * pitch + 1, first + SHEET_TILE_ROWS[row]
        light = [pdf.colour_at(page, x + dx, y + dy, 100) for dx in (2.7, 3.1) for dy in (8.2, 8.8)]
        assert all(sum(rgb) / 3 > 200 for rgb in light), (cell, row, number, light)


TILE_HEIGHT = 32.0  # mm


def test_each_screen_folds_into_a_tent_taller_than_a_standing_tile(built: Built) -> None:
    """Every screen page has three fold lines across it: two faces of one height and a base
    between them make a triangle that stands on the base, taller than a tile stood on end;
    the outside face, whose foot is the page's top edge, prints the title upside down, and
    the inside face prints the five position letters (read from the PDF)."""
    path = built("break_the_code", "en") / "screens-a4.pdf"
    for number, lines in enumerate(pdf.lines_by_page(pdf.read(path)), start=1):
        folds = sorted(y1 for x1, y1, x2, y2 in lines if y1 == y2 and x2 - x1 >= 296.9)
        apex, foot, crease = folds
        assert apex == pytest.approx(foot - apex, abs=0.01) and crease - foot < apex, number
        assert math.sqrt(apex**2 - ((crease - foot) / 2) ** 2) > 2 * TILE_HEIGHT, number
        words = {word: box for word, *box in pdf.words(path, number)}
        title = [words[word] for word in ("Break", "Code")]
        assert all(box[3] < apex for box in title) and title[0][0] > title[1][0], number
        letters = [words[letter] for letter in "ABCDE"]
        assert all(apex < box[1] and box[3] < foot for box in letters), number
        assert [box[0] for box in letters] == sorted(box[0] for box in letters), number


@pdf.needs_pdftoppm
def test_every_screen_has_its_own_player_mark(built: Built, tmp_path: Path) -> None:
    """The four screens differ in the shape on their outside face, so four players tell
    their screens apart without colour: every two pages differ there in greyscale."""
    pages = pdf.rendered_pages(built("break_the_code", "en") / "screens-a4.pdf", 1, 4, tmp_path)
    marks = [page.convert("L").crop((0, 0, page.width, page.height // 3)) for page in pages]
    for one, other in itertools.combinations(marks, 2):
        assert ImageStat.Stat(ImageChops.difference(one, other)).mean[0] > 1


def _question_lines(
    element: ElementTree.Element, turned: bool = False
) -> Iterator[tuple[bool, float]]:
    """(turned round?, font size) of every line of question text in a rendered face."""
    turned = turned or element.get("transform", "").startswith("rotate(180")
    if element.tag.endswith("text") and element.get("fill") == "#1f1f22":
        yield turned, float(element.get("font-size", "0"))
    for child in element:
        yield from _question_lines(child, turned)


def test_every_player_reads_the_question_the_right_way_up_and_large() -> None:
    game = shipped_game("break_the_code")
    deck = game.deck("questions")
    for lang, locale in game.locales.items():
        renderer = CardRenderer(game, locale)
        sizes = []
        for card in deck.cards:
            lines = list(_question_lines(ElementTree.fromstring(renderer.front(deck, card) or "")))
            upright = [size for turned, size in lines if not turned]
            assert upright and sorted(upright) == sorted(s for t, s in lines if t), (lang, card.id)
            sizes.append(min(upright))
        # larger than the 5 mm all questions printed at before, but for a long one or two
        assert sum(size > 5.0 for size in sizes) >= len(sizes) - 2 and min(sizes) >= 4.5, lang


def test_the_letters_under_the_mini_tiles_read_at_arm_s_length() -> None:
    """Issue 21: the position letters under a question's mini tiles print at 3.8 mm (they were
    3 mm, and 2.6 before that), every letter of every card, both halves, in every language."""
    game = shipped_game("break_the_code")
    deck = game.deck("questions")
    for lang, locale in game.locales.items():
        renderer = CardRenderer(game, locale)
        letters = set(locale.text("letters"))
        for card in deck.cards:
            face = ElementTree.fromstring(renderer.front(deck, card) or "")
            sizes = [
                float(element.get("font-size", "0"))
                for element in face.iter()
                if element.tag.endswith("text") and (element.text or "").strip() in letters
            ]
            slots = 0 if card.fields["kind"] == "where" else 2 * 5
            assert len(sizes) == slots and all(size >= 3.8 for size in sizes), (lang, card.id)


def _tile_in_grey(game: Game, card_id: str, dpi: int = 200) -> np.ndarray:
    """A code tile's face in greyscale (0 black to 255 white), trim only, ``dpi`` dots an inch."""
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("tiles")
    assert deck is not None
    card = next(card for card in deck.cards if card.id == card_id)
    png = draw.png(renderer.front(deck, card) or "", game.templates, dpi)
    grey = np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)
    bleed = round(deck.size.bleed / 25.4 * dpi)
    return grey[bleed:-bleed, bleed:-bleed]


BAND = (4.4, 4.0, 18.0)
"""Where a green tile's striped band runs (mm from the trim's top-left): its height, and from
where to where across, inside the white tile's rim."""
MIDDLE = 16.0
"""mm from the trim's top: a row across a tile's middle, through its frame's sides."""


def _three_tiles(game: Game, dpi: int) -> dict[str, np.ndarray]:
    """A 0 of each colour and a green 5 in greyscale."""
    return {
        c: _tile_in_grey(game, f"tile-{n}-{c}-1", dpi)
        for n, c in ((0, "black"), (0, "white"), (5, "green"))
    }


def _band_changes(tiles: dict[str, np.ndarray], dpi: int) -> dict[str, int]:
    """How often each tile turns from light to dark or back along the green tile's band."""
    height, start, end = (round(mm / 25.4 * dpi) for mm in BAND)
    dark = {colour: grey[height, start:end] < 128 for colour, grey in tiles.items()}
    return {colour: int(np.count_nonzero(d[1:] != d[:-1])) for colour, d in dark.items()}


def _first_dark_run(row: np.ndarray, dpi: int) -> float:
    """How wide (mm) the first dark stretch of a row is, from its left: a frame's side."""
    dark = np.flatnonzero(row < 128)
    ends = np.flatnonzero(np.diff(dark) > 1)
    last = dark[ends[0]] if ends.size else dark[-1]
    return float(last - dark[0] + 1) / dpi * 25.4


def test_the_three_tile_colours_differ_in_greyscale() -> None:
    """Printed in black and white, a black and a white tile are far apart in tone, and a green
    5 has a striped band (many light and dark changes along it) that neither of them has: a
    pattern tells the green tiles apart, not their grey."""
    game = shipped_game("break_the_code")
    tiles = _three_tiles(game, 200)
    assert tiles["white"].mean() - tiles["black"].mean() > 100
    changes = _band_changes(tiles, 200)
    assert changes["green"] >= 8 and changes["black"] <= 1 and changes["white"] <= 1, changes


def test_ink_saver_tiles_part_by_frame_and_band() -> None:
    """The ink-saver palette prints a black tile pale grey in a thick black frame, as the
    deduction sheet draws it: in greyscale it is still clearly darker than a white tile (twice
    the step that parts two grounds), its frame more than twice as wide as the white tile's rim,
    and the striped band is the green 5's alone."""
    game = shipped_game("break_the_code")
    tiles = _three_tiles(game.in_palette(INK_SAVER), 200)
    assert tiles["white"].mean() - tiles["black"].mean() >= 2 * TONE_STEP
    row = round(MIDDLE / 25.4 * 200)
    black, white = (_first_dark_run(tiles[c][row], 200) for c in ("black", "white"))
    assert black > 2 * white, (black, white)
    changes = _band_changes(tiles, 200)
    assert changes["green"] >= 8 and changes["black"] <= 1 and changes["white"] <= 1, changes
