"""The rule engines judge a merged game (the base game and a designer's expansion): the test
expansions under ``tests/expansions/`` pass, and a broken card in an expansion is refused with
the rule it breaks, for every card an expansion may add.

An expansion's problems name its own files and lines (``expansion/decks/gears.yaml:2``).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.gears import validation as gears_validation
from generator.load.expansions import Expansion, find_expansions
from generator.model import Deck
from generator.pipeline.build import check
from generator.problems import DataError
from generator.runtime.folders import discover_games
from tests.conftest import DataCopy, Result, shipped_game
from tests.test_rulebook import summary_pdf, text_of

GEARS = "gears/decks/gears.yaml"
ROUNDS = "gears/decks/rounds.yaml"
TASKS = "three_by_three/decks/tasks.yaml"
QUESTIONS = "break_the_code/decks/questions.yaml"
QUESTIONS_FILE = "decks/questions.yaml"
TILES = "break_the_code/decks/tiles.yaml"
WAGONS = "game_of_trains/decks/wagons.yaml"
INVESTORS = "gear_and_piston/decks/investors.yaml"
LANGUAGES = ("de", "en", "ru", "uk")
EXPANSIONS = Path(__file__).parent / "expansions"


def expansion(folder: Path, game: str, decks: dict[str, list[str]], texts: str = "") -> Path:
    """An expansion written at test time: ``decks`` maps a deck to its cards (one YAML flow
    mapping each), ``texts`` is a locale file's body, the same in every language."""
    (folder / "decks").mkdir(parents=True)
    (folder / "expansion.yaml").write_text(f"game: {game}\n", encoding="utf-8")
    for deck, cards in decks.items():
        lines = "".join(f"  - {card}\n" for card in cards)
        (folder / "decks" / f"{deck}.yaml").write_text(f"{deck}:\n{lines}", encoding="utf-8")
    if texts:
        (folder / "locales").mkdir()
        for lang in LANGUAGES:
            (folder / "locales" / f"{lang}.yaml").write_text(texts, encoding="utf-8")
    return folder


def over(data: Path, *folders: Path) -> tuple[Expansion, ...]:
    return find_expansions(folders, discover_games(data))


def add(data: DataCopy, tmp_path: Path, game: str, deck: str, *cards: str, texts: str = "") -> Path:
    """An expansion of ``game`` adding ``cards`` to ``deck``; its folder."""
    return expansion(tmp_path / "expansion", game, {deck: list(cards)}, texts)


def problems(data: DataCopy, game: str, folder: Path) -> list[str]:
    """Every problem of ``game`` with the expansion at ``folder`` laid over it, as printed."""
    with pytest.raises(DataError) as caught:
        check(data.root, (game,), expansions=over(data.root, folder))
    return [str(p) for p in caught.value.problems]


