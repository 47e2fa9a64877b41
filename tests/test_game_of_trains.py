"""The Game of Trains engine against the brief's worked examples, and illegal uses; the
printed wagons, whose eight abilities must never look like a pair."""

from __future__ import annotations

import itertools
import json

import pytest

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.games.base import RuleError
from generator.games.game_of_trains.train import FaceUpRow, Train, apply
from generator.model import Card, Deck, Game
from generator.render import draw
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built
from tests.trains_art import Ground, abilities, rgb

TRAIN = "70 55 40 33 20 12 5"


def used(ability: str, *positions: int, train: str = TRAIN) -> Train:
    result = Train.parse(train)
    apply(result, ability, list(positions))
    return result


@pytest.mark.parametrize(
    ("ability", "positions", "expected"),
    [
        ("swap-adjacent", (3, 4), [70, 55, 33, 40, 20, 12, 5]),
        ("swap-over-one", (2, 4), [70, 33, 40, 55, 20, 12, 5]),
        ("move-left-2", (5,), [70, 55, 20, 40, 33, 12, 5]),
        ("move-right-2", (1,), [55, 40, 70, 33, 20, 12, 5]),
        ("remove-middle", (), [70, 55, 40, None, 20, 12, 5]),
        ("remove-left", (), [None, 55, 40, 33, 20, 12, 5]),
        ("remove-right", (), [70, 55, 40, 33, 20, 12, None]),
    ],
)
def test_brief_examples(ability: str, positions: tuple[int, ...], expected: list) -> None:
    assert used(ability, *positions).wagons == expected


def test_remove_middle_removes_33() -> None:
    train = Train.parse(TRAIN)
    assert apply(train, "remove-middle", []) == [33]


def test_in_order() -> None:
    assert Train.parse("3 15 22 40 41 70 84").in_order()
    assert not Train.parse("3 15 40 22 41 70 84").in_order()
    assert not Train.parse("3 15 22 _ 41 70 84").in_order()


