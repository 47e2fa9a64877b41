"""The tasks of one check or build in flight, on every core, and what they found.

Every stage hands its work here as plain functions of picklable values
(:mod:`generator.runtime.workers`), each with what to do with its result in this process, so
the files are byte-identical with one worker or many. Problems are kept per game with where
they were found (:class:`Found`), so they are reported in the order of the games and of the
pipeline whichever worker finished first.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from generator.outputs import Progress
from generator.problems import DataError, Problem, UsageError, across_languages
from generator.runtime.timing import Stopwatch
from generator.runtime.workers import Workers


class Stage(IntEnum):
    """The stages of the pipeline, in the order their problems are reported."""

    LOAD = 0
    """Reading the card data and the game's rules."""
    RENDER = 1
    """Filling the templates: text that does not fit, a template that fails."""
    PREFLIGHT = 2
    """What an output kind would hit at the papers asked for."""
    LOOK = 3
    """What looks alike to people who see colour differently."""
    DRAW = 4
    """A face cairo cannot draw."""
    WRITE = 5
    """Writing a file."""


@dataclass(frozen=True, order=True)
class Found:
    """Where a game's problems were found: the stage, then the language and the output (the
    index of :attr:`~generator.pipeline.request.BuildRequest.outputs`) where the stage has one."""

    stage: Stage
    lang: str = ""
    output: int = 0


class Tasks:
    """Runs the tasks and keeps what they found. The progress shown counts tasks, and gives
    their total only once it is known, never to grow: when no task that may start others
    (loading a game, rendering a language) is pending, every face to draw has its task, and
    every file to write has its task or is counted ahead (:meth:`plan`)."""

    def __init__(
        self,
        games: tuple[str, ...],
        workers: Workers,
        stopwatch: Stopwatch,
        progress: Progress | None = None,
    ) -> None:
        self.games = games
        self.workers = workers
        self.stopwatch = stopwatch
        self.progress = progress
        self.pending: dict[Future[Any], Callable[[Any], str | None]] = {}
        self.planning: set[Future[Any]] = set()
        """The pending tasks whose results may start more: the total is not known yet."""
        self.problems: dict[str, list[tuple[Found, list[Problem]]]] = {name: [] for name in games}
        self.usage: list[str] = []
        """Usage mistakes found on the way (a language a game lacks), each said once."""
        self.done = 0
        self.total = 0

    def submit(
        self,
        then: Callable[[Any], str | None],
        work: Callable[..., Any],
        *args: Any,
        plans: bool = False,
        planned: bool = False,
    ) -> None:
        """Run ``work(*args)``, then ``then`` on its result in this process; what ``then``
        returns names the step in the progress shown, if it is worth a line (files made).
        ``plans``: ``then`` may submit more tasks; ``planned``: :meth:`plan` counted it."""
        self.total += 0 if planned else 1
        future = self.workers.submit(work, *args)
        self.pending[future] = then
        if plans:
            self.planning.add(future)

    def plan(self, count: int) -> None:
        """Count ``count`` tasks that will be submitted later, once what they wait for is done
        (the files that place faces still being drawn), so the total shown never grows."""
        self.total += count

    def finish(self) -> None:
        """Wait for every task (and those they start); raise what went wrong, all of it."""
        while self.pending:
            finished, _ = wait(self.pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=list(self.pending).index):
                label = self.pending.pop(future)(future.result())
                self.planning.discard(future)
                self.done += 1
                if self.progress:
                    known = None if self.planning else self.total
                    self.progress(label or "", self.done, known)
        problems = [p for name in self.games for p in across_languages(self.of_game(name))]
        if problems:
            raise DataError(problems)
        if self.usage:
            raise UsageError("; ".join(self.usage))

    def found(self, game: str, where: Found, problems: list[Problem]) -> None:
        """Keep ``problems`` of ``game`` with where in the pipeline they were found."""
        if problems:
            self.problems[game].append((where, problems))

    def misused(self, what: str, once: bool = False) -> None:
        """Keep a usage mistake; ``once``: unless it is kept already (a language asked for
        that several games lack is said once)."""
        if not (once and what in self.usage):
            self.usage.append(what)

    def of_game(self, game: str) -> list[Problem]:
        found = sorted(self.problems[game], key=lambda item: item[0])
        return [problem for _, problems in found for problem in problems]

    def time(self, seconds: dict[str, float]) -> None:
        """Add a task's time in each stage to the build's."""
        for stage, spent in seconds.items():
            self.stopwatch.seconds[stage] = self.stopwatch.seconds.get(stage, 0.0) + spent
