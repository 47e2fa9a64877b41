"""Gear & Piston's part of the rulebook summary: what each location does, the board and the
discs, the building rules the round's steps leave out, the end of the game (scrap, what is left
over), the engine types (each with its colour, symbol and pattern, so a reader who cannot
tell the colours apart learns the marks that tell the types apart) and the part functions with
how many tiles of each stack carry them, the investors, how the game is scored, and the
smallest finished car the engine can build from the new parts, scored with the investors a
game draws.

The building rules say what ``car.problems`` checks, and the scoring rules what ``scoring.score``
and ``scoring.ranking`` do, in the players' words; the numbers they show (face-up parts,
unreliability per part, investors drawn) are the engine's own."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from generator.games.base import deck_of
from generator.games.gear_and_piston import board
from generator.games.gear_and_piston.car import JUNK_YARD, PATENT_OFFICE, Car, make_car, problems
from generator.games.gear_and_piston.decks import GROUPS, INVESTORS, NEW
from generator.games.gear_and_piston.parts import (
    ENGINE_COLOURS,
    FUNCTIONS,
    MAX_UNRELIABILITY,
    UNIVERSAL,
    Part,
    part,
)
from generator.games.gear_and_piston.scoring import Investor, score
from generator.games.gear_and_piston.validation import INVESTORS_DRAWN
from generator.model import Deck, Game
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.hooks import NamedRules, Pictures
from generator.rulebook.words import Words

LOCATIONS = NamedRules(
    board.LOCATIONS,
    "summary.locations",
    intro=True,
    values={
        "dark-alley": {"most": board.ALLEY_DISCS},
        "patent-office": {"face_up": PATENT_OFFICE},
        "junk-yard": {"face_up": JUNK_YARD},
    },
)
"""The city's locations in the order they act, numbered 2 to 5 (step 1 sets unreliability),
with the face-up parts a location offers, as the engine refills them."""
BOARD = NamedRules(
    ("discs", "spaces", "tracks", "container"),
    "summary.board",
    values={"discs": {"discs": board.DISCS, "fewer": board.DISCS - board.ALLEY_DISCS}},
)
"""What the board holds besides the locations, and the discs a player has (the board's spaces
are checked against them: :mod:`~generator.games.gear_and_piston.board`)."""
BUILDING = NamedRules(
    ("blueprints", "unreliability", "support", "axles", "pieces", "finished"),
    "summary.building",
    values={"unreliability": {"most": MAX_UNRELIABILITY}},
)
"""The rules of building a car that the round's steps leave out, in the order a game meets them:
a blueprint in hand, counting unreliability, then what ``car.problems`` checks at the end."""
END = NamedRules(("scrap", "leftovers"), "summary.end")
"""The end of the game before scoring: scrap replaces missing parts (``car._scrap`` holds a car
to it), and what happens to the components left over."""
SCORING = NamedRules(
    ("area", "investors", "unreliability", "winner"), "summary.scoring", intro=True
)
"""The parts of a score in the order ``Score.total`` adds them, then how ``ranking`` orders the
players."""
WORDING = {
    **LOCATIONS.wording(),
    **BOARD.wording(),
    **BUILDING.wording(),
    **END.wording(),
    "summary.parts": (),
    "summary.colours": (),
    **{f"summary.engines.{colour}": () for colour in (*ENGINE_COLOURS, UNIVERSAL)},
    "summary.counts": GROUPS,
    **{f"summary.functions.{function}": () for function in FUNCTIONS},
    "summary.investors": (),
    **SCORING.wording(),
    "summary.example": (),
    "summary.car": ("count",),
    "summary.drawn": ("count", "investors"),
    "summary.score": ("area", "unreliability", "investors", "total"),
    "summary.investor_points": ("investor", "points"),
    "summary.investor_name": ("investor",),
    "summary.no_car": (),
}
INNER = ("engine", "fuel-tank", "gears", "steering")
"""The small car: these four around a bottom row of axle, part, axle."""
ICON = 9.0  # mm
TILE_SCALE = 0.3


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    return [
        LOCATIONS.section(words),
        BOARD.section(words),
        BUILDING.section(words),
        _parts(game, words, pictures),
        _investors(deck_of(game, INVESTORS), words, pictures),
        END.section(words),
        SCORING.section(words),
        _example(game, words, pictures),
    ]


def _parts(game: Game, words: Words, pictures: Pictures) -> Reference:
    counts = {g: Counter(c.fields["function"] for c in deck_of(game, g).cards) for g in GROUPS}
    engines = [
        Entry(
            words(f"engine_types.{colour}"),
            words(f"summary.engines.{colour}"),
            pictures.pictogram("engine", ICON, id=colour),
        )
        for colour in (*ENGINE_COLOURS, UNIVERSAL)
    ]
    functions = [
        Entry(
            words(f"functions.{function}"),
            f"{words(f'summary.functions.{function}')} "
            + words("summary.counts", **{g: counts[g][function] for g in GROUPS}),
            pictures.pictogram("function", ICON, id=function),
        )
        for function in FUNCTIONS
    ]
    return Reference(words("summary.parts"), engines + functions, intro=words("summary.colours"))


def _investors(deck: Deck, words: Words, pictures: Pictures) -> Reference:
    entries = [
        Entry(
            "",
            words(f"investors.{card.fields['id']}"),
            pictures.pictogram("investor", ICON * 1.6, card=card.template_data()),
            words.signed(card.fields["points"]),
        )
        for card in deck.cards
    ]
    return Reference(words("summary.investors"), entries)


def _example(game: Game, words: Words, pictures: Pictures) -> Example:
    new = deck_of(game, NEW)
    car = smallest_car([part(card.id, NEW, card.fields) for card in new.cards])
    if car is None:
        return Example(words("summary.example"), [Step(words("summary.no_car"))])
    investors = [
        Investor(**card.fields) for card in deck_of(game, INVESTORS).cards[:INVESTORS_DRAWN]
    ]
    result = score([car], [True], investors)[0]
    cards = {card.id: card for card in new.cards}
    rows = [
        Step(
            words("summary.car", count=len(car.parts)) if index == 0 else "",
            tuple(pictures.card(new, cards[p.id], scale=TILE_SCALE) for p in row if p is not None),
        )
        for index, row in enumerate((car.top, car.bottom))
    ]
    names = [words("summary.investor_name", investor=words(f"investors.{i.id}")) for i in investors]
    drawn = words("summary.drawn", count=len(investors), investors=words.join(names))
    met = words.join(
        [
            words(
                "summary.investor_points",
                investor=words(f"investors.{i.id}"),
                points=words.signed(result.investors.get(i.id, 0)),
            )
            for i in investors
        ]
    )
    total = words(
        "summary.score",
        area=result.area,
        unreliability=words.signed(-result.unreliability),
        investors=met,
        total=result.total,
    )
    return Example(words("summary.example"), [*rows, Step(f"{drawn} {total}")])


def smallest_car(parts: list[Part]) -> Car | None:
    """A finished six-part car: steering, engine, fuel tank and gears over and between two
    axles, the first (in the data's order) that meets every requirement."""
    axles = [p for p in parts if p.function == "axle"][:2]
    if len(axles) < 2:
        return None
    for colour in ENGINE_COLOURS:
        for chosen in _choices(parts, colour):
            for top0, top1, top2, middle in itertools.permutations(chosen):
                car = make_car("car", [top0, top1, top2], [axles[0], middle, axles[1]])
                if not problems(car):
                    return car
    return None


def _choices(parts: list[Part], colour: str) -> Iterator[tuple[Part, ...]]:
    """One part of each inner function in ``colour`` (or grey, where grey serves), first of
    each row, in every combination of rows."""
    options = []
    for function in INNER:
        allowed = (colour,) if function in ("engine", "fuel-tank") else (colour, UNIVERSAL)
        first: dict[str, Part] = {}
        for p in parts:
            if p.function == function and p.colour in allowed:
                first.setdefault(p.row, p)
        options.append(list(first.values()))
    yield from itertools.product(*options)
