"""``pnp report``: each game's measures, the before/after table, its JSON and its plots.

Until the loader lays expansions over a game, a changed game is made here the way an expansion
would change it (cards added, removed, replaced; not validated), or, where the engine accepts
the change, from a copy of the card data passed as ``--data``. Sample counts are small
(``TRIALS``): the tests check what the numbers do, not how precise they are.
"""

from __future__ import annotations

import ast
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.balance import Measure, Metric, Sampling
from generator.games.game_of_trains.validation import SPREAD_WINDOW
from generator.games.gear_and_piston.car import problems
from generator.games.gear_and_piston.parts import part
from generator.games.gear_and_piston.report import random_car
from generator.games.gears.simulate import RoundCard, from_cards, play
from generator.games.streams import Chance, key
from generator.games.three_by_three.solver import difficulties
from generator.model import Card, Game
from generator.report.run import load, measure, report
from generator.report.table import Report, Row, as_json, as_text
from generator.report.trials import MAX_TRIALS, trials
from tests import fixture
from tests.test_imports import MODULES

TRIALS = 12
SAMPLING = Sampling(trials=TRIALS)
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def shipped() -> Callable[[str], Game]:
    """The shipped games, each loaded and validated once for the module."""
    games: dict[str, Game] = {}

    def game(game_id: str) -> Game:
        if game_id not in games:
            games[game_id] = load(DEFAULT_DATA_DIR, game_id)
        return games[game_id]

    return game


def changed(
    game: Game, deck_id: str, add: dict[str, dict[str, Any]] | None = None, drop: tuple = ()
) -> Game:
    """``game`` with the cards ``drop`` names left out of one deck and ``add`` (card id ->
    fields) appended, or put in place of the card with that id: what an expansion does."""
    deck = game.deck(deck_id)
    assert deck is not None
    new = {
        card_id: Card(card_id, deck_id, fields, "expansion", n, f"{deck_id}[{n}]")
        for n, (card_id, fields) in enumerate((add or {}).items())
    }
    kept = [new.pop(c.id, c) for c in deck.cards if c.id not in drop]
    decks = tuple(
        replace(d, cards=(*kept, *new.values())) if d.id == deck_id else d for d in game.decks
    )
    return replace(game, decks=decks)


def table(done: Report, key: str) -> dict[str, Row]:
    """The rows of one table by key."""
    found = next(t for t in done.tables if t.key == key)
    return {row.key: row for row in found.rows}


def values(measures: list[Measure], key: str) -> dict[str, float]:
    found = next(m for m in measures if m.key == key)
    return {metric.key: metric.value for metric in found.metrics}


# Gears


def expanded_gears(game: Game) -> Game:
    """A fifth gear set and two round cards in, one round card out."""
    gears = changed(
        game,
        "gears",
        {
            f"gear-E-{colour}": {"set": "E", "colour": colour, "values": values}
            for colour, values in (
                ("red", [1, 4, 1, 4]),
                ("blue", [1, 2, 3, 4]),
                ("yellow", [4, 3, 2, 1]),
                ("purple", [2, 2, 3, 3]),
                ("multicoloured", [1, 2, 3, 4]),
                ("grey", [1, 2, 3, 4]),
            )
        },
    )
    return changed(
        gears,
        "rounds",
        {
            "round-highest-winner-leads": {"condition": "highest", "effect": "winner-leads"},
            "round-evens-jam-return": {"condition": "evens", "effect": "jam-return"},
        },
        drop=("round-lowest-reverse-crank",),
    )


def test_gears_has_a_row_per_round_card_named_from_the_locale(shipped) -> None:
    game = shipped("gears")
    rounds = game.deck("rounds")
    done = report(game, None, "en", SAMPLING)
    day, night = table(done, "no_winner_day"), table(done, "no_winner_night")
    assert list(day) == list(night) == [card.id for card in rounds.cards]
    english = game.locales["en"]
    for card in rounds.cards:
        name = english.text(f"conditions.{card.fields['condition']}.name")
        effect = english.text(f"effects.{card.fields['effect']}.name")
        assert day[card.id].label == name
        assert night[card.id].label == f"{name} · {effect}"
        assert 0 <= day[card.id].before <= 1 and day[card.id].after is None
    lengths = table(done, "game_length")
    assert list(lengths) == ["players-2", "players-3", "players-4"]
    assert all(1 <= row.before <= 10 for row in lengths.values())
    highest = day["round-highest-still-night"]
    low, high = highest.before_interval
    assert low < highest.before < high
    line = next(line for line in as_text(done).splitlines() if line.startswith("  Highest "))
    assert line.split() == [
        "Highest",
        f"{100 * highest.before:.1f}",
        "%",
        f"[{100 * low:.1f},",
        f"{100 * high:.1f}]",
    ]


