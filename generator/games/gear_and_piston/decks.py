"""Gear & Piston's deck ids: the keys under ``decks:`` in its ``game.yaml`` and the names of its
card files, spelled once here for the engine, its checks, its summary and its commands.

The three part stacks are each a deck with its own back, so the stacks stay sorted; a part's
group is the deck it comes from.
"""

NEW = "new"
OLD = "old"
SCRAP = "scrap"
GROUPS = (NEW, OLD, SCRAP)
INVESTORS = "investors"
ENDS = "ends"
FIRST_PLAYER = "first-player"
