"""Every entry the pipeline keeps in the cache, and the one place it looks them up.

A game's check, the faces of a language, each output file and a whole build are remembered
under the digest of what they were made from (:mod:`generator.pipeline.inputs`): the same
inputs give the same entry, so an unchanged game is not loaded, an unchanged language not
rendered, an unchanged file not written again. An entry is data from disk like any other: one
that is damaged or of another kind is a miss (the work is done again), never a crash.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from generator.model import Draft
from generator.options import Options
from generator.pipeline.inputs import GameInputs
from generator.runtime.cache import MAX_ENTRY, MAX_LISTED, Cache, json_payload, key
from generator.runtime.ink import BACK, FRONT, PageInk
from generator.runtime.reading import Refused, Within, digest
from generator.runtime.versions import build_date, code_version
from generator.runtime.writer import Written

if TYPE_CHECKING:
    from generator.outputs.base import OutputKind


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


def options_key(printings: tuple[Options, ...]) -> str:
    """The options of a build, one for each paper it prints on, as its keys name them."""
    return repr(printings)


def build_key(inputs: list[GameInputs], langs: tuple[str, ...], options: str, kinds: str) -> str:
    return key(
        "build",
        code_version(),
        build_date(),
        kinds,
        options,
        *langs,
        "|",
        *(part for game in inputs for part in (game.game, game.all())),
    )


def _check_key(inputs: GameInputs, papers: tuple[str, ...], kinds: str) -> str:
    return key("check", inputs.all(), kinds, *papers)


def verdict(
    cache: Cache, inputs: GameInputs, papers: tuple[str, ...], kinds: str
) -> Verdict | None:
    """What ``pnp validate`` said of a game when its inputs were these, if it passed."""
    return cache.parsed(_check_key(inputs, papers, kinds), Verdict.unpack, MAX_LISTED)


def remember_verdict(
    cache: Cache, inputs: GameInputs, papers: tuple[str, ...], kinds: str, said: Verdict
) -> None:
    cache.put(_check_key(inputs, papers, kinds), said.pack())


def checked_drafts(cache: Cache, inputs: GameInputs) -> dict[str, Draft] | None:
    """The translations in progress of a game whose every file, in every language, passed
    the check of a build with these inputs; ``None`` if none did."""
    return _drafts(cache.get(_checked_key(inputs)))


def remember_checked(cache: Cache, inputs: GameInputs, found: Mapping[str, Draft]) -> None:
    cache.put(_checked_key(inputs), _drafts_entry(found))


def rendered_before(cache: Cache, inputs: GameInputs, lang: str) -> bool:
    """Whether every face of a language rendered without a problem from these inputs."""
    return cache.get(_rendered_key(inputs, lang)) is not None


def remember_rendered(cache: Cache, inputs: GameInputs, lang: str) -> None:
    cache.put(_rendered_key(inputs, lang), b"ok")


def _checked_key(inputs: GameInputs) -> str:
    """A game whose every file, in every language, passed the check of a build: its entry
    holds the game's translations in progress (:func:`_drafts_entry`)."""
    return key("checked", inputs.all())


def _drafts_entry(found: Mapping[str, Draft]) -> bytes:
    """A game's translations in progress, as its checked entry keeps them."""
    return json.dumps([[d.lang, d.file, d.has, d.texts] for d in found.values()]).encode()


def _drafts(entry: bytes | None) -> dict[str, Draft] | None:
    """The translations in progress a checked entry holds; ``None`` without one (or with
    what :func:`_drafts_entry` does not write)."""
    fields = json_payload(entry) if entry is not None else None
    if not isinstance(fields, list):
        return None
    try:
        found = [
            Draft(str(lang), str(file), int(has), int(texts)) for lang, file, has, texts in fields
        ]
    except (ValueError, TypeError):  # not four fields, or a count that is no number
        return None
    return {draft.lang: draft for draft in found}


def _rendered_key(inputs: GameInputs, lang: str) -> str:
    """A language whose faces all rendered without a problem (the check of it)."""
    return key("rendered", inputs.language(lang))


def output_key(inputs: GameInputs, lang: str, kind: OutputKind, options: Options) -> str:
    """What one kind of output of a game in a language is made from: that language's inputs,
    the kind and the options (and the build date a PDF states)."""
    return key("output", inputs.language(lang), made_by(kind), repr(options), build_date())


def made_by(kind: OutputKind) -> str:
    """What makes an output: its kind, and the settings a kind is made with (a test's)."""
    settings = repr(sorted(vars(kind).items()))
    return f"{type(kind).__module__}.{type(kind).__qualname__} {kind.name} {settings}"


Listed = list[tuple[Written, str, "bytes | None"]]
"""Files as the cache lists them, each with the digest of its bytes, and the bytes where the
output folder's copy differs."""


