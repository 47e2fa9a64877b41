"""What a build or a check is asked for: the games, languages, papers and options, and what
each game is made into."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator import outputs
from generator.geometry.sizes import PAPERS, Paper
from generator.languages import AS_WRITTEN, Languages
from generator.load.expansions import Expansion
from generator.options import on_papers
from generator.outputs import Options, OutputKind
from generator.runtime.workers import default_jobs

EVERY_PAPER = tuple(Options(paper=paper) for paper in PAPERS.values())
"""What ``pnp validate`` checks against: a game that passes prints on any paper."""


@dataclass(frozen=True)
class BuildRequest:
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)
    cache: Path | None = None
    """Where drawn faces are kept between builds; ``None``: nowhere (``--no-cache``)."""
    jobs: int = field(default_factory=default_jobs)
    expansions: tuple[Expansion, ...] = ()
    """Laid over the games they extend (``--with``), in order."""
    languages: Languages = AS_WRITTEN
    """The languages made beyond the locale files (``--lang qps``, ``--fallback``)."""
    papers: tuple[Paper, ...] = ()
    """Every paper to print on, each with :attr:`options`; none: the options' own paper."""

    @property
    def printings(self) -> tuple[Options, ...]:
        """The options of each paper printed on, in the order asked, each once."""
        return on_papers(self.options, self.papers)

    @property
    def outputs(self) -> list[tuple[Options, OutputKind]]:
        """What is made of each game in each language: every wanted kind on each paper, in
        order; a kind that prints on no paper (the PNG faces) once, with the first."""
        printings = self.printings
        return [
            (options, kind)
            for options in printings
            for kind in outputs.OUTPUTS
            if kind.wanted(options) and (kind.on_paper or options is printings[0])
        ]


@dataclass(frozen=True)
class Vision:
    """Asks :func:`check` for the colour-vision check (:mod:`generator.vision`), its faces
    drawn into the cache in ``cache`` (``None``: kept nowhere)."""

    cache: Path | None
