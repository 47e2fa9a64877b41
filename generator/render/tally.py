"""Problems that repeat on many cards, each reported once with a count: what a face's
``text(...)`` calls (:mod:`~generator.render.textfitter`) and its template's checks
(:mod:`~generator.render.facechecks`) report through, as a game's cards share their template
lines and their locale texts.
"""

from __future__ import annotations

from generator.problems import Problem


class Tally:
    """Problems that repeat on many cards (one template line, one locale text), each reported
    once with the number of other cards it is on."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], tuple[Problem, int, float]] = {}

    def add(self, key: tuple[str, str], problem: Problem, rank: float = 0.0) -> None:
        """Count ``problem`` under ``key``; the one reported is the first, or the one of
        highest ``rank`` (the furthest a box reaches out, on whichever card)."""
        first, more, best = self._seen.get(key, (problem, -1, rank))
        if rank > best:
            first, best = problem, rank
        self._seen[key] = (first, more + 1, best)

    @property
    def problems(self) -> list[Problem]:
        return [
            problem
            if more == 0
            else Problem(
                problem.file,
                problem.line,
                problem.where,
                f"{problem.what} (and on {more} more card{'s' if more != 1 else ''})",
            )
            for problem, more, _ in self._seen.values()
        ]
