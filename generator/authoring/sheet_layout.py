"""How a deck's CSV file writes its cards, kept in the YAML file ``pnp cards import`` makes of
it (:mod:`generator.authoring.deck_sheets`), so that ``pnp cards export`` gives the same bytes
back: the columns in their order, the line ends, the byte order mark, ``;`` or ``,``, the
spelling of true and false, whether the last line ends, and the exact text of each row that
the canonical writing would change (a blank row, ``03`` for 3, a cell quoted that needs no
quotes). A row's own text is used only while the card it stands for is unchanged.

YAML written by hand has no layout: its CSV has the deck's fields as columns, in their order,
then ``copies``, written as Google Sheets writes CSV (CRLF, quotes only where needed).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass, field
from typing import Any

from generator.load.expansion_fields import COPIES
from generator.load.schema import Field
from generator.load.sheets import CELL_KINDS, typed
from generator.load.tables import Record, Table

MARK = "# pnp-sheet: "
"""The comment line that holds a layout, as JSON."""
NEWLINES = ("\r\n", "\n", "\r")
HEADER = None
"""The header row among the rows a layout writes (the others are the cards' values)."""

Row = MappingABC[str, Any] | None


@dataclass
class Layout:
    """How a CSV file writes a deck (the defaults: the canonical CSV)."""

    columns: list[str]
    newline: str = "\r\n"
    delimiter: str = ","
    bom: bool = False
    end: bool = True
    """Whether the last row ends with a line end (Google Sheets leaves it out)."""
    words: tuple[str, str] = ("TRUE", "FALSE")
    """How true and false are written."""
    rows: dict[int, str] = field(default_factory=dict)
    """The exact text of each row (counted from 0, blank rows too) that its canonical writing
    would change."""

    @classmethod
    def canonical(cls, fields: MappingABC[str, Field]) -> Layout:
        """The deck's fields that a cell can hold, in their order, then ``copies``."""
        return cls(
            [name for name, given in fields.items() if given.kind in CELL_KINDS] + ["copies"]
        )

    @classmethod
    def of(cls, table: Table, fields: MappingABC[str, Field]) -> Layout:
        """The layout of a CSV file as read (a workbook's: the canonical one, its columns)."""
        layout = cls(list(table.columns), bom=table.bom, delimiter=table.delimiter)
        records = table.records
        if not any(record.raw for record in records):
            return layout
        layout.end = records[-1].raw.endswith(NEWLINES)
        layout.newline = next((n for n in NEWLINES if records[0].raw.endswith(n)), "\r\n")
        layout.words = _words(records, layout.columns, fields, layout.words)
        items = iter([HEADER, *_values(records, layout.columns, fields)])
        for index, record in enumerate(records):
            raw = record.raw if record.raw.endswith(NEWLINES) else record.raw + layout.newline
            if record.blank or raw != layout.row_text(next(items)):
                layout.rows[index] = raw
        return layout

    def comment(self) -> str:
        """The layout as the comment line that keeps it: its columns and what differs from
        the canonical CSV (ASCII, so no character of a row can end the comment's line)."""
        given: dict[str, Any] = {"columns": self.columns}
        canonical = Layout(self.columns)
        for name in ("newline", "delimiter", "bom", "end", "words", "rows"):
            if getattr(self, name) != getattr(canonical, name):
                given[name] = getattr(self, name)
        return MARK + json.dumps(given, ensure_ascii=True)

    @classmethod
    def parse(cls, text: str) -> Layout:
        """The layout a comment line gives; ``ValueError`` saying what is wrong with it."""
        given = json.loads(text.removeprefix(MARK))
        if not isinstance(given, dict) or not _texts(given.get("columns")):
            raise ValueError("expected its columns")
        layout = cls(given["columns"])
        layout.newline = given.get("newline", layout.newline)
        layout.delimiter = given.get("delimiter", layout.delimiter)
        layout.bom, layout.end = given.get("bom", False) is True, given.get("end", True) is True
        words = given.get("words", layout.words)
        layout.words = (words[0], words[1]) if _texts(words) and len(words) == 2 else layout.words
        rows = given.get("rows", {})
        if layout.newline not in NEWLINES or layout.delimiter not in (",", ";"):
            raise ValueError("unknown line ends or separator")
        if not isinstance(rows, dict) or not _texts(list(rows.values())):
            raise ValueError("expected rows as texts")
        layout.rows = {int(index): raw for index, raw in rows.items()}
        return layout

    def sheet(self, entries: list[dict[str, Any]], fields: MappingABC[str, Field]) -> str:
        """The CSV text of the cards ``entries`` (each a card's values)."""
        texts, index = [], 0
        items: list[Row] = [HEADER, *entries]
        for item in items:
            while index in self.rows and _blank(self.rows[index], self.delimiter):
                texts.append(self.rows[index])
                index += 1
            own = self.rows.get(index)
            if own is not None and self._kept(own, item, fields):
                texts.append(own)
            else:
                texts.append(self.row_text(item))
            index += 1
        while index in self.rows and _blank(self.rows[index], self.delimiter):
            texts.append(self.rows[index])
            index += 1
        text = "".join(texts)
        if not self.end:
            text = text.removesuffix("\n").removesuffix("\r")
        return ("\ufeff" if self.bom else "") + text

    def _kept(self, own: str, item: Row, fields: MappingABC[str, Field]) -> bool:
        """Whether a row's own text still says what it did: the same names, the same card."""
        if item is HEADER:
            return _names(own, self.delimiter) == self.columns
        return self.read(own, fields) == item

    def row_text(self, values: Row) -> str:
        """A row as the canonical writing gives it: the header's names, or a card's cells."""
        cells = (
            self.columns
            if values is None
            else [self.cell_text(values.get(name)) if name else "" for name in self.columns]
        )
        return self.delimiter.join(self.quoted(cell) for cell in cells) + self.newline

    def cell_text(self, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.words[0] if value else self.words[1]
        return value if isinstance(value, str) else repr(value)

    def quoted(self, cell: str) -> str:
        """A cell quoted where it must be: holding the separator, a quote or a line end."""
        if any(mark in cell for mark in (self.delimiter, '"', "\r", "\n")):
            return '"' + cell.replace('"', '""') + '"'
        return cell

    def read(self, row: str, fields: MappingABC[str, Field]) -> dict[str, Any]:
        """The values a row's text gives, as the loader reads them."""
        return _typed(_cells(row, self.delimiter), self.columns, fields)


def _cells(text: str, delimiter: str) -> list[str]:
    return next(csv.reader([text], delimiter=delimiter), [])


def _names(text: str, delimiter: str) -> list[str]:
    """A header row's names, as the loader reads them (spaces around a name are no part of
    it)."""
    return [cell.strip() for cell in _cells(text, delimiter)]


def _blank(text: str, delimiter: str) -> bool:
    return all(cell == "" for cell in _cells(text, delimiter))


def _typed(cells: list[Any], columns: list[str], fields: MappingABC[str, Field]) -> dict[str, Any]:
    known = {**fields, "copies": COPIES}
    return {
        name: typed(cell, known[name].kind)
        for name, cell in zip(columns, cells, strict=False)
        if name in known and cell != ""
    }


def _values(
    records: list[Record], columns: list[str], fields: MappingABC[str, Field]
) -> list[dict[str, Any]]:
    """The values of each card row (after the header; blank rows left out)."""
    rows = [record for record in records if not record.blank][1:]
    return [_typed(record.cells, columns, fields) for record in rows]


def _words(
    records: list[Record], columns: list[str], fields: MappingABC[str, Field], given: Any
) -> tuple[str, str]:
    """How the sheet writes true and false: the first cell of each in a true-or-false column."""
    found = dict(zip((True, False), given, strict=True))
    seen: set[bool] = set()
    for record in records[1:]:
        for name, cell in zip(columns, record.cells, strict=False):
            value = typed(cell, fields[name].kind) if name in fields else None
            if isinstance(value, bool) and fields[name].kind is bool and value not in seen:
                found[value] = cell
                seen.add(value)
    return found[True], found[False]


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)
