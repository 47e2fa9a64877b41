"""The summary's parts as flowables: the components with their pictures, and each section of
the rules, a reference (a row per entry), a worked example (its paragraphs and pictures) or a
table.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table

from generator.geometry.sizes import pt
from generator.rulebook import content
from generator.rulebook.picture_scale import PICTURE_PADDING, fitted
from generator.rulebook.pictures import Beside, PictureFlowable
from generator.rulebook.styles import RULE, TINT, table_style
from generator.rulebook.together import Together, headed
from generator.rulebook.wrapped import Paragraph

COMPONENT_HEIGHT = 24.0  # mm: the tallest a component's picture is drawn
COMPONENTS_PER_ROW = (4, 6)  # at least, at most: fewer components get wider captions
SIDES_GAP = 1.5  # mm between the two sides of a component shown both ways
NOTES_AT_MOST = 0.4  # of a reference's width: its note column (a rating, a count)
CELL_PADDING = 3.0  # points each side of a reference's cell


def components(
    components: list[content.Component], styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    """The decks side by side, each picture above its count and name; then, on a line of
    their own, what has no picture (a board, screens: pages, which beside the cards would be
    a page wide or leave a blank cell over a caption)."""
    pictured = [component for component in components if component.picture]
    others = [component for component in components if not component.picture]
    flowables: list[Flowable] = [_pictured(pictured, styles, width)] if pictured else []
    if others:
        listed = " \u00b7 ".join(_counted(component) for component in others)
        flowables.append(Paragraph(listed, styles["caption"]))
    return flowables


def _counted(component: content.Component) -> str:
    return f"<b>{component.count}</b> \u00d7 {escape(component.name)}"


def _pictured(
    components: list[content.Component], styles: dict[str, ParagraphStyle], width: float
) -> Table:
    fewest, most = COMPONENTS_PER_ROW
    per_row = min(max(len(components), fewest), most)
    column = width / per_row
    cells: list[object] = []
    room = column / pt(1) - 4
    for component in content.to_scale(components, COMPONENT_HEIGHT, room, SIDES_GAP):
        label = Paragraph(_counted(component), styles["caption"])
        cells.append([Beside(component.pictures, pt(SIDES_GAP)), label])
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    table = Table(rows, colWidths=[column] * per_row, hAlign="LEFT")
    table.setStyle(
        table_style(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def section(
    section: content.Section, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    heading = Paragraph(escape(section.title), styles["h2"])
    if isinstance(section, content.Reference):
        intro = [Paragraph(escape(section.intro), styles["body"])] if section.intro else []
        return headed(heading, [*intro, *_reference(section, styles, width)])
    if isinstance(section, content.Example):
        steps = [_example_step(fitted(step, width), styles) for step in section.steps]
        return headed(heading, steps)
    intro = Paragraph(escape(section.intro), styles["body"])
    return headed(heading, [intro, _table(section, styles, width)])


def _reference(
    reference: content.Reference, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    """One row of (pictogram, name and text, note) per entry, each its own flowable so the
    reference flows on from column to column, and each kept whole unless it is very long."""
    icon = max(
        (entry.picture.shown_width for entry in reference.entries if entry.picture), default=0
    )
    icon_width = pt(icon) + 6 if icon else 0
    notes = any(entry.note for entry in reference.entries)
    note_width = _notes_width(reference.entries, styles["small"], width) if notes else 0
    widths = [icon_width] if icon_width else []
    widths += [width - icon_width - note_width] + ([note_width] if notes else [])
    last = len(reference.entries) - 1
    return [
        Together(
            [_entry_row(_entry_cells(entry, styles, bool(icon_width), notes), widths, at < last)]
        )
        for at, entry in enumerate(reference.entries)
    ]


def _notes_width(entries: list[content.Entry], style: ParagraphStyle, width: float) -> float:
    """The note column as wide as its longest note on one line ("≈5 739 кодов остаётся"), so the
    entry's text keeps the rest; at most a share of the reference's width."""
    longest: float = max(stringWidth(e.note, style.fontName, style.fontSize) for e in entries)
    return min(longest + 2 * CELL_PADDING + 1, width * NOTES_AT_MOST)


def _entry_row(cells: list[object], widths: list[float], ruled: bool) -> Table:
    """One entry of a reference, ruled below unless it is the last."""
    row = Table([cells], colWidths=widths, splitInRow=1)
    rule = [("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE)] if ruled else []
    row.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
                *rule,
            ]
        )
    )
    return row


def _entry_cells(
    entry: content.Entry, styles: dict[str, ParagraphStyle], icons: bool, notes: bool
) -> list[object]:
    cells: list[object] = []
    if icons:
        cells.append(PictureFlowable(entry.picture) if entry.picture else "")
    name = f"<b>{escape(entry.name)}</b>" if entry.name else ""
    separator = ": " if entry.name and entry.text else ""
    cells.append(Paragraph(f"{name}{separator}{escape(entry.text)}", styles["small"]))
    if notes:
        cells.append(Paragraph(escape(entry.note), styles["small"]))
    return cells


def _example_step(step: content.Step, styles: dict[str, ParagraphStyle]) -> Flowable:
    """A paragraph of a worked example, a little apart from the next, with its pictures."""
    text = Paragraph(escape(step.text), styles["example"])
    if not step.pictures:
        return text
    cells = [
        [PictureFlowable(picture) for picture in step.pictures],
        [Paragraph(escape(picture.caption), styles["caption"]) for picture in step.pictures],
    ]
    widths = [pt(picture.shown_width) + PICTURE_PADDING for picture in step.pictures]
    row = Table(cells, colWidths=widths, hAlign="LEFT")
    row.setStyle(
        table_style(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return Together([text, Spacer(1, 2), row, Spacer(1, 3)])


def _table(table: content.Table, styles: dict[str, ParagraphStyle], width: float) -> Table:
    header = [Paragraph(f"<b>{escape(cell)}</b>", styles["small"]) for cell in table.header]
    rows = [[Paragraph(escape(cell), styles["small"]) for cell in row] for row in table.rows]
    result = Table([header, *rows], repeatRows=1, hAlign="LEFT", splitInRow=1)
    result.setStyle(
        table_style(
            [
                ("BACKGROUND", (0, 0), (-1, 0), TINT),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
            ]
        )
    )
    return result
