"""The engine of a game described in data: the fields of its decks and its rules are what its
``game.yaml`` says (:mod:`generator.load.rule_fields`), read when the game is looked up.

``game.yaml`` is read here leniently, only for what an engine must know before the game is
loaded (what each deck's cards hold, which the loader checks cards against); every problem in
it is the loader's to report, once, except the rules' own, which only this engine reads.
"""

from __future__ import annotations

from pathlib import Path

from generator.games.base import GameEngine
from generator.games.designed.checks import Rule
from generator.games.designed.rules import read_rules
from generator.load.deck_specs import own_fields
from generator.load.schema import Field
from generator.load.yaml_reader import Mapping, load_yaml
from generator.model import Deck, Game
from generator.problems import Problem, ProblemLog


class DesignedGame(GameEngine):
    """The rule engine of a game with none in Python: its rules are data."""

    designed = True

    def __init__(
        self,
        game_id: str,
        card_fields: dict[str, dict[str, Field]],
        rules: list[Rule],
        problems: list[Problem],
    ) -> None:
        self.id = game_id  # type: ignore[misc]  # one class for every designed game
        self.card_fields = card_fields  # type: ignore[misc]
        self.rules = rules
        self.problems = problems

    @classmethod
    def read(cls, data_dir: Path, game_id: str) -> DesignedGame:
        """The engine ``data_dir/<game_id>/game.yaml`` describes; a deck described wrongly has
        no fields here (the loader says why)."""
        file = f"{game_id}/game.yaml"
        raw = load_yaml(data_dir / file, ProblemLog(file), data_dir)
        if not isinstance(raw, Mapping):  # the loader says why
            return cls(game_id, {}, [], [])
        decks = raw.get("decks")
        described = {
            str(deck_id): own_fields(node, "", ProblemLog(file))
            if isinstance(node, Mapping) and "fields" in node
            else None
            for deck_id, node in (decks.items() if isinstance(decks, Mapping) else ())
        }
        problems: list[Problem] = []
        rules = read_rules(raw.get("rules"), described, ProblemLog(file, problems))
        fields = {deck: own for deck, own in described.items() if own is not None}
        return cls(game_id, fields, rules, problems)

    def rules_problems(self) -> list[Problem]:
        return list(self.problems)

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        """Every rule of ``rules:``, in the order written; a game needs a deck to print."""
        if not game.decks:
            return [
                Problem(f"{self.id}/game.yaml", 1, "decks", "the game has no deck: describe one")
            ]
        return [problem for rule in self.rules for problem in rule.problems(game)]