@pytest.mark.parametrize(
    ("ability", "positions", "message"),
    [
        (
            "move-left-2",
            (2,),
            "move-left-2: the wagon at position 2 cannot move two places left; "
            "it needs two wagons to its left",
        ),
        (
            "move-right-2",
            (6,),
            "move-right-2: the wagon at position 6 cannot move two places "
            "right; it needs two wagons to its right",
        ),
        ("swap-adjacent", (2, 4), "swap-adjacent: positions 2 and 4 are not next to each other"),
        (
            "swap-over-one",
            (2, 3),
            "swap-over-one: positions 2 and 3 are not exactly one wagon apart",
        ),
        ("swap-adjacent", (3,), "swap-adjacent takes 2 positions, got 1"),
        ("protect", (2,), "protect: only positions 1, 4, 7 can be protected, not 2"),
        ("swap-adjacent", (7, 8), "position 8 is not in the train (1-7)"),
    ],
)
def test_illegal_uses(ability: str, positions: tuple[int, ...], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        used(ability, *positions)
    assert str(caught.value) == message


def test_protected_wagon_survives_remove() -> None:
    train = Train.parse(TRAIN)
    apply(train, "protect", [4])
    assert apply(train, "remove-middle", []) == []
    assert train.wagons[3] == 33


def test_protection_follows_the_wagon_and_is_lost_when_it_is_moved() -> None:
    train = Train.parse(TRAIN)
    apply(train, "protect", [7])
    apply(train, "move-right-2", [4])  # 33 moves to 6, 20 and 12 shift left; 5 stays protected
    assert train.wagons == [70, 55, 40, 20, 12, 33, 5] and train.locks == {5}
    apply(train, "swap-adjacent", [6, 7])  # moving 5 itself loses the lock
    assert train.locks == set()


@pytest.mark.parametrize(("locks", "kept"), [("any-move", set()), ("own-move", {20})])
def test_a_wagon_shifted_by_another_move_loses_its_lock_as_the_rulebook_reads(
    locks: str, kept: set[int]
) -> None:
    train = Train.parse(TRAIN)
    train.locks.add(20)  # the wagon at 5, shifted left when 33 moves from 4 to 6
    apply(train, "move-right-2", [4], locks)
    assert train.wagons == [70, 55, 40, 20, 12, 33, 5] and train.locks == kept


def test_the_lock_rule_through_the_command(pnp) -> None:
    asked = ["rules", "game_of_trains", "apply", "move-right-2", "--train", TRAIN, "--at", "4"]
    literal = pnp(*asked, "--protected", "5", "--json")
    assert json.loads(literal.out)["protection_lost"] == [20]
    kept = pnp(*asked, "--protected", "5", "--locks", "own-move", "--json")
    assert "protection_lost" not in json.loads(kept.out)


def test_pair_rule_brief_example() -> None:
    row = FaceUpRow()
    row.arrive([(10, "swap-adjacent")])
    row.arrive([(20, "protect")])
    discarded = row.arrive([(30, "swap-adjacent")])
    assert discarded == [(10, "swap-adjacent"), (30, "swap-adjacent")]
    assert row.abilities() == ["protect"]


def test_pair_rule_after_remove_discards_in_pairs() -> None:
    row = FaceUpRow([(1, "protect")])
    row.arrive([(2, "protect"), (3, "protect"), (4, "remove-left")])
    assert row.cards == [(3, "protect"), (4, "remove-left")]


def test_parse_rejects_bad_trains() -> None:
    with pytest.raises(ValueError, match="a train has 7 wagons, got 3"):
        Train.parse("1 2 3")
    with pytest.raises(ValueError, match="'85' is not a wagon number"):
        Train.parse("1 2 3 4 5 6 85")
    with pytest.raises(ValueError, match="appears twice"):
        Train.parse("1 2 3 4 5 6 6")


def test_cli_apply_json(pnp) -> None:
    result = pnp(
        "rules",
        "--json",
        "game_of_trains",
        "apply",
        "swap-adjacent",
        "--train",
        TRAIN,
        "--at",
        "3",
        "4",
    )
    assert result.code == 0
    assert json.loads(result.out) == {"train": [70, 55, 33, 40, 20, 12, 5]}


def test_cli_apply_remove_shows_the_gap(pnp) -> None:
    result = pnp("rules", "game_of_trains", "apply", "remove-middle", "--train", TRAIN, "--json")
    assert json.loads(result.out) == {"train": [70, 55, 40, None, 20, 12, 5], "removed": [33]}


def test_cli_illegal_use_is_a_clear_error(pnp) -> None:
    result = pnp("rules", "game_of_trains", "apply", "move-left-2", "--train", TRAIN, "--at", "2")
    assert result.code == 1
    assert result.err == (
        "error: move-left-2: the wagon at position 2 cannot move two places "
        "left; it needs two wagons to its left\n"
    )
    assert "Traceback" not in result.err


def test_cli_check(pnp) -> None:
    result = pnp("rules", "--json", "game_of_trains", "check", "--train", "3 15 22 40 41 70 84")
    assert json.loads(result.out) == {"in_order": True}
    result = pnp("rules", "game_of_trains", "check", "--train", "3 15 40 22 41 70 84")
    assert result.out == "3 15 40 22 41 70 84: not in order\n"


def test_cli_face_up(pnp) -> None:
    result = pnp(
        "rules", "--json", "game_of_trains", "face-up", "swap-adjacent", "protect", "swap-adjacent"
    )
    assert json.loads(result.out) == {"face_up": ["protect"]}


def test_wagons_and_locomotives_print_on_a4_in_their_own_words(built: Built) -> None:
    data = pdf.read(built("game_of_trains", "en") / "cards-a4.pdf")
    assert (
        pdf.page_count(data) == 20
    )  # 84 wagons and 4 locomotives fill 10 sheets of 9: front + back
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {
        "RobotoCondensed-Regular",
        "RobotoCondensed-Bold",
        "Roboto-Black",
    }
    assert set("SwapneighboursLock") <= set(pdf.unicode_text(data))


GREY_DPI = 150
"""Six pixels a millimetre: the finest line of a ground pattern (0.45 mm) is nearly three
pixels wide, enough for its edges' directions to measure true."""
TONE_STEP = 20
"""Grey levels (of 255) that make two grounds clearly lighter and darker: 8 % of the scale, four
times the 2 % step the eye tells apart side by side, so a printer's drift does not hide it."""
DIRECTION_SHARE = 0.8
"""Two grounds whose lines run differently: at least 40 % of one's edges (0.8 in the sum of
differences, which runs to 2) run in directions the other's do not (stripes across against
stripes along give 2, bricks against plain stripes 0.66)."""
FINENESS_RATIO = 1.5
"""One ground half as busy again as the other (a mesh of lines against sparse dots): texture
density differences of 10-20 % are already seen; 50 % is plain."""


@pytest.fixture(scope="module")
def trains() -> tuple[Game, Deck, CardRenderer]:
    (game,) = check(DEFAULT_DATA_DIR, ("game_of_trains",), ())
    wagons = next(deck for deck in game.decks if deck.id == "wagons")
    return game, wagons, CardRenderer(game, game.locales["en"])


def _ground(trains: tuple[Game, Deck, CardRenderer], card: Card) -> Ground:
    game, wagons, renderer = trains
    svg = renderer.front(wagons, card)
    assert svg is not None
    return Ground.of(draw.png(svg, game.templates, GREY_DPI), GREY_DPI, wagons.size.bleed)


def test_every_two_abilities_look_different_in_greyscale(trains) -> None:
    """A face-up card counts only for its ability, and two alike are discarded together: in
    greyscale every two abilities' grounds must differ clearly in tone, in the way their lines
    run or in how fine they are."""
    _, wagons, _ = trains
    first: dict[str, Card] = {}
    for card in wagons.cards:
        first.setdefault(card.fields["ability"], card)
    grounds = {ability: _ground(trains, card) for ability, card in first.items()}
    assert len(grounds) == 8
    alike = []
    for (a, ground_a), (b, ground_b) in itertools.combinations(grounds.items(), 2):
        tone, directions, fineness = ground_a.differences(ground_b)
        if tone < TONE_STEP and directions < DIRECTION_SHARE and fineness < FINENESS_RATIO:
            alike.append(
                f"{a} / {b}: tone {tone:.0f}, directions {directions:.2f}, x{fineness:.2f}"
            )
    assert not alike, "abilities that look alike in greyscale:\n" + "\n".join(alike)


def test_two_wagons_of_one_ability_measure_alike(trains) -> None:
    """The measure sees a true pair as a pair: wagons 1 and 81 share an ability, not a number."""
    _, wagons, _ = trains
    one, other = (card for card in wagons.cards if card.fields["number"] in (1, 81))
    assert one.fields["ability"] == other.fields["ability"]
    tone, directions, fineness = _ground(trains, one).differences(_ground(trains, other))
    assert tone < 2 and directions < 0.05 and fineness < 1.05


def test_every_ability_name_reads_in_its_ink_on_white(trains) -> None:
    """The name is printed in the ability's ink on the white panel: at least the 4.5 : 1
    contrast asked of text (WCAG 2, AA)."""
    game, _, _ = trains
    for ability, colours in abilities(game).items():
        ink = [channel / 255 for channel in rgb(colours["ink"])]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in ink]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        assert 1.05 / (luminance + 0.05) >= 4.5, ability
