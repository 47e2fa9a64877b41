"""The gears game's deck ids: the keys under ``decks:`` in its ``game.yaml`` and the names of its
card files, spelled once here for the engine, its checks, its summary and its commands."""

GEARS = "gears"
ROUNDS = "rounds"
CODES = "codes"
CHARACTERS = "characters"
TOKEN = "token"
AIDS = "aids"
