"""The report as a page of bar charts, one per table: a bar per row, before and after side by
side, a sampled value's 95 % interval drawn across its bar's end, as PNG (to look at) and SVG
(to zoom into or print).

matplotlib is imported here only, when a report is drawn: no other command pays for loading
it. A figure is made without pyplot (no global state, no window), under matplotlib's default
style whatever the user's matplotlibrc says, and saved without the software's name and version,
so the same report gives the same bytes every time (Agg draws no date or random id into a PNG).
One format only: saving a page costs about a second, as much as most reports' measuring.
"""

from __future__ import annotations

import io
import math
import textwrap
from typing import TYPE_CHECKING

from generator.games.balance import Interval
from generator.report.table import PERCENT, Report, Row, Table, change, shown, unit_name

if TYPE_CHECKING:
    from matplotlib.axes import Axes

BEFORE, AFTER = "#9e9e9e", "#1f5fa8"
WHISKERS = "#333333"
ROW_INCHES = 0.24
TABLE_INCHES = 1.3
"""Each chart's title, axis and note, besides its rows."""
WIDTH_INCHES = 9.0
DPI = 110
LABEL_CHARACTERS = 48
"""Longer row labels (a question's whole text) are cut short on the page; the text table has
them whole."""
NOTE_CHARACTERS = 100
NAME = "balance"


def page(report: Report) -> dict[str, bytes]:
    """The page: file name (``balance.png``) -> bytes."""
    import matplotlib.style
    from matplotlib.figure import Figure

    with matplotlib.style.context("default"):
        rows = sum(len(table.rows) for table in report.tables)
        height = rows * ROW_INCHES + len(report.tables) * TABLE_INCHES + 0.8
        figure = Figure(figsize=(WIDTH_INCHES, height), layout="constrained")
        grid = figure.add_gridspec(
            len(report.tables), 1, height_ratios=[len(t.rows) + 3 for t in report.tables]
        )
        for index, table in enumerate(report.tables):
            _chart(figure.add_subplot(grid[index]), table, report.compared, first=index == 0)
        figure.suptitle(report.title, fontsize=13)
        if report.compared:
            figure.legend(loc="outside upper right", ncols=2, fontsize=9)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return {f"{NAME}.png": buffer.getvalue()}


def _chart(axes: Axes, table: Table, compared: bool, first: bool) -> None:
    """Horizontal bars, the first row on top, each labelled with its value (or, compared, its
    change) and with its interval's whiskers where it was sampled; a row a game lacks has no
    bar there. The first chart's bars name the columns for the page's legend."""
    scale = 100.0 if table.unit == PERCENT else 1.0
    places = range(len(table.rows))
    columns = [("before", BEFORE), ("after", AFTER)] if compared else [("", AFTER)]
    thickness = 0.8 / len(columns)
    for number, (name, colour) in enumerate(columns):
        sides = [
            (row.before, row.before_interval) if number == 0 else (row.after, row.after_interval)
            for row in table.rows
        ]
        values = [_bar(value, scale) for value, _ in sides]
        whiskers = [_whiskers(v, i, scale) for v, (_, i) in zip(values, sides, strict=True)]
        shift = (number - (len(columns) - 1) / 2) * thickness
        bars = axes.barh(
            [place + shift for place in places],
            values,
            height=thickness,
            color=colour,
            label=name if compared and first else None,
            xerr=[[below for below, _ in whiskers], [above for _, above in whiskers]],
            error_kw={"ecolor": WHISKERS, "elinewidth": 0.8, "capsize": 2},
        )
    notes = [_note(row, table.unit, compared) for row in table.rows]
    axes.bar_label(bars, notes, fontsize=7, padding=2)
    axes.margins(x=0.1)
    labels = [textwrap.shorten(row.label, LABEL_CHARACTERS, placeholder="…") for row in table.rows]
    axes.set_yticks(list(places), labels, fontsize=8)
    axes.invert_yaxis()
    axes.set_title(table.title, fontsize=10, loc="left")
    unit = unit_name(table.unit)
    note = f"{unit}: {table.note}" if table.note else unit
    axes.set_xlabel(textwrap.fill(note, NOTE_CHARACTERS), fontsize=8)
    axes.tick_params(axis="x", labelsize=8)
    axes.grid(axis="x", color="#dddddd", linewidth=0.6)
    axes.set_axisbelow(True)


def _note(row: Row, unit: str, compared: bool) -> str:
    """What the last bar of a row says: the value of a game alone, else the change."""
    return change(row, unit) if compared else shown(row.before, unit)


def _bar(value: float | None, scale: float) -> float:
    """A bar's length; nothing measured draws none."""
    return 0.0 if value is None or math.isnan(value) else value * scale


def _whiskers(length: float, interval: Interval | None, scale: float) -> tuple[float, float]:
    """How far an interval reaches below and above the end of a bar (nothing, without one; a
    value's rounding never makes it reach back)."""
    if interval is None:
        return 0.0, 0.0
    low, high = interval
    return max(length - low * scale, 0.0), max(high * scale - length, 0.0)
