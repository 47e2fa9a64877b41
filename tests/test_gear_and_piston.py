"""Gear & Piston's engine: the requirements of a finished car, the area score, every investor, the
ranking, the game end, car files and the ``pnp rules gear_and_piston car`` command."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR, PROJECT_ROOT, README
from generator.games.gear_and_piston.car import Car, CarRules, ends_game, make_car, problems
from generator.games.gear_and_piston.car_file import read_cars
from generator.games.gear_and_piston.decks import GROUPS
from generator.games.gear_and_piston.engine import GearAndPiston
from generator.games.gear_and_piston.parts import Part, part
from generator.games.gear_and_piston.scoring import Investor, area, ranking, score
from generator.pipeline.front import checked_game
from generator.problems import DataError
from tests.conftest import Result

Runner = Callable[..., Result]

EXAMPLES = PROJECT_ROOT / "examples" / "gear_and_piston"
_ids = itertools.count(1)


def tile(
    function: str,
    colour: str = "grey",
    row: str | None = None,
    *,
    group: str = "new",
    bronze: tuple[str, ...] = (),
    unreliability: int = 0,
) -> Part:
    """A part made up for a test (row: axles bottom, everything else top unless given)."""
    row = row or ("bottom" if function == "axle" else "top")
    return Part(f"{group}-{next(_ids)}", group, function, colour, row, bronze, unreliability)


def car(top: list[Part | None], bottom: list[Part | None], name: str = "car") -> Car:
    return make_car(name, top, bottom)


def runabout() -> tuple[list[Part | None], list[Part | None]]:
    """The brief's example: axle, red fuel tank, axle under steering, red engine, gears."""
    top: list[Part | None] = [tile("steering"), tile("engine", "red"), tile("gears")]
    bottom: list[Part | None] = [tile("axle"), tile("fuel-tank", "red", "bottom"), tile("axle")]
    return top, bottom


@pytest.fixture(scope="module")
def shipped() -> dict[str, Part]:
    game = checked_game(DEFAULT_DATA_DIR, GearAndPiston())
    return {
        card.id: part(card.id, group, card.fields)
        for group in GROUPS
        for card in game.deck(group).cards  # type: ignore[union-attr]
    }


# --- the brief's worked examples ------------------------------------------------------------


def test_the_brief_example_car_is_valid_with_six_parts() -> None:
    example = car(*runabout())
    assert problems(example) == []
    assert len(example.parts) == 6
    assert ends_game([example], None, None) == []


def test_a_green_improvement_needs_a_green_engine_and_fuel_tank() -> None:
    top, bottom = runabout()
    lamp = tile("improvement", "green", "bottom")
    assert problems(car(top, [*bottom, lamp])) == [
        f"the green part {lamp.id} needs a green engine and a green fuel tank in the car"
    ]


def test_without_steering_the_car_is_not_finished() -> None:
    top, bottom = runabout()
    assert problems(car([None, *top[1:]], bottom)) == ["needs at least 1 steering, has none"]


# --- each requirement -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("function", "what"),
    [
        ("engine", "needs at least 1 engine, has none"),
        ("gears", "needs at least 1 gears, has none"),
    ],
)
def test_each_function_the_car_needs(function: str, what: str) -> None:
    top, bottom = runabout()
    top = [tile("improvement") if p and p.function == function else p for p in top]
    found = problems(car(top, bottom))
    assert what in found


def test_one_axle_is_not_enough() -> None:
    top = [tile("steering"), tile("engine", "red")]
    bottom = [tile("axle"), tile("fuel-tank", "red", "bottom")]
    assert "needs at least 2 axles, has 1" in problems(car(top, bottom))


def test_no_fuel_tank() -> None:
    top, bottom = runabout()
    bottom[1] = tile("gears", row="bottom")
    assert problems(car(top, bottom)) == [
        "needs at least 1 fuel tank, has none",
        f"the red part {top[1].id} needs a red fuel tank in the car",  # type: ignore[union-attr]
    ]


