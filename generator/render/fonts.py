"""The fonts the project ships, for both measuring (reportlab) and drawing (cairo).

cairosvg asks cairo's "toy" font API, which asks fontconfig, for a family name; whatever the
machine has installed could answer. We point fontconfig at a configuration that lists only the
project's font folder, so every machine draws with exactly the files reportlab measures with
(reportlab's ``stringWidth`` on the same TTF matches what cairo draws in PDF).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.render.cmap import mapped_characters
from generator.runtime.fontconfig import FONT_DIR
from generator.runtime.fontconfig import use_project_fonts as use_project_fonts  # where draw looks

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont


@dataclass(frozen=True)
class Font:
    """One shipped font file, named the way SVG templates ask for it."""

    family: str
    weight: str
    file: str

    @property
    def reportlab_name(self) -> str:
        return f"pnp:{self.family}:{self.weight}"


SHIPPED_FONTS = (
    Font("Roboto Condensed", "normal", "RobotoCondensed-Regular.ttf"),
    Font("Roboto Condensed", "bold", "RobotoCondensed-Bold.ttf"),
    Font("Roboto Black", "normal", "Roboto-Black.ttf"),
)
FAMILIES = frozenset(font.family for font in SHIPPED_FONTS)


def find_font(family: str, weight: str = "normal") -> Font | None:
    """The shipped font for an SVG ``font-family`` and ``font-weight``, if there is one."""
    for font in SHIPPED_FONTS:
        if font.family == family and font.weight == weight:
            return font
    return None


@cache
def register(font: Font) -> TTFont:
    """The font parsed by reportlab, which measures text; imported here, when first measured,
    so that loading a game (which asks :func:`unprintable`) does without it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    ttf = TTFont(font.reportlab_name, str(FONT_DIR / font.file))
    pdfmetrics.registerFont(ttf)
    return ttf


def preload() -> None:
    """Parse every shipped font now, in the build's process: workers forked after share the
    parsed fonts (tens of MB) instead of each parsing its own copy."""
    for font in SHIPPED_FONTS:
        register(font)


def text_width(text: str, font: Font, size: float) -> float:
    """Advance width of ``text`` in the units of ``size`` (we draw in millimetres)."""
    return float(register(font).stringWidth(text, size))


def cap_height(font: Font) -> float:
    """Height of the capitals as a fraction of the size: lines are centred on their capitals."""
    return float(register(font).face.capHeight) / 1000


def missing_glyphs(text: str, font: Font) -> list[str]:
    """Characters of ``text`` the font cannot draw; cairo would silently leave them out."""
    covered = _mapped(font)
    missing = dict.fromkeys(ch for ch in text if ord(ch) not in covered and not ch.isspace())
    return list(missing)


@cache
def _mapped(font: Font) -> frozenset[int]:
    return mapped_characters(FONT_DIR / font.file)


def unprintable(text: str) -> str | None:
    """What of a locale's ``text`` the shipped fonts cannot draw, as the loader reports it
    (:data:`generator.load.locales.Unprintable`); ``None`` when they draw all of it."""
    missing = {ch for font in SHIPPED_FONTS for ch in missing_glyphs(text, font)}
    if not missing:
        return None
    drawn = "the project's fonts and would vanish from the print"
    return f"{describe_characters(sorted(missing))} cannot be drawn by {drawn}"


def describe_characters(characters: Sequence[str]) -> str:
    return ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in characters)
