"""A player's car and the rulebook's requirements for a finished one.

A car is two rows of columns, top and bottom, each slot a part or empty. The requirements are
checked only at the end of the game; each unmet one is reported in words naming the part and the
rule, because the player has to find that tile on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from generator.games.gear_and_piston.decks import SCRAP
from generator.games.gear_and_piston.parts import Part

Cell = tuple[int, int]
"""(row, column): row 0 is the top row, 1 the bottom row; columns count from 0 at the left."""
TOP, BOTTOM = 0, 1
ROW_NAMES = ("top", "bottom")

MINIMUM = {"engine": 1, "fuel-tank": 1, "gears": 1, "axle": 2, "steering": 1}
"""What every car needs at least (rulebook, requirement 1): also all that scrap may replace."""
HAND_LIMIT = 5
"""Blueprints a player may hold: all a car can gain in one round's Workshop (rulebook)."""
FINISHED_LENGTH = 12
"""A finished car of this many parts ends the game at the end of the round."""
PATENT_OFFICE, JUNK_YARD = 6, 3
"""Face-up parts each location is refilled to every round."""
MOST_PIECES = 2
"""While building, a car may be at most this many separate pieces (rulebook)."""


@dataclass(frozen=True)
class CarRules:
    """The rule settings editions differ on."""

    exactly_one_steering: bool = False
    """The rulebook asks for at least one steering; other editions for exactly one."""
    one_piece: bool = False
    """The rulebook lets a car be two separate pieces while building and asks nothing more of a
    finished one; a table may ask a finished car to be one piece."""


@dataclass(frozen=True)
class Car:
    name: str
    top: tuple[Part | None, ...]
    bottom: tuple[Part | None, ...]

    def cells(self) -> Iterator[tuple[Cell, Part]]:
        """Every placed part with its cell, top row first, left to right."""
        for row, slots in enumerate((self.top, self.bottom)):
            for column, part in enumerate(slots):
                if part is not None:
                    yield (row, column), part

    @property
    def parts(self) -> list[Part]:
        return [part for _, part in self.cells()]

    def at(self, row: int, column: int) -> Part | None:
        slots = (self.top, self.bottom)[row]
        return slots[column] if 0 <= column < len(slots) else None


def make_car(name: str, top: list[Part | None], bottom: list[Part | None]) -> Car:
    """A car with both rows the same length and no empty columns at either end."""
    width = max(len(top), len(bottom))
    top = top + [None] * (width - len(top))
    bottom = bottom + [None] * (width - len(bottom))
    used = [c for c in range(width) if top[c] is not None or bottom[c] is not None]
    if not used:
        return Car(name, (), ())
    first, last = used[0], used[-1] + 1
    return Car(name, tuple(top[first:last]), tuple(bottom[first:last]))


def place(cell: Cell) -> str:
    """``top 3``: a slot as a player counts it, from the left starting at 1."""
    return f"{ROW_NAMES[cell[0]]} {cell[1] + 1}"


def problems(car: Car, rules: CarRules = CarRules()) -> list[str]:
    """Every requirement of a finished car that ``car`` does not meet, in words."""
    if not car.parts:
        return ["the car has no parts"]
    return (
        _rows(car)
        + _functions(car, rules)
        + _engine_types(car)
        + _supported(car)
        + _on_axles(car)
        + _pieces(car, rules)
        + _scrap(car)
    )


def _rows(car: Car) -> list[str]:
    """Each part sits in the row it is made for: curved frame on top, road at the bottom."""
    return [
        f"{place(cell)}: {part.describe()} is a {part.row}-row part"
        for cell, part in car.cells()
        if ROW_NAMES[cell[0]] != part.row
    ]


def _functions(car: Car, rules: CarRules) -> list[str]:
    """Requirement 1: at least one engine, fuel tank, gears and steering, and two axles."""
    count = Counter(part.function for part in car.parts)
    found = []
    for function, least in MINIMUM.items():
        name = function.replace("-", " ")
        if count[function] < least:
            has = count[function] or "none"
            plural = "s" if least > 1 and function != "gears" else ""
            found.append(f"needs at least {least} {name}{plural}, has {has}")
    if rules.exactly_one_steering and count["steering"] > 1:
        found.append(f"needs exactly 1 steering, has {count['steering']}")
    return found


