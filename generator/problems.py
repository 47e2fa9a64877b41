"""One error type for everything a user can get wrong in the data, templates or command line.

A problem always carries the file (relative to the data or template directory), the line, where
in the data it is (``wagons[41].number``) and what is wrong, because that is what a person needs to
fix it without reading our code. Problems are collected, never raised one by one: a run reports
all of them together.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

SHOWN_CHARACTERS = 60
"""The most characters of a user's value a message repeats: a message names the value, it does
not copy a megabyte of it."""


class Cell(int):
    """A line that also knows its column: where a value of a spreadsheet deck is (its row, the
    header being row 1, and its column, both from 1, as spreadsheets count). Given as a line to
    any check, it makes the problem ``file:row:column:`` (:class:`Problem`), so the checks
    written for YAML report a sheet's cell unchanged."""

    column: int

    def __new__(cls, row: int, column: int) -> Cell:
        cell = super().__new__(cls, row)
        cell.column = column
        return cell

    def __reduce__(self) -> tuple[type[Cell], tuple[int, int]]:
        return (Cell, (int(self), self.column))


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in the input, printed as ``file:line: where: what``, or
    ``file:line:column: where: what`` at a spreadsheet's cell (a :class:`Cell` as ``line``
    gives the column)."""

    file: str
    line: int
    where: str
    what: str
    column: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.line, Cell):
            object.__setattr__(self, "column", self.column or self.line.column)
            object.__setattr__(self, "line", int(self.line))

    def __str__(self) -> str:
        location = f"{self.file}:{self.line}" if self.line else self.file
        location += f":{self.column}" if self.line and self.column else ""
        where, what = clipped(self.where, 200), clipped(self.what, 1000)
        return f"{location}: {where}: {what}" if where else f"{location}: {what}"


class DataError(Exception):
    """Raised once, at the end of a stage, with every problem that stage found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems), key=_reading_order)
        super().__init__("\n".join(str(p) for p in self.problems))


class DrawError(Exception):
    """cairosvg could not draw a face: a file it may not read, or SVG it cannot draw. The build
    reports it at the face's template, like any template problem."""


class AssetError(DrawError):
    """A template asked for a file outside the project's asset folders, or one that is missing."""


class RuleError(Exception):
    """A move the rules do not allow (as opposed to malformed data): ``pnp rules`` exit code 1."""


class UsageError(Exception):
    """A command-line mistake that argparse cannot see (unknown game, locale...): exit code 2."""


def _reading_order(problem: Problem) -> tuple[str, int, int, str, str]:
    return (problem.file, problem.line, problem.column, problem.where, problem.what)


class ProblemLog:
    """Collects problems for one file so checks can say ``log.add(line, where, what)``."""

    def __init__(self, file: str, problems: list[Problem] | None = None) -> None:
        self.file = file
        self.problems: list[Problem] = [] if problems is None else problems

    def add(self, line: int, where: str, what: str) -> None:
        self.problems.append(Problem(self.file, line, where, what))

    def for_file(self, file: str) -> ProblemLog:
        """A log for another file that appends to the same list."""
        return ProblemLog(file, self.problems)


def clipped(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def did_you_mean(name: Any, known: Iterable[str]) -> str:
    """The hint every misspelt name gets (a data file's key, a deck, a command, a locale
    key): `` (did you mean 'title'?)`` with the closest of ``known``, or nothing when none
    is close."""
    close = closest(name, known)
    return suggestion(close) if close else ""


def suggestion(meant: str) -> str:
    """`` (did you mean 'title'?)``: how every hint at a misspelt name is worded."""
    return f" (did you mean '{meant}'?)"


def closest(name: Any, known: Iterable[str]) -> str | None:
    """The one of ``known`` that ``name`` is probably a slip for, if any is close."""
    close = difflib.get_close_matches(clipped(str(name)), list(known), n=1)
    return close[0] if close else None


def shown(value: Any) -> str:
    """A value from a user's file as a message shows it: texts quoted, containers named, every
    value clipped."""
    if isinstance(value, str):
        return repr(clipped(value))
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return "a number of more than 18 digits"
    return clipped(str(value))


def across_languages(problems: list[Problem]) -> list[Problem]:
    """One problem for a template line that fails the same way in every language: ``wagon-01
    (en, ru, uk)`` rather than three lines. A language is named once, however many decks found
    the problem in it (two decks sharing a back each report the back)."""
    merged: dict[tuple[str, int, str, str, int], dict[str, None]] = {}
    for problem in problems:
        subject, lang = _subject_and_language(problem.where)
        at = (problem.file, problem.line, subject, problem.what, problem.column)
        merged.setdefault(at, {})[lang] = None
    return [
        Problem(file, line, f"{subject} ({', '.join(langs)})" if all(langs) else subject, what, at)
        for (file, line, subject, what, at), langs in merged.items()
    ]


def _subject_and_language(where: str) -> tuple[str, str]:
    """``("wagon-01", "en")`` from ``"wagon-01 (en)"``; no language: ``(where, "")``."""
    subject, _, lang = where.rpartition(" (")
    if subject and lang.endswith(")") and " " not in lang:
        return subject, lang[:-1]
    return where, ""