def test_a_grey_engine_serves_no_colour() -> None:
    top = [tile("steering"), tile("engine"), tile("gears")]
    bottom = [tile("axle"), tile("fuel-tank", "red", "bottom"), tile("axle")]
    assert problems(car(top, bottom)) == [
        f"the red part {bottom[1].id} needs a red engine in the car"  # type: ignore[union-attr]
    ]


def test_two_steerings_pass_unless_the_setting_asks_for_exactly_one() -> None:
    top, bottom = runabout()
    top[2] = tile("steering")
    bottom.append(tile("gears", row="bottom"))
    two = car(top, bottom)
    assert problems(two) == []
    assert problems(two, CarRules(exactly_one_steering=True)) == ["needs exactly 1 steering, has 2"]


def test_every_top_part_needs_a_part_below() -> None:
    top, bottom = runabout()
    horn = tile("improvement")
    assert problems(car([*top, horn], bottom)) == [f"top 4: {horn.describe()} has no part below it"]


def test_every_part_touches_an_axle() -> None:
    top, bottom = runabout()
    far = tile("improvement", row="bottom")
    farther = tile("gears", row="bottom")
    found = problems(car(top, [*bottom, far, farther]))
    assert found == [f"bottom 5: {farther.describe()} touches no axle"]


def test_a_top_part_touches_an_axle_diagonally_but_not_two_columns_away() -> None:
    top = [tile("steering"), tile("engine", "red"), tile("gears")]
    bottom = [tile("axle"), tile("fuel-tank", "red", "bottom"), tile("improvement", row="bottom")]
    bottom.append(tile("axle"))
    top.append(tile("improvement"))
    # top 3 (gears) is diagonally above the axle at bottom 4; top 2 diagonally above bottom 1
    assert problems(car(top, bottom)) == []
    bottom[3] = tile("gears", row="bottom")
    found = problems(car(top, bottom))
    assert f"top 3: {top[2].describe()} touches no axle" in found
    assert f"top 4: {top[3].describe()} touches no axle" in found


def test_an_axle_holds_all_five_parts_around_it() -> None:
    """Left, right, above and both diagonals above: the most any axle can touch."""
    top = [tile("steering"), tile("engine", "red"), tile("gears")]
    bottom = [tile("fuel-tank", "red", "bottom"), tile("axle"), tile("axle")]
    assert problems(car(top, bottom)) == []


def test_parts_sit_in_their_own_row() -> None:
    top, bottom = runabout()
    wheel = tile("axle")
    wheel_on_top = Part(wheel.id, "new", "axle", "grey", "bottom", (), 0)
    found = problems(car([*top, wheel_on_top], [*bottom, tile("gears", row="bottom")]))
    assert found[0] == f"top 4: {wheel_on_top.describe()} is a bottom-row part"


def two_pieces() -> Car:
    """The runabout and, one empty column to its right, a second piece on two axles."""
    top, bottom = runabout()
    second = [None, tile("axle"), tile("gears", row="bottom"), tile("axle")]
    return car([*top, None, None, None, None], [*bottom, *second])


def test_a_car_in_two_pieces_is_finished_unless_the_setting_asks_for_one() -> None:
    """The rulebook: while building, a car may be at most two separate pieces."""
    assert problems(two_pieces()) == []
    assert problems(two_pieces(), CarRules(one_piece=True)) == [
        "the car is in 2 pieces (columns 1-3, 5-7); a finished car is one piece"
    ]


def test_a_car_is_never_three_pieces() -> None:
    pieces = two_pieces()
    third = [None, tile("axle"), tile("axle")]
    three = car([*pieces.top, None, None, None], [*pieces.bottom, *third])
    expected = "the car is in 3 pieces (columns 1-3, 5-7, 9-10); "
    assert problems(three) == [expected + "a car is at most 2 pieces"]
    assert problems(three, CarRules(one_piece=True)) == [expected + "a finished car is one piece"]


