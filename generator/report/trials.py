"""How much play ``pnp report --trials N`` may ask for.

Each measure plays its own default (200 to 2,000 games, shuffles or tables: a report takes a few
seconds); ``--trials`` replaces it for every measure. The time grows with N, one game at a time,
so an N no report needs (a typo, an extra zero or six) would run for hours or never end: past
:data:`MAX_TRIALS` it is a usage error.
"""

from __future__ import annotations

import argparse

MAX_TRIALS = 100_000
"""Fifty to five hundred times each default: Gears' rates, whose 95 % intervals are about ±5
points at its 300 games, are then within about ±0.3 of a point. It takes Gears, the slowest,
about 5 minutes (3 ms a game at each player count on a core of its own, more on a busy one; 110
MB, as at its default), Gear & Piston 2 minutes, Game of Trains 25 s, Break the Code a few
seconds."""
HELP = (
    f"games or shuffles per measure, 1 to {MAX_TRIALS} (default: each measure's own, 200 to "
    f"2000, a few seconds; {MAX_TRIALS} takes gears, the slowest, about 5 minutes)"
)


def trials(text: str) -> int:
    """An argparse type: ``--trials``, a whole number from 1 to :data:`MAX_TRIALS`."""
    digits = text.isascii() and text.isdigit() and len(text) <= len(str(MAX_TRIALS))
    if not digits or not 1 <= int(text) <= MAX_TRIALS:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number, 1 to {MAX_TRIALS}")
    return int(text)
