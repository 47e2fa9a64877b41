"""Two games' measures side by side: a row per key, its value before and after, the change;
printed as a text table or as JSON.

Rows are matched by key (a card id, an ability), never by position, so a card added or
removed shows as a row with one side empty and the other rows stay in line. Without a second
game the report is one column: the game as it is. A sampled number is printed with its 95 %
interval (:class:`~generator.games.balance.Metric`), a counted or exact one alone.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.games.balance import Interval, Measure, Metric

PERCENT = "share"
"""The unit of fractions, printed as percentages and their change in percentage points."""
HEADS = ("before", "after", "change")
LINE = 100
"""Where the text of the report wraps (its rows are as wide as their cells)."""
INTERVALS = (
    "[low, high]: the 95 % interval of a sampled number (Wilson score for a rate, 1.96 standard "
    "errors either side for a mean); a number without one is counted or exact"
)


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    before: float | None
    """``None``: the row is not in that game (a card added or removed)."""
    after: float | None
    before_interval: Interval | None = None
    """The 95 % interval of a sampled value; ``None``: counted, exact, or not there."""
    after_interval: Interval | None = None

    @property
    def change(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@dataclass(frozen=True)
class Table:
    key: str
    title: str
    unit: str
    note: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Report:
    game: str
    lang: str
    compared: bool
    """Two columns (before, after) or the game alone (its values are the ``before``)."""
    tables: tuple[Table, ...]

    @property
    def title(self) -> str:
        return f"{self.game}: balance report" + (", before and after" if self.compared else "")


def compare(before: list[Measure], after: list[Measure] | None = None) -> tuple[Table, ...]:
    """The tables of ``before`` beside those of ``after`` (``None``: ``before`` alone), in
    ``before``'s order, then what only ``after`` has. Labels come from ``after``, which may
    have renamed a card; two rows of one name (two cards alike) are told apart by their keys."""
    if after is None:
        return tuple(_table(section, None) for section in before)
    later = {section.key: section for section in after}
    earlier = {section.key: section for section in before}
    keys = [*earlier, *(key for key in later if key not in earlier)]
    return tuple(_table(earlier.get(key), later.get(key)) for key in keys)


def _table(before: Measure | None, after: Measure | None) -> Table:
    measured = after or before
    assert measured is not None, "a table is measured in at least one game"
    old = {m.key: m for m in before.metrics} if before else {}
    new = {m.key: m for m in after.metrics} if after else {}
    keys = [*old, *(key for key in new if key not in old)]
    labels = {key: (new.get(key) or old[key]).label for key in keys}
    twice = {label for label, count in Counter(labels.values()).items() if count > 1}
    rows = tuple(
        Row(
            key,
            f"{labels[key]} ({key})" if labels[key] in twice else labels[key],
            _value(old.get(key)),
            _value(new.get(key)),
            _interval(old.get(key)),
            _interval(new.get(key)),
        )
        for key in keys
    )
    notes = [section.note for section in (before, after) if section is not None]
    note = notes[0] if len(set(notes)) == 1 else f"before: {notes[0]}; after: {notes[1]}"
    return Table(measured.key, measured.title, measured.unit, note, rows)


def _value(metric: Metric | None) -> float | None:
    return None if metric is None else metric.value


def _interval(metric: Metric | None) -> Interval | None:
    return None if metric is None else metric.interval


def as_text(report: Report) -> str:
    """The title, what an interval is (when a number has one), then a block per table: title
    and unit, how it was measured, and the rows in lined-up columns: each value with its
    interval, and compared, the value after with its interval and the change."""
    blocks = []
    for table in report.tables:
        width = max([len(row.label) for row in table.rows] + [24])
        grid = [_cells(row, table.unit, report.compared) for row in table.rows]
        widths = [max(len(cell) for cell in column) for column in zip(*grid, strict=True)]
        lines = [f"{table.title} ({unit_name(table.unit)})"]
        if table.note:
            lines.append(f"  {table.note}")
        if report.compared:
            spans = [_span(widths[0:2]), _span(widths[2:4]), _span(widths[4:])]
            lines.append(
                " " * (width + 2) + "".join(f"{h:>{w}}" for h, w in zip(HEADS, spans, strict=True))
            )
        for row, cells in zip(table.rows, grid, strict=True):
            lines.append(f"  {row.label:<{width}}" + _line(cells, widths))
        blocks.append("\n".join(line.rstrip() for line in lines))
    sampled = any(
        row.before_interval or row.after_interval for t in report.tables for row in t.rows
    )
    intervals = [textwrap.fill(INTERVALS, LINE)] if sampled else []
    return "\n\n".join([report.title, *intervals, *blocks])


def _cells(row: Row, unit: str, compared: bool) -> list[str]:
    """A row's columns: its value and interval, and compared, those after and the change."""
    cells = [shown(row.before, unit), _bounds(row.before_interval, unit)]
    if compared:
        cells += [shown(row.after, unit), _bounds(row.after_interval, unit), change(row, unit)]
    return cells


