"""Entering codes: which code cards a winning gear may flip, sending for checking, the score.

A player's code is four code cards lying face up. A win flips one to its green "entered" side;
with nothing to enter, the winner turns an open code 180 degrees ("sent for checking"), and a
later win may flip a checked code to green instead of a normal entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

OPEN, CHECKED, ENTERED = "open", "checked", "entered"
SCORES = {OPEN: 0.0, CHECKED: 0.5, ENTERED: 1.0}


class Action(Enum):
    ENTER = "enter"
    SEND_FOR_CHECKING = "check"


@dataclass
class Code:
    colour: str
    number: int
    state: str = OPEN

    def __str__(self) -> str:
        return f"{self.colour}:{self.number}"


@dataclass(frozen=True)
class Entry:
    action: Action
    code: int
    """Index of the code card in the player's code."""


def matches(gear_colour: str, value: int, code: Code, every_colour: bool = False) -> bool:
    """Colour or number: a multicoloured gear is every colour, a grey gear has no colour."""
    if code.number == value:
        return True
    if gear_colour == "grey":
        return False
    return every_colour or gear_colour == "multicoloured" or gear_colour == code.colour


def entry_options(
    gear_colour: str, value: int, codes: list[Code], every_colour: bool = False
) -> list[Entry]:
    """Everything a winner with this gear may do to their code (nothing once all is entered)."""
    matching = [
        i
        for i, code in enumerate(codes)
        if code.state != ENTERED and matches(gear_colour, value, code, every_colour)
    ]
    checked = [i for i, code in enumerate(codes) if code.state == CHECKED]
    enter = sorted(set(matching) | set(checked))
    options = [Entry(Action.ENTER, i) for i in enter]
    if not matching:
        options += [
            Entry(Action.SEND_FOR_CHECKING, i) for i, code in enumerate(codes) if code.state == OPEN
        ]
    return options


def apply_entry(codes: list[Code], entry: Entry) -> None:
    codes[entry.code].state = ENTERED if entry.action is Action.ENTER else CHECKED


def score(codes: list[Code]) -> float:
    """1 for each entered code, 0.5 for each code sent for checking."""
    return sum(SCORES[code.state] for code in codes)


def game_winner(scores: list[float]) -> int | None:
    """Tied top scores are all eliminated, as in a jam: the best score nobody shares wins."""
    unique = [s for s in scores if scores.count(s) == 1]
    return scores.index(max(unique)) if unique else None
