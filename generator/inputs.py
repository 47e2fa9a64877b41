"""What a game's outputs are made from, as digests: the keys under which a check, or an output
file, is remembered between builds (:mod:`generator.cache`).

A game's outputs depend on its folder of card data, its templates (its own folder and
``templates/_common/``), its rule engine and pnp's code and libraries
(:func:`~generator.render.store.code_version`). Nothing else is read, so if none of these
changed, neither did anything the game prints: a build can take its files from the cache
without loading a single YAML file. An output in one language does not depend on the other
languages' locale files, so a translator's edit remakes only their language.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from generator.cache import key
from generator.expansions import MANIFEST, Expansion
from generator.folders import COMMON_DIR, game_templates
from generator.languages import AS_WRITTEN, LOCALES, PSEUDO, SOURCE, Languages
from generator.versions import code_version

EXPANSION_PARTS = (MANIFEST, "decks", LOCALES, "templates")
"""What of an expansion's folder the game is made from (it may hold anything else besides)."""


@dataclass(frozen=True)
class GameInputs:
    """Every file a game is made from, by path, as the digest of its bytes."""

    game: str
    files: tuple[tuple[str, str], ...]
    engine: str
    made: Languages = AS_WRITTEN
    """The languages made beyond the locale files (the pseudo-locale, a fallback)."""

    def all(self) -> str:
        """The key of everything: what the check of the game depends on."""
        return key("game", code_version(), self.engine, self.made.key(), *_flat(self.files))

    def language(self, lang: str) -> str:
        """The key of what an output in ``lang`` depends on: all but other languages' words
        (those it is made from count: English for the pseudo-locale, the fallback's)."""
        sources = (None, *self.made.sources(lang))
        kept = tuple((path, digest) for path, digest in self.files if _language_of(path) in sources)
        return key("language", code_version(), self.engine, self.made.key(), lang, *_flat(kept))

    def languages(self) -> list[str]:
        """The languages the card data has a locale file for, and the pseudo-locale when it
        is made."""
        found = {lang for path, _ in self.files if (lang := _language_of(path))}
        if self.made.pseudo and SOURCE in found:
            found.add(PSEUDO)
        return sorted(found)


def _language_of(path: str) -> str | None:
    """The language of a locale file (``data/locales/de.yaml``, ``with/<name>/locales/de.yaml``
    hold German); ``None`` for any other file."""
    parts = path.split("/")
    folder = parts[1:] if parts[0] == "data" else parts[2:] if parts[0] == "with" else []
    if len(folder) == 2 and folder[0] == LOCALES and folder[1].endswith(".yaml"):
        return folder[1].removesuffix(".yaml")
    return None


def game_inputs(
    data_dir: Path,
    game: str,
    engine: str,
    expansions: tuple[Expansion, ...] = (),
    made: Languages = AS_WRITTEN,
) -> GameInputs:
    """Read and digest every input of ``game`` and the ``expansions`` laid over it (a few
    hundred KB: milliseconds); ``engine`` names its rule engine
    (:func:`~generator.versions.engine_version`); ``made``: the languages made beyond the
    locale files."""
    folders: list[tuple[str, Path, tuple[str, ...]]] = [
        ("data", data_dir / game, ("",)),
        ("templates", game_templates(data_dir, game), ("",)),
        ("common", COMMON_DIR, ("",)),
    ]
    folders += [(f"with/{e.name}", e.folder, EXPANSION_PARTS) for e in expansions]
    files: list[tuple[str, str]] = []
    for label, folder, parts in folders:
        for part in parts:
            top = folder / part
            paths = sorted(top.rglob("*")) if top.is_dir() else [top] if part else []
            for path in paths:
                files.append((f"{label}/{path.relative_to(folder).as_posix()}", _state(path)))
    return GameInputs(game, tuple(files), engine, made)


def _state(path: Path) -> str:
    """What the loader will find at ``path``: a file's digest, or what else is there (a folder
    named like a locale file, a link to nowhere, a file it may not read) so that a build whose
    data is broken that way is never answered from the cache of one whose data was not."""
    if path.is_symlink() and not path.exists():
        return "a link to nowhere"
    if path.is_dir():
        return "a folder"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as error:
        return f"unreadable: {error.strerror or error}"


def _flat(files: tuple[tuple[str, str], ...]) -> list[str]:
    return [part for pair in files for part in pair]
