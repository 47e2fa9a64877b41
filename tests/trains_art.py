"""What the Game of Trains wagon art is made of, for tests: each ability's colours as the palette
names them for ``icons.svg.j2``, and where a wagon shows its ground alone (measured by
:class:`tests.legibility.Ground`)."""

from __future__ import annotations

from generator.games.game_of_trains.train import ABILITIES
from generator.model import Game

GROUND_BAND = (16.0, 3.6, 59.0, 12.6)
"""Where a poker-size wagon shows nothing but its ground (mm from the trim's top-left: left,
top, right, bottom): the band above the wagon, right of the corner number."""
ROLES = ("ink", "ground", "pattern")
"""An ability's colours: its ``ink`` (its name, pictogram and wagon), its ``ground`` and the
``pattern`` drawn over the ground; the palette names each ``<ability>_<role>``."""


def abilities(game: Game) -> dict[str, dict[str, str]]:
    """Each ability's colours in the palette ``game`` prints in, by role."""
    return {
        ability: {role: game.colours[f"{ability.replace('-', '_')}_{role}"] for role in ROLES}
        for ability in ABILITIES
    }


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as its three channels, 0 to 255."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue
