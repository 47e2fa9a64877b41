"""Bad Gear & Piston card data: each of the engine's checks, with file, line and the card."""

from __future__ import annotations

from generator.pipeline.build import check
from tests.conftest import DataCopy

NEW = "gear_and_piston/decks/new.yaml"
OLD = "gear_and_piston/decks/old.yaml"
SCRAP = "gear_and_piston/decks/scrap.yaml"
INVESTORS = "gear_and_piston/decks/investors.yaml"
ENDS = "gear_and_piston/decks/ends.yaml"
STEERING = "{number: 34, function: steering, colour: grey, row: top, bronze: [comfort, durability]}"
GREEN_ENGINE = "{number: 1, function: engine, colour: green, row: top, bronze: [power]}"


def problems(data: DataCopy) -> list[str]:
    return data.problems("gear_and_piston")


def test_steering_in_the_bottom_row(data: DataCopy) -> None:
    data.edit(NEW, STEERING, STEERING.replace("row: top", "row: bottom"))
    line = data.line_of(NEW, "number: 34,")
    assert problems(data) == [
        f"{NEW}:{line}: new[33].row: steering is a top-row part (the driver sits above the frame)"
    ]


def test_an_axle_in_the_top_row(data: DataCopy) -> None:
    data.edit(SCRAP, "{number: 11, function: axle, colour: grey, row: bottom", "{number: 11, "
              "function: axle, colour: grey, row: top")  # fmt: skip
    line = data.line_of(SCRAP, "number: 11,")
    assert problems(data) == [
        f"{SCRAP}:{line}: scrap[10].row: an axle is a bottom-row part (its wheels run on the road)"
    ]


def test_a_43rd_new_part_adds_to_the_stack(data: DataCopy) -> None:
    # an expansion may add parts: the shipped count and mix are the least a stack holds
    add_new_part(data, "{number: 43, function: axle, colour: grey, row: bottom, bronze: [power]}")
    assert check(data.root, ("gear_and_piston",))[0].deck("new").cards[-1].id == "new-43"


def test_a_part_of_a_kind_the_stack_never_has(data: DataCopy) -> None:
    add_new_part(data, "{number: 43, function: engine, colour: grey, row: top, bronze: [power]}")
    line = data.line_of(NEW, "number: 43,")
    assert problems(data) == [f"{NEW}:{line}: new[42]: the new parts have no grey top-row engine"]


def test_a_stack_short_of_parts(data: DataCopy) -> None:
    data.edit(SCRAP, "  - {number: 20, function: steering, colour: grey, row: top}\n", "")
    assert problems(data) == [
        f"{SCRAP}:1: scrap: 1 grey top-row steering missing (the mix has 4)",
        f"{SCRAP}:1: scrap: the game needs at least 20 scrap parts, found 19",
    ]


def add_new_part(data: DataCopy, card: str) -> None:
    path = data.root / NEW
    path.write_text(path.read_text(encoding="utf-8") + f"  - {card}\n", encoding="utf-8")


def test_the_mix_names_the_surplus_and_the_shortage(data: DataCopy) -> None:
    data.edit(NEW, GREEN_ENGINE, GREEN_ENGINE.replace("green", "red"))
    # a surplus is no mistake (an expansion adds parts), a shortage is
    assert problems(data) == [f"{NEW}:1: new: 1 green top-row engine missing (the mix has 1)"]


def test_a_coloured_scrap_part(data: DataCopy) -> None:
    data.edit(SCRAP, "{number: 1, function: engine, colour: grey", "{number: 1, function: engine, "
              "colour: brown")  # fmt: skip
    line = data.line_of(SCRAP, "number: 1,")
    assert problems(data) == [
        f"{SCRAP}:1: scrap: 1 grey engine missing (the mix has 3)",
        f"{SCRAP}:{line}: scrap[0]: the scrap parts have no brown top-row engine",
    ]


OLD_ENGINE = "{number: 2, function: engine, colour: green, row: bottom, bronze: [comfort], "


def test_unreliability_out_of_range(data: DataCopy) -> None:
    data.edit(OLD, OLD_ENGINE + "unreliability: 1}", OLD_ENGINE + "unreliability: 3}")
    line = data.line_of(OLD, "{number: 2,")
    assert problems(data) == [f"{OLD}:{line}: old[1].unreliability: 3 is above the maximum 2"]


def test_unreliability_spread(data: DataCopy) -> None:
    data.edit(OLD, OLD_ENGINE + "unreliability: 1}", OLD_ENGINE + "unreliability: 2}")
    assert problems(data) == [
        f"{OLD}:1: old: unreliability is 6 at 0, 29 at 1, 7 at 2; "
        "the old parts have at least 6 at 0, 30 at 1, 6 at 2 (and no other)"
    ]


def test_bronze_symbols_per_part(data: DataCopy) -> None:
    data.edit(NEW, GREEN_ENGINE, GREEN_ENGINE.replace("[power]", "[power, comfort, durability]"))
    data.edit(SCRAP, "{number: 2,", "{number: 2, bronze: [power],")
    assert problems(data) == [
        f"{NEW}:{data.line_of(NEW, 'number: 1,')}: new[0].bronze: a new part has 1 or 2 bronze "
        "symbols, this one has 3",
        f"{SCRAP}:{data.line_of(SCRAP, 'number: 2,')}: scrap[1].bronze: a scrap part has 0 bronze "
        "symbols, this one has 1",
    ]


def test_an_unknown_bronze_symbol(data: DataCopy) -> None:
    data.edit(NEW, GREEN_ENGINE, GREEN_ENGINE.replace("[power]", "[shine]"))
    assert problems(data) == [
        f"{NEW}:{data.line_of(NEW, 'number: 1,')}: new[0].bronze: 'shine': bronze symbols are "
        "comfort, power, durability"
    ]


def test_every_bronze_symbol_has_a_race(data: DataCopy) -> None:
    path = data.root / NEW
    path.write_text(path.read_text(encoding="utf-8").replace("comfort", "power"), encoding="utf-8")
    assert problems(data) == [
        f"{NEW}:1: new: comfort is on 0 parts; on 14 to 22 every investor has a race",
        f"{NEW}:1: new: power is on 34 parts; on 14 to 22 every investor has a race",
    ]


def test_an_investor_with_an_unknown_metric(data: DataCopy) -> None:
    data.edit(INVESTORS, "{id: most-comfort, metric: comfort,", "{id: most-comfort, metric: "
              "elegance,")  # fmt: skip
    line = data.line_of(INVESTORS, "metric: elegance")
    assert problems(data) == [
        f"{INVESTORS}:{line}: investors[0].metric: 'elegance' is not one of: comfort, power, "
        "durability, parts, engine-types, unreliability, old-parts, scrap-parts"
    ]


def test_investor_conditions(data: DataCopy) -> None:
    data.edit(INVESTORS, "comparison: at-least, count: 2, points: 3", "comparison: at-least, "
              "points: 3")  # fmt: skip
    data.edit(INVESTORS, "comparison: most, points: 4}", "comparison: most, count: 1, points: 4}")
    data.edit(INVESTORS, "{id: least-power, metric: power,", "{id: least-power, metric: comfort,")
    line = data.line_of
    least_comfort = line(INVESTORS, "id: least-comfort")
    assert problems(data) == [
        f"{INVESTORS}:{line(INVESTORS, 'id: most-comfort')}: investors[0].count: 'most' compares "
        "the cars with each other: remove the count",
        f"{INVESTORS}:{line(INVESTORS, 'id: least-power')}: investors[4]: the same condition as "
        f"investors[3] (line {least_comfort})",
        f"{INVESTORS}:{line(INVESTORS, 'id: multi-engine')}: investors[8].count: 'at-least' "
        "compares with a count: add count: N",
    ]


def test_an_investor_worth_nothing(data: DataCopy) -> None:
    data.edit(INVESTORS, "comparison: none, points: 4}", "comparison: none, points: 0}")
    assert problems(data) == [
        f"{INVESTORS}:{data.line_of(INVESTORS, 'id: all-new')}: investors[12].points: an "
        "investor worth 0 points changes nothing"
    ]


def test_a_car_end_without_its_rear(data: DataCopy) -> None:
    data.edit(ENDS, "  - {colour: blue, end: rear}\n", "")
    assert problems(data) == [f"{ENDS}:1: ends: the blue car has no rear end"]


def test_an_investor_without_its_text(data: DataCopy) -> None:
    locale = data.root / "gear_and_piston/locales/uk.yaml"
    lines = locale.read_text(encoding="utf-8").splitlines(keepends=True)
    locale.write_text("".join(x for x in lines if not x.startswith("  scrapper:")), "utf-8")
    line = data.line_of("gear_and_piston/locales/uk.yaml", "investors:")
    assert problems(data) == [
        f"gear_and_piston/locales/uk.yaml:{line}: investors.scrapper: missing translation "
        f"(en.yaml:{data.line_of('gear_and_piston/locales/en.yaml', '  scrapper:')} has it)"
    ]
