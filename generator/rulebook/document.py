"""Layout: a summary on pages of exactly the paper size, with reportlab Platypus.

Text flows in the project's own fonts (the ones the cards print with, so every language has its
glyphs); cards and pictograms are vector pictures from the real templates. ``invariant`` mode
and a fixed date make the same summary give the same bytes.
"""

from __future__ import annotations

from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from generator import __version__
from generator.layout.sizes import Paper, pt
from generator.render.fonts import find_font, register
from generator.rulebook import content
from generator.rulebook.pictures import PictureFlowable

MARGIN = 14.0  # mm
INK = colors.HexColor("#24201c")
RULE = colors.HexColor("#b9ab92")
TINT = colors.HexColor("#f3ecdd")
COMPONENT_HEIGHT = 24.0  # mm: the tallest a component's picture is drawn
COMPONENTS_PER_ROW = 6


def _font(family: str, weight: str = "normal") -> str:
    font = find_font(family, weight)
    assert font is not None, f"{family} {weight} ships with the project"
    register(font)
    return font.reportlab_name


def _styles() -> dict[str, ParagraphStyle]:
    body, bold, black = (
        _font("Roboto Condensed"),
        _font("Roboto Condensed", "bold"),
        _font("Roboto Black"),
    )
    registerFontFamily(body, normal=body, bold=bold, italic=body, boldItalic=bold)
    base = ParagraphStyle("body", fontName=body, fontSize=9, leading=11.2, textColor=INK)
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=black, fontSize=24, leading=28),
        "facts": ParagraphStyle("facts", base, fontName=bold, fontSize=11, leading=14),
        "goal": ParagraphStyle("goal", base, fontSize=10.5, leading=13.5, spaceBefore=4),
        "h2": ParagraphStyle(
            "h2", base, fontName=black, fontSize=13, leading=16, spaceBefore=9, spaceAfter=3
        ),
        "h3": ParagraphStyle(
            "h3", base, fontName=bold, fontSize=10.5, leading=13, spaceBefore=5, spaceAfter=2
        ),
        "step": ParagraphStyle(
            "step", base, leftIndent=14, bulletIndent=2, spaceAfter=1.5, bulletFontName=body
        ),
        "small": ParagraphStyle("small", base, fontSize=8, leading=9.6, alignment=TA_LEFT),
        "caption": ParagraphStyle("caption", base, fontSize=7.5, leading=9, alignment=1),
    }


