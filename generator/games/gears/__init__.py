"""The gears game: 24 gears, 10 round cards, 16 code cards, 4 characters, a token and 4 player
aids.

``parts``, ``resolution``, ``codes`` and ``simulate`` are the game itself, ``validation`` and
``summary`` what the rules ask of the cards and what the rulebook shows, ``engine`` hands those to
the shared pipeline, and ``commands`` answers ``pnp rules gears``.
"""
