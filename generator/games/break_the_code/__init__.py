"""Break the Code: 20 code tiles, 21 question cards, screens and the deduction sheet.

``tiles``, ``questions`` and ``rating`` are the game itself, ``validation`` and ``summary`` what
the rules ask of the cards and what the rulebook shows, ``engine`` hands those to the shared
pipeline, and ``commands`` answers ``pnp rules break_the_code``.
"""
