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

import contextlib
import hashlib
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from generator.games.shipped import SHIPPED
from generator.languages import AS_WRITTEN, Languages
from generator.load.expansions import Expansion, of_game
from generator.options import CARDS, Options
from generator.pipeline.inputs import GameInputs, game_inputs
from generator.runtime.cache import MAX_ENTRY, MAX_LISTED, Cache, json_payload, key
from generator.runtime.folders import discover_games
from generator.runtime.ink import BACK, FRONT, PageInk
from generator.runtime.reading import Refused, Within, digest
from generator.runtime.versions import build_date, code_version, engine_version
from generator.runtime.writer import Writer, Written, output_folder_problem


@dataclass(frozen=True)
class Verdict:
    """What ``pnp validate`` says of a game that passed: its decks with their card counts,
    its languages, and a line for each translation in progress (checked but for the texts
    it lacks)."""

    game: str
    decks: tuple[tuple[str, int], ...]
    locales: tuple[str, ...]
    notes: tuple[str, ...] = ()

    def pack(self) -> bytes:
        return json.dumps(asdict(self)).encode()

    @classmethod
    def unpack(cls, payload: bytes) -> Verdict | None:
        """The verdict a cache entry holds; ``None`` for a damaged one (the game is checked
        again)."""
        fields = json_payload(payload)
        try:
            decks = tuple((str(deck), int(count)) for deck, count in fields["decks"])
            locales = tuple(str(lang) for lang in fields["locales"])
            notes = tuple(str(note) for note in fields["notes"])
            return cls(str(fields["game"]), decks, locales, notes)
        except (ValueError, KeyError, TypeError):
            return None


def engine_of(game: str) -> str | None:
    """Which rule engine ``game`` has, as :func:`engine_version` names it; ``None`` if none.
    A game a test registered is known once the registry has been imported."""
    registry = sys.modules.get("generator.games.registry")
    if registry is not None:
        engine = registry.find_engine(game)
        return None if engine is None else identity(engine)
    shipped = next((s for s in SHIPPED if s.game == game), None)
    return engine_version(f"{shipped.module}.engine", shipped.engine) if shipped else None


def identity(engine: object) -> str:
    kind = type(engine)
    return engine_version(kind.__module__, kind.__qualname__)


def options_key(printings: tuple[Options, ...]) -> str:
    """The options of a build, one for each paper it prints on, as its keys name them."""
    return repr(printings)


def kinds_key() -> str:
    """The output kinds a build makes: pnp's own (its code version says which), unless a test
    or plugin has registered others (:data:`generator.outputs.OUTPUTS`)."""
    outputs = sys.modules.get("generator.outputs")
    if outputs is None or tuple(outputs.OUTPUTS) == outputs.SHIPPED:
        return "shipped"
    return key(
        *(f"{type(k).__module__}.{type(k).__qualname__} {vars(k)!r}" for k in outputs.OUTPUTS)
    )


def build_key(inputs: list[GameInputs], langs: tuple[str, ...], options: str) -> str:
    return key(
        "build",
        code_version(),
        build_date(),
        kinds_key(),
        options,
        *langs,
        "|",
        *(part for game in inputs for part in (game.game, game.all())),
    )


def check_key(inputs: GameInputs, papers: tuple[str, ...]) -> str:
    return key("check", inputs.all(), kinds_key(), *papers)


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
        engine = engine_of(name)
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
    entry = build_key(inputs, langs, options_key(printings))
    files = listed(entry, out, cache)
    notes = cache.parsed(key("notes", entry), _notes, MAX_LISTED)
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


def _notes(entry: bytes) -> tuple[str, ...] | None:
    """The notes a build gave, if ``entry`` is what :func:`remember_build` keeps of them."""
    notes = json_payload(entry)
    if not isinstance(notes, list) or not all(isinstance(note, str) for note in notes):
        return None
    return tuple(notes)


Listed = list[tuple[Written, str, "bytes | None"]]
"""Files as the cache lists them, each with the digest of its bytes, and the bytes where the
output folder's copy differs."""


