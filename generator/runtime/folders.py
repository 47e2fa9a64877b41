"""Where a game's templates are, which folders its templates may read, and how their paths are
shown.

A game's templates live beside its card data: ``<project>/card_data/<game>/`` is drawn by
``<project>/templates/<game>/``. A game whose project has no templates of its own (a copy of a
shipped game's data, say) is drawn by the shipped templates. A game's templates may read files
in its own folder and in the shipped ``templates/_common/`` (the card frame, the fonts), nothing
else: not another game's folder, and nothing a link leads to outside them. A project's
``templates`` (or ``templates/<game>``) that is itself a link is not the project's own: data
from a stranger could point it anywhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator import TEMPLATES_DIR

COMMON_DIR = TEMPLATES_DIR / "_common"


def discover_games(data_dir: Path) -> list[str]:
    """Every folder of ``data_dir`` that holds a ``game.yaml``, in name order."""
    if not data_dir.is_dir():
        return []
    return sorted(p.parent.name for p in data_dir.glob("*/game.yaml"))


def game_templates(data_dir: Path, game_id: str) -> Path:
    """The folder of ``game_id``'s templates, for card data in ``data_dir`` (``--data .`` and
    a relative path included)."""
    own = data_dir.absolute().parent / "templates" / game_id
    if own.is_dir() and not own.is_symlink() and not own.parent.is_symlink():
        return own
    return TEMPLATES_DIR / game_id


@dataclass(frozen=True)
class Templates:
    """The folders a game's templates are read from, most specific first: the templates of its
    expansions (the last ``--with`` first), then the game's own folder. A template or an asset
    is looked for in each in turn, then in ``templates/_common/``: an expansion overrides a
    shipped template by giving one of the same name, and adds one by giving a new name."""

    own: tuple[Path, ...]

    @classmethod
    def of(cls, folder: Path) -> Templates:
        """A game drawn from one folder only (no expansion)."""
        return cls((folder,))

    @property
    def base(self) -> Path:
        """The folder relative references resolve against first (then the others in turn)."""
        return self.own[0]

    def __truediv__(self, name: str) -> Path:
        """The file ``name`` where the search finds it; in the first folder if in none. The
        first folder with anything of that name wins, a link or a pipe too, so that it is
        refused where it stands rather than passed over for the next folder's file."""
        for folder in search_path(self):
            if os.path.lexists(folder / name):
                return folder / name
        return self.base / name

    def __str__(self) -> str:
        return str(self.base)


def template_roots(templates: Templates) -> tuple[Path, ...]:
    """The folders a game drawn from ``templates`` may read: its own and the shared one."""
    return (*templates.own, COMMON_DIR)


def search_path(templates: Templates) -> list[Path]:
    """Where a template or asset named by a game's template is looked for, in order."""
    return [*templates.own, COMMON_DIR]


def shown(path: str | Path, templates: Templates) -> str:
    """``path`` as the user knows it: from its project's root (``templates/<game>/face.svg.j2``,
    ``my-expansion/templates/face.svg.j2``), links not followed; as given when it is in none of
    the folders."""
    absolute = Path(os.path.abspath(path))
    for root in template_roots(templates):
        if absolute.is_relative_to(os.path.abspath(root)):
            return absolute.relative_to(os.path.abspath(root.parent.parent)).as_posix()
    return str(path)