def test_scrap_finishes_a_car_only_where_it_lacks_a_part() -> None:
    """Scrap replaces the parts a car is missing: a scrap steering finishes a car without one,
    and a second scrap axle beside two axles is refused (the car needs no third)."""
    top, bottom = runabout()
    steering = tile("steering", group="scrap", unreliability=2)
    assert problems(car([steering, *top[1:]], bottom)) == []
    spare = tile("axle", group="scrap", unreliability=1)
    assert problems(car(top, [*bottom, spare])) == [
        f"bottom 4: {spare.describe()} is scrap the car does not need: scrap only replaces a "
        "missing engine, fuel tank, gears, steering or one of the two axles"
    ]


def test_empty_columns_at_the_ends_do_not_count() -> None:
    top, bottom = runabout()
    padded = car([None, *top, None], [None, *bottom, None])
    assert padded.top == tuple(top) and problems(padded) == []


# --- the area score -------------------------------------------------------------------------


def test_area_of_the_example_car_is_all_six_parts() -> None:
    assert area(car(*runabout())) == 6


def test_grey_joins_either_colour_but_two_colours_do_not_join() -> None:
    # G G R R / grey grey grey R: green+grey = 5, red+grey = 6
    top = [tile("engine", "green"), tile("fuel-tank", "green"), tile("engine", "red")]
    top.append(tile("fuel-tank", "red"))
    bottom = [tile("axle"), tile("gears", row="bottom"), tile("axle")]
    bottom.append(tile("improvement", "red", "bottom"))
    assert area(car(top, bottom)) == 6
    bottom[2] = tile("improvement", "green", "bottom")  # cuts red off the grey: green 5, red 3
    assert area(car(top, bottom)) == 5
    bottom[1] = tile("improvement", "red", "bottom")  # green 2+grey, red 3, red+grey 2, green 1
    assert area(car(top, bottom)) == 3


def test_a_grey_area_alone_counts_and_diagonals_do_not_join() -> None:
    top = [tile("steering"), None, tile("gears")]
    bottom = [None, tile("axle"), None]
    assert area(car(top, bottom)) == 1  # only diagonal neighbours
    assert area(car([tile("steering"), tile("gears")], [tile("axle"), tile("axle")])) == 4


# --- investors and the ranking --------------------------------------------------------------


def table() -> list[Car]:
    """Three players' cars (finished or not does not matter to investors).

    ========  =====  =====  ==========  =====  ============  =============  ===  =====
    car       comf.  power  durability  parts  engine types  unreliability  old  scrap
    ========  =====  =====  ==========  =====  ============  =============  ===  =====
    ada       3      1      0           4      1 (red)       0              0    0
    ben       0      2      1           6      2             3              2    1
    cy        1      0      2           3      0             1              0    1
    ========  =====  =====  ==========  =====  ============  =============  ===  =====
    """
    ada = car(
        [tile("steering", bronze=("comfort", "comfort")), tile("engine", "red", bronze=("power",))],
        [tile("axle", bronze=("comfort",)), tile("fuel-tank", "red", "bottom")],
        "ada",
    )
    ben = car(
        [tile("engine", "green", group="old", unreliability=2),
         tile("engine", "red", bronze=("power",))],
        [tile("axle", group="scrap", unreliability=1),
         tile("fuel-tank", "green", "bottom", group="old"),
         tile("axle", bronze=("power", "durability")),
         tile("fuel-tank", "red", "bottom")],
        "ben",
    )  # fmt: skip
    cy = car(
        [tile("gears", bronze=("comfort",))],
        [tile("axle", bronze=("durability",)), tile("axle", group="scrap", unreliability=1,
                                                    bronze=("durability",))],
        "cy",
    )  # fmt: skip
    return [ada, ben, cy]


EXPECTED = {
    "most-comfort": {"ada": 4},
    "most-power": {"ben": 4},
    "most-durability": {"cy": 4},
    "least-comfort": {"ben": -3},
    "least-power": {"cy": -3},
    "least-durability": {"ada": -3},
    "longest-car": {"ben": 3},
    "shortest-car": {"cy": -3},
    "multi-engine": {"ben": 3},
    "single-engine": {"ada": 2},
    "most-reliable": {"ada": 3},
    "least-reliable": {"ben": -3},
    "all-new": {"ada": 4, "cy": 4},
    "scrapper": {"ben": -3, "cy": -3},
}