def _line(cells: list[str], widths: list[int]) -> str:
    """Cells right-aligned: two spaces before a value, one before its interval (none for a
    column no row has)."""
    return "".join(
        f"{' ' * (1 if index % 2 else 2)}{cell:>{width}}"
        for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        if width
    )


def _span(widths: list[int]) -> int:
    """How wide :func:`_line` prints these columns."""
    return sum(width + (1 if index % 2 else 2) for index, width in enumerate(widths) if width)


def _bounds(interval: Interval | None, unit: str) -> str:
    """An interval as printed, ``[29.2, 38.5]`` (a share's in percent); nothing without one."""
    if interval is None:
        return ""
    low, high = (f"{100 * end:.1f}" if unit == PERCENT else f"{end:.2f}" for end in interval)
    return f"[{low}, {high}]"


def unit_name(unit: str) -> str:
    return "%" if unit == PERCENT else unit


def change(row: Row, unit: str) -> str:
    """A row's change as printed, or that the card (or whatever the row is) is new or gone."""
    if row.before is None:
        return "new"
    if row.after is None:
        return "gone"
    return shown(row.change, unit, change=True)


def shown(value: float | None, unit: str, change: bool = False) -> str:
    """A value as printed: a share as a percentage (a change of one in percentage points),
    whole numbers whole, others to two decimals; ``-`` where there is none."""
    if value is None or math.isnan(value):
        return "-"
    if unit == PERCENT:
        return f"{100 * value:+.1f} pp" if change else f"{100 * value:.1f} %"
    if value == int(value):
        return f"{int(value):+d}" if change else f"{int(value)}"
    return f"{value:+.2f}" if change else f"{value:.2f}"


def as_json(report: Report) -> dict[str, Any]:
    """The report as plain data with keys that stay put: per table its key, title, unit and
    note, and per row its key and label and either ``value`` and ``interval`` (a game alone)
    or ``before``, ``before_interval``, ``after``, ``after_interval`` and ``change`` (``null``
    where a row is in one game only, or not measured; an interval ``[low, high]``, ``null``
    for a number counted or exact)."""
    return {
        "game": report.game,
        "lang": report.lang,
        "compared": report.compared,
        "sections": [
            {
                "key": table.key,
                "title": table.title,
                "unit": table.unit,
                "note": table.note,
                "rows": [_json_row(row, report.compared) for row in table.rows],
            }
            for table in report.tables
        ],
    }


def _json_row(row: Row, compared: bool) -> dict[str, Any]:
    before = {"before": _plain(row.before), "before_interval": _ends(row.before_interval)}
    after = {"after": _plain(row.after), "after_interval": _ends(row.after_interval)}
    values = (
        before | after | {"change": _plain(row.change)}
        if compared
        else {"value": _plain(row.before), "interval": _ends(row.before_interval)}
    )
    return {"key": row.key, "label": row.label} | values


def _ends(interval: Interval | None) -> list[float | None] | None:
    return None if interval is None else [_plain(end) for end in interval]


def _plain(value: float | None) -> float | None:
    """A number JSON can hold (NaN, "not measured", is ``null``), to six decimals."""
    if value is None or math.isnan(value):
        return None
    return round(value, 6)