def test_gears_rows_follow_cards_added_and_removed(shipped) -> None:
    before = shipped("gears")
    after = expanded_gears(before)
    done = report(before, after, "en", SAMPLING)
    assert report(before, after, "en", SAMPLING, jobs=2) == done  # measured on two cores
    day = table(done, "no_winner_day")
    assert list(day)[-3:] == [
        "round-all-but-highest-winner-leads",
        "round-highest-winner-leads",
        "round-evens-jam-return",
    ]
    assert (
        day["round-lowest-reverse-crank"].after is None
        and day["round-lowest-reverse-crank"].before is not None
    )
    assert (
        day["round-highest-winner-leads"].before is None
        and day["round-highest-winner-leads"].after is not None
    )
    assert (
        day["round-highest-still-night"].label == "Highest (round-highest-still-night)"
    )  # two cards of one name
    assert day["round-highest-winner-leads"].label == "Highest (round-highest-winner-leads)"
    assert day["round-lowest-reverse-crank"].label == "Lowest"
    kept = [row for row in day.values() if row.change is not None]
    assert len(kept) == 9 and any(row.change != 0 for row in kept)
    assert any(row.change != 0 for row in table(done, "game_length").values())
    text = as_text(done)
    assert ["before", "after", "change"] in [line.split() for line in text.splitlines()]
    assert text.count(" new\n") == 4 and text.count(" gone\n") == 2  # day and night sides


def test_gears_values_are_reproducible_at_a_seed(shipped) -> None:
    game = shipped("gears")
    first, again = (measure(game, "en", SAMPLING) for _ in range(2))
    other = measure(game, "en", Sampling(seed=2, trials=TRIALS))
    assert first == again
    assert values(first, "no_winner_day") != values(other, "no_winner_day")


def test_gears_report_of_card_data_whose_round_cards_are_paired_anew(shipped, data) -> None:
    """A change the engine accepts, read from --data: two night effects trade cards."""
    data.edit(
        "gears/decks/rounds.yaml",
        "{condition: highest, effect: still-night}",
        "{condition: highest, effect: reverse-crank}",
    )
    data.edit(
        "gears/decks/rounds.yaml",
        "{condition: lowest, effect: reverse-crank}",
        "{condition: lowest, effect: still-night}",
    )
    before = shipped("gears")
    done = report(before, load(data.root, "gears"), "en", SAMPLING)
    night = table(done, "no_winner_night")  # a round card is its pair: two cards out, two in
    assert night["round-highest-reverse-crank"].label == "Highest · Reverse crank"
    assert night["round-lowest-still-night"].label == "Lowest · Still night"
    assert night["round-highest-reverse-crank"].before is None
    assert night["round-highest-still-night"].after is None
    assert night["round-highest-reverse-crank"].after is not None


def test_report_json_has_stable_keys_and_the_plots_are_the_same_twice(pnp, tmp_path) -> None:
    runs = [pnp("report", "gears", "--trials", "3", "--json", "--out", tmp_path / r) for r in "ab"]
    assert [result.code for result in runs] == [0, 0], runs[0].err
    found = json.loads(runs[0].out)
    assert found.keys() == {"game", "lang", "compared", "sections"}
    assert (found["game"], found["lang"], found["compared"]) == ("gears", "en", False)
    keys = [section["key"] for section in found["sections"]]
    assert keys == ["no_winner_day", "no_winner_night", "game_length", "code_completed"]
    for section in found["sections"]:
        assert section.keys() == {"key", "title", "unit", "note", "rows"}
        assert all(row.keys() == {"key", "label", "value", "interval"} for row in section["rows"])
    low, high = found["sections"][0]["rows"][0]["interval"]
    assert low < found["sections"][0]["rows"][0]["value"] < high
    assert runs[1].out == runs[0].out
    assert runs[0].err == f"{tmp_path / 'a' / 'balance.png'}: plots\n"
    pages = [(tmp_path / r / "balance.png").read_bytes() for r in "ab"]
    assert pages[0].startswith(PNG) and len(pages[0]) > 20_000
    assert pages[0] == pages[1]
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["balance.png"]