def line_in(folder: Path, deck: str, text: str) -> int:
    """1-based line of the expansion's card file of ``deck`` holding ``text``."""
    lines = (folder / "decks" / f"{deck}.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


@pytest.mark.parametrize(
    ("name", "game", "counts"),
    [
        ("gears-fifth-set", "gears", {"gears": 30, "rounds": 12}),
        ("three-by-three-tasks", "three_by_three", {"tasks": 32}),
        ("break-the-code-questions", "break_the_code", {"questions": 23}),
    ],
)
def test_the_test_expansions_pass_merged(
    data: DataCopy, name: str, game: str, counts: dict[str, int]
) -> None:
    (merged,) = check(data.root, (game,), expansions=over(data.root, EXPANSIONS / name))
    for deck, count in counts.items():
        found = merged.deck(deck)
        assert found is not None and len(found.cards) == count


def test_the_fifth_gear_set_is_its_own_set(data: DataCopy) -> None:
    (game,) = check(
        data.root, ("gears",), expansions=over(data.root, EXPANSIONS / "gears-fifth-set")
    )
    gears = game.deck("gears")
    assert gears is not None
    assert [card.id for card in gears.cards[24:]] == [
        f"gear-E-{colour}"
        for colour in ("red", "blue", "yellow", "purple", "multicoloured", "grey")
    ]


# gears


def test_a_fifth_set_red_gear_must_read_red_values(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "gears", "gears", *_set_e(red="[1, 2, 3, 4]"))
    assert problems(data, "gears", folder) == [
        "expansion/decks/gears.yaml:2: gears[0].values: a red gear reads 1-4-1-4 clockwise from "
        "the top; this one reads 1-2-3-4"
    ]


def test_a_fifth_set_short_of_a_colour(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "gears", "gears", *_set_e()[:-1])
    assert problems(data, "gears", folder) == [
        "expansion/decks/gears.yaml:1: gears: set E has no grey gear"
    ]


def test_copies_of_a_gear_are_a_set_with_a_colour_twice(data: DataCopy, tmp_path: Path) -> None:
    cards = [*_set_e()[:-1], "{set: E, colour: grey, values: [1, 2, 3, 4], copies: 2}"]
    folder = add(data, tmp_path, "gears", "gears", *cards)
    assert problems(data, "gears", folder) == [
        "expansion/decks/gears.yaml:7: gears[5] (copy 2).colour: set E has a grey gear already: "
        "gears[5] (copy 1) (line 7)"
    ]


def test_a_set_mark_is_one_capital_letter(data: DataCopy, tmp_path: Path) -> None:
    cards = (card.replace("set: E", "set: e") for card in _set_e())
    folder = add(data, tmp_path, "gears", "gears", *cards)
    assert problems(data, "gears", folder)[0] == (
        "expansion/decks/gears.yaml:2: gears[0].set: 'e' is not one capital letter, like 'E'"
    )


def _set_e(red: str = "[1, 4, 1, 4]") -> list[str]:
    values = {"red": red, "blue": "[1, 2, 3, 4]", "yellow": "[4, 3, 2, 1]"}
    values |= {"purple": "[2, 2, 3, 3]", "multicoloured": "[1, 2, 3, 4]", "grey": "[1, 2, 3, 4]"}
    return [f"{{set: E, colour: {colour}, values: {v}}}" for colour, v in values.items()]


def test_a_new_round_card_needs_a_known_condition(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "gears", "rounds", "{condition: middle, effect: grey-rust}")
    assert problems(data, "gears", folder) == [
        "expansion/decks/rounds.yaml:2: rounds[0].condition: 'middle' is not one of: highest, "
        "lowest, highest-even, highest-odd, lowest-even, lowest-odd, evens, odds, all-but-lowest, "
        "all-but-highest"
    ]


def test_a_new_round_card_repeating_a_pair_replaces_the_card(
    data: DataCopy, tmp_path: Path
) -> None:
    # a round card's id is its pair: the same pair is the same card, replaced in place
    folder = add(data, tmp_path, "gears", "rounds", "{condition: highest, effect: still-night}")
    (game,) = check(data.root, ("gears",), expansions=over(data.root, folder))
    rounds = game.deck("rounds")
    assert rounds is not None and len(rounds.cards) == 10
    assert (rounds.cards[0].id, rounds.cards[0].expansion) == (
        "round-highest-still-night",
        "expansion",
    )


def test_two_cards_with_the_same_pair(data: DataCopy) -> None:
    # two copies of a card have ids of their own: the engine finds the pair repeated
    rounds = shipped_rounds()
    again = replace(rounds.cards[0], id="round-highest-still-night-2", line=99, where="rounds[10]")
    assert round_problems(replace(rounds, cards=(*rounds.cards, again))) == [
        f"{ROUNDS}:99: rounds[10]: highest with still-night is already used by rounds[0] "
        f"(line {rounds.cards[0].line})"
    ]


def test_a_game_plays_ten_round_cards() -> None:
    rounds = shipped_rounds()
    assert round_problems(replace(rounds, cards=rounds.cards[:9])) == [
        f"{ROUNDS}:1: rounds: the game needs at least 10 round cards, found 9",
        f"{ROUNDS}:1: rounds: no round card has the condition all-but-highest",
        f"{ROUNDS}:1: rounds: no round card has the effect winner-leads",
    ]


def shipped_rounds() -> Deck:
    rounds = shipped_game("gears").deck("rounds")
    assert rounds is not None
    return rounds


def round_problems(rounds: Deck) -> list[str]:
    """The round deck's problems in a game for 2-4 players, as printed."""
    return [str(p) for p in gears_validation.round_cards(rounds, 4)]


def test_five_players_do_not_fit_a_round_card(data: DataCopy, tmp_path: Path) -> None:
    # a fifth gear set does not make a fifth seat: the round card has four corners
    folder = tmp_path / "fifth"
    shutil.copytree(EXPANSIONS / "gears-fifth-set", folder)
    manifest = folder / "expansion.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + 'players: "2-5"\n', "utf-8")
    assert problems(data, "gears", folder) == [
        "fifth/decks/rounds.yaml:1: rounds: a round card has 4 corners, one for each player's "
        "gear: the game is for at most 4 players, not 5",
        "gears/decks/aids.yaml:1: aids: 4 player aids for up to 5 players",
        "gears/decks/characters.yaml:1: characters: 4 characters for up to 5 players",
    ]


# three_by_three

NEW_TASK = (
    '{{number: 33, fifteen: "{fifteen}", fifteen_points: {fp}, chess: "{chess}", '
    "chess_points: {cp}}}"
)


def task(fifteen: str = ".R...BRG.", chess: str = ".Q.b.w...", fp: int = 2, cp: int = 1) -> str:
    """A 33rd task card; by default each side new, solvable and showable."""
    return NEW_TASK.format(fifteen=fifteen, chess=chess, fp=fp, cp=cp)


def test_a_new_task_passes(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "three_by_three", "tasks", task())
    (game,) = check(data.root, ("three_by_three",), expansions=over(data.root, folder))
    assert game.deck("tasks").cards[-1].id == "task-33"  # type: ignore[union-attr]


def test_an_unsolvable_new_task(data: DataCopy, tmp_path: Path) -> None:
    # the knight asked for in the centre must be a knight (the three queens take the king), and a
    # knight never reaches the centre
    folder = add(data, tmp_path, "three_by_three", "tasks", task(chess=".Q..NQQ..", cp=2))
    assert problems(data, "three_by_three", folder) == [
        "expansion/decks/tasks.yaml:2: tasks[0].chess: cannot be reached from 40320 of the setup "
        "boards: no sequence of moves shows it"
    ]


def test_a_new_task_the_tokens_cannot_show(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "three_by_three", "tasks", task(fifteen="GG.G.G..."))
    assert problems(data, "three_by_three", folder) == [
        "expansion/decks/tasks.yaml:2: tasks[0].fifteen: asks for 4 green cells: the 3 tokens "
        "that fit them (green, green, tri-colour) cannot fill 4"
    ]


def test_a_new_task_that_is_a_shipped_one_turned(data: DataCopy, tmp_path: Path) -> None:
    # card 1's 15-puzzle side .R.G.B... turned a quarter clockwise
    folder = add(data, tmp_path, "three_by_three", "tasks", task(fifteen=".G...R.B.", fp=1))
    first = data.line_of(TASKS, "{number: 1,")
    assert problems(data, "three_by_three", folder) == [
        "expansion/decks/tasks.yaml:2: tasks[0].fifteen: the same task as tasks[0] "
        f"({TASKS}:{first}), up to turning"
    ]


# break_the_code

QUESTION_TEXTS = "questions:\n  new-question: A question of the expansion?\n"


def add_question(data: DataCopy, tmp_path: Path, card: str) -> Path:
    """An expansion adding a question card with its text in every language (line 2)."""
    return add(data, tmp_path, "break_the_code", "questions", card, texts=QUESTION_TEXTS)


def test_a_new_question_passes(data: DataCopy, tmp_path: Path) -> None:
    # position 1 (A) above 0: value 0 is a value, though 0 == False
    folder = add_question(data, tmp_path, "{id: new-question, kind: compare, position: 1, "
                          "compare: above, value: 0}")  # fmt: skip
    (game,) = check(data.root, ("break_the_code",), expansions=over(data.root, folder))
    assert game.deck("questions").cards[-1].id == "question-new-question"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("card", "what"),
    [
        (
            # a 4-tile hand has no E: its holder cannot answer
            "{id: new-question, kind: compare, position: 5, compare: above, value: 3}",
            "questions[0].position: position 5 is not in a 4-tile hand (A-D)",
        ),
        (
            "{id: new-question, kind: compare, position: 4, compare: above, value: 9}",
            "questions[0]: every 4-tile code answers it 'no': the question tells the asker nothing",
        ),
        (
            "{id: new-question, kind: where, numbers: [2, 10], choice: true}",
            "questions[0].numbers: numbers are 0 to 9",
        ),
        (
            "{id: new-question, kind: sum, count: 2}",
            "questions[0].count: a sum of all the tiles takes no count (a count is for left or "
            "right)",
        ),
        (
            "{id: new-question, kind: pairs, by: step}",
            "questions[0].by: a pairs question has no by",
        ),
    ],
)
def test_a_new_question_that_cannot_be_asked(
    data: DataCopy, tmp_path: Path, card: str, what: str
) -> None:
    folder = add_question(data, tmp_path, card)
    assert problems(data, "break_the_code", folder) == [f"expansion/{QUESTIONS_FILE}:2: {what}"]