@pytest.fixture(scope="module")
def investors() -> dict[str, Investor]:
    game = checked_game(DEFAULT_DATA_DIR, GearAndPiston())
    deck = game.deck("investors")
    assert deck is not None
    return {card.fields["id"]: Investor(**card.fields) for card in deck.cards}


def test_every_shipped_investor_is_tested(investors: dict[str, Investor]) -> None:
    assert set(investors) == set(EXPECTED)


@pytest.mark.parametrize("investor_id", sorted(EXPECTED))
def test_each_investor(investors: dict[str, Investor], investor_id: str) -> None:
    cars = table()
    scores = score(cars, [True] * 3, [investors[investor_id]])
    earned = {s.car.name: s.investors[investor_id] for s in scores if s.investors}
    assert earned == EXPECTED[investor_id]


def test_ties_pay_every_player_once() -> None:
    cars = [car([tile("steering")], [tile("axle")], name) for name in ("a", "b")]
    most = Investor("x", "parts", "most", 3)
    scores = score(cars, [True, True], [most, most])
    assert [s.investors for s in scores] == [{"x": 3}, {"x": 3}]


def test_investors_pay_and_compare_finished_cars_only() -> None:
    small = car([tile("steering")], [tile("axle")], "small")
    large = car([tile("steering"), tile("gears")], [tile("axle"), tile("axle")], "large")
    most = Investor("most-parts", "parts", "most", 3)
    # the larger car is not finished: the finished small car has the most parts of those compared
    scores = score([small, large], [True, False], [most])
    assert [s.investors for s in scores] == [{"most-parts": 3}, {}]
    assert [s.investors for s in score([small, large], [True, True], [most])] == [
        {},
        {"most-parts": 3},
    ]


def test_score_is_area_minus_unreliability_plus_investors(investors: dict[str, Investor]) -> None:
    ben = score(table(), [True] * 3, [investors["most-power"], investors["scrapper"]])[1]
    assert (ben.area, ben.unreliability, ben.investors) == (4, 3, {"most-power": 4, "scrapper": -3})
    assert ben.total == 4 - 3 + 4 - 3


def test_ranking_breaks_ties_on_unreliability_then_shares_the_place() -> None:
    def made(name: str, unreliable: int) -> Car:
        return car([tile("steering", unreliability=unreliable)], [tile("axle")], name)

    # areas: all 2; unreliability 0, 1, 0, 0 -> totals 2, 1, 2, 2
    cars = [made("a", 0), made("b", 1), made("c", 0), made("d", 0)]
    places = ranking(score(cars, [True, True, True, False], []))
    assert [(place, s.car.name) for place, s in places] == [(1, "a"), (1, "c"), (3, "b"), (4, "d")]


def test_equal_points_lower_unreliability_wins() -> None:
    tidy = car([tile("steering"), tile("gears")], [tile("axle"), tile("axle")], "tidy")
    rusty = car(
        [tile("steering"), tile("gears"), tile("improvement", unreliability=2)],
        [tile("axle"), tile("axle"), tile("improvement", row="bottom")],
        "rusty",
    )
    scores = score([rusty, tidy], [True, True], [])
    assert [s.total for s in scores] == [4, 4]  # 6 - 2 and 4 - 0
    assert [(place, s.car.name) for place, s in ranking(scores)] == [(1, "tidy"), (2, "rusty")]


# --- the game end ---------------------------------------------------------------------------


def twelve(shipped: dict[str, Part]) -> Car:
    top = ["new-34", "new-08", "new-22", "new-10", "new-23", "new-38"]
    bottom = ["new-26", "new-11", "new-27", "new-09", "new-28", "new-41"]
    return car([shipped[i] for i in top], [shipped[i] for i in bottom], "long")


def test_a_finished_car_of_twelve_parts_ends_the_game(shipped: dict[str, Part]) -> None:
    long = twelve(shipped)
    assert problems(long) == []
    assert ends_game([long], None, None) == ["long is a finished car of 12 parts"]
    broken = make_car("broken", [*long.top[:-1], None], list(long.bottom))
    assert len(broken.parts) == 11 and ends_game([broken], None, None) == []


