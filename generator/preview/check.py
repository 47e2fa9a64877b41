"""One check of the previewed game: what ``pnp validate`` does for it, keeping the faces.

The preview shows what a build would print and reports what a build would refuse, so it runs
the pipeline's own steps in the order the pipeline runs them, stopping where it stops: the
game loaded and judged by its rules through the front door (:func:`~generator.pipeline.front.
loaded`), every face in every language, every output kind's preflight on every paper.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.games.base import GameEngine
from generator.languages import AS_WRITTEN, Languages
from generator.load import parsed
from generator.load.expansions import PALETTE, Expansion
from generator.model import Game
from generator.palettes import STANDARD
from generator.pipeline.checking import preflight
from generator.pipeline.fastpath import identity
from generator.pipeline.front import found_engine, loaded
from generator.pipeline.inputs import game_inputs
from generator.pipeline.request import EVERY_PAPER
from generator.problems import Problem, UsageError, across_languages
from generator.render.faces import FaceSet, render_faces
from generator.render.memo import Entries, FaceMemo


@dataclass(frozen=True)
class Checked:
    """What a check found: the game as loaded (``None`` when it has no rule engine), its
    faces by language (none when anything is wrong) and every problem. An incomplete one has
    the faces of the first language alone, found good while the others are being checked."""

    game: Game | None
    faces: dict[str, FaceSet] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    complete: bool = True
    notes: tuple[str, ...] = ()
    """A line for each translation in progress the preview leaves out."""

    @property
    def good(self) -> bool:
        return self.game is not None and not self.problems


def check_game(
    data_dir: Path,
    game_id: str,
    expansions: tuple[Expansion, ...] = (),
    first: str = "",
    palette: str = STANDARD,
    languages: Languages = AS_WRITTEN,
    kept: Entries | None = None,
) -> Iterator[Checked]:
    """Load ``game_id`` from ``data_dir`` (with ``expansions`` over it, in order), run its
    rules, render every face in every language and preflight every output kind; the check,
    with every problem found on the way in reading order. Language ``first`` (the one on the
    page) is rendered first, and when all is well so far its faces are yielded at once,
    before the rest: the designer sees the change in a third of the time. A translation in
    progress is left out, with a line saying so, unless it is language ``first`` (asked for
    by name): then each text it lacks is a problem, as in a build of it. With ``kept``, a file
    parsed and a face rendered by an earlier check from the same inputs are found there
    (:mod:`~generator.load.parsed`, :mod:`~generator.render.memo`): a save parses the file
    saved and renders the faces it changed."""
    engine = found_engine(data_dir, game_id)
    if isinstance(engine, Problem):
        yield Checked(None, problems=(engine,))
        return
    with parsed.kept_in(kept):
        game, problems = loaded(data_dir, game_id, engine, expansions, languages, previewed=first)
    notes = tuple(str(d.progress("preview")) for lang, d in game.drafts.items() if lang != first)
    if not problems:
        try:
            game = game.in_palette(palette)
        except UsageError as error:
            problems.append(Problem(f"{game_id}/{PALETTE}", 0, "", str(error)))
    faces: dict[str, FaceSet] = {}
    memo = _memo(data_dir, game_id, engine, expansions, languages, kept)
    for lang in sorted(game.locales, key=lambda lang: lang != first) if not problems else ():
        faces[lang], rendering = render_faces(game, lang, memo=memo)
        problems += rendering
        if lang == first and not problems and len(game.locales) > 1:
            yield Checked(game, dict(faces), complete=False)
    if not problems:
        problems += preflight(game, engine, EVERY_PAPER)
    every = tuple(sorted(set(across_languages(problems))))
    yield Checked(game, {} if every else faces, every, notes=notes)


def _memo(
    data_dir: Path,
    game_id: str,
    engine: GameEngine,
    expansions: tuple[Expansion, ...],
    languages: Languages,
    kept: Entries | None,
) -> FaceMemo | None:
    """The faces the checks before rendered, kept in ``kept``, if any."""
    if kept is None:
        return None
    inputs = game_inputs(data_dir, game_id, identity(engine), expansions, languages)
    return FaceMemo(kept, inputs.faces_key())