def test_a_new_question_asking_what_another_asks(data: DataCopy, tmp_path: Path) -> None:
    folder = add_question(data, tmp_path, "{id: new-question, kind: where, numbers: [2, 1], "
                          "choice: true}")  # fmt: skip
    first = data.line_of(QUESTIONS, "{id: where-1-or-2,")
    assert problems(data, "break_the_code", folder) == [
        f"expansion/{QUESTIONS_FILE}:2: questions[0]: asks what questions[14] "
        f"({QUESTIONS}:{first}) asks"
    ]


def test_a_new_question_without_its_text(data: DataCopy, tmp_path: Path) -> None:
    folder = add(
        data,
        tmp_path,
        "break_the_code",
        "questions",
        "{id: new-question, kind: sum, tiles: right, count: 2}",
    )
    found = problems(data, "break_the_code", folder)
    assert [p.split(": ", 1)[1] for p in found] == [
        "questions.new-question: missing translation"
    ] * len(LANGUAGES)


def test_the_tiles_are_dealt_to_two_to_four_players(data: DataCopy) -> None:
    data.edit("break_the_code/game.yaml", "players: 2-4", "players: 2-5")
    assert data.problems("break_the_code") == [
        f"{TILES}:1: tiles: the rules deal the tiles to 2, 3 or 4 players, not to 5"
    ]


