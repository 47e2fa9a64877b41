"""The check, on every core: each game loaded and judged by its rules (a task per game), then
every face of every language rendered to SVG text (a task per deck and language).

What happens to a game once checked is its :class:`Next` stage, handed to the check when it is
made: ``pnp validate`` preflights every output kind and looks at the cards as people who see
colour differently do (:class:`Preflight`); a build draws and writes
(:class:`~generator.pipeline.printing.Printing`). A game goes on to its next stage as soon as it
is checked, without waiting for the other games.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator import outputs
from generator.games.base import GameEngine
from generator.languages import Languages
from generator.load.expansions import Expansion, of_game
from generator.model import Game
from generator.options import Options
from generator.pipeline import work
from generator.pipeline.fastpath import engine_of
from generator.pipeline.front import found_engine
from generator.pipeline.request import Vision
from generator.pipeline.tasks import Found, Stage, Tasks
from generator.pipeline.work import Memo
from generator.problems import Problem, UsageError
from generator.render.faces import FaceSet


@dataclass
class Checked:
    """A game that passed the check, with its rule engine and its faces rendered in every
    language."""

    game: Game
    engine: GameEngine
    faces: dict[str, FaceSet] = field(default_factory=dict)


class Next:
    """What follows the check of each game; by default nothing, and nothing known before."""

    def restored(self, name: str, engine: str) -> bool:
        """Whether game ``name``, of the rule engine named ``engine``
        (:func:`~generator.pipeline.fastpath.identity`), needs no check at all (its every
        output is known)."""
        return False

    def rendered_before(self, game: str, lang: str) -> bool:
        """Whether the faces of ``game`` in ``lang`` need not be rendered again."""
        return False

    def rendered(self, game: str, lang: str) -> None:
        """The faces of ``game`` in ``lang`` rendered without a problem."""

    def memo(self, game: str) -> Memo | None:
        """Where the faces of ``game`` rendered before are found (:func:`work.render`)."""
        return None

    def checked(self, checked: Checked) -> None:
        """``checked`` passed: go on with it."""


@dataclass(frozen=True)
class Games:
    """The games a check reads, as the request names them."""

    data_dir: Path
    names: tuple[str, ...]
    expansions: tuple[Expansion, ...]
    languages: Languages
    palette: str
    """The palette the games print in (a build's options choose it; a check renders in the
    standard one: no palette changes what fits where)."""


class Checking:
    """The check of :attr:`games`, its tasks run by ``tasks``, each checked game handed on to
    ``then``."""

    def __init__(self, games: Games, tasks: Tasks, then: Next) -> None:
        self.games = games
        self.tasks = tasks
        self.then = then
        self.checked: list[Checked] = []

    def start(self) -> None:
        for name in self.games.names:
            # Named without importing it: a game known whole is neither loaded nor is its
            # engine imported. A game without a name for its engine has no game.yaml, and
            # finding its engine reports that.
            named = engine_of(self.games.data_dir, name)
            if named is not None and self.then.restored(name, named):
                continue
            engine = found_engine(self.games.data_dir, name)
            if isinstance(engine, Problem):
                self.tasks.found(name, Found(Stage.LOAD), [engine])
            else:
                laid = of_game(self.games.expansions, name)
                memo = self.then.memo(name)
                kept = memo.folder if memo else None
                args = (self.games.data_dir, name, engine, laid, self.games.languages, kept)
                then = functools.partial(self._loaded, engine)
                self.tasks.submit(then, work.load, *args, plans=True)

    def in_order(self) -> list[Game]:
        """The games checked, in the order asked for."""
        order = {name: index for index, name in enumerate(self.games.names)}
        return [c.game for c in sorted(self.checked, key=lambda c: order[c.game.id])]

    def _loaded(
        self, engine: GameEngine, result: tuple[Game, list[Problem], dict[str, float]]
    ) -> None:
        game, problems, seconds = result
        self.tasks.time(seconds)
        if problems:
            self.tasks.found(game.id, Found(Stage.LOAD), problems)
            return
        try:
            game = game.in_palette(self.games.palette)
        except UsageError as error:
            self.tasks.misused(str(error))
            return
        checked = Checked(game, engine)
        for lang in game.locales:
            if self.then.rendered_before(game.id, lang):
                self._rendered(checked, lang, [(FaceSet(), [])])
                continue
            parts: list[tuple[FaceSet, list[Problem]] | None] = [None] * len(game.decks)
            memo = self.then.memo(game.id)
            for number, deck in enumerate(game.decks):  # a deck a task: one language on 2 cores
                then = functools.partial(self._deck_rendered, checked, lang, parts, number)
                self.tasks.submit(then, work.render, game, lang, deck.id, memo, plans=True)
            if not game.decks:
                self._rendered(checked, lang, [])

    def _deck_rendered(
        self,
        checked: Checked,
        lang: str,
        parts: list[tuple[FaceSet, list[Problem]] | None],
        number: int,
        result: tuple[FaceSet, list[Problem], dict[str, float]],
    ) -> None:
        faces, problems, seconds = result
        self.tasks.time(seconds)
        parts[number] = (faces, problems)
        if all(part is not None for part in parts):
            self._rendered(checked, lang, [part for part in parts if part is not None])

    def _rendered(
        self, checked: Checked, lang: str, parts: list[tuple[FaceSet, list[Problem]]]
    ) -> None:
        """Every deck of ``lang`` rendered: its faces in deck order, its problems too."""
        faces = FaceSet()
        problems = []
        for part, found in parts:
            faces.update(part)
            problems += found
        game = checked.game.id
        self.tasks.found(game, Found(Stage.RENDER, lang), problems)
        checked.faces[lang] = faces
        if not problems:
            self.then.rendered(game, lang)
        if len(checked.faces) == len(checked.game.locales) and not self.tasks.of_game(game):
            self.checked.append(checked)
            self.then.checked(checked)


class Preflight(Next):
    """What ``pnp validate`` does with a checked game: every output kind's preflight at each of
    ``wanted``, and, with ``vision``, the colour-vision check."""

    def __init__(self, tasks: Tasks, wanted: Sequence[Options], vision: Vision | None) -> None:
        self.tasks = tasks
        self.wanted = wanted
        self.vision = vision

    def checked(self, checked: Checked) -> None:
        from generator.vision import check as colour_vision  # only validate looks: not a build

        game = checked.game
        then = functools.partial(self._found, game.id, Found(Stage.PREFLIGHT))
        self.tasks.submit(then, preflight, game, checked.engine, self.wanted)
        pools = checked.engine.distinctions(game)
        if self.vision is not None and pools:  # the engine says what players must tell apart
            faces = checked.faces[colour_vision.language(game)]
            then = functools.partial(self._found, game.id, Found(Stage.LOOK))
            self.tasks.submit(then, work.look, game, pools, faces, self.vision.cache)

    def _found(self, game: str, where: Found, problems: list[Problem]) -> None:
        self.tasks.found(game, where, problems)


def preflight(game: Game, engine: GameEngine, wanted: Sequence[Options]) -> list[Problem]:
    """What every output kind wanted by any of ``wanted`` would hit. A problem found on some of
    the papers but not all says which (a handout's text may fit A4 and overflow Letter)."""
    papers: dict[Problem, list[str]] = {}
    for kind in outputs.OUTPUTS:
        runs = [options for options in wanted if kind.wanted(options)]
        for options in runs if kind.per_paper else runs[:1]:
            on = [options.paper.name] if kind.per_paper else [o.paper.name for o in runs]
            for problem in kind.preflight(game, engine, options):
                papers.setdefault(problem, []).extend(on)
    every = {options.paper.name for options in wanted}
    return [_on_papers(problem, found, every) for problem, found in papers.items()]


def _on_papers(problem: Problem, found: list[str], every: set[str]) -> Problem:
    """A problem found on one paper only names it, unless its message does already."""
    names = list(dict.fromkeys(found))
    if len(names) == 1 == len(every) or any(f"{name} paper" in problem.what for name in names):
        return problem
    if set(names) == every:
        return problem
    return replace(problem, what=f"{problem.what} (on {', '.join(names)} paper)")
