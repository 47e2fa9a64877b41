"""The shipped fonts' characters as the loader checks them and as reportlab measures them."""

from __future__ import annotations

import pytest

from generator.render.cmap import mapped_characters
from generator.render.fonts import SHIPPED_FONTS, Font, register
from generator.runtime.fontconfig import FONT_DIR


@pytest.mark.parametrize("font", SHIPPED_FONTS, ids=lambda font: font.file)
def test_the_cmap_reader_maps_what_reportlab_maps(font: Font) -> None:
    """Loading a game checks its texts with the cmap reader, drawing measures with reportlab:
    a character one counts and the other does not would pass the check and vanish from the
    print (or be refused yet drawn)."""
    mapped = mapped_characters(FONT_DIR / font.file)
    assert mapped == set(register(font).face.charToGlyph)
    assert {ord("Ж"), ord("ß"), ord("ї")} <= mapped
