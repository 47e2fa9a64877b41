"""The 3x3 puzzle's deck ids: the keys under ``decks:`` in its ``game.yaml`` and the names of its
card files, spelled once here for the engine, its checks, its summary and its commands."""

TASKS = "tasks"
TOKENS = "tokens"
BOARD = "board"
