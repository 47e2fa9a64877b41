"""The Game of Trains engine against the brief's worked examples, and illegal uses; the
printed wagons, whose eight abilities must never look like a pair, and the locomotives, told
from the wagons by their back and read across the table."""

from __future__ import annotations

import itertools
import json

import pytest

from generator.games.base import RuleError
from generator.games.game_of_trains.train import FaceUpRow, Train, apply
from generator.model import Card, Deck, Game
from generator.palettes import INK_SAVER, STANDARD
from generator.render import draw
from generator.render.templates import CardRenderer
from tests import pdf
from tests.conftest import Built, DataCopy, shipped_game
from tests.legibility import (
    ACROSS_THE_TABLE,
    SMALLEST,
    TONE_STEP,
    Band,
    Ground,
    font_sizes,
    grey,
)
from tests.trains_art import GROUND_BAND, abilities, rgb

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
BACKS_APART = 100
"""Grey levels (of 255) between the locomotives' back and the wagons' seen whole: one reads as
a light card and the other as a dark one at a glance, on any printer (five times the clear step
of two grounds, ``legibility.TONE_STEP``)."""


PALETTES = (STANDARD, INK_SAVER)
LOCOMOTIVE_BAND = (9.0, 28.0, 54.0, 53.0)
"""Where a locomotive's back draws its locomotive (mm from the trim's top-left, as
``legibility.Band``): the wagons' back has its emblem and thin tracks there."""


@pytest.fixture(scope="module")
def trains() -> tuple[Game, Deck, CardRenderer]:
    game = shipped_game("game_of_trains")
    wagons = next(deck for deck in game.decks if deck.id == "wagons")
    return game, wagons, CardRenderer(game, game.locales["en"])


def _in_palette(
    trains: tuple[Game, Deck, CardRenderer], palette: str
) -> tuple[Game, Deck, CardRenderer]:
    """The game, its wagons and an English renderer, printing in ``palette``."""
    game, wagons, _ = trains
    game = game.in_palette(palette)
    return game, wagons, CardRenderer(game, game.locales["en"])


def _ground(trains: tuple[Game, Deck, CardRenderer], card: Card) -> Ground:
    game, wagons, renderer = trains
    svg = renderer.front(wagons, card)
    assert svg is not None
    png = draw.png(svg, game.templates, GREY_DPI)
    return Ground.of(png, GREY_DPI, wagons.size.bleed, GROUND_BAND)


@pytest.mark.parametrize("palette", PALETTES)
def test_every_two_abilities_look_different_in_greyscale(trains, palette: str) -> None:
    """A face-up card counts only for its ability, and two alike are discarded together: in
    greyscale every two abilities' grounds must differ clearly in tone, in the way their lines
    run or in how fine they are, in every palette."""
    trains = _in_palette(trains, palette)
    _, wagons, _ = trains
    first: dict[str, Card] = {}
    for card in wagons.cards:
        first.setdefault(card.fields["ability"], card)
    grounds = {ability: _ground(trains, card) for ability, card in first.items()}
    assert len(grounds) == 8
    alike = [
        f"{a} / {b}: {measured}"
        for (a, ground_a), (b, ground_b) in itertools.combinations(grounds.items(), 2)
        if (measured := ground_a.alike(ground_b))
    ]
    assert not alike, "abilities that look alike in greyscale:\n" + "\n".join(alike)


def test_two_wagons_of_one_ability_measure_alike(trains) -> None:
    """The measure sees a true pair as a pair: wagons 1 and 81 share an ability, not a number."""
    _, wagons, _ = trains
    one, other = (card for card in wagons.cards if card.fields["number"] in (1, 81))
    assert one.fields["ability"] == other.fields["ability"]
    tone, directions, fineness = _ground(trains, one).differences(_ground(trains, other))
    assert tone < 2 and directions < 0.05 and fineness < 1.05


