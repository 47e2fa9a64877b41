"""Expansions: a designer's folder laid over a game, holding only what it adds or changes.

An expansion lives anywhere on disk and names the game it extends in its ``expansion.yaml``::

    my-expansion/
      expansion.yaml       game: gears; players, new or changed decks, cards removed by id
      decks/<deck>.yaml    cards added to the deck (a card with an id the deck has replaces it)
      locales/<lang>.yaml  texts added or overridden, and whole new languages
      templates/           searched before the game's templates

The loader (:mod:`generator.load.catalog`) merges it into the game, and the game's rule engine
judges the merged game: a designer learns that a new card breaks a rule before printing it. Files of
an expansion are named in problems from its folder (``my-expansion/decks/gears.yaml:12``).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.languages import LOCALES
from generator.load.expansion_fields import EXPANSION_FIELDS
from generator.load.schema import read_record
from generator.load.yaml_reader import Mapping, load_yaml
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.runtime.reading import Within, links_out

MANIFEST = "expansion.yaml"
PARTS = ("decks", LOCALES, "templates")
PALETTE = "palette.yaml"
"""The file of a game's or an expansion's colours (:mod:`generator.palettes`)."""
"""The folders of an expansion that the game is made from, beside its manifest."""
GAME_HELP = "the id of the game it extends, like 'game: gears'"


@dataclass(frozen=True)
class Expansion:
    """An expansion folder and the game it extends."""

    folder: Path
    game: str

    @property
    def name(self) -> str:
        """What the expansion is called in problems and in output folders: its folder's name."""
        return self.folder.name

    def label(self, relative: str) -> str:
        """A file of the expansion as problems name it: ``my-expansion/decks/gears.yaml``."""
        return f"{self.name}/{relative}"

    @property
    def templates(self) -> Path | None:
        """Its ``templates/`` folder, if it has one inside its own folder (a link out of it is
        refused when the expansion is found: :func:`find_expansions`)."""
        folder = self.folder / "templates"
        return folder if folder.is_dir() and Within.folder(self.folder).holds(folder) else None


def find_expansions(folders: Sequence[Path], games: Sequence[str]) -> tuple[Expansion, ...]:
    """The expansions in ``folders`` (``--with``, in order), each with the game it extends,
    which must be one of ``games``. A folder that is not an expansion is a usage error; an
    ``expansion.yaml`` that does not say which game is a problem at its line."""
    found: list[Expansion] = []
    problems: list[Problem] = []
    for given in folders:
        folder = Path(os.path.abspath(given))  # named as its folder: `--with ..` is not '..'
        if not folder.is_dir():
            raise UsageError(f"--with {given}: no such folder")
        if not (folder / MANIFEST).is_file():
            raise UsageError(f"--with {given}: not an expansion (it has no {MANIFEST})")
        if any(other.name == folder.name for other in found):
            raise UsageError(f"--with {given}: two expansions are named {folder.name!r}")
        if folder.name in games:  # its cards alone would be printed over the game's own files
            raise UsageError(
                f"--with {given}: an expansion may not be named like a game ({folder.name}): "
                "rename its folder"
            )
        problems += _parts_linked_out(folder)
        game = _game_of(folder, games, problems)
        if game is not None:
            found.append(Expansion(folder, game))
    if problems:
        raise DataError(problems)
    return tuple(found)


def _parts_linked_out(folder: Path) -> list[Problem]:
    """A part of the expansion (its ``decks/``, ``locales/``, ``templates/``) that is a link
    out of its folder: refused as a whole, before any file in it is listed or read."""
    problems = []
    for part in PARTS:
        path = folder / part
        if os.path.islink(path) and not Within.folder(folder).holds(path):
            what = links_out(folder.name, os.path.realpath(path))
            problems.append(Problem(f"{folder.name}/{part}", 0, "", what))
    return problems


def _game_of(folder: Path, games: Sequence[str], problems: list[Problem]) -> str | None:
    """The game an expansion names, or ``None`` with its problem (the rest of the manifest is
    checked when the game is loaded)."""
    log = ProblemLog(f"{folder.name}/{MANIFEST}", [])
    raw = load_yaml(folder / MANIFEST, log, folder)
    if not isinstance(raw, Mapping) or "game" not in raw:
        if raw is not None:
            log.add(getattr(raw, "line", 1), "game", f"missing: {GAME_HELP}")
        problems += log.problems
        return None
    game, line = raw["game"], raw.line_of("game")
    what = EXPANSION_FIELDS["game"].problem_with(game)
    if what is None and game not in games:
        what = f"{game!r} is not a game of the card data (it has: {', '.join(games) or 'none'})"
    if what is not None:
        problems.append(Problem(log.file, line, "game", what))
        return None
    return str(game)


@dataclass
class Layer:
    """One expansion's ``expansion.yaml``, read: its checked keys, where each is, and the log
    of its problems."""

    expansion: Expansion
    raw: Mapping
    spec: dict[str, Any] | None
    log: ProblemLog

    @classmethod
    def read(cls, expansion: Expansion, log: ProblemLog) -> Layer:
        own = log.for_file(expansion.label(MANIFEST))
        raw = load_yaml(expansion.folder / MANIFEST, own, expansion.folder)
        spec = read_record(raw, "", 1, EXPANSION_FIELDS, own) if raw is not None else None
        return cls(expansion, raw if isinstance(raw, Mapping) else Mapping(), spec, own)

    def node(self, key: str) -> Mapping:
        """The mapping under ``key`` (``decks``, ``remove``), empty if the manifest is bad."""
        value = self.raw.get(key) if self.spec is not None else None
        return value if isinstance(value, Mapping) else Mapping()


def games_to_build(
    names: Sequence[str], expansions: Sequence[Expansion], only_expansion: bool = False
) -> tuple[str, ...]:
    """The games a command with ``--with`` works on: those named, else those the expansions
    extend (every game when there are neither). An expansion of a game left out, or
    ``--only-expansion`` for a game without one, is a usage mistake, not silently nothing."""
    extended = tuple(dict.fromkeys(expansion.game for expansion in expansions))
    if only_expansion and not expansions:
        raise UsageError("--only-expansion prints an expansion's own cards: add --with DIR")
    for expansion in expansions:
        if names and expansion.game not in names:
            raise UsageError(
                f"--with {expansion.name}: it extends {expansion.game}, which is not among "
                f"the games asked for ({', '.join(names)})"
            )
    for name in names if only_expansion else ():
        if name not in extended:
            raise UsageError(f"--only-expansion: no expansion of {name} was given (--with)")
    return tuple(names) or extended


WITH_HELP = "lay an expansion folder over the game it extends; repeat to stack them in order"


def add_with_option(parser: argparse.ArgumentParser, what: str = WITH_HELP) -> None:
    """``--with DIR``, for every command that loads a game: the expansions laid over it, in
    the order given (read by :func:`find_expansions`); ``what`` the command does with them."""
    parser.add_argument(
        "--with",
        dest="expansions",
        type=Path,
        action="append",
        default=[],
        metavar="DIR",
        help=what,
    )


def of_game(expansions: Sequence[Expansion], game: str) -> tuple[Expansion, ...]:
    """The expansions laid over ``game``, in the order given."""
    return tuple(expansion for expansion in expansions if expansion.game == game)