def test_an_unfinished_car_of_twelve_parts_does_not(shipped: dict[str, Part]) -> None:
    long = twelve(shipped)
    no_steering = make_car("no", [shipped["new-39"], *long.top[1:]], list(long.bottom))
    assert len(no_steering.parts) == 12 and problems(no_steering)
    assert ends_game([no_steering], None, None) == []


@pytest.mark.parametrize(
    ("new", "old", "reasons"),
    [
        (6, 3, []),
        (5, 3, ["the Patent Office cannot be refilled to 6 (5 new parts left)"]),
        (6, 2, ["the Junk Yard cannot be refilled to 3 (2 old parts left)"]),
    ],
)
def test_the_refill_condition(new: int, old: int, reasons: list[str]) -> None:
    assert ends_game([car(*runabout())], new, old) == reasons


# --- car files and the command --------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_car_file_mistakes_are_reported_with_their_lines(
    tmp_path: Path, shipped: dict[str, Part]
) -> None:
    bad = write(tmp_path, "bad.yaml", "top: [new-34, new-99]\nbottom:\n  - new-26\n  - new-34\n")
    other = write(tmp_path, "other.yaml", "top: [new-01]\nbotom: [new-02]\n")
    with pytest.raises(DataError) as caught:
        read_cars([bad, other], shipped)
    assert [str(p) for p in caught.value.problems] == [
        f"{bad}:1: top[1]: no part 'new-99' (part ids are new-01 to new-42, old-01 to old-42, "
        "scrap-01 to scrap-20; _ for an empty slot)",
        f"{bad}:4: bottom[1]: new-34 is already placed on line 1: each tile exists once",
        f"{other}:1: bottom: missing",
        f"{other}:2: botom: unknown key (did you mean 'bottom'?)",
    ]


def test_empty_slots_and_the_name(tmp_path: Path, shipped: dict[str, Part]) -> None:
    path = write(tmp_path, "c.yaml", "name: Ada\ntop: [_, new-08, ~]\nbottom: [new-26]\n")
    (read,) = read_cars([path], shipped)
    assert read.name == "Ada"
    assert read.top == (None, shipped["new-08"]) and read.bottom == (shipped["new-26"], None)


def _run(pnp: Runner, *args: str) -> tuple[int, str, str]:
    result = pnp(*args)
    return result.code, result.out, result.err


def test_the_command_on_the_brief_examples(pnp: Runner) -> None:
    paths = [str(EXAMPLES / f"runabout{v}.yaml") for v in ("", "-green-lamp", "-no-steering")]
    code, out, err = _run(pnp, "rules", "gear_and_piston", "car", *paths)
    assert (code, err) == (0, "")
    assert "runabout: valid, 6 parts\n  area 6, unreliability 0, score 6\n" in out
    assert (
        "runabout with a green lamp: not finished (1 unmet), 7 parts\n"
        "  - the green part new-06 needs a green engine and a green fuel tank in the car\n"
    ) in out
    assert (
        "runabout without steering: not finished (1 unmet), 5 parts\n"
        "  - needs at least 1 steering, has none\n"
    ) in out
    assert "ranking:\n  1. runabout: 6 points (unreliability 0)\n" in out
    assert out.endswith("the game goes on\n")


def test_the_command_as_json_with_investors(pnp: Runner) -> None:
    paths = [str(EXAMPLES / "runabout.yaml"), str(EXAMPLES / "runabout-green-lamp.yaml")]
    code, out, _ = _run(
        pnp,
        "rules",
        "gear_and_piston",
        "car",
        *paths,
        "--investors",
        "longest-car,all-new",
        "--json",
    )
    assert code == 0
    answer = json.loads(out)
    first, second = answer["cars"]
    assert {k: first[k] for k in ("valid", "problems", "parts", "area", "unreliability")} == {
        "valid": True,
        "problems": [],
        "parts": 6,
        "area": 6,
        "unreliability": 0,
    }
    # the green-lamp car is longer but not finished: investors pay and compare finished cars
    assert first["investors"] == {"longest-car": 3, "all-new": 4} and first["score"] == 13
    assert second["valid"] is False and second["investors"] == {}
    assert answer["ranking"] == [
        {"place": 1, "car": "runabout", "score": 13},
        {"place": 2, "car": "runabout with a green lamp", "score": 6},
    ]
    assert answer["game_ends"] is False