def listing(files: list[tuple[Written, str]], out: Path) -> bytes:
    """The list of files (each with the digest of its bytes) to keep in the cache: where each
    lies under ``out``, its digest, kind, paper, pages, cards, pages saved, and the ink and
    side of each page."""
    items = [
        {"path": file.path.relative_to(out).as_posix(), "digest": digest, "kind": file.kind}
        | {"paper": file.paper, "pages": file.pages, "cards": file.cards, "saved": file.saved}
        | {"ink": [list(page) for page in file.ink], "sides": list(file.sides)}
        for file, digest in files
    ]
    return json.dumps(items, sort_keys=True).encode()


def listed(entry: str, out: Path, cache: Cache) -> Listed | None:
    """The files the :func:`listing` under ``entry`` names, under ``out``; ``None`` without a
    listing (or with one that is not what :func:`listing` writes), or if the cache has lost
    (or holds other bytes than) a file the output folder lacks."""
    items = cache.parsed(entry, _items, MAX_LISTED)
    if items is None:
        return None
    files: Listed = []
    for item in items:
        path = out / item["path"]
        data = None
        if digest_of(path, out) != item["digest"]:
            data = cache.get(key("file", item["digest"]))
            if data is None or hashlib.sha256(data).hexdigest() != item["digest"]:
                return None
        ink = tuple(PageInk(*page) for page in item["ink"])
        written = Written(
            path,
            item["kind"],
            item["pages"],
            item["cards"],
            saved=item["saved"],
            ink=ink,
            sides=tuple(item["sides"]),
            paper=item["paper"],
        )
        files.append((written, item["digest"], data))
    return files


_LISTED = {
    "path": str,
    "digest": str,
    "kind": str,
    "paper": str,
    "pages": int,
    "cards": int,
    "saved": int,
    "ink": list,
    "sides": list,
}
"""The fields of a file in a :func:`listing`, with their types."""
SIDES = ("", FRONT, BACK)
"""What a page of a listed file may be (:attr:`Written.sides`)."""


def _items(entry: bytes) -> list[dict[str, Any]] | None:
    """The files of a listing, if it is one: a cache entry with the right digest may still
    hold anything (an entry of another kind, a stranger's bytes), which is a miss, never a
    crash. Each path must be a relative path down into the output folder."""
    items = json_payload(entry)
    if not isinstance(items, list):
        return None
    for item in items:
        if not isinstance(item, dict) or set(item) != set(_LISTED):
            return None
        if any(type(item[name]) is not kind for name, kind in _LISTED.items()):
            return None
        if not (_down(item["path"]) and item["kind"].isprintable() and item["paper"].isprintable()):
            return None
        if not (all(map(_ink, item["ink"])) and all(side in SIDES for side in item["sides"])):
            return None
    paths = [item["path"] for item in items]
    return items if len(set(paths)) == len(paths) else None


def _ink(page: object) -> bool:
    """Whether ``page`` is a page's ink as :func:`listing` writes it: two numbers."""
    return (
        isinstance(page, list)
        and len(page) == 2
        and all(type(figure) in (int, float) for figure in page)
    )


def _down(path: str) -> bool:
    """Whether ``path`` is a plain relative path (as :func:`listing` writes it: no ``..``,
    ``.`` or doubled ``/``, nothing a terminal would take as a command) that stays below the
    folder it is joined to."""
    plain = PurePosixPath(path)
    parts = plain.parts
    return (
        bool(parts)
        and str(plain) == path
        and not plain.is_absolute()
        and ".." not in parts
        and path.isprintable()
    )


def remember_build(
    inputs: list[GameInputs],
    langs: tuple[str, ...],
    printings: tuple[Options, ...],
    out: Path,
    written: list[Written],
    cache: Cache,
    notes: tuple[str, ...] = (),
) -> list[Path]:
    """List a finished build's files under the key of its inputs (their bytes are in the
    cache already, put there as each was made) with its ``notes`` (:func:`restore` says them
    again), and :func:`sweep` what an earlier build left; the files removed."""
    files = [(file, digest_of(file.path, out)) for file in written]
    found = [(file, made) for file, made in files if made is not None]
    removed = sweep(found, out, printings, cache)
    kept = all(cache.path(key("file", made)).is_file() for _, made in found)
    if kept and len(found) == len(files):
        entry = build_key(inputs, langs, options_key(printings))
        cache.put(key("notes", entry), json.dumps(notes).encode())
        cache.put(entry, listing(found, out))
    return removed  # else a file was not kept: this build cannot be answered from the cache