def write(summary: content.Summary, paper: Paper, stream: BinaryIO) -> int:
    """Lay ``summary`` out on ``paper`` into ``stream``; returns the number of pages."""
    styles = _styles()
    document = SimpleDocTemplate(
        stream,
        pagesize=(pt(paper.width), pt(paper.height)),
        leftMargin=pt(MARGIN),
        rightMargin=pt(MARGIN),
        topMargin=pt(MARGIN),
        bottomMargin=pt(MARGIN + 4),
        title=summary.title,
        creator=f"pnp {__version__}",
        author="",
        subject="",
        invariant=1,
        initialFontName=styles["body"].fontName,  # no unembedded Helvetica in the file
    )
    width = pt(paper.width - 2 * MARGIN)
    story = _story(summary, styles, width)
    pages: list[int] = []

    def footer(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        pages.append(doc.page)
        canvas.saveState()
        canvas.setFont(styles["small"].fontName, 8)
        canvas.setFillColor(RULE)
        canvas.drawString(pt(MARGIN), pt(MARGIN) - 2, summary.title)
        canvas.drawRightString(pt(paper.width - MARGIN), pt(MARGIN) - 2, str(doc.page))
        canvas.restoreState()

    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return len(pages)


def _story(
    summary: content.Summary, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    headings = summary.headings
    story: list[Flowable] = [
        Paragraph(escape(summary.title), styles["title"]),
        Paragraph(escape(" · ".join(summary.facts)), styles["facts"]),
        Paragraph(escape(summary.goal), styles["goal"]),
        Paragraph(escape(headings["components"]), styles["h2"]),
        _components(summary.components, styles, width),
    ]
    for heading, steps in (("setup", summary.setup), ("turn", summary.turn)):
        story.append(CondPageBreak(pt(30)))
        story.append(Paragraph(escape(headings[heading]), styles["h2"]))
        story += [
            Paragraph(escape(text), styles["step"], bulletText=f"{number}.")
            for number, text in enumerate(steps, start=1)
        ]
    for section in summary.sections:
        story += _section(section, styles, width)
    return story


def _components(
    components: list[content.Component], styles: dict[str, ParagraphStyle], width: float
) -> Table:
    """The decks side by side, each picture above its count and name."""
    per_row = COMPONENTS_PER_ROW
    column = width / per_row
    cells: list[object] = []
    for component in content.to_scale(components, COMPONENT_HEIGHT, column / pt(1) - 4):
        picture = component.picture
        label = Paragraph(
            f"<b>{component.count}</b> \u00d7 {escape(component.name)}", styles["caption"]
        )
        cells.append([PictureFlowable(picture), label] if picture else [label])
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    table = Table(rows, colWidths=[column] * per_row, hAlign="LEFT")
    table.setStyle(
        _table_style(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def _table_style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A table's style; empty cells are drawn in the body font too, so no unembedded default
    font (Helvetica) is ever referenced."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), _font("Roboto Condensed")), *commands])


def _section(
    section: content.Section, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    heading = [CondPageBreak(pt(40)), Paragraph(escape(section.title), styles["h2"])]
    if isinstance(section, content.Reference):
        intro = [Paragraph(escape(section.intro), styles["body"])] if section.intro else []
        return [*heading, *intro, _reference(section, styles, width)]
    if isinstance(section, content.Example):
        return [*heading, *(_example_step(step, styles, width) for step in section.steps)]
    intro = Paragraph(escape(section.intro), styles["body"])
    return [*heading, intro, _table(section, styles, width)]


def _reference(
    reference: content.Reference, styles: dict[str, ParagraphStyle], width: float
) -> Table:
    """Entries in ``columns`` columns of (pictogram, name and text, note)."""
    columns = reference.columns
    column = width / columns
    icon = max(
        (entry.picture.shown_width for entry in reference.entries if entry.picture), default=0
    )
    icon_width = pt(icon) + 6 if icon else 0
    notes = any(entry.note for entry in reference.entries)
    note_width = pt(22) if notes else 0
    text_width = column - icon_width - note_width
    per_column = -(-len(reference.entries) // columns)
    rows = []
    for index in range(per_column):
        row: list[object] = []
        for col in range(columns):
            at = col * per_column + index
            entry = reference.entries[at] if at < len(reference.entries) else None
            row += _entry_cells(entry, styles, bool(icon_width), notes)
        rows.append(row)
    widths = ([icon_width] if icon_width else []) + [text_width] + ([note_width] if notes else [])
    table = Table(rows, colWidths=widths * columns, repeatRows=0)
    table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, -2), 0.3, RULE),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return table


def _entry_cells(
    entry: content.Entry | None, styles: dict[str, ParagraphStyle], icons: bool, notes: bool
) -> list[object]:
    if entry is None:
        return [""] * (int(icons) + 1 + int(notes))
    cells: list[object] = []
    if icons:
        cells.append(PictureFlowable(entry.picture) if entry.picture else "")
    name = f"<b>{escape(entry.name)}</b>" if entry.name else ""
    separator = ": " if entry.name and entry.text else ""
    cells.append(Paragraph(f"{name}{separator}{escape(entry.text)}", styles["small"]))
    if notes:
        cells.append(Paragraph(escape(entry.note), styles["small"]))
    return cells


def _example_step(step: content.Step, styles: dict[str, ParagraphStyle], width: float) -> Flowable:
    text = Paragraph(escape(step.text), styles["body"])
    if not step.pictures:
        return text
    cells = [
        [PictureFlowable(picture) for picture in step.pictures],
        [Paragraph(escape(picture.caption), styles["caption"]) for picture in step.pictures],
    ]
    widths = [pt(picture.shown_width) + 7 for picture in step.pictures]
    row = Table(cells, colWidths=widths, hAlign="LEFT")
    row.setStyle(
        _table_style(
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
    return KeepTogether([text, Spacer(1, 2), row, Spacer(1, 3)])


def _table(table: content.Table, styles: dict[str, ParagraphStyle], width: float) -> Table:
    header = [Paragraph(f"<b>{escape(cell)}</b>", styles["small"]) for cell in table.header]
    rows = [[Paragraph(escape(cell), styles["small"]) for cell in row] for row in table.rows]
    result = Table([header, *rows], repeatRows=1, hAlign="LEFT")
    result.setStyle(
        _table_style(
            [
                ("BACKGROUND", (0, 0), (-1, 0), TINT),
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
            ]
        )
    )
    return result