def test_the_command_ends_the_game_and_takes_settings(pnp: Runner, tmp_path: Path) -> None:
    two = write(
        tmp_path,
        "two.yaml",
        "top: [new-34, new-08, new-35]\nbottom: [new-26, new-11, new-27]\n",
    )
    code, out, _ = _run(pnp,
        "rules", "gear_and_piston", "car", str(two), "--steering", "exactly-one",
        "--new-stack", "4",
    )  # fmt: skip
    assert code == 0
    assert "  - needs at least 1 gears, has none\n  - needs exactly 1 steering, has 2\n" in out
    assert out.endswith(
        "the game ends at the end of this round: the Patent Office cannot be refilled to 6 "
        "(4 new parts left)\n"
    )


def test_the_command_takes_the_one_piece_setting(pnp: Runner, tmp_path: Path) -> None:
    split = write(
        tmp_path,
        "split.yaml",
        "top: [new-34, new-08, new-22, _, _, _, _]\n"
        "bottom: [new-26, new-11, new-27, _, new-28, new-24, new-29]\n",
    )
    code, out, _ = _run(pnp, "rules", "gear_and_piston", "car", str(split))
    assert code == 0 and out.startswith(f"{split}: valid, 9 parts\n")
    code, out, _ = _run(pnp, "rules", "gear_and_piston", "car", str(split), "--pieces", "one")
    assert code == 0 and out.startswith(
        f"{split}: not finished (1 unmet), 9 parts\n"
        "  - the car is in 2 pieces (columns 1-3, 5-7); a finished car is one piece\n"
    )


def test_command_line_mistakes(pnp: Runner, tmp_path: Path) -> None:
    example = str(EXAMPLES / "runabout.yaml")
    code, _, err = _run(pnp, "rules", "gear_and_piston", "car", example, "--investors", "rich")
    assert code == 2 and "--investors: no investor 'rich' (investors: most-comfort," in err
    missing = str(tmp_path / "nowhere.yaml")
    code, _, err = _run(pnp, "rules", "gear_and_piston", "car", missing)
    assert (code, err) == (1, f"{missing}: file not found\n1 problem found.\n")


def test_the_readme_example_is_what_the_command_prints_in_any_folder(
    pnp: Runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no car file here: the example ships with pnp
    readme = README.read_text(encoding="utf-8")
    command = "$ pnp rules gear_and_piston car runabout-green-lamp\n"
    shown = readme[readme.index(command) + len(command) :].split("```")[0]
    code, out, _ = _run(pnp, *command[2:].split()[1:])
    assert (code, out) == (0, shown)


def test_an_example_car_is_found_by_name_or_by_its_path_in_the_repository(
    pnp: Runner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 33: the README's car commands found no file outside the checkout's top folder, nor
    from an installed pnp. A car that is no file where the command runs is a shipped example;
    a file there comes first, and a name leading out of the examples' folder finds nothing."""
    monkeypatch.chdir(tmp_path)
    car = ("rules", "gear_and_piston", "car")
    by_name = _run(pnp, *car, "runabout", "--json")
    assert by_name[0] == 0 and json.loads(by_name[1])["cars"][0]["car"] == "runabout"
    assert _run(pnp, *car, "examples/gear_and_piston/runabout.yaml", "--json") == by_name
    (tmp_path / "runabout").write_text("name: mine\ntop: [new-34]\nbottom: [new-26]\n")
    assert json.loads(_run(pnp, *car, "runabout", "--json")[1])["cars"][0]["car"] == "mine"
    outside = (
        "../../card_data/gear_and_piston/game",
        "examples/../card_data/gear_and_piston/game.yaml",
    )
    assert _run(pnp, *car, *outside) == (
        1,
        "",
        "".join(f"{name}: file not found\n" for name in outside) + "2 problems found.\n",
    )