# game_of_trains and gear_and_piston


def test_wagons_numbered_on(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "game_of_trains", "wagons", "{number: 85, ability: protect}",
                 "{number: 86, ability: swap-adjacent}")  # fmt: skip
    (game,) = check(data.root, ("game_of_trains",), expansions=over(data.root, folder))
    assert len(game.deck("wagons").cards) == 86  # type: ignore[union-attr]


def test_wagons_numbered_on_with_a_gap(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "game_of_trains", "wagons", "{number: 86, ability: protect}")
    assert problems(data, "game_of_trains", folder) == [
        f"{WAGONS}:1: wagons: wagon number 85 missing (every number 1-86 appears exactly once)"
    ]


def test_a_locomotive_for_every_player(data: DataCopy) -> None:
    data.edit("game_of_trains/game.yaml", "players: 2-4", "players: 2-5")
    assert data.problems("game_of_trains") == [
        "game_of_trains/decks/locomotives.yaml:1: locomotives: 4 locomotives for up to 5 "
        "players: one each"
    ]


INVESTOR_TEXTS = "investors:\n  new-investor: The expansion's investor\n"


def test_a_new_investor_passes(data: DataCopy, tmp_path: Path) -> None:
    folder = add(data, tmp_path, "gear_and_piston", "investors", "{id: new-investor, metric: "
                 "scrap-parts, comparison: exactly, count: 2, points: 2}",
                 texts=INVESTOR_TEXTS)  # fmt: skip
    (game,) = check(data.root, ("gear_and_piston",), expansions=over(data.root, folder))
    assert game.deck("investors").cards[-1].id == "investor-new-investor"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("card", "what"),
    [
        (
            "{id: new-investor, metric: speed, comparison: most, points: 2}",
            "investors[0].metric: 'speed' is not one of: comfort, power, durability, parts, "
            "engine-types, unreliability, old-parts, scrap-parts",
        ),
        (
            "{id: new-investor, metric: parts, comparison: at-least, count: 0, points: 2}",
            "investors[0].count: at least 0 is every finished car: an investor counts from 1",
        ),
    ],
)
def test_a_new_investor_that_cannot_be_met(
    data: DataCopy, tmp_path: Path, card: str, what: str
) -> None:
    folder = add(data, tmp_path, "gear_and_piston", "investors", card, texts=INVESTOR_TEXTS)
    assert problems(data, "gear_and_piston", folder) == [
        f"expansion/decks/investors.yaml:2: {what}"
    ]


# what runs on a merged game: the queries and the rulebook summaries


