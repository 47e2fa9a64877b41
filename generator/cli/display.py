"""What a command shows of its work: a progress bar (or a line per file, without a terminal)
while it works, then its notes and a summary of the files it wrote."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from generator.runtime.ink import summary
from generator.runtime.writer import Written

SHOWN_REMOVED = 3
"""How many of the files a build removed its summary names."""


def print_notes(notes: Sequence[str]) -> None:
    """What a command says beside its work (a translation in progress it left out)."""
    for note in notes:
        print(f"note: {note}", file=sys.stderr)


def summarise(outputs: list[Written], seconds: float, removed: Sequence[Path] = ()) -> None:
    """Each document with its pages, then how many files of each other kind (the PNG faces),
    what an earlier build left that was removed, the totals, and last the documents' ink."""
    documents = [o for o in outputs if o.pages]
    for output in documents:
        counted = f", {output.cards} card{'s' if output.cards != 1 else ''}" if output.cards else ""
        sharing = f" ({_pages(output.saved)} saved by sharing sheets)" if output.saved else ""
        print(f"{output.path}: {_pages(output.pages)}{counted}{sharing}")
    others: dict[str, int] = {}
    for output in outputs:
        if not output.pages:
            others[output.kind] = others.get(output.kind, 0) + 1
    for kind, count in others.items():
        print(f"{count} {kind}")
    if removed:
        print(_removed(removed))
    pages = sum(o.pages for o in documents)
    cards = sum(o.cards for o in documents)
    total, changed = len(outputs), sum(o.changed for o in outputs)
    if changed == total:
        head = f"wrote {total} file{'s' if total != 1 else ''}"
    elif changed == 0:
        head = f"all {total} files up to date"
    else:
        head = f"wrote {changed} of {total} files ({total - changed} up to date)"
    saved = sum(o.saved for o in documents)
    total_saved = f"; sharing sheets saved {_pages(saved)}" if saved else ""
    printed = f": {pages} pages, {cards} cards" if documents else ""
    print(f"{head}{printed} in {seconds:.1f} s{total_saved}")
    measured = [
        page
        for document in documents
        if len(document.ink) == document.pages
        for page in zip(document.ink, document.sides or ("",) * document.pages, strict=True)
    ]
    ink = summary(measured)
    if ink:
        print(ink)


def _removed(removed: Sequence[Path]) -> str:
    """The files of an earlier build that this one removed (see
    :func:`~generator.pipeline.sweep.sweep`): the first few by name."""
    named = ", ".join(str(path) for path in removed[:SHOWN_REMOVED])
    more = len(removed) - SHOWN_REMOVED
    files = f"{len(removed)} file{'s' if len(removed) != 1 else ''}"
    return f"removed {files} an earlier build wrote and this one does not: {named}" + (
        f" and {more} more" if more > 0 else ""
    )


def _pages(count: int) -> str:
    return f"{count} page{'s' if count != 1 else ''}"


class PlainProgress:
    """Without a terminal (a log, CI): a line as each file is made, so a log shows the build
    is alive; the other steps (checking, drawing) pass silently."""

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if label:
            print(label, file=sys.stderr, flush=True)

    def clear(self) -> None:
        pass


class Bar(PlainProgress):
    """On a terminal: one bar across the whole build (rich), removed when done. While the
    games are checked the work is not known yet: the bar pulses, with no count; then it shows
    steps done of a total that stays as it is to the end (see
    :class:`generator.pipeline.tasks.Tasks`)."""

    def __init__(self) -> None:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TimeElapsedColumn(),
            transient=True,
            console=None,
        )
        self.task = self.bar.add_task("checking", total=None, count="")
        self.bar.start()

    def __call__(self, label: str, done: int, total: int | None) -> None:
        description = label or ("building" if total is not None else "checking")
        count = f"{done}/{total}" if total is not None else ""
        self.bar.update(
            self.task, completed=done, total=total, description=description, count=count
        )

    def clear(self) -> None:
        self.bar.stop()
