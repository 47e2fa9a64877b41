"""What a game's outputs are made from, as digests: the keys under which a check, or an output
file, is remembered between builds (:mod:`generator.runtime.cache`).

A game's outputs depend on its folder of card data, its templates (its own folder and
``templates/_common/``), its rule engine and pnp's code and libraries
(:func:`~generator.render.store.code_version`). Nothing else is read, so if none of these
changed, neither did anything the game prints: a build can take its files from the cache
without loading a single YAML file. An output in one language does not depend on the other
languages' locale files, so a translator's edit remakes only their language.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from generator.languages import AS_WRITTEN, LOCALES, PSEUDO, SOURCE, Languages
from generator.load.expansions import MANIFEST, PALETTE, PARTS, Expansion
from generator.problems import DataError, Problem
from generator.runtime.cache import key
from generator.runtime.folders import COMMON_DIR, game_templates
from generator.runtime.reading import (
    MAX_FILES,
    MAX_GAME_BYTES,
    MAX_INPUT_BYTES,
    Refused,
    TooLarge,
    Within,
    entries,
    hashed,
    size,
)
from generator.runtime.versions import code_version

DECKS = "decks"
"""The folder of a game's card files (and of an expansion's)."""
EXPANSION_PARTS = (MANIFEST, PALETTE, *PARTS)
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

    def language(self, lang: str, texts: bool = True) -> str:
        """The key of what an output in ``lang`` depends on: all but other languages' words
        (those it is made from count: English for the pseudo-locale, the fallback's); without
        the ``texts`` of ``lang`` itself, for an output known by the texts it reads
        (:mod:`~generator.pipeline.reads`)."""
        sources = (None, *(made for made in self.made.sources(lang) if texts or made != lang))
        kept = tuple((path, digest) for path, digest in self.files if _language_of(path) in sources)
        told = (self.engine, self.made.key(), lang, str(texts))
        return key("language", code_version(), *told, *_flat(kept))

    def faces_key(self) -> str:
        """The key of what the game's faces are made from but its decks and its locales
        (its templates, fonts, ``game.yaml``, palettes): a face also depends on its card and
        the texts it reads, which :class:`~generator.render.memo.FaceMemo` adds face by face."""
        kept = tuple((path, digest) for path, digest in self.files if not _card_or_text(path))
        return key("faces", code_version(), self.engine, self.made.key(), *_flat(kept))

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
    folder = _within(path)
    if len(folder) == 2 and folder[0] == LOCALES and folder[1].endswith(".yaml"):
        return folder[1].removesuffix(".yaml")
    return None


def _within(path: str) -> list[str]:
    """The parts of ``path`` within the card data of the game or of an expansion (none for a
    template)."""
    parts = path.split("/")
    return parts[1:] if parts[0] == "data" else parts[2:] if parts[0] == "with" else []


def _card_or_text(path: str) -> bool:
    """Whether ``path`` is a deck file or a locale file, of the game or of an expansion."""
    return _within(path)[:1] == [DECKS] or _language_of(path) is not None


def game_inputs(
    data_dir: Path,
    game: str,
    engine: str,
    expansions: tuple[Expansion, ...] = (),
    made: Languages = AS_WRITTEN,
) -> GameInputs:
    """Digest every input of ``game`` and the ``expansions`` laid over it (a few hundred KB:
    milliseconds); ``engine`` names its rule engine
    (:func:`~generator.runtime.versions.engine_version`); ``made``: the languages made beyond the
    locale files."""
    templates = game_templates(data_dir, game)
    folders: list[tuple[str, Path, tuple[str, ...], str]] = [
        ("data", data_dir / game, ("",), game),
        ("templates", templates, ("",), f"templates/{templates.name}"),
        ("common", COMMON_DIR, ("",), "templates/_common"),
    ]
    folders += [(f"with/{e.name}", e.folder, EXPANSION_PARTS, e.name) for e in expansions]
    states = _States(Within((data_dir, templates, COMMON_DIR, *(e.folder for e in expansions))))
    files: list[tuple[str, str]] = []
    for label, folder, parts, shown in folders:
        for part in parts:
            named = f"{shown}/{part}".rstrip("/")
            for path in _listed(folder / part if part else folder, states.readable, named):
                name = f"{label}/{path.relative_to(folder).as_posix()}"
                files.append((name, states.of(path, named)))
    return GameInputs(game, tuple(files), engine, made)


def _listed(top: Path, readable: Within, shown: str) -> list[Path]:
    """The paths below the folder ``top``, or ``top`` itself if it is no folder it may read
    (an expansion's manifest, a part it lacks, a link out of the project). A folder of more
    files than a game has any use for is refused (``shown`` names it): its files are not
    each looked at, and a build cannot be told from another by their digests."""
    if not (os.path.isdir(top) and readable.holds(top)):
        return [top]
    try:
        return entries(top, readable, MAX_FILES)
    except Refused as refused:
        raise DataError([Problem(shown, 0, "", refused.what)]) from None


class _States:
    """What the loader will find at each path of a game's folders, at most
    :data:`~generator.runtime.reading.MAX_GAME_BYTES` read in all (ten thousand files of 16 MB, or
    sparse files that cost a stranger nothing, would otherwise be hours of hashing)."""

    def __init__(self, readable: Within) -> None:
        self.readable = readable
        self.left = MAX_GAME_BYTES

    def of(self, path: Path, shown: str) -> str:
        """A file's digest, or what else is there (a folder named like a locale file, a link
        out of the project, a pipe, a file it may not read) so that a build whose data is
        broken that way is never answered from the cache of one whose data was not. Read as
        every input is (:mod:`generator.runtime.reading`): a link out or a pipe is named, never
        opened."""
        if os.path.islink(path) and not os.path.exists(path):
            return "a link to nowhere"
        if os.path.isdir(path) and not os.path.islink(path):
            return "a folder"
        if os.path.isdir(path):
            with contextlib.suppress(OSError):  # unless it changed since: then as it is now
                return f"a link to the folder {os.readlink(path)}"
        limit = min(MAX_INPUT_BYTES, self.left)
        try:
            digest, read = hashed(path, self.readable, limit)
        except TooLarge:
            if limit == MAX_INPUT_BYTES:
                return f"larger than {size(MAX_INPUT_BYTES)}: never read"
            what = f"more than {size(MAX_GAME_BYTES)} of files in the game's folders: refused"
            raise DataError([Problem(shown, 0, "", what)]) from None
        except Refused as refused:
            return refused.what
        self.left -= read
        return digest


def _flat(files: tuple[tuple[str, str], ...]) -> list[str]:
    return [part for pair in files for part in pair]
