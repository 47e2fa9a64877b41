"""A game's colours, named once: ``palette.yaml`` beside ``game.yaml``, read into palettes.

Templates print a colour by its name (``fill="{{ palette.ground }}"``), never as a hex value, so
a whole game changes its look by choosing another palette: every shipped game has ``standard``
and ``ink-saver`` (light grounds and thin dark lines for a home printer), and an expansion may
change colours of a palette or add a palette with a ``palette.yaml`` of its own::

    standard:
      ground: "#1f2a44"   # a name of lower-case letters, digits and _; a colour as #rrggbb
    ink-saver:
      ground: "#eef1f7"

Every palette names exactly the colours ``standard`` names: a template that prints with one
must print with all of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping as MappingABC

from generator.problems import UsageError, clipped

STANDARD = "standard"
"""The palette a build prints unless asked for another: the game as designed."""

INK_SAVER = "ink-saver"
"""The palette every shipped game has for printing at home on little ink."""

PALETTE_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""A palette's name ends the names of the files printed with it (``cards-a4-ink-saver.pdf``)."""

COLOUR_NAME = re.compile(r"[a-z][a-z0-9_]*")
"""A colour's name is how a template reads it: ``palette.back_ground``."""

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
"""A colour as ``#rrggbb``: one spelling, so a template's attribute can hold nothing else."""

Palettes = dict[str, dict[str, str]]


def require(palettes: MappingABC[str, dict[str, str]], name: str, game: str) -> None:
    """Refuse palette ``name`` if the game lacks it: a usage mistake, as a language it lacks
    is."""
    if name not in palettes:
        raise UsageError(
            f"--palette {clipped(name)}: {game} has no such palette (it has: {', '.join(palettes)})"
        )