def _engine_types(car: Car) -> list[str]:
    """Requirement 2: every coloured part runs on an engine and a fuel tank of its colour
    (a grey engine or tank serves no colour: grey parts fit every engine, not the reverse)."""
    found = []
    coloured: dict[str, list[Part]] = {}
    for part in car.parts:
        if part.coloured:
            coloured.setdefault(part.colour, []).append(part)
    for colour, parts in coloured.items():
        has = {p.function for p in parts}
        lacking = [
            f"a {colour} {f.replace('-', ' ')}" for f in ("engine", "fuel-tank") if f not in has
        ]
        if lacking:
            ids = ", ".join(p.id for p in parts)
            users = f"the {colour} part{'s' if len(parts) > 1 else ''} {ids}"
            need = "need" if len(parts) > 1 else "needs"
            found.append(f"{users} {need} {' and '.join(lacking)} in the car")
    return found


def _scrap(car: Car) -> list[str]:
    """[decided] Scrap replaces missing parts at the end of the game (rulebook), so a car holds
    scrap only where it lacks one of the parts every car needs (:data:`MINIMUM`): the first
    scrap parts of a function (top row first, left to right) up to what its other parts
    leave missing."""
    have = Counter(part.function for part in car.parts if part.group != SCRAP)
    found = []
    for cell, part in car.cells():
        if part.group != SCRAP:
            continue
        if have[part.function] < MINIMUM.get(part.function, 0):
            have[part.function] += 1
            continue
        found.append(
            f"{place(cell)}: {part.describe()} is scrap the car does not need: scrap only "
            "replaces a missing engine, fuel tank, gears, steering or one of the two axles"
        )
    return found


def _supported(car: Car) -> list[str]:
    """Requirement 3: a bottom part under every top part."""
    return [
        f"{place(cell)}: {part.describe()} has no part below it"
        for cell, part in car.cells()
        if cell[0] == TOP and car.at(BOTTOM, cell[1]) is None
    ]


def _on_axles(car: Car) -> list[str]:
    """Requirement 4: every part touches an axle (left, right, above or diagonally above it).

    Axles are bottom-row parts, so an axle has exactly five cells around it that can hold a part:
    left, right, above, and the two diagonally above. The rulebook's limit of five parts an axle
    holds is therefore met by every car that can be laid out, and is not checked separately.
    """
    return [
        f"{place(cell)}: {part.describe()} touches no axle"
        for cell, part in car.cells()
        if part.function != "axle" and not _touches_axle(car, cell)
    ]


def _touches_axle(car: Car, cell: Cell) -> bool:
    row, column = cell
    columns = (column - 1, column, column + 1) if row == TOP else (column - 1, column + 1)
    return any(_is_axle(car.at(BOTTOM, c)) for c in columns)


def _is_axle(part: Part | None) -> bool:
    return part is not None and part.function == "axle"


def regions(cells: set[Cell]) -> list[list[Cell]]:
    """``cells`` split into groups joined edge to edge (never diagonally), left to right."""
    found: list[list[Cell]] = []
    seen: set[Cell] = set()
    for start in sorted(cells, key=lambda c: (c[1], c[0])):
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            row, column = todo.pop()
            region.append((row, column))
            for near in ((1 - row, column), (row, column - 1), (row, column + 1)):
                if near in cells and near not in seen:
                    seen.add(near)
                    todo.append(near)
        found.append(region)
    return found


def _pieces(car: Car, rules: CarRules) -> list[str]:
    """A car is at most two separate pieces, joined edge to edge (rulebook); one piece when
    the table's setting asks for it."""
    found = regions({cell for cell, _ in car.cells()})
    most = 1 if rules.one_piece else MOST_PIECES
    if len(found) <= most:
        return []
    spans = ", ".join(_columns(piece) for piece in found)
    rule = "a finished car is one piece" if rules.one_piece else f"a car is at most {most} pieces"
    return [f"the car is in {len(found)} pieces (columns {spans}); {rule}"]


def _columns(piece: list[Cell]) -> str:
    first, last = min(c for _, c in piece) + 1, max(c for _, c in piece) + 1
    return str(first) if first == last else f"{first}-{last}"


def ends_game(cars: list[Car], new_stack: int | None, old_stack: int | None,
              rules: CarRules = CarRules()) -> list[str]:  # fmt: skip
    """Why the game ends at the end of this round (nothing when it goes on): a finished car of
    12 or more parts, or a location that cannot be refilled from its stack."""
    reasons = [
        f"{car.name} is a finished car of {len(car.parts)} parts"
        for car in cars
        if len(car.parts) >= FINISHED_LENGTH and not problems(car, rules)
    ]
    if new_stack is not None and new_stack < PATENT_OFFICE:
        reasons.append(
            f"the Patent Office cannot be refilled to {PATENT_OFFICE} ({new_stack} new parts left)"
        )
    if old_stack is not None and old_stack < JUNK_YARD:
        reasons.append(
            f"the Junk Yard cannot be refilled to {JUNK_YARD} ({old_stack} old parts left)"
        )
    return reasons
