"""The summary's type and colours: the paragraph styles around a body text size, and the style
every table starts from, all in the project's own fonts.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import TableStyle

from generator.render.fonts import find_font, register

INK = colors.HexColor("#24201c")
RULE = colors.HexColor("#b9ab92")
TINT = colors.HexColor("#f3ecdd")


def _font(family: str, weight: str = "normal") -> str:
    font = find_font(family, weight)
    assert font is not None, f"{family} {weight} ships with the project"
    register(font)
    return font.reportlab_name


def paragraph_styles(size: float, leading: float) -> dict[str, ParagraphStyle]:
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


def table_style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A table's style; empty cells are drawn in the body font too, so no unembedded default
    font (Helvetica) is ever referenced."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), _font("Roboto Condensed")), *commands])
