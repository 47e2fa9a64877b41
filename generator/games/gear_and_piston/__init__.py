"""Gear & Piston: 104 part tiles (new, old, scrap), 14 investors, car ends and the first-player
tile, with an engine that checks finished cars and scores them.

``parts``, ``car``, ``car_file`` and ``scoring`` are the game itself, ``validation`` and
``summary`` what the rules ask of the cards and what the rulebook shows, ``engine`` hands those to
the shared pipeline, and ``commands`` answers ``pnp rules gear_and_piston``.
"""
