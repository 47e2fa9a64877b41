"""The gears game's vocabulary: gear colours and their values, conditions, effects, abilities.

Ids here are what card data and the command line use; every printed word for them lives in
``card_data/gears/locales/<lang>.yaml``.
"""

from __future__ import annotations

GEAR_VALUES: dict[str, tuple[int, int, int, int]] = {
    "red": (1, 4, 1, 4),
    "blue": (1, 2, 3, 4),
    "yellow": (4, 3, 2, 1),
    "purple": (2, 2, 3, 3),
    "multicoloured": (1, 2, 3, 4),
    "grey": (1, 2, 3, 4),
}
"""The four edge values of each gear colour, clockwise from the top edge seen face up."""
GEAR_COLOURS = tuple(GEAR_VALUES)
TAKES_BACK = "blue"
"""The gear whose player, when it does not win, takes another gear back from their discard at
the end of step 3 (its ability: outside the round's resolution, so the summary says it)."""
CODE_COLOURS = ("red", "blue", "yellow", "purple")
"""Code cards come in the four true colours; grey has none and multicoloured is every one."""
CODE_NUMBERS = (1, 2, 3, 4)
VALUES = range(1, 5)
SET_MARK = r"[A-Z]"
"""A gear set's mark, printed in the gear's corners: one capital letter (the shipped sets are A-D;
an expansion's fifth set is E)."""
ROUND_STEPS = ("1", "2", "3", "4")
"""A round's four steps [rulebook]: place the gears, turn them, decide the winners, get ready
for the next round; each a text of the player aid's front (``aid.steps.<step>``)."""
CORNERS = 4
"""A round card's corners, one for each player's gear: the most players a round can seat."""

CONDITIONS = (
    "highest",
    "lowest",
    "highest-even",
    "highest-odd",
    "lowest-even",
    "lowest-odd",
    "evens",
    "odds",
    "all-but-lowest",
    "all-but-highest",
)
EFFECTS = (
    "still-night",
    "reverse-crank",
    "full-turn",
    "self-tune",
    "double-entry",
    "grey-rust",
    "mirror-swap",
    "cold-blue",
    "jam-return",
    "winner-leads",
)

CHARACTER_ABILITIES = (
    "turn-own-gear",
    "take-played-gear",
    "turn-any-gear",
    "ignore-jam",
    "every-colour",
    "flip-checked-code",
    "take-discarded-gear",
    "swap-with-neighbour",
)
"""What the four inventors can do once a game: one ability by day, one by night."""
