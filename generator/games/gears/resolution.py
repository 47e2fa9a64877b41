"""Step 3 of a round: the multicoloured swap, the jam, the round condition, the winners.

Seats are numbered 0, 1, 2... clockwise. A player's **left** neighbour is the next seat clockwise
(seat + 1) and their **right** neighbour the previous one (seat - 1): seated round a table, the
player after you in clockwise order sits on your left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.gears.parts import CONDITIONS, EFFECTS

RESOLUTION_EFFECTS = ("grey-rust", "mirror-swap")
"""The night effects that change step 3 itself; the others act in steps 1, 2 and 4."""


@dataclass(frozen=True)
class Played:
    """A gear as it lies by the round card: its colour and the value at the corner."""

    colour: str
    value: int
    ignores_jam: bool = False
    """Jam immunity from elsewhere than greyness (the engineer's night ability)."""


@dataclass(frozen=True)
class Resolution:
    values: list[int]
    """The corner values after the multicoloured swap, by seat."""
    jammed: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def resolve(condition: str, gears: list[Played], effect: str | None = None) -> Resolution:
    """Who wins a round: swap, then the condition over the gears the jam leaves free."""
    if condition not in CONDITIONS:
        raise ValueError(f"unknown condition {condition!r}")
    if effect is not None and effect not in EFFECTS:
        raise ValueError(f"unknown night effect {effect!r}")
    values = swapped_values(gears, leftward=effect == "mirror-swap")
    immune = [_immune(gear, effect) for gear in gears]
    jammed = jammed_seats(values, immune)
    free = [seat for seat in range(len(gears)) if seat not in jammed]
    return Resolution(values, sorted(jammed), _winners(condition, values, free))


def swapped_values(gears: list[Played], leftward: bool = False) -> list[int]:
    """Each multicoloured gear trades values with its right (or left) neighbour's gear, unless
    that gear is multicoloured too. A gear takes the value even if it has none such printed.

    The swaps never overlap, since a gear is the right neighbour of exactly one seat, so they
    can all be made at once.
    """
    values = [gear.value for gear in gears]
    step = 1 if leftward else -1
    for seat, gear in enumerate(gears):
        partner = (seat + step) % len(gears)
        if gear.colour == "multicoloured" and gears[partner].colour != "multicoloured":
            values[seat], values[partner] = gears[partner].value, gear.value
    return values


def _immune(gear: Played, effect: str | None) -> bool:
    return gear.ignores_jam or (gear.colour == "grey" and effect != "grey-rust")


def jammed_seats(values: list[int], immune: list[bool]) -> set[int]:
    """Gears sharing a value jam. An immune gear (grey) sharing only with gears that are not
    immune stays free and leaves them jammed; two immune gears on one value jam each other."""
    jammed = set()
    for seat, value in enumerate(values):
        others = [o for o in range(len(values)) if o != seat and values[o] == value]
        if others and (not immune[seat] or any(immune[o] for o in others)):
            jammed.add(seat)
    return jammed


def has_parity(condition: str, value: int) -> bool:
    """Whether a value may win under the condition's parity (even, odd, or either)."""
    if condition.endswith(("even", "evens")):
        return value % 2 == 0
    if condition.endswith(("odd", "odds")):
        return value % 2 == 1
    return True


def _winners(condition: str, values: list[int], free: list[int]) -> list[int]:
    """Parity filter first, then the condition among the free gears left."""
    free = [seat for seat in free if has_parity(condition, values[seat])]
    if not free:
        return []
    if condition.startswith("highest"):
        best = max(values[seat] for seat in free)
        return [seat for seat in free if values[seat] == best]
    if condition.startswith("lowest"):
        best = min(values[seat] for seat in free)
        return [seat for seat in free if values[seat] == best]
    if condition.startswith("all-but-"):
        extreme = (min if condition == "all-but-lowest" else max)(values)
        return [seat for seat in free if values[seat] != extreme]
    return free  # evens, odds: every free gear of the parity
