"""One error type for everything a user can get wrong in the data, templates or command line.

A problem always carries the file (relative to the data or template directory), the line, where
in the data it is (``wagons[41].number``) and what is wrong, because that is what a person needs to
fix it without reading our code. Problems are collected, never raised one by one: a run reports
all of them together.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in the input, printed as ``file:line: where: what``."""

    file: str
    line: int
    where: str
    what: str

    def __str__(self) -> str:
        location = f"{self.file}:{self.line}" if self.line else self.file
        return (
            f"{location}: {self.where}: {self.what}" if self.where else f"{location}: {self.what}"
        )


class DataError(Exception):
    """Raised once, at the end of a stage, with every problem that stage found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems), key=_reading_order)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(Exception):
    """A command-line mistake that argparse cannot see (unknown game, locale...): exit code 2."""


def _reading_order(problem: Problem) -> tuple[str, int, str, str]:
    return (problem.file, problem.line, problem.where, problem.what)


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
