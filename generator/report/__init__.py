"""``pnp report``: what a game's engine can measure of its deck, before and after a change.

Each game measures itself (:mod:`generator.games.balance`, a ``report`` module beside each
engine); this package loads the games (:mod:`.run`), lines their measures up row by row
(:mod:`.table`), and prints them as text or JSON, or draws them (:mod:`.plot`).
"""
