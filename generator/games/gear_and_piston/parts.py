"""Gear & Piston's vocabulary: part functions, engine types, rows, bronze symbols, and the
part mix the project ships (the rulebook gives only the totals).

Ids here are what card data, car files and the command line use; every printed word for them
lives in ``card_data/gear_and_piston/locales/<lang>.yaml``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.games.gear_and_piston.decks import NEW, OLD, SCRAP

FUNCTIONS = ("engine", "fuel-tank", "gears", "axle", "steering", "improvement")
COLOURS = ("green", "red", "brown", "grey")
"""Engine types by colour: electric, petrol, steam, and grey, which fits every engine type."""
ENGINE_COLOURS = ("green", "red", "brown")
UNIVERSAL = "grey"
ROWS = ("top", "bottom")
BRONZE = ("comfort", "power", "durability")
MAX_UNRELIABILITY = 2
PLAYER_COLOURS = ("white", "black", "blue", "yellow", "purple", "orange")
"""The colours of the players' action discs and car ends (never an engine colour)."""

ROW_OF = {"axle": "bottom", "steering": "top"}
"""Functions bound to one row: the wheels touch the road, the driver steers from above."""


@dataclass(frozen=True)
class Part:
    """One part tile as the engine sees it."""

    id: str
    group: str
    function: str
    colour: str
    row: str
    bronze: tuple[str, ...]
    unreliability: int

    @property
    def coloured(self) -> bool:
        return self.colour != UNIVERSAL

    def describe(self) -> str:
        """``new-07 (grey axle)``: what a player reads off the tile, for messages."""
        return f"{self.id} ({self.colour} {self.function.replace('-', ' ')})"


def part(card_id: str, group: str, fields: dict[str, Any]) -> Part:
    """The engine's view of a part card."""
    return Part(
        card_id,
        group,
        fields["function"],
        fields["colour"],
        fields["row"],
        tuple(fields["bronze"]),
        fields["unreliability"],
    )


Kind = tuple[str, str, str]
"""(function, colour, row) — what the mix counts; row ``any`` where the mix leaves it open."""
ANY_ROW = "any"


def _coloured_mix() -> Counter[Kind]:
    """New and old parts share one functional mix (see the brief's table)."""
    mix: Counter[Kind] = Counter()
    for colour in ENGINE_COLOURS:
        for function in ("engine", "fuel-tank", "improvement"):
            mix[(function, colour, "top")] += 1
            mix[(function, colour, "bottom")] += 1
        mix[("gears", colour, "bottom")] += 1
    mix[("gears", UNIVERSAL, "top")] += 2
    mix[("gears", UNIVERSAL, "bottom")] += 2
    mix[("axle", UNIVERSAL, "bottom")] += 8
    mix[("steering", UNIVERSAL, "top")] += 4
    mix[("improvement", UNIVERSAL, "top")] += 3
    mix[("improvement", UNIVERSAL, "bottom")] += 2
    return mix


MIX: dict[str, Counter[Kind]] = {
    NEW: _coloured_mix(),
    OLD: _coloured_mix(),
    SCRAP: Counter(
        {
            ("engine", UNIVERSAL, ANY_ROW): 3,
            ("fuel-tank", UNIVERSAL, ANY_ROW): 3,
            ("gears", UNIVERSAL, ANY_ROW): 4,
            ("axle", UNIVERSAL, "bottom"): 6,
            ("steering", UNIVERSAL, "top"): 4,
        }
    ),
}
"""How many parts of each kind each group has [decided: the project's mix]."""

UNRELIABILITY: dict[str, Counter[int]] = {
    NEW: Counter({0: 42}),
    OLD: Counter({1: 30, 2: 6, 0: 6}),
    SCRAP: Counter({2: 8, 1: 8, 0: 4}),
}
"""How many parts of each group carry each unreliability."""

BRONZE_PER_PART = {NEW: (1, 2), OLD: (0, 1), SCRAP: (0, 0)}
SYMBOL_SPREAD = {NEW: (14, 22)}
"""On how many parts of a group each bronze symbol appears (so every investor has a race)."""


def kind_of(part: Part) -> Kind:
    """The mix's key for ``part`` (its row counts only where the mix fixes it)."""
    if (part.function, part.colour, ANY_ROW) in MIX[part.group]:
        return (part.function, part.colour, ANY_ROW)
    return (part.function, part.colour, part.row)


def describe_kind(kind: Kind) -> str:
    """``red top-row engine``, ``grey fuel tank``: a kind in words, for messages."""
    function, colour, row = kind
    where = "" if row == ANY_ROW else f"{row}-row "
    return f"{colour} {where}{function.replace('-', ' ')}"
