"""Layout: a summary on pages of exactly the paper size, with reportlab Platypus.

Text flows in the project's own fonts (the ones the cards print with, so every language has its
glyphs); cards and pictograms are vector pictures from the real templates. ``invariant`` mode
and a fixed date make the same summary give the same bytes.

The rules flow in two balanced columns: a full-width line of 9-10 pt text holds twice the
characters an eye follows comfortably, and a reference row of one short line left most of the
page empty. Worked examples and wide tables span the page between column groups, and the last
group's columns end level, so a summary ends on a page filled to the same height on both sides.
"""

from __future__ import annotations

import dataclasses
import io
from dataclasses import dataclass
from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BalancedColumns,
    CondPageBreak,
    Flowable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from generator import __version__
from generator.geometry.sizes import Paper, pt
from generator.render.fonts import find_font, register
from generator.rulebook import content
from generator.rulebook.pictures import Beside, PictureFlowable, drawn_in

MARGIN = 14.0  # mm
INK = colors.HexColor("#24201c")
RULE = colors.HexColor("#b9ab92")
TINT = colors.HexColor("#f3ecdd")
COMPONENT_HEIGHT = 24.0  # mm: the tallest a component's picture is drawn
COMPONENTS_PER_ROW = (4, 6)  # at least, at most: fewer components get wider captions
SIDES_GAP = 1.5  # mm between the two sides of a component shown both ways
GUTTER = 7.0  # mm between the two columns
WIDE_TABLE = 4  # a table of more columns than this spans the page
NARROWED = 0.8  # the smallest share of their size an example's pictures shrink to, to fit a column
NOTES_AT_MOST = 0.4  # of a reference's width: its note column (a rating, a count)
CELL_PADDING = 3.0  # points each side of a reference's cell
KEPT_AT_MOST = 250.0  # points: a heading and its first lines taller than this may break apart
PICTURE_PADDING = 7.0  # points around each picture of an example's row
FRAME_PADDING = 6.0  # points: reportlab's page frame keeps this inside the margins
SLACK = 0.5  # points: a column's rows a hair narrower than reportlab's own column sum


def _font(family: str, weight: str = "normal") -> str:
    font = find_font(family, weight)
    assert font is not None, f"{family} {weight} ships with the project"
    register(font)
    return font.reportlab_name


def _styles(size: float, leading: float) -> dict[str, ParagraphStyle]:
    """The paragraph styles around a body text of ``size`` points with lines ``leading`` times
    as high; tables and references half a point smaller, never under 9."""
    small = max(size - 0.5, 9.0)
    body, bold, black = (
        _font("Roboto Condensed"),
        _font("Roboto Condensed", "bold"),
        _font("Roboto Black"),
    )
    registerFontFamily(body, normal=body, bold=bold, italic=body, boldItalic=bold)
    base = ParagraphStyle(
        "body", fontName=body, fontSize=size, leading=size * leading, textColor=INK
    )
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
        "small": ParagraphStyle(
            "small", base, fontSize=small, leading=small * leading, alignment=TA_LEFT
        ),
        "caption": ParagraphStyle("caption", base, fontSize=8, leading=9.6, alignment=1),
        "example": ParagraphStyle("example", base, spaceAfter=size * 0.4),
    }


@dataclass(frozen=True)
class Density:
    """How tightly a summary is set. The usual setting is tried first; a tighter one only when
    it saves a last page that would carry a few lines, a looser one to fill that page when it
    cannot be saved."""

    text: float
    """The body text's size, points (9-10: what a rulebook is read at)."""
    leading: float
    """Line height over text size."""
    pictures: float
    """The worked examples' pictures, as a share of their own size."""


DENSITIES = (
    Density(10.0, 1.4, 2.0),
    Density(10.0, 1.4, 1.6),
    Density(10.0, 1.33, 1.4),
    Density(10.0, 1.26, 1.2),
    Density(9.5, 1.26, 1.0),
    Density(9.5, 1.26, 0.85),
    Density(9.0, 1.26, 0.85),
    Density(9.0, 1.2, 0.7),
)
USUAL = 4
"""The density a summary is first set at: the ones before it are looser, the ones after tighter."""
LAST_PAGE = 0.4
"""A last page filled less than this is mostly blank: a tighter setting may do without it, or
else a looser one fills it."""


@dataclass(frozen=True)
class Laid:
    """A summary laid out at one density: its PDF, pages, and how full its last page is."""

    pdf: bytes
    pages: int
    last_page: float


