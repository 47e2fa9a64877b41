"""``pnp new expansion``: a designer's first expansion, working before they change a thing.

Each game has an example expansion under ``scaffolds/<game>/`` (shipped like the card data):
one example card for every deck it makes sense to add to, with its texts in every language the
game ships. The new expansion is a copy of it with a README for the designer, and every YAML file
names its JSON Schema (copied beside it, in ``schemas/``) so an editor completes and checks
as the designer types. The copy is made in a scratch folder and moved into place whole: a
failure leaves nothing half-written.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from generator import DEFAULT_DATA_DIR, PROJECT_ROOT
from generator.authoring.editor_schema import SCHEMAS_DIR, name_schemas
from generator.load.names import file_name_problem
from generator.problems import UsageError
from generator.runtime.folders import discover_games
from generator.runtime.writer import OutputError

SCAFFOLDS_DIR = PROJECT_ROOT / "scaffolds"
SCHEMAS = "schemas"
README = SCAFFOLDS_DIR / "README.md"
"""The designer's README, with ``{name}`` and ``{game}`` to fill in."""


def scaffolded_games() -> list[str]:
    """The games with an example expansion (``_new_game`` is the example of a new game)."""
    return sorted(
        path.name for path in SCAFFOLDS_DIR.iterdir() if path.is_dir() and path.name[0] != "_"
    )


def new_expansion(name: str, game: str, parent: Path, data_dir: Path = DEFAULT_DATA_DIR) -> Path:
    """Write the expansion ``name`` of ``game`` in ``parent``; the folder written. ``game``
    must be a game of ``data_dir`` that has an example expansion: a name, never a path (the
    example is copied, so ``--game /etc`` would copy a stranger's choice of folder)."""
    if (problem := file_name_problem(name)) is not None:
        raise UsageError(f"expansion name: {problem}")
    games = [known for known in scaffolded_games() if known in discover_games(data_dir)]
    if game not in games:
        raise UsageError(f"--game {game}: no such game (games: {', '.join(games) or 'none'})")
    source = SCAFFOLDS_DIR / game
    target = parent / name
    if target.exists() or target.is_symlink():
        raise UsageError(f"{target} already exists: choose another name or --dir")
    if (parent.exists() or parent.is_symlink()) and not parent.is_dir():
        raise UsageError(f"--dir {parent}: not a folder")
    try:
        parent.mkdir(parents=True, exist_ok=True)  # a new project's folder, made as asked
        with tempfile.TemporaryDirectory(
            prefix=f".{name}-", dir=parent, ignore_cleanup_errors=True
        ) as scratch:
            draft = Path(scratch) / name
            _copy(source, draft)
            readme = README.read_text(encoding="utf-8")
            (draft / "README.md").write_text(readme.format(name=name, game=game), encoding="utf-8")
            _name_schemas(draft, game)
            draft.rename(target)
    except OSError as error:  # a full disk, no permission: one line, and nothing left behind
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None
    return target


def _name_schemas(folder: Path, game: str) -> None:
    """Copy the game's editor schemas into ``folder/schemas/`` and start every YAML file with
    the comment naming its own."""
    _copy(SCHEMAS_DIR / game, folder / SCHEMAS)
    name_schemas(folder, folder / SCHEMAS, expansion=True)


def _copy(source: Path, target: Path) -> None:
    """Copy the shipped folder ``source`` to ``target``, stopping at the first error with it
    (``shutil.copytree`` goes on and gathers every error into one long message)."""
    target.mkdir()
    for path in sorted(source.rglob("*")):
        copied = target / path.relative_to(source)
        if path.is_dir():
            copied.mkdir()
        else:
            shutil.copyfile(path, copied)
