"""What the Game of Trains wagon art is made of, for tests: each ability's colours as its
template declares them, and where a wagon shows its ground alone (measured by
:class:`tests.legibility.Ground`)."""

from __future__ import annotations

from generator.model import Game
from generator.render.templates import environment

GROUND_BAND = (16.0, 3.6, 59.0, 12.6)
"""Where a poker-size wagon shows nothing but its ground (mm from the trim's top-left: left,
top, right, bottom): the band above the wagon, right of the corner number."""


def abilities(game: Game) -> dict[str, dict[str, str]]:
    """Each ability's ``ink`` (its name, pictogram and wagon), ``pale`` (the ground) and
    ``tint`` (the ground's pattern), read from ``icons.svg.j2``."""
    icons = environment(game.templates).get_template("icons.svg.j2").module
    table = icons.ABILITY  # type: ignore[attr-defined]
    return {ability: dict(colours) for ability, colours in table.items()}


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as its three channels, 0 to 255."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue
