"""``pnp new game``: a game of the designer's own, working before they change a thing, with no
Python: its decks, fields and rules in ``game.yaml`` (:mod:`generator.games.designed`).

The example under ``scaffolds/_new_game/`` (shipped like the card data) holds ``card_data/GAME/``
and ``templates/GAME/``: two decks, rules of every kind, two languages and a palette. The new
game is a copy of it under the designer's name, with editor schemas made for it in
``schemas/<name>/`` and named on each YAML file's first line. The copy is made in a scratch
folder and moved into place when whole: a failure leaves nothing half-written.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from generator.authoring.editor_schema import english_texts, name_schemas, text
from generator.authoring.file_schemas import game_schemas
from generator.authoring.scaffold import SCAFFOLDS_DIR
from generator.games.designed.engine import DesignedGame
from generator.games.shipped import SHIPPED
from generator.problems import UsageError
from generator.runtime.writer import OutputError

EXAMPLE = SCAFFOLDS_DIR / "_new_game"
PLACEHOLDER = "GAME"
"""The example's folders' name, and in its locales the game's title, replaced by the new
game's."""
FOLDERS = ("card_data", "templates", "schemas")
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""A game's id: its folders' name, and what commands call it (``pnp build mygame``)."""


def new_game(name: str, parent: Path) -> list[Path]:
    """Write the game ``name`` in ``parent`` (its ``card_data/``, ``templates/`` and
    ``schemas/`` folders, beside any other game there); the folders written."""
    if not GAME_ID.fullmatch(name):
        raise UsageError(
            f"game name {name!r}: a lower-case letter, then up to 39 lower-case letters, "
            "digits and _, like my_game"
        )
    if name in {game.game for game in SHIPPED}:
        raise UsageError(f"{name} is one of pnp's own games: choose another name")
    targets = [parent / folder / name for folder in FOLDERS]
    for target in targets:
        if target.exists() or target.is_symlink():
            raise UsageError(f"{target} already exists: choose another name or --dir")
    if (parent.exists() or parent.is_symlink()) and not parent.is_dir():
        raise UsageError(f"--dir {parent}: not a folder")
    try:
        parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(
            prefix=f".{name}-", dir=parent, ignore_cleanup_errors=True
        ) as scratch:
            draft = Path(scratch)
            _copy_example(draft, name)
            _write_schemas(draft, name)
            _move(draft, name, targets)
    except OSError as error:  # a full disk, no permission: one line, and nothing left behind
        raise OutputError(f"cannot write {parent}: {error.strerror or error}") from None
    return targets


def _move(draft: Path, name: str, targets: list[Path]) -> None:
    """Move the game's three folders from ``draft`` into place; if one cannot be moved, those
    moved before it go back (the scratch folder is then removed whole)."""
    moved: list[tuple[Path, Path]] = []
    try:
        for folder, target in zip(FOLDERS, targets, strict=True):
            target.parent.mkdir(exist_ok=True)
            (draft / folder / name).rename(target)
            moved.append((target, draft / folder / name))
    except OSError:
        for target, back in moved:
            target.rename(back)
        raise


def _copy_example(draft: Path, name: str) -> None:
    """The example's files under ``draft``, its folders and title named ``name``."""
    title = name.replace("_", " ").capitalize()
    for path in sorted(EXAMPLE.rglob("*")):
        relative = path.relative_to(EXAMPLE).as_posix().replace(f"/{PLACEHOLDER}", f"/{name}")
        copied = draft / relative
        if path.is_dir():
            copied.mkdir(parents=True)
        elif path.parent.name == "locales":
            content = path.read_text(encoding="utf-8")
            copied.write_text(
                content.replace(f"title: {PLACEHOLDER}", f"title: {title}"), encoding="utf-8"
            )
        else:
            shutil.copyfile(path, copied)


def _write_schemas(draft: Path, name: str) -> None:
    """The new game's editor schemas, each named on the first line of the files it describes."""
    data = draft / "card_data"
    engine = DesignedGame.read(data, name)
    shapes = game_schemas(name, engine.card_fields, english_texts(data, name), designed=True)
    folder = draft / "schemas" / name
    for relative, schema in shapes.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text(schema), encoding="utf-8")
    name_schemas(data / name, folder)
