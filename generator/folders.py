"""Where a game's templates are, which folders its templates may read, and how their paths are
shown.

A game's templates live beside its card data: ``<project>/card_data/<game>/`` is drawn by
``<project>/templates/<game>/``. A game whose project has no templates of its own (a copy of a
shipped game's data, say) is drawn by the shipped templates. Every game also sees the shipped
``templates/_common/`` (the card frame, the fonts). Nothing else may be read.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator import TEMPLATES_DIR

COMMON_DIR = TEMPLATES_DIR / "_common"


def game_templates(data_dir: Path, game_id: str) -> Path:
    """The folder of ``game_id``'s templates, for card data in ``data_dir``."""
    own = data_dir.parent / "templates" / game_id
    return own if own.is_dir() else TEMPLATES_DIR / game_id


def template_roots(folder: Path) -> tuple[Path, ...]:
    """The folders a game drawn from ``folder`` may read: its project's ``templates/`` and the
    shipped one (the same folder for a shipped game)."""
    return tuple(dict.fromkeys((folder.parent, TEMPLATES_DIR)))


def search_path(folder: Path) -> list[Path]:
    """Where a template or asset named by a game's template is looked for, in order."""
    return [folder, COMMON_DIR]


def shown(path: str | Path, folder: Path) -> str:
    """``path`` as the user knows it: from its project's root (``templates/<game>/face.svg.j2``),
    links not followed; as given when it is in neither project."""
    absolute = Path(os.path.abspath(path))
    for root in template_roots(folder):
        if absolute.is_relative_to(os.path.abspath(root)):
            return absolute.relative_to(os.path.abspath(root.parent)).as_posix()
    return str(path)
