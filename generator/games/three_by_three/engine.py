"""The 3x3 puzzle engine: its card schema, the deck checks and the rulebook summary hooks."""

from __future__ import annotations

from typing import ClassVar

from generator.games.base import GameEngine, missing_texts
from generator.games.three_by_three import summary, validation
from generator.games.three_by_three.decks import TASKS, TOKENS
from generator.games.three_by_three.notation import CHESS, FIFTEEN, TOKEN_NAMES, Mode, task_problem
from generator.model import Deck, Game
from generator.problems import Problem
from generator.schema import Field

PRINTED_KEYS = ("title", "modes.fifteen", "modes.chess")


def _side(mode: Mode) -> dict[str, Field]:
    return {
        mode.id: Field(str, check=lambda task: task_problem(mode, task)),
        f"{mode.id}_points": Field(int, choices=(1, 2)),
    }


class ThreeByThree(GameEngine):
    id = "three_by_three"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        TASKS: {"number": Field(int, minimum=1, maximum=99), **_side(FIFTEEN), **_side(CHESS)},
        TOKENS: {
            mode: Field(str, choices=tuple(dict.fromkeys(names.values())))
            for mode, names in TOKEN_NAMES.items()
        },
    }

    def validate_decks(self, game: Game, decks: list[Deck]) -> list[Problem]:
        tasks, tokens = decks
        problems = validation.task_cards(tasks) + validation.tokens(tokens)
        return problems + missing_texts(game, list(PRINTED_KEYS))

    summary_wording = summary.WORDING
    summary_sections = staticmethod(summary.sections)
