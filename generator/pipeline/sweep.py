"""What a build leaves of the builds before it: the files an earlier build wrote and this one
did not are removed, if they still hold the bytes that build wrote (one the user changed is
theirs). Without the cache (``--no-cache``, or after ``pnp clean``) nothing is known of earlier
builds, and nothing is removed."""

from __future__ import annotations

import contextlib
from pathlib import Path, PurePosixPath

from generator.options import CARDS, Options
from generator.pipeline.remembered import digest_of, remember_wrote, wrote_items
from generator.runtime.cache import Cache, key
from generator.runtime.writer import Written


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
            for item in wrote_items(cache, entry):
                path = out / item["path"]
                if item["path"] in made or not item["path"].startswith(f"{folder}/"):
                    continue
                if digest_of(path, out) == item["digest"]:
                    with contextlib.suppress(OSError):
                        path.unlink()
                        removed.append(path)
            remember_wrote(cache, entry, wrote.get((folder, paper, printed), []), out)
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