def _listing(files: list[tuple[Written, str]], out: Path) -> bytes:
    """The list of files (each with the digest of its bytes) to keep in the cache: where each
    lies under ``out``, its digest, kind, paper, pages, cards, pages saved, and the ink and
    side of each page."""
    entries = [
        {"path": file.path.relative_to(out).as_posix(), "digest": digest, "kind": file.kind}
        | {"paper": file.paper, "pages": file.pages, "cards": file.cards, "saved": file.saved}
        | {"ink": [list(page) for page in file.ink], "sides": list(file.sides)}
        for file, digest in files
    ]
    return json.dumps(entries, sort_keys=True).encode()


def listed(entry: str, out: Path, cache: Cache) -> Listed | None:
    """The files the :func:`_listing` under ``entry`` names, under ``out``; ``None`` without a
    listing (or with one that is not what :func:`_listing` writes), or if the cache has lost
    (or holds other bytes than) a file the output folder lacks."""
    found = cache.parsed(entry, _items, MAX_LISTED)
    if found is None:
        return None
    files: Listed = []
    for item in found:
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
"""The fields of a file in a :func:`_listing`, with their types."""
SIDES = ("", FRONT, BACK)
"""What a page of a listed file may be (:attr:`Written.sides`)."""


def _items(entry: bytes) -> list[dict[str, Any]] | None:
    """The files of a listing, if it is one: a cache entry with the right digest may still
    hold anything (an entry of another kind, a stranger's bytes), which is a miss, never a
    crash. Each path must be a relative path down into the output folder."""
    entries = json_payload(entry)
    if not isinstance(entries, list):
        return None
    for item in entries:
        if not isinstance(item, dict) or set(item) != set(_LISTED):
            return None
        if any(type(item[name]) is not kind for name, kind in _LISTED.items()):
            return None
        if not (_down(item["path"]) and item["kind"].isprintable() and item["paper"].isprintable()):
            return None
        if not (all(map(_ink, item["ink"])) and all(side in SIDES for side in item["sides"])):
            return None
    paths = [item["path"] for item in entries]
    return entries if len(set(paths)) == len(paths) else None


def _ink(page: object) -> bool:
    """Whether ``page`` is a page's ink as :func:`_listing` writes it: two numbers."""
    return (
        isinstance(page, list)
        and len(page) == 2
        and all(type(figure) in (int, float) for figure in page)
    )


def _down(path: str) -> bool:
    """Whether ``path`` is a plain relative path (as :func:`_listing` writes it: no ``..``,
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


def digest_of(path: Path, out: Path) -> str | None:
    """The digest of the output file ``path`` in the output folder ``out``; ``None`` if
    there is no regular file there (a link, a pipe: the build replaces it)."""
    try:
        return digest(path, Within.folder(out), MAX_ENTRY)
    except Refused:
        return None


def remember(
    cache: Cache,
    entries: tuple[str, ...],
    written: list[Written],
    staged: dict[Path, Path],
    out: Path,
) -> None:
    """Keep each file's bytes (``staged``: where each is staged), and the list of them under
    each of ``entries``."""
    files = []
    for file in written:
        data = staged[file.path].read_bytes()
        made = hashlib.sha256(data).hexdigest()
        cache.put(key("file", made), data)
        files.append((file, made))
    listing = _listing(files, out)
    for entry in entries:
        cache.put(entry, listing)


def remember_listed(cache: Cache, entry: str, found: Listed, out: Path) -> None:
    """List under ``entry`` too the files found listed under another (their bytes are kept
    already)."""
    cache.put(entry, _listing([(file, made) for file, made, _ in found], out))


def build_notes(cache: Cache, entry: str) -> tuple[str, ...] | None:
    """The notes the build listed under ``entry`` gave (:func:`remember_build_listing`)."""
    return cache.parsed(key("notes", entry), _notes, MAX_LISTED)


def _notes(entry: bytes) -> tuple[str, ...] | None:
    notes = json_payload(entry)
    if not isinstance(notes, list) or not all(isinstance(note, str) for note in notes):
        return None
    return tuple(notes)


def remember_build_listing(
    cache: Cache, entry: str, files: list[tuple[Written, str]], out: Path, notes: tuple[str, ...]
) -> bool:
    """List a finished build's files (each with its digest) and its notes under ``entry``, if
    the cache kept the bytes of every one of them; whether it did."""
    if not all(cache.path(key("file", made)).is_file() for _, made in files):
        return False
    cache.put(key("notes", entry), json.dumps(notes).encode())
    cache.put(entry, _listing(files, out))
    return True


def wrote_items(cache: Cache, entry: str) -> list[dict[str, Any]]:
    """What the builds before wrote, as :func:`remember_wrote` listed it under ``entry``."""
    return cache.parsed(entry, _items, MAX_LISTED) or []


def remember_wrote(cache: Cache, entry: str, files: list[tuple[Written, str]], out: Path) -> None:
    cache.put(entry, _listing(files, out))
