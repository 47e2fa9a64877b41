"""The 3x3 puzzle: 28 two-sided task cards (15-puzzle and chess) and 7 two-sided tokens.

``notation``, ``space``, ``solver``, ``referee`` and ``design`` are the game itself,
``validation`` and ``summary`` what the rules ask of the cards and what the rulebook shows,
``engine`` hands those to the shared pipeline, and ``commands`` answers ``pnp rules
three_by_three``.
"""