def test_compared_json_has_before_after_and_change(shipped) -> None:
    before = shipped("gears")
    found = as_json(report(before, expanded_gears(before), "en", SAMPLING))
    rows = {row["key"]: row for row in found["sections"][0]["rows"]}
    assert found["compared"] is True
    columns = {"key", "label", "before", "before_interval", "after", "after_interval", "change"}
    assert all(row.keys() == columns for row in rows.values())
    gone = rows["round-lowest-reverse-crank"]
    assert gone["after"] is gone["after_interval"] is gone["change"] is None
    assert gone["before_interval"] is not None
    highest = rows["round-highest-still-night"]
    change = highest["after"] - highest["before"]
    assert highest["change"] == pytest.approx(change, abs=2e-6)  # each rounded to 6 places


def test_card_names_come_from_the_chosen_language(shipped) -> None:
    game = shipped("gears")
    done = report(game, None, "ru", SAMPLING)
    assert done.lang == "ru"
    label = table(done, "no_winner_day")["round-highest-still-night"].label
    assert label == game.locales["ru"].text("conditions.highest.name") != "Highest"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nosuch",), "unknown game 'nosuch' (the card data has: "),
        (("gears", "--lang", "xx"), "--lang xx: gears has de, en, ru, uk"),
        (
            ("gears", "--with", "expansion"),
            "--with expansion: no such folder",
        ),
    ],
)
def test_usage_mistakes(pnp, tmp_path, args, message) -> None:
    result = pnp("report", *args, "--out", tmp_path)
    assert result.code == 2
    assert f"pnp: error: {message}" in result.err


@pytest.mark.parametrize(
    "trials",
    ["1000000000000", str(MAX_TRIALS + 1), "0", "-5", "1e5", "\uff11\uff10", "9" * 5000],
    ids=["trillion", "one-past", "zero", "negative", "exponent", "wide-digits", "5000-digits"],
)
def test_trials_past_the_maximum_are_a_usage_error(pnp, tmp_path, trials) -> None:
    """A count no report needs (an extra zero or six) would play for hours or never end: it is
    refused before anything is loaded, as argparse refuses a malformed number."""
    result = pnp("report", "gears", "--trials", trials, "--out", tmp_path)
    assert result.code == 2
    assert result.err.endswith(
        f"pnp report: error: argument --trials: {trials!r}: expected a whole number, "
        f"1 to {MAX_TRIALS}\n"
    )
    assert not any(tmp_path.iterdir())


def test_the_maximum_of_trials_is_allowed_and_said_in_the_help(pnp) -> None:
    assert (trials("1"), trials(str(MAX_TRIALS))) == (1, MAX_TRIALS)
    result = pnp("report", "--help")
    assert result.code == 0
    assert f"1 to {MAX_TRIALS}" in " ".join(result.out.split())


def test_plots_need_a_folder(pnp, tmp_path) -> None:
    (tmp_path / "file").write_text("")
    result = pnp("report", "gears", "--out", tmp_path / "file")
    assert result.code == 2
    assert result.err == f"pnp: error: --out {tmp_path / 'file'}: is a file\n"


def test_a_game_without_a_report(tiny, pnp, tmp_path) -> None:
    result = pnp("report", fixture.Tiny.id, "--data", tiny.root, "--out", tmp_path)
    assert result.code == 2
    assert "pnp: error: tiny has no balance report (games with one: game_of_trains, gears," in (
        result.err
    )


def test_matplotlib_is_imported_only_to_draw() -> None:
    """Only the plot module imports it, and only inside the function that draws (a type-only
    import aside): every other command starts without loading it."""
    importing, at_load = set(), set()
    for module, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        if "matplotlib" not in source:  # no import of it can hide from a text search
            continue
        tree = ast.parse(source)
        if any(_matplotlib(node) for node in ast.walk(tree)):
            importing.add(module)
        if any(_matplotlib(node) for node in _loaded(tree.body)):
            at_load.add(module)
    assert importing == {"generator.report.plot"}
    assert at_load == set()


