"""The fonts the project ships, for both measuring (reportlab) and drawing (cairo).

cairosvg asks cairo's "toy" font API, which asks fontconfig, for a family name; whatever the
machine has installed could answer. We point fontconfig at a configuration that lists only the
project's font folder, so every machine draws with exactly the files reportlab measures with
(reportlab's ``stringWidth`` on the same TTF matches what cairo draws in PDF).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator import TEMPLATES_DIR

FONT_DIR = TEMPLATES_DIR / "_common" / "fonts"


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
    ttf = TTFont(font.reportlab_name, str(FONT_DIR / font.file))
    pdfmetrics.registerFont(ttf)
    return ttf


def text_width(text: str, font: Font, size: float) -> float:
    """Advance width of ``text`` in the units of ``size`` (we draw in millimetres)."""
    register(font)
    return float(pdfmetrics.stringWidth(text, font.reportlab_name, size))


def cap_height(font: Font) -> float:
    """Height of the capitals as a fraction of the size: lines are centred on their capitals."""
    return float(register(font).face.capHeight) / 1000


def missing_glyphs(text: str, font: Font) -> list[str]:
    """Characters of ``text`` the font cannot draw; cairo would silently leave them out."""
    covered = register(font).face.charToGlyph
    missing = dict.fromkeys(ch for ch in text if ord(ch) not in covered and not ch.isspace())
    return list(missing)


def describe_characters(characters: Sequence[str]) -> str:
    return ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in characters)


_fontconfig_ready = False


def use_project_fonts() -> None:
    """Make fontconfig (and so cairo and cairosvg) see only the project's font folder.

    Must run before cairo first looks up a font in this process; fontconfig reads the variable
    once. Idempotent. The configuration and fontconfig's cache live in a private folder made
    for this process (``mkdtemp``: readable by this user only, a name no one can guess) and
    removed when it ends: a shared, predictable folder in /tmp would let another user of the
    machine plant a link there that we then write through.
    """
    global _fontconfig_ready
    if _fontconfig_ready:
        return
    config_dir = Path(tempfile.mkdtemp(prefix="pnp-fontconfig-"))
    atexit.register(shutil.rmtree, config_dir, ignore_errors=True)
    config = config_dir / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{escape(str(FONT_DIR.resolve()))}</dir>\n"
        f"  <cachedir>{escape(str(config_dir / 'cache'))}</cachedir>\n</fontconfig>\n",
        encoding="utf-8",
    )
    os.environ["FONTCONFIG_FILE"] = str(config)
    _fontconfig_ready = True