@pytest.mark.parametrize("palette", PALETTES)
def test_every_ability_name_reads_in_its_ink_on_white(trains, palette: str) -> None:
    """The name is printed in the ability's ink on the white panel: at least the 4.5 : 1
    contrast asked of text (WCAG 2, AA), in every palette."""
    game, _, _ = _in_palette(trains, palette)
    assert game.colours["panel"] == "#ffffff"
    for ability, colours in abilities(game).items():
        ink = [channel / 255 for channel in rgb(colours["ink"])]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in ink]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        assert 1.05 / (luminance + 0.05) >= 4.5, ability


def _back_grey(trains: tuple[Game, Deck, CardRenderer], deck: Deck, band: Band | None) -> float:
    """The mean grey of ``band`` of the deck's back (its whole trim if ``None``), at 40 dpi."""
    game, _, renderer = trains
    svg = renderer.back(deck, deck.cards[0])
    assert svg is not None
    trim = band or (0.0, 0.0, deck.size.width, deck.size.height)
    return float(grey(draw.png(svg, game.templates, 40), 40, deck.size.bleed, trim).mean())


def _backs(trains: tuple[Game, Deck, CardRenderer]) -> tuple[Deck, Deck]:
    game, wagons, _ = trains
    locomotives = game.deck("locomotives")
    assert locomotives is not None
    return wagons, locomotives


def test_the_locomotives_back_is_told_from_the_wagons_in_greyscale(trains) -> None:
    """A locomotive must never be shuffled into the deck unseen: in the standard palette its back
    is a light card where the wagons' is a dark one, measured over the whole trim in greyscale."""
    wagon, locomotive = (_back_grey(trains, deck, None) for deck in _backs(trains))
    assert locomotive - wagon >= BACKS_APART, (wagon, locomotive)


def test_the_ink_saving_locomotives_back_is_told_from_the_wagons_in_greyscale(trains) -> None:
    """Both backs are light in the ink-saver palette: what tells them apart there is the
    locomotive drawn large and dark on its back, where the wagons' back has thin tracks and an
    emblem on its pale ground, three clear steps of grey apart."""
    trains = _in_palette(trains, INK_SAVER)
    wagon, locomotive = (_back_grey(trains, deck, LOCOMOTIVE_BAND) for deck in _backs(trains))
    assert wagon - locomotive >= 3 * TONE_STEP, (wagon, locomotive)


def test_a_locomotive_colour_the_palette_lacks_is_a_problem_at_its_card(data: DataCopy) -> None:
    """A locomotive names its colour in the palette: a name the palette lacks, or gives without
    the ground of the same name, cannot be printed."""
    loco = "game_of_trains/decks/locomotives.yaml"
    data.edit(loco, "colour: locomotive_blue", "colour: locomotive_navy")
    data.edit(loco, "colour: locomotive_green", "colour: hub")
    blue, green = data.line_of(loco, "id: blue"), data.line_of(loco, "id: green")
    colours = "locomotive_blue, locomotive_green, locomotive_red, locomotive_yellow"
    assert data.problems("game_of_trains") == [
        f"{loco}:{line}: locomotives[{place}].colour: {name!r} is not a player colour of "
        f"palette.yaml (a colour NAME given with a NAME_ground: {colours})"
        for line, place, name in ((blue, 1, "locomotive_navy"), (green, 2, "hub"))
    ]


def test_the_locomotive_turn_reads_across_the_table(trains) -> None:
    """Every line of a locomotive's front is 8 pt or more, in every language, and nothing on
    any face of the game is under 6 pt."""
    game, _, _ = trains
    for lang, locale in game.locales.items():
        renderer = CardRenderer(game, locale)
        for deck in game.decks:
            for card in deck.cards:
                front = font_sizes(renderer.front(deck, card) or "")
                back = font_sizes(renderer.back(deck, card) or "")
                assert min(front + back) >= SMALLEST, (lang, card.id)
                if deck.id == "locomotives":
                    assert len(front) >= 5 and min(front) >= ACROSS_THE_TABLE, (lang, card.id)