def sweep(
    files: list[tuple[Written, str]], out: Path, printings: tuple[Options, ...], cache: Cache
) -> list[Path]:
    """Remove what an earlier build wrote that this one (``files``, each with the digest of
    its bytes) did not; remember what this one wrote. The files removed, in order.

    Every file is named by what changes it (:func:`generator.options.file_name`): builds on
    other papers or printed other ways write files of their own, side by side, and are left
    alone. What a build wrote is listed per folder of a game in a language (``<game>/<lang>``)
    and per what the files' names carry (:func:`_wrote_key`): the card sheets and cut files
    their paper, how they print and the palette; the summary and handouts their paper and
    palette; the PNG faces their palette. The next build that writes files of the same
    names removes what the list names and it did not write, if the file still holds the
    bytes listed (one the user changed is theirs). Without the cache (``--no-cache``, or after
    ``pnp clean``) nothing is known of earlier builds, and nothing is removed."""
    made = {_relative(file.path, out) for file, _ in files}
    wrote: dict[tuple[str, str, bool], list[tuple[Written, str]]] = {}
    for file, made_digest in files:
        group = (_folder(file.path, out), file.paper, _printed(file.path, out))
        wrote.setdefault(group, []).append((file, made_digest))
    options = printings[0]
    papers = dict.fromkeys(printing.paper.name for printing in printings)
    groups = [(paper, printed) for paper in papers for printed in (True, False)]
    groups += [(NO_PAPER, False)] if options.png else []
    removed = []
    for folder in dict.fromkeys(folder for folder, _, _ in wrote):
        for paper, printed in groups:
            entry = _wrote_key(out, folder, paper, options, printed)
            for item in cache.parsed(entry, _items, MAX_LISTED) or []:
                path = out / item["path"]
                if item["path"] in made or not item["path"].startswith(f"{folder}/"):
                    continue
                if digest_of(path, out) == item["digest"]:
                    with contextlib.suppress(OSError):
                        path.unlink()
                        removed.append(path)
            cache.put(entry, listing(wrote.get((folder, paper, printed), []), out))
    for path in removed:
        _remove_empty(path.parent, out / _folder(path, out))
    return removed


NO_PAPER = ""
"""The paper of the files laid out on none (the PNG faces): :attr:`Written.paper`."""


def _wrote_key(out: Path, folder: str, paper: str, options: Options, printed: bool) -> str:
    """The key of what builds into ``folder`` of ``out`` on ``paper`` with ``options`` wrote,
    of files whose names say how the cards print (``printed``: the card sheets and their cut
    files) or not: with the options that name them, not those that only correct a printer (the
    back offset) or a cutter (its marks), which replace files of the same names."""
    named = (options.variants() if printed else (), options.palette, options.only_expansion)
    return key("wrote", str(out.resolve()), folder, paper, repr(named))


def _printed(path: Path, out: Path) -> bool:
    """Whether ``path`` is named by how the cards print: a card sheet or a cut file (in a
    folder named like its sheets), whose names start with :data:`CARDS`."""
    parts = PurePosixPath(_relative(path, out)).parts
    return len(parts) > 2 and parts[2].startswith(f"{CARDS}-")


def _relative(path: Path, out: Path) -> str:
    return path.relative_to(out).as_posix()


def _folder(path: Path, out: Path) -> str:
    """The folder of a game in a language that ``path`` lies in, ``<game>/<lang>``: where
    every output kind writes (:attr:`generator.outputs.base.Job.folder`)."""
    return "/".join(PurePosixPath(_relative(path, out)).parts[:2])


def _remove_empty(folder: Path, top: Path) -> None:
    """Remove ``folder`` and those above it up to ``top`` (kept) while they are empty: the cut
    files' folder of a layout no longer printed, the PNG folder of a deck no longer made."""
    while folder != top and top in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


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
    found = [cache.parsed(check_key(game, papers), Verdict.unpack, MAX_LISTED) for game in inputs]
    return None if any(v is None for v in found) else [v for v in found if v is not None]


def digest_of(path: Path, out: Path) -> str | None:
    """The digest of the output file ``path`` in the output folder ``out``; ``None`` if
    there is no regular file there (a link, a pipe: the build replaces it)."""
    try:
        return digest(path, Within.folder(out), MAX_ENTRY)
    except Refused:
        return None
