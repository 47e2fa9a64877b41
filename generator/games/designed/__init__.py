"""A game described in data: its decks' fields and its rules in ``game.yaml``, checked by one
generic engine (:class:`~generator.games.designed.engine.DesignedGame`), so a designer makes a
game of their own without writing Python (``pnp new game``)."""