def _matplotlib(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "matplotlib"
    return isinstance(node, ast.Import) and any(
        alias.name.split(".")[0] == "matplotlib" for alias in node.names
    )


def _loaded(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run when a module is imported (not the bodies of its functions and
    classes, nor what only a type checker reads)."""
    for node in body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            yield from _loaded(node.orelse)
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            yield from _loaded(
                [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
            )
        else:
            yield node


# Intervals and common random numbers


def test_a_rate_has_the_wilson_interval_and_a_mean_its_standard_errors() -> None:
    """Textbook values: none of 10 is not certainty (the Wald interval would be [0, 0])."""
    none = Metric.rate("k", "none", 0, 10)
    assert none.value == 0 and none.interval == (0.0, pytest.approx(0.277533, abs=1e-6))
    half = Metric.rate("k", "half", 5, 10).interval
    assert half == (pytest.approx(0.236593, abs=1e-6), pytest.approx(0.763407, abs=1e-6))
    assert Metric.rate("k", "all", 10, 10).interval[1] == 1.0
    never = Metric.rate("k", "never played", 0, 0)
    assert math.isnan(never.value) and never.interval is None
    mean = Metric.mean("k", "mean", [1, 2, 3, 4]).interval
    assert mean == (
        pytest.approx(2.5 - 1.959964 * 0.645497),
        pytest.approx(2.5 + 1.959964 * 0.645497),
    )
    assert Metric.mean("k", "mean", [9, 10, 10, 10], within=(1, 10)).interval[1] == 10


def test_a_name_draws_the_same_in_every_process() -> None:
    """From BLAKE2b, not hash() (which each process salts): the same in every run and Python."""
    assert key(1, "gears", 3) == 0xC83D3D8111F97EF8
    assert Chance(1, "gears").stream("round").getrandbits(32) == 3067228222


def test_an_order_keeps_the_others_in_place_when_a_card_comes_or_goes() -> None:
    ids = [f"card-{n:02d}" for n in range(12)]
    chance = Chance(1, "deck", 0)
    order = chance.order(ids, str)
    assert sorted(order) == ids
    assert [i for i in chance.order([*ids[:5], "new", *ids[5:]], str) if i != "new"] == order
    assert chance.order(ids[1:], str) == [i for i in order if i != ids[0]]
    firsts = Counter(Chance(1, "deck", n).order(ids, str)[0] for n in range(1200))
    assert set(firsts) == set(ids) and max(firsts.values()) < 140  # 100 each, give or take


def test_a_game_plays_the_same_rounds_until_a_new_round_card_comes_up(shipped) -> None:
    game = shipped("gears")
    sets, cards = from_cards(game.deck("gears"), game.deck("rounds"))
    new = RoundCard("highest", "grey-rust")
    alike = 0
    for number in range(12):
        chance = Chance(1, "gears", 3, "greedy", number)
        before, after = play(3, sets, cards, chance), play(3, sets, [*cards, new], chance)
        drawn = [RoundCard(r.condition, r.effect) for r in after.rounds]
        first = drawn.index(new) if new in drawn else len(drawn)
        assert after.rounds[:first] == before.rounds[:first]
        alike += first
    assert alike > 12 * 3  # about 4.5 of a game's 10 rounds come before the new card


def test_a_round_card_added_leaves_the_others_inside_their_intervals(shipped) -> None:
    """After one round card was added, a card it does not touch moved 10 points while the
    report said ±6. Now the same games are played before and after, up to the new card's round,
    and every untouched row's rate after stays inside its interval before. Not every card added
    keeps all 20 rows inside: it reaches the rounds after it in 10 games of 11. Over the 90 one
    could add, at the default 300 games, 97 % of the rows stay inside and all 20 for 52 cards
    (with the decks shuffled independently, as before, 77 % and none)."""
    before = shipped("gears")
    card = {"round-highest-even-self-tune": {"condition": "highest-even", "effect": "self-tune"}}
    done = report(before, changed(before, "rounds", card), "en", Sampling(trials=50))
    rows = [*table(done, "no_winner_day").values(), *table(done, "no_winner_night").values()]
    kept = [row for row in rows if row.key not in card]
    assert len(kept) == 20
    for row in kept:
        assert row.before_interval is not None and row.after is not None
        low, high = row.before_interval
        assert low < row.after < high, row


# The other games


def test_three_by_three_difficulty_is_the_solvers(shipped) -> None:
    game = shipped("three_by_three")
    tasks = game.deck("tasks")
    measured = measure(game, "en", SAMPLING)
    spread = values(measured, "spread")
    for mode in ("fifteen", "chess"):
        rows = values(measured, f"{mode}_moves")
        solved = difficulties(mode, [card.fields[mode] for card in tasks.cards])
        assert list(rows.values()) == [side.mean for side in solved]
        assert spread[f"{mode}-easiest"] == min(rows.values())
        assert spread[f"{mode}-hardest"] == max(rows.values())
        assert spread[f"{mode}-most"] >= spread[f"{mode}-hardest"]
        # the deck was designed so: cards worth two points are the harder ones
        assert spread[f"{mode}-2-point"] > spread[f"{mode}-1-point"]


def test_break_the_code_an_even_split_tells_more(shipped) -> None:
    lopsided = {"position": 1, "compare": "above", "value": 4}  # A, the lowest tile: 252 deals
    even = {"position": 3, "compare": "above", "value": 4}  # C, the middle tile: about half
    questions = {
        f"question-q-{name}": {"id": f"q-{name}", "kind": "compare", "numbers": [], **fields}
        for name, fields in (("lopsided", lopsided), ("even", even))
    }
    game = changed(shipped("break_the_code"), "questions", questions)
    measured = measure(game, "en", SAMPLING)
    bits, left = values(measured, "information"), values(measured, "codes_left")
    assert bits["question-q-even"] > bits["question-q-lopsided"] > 0
    assert left["question-q-even"] < left["question-q-lopsided"]


def test_break_the_code_openings_narrow_the_code(shipped) -> None:
    openings = values(measure(shipped("break_the_code"), "en", SAMPLING), "openings")
    best = [openings[f"best-{n}"] for n in (1, 2, 3)]
    face_up = [openings[f"face-up-{n}"] for n in (1, 2, 3)]
    assert best == sorted(best, reverse=True) and face_up == sorted(face_up, reverse=True)
    assert all(b <= f for b, f in zip(best, face_up, strict=True))


def test_game_of_trains_an_ability_on_more_wagons_pairs_more(shipped) -> None:
    before = shipped("game_of_trains")
    low = {f"wagon-{n:02d}": {"number": n, "ability": "protect"} for n in range(1, 25)}
    done = report(before, changed(before, "wagons", low), "en", Sampling(trials=300))
    wagons, pairs = table(done, "wagons"), table(done, "face_up_pair")
    gaps = table(done, "longest_gap")
    assert wagons["protect"].after == wagons["protect"].before + 21  # 8, 16, 24 had it
    assert pairs["protect"].change > 0 and pairs["swap-adjacent"].change < 0
    assert gaps["swap-adjacent"].after == 24  # its first wagon now is 25
    assert gaps["swap-adjacent"].before < SPREAD_WINDOW


def test_gear_and_piston_random_cars_are_finished_cars(shipped) -> None:
    game = shipped("gear_and_piston")
    supply = [part(c.id, g, c.fields) for g in ("new", "old", "scrap") for c in game.deck(g).cards]
    cars = [car for n in range(100) if (car := random_car(f"car {n}", supply, Chance(5, n)))]
    assert len(cars) > 40  # about half the draws make a car (53 % of 2000)
    assert all(problems(car) == [] and 6 <= len(car.parts) <= 12 for car in cars)
    assert len({len(car.parts) for car in cars}) > 3


def test_gear_and_piston_investors_and_symbols(shipped) -> None:
    every_car = {"id": "every-car", "metric": "parts", "comparison": "at-least", "count": 0}
    game = changed(
        shipped("gear_and_piston"), "investors", {"investor-every-car": {**every_car, "points": 1}}
    )
    # a random car without old parts is rare (about 1 in 130: half the supply is old, and scrap
    # only stands in for a needed part): 100 tables meet a few
    measured = measure(game, "en", Sampling(trials=100))
    pays = values(measured, "investor_pays")
    assert pays["investor-every-car"] == 1.0
    assert pays["investor-most-comfort"] >= 1 / 4  # each table's most comfortable car(s)
    assert 0 < pays["investor-all-new"] < pays["investor-most-comfort"]
    symbols = values(measured, "symbols")
    new = game.deck("new")
    for symbol in ("comfort", "power", "durability"):
        assert symbols[f"new-{symbol}"] == sum(c.fields["bronze"].count(symbol) for c in new.cards)
    assert symbols["scrap-comfort"] == 0
    assert values(measured, "unreliability")["new"] == 0


def test_the_report_of_the_test_expansion_before_and_after(pnp, tmp_path) -> None:
    expansion = Path(__file__).parent / "expansions" / "gears-fifth-set"
    result = pnp("report", "gears", "--with", expansion, "--trials", "4", "--out", tmp_path)
    assert (result.code, result.err) == (0, f"{tmp_path / 'balance.png'}: plots\n")
    lines = result.out.splitlines()
    assert lines[0] == "gears+gears-fifth-set: balance report, before and after"
    new = [line.split()[:2] for line in lines if line.rstrip().endswith(" new")]
    assert new[:2] == [
        ["Highest", "(round-highest-grey-rust)"],
        ["Lowest", "(round-lowest-mirror-swap)"],
    ]
    assert (tmp_path / "balance.png").read_bytes().startswith(b"\x89PNG")
