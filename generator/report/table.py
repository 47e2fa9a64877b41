"""Two games' measures side by side: a row per key, its value before and after, the change;
printed as a text table or as JSON.

Rows are matched by key (a card id, an ability), never by position, so a card added or
removed shows as a row with one side empty and the other rows stay in line. Without a second
game the report is one column: the game as it is.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.games.balance import Measure

PERCENT = "share"
"""The unit of fractions, printed as percentages and their change in percentage points."""


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    before: float | None
    """``None``: the row is not in that game (a card added or removed)."""
    after: float | None

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
            old[key].value if key in old else None,
            new[key].value if key in new else None,
        )
        for key in keys
    )
    notes = [section.note for section in (before, after) if section is not None]
    note = notes[0] if len(set(notes)) == 1 else f"before: {notes[0]}; after: {notes[1]}"
    return Table(measured.key, measured.title, measured.unit, note, rows)


def as_text(report: Report) -> str:
    """One block per table: title and unit, how it was measured, then the rows."""
    blocks = []
    for table in report.tables:
        width = max([len(row.label) for row in table.rows] + [24])
        lines = [f"{table.title} ({unit_name(table.unit)})"]
        if table.note:
            lines.append(f"  {table.note}")
        if report.compared:
            heads = ("before", "after", "change")
            lines.append(f"  {'':<{width}}" + "".join(f"{head:>10}" for head in heads))
        for row in table.rows:
            cells = [shown(row.before, table.unit)]
            if report.compared:
                cells += [shown(row.after, table.unit), change(row, table.unit)]
            lines.append(f"  {row.label:<{width}}" + "".join(f"{cell:>10}" for cell in cells))
        blocks.append("\n".join(lines))
    return "\n\n".join([report.title, *blocks])


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
    note, and per row its key and label and either ``value`` (a game alone) or ``before``,
    ``after`` and ``change`` (``null`` where a row is in one game only, or not measured)."""
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
    values = (
        {"before": row.before, "after": row.after, "change": row.change}
        if compared
        else {"value": row.before}
    )
    return {"key": row.key, "label": row.label} | {k: _plain(v) for k, v in values.items()}


def _plain(value: float | None) -> float | None:
    """A number JSON can hold (NaN, "not measured", is ``null``), to six decimals."""
    if value is None or math.isnan(value):
        return None
    return round(value, 6)
