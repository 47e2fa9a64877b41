"""Game of Trains' deck ids: the keys under ``decks:`` in its ``game.yaml`` and the names of its
card files, spelled once here for the engine, its checks, its summary and its commands."""

WAGONS = "wagons"
LOCOMOTIVES = "locomotives"
