"""Builds and checks with nothing to do, answered from the cache before the drawing pipeline is
even imported (cairo, pikepdf, Jinja and reportlab take longer to import than such a build
takes to finish).

A whole build is remembered under the digest of everything it was made from (every input file
of every game it printed, their rule engines, pnp's code and libraries, the options and
languages asked for): if none changed, its files are the ones listed, and the cache holds their
bytes. A validation is remembered per game the same way. Anything else (a changed file, a game
without an engine, a name that is not a game) goes the long way, which also explains mistakes.

Either way, what the build before it wrote and it does not is removed (:func:`sweep`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from generator.games.shipped import DESIGNED, REGISTERED, SHIPPED
from generator.languages import AS_WRITTEN, Languages
from generator.load.expansions import Expansion, of_game
from generator.options import Options
from generator.pipeline.inputs import GameInputs, game_inputs
from generator.pipeline.remembered import (
    Verdict,
    build_key,
    build_notes,
    digest_of,
    listed,
    options_key,
    remember_build_listing,
    verdict,
)
from generator.pipeline.sweep import sweep
from generator.runtime.cache import Cache
from generator.runtime.folders import discover_games
from generator.runtime.versions import SHIPPED_KINDS, engine_version
from generator.runtime.writer import Writer, Written, output_folder_problem


def engine_of(data_dir: Path, game: str) -> str | None:
    """Which rule engine ``game`` has, as :func:`engine_version` names it, read without
    importing it: a shipped game's, one registered for a while, or the generic engine of a
    game described in data (its rules are in ``game.yaml``, one of the game's inputs);
    ``None`` for a folder without ``game.yaml``, which goes the long way and is explained
    there."""
    if game in REGISTERED:
        return engine_version(*REGISTERED[game])
    shipped = next((s for s in SHIPPED if s.game == game), None)
    if shipped is not None:
        return engine_version(f"{shipped.module}.engine", shipped.engine)
    if (data_dir / game / "game.yaml").is_file():
        return engine_version(*DESIGNED)
    return None


def identity(engine: object) -> str:
    """An engine as :func:`engine_of` names it."""
    kind = type(engine)
    return engine_version(kind.__module__, kind.__qualname__)


def requested(
    data_dir: Path,
    names: tuple[str, ...],
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> list[GameInputs] | None:
    """The inputs of the games asked for (every game when none), each with the expansions laid
    over it, if each is a game of ``data_dir`` with a rule engine."""
    games = discover_games(data_dir)
    if not games or any(name not in games for name in names):
        return None
    found = []
    for name in names or games:
        engine = engine_of(data_dir, name)
        if engine is None:
            return None
        found.append(game_inputs(data_dir, name, engine, of_game(expansions, name), languages))
    return found


class Built(NamedTuple):
    """What a build did: the files it wrote (or found written), those an earlier build wrote
    that it removed (:func:`sweep`), and what it said of the languages it left out."""

    written: list[Written]
    removed: list[Path]
    notes: tuple[str, ...] = ()


def restore(
    data_dir: Path,
    names: tuple[str, ...],
    langs: tuple[str, ...],
    printings: tuple[Options, ...],
    out: Path,
    cache: Cache,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> Built | None:
    """The files of a build whose inputs did not change, put back where they differ from the
    output folder, and the notes it gave; ``None`` if this build was not made before with
    these inputs."""
    inputs = requested(data_dir, names, expansions, languages)
    if inputs is None or output_folder_problem(out):
        return None
    entry = build_key(inputs, langs, options_key(printings), SHIPPED_KINDS)
    files = listed(entry, out, cache)
    notes = build_notes(cache, entry)
    if files is None or notes is None:
        return None
    writer = Writer(out)
    try:
        for file, _, data in files:
            if data is not None:
                writer.write_bytes(file.path, data)
        changed = set(writer.commit())
    finally:
        writer.discard()
    removed = sweep([(file, digest) for file, digest, _ in files], out, printings, cache)
    restored = [file._replace(changed=file.path in changed) for file, _, _ in files]
    return Built(restored, removed, notes)


def remember_build(
    inputs: list[GameInputs],
    langs: tuple[str, ...],
    printings: tuple[Options, ...],
    out: Path,
    written: list[Written],
    cache: Cache,
    notes: tuple[str, ...],
    kinds: str,
) -> list[Path]:
    """List a finished build's files under the key of its inputs (their bytes are in the
    cache already, put there as each was made) with its ``notes`` (:func:`restore` says them
    again), and :func:`sweep` what an earlier build left; the files removed."""
    files = [(file, digest_of(file.path, out)) for file in written]
    found = [(file, made) for file, made in files if made is not None]
    removed = sweep(found, out, printings, cache)
    if len(found) == len(files):  # else a file was not kept: this build is not answered later
        entry = build_key(inputs, langs, options_key(printings), kinds)
        remember_build_listing(cache, entry, found, out, notes)
    return removed


def verdicts(
    data_dir: Path,
    names: tuple[str, ...],
    papers: tuple[str, ...],
    cache: Cache,
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
) -> list[Verdict] | None:
    """What ``pnp validate`` said of every game asked for, if none changed since."""
    inputs = requested(data_dir, names, expansions, languages)
    if inputs is None:
        return None
    found = [verdict(cache, game, papers, SHIPPED_KINDS) for game in inputs]
    return None if any(v is None for v in found) else [v for v in found if v is not None]
