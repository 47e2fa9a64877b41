"""A deck's cards from a spreadsheet: ``decks/<deck>.csv`` (or ``.xlsx`` / ``.ods``, read by
:mod:`generator.load.workbooks`) instead of ``decks/<deck>.yaml``.

The header row names the fields (and ``copies``), each row below is a card entry. A row is
turned into the same :class:`~generator.load.yaml_reader.Mapping` a YAML card is, each cell
typed by its field (``"3"`` in an integer column is 3, ``TRUE`` in a true-or-false one is true,
an empty cell is a field left out), and its positions are
:class:`~generator.problems.Cell` s: every check written for YAML reports the cell,
``decks/heroes.csv:3:2:``, with no change. Rows count from 1 with the header as row 1, columns
from 1, as spreadsheets show them (a row of a CSV file holding a cell of several lines is
still one row).
"""

from __future__ import annotations

import re
from collections.abc import Mapping as MappingABC
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from generator.load.expansion_fields import COPIES
from generator.load.schema import Field, unknown_key
from generator.load.tables import MAX_SHEET_COLUMNS, Record, Table, csv_table, too_large
from generator.load.workbooks import workbook_table
from generator.load.yaml_reader import MAX_INT_DIGITS, Mapping, Sequence
from generator.problems import Cell, ProblemLog, clipped

SHEET_SUFFIXES = (".csv", ".xlsx", ".ods")
"""The spreadsheet files a deck's cards may be in, beside ``.yaml``."""
CELL_KINDS = (str, int, float, bool)
"""What a cell can hold: a field of another kind (a list, a mapping) needs YAML."""
TRUE_WORDS = ("true", "yes")
FALSE_WORDS = ("false", "no")
"""How a true-or-false cell may be written, in any case: ``TRUE``/``FALSE`` as Google Sheets
and LibreOffice export them, ``true``/``false`` as YAML writes them, ``yes``/``no``."""
_INTEGER = re.compile(rf"[+-]?[0-9]{{1,{MAX_INT_DIGITS}}}")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")


def read_sheet(
    path: Path, deck_id: str, fields: MappingABC[str, Field], log: ProblemLog, root: Path | None
) -> tuple[Table, Sequence] | None:
    """The card entries of a deck's sheet, or ``None`` with its problems logged."""
    table = read_table(path, log, root)
    if table is None:
        return None
    entries = sheet_entries(table, deck_id, fields, log)
    return None if entries is None else (table, entries)


def read_table(path: Path, log: ProblemLog, root: Path | None) -> Table | None:
    """The rows of a CSV file or a workbook's first sheet."""
    if path.suffix.lower() == ".csv":
        return csv_table(path, log, root)
    return workbook_table(path, log, root)


def sheet_entries(
    table: Table, deck_id: str, fields: MappingABC[str, Field], log: ProblemLog
) -> Sequence | None:
    """The card entries the rows below the header stand for, a row a card (blank rows left
    out); ``None`` when the sheet has no header row."""
    rows = iter(record for record in table.records if not record.blank)
    header = next(rows, None)
    if header is None:
        log.add(1, "", "the file is empty: its first row names the fields")
        return None
    if len(header.cells) > MAX_SHEET_COLUMNS:
        log.add(header.row, "", too_large(f"more than {MAX_SHEET_COLUMNS} columns"))
        return None
    known = {**fields, "copies": COPIES}
    table.columns = [_name(cell) for cell in header.cells]
    columns = _columns(header, table.columns, deck_id, known, log)
    entries = Sequence()
    entries.line, entries.lines = header.row, []
    for record in rows:
        where = f"{deck_id}[{len(entries)}]"
        entries.append(_entry(record, columns, table.columns, where, log))
        entries.lines.append(record.row)
    return entries


def _name(cell: Any) -> str:
    return cell.strip() if isinstance(cell, str) else str(cell)


def _columns(
    header: Record,
    names: list[str],
    deck_id: str,
    known: MappingABC[str, Field],
    log: ProblemLog,
) -> list[tuple[str, Field] | None]:
    """Each column's field, ``None`` for a column read for no field (nameless, unknown,
    repeated or of a field no cell can hold: each told once, at its header cell)."""
    columns: list[tuple[str, Field] | None] = []
    first: dict[str, int] = {}
    for column, name in enumerate(names, 1):
        at, where, problem = Cell(header.row, column), clipped(name), None
        if not name:
            problem = None
        elif name not in known:
            problem = unknown_key(name, known)
        elif name in first:
            problem = f"duplicate column (first given in column {first[name]})"
        elif known[name].kind not in CELL_KINDS:
            what = "a list" if known[name].kind is list else "more than one value"
            problem = f"holds {what}, which a cell cannot: keep the deck {deck_id} in YAML"
        if problem is not None:
            log.add(at, where, problem)
        ok = bool(name) and problem is None
        columns.append((name, known[name]) if ok else None)
        first.setdefault(name, column)
    return columns


def _entry(
    record: Record,
    columns: list[tuple[str, Field] | None],
    names: list[str],
    where: str,
    log: ProblemLog,
) -> Mapping:
    """One card entry: the row's filled cells under their fields' names, typed, and where
    each named column's cell is (a field left empty is reported missing at its cell)."""
    entry = Mapping()
    entry.line, entry.lines = record.row, {}
    if len(record.cells) > len(names):
        what = f"more cells than the header's {len(names)} columns"
        log.add(Cell(record.row, len(names) + 1), where, what)
    for column, (cell, named) in enumerate(zip(record.cells, columns, strict=False), 1):
        if named is None:
            if cell != "" and not names[column - 1]:
                what = "a value in a column whose header is empty: name its field in row 1"
                log.add(Cell(record.row, column), where, what)
            continue
        name, kind = named[0], named[1].kind
        entry.lines[name] = Cell(record.row, column)
        if cell != "":
            entry[name] = typed(cell, kind)
    for column, named in enumerate(columns[len(record.cells) :], len(record.cells) + 1):
        if named is not None:
            entry.lines[named[0]] = Cell(record.row, column)
    return entry


def typed(cell: Any, kind: type) -> Any:
    """A cell as its field reads it; a cell that is not of the field's kind stays as written,
    for the field's check to name it (``expected an integer, got 'x'``)."""
    if isinstance(cell, (datetime, date, time)):
        cell = cell.isoformat()
    elif isinstance(cell, timedelta):
        cell = str(cell)
    if isinstance(cell, str):
        return cell if kind is str else _from_text(cell, kind)
    if isinstance(cell, float) and cell.is_integer() and kind in (int, str):
        cell = int(cell)
    if kind is str:
        return ("TRUE" if cell else "FALSE") if isinstance(cell, bool) else repr(cell)
    return cell


def _from_text(text: str, kind: type) -> Any:
    """A CSV cell (or a workbook's text cell) read as an integer, a number or true-or-false."""
    word = text.strip()
    if kind is bool:
        lower = word.lower()
        return True if lower in TRUE_WORDS else False if lower in FALSE_WORDS else text
    if _INTEGER.fullmatch(word):
        return int(word)
    if kind is float and _NUMBER.fullmatch(word):
        return float(word)
    return text
