"""Layout: a summary on pages of exactly the paper size, with reportlab Platypus.

Text flows in the project's own fonts (the ones the cards print with, so every language has its
glyphs); cards and pictograms are vector pictures from the real templates. ``invariant`` mode
and a fixed date make the same summary give the same bytes.

The rules flow in two balanced columns: a full-width line of 9-10 pt text holds twice the
characters an eye follows comfortably, and a reference row of one short line left most of the
page empty. Worked examples and wide tables span the page between column groups, and the last
group's columns end level, so a summary ends on a page filled to the same height on both sides.

Here the pages are set; the parts are made beside: each section's flowables
(:mod:`~generator.rulebook.sections`), the examples' pictures to scale
(:mod:`~generator.rulebook.picture_scale`), what is kept together in a column
(:mod:`~generator.rulebook.together`), the type and colours (:mod:`~generator.rulebook.styles`),
paragraphs that break their lines once per width (:mod:`~generator.rulebook.wrapped`), and
which densities could fit the pages at all (:mod:`~generator.rulebook.estimate`).
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from typing import BinaryIO
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BalancedColumns,
    CondPageBreak,
    Flowable,
    SimpleDocTemplate,
)

from generator import __version__
from generator.geometry.sizes import Paper, pt
from generator.rulebook import content, estimate, sections
from generator.rulebook.picture_scale import pictures_scaled, scale_to
from generator.rulebook.pictures import drawn_in
from generator.rulebook.styles import RULE, paragraph_styles
from generator.rulebook.together import headed
from generator.rulebook.wrapped import Paragraph

MARGIN = 14.0  # mm
GUTTER = 7.0  # mm between the two columns
WIDE_TABLE = 4  # a table of more columns than this spans the page
NARROWED = 0.8  # the smallest share of their size an example's pictures shrink to, to fit a column
FRAME_PADDING = 6.0  # points: reportlab's page frame keeps this inside the margins
SLACK = 0.5  # points: a column's rows a hair narrower than reportlab's own column sum


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


class Laid:
    """A summary laid out at one density: its pages, how full its last page is, and its PDF,
    written only when asked for (a layout tried and not kept never is)."""

    def __init__(self, document: SimpleDocTemplate, pages: int, last_page: float) -> None:
        self.document = document
        self.pages = pages
        self.last_page = last_page

    @functools.cached_property
    def pdf(self) -> bytes:
        """The layout written out as a PDF file."""
        self.document.canv.save()
        return bytes(self.document.filename.getvalue())


def write(summary: content.Summary, paper: Paper, stream: BinaryIO) -> int:
    """Lay ``summary`` out on ``paper`` into ``stream``, its pictures drawn in; returns the
    number of pages."""
    laid = _fitted_to_pages(summary, paper)
    stream.write(drawn_in(laid.pdf, summary.pictures))
    return laid.pages


def _fitted_to_pages(summary: content.Summary, paper: Paper) -> Laid:
    """The usual setting, unless its last page is mostly blank: then the first tighter setting
    that saves that page, or else the loosest that spreads onto it without a page more. A
    setting whose text is surely too tall for the pages it would have to fit on is not laid
    out (:mod:`~generator.rulebook.estimate`): it could not have been chosen."""
    usual = laid_out(summary, paper, DENSITIES[USUAL])
    if usual.pages == 1 or usual.last_page >= LAST_PAGE:
        return usual
    for density in DENSITIES[USUAL + 1 :]:
        if _may_fit(summary, paper, density, usual.pages - 1):
            tighter = laid_out(summary, paper, density)
            if tighter.pages < usual.pages:
                return tighter
    for density in DENSITIES[:USUAL]:
        if _may_fit(summary, paper, density, usual.pages):
            looser = laid_out(summary, paper, density)
            if looser.pages == usual.pages:
                return looser
    return usual


def _may_fit(summary: content.Summary, paper: Paper, density: Density, pages: int) -> bool:
    """Whether ``summary`` set at ``density`` may fit on ``pages`` pages of ``paper``."""
    area = _area(paper)
    parts = _story(summary, paper, density)
    return estimate.may_fit(parts, area, pages)


def _area(paper: Paper) -> estimate.Area:
    """The text area of a page of ``paper``: inside the margins and reportlab's frame padding."""
    width = pt(paper.width - 2 * MARGIN) - 2 * FRAME_PADDING
    height = pt(paper.height - 2 * MARGIN - 4) - 2 * FRAME_PADDING
    return estimate.Area(width, height, pt(GUTTER))