def write(summary: content.Summary, paper: Paper, stream: BinaryIO) -> int:
    """Lay ``summary`` out on ``paper`` into ``stream``, its pictures drawn in; returns the
    number of pages."""
    laid = _fitted_to_pages(summary, paper)
    stream.write(drawn_in(laid.pdf, summary.pictures))
    return laid.pages


def _fitted_to_pages(summary: content.Summary, paper: Paper) -> Laid:
    """The usual setting, unless its last page is mostly blank: then the first tighter setting
    that saves that page, or else the loosest that spreads onto it without a page more."""
    usual = laid_out(summary, paper, DENSITIES[USUAL])
    if usual.pages == 1 or usual.last_page >= LAST_PAGE:
        return usual
    for density in DENSITIES[USUAL + 1 :]:
        tighter = laid_out(summary, paper, density)
        if tighter.pages < usual.pages:
            return tighter
    for density in DENSITIES[:USUAL]:
        looser = laid_out(summary, paper, density)
        if looser.pages == usual.pages:
            return looser
    return usual


def laid_out(summary: content.Summary, paper: Paper, density: Density) -> Laid:
    """``summary`` laid out on ``paper`` at ``density``, with how full its last page is."""
    styles = _styles(density.text, density.leading)
    stream = io.BytesIO()
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
    width = pt(paper.width - 2 * MARGIN) - 2 * FRAME_PADDING
    height = pt(paper.height - 2 * MARGIN - 4) - 2 * FRAME_PADDING
    end = _End()
    story = [*_story(_pictures_scaled(summary, density.pictures, width), styles, width), end]
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
    return Laid(stream.getvalue(), len(pages), 1 - end.left / height)


class _End(Flowable):
    """Placed after everything else: it learns the height left on the last page."""

    def __init__(self) -> None:
        super().__init__()
        self.left = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.left = available_height
        return 0.0, 0.0

    def draw(self) -> None:
        """Nothing to draw."""


def _pictures_scaled(summary: content.Summary, scale: float, width: float) -> content.Summary:
    """``summary`` with its worked examples' pictures drawn at ``scale`` of their size; a row
    of pictures is enlarged no wider than ``width``, and a card no larger than it prints."""
    if scale == 1.0:
        return summary
    sections = [
        dataclasses.replace(
            section,
            steps=[_step_scaled(step, scale, width) for step in section.steps],
        )
        if isinstance(section, content.Example)
        else section
        for section in summary.sections
    ]
    return dataclasses.replace(summary, sections=sections)


def _fitted(step: content.Step, width: float) -> content.Step:
    """The step with its row of pictures narrowed to ``width`` if it is wider."""
    scale = _scale_to(step, width)
    return _step_scaled(step, scale, width) if scale < 1.0 else step


def _scale_to(step: content.Step, width: float) -> float:
    """The scale at which the step's row of pictures, with its fixed padding, is ``width``."""
    padding = PICTURE_PADDING * len(step.pictures)
    pictures = _pictures_width(step) - padding
    return max(width - padding, 1.0) / pictures if pictures > 0 else 1.0


def _step_scaled(step: content.Step, scale: float, width: float) -> content.Step:
    """The step's pictures at ``scale`` (enlarged no wider than ``width``)."""
    if scale > 1.0 and step.pictures:
        scale = max(1.0, min(scale, _scale_to(step, width)))
    pictures = tuple(
        dataclasses.replace(picture, scale=min(picture.scale * scale, max(picture.scale, 1.0)))
        for picture in step.pictures
    )
    return dataclasses.replace(step, pictures=pictures)


def _story(
    summary: content.Summary, styles: dict[str, ParagraphStyle], width: float
) -> list[Flowable]:
    """The header and components across the page, then the rules in balanced columns, broken
    by the sections too wide for a column."""
    headings = summary.headings
    story: list[Flowable] = [
        Paragraph(escape(summary.title), styles["title"]),
        Paragraph(escape(" · ".join(summary.facts)), styles["facts"]),
        Paragraph(escape(summary.goal), styles["goal"]),
        Paragraph(escape(headings["components"]), styles["h2"]),
        *_components(summary.components, styles, width),
    ]
    column = (width - pt(GUTTER)) / 2 - SLACK
    flowing: list[Flowable] = []
    for heading, steps in (("setup", summary.setup), ("turn", summary.turn)):
        numbered = [
            Paragraph(escape(text), styles["step"], bulletText=f"{number}.")
            for number, text in enumerate(steps, start=1)
        ]
        flowing += _headed(Paragraph(escape(headings[heading]), styles["h2"]), numbered)
    for section in filter(_holds_something, summary.sections):
        if _wide(section, column):
            story += [*_columns(flowing), CondPageBreak(pt(40))]
            story += _section(section, styles, width)
            flowing = []
        else:
            flowing += _section(section, styles, column)
    return story + _columns(flowing)


