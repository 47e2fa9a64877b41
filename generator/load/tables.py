"""A spreadsheet's rows as read, before they are cards (:mod:`generator.load.sheets`): a CSV
file's here, a workbook's in :mod:`generator.load.workbooks`.

A CSV file is read as Google Sheets and LibreOffice export it: UTF-8 with or without a byte
order mark, CRLF or LF line ends, quoted cells holding commas, quotes and line breaks, a last
line with or without its line end, and ``;`` between cells where the header row has semicolons
and no comma (LibreOffice in some locales; a field's name holds neither). Each row keeps its
exact text, so a conversion back to CSV can give the same bytes
(:mod:`generator.authoring.deck_sheets`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.load.yaml_reader import MAX_YAML_BYTES, read_text
from generator.problems import ProblemLog

MAX_SHEET_ROWS = 4_096
MAX_SHEET_COLUMNS = 256
"""The most rows and columns a deck's sheet may span: a deck file holds at most 2,000 entries
(:data:`generator.load.card_files.MAX_DECK_CARDS`) and a card a few dozen fields. Past them a
sheet is refused before its cells are read: a workbook of a few bytes may name a cell a
million rows down, and its reader would make room for every cell up to it."""


@dataclass(frozen=True)
class Record:
    """One row of a sheet as read: its cells (texts from CSV, typed values from a workbook,
    trailing empty cells of a workbook left out) and, from CSV, its exact text."""

    row: int
    cells: list[Any]
    raw: str = ""

    @property
    def blank(self) -> bool:
        return all(cell == "" for cell in self.cells)


@dataclass
class Table:
    """A sheet's rows as read, blank ones included, and how a CSV file writes them (what a
    conversion back to CSV needs to give the same bytes)."""

    records: list[Record]
    bom: bool = False
    delimiter: str = ","
    columns: list[str] = field(default_factory=list)
    """The header's names, set by :func:`sheet_entries`."""


def too_large(what: str) -> str:
    """How a sheet too large to be a deck is refused."""
    return f"{what}: not a deck's sheet (refused)"


def csv_table(path: Path, log: ProblemLog, root: Path | None) -> Table | None:
    """The rows of a CSV file, each with its exact text."""
    text = read_text(path, log, root, MAX_YAML_BYTES, kind="a deck's sheet")
    if text is None:
        return None
    bom = text.startswith("\ufeff")
    text = text.removeprefix("\ufeff")
    header = text.partition("\n")[0]
    delimiter = ";" if ";" in header and "," not in header else ","
    records: list[Record] = []
    lines = _Lines(text)
    try:
        for row, cells in enumerate(csv.reader(lines, delimiter=delimiter, strict=True), 1):
            if row > MAX_SHEET_ROWS:
                log.add(row, "", too_large(f"more than {MAX_SHEET_ROWS:,} rows"))
                return None
            records.append(Record(row, cells, lines.taken()))
    except csv.Error as error:
        log.add(len(records) + 1, "", f"not CSV: {error}")
        return None
    return Table(records, bom, delimiter)


class _Lines:
    """The lines of a text as :func:`csv.reader` asks for them, their ends kept, remembering
    which lines made the last row (one row may span lines: a quoted cell of several)."""

    def __init__(self, text: str) -> None:
        self.lines = iter(io.StringIO(text, newline=""))
        self.read: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self.lines)
        self.read.append(line)
        return line

    def taken(self) -> str:
        """The text of the row just read."""
        text, self.read = "".join(self.read), []
        return text
