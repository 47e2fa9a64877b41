"""Game of Trains: 84 wagons, each a number and one of eight abilities; 4 locomotives.

``train`` is the game itself (a train, the abilities, the face-up row), ``validation`` and
``summary`` what the rules ask of the cards and what the rulebook shows, ``engine`` hands those to
the shared pipeline, and ``commands`` answers ``pnp rules game_of_trains``.
"""
