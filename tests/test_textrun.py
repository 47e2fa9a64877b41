"""Text drawn a run at a time (generator.render.textrun) is cairosvg's text to the byte: each
case is drawn by cairosvg's own surfaces and by ours, in this process, to PDF, PNG and SVG.
The comparison of every shipped face is ``python -m tests.draw_compare`` (too slow for CI)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import cairocffi
import cairosvg
import cairosvg.parser
import cairosvg.surface
import pytest

from generator.render import textrun
from generator.render.fonts import use_project_fonts

FAMILY = 'font-family="Roboto Condensed"'
FONT = f'{FAMILY} font-size="4.2" fill="#202024"'
CASES = {
    "plain run": f'<text x="2.5" y="8" {FONT}>Gear &amp; Piston 1\u20136</text>',
    "run with spaces": f'<text x="2" y="8" {FONT}>  two  spaces, ends in one </text>',
    "bold": f'<text x="2" y="8" {FONT} font-weight="bold">Bold 700</text>'
    f'<text x="2" y="14" {FONT} font-weight="700">Bold 700</text>',
    "black": '<text x="2" y="12" font-family="Roboto Black" font-size="9">042</text>',
    "cyrillic": f'<text x="2" y="8" {FONT}>Шестерёнки \u0456 поршн\u0456: ґанок</text>',
    "anchor middle": f'<text x="30" y="8" text-anchor="middle" {FONT}>In the middle</text>',
    "anchor end": f'<text x="58" y="8" text-anchor="end" {FONT}>At the end</text>',
    "percent and units": f'<text x="10%" y="2mm" {FONT}>Placed in % and mm</text>',
    "tspan with dx": f'<text x="2" y="8" {FONT}>Set <tspan dx="1.5" dy="-0.5" '
    'font-weight="bold">apart</tspan> then on</text>',
    "stroked": f'<text x="2" y="12" {FAMILY} font-size="8" stroke="#c00" '
    'stroke-width="0.3">Outlined</text>',
    "gradient by its box": '<linearGradient id="g"><stop offset="0" stop-color="#c00"/>'
    '<stop offset="1" stop-color="#00c"/></linearGradient>'
    f'<text x="2" y="12" {FAMILY} font-size="8" fill="url(#g)">Gradient</text>',
    "clipping": f'<clipPath id="c"><text x="2" y="14" {FAMILY} font-size="12">CLIP</text>'
    '</clipPath><rect width="60" height="20" fill="#0a0" clip-path="url(#c)"/>',
}
BY_CAIROSVG = {
    "letter-spacing": f'<text x="2" y="8" letter-spacing="0.4" {FONT}>Spaced out</text>',
    "a place per letter": f'<text x="2 6 10" y="8" {FONT}>ABCD</text>',
    "rotated letters": f'<text x="2" y="8" rotate="10" {FONT}>Tilted</text>',
    "baseline": f'<text x="2" y="8" dominant-baseline="middle" {FONT}>Middle</text>',
}
Surfaces = tuple[type[Any], type[Any]]
SURFACES: dict[str, Surfaces] = {
    "pdf": (cairosvg.surface.PDFSurface, textrun.PDFSurface),
    "png": (cairosvg.surface.PNGSurface, textrun.PNGSurface),
    "svg": (cairosvg.surface.SVGSurface, textrun.SVGSurface),
}
DPI = 150


def drawn(surface: type[Any], body: str) -> bytes:
    """``body`` on a 60 x 20 mm SVG, drawn by ``surface``."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="20mm" '
        f'viewBox="0 0 60 20">{body}</svg>'
    )
    output = io.BytesIO()
    drawing = surface(cairosvg.parser.Tree(bytestring=svg.encode()), output, DPI)
    if isinstance(drawing.cairo, cairocffi.PDFSurface):  # dated, not by the time of drawing
        for date in (cairocffi.PDF_METADATA_CREATE_DATE, cairocffi.PDF_METADATA_MOD_DATE):
            drawing.cairo.set_metadata(date, "2000-01-01T00:00:00Z")
    drawing.finish()
    return output.getvalue()


def compared(kind: str, drawing: bytes) -> bytes:
    """What must match: a PDF's and a PNG's bytes; cairo's SVG drawn again by cairosvg, to
    pixels (it writes a group of glyphs for each call that shows letters)."""
    return cairosvg.svg2png(bytestring=drawing, dpi=DPI) if kind == "svg" else drawing


@pytest.fixture
def letter_by_letter(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of each node cairosvg draws letter by letter while the test runs."""
    use_project_fonts()
    drawn_by_cairosvg: list[str] = []
    own: Callable[..., None] = textrun.LETTER_BY_LETTER

    def counted(surface: Any, node: Any, draw_as_text: bool = False) -> None:
        drawn_by_cairosvg.append(node.text or "")
        own(surface, node, draw_as_text)

    monkeypatch.setattr(textrun, "LETTER_BY_LETTER", counted)
    return drawn_by_cairosvg


@pytest.mark.parametrize("kind", SURFACES)
@pytest.mark.parametrize("case", CASES)
def test_a_run_draws_what_cairosvg_draws(kind: str, case: str, letter_by_letter: list[str]) -> None:
    cairosvgs, ours = SURFACES[kind]
    expected = compared(kind, drawn(cairosvgs, CASES[case]))
    letter_by_letter.clear()
    assert compared(kind, drawn(ours, CASES[case])) == expected
    assert not [text for text in letter_by_letter if text.strip()]


@pytest.mark.parametrize("case", BY_CAIROSVG)
def test_letters_with_places_of_their_own_are_drawn_by_cairosvg(
    case: str, letter_by_letter: list[str]
) -> None:
    expected = drawn(cairosvg.surface.PDFSurface, BY_CAIROSVG[case])
    letter_by_letter.clear()
    assert drawn(textrun.PDFSurface, BY_CAIROSVG[case]) == expected
    assert letter_by_letter