def laid_out(summary: content.Summary, paper: Paper, density: Density) -> Laid:
    """``summary`` laid out on ``paper`` at ``density``, with how full its last page is."""
    styles = paragraph_styles(density.text, density.leading)
    document = SimpleDocTemplate(
        io.BytesIO(),
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
    document._doSave = 0  # reportlab's own switch (its multiBuild's): saved by Laid.pdf
    area = _area(paper)
    end = _End()
    story = [*_flowables(_story(summary, paper, density)), end]
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
    return Laid(document, len(pages), 1 - end.left / area.height)


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


def _story(summary: content.Summary, paper: Paper, density: Density) -> list[estimate.Part]:
    """``summary`` set on ``paper`` at ``density``, its flowables made anew (reportlab keeps
    what it measured of a flowable in it, so a layout is not handed another's)."""
    width = _area(paper).width
    styles = paragraph_styles(density.text, density.leading)
    return _parts(pictures_scaled(summary, density.pictures, width), styles, width)


def _parts(
    summary: content.Summary, styles: dict[str, ParagraphStyle], width: float
) -> list[estimate.Part]:
    """The header and components across the page, then the rules in balanced columns, broken
    by the sections too wide for a column."""
    headings = summary.headings
    story: list[estimate.Part] = [
        Paragraph(escape(summary.title), styles["title"]),
        Paragraph(escape(" · ".join(summary.facts)), styles["facts"]),
        Paragraph(escape(summary.goal), styles["goal"]),
        Paragraph(escape(headings["components"]), styles["h2"]),
        *sections.components(summary.components, styles, width),
    ]
    column = (width - pt(GUTTER)) / 2 - SLACK
    flowing: list[Flowable] = []
    for heading, steps in (("setup", summary.setup), ("turn", summary.turn)):
        numbered = [
            Paragraph(escape(text), styles["step"], bulletText=f"{number}.")
            for number, text in enumerate(steps, start=1)
        ]
        flowing += headed(Paragraph(escape(headings[heading]), styles["h2"]), numbered)
    for section in filter(_holds_something, summary.sections):
        if _wide(section, column):
            story += [*_columns(flowing), CondPageBreak(pt(40))]
            story += sections.section(section, styles, width)
            flowing = []
        else:
            flowing += sections.section(section, styles, column)
    return story + _columns(flowing)


def _holds_something(section: content.Section) -> bool:
    """A section with entries, steps or rows: an empty one would print a lone heading (an
    expansion may remove every card a reference lists)."""
    if isinstance(section, content.Reference):
        return bool(section.entries)
    if isinstance(section, content.Example):
        return bool(section.steps)
    return bool(section.header and section.rows)


def _columns(flowing: list[Flowable]) -> list[estimate.Part]:
    """The flowables in two columns, if there are any."""
    return [estimate.Columns(flowing)] if flowing else []


def _flowables(parts: list[estimate.Part]) -> list[Flowable]:
    """The story as reportlab lays it out: each group of columns balanced, to end level."""
    return [
        BalancedColumns(
            part.flowing,
            nCols=2,
            innerPadding=pt(GUTTER),
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            endSlack=0,
        )
        if isinstance(part, estimate.Columns)
        else part
        for part in parts
    ]


def _wide(section: content.Section, column: float) -> bool:
    """A worked example whose pictures do not fit a column even a little smaller, or a table
    of many columns."""
    if isinstance(section, content.Example):
        return any(scale_to(step, column) < NARROWED for step in section.steps)
    return isinstance(section, content.Table) and len(section.header) > WIDE_TABLE
