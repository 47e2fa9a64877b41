"""Which cards go on which sheet: each run of cards of one size fills whole sheets of its grid
(:func:`~generator.geometry.imposition.fit_grid`), and what is left of each, less than a sheet,
becomes a band; bands of different sizes share sheets where they fit one above the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.geometry.imposition import Band, Sheet, SheetStyle, fit_grid
from generator.geometry.sizes import CardSize, Paper


@dataclass(frozen=True)
class Run:
    """Cards of one size to be placed in order."""

    card: CardSize
    count: int


def plan(
    paper: Paper, runs: Sequence[Run], style: SheetStyle = SheetStyle(), share: bool = True
) -> list[Sheet]:
    """The sheets that print ``runs``: each run's full sheets in run order, and its rest (less
    than a sheet) as one band: with ``share``, the rests follow, sharing sheets where they fit
    one above the other (largest first, each on the first sheet with room); without, each
    rest has a sheet of its own after its run's others.
    A band alone on its sheet sits where its rows sit on a full sheet, so sheets cut alike.
    Every run must fit the paper (:func:`fit_grid`)."""
    sheets: list[Sheet] = []
    rests: list[Band] = []
    for number, run in enumerate(runs):
        grid = fit_grid(paper, run.card, style)
        if grid is None:
            raise ValueError(f"a {run.card.width:g} x {run.card.height:g} mm card does not fit")
        full, rest = divmod(run.count, grid.per_sheet)
        for page in range(full):
            band = Band(grid, grid.top, grid.per_sheet, number, page * grid.per_sheet)
            sheets.append(Sheet(paper, (band,), style))
        if rest and share:
            rests.append(Band(grid, grid.top, rest, number, full * grid.per_sheet))
        elif rest:  # its last sheet straight after its others, to sort by sheet
            band = Band(grid, grid.top, rest, number, full * grid.per_sheet)
            sheets.append(Sheet(paper, (band,), style))
    sheets += [Sheet(paper, _stacked(group, style), style) for group in _share(rests, style)]
    return sheets


def _share(bands: list[Band], style: SheetStyle) -> list[list[Band]]:
    """First fit, tallest first: few sheets, and a sheet's bands in a stable order."""
    room = style.area(bands[0].grid.paper).height if bands else 0.0
    groups: list[list[Band]] = []
    for band in sorted(bands, key=lambda b: (-b.height, b.run)):
        for group in groups:
            tall = sum(b.height + style.gutter for b in group) + band.height
            if tall <= room + 1e-9 and _clear([*group, band], style):
                group.append(band)
                break
        else:
            groups.append([band])
    return groups


def _clear(group: list[Band], style: SheetStyle) -> bool:
    """Whether the bands, stacked, keep clear of the blocked parts of the paper."""
    sheet = Sheet(group[0].grid.paper, _stacked(group, style), style)
    return style.clear(slot.printed for slot in sheet.slots())


def _full_bleed(bands: list[Band], style: SheetStyle) -> list[Band]:
    """The bands with each card's full bleed above and below where the sheet has room for it
    (a grid shrinks its bleed to fit a full sheet of rows; a band of a few rows may not need
    to)."""
    full = [replace(b, grid=replace(b.grid, bleed_y=b.grid.card.bleed)) for b in bands]
    room = style.area(bands[0].grid.paper).height - style.gutter * (len(bands) - 1)
    return full if sum(b.height for b in full) <= room + 1e-9 else bands


def _stacked(group: list[Band], style: SheetStyle) -> tuple[Band, ...]:
    """A band alone keeps its full sheet's rows; bands sharing a sheet are stacked in run order
    from the top of the printable area, a gutter apart, the stack centred on the page."""
    if len(group) == 1:
        return (group[0],)
    ordered = _full_bleed(sorted(group, key=lambda b: b.run), style)
    area = style.area(ordered[0].grid.paper)
    total = sum(b.height for b in ordered) + style.gutter * (len(ordered) - 1)
    y = area.y + (area.height - total) / 2
    stacked = []
    for band in ordered:
        stacked.append(replace(band, top=y + band.grid.bleed_y))
        y += band.height + style.gutter
    return tuple(stacked)