def _holds_something(section: content.Section) -> bool:
    """A section with entries, steps or rows: an empty one would print a lone heading (an
    expansion may remove every card a reference lists)."""
    if isinstance(section, content.Reference):
        return bool(section.entries)
    if isinstance(section, content.Example):
        return bool(section.steps)
    return bool(section.header and section.rows)


def _columns(flowing: list[Flowable]) -> list[Flowable]:
    """The flowables in two columns that end level."""
    if not flowing:
        return []
    gap = pt(GUTTER)
    return [
        BalancedColumns(
            flowing,
            nCols=2,
            innerPadding=gap,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            endSlack=0,
        )
    ]


def _wide(section: content.Section, column: float) -> bool:
    """A worked example whose pictures do not fit a column even a little smaller, or a table
    of many columns."""
    if isinstance(section, content.Example):
        return any(_scale_to(step, column) < NARROWED for step in section.steps)
    return isinstance(section, content.Table) and len(section.header) > WIDE_TABLE


def _pictures_width(step: content.Step) -> float:
    """The width of the step's row of pictures, each with its padding."""
    return sum(pt(picture.shown_width) + PICTURE_PADDING for picture in step.pictures)


def _headed(heading: Flowable, flowing: list[Flowable]) -> list[Flowable]:
    """The heading glued to what follows it, so a column never ends on a heading."""
    if not flowing:
        return [heading]
    return [_Together([heading, flowing[0]]), *flowing[1:]]


class _Together(Flowable):
    """Flowables that move to the next column as one (a heading and its first line, an
    example's text and its pictures): reportlab's KeepTogether asks the page for a frame break,
    which balanced columns ignore."""

    def __init__(self, parts: list[Flowable]) -> None:
        super().__init__()
        self.parts = parts
        self.spaceBefore = parts[0].getSpaceBefore()
        self.spaceAfter = parts[-1].getSpaceAfter()

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.heights = [
            part.wrapOn(self.canv, available_width, available_height)[1] for part in self.parts
        ]
        self.height = sum(self.heights) + sum(self._gaps())
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Nothing, to move on whole to the next column; but a block taller than a column could
        never be placed (a stranger's very long text), so one over ``KEPT_AT_MOST`` breaks: the
        parts that fit, the next one split where it can, as one block, then the rest."""
        if self.height <= KEPT_AT_MOST:
            return []
        used = 0.0
        for index, (part, height, gap) in enumerate(
            zip(self.parts, self.heights, [0.0, *self._gaps()], strict=True)
        ):
            if used + gap + height > available_height:
                pieces = part.splitOn(self.canv, available_width, available_height - used - gap)
                if not pieces:
                    return (
                        [] if index == 0 else [_Together(self.parts[:index]), *self.parts[index:]]
                    )
                kept = _Together([*self.parts[:index], pieces[0]])
                return [kept, *pieces[1:], *self.parts[index + 1 :]]
            used += gap + height
        return [self]

    def draw(self) -> None:
        top = self.height
        for part, height, gap in zip(self.parts, self.heights, [0.0, *self._gaps()], strict=True):
            top -= gap + height
            part.drawOn(self.canv, 0, top)

    def _gaps(self) -> list[float]:
        """The space between each part and the next."""
        return [
            above.getSpaceAfter() + below.getSpaceBefore()
            for above, below in zip(self.parts, self.parts[1:], strict=False)
        ]


def _components(
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
    heading = Paragraph(escape(section.title), styles["h2"])
    if isinstance(section, content.Reference):
        intro = [Paragraph(escape(section.intro), styles["body"])] if section.intro else []
        return _headed(heading, [*intro, *_reference(section, styles, width)])
    if isinstance(section, content.Example):
        steps = [_example_step(_fitted(step, width), styles) for step in section.steps]
        return _headed(heading, steps)
    intro = Paragraph(escape(section.intro), styles["body"])
    return _headed(heading, [intro, _table(section, styles, width)])


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
        _Together(
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
        _table_style(
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
    return _Together([text, Spacer(1, 2), row, Spacer(1, 3)])


def _table(table: content.Table, styles: dict[str, ParagraphStyle], width: float) -> Table:
    header = [Paragraph(f"<b>{escape(cell)}</b>", styles["small"]) for cell in table.header]
    rows = [[Paragraph(escape(cell), styles["small"]) for cell in row] for row in table.rows]
    result = Table([header, *rows], repeatRows=1, hAlign="LEFT", splitInRow=1)
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