WITH = {
    "gears": EXPANSIONS / "gears-fifth-set",
    "three_by_three": EXPANSIONS / "three-by-three-tasks",
    "break_the_code": EXPANSIONS / "break-the-code-questions",
}


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        (("gears", "simulate", "--games", "20", "--players", "4"), "4 players, 20 games"),
        (("three_by_three", "difficulty", "task-29", "task-32"), "task-32   chess    RN./R../N.b"),
        (("break_the_code", "rate", "sum-left2", "b-below-3"), "b-below-3"),
        (("break_the_code", "ask", "b-below-3", "--hand", "0b 2w 5g 7b 9w"), "0b 2w 5g 7b 9w: yes"),
    ],
)
def test_the_queries_answer_for_a_merged_game(
    pnp: Callable[..., Result], query: tuple[str, ...], wanted: str
) -> None:
    result = pnp("rules", *query, "--with", WITH[query[0]])
    assert result.code == 0, result.err
    assert wanted in result.out


@pytest.mark.parametrize(
    ("game", "wanted"),
    [
        ("gears", "Highest: The highest value wins. Night side: Grey rust."),
        ("three_by_three", "How hard each task is"),
        ("break_the_code", "Is the number on your B tile less than 3?"),
    ],
)
def test_the_summary_of_a_merged_game(tmp_path: Path, game: str, wanted: str) -> None:
    (loaded,) = check(DEFAULT_DATA_DIR, (game,), expansions=over(DEFAULT_DATA_DIR, WITH[game]))
    assert wanted in text_of(summary_pdf(loaded, "en", tmp_path))


# the test expansions through the command line: merged, alone, and broken


@pytest.mark.parametrize(
    ("game", "merged", "own"),
    [("gears", 67, 8), ("three_by_three", 40, 4), ("break_the_code", 43, 2)],
)
def test_the_test_expansions_build_merged_and_alone(
    pnp: Callable[..., Result], tmp_path: Path, game: str, merged: int, own: int
) -> None:
    folder, out = WITH[game], tmp_path / "out"
    args = ("build", "--with", folder, "--lang", "en", "--out", out)
    whole = pnp(*args)
    assert (whole.code, whole.err) == (0, "")
    sheets = out / f"{game}+{folder.name}" / "en" / "cards-a4.pdf"
    assert re.search(rf"^{re.escape(str(sheets))}: \d+ pages, {merged} cards", whole.out, re.M)
    alone = pnp(*args, "--only-expansion")
    assert (alone.code, alone.err) == (0, "")
    sheets = out / folder.name / "en" / "cards-a4.pdf"
    assert re.search(rf"^{re.escape(str(sheets))}: \d+ pages?, {own} cards", alone.out, re.M)
    assert sorted(path.name for path in sheets.parent.iterdir()) == ["cards-a4.pdf"]


@pytest.mark.parametrize(
    ("game", "deck", "card", "broken", "what"),
    [
        (
            "gears",
            "gears",
            "{set: E, colour: red, values: [1, 4, 1, 4]}",
            "{set: E, colour: red, values: [1, 2, 3, 4]}",
            "gears[0].values: a red gear reads 1-4-1-4 clockwise from the top; this one reads "
            "1-2-3-4",
        ),
        (
            "three_by_three",
            "tasks",
            'chess: "RN.R..N.b"',
            'chess: ".Q..NQQ.."',
            "tasks[3].chess: cannot be reached from 40320 of the setup boards: no sequence of "
            "moves shows it",
        ),
        (
            "break_the_code",
            "questions",
            "position: 2, compare: below",
            "position: 5, compare: below",
            "questions[1].position: position 5 is not in a 4-tile hand (A-D)",
        ),
    ],
)
def test_a_broken_card_of_a_test_expansion_is_reported_at_its_line(
    pnp: Callable[..., Result],
    tmp_path: Path,
    game: str,
    deck: str,
    card: str,
    broken: str,
    what: str,
) -> None:
    folder = tmp_path / WITH[game].name
    shutil.copytree(WITH[game], folder)
    cards = folder / "decks" / f"{deck}.yaml"
    assert card in cards.read_text(encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace(card, broken), encoding="utf-8")
    line = line_in(folder, deck, broken)
    result = pnp("validate", "--with", folder, "--paper", "a4")
    assert (result.code, result.err) == (
        1,
        f"{folder.name}/decks/{deck}.yaml:{line}: {what}\n1 problem found.\n",
    )
