"""Icons inside a text as the fitter sees them: each ``{icon:NAME}`` a text draws stands for
one character while the text is wrapped and shrunk (:mod:`~generator.render.text`), a
:data:`MARK` of the Supplementary Private Use Area that no shipped font draws and no locale
text may hold (the loader refuses what the fonts cannot draw). A mark is measured as the
icon's box, so wrapping and shrinking are exact: an icon never breaks, and a line holding one
is as wide as it is drawn.

An icon's box is :data:`ICON_HEIGHT` of the font size tall, as wide as its own ``viewBox``
makes it at that height (a round coin one box square, a long arrow wider), with
:data:`ICON_BEARING` on either side as a letter has: an icon glued to a number (``2{icon:coin}``)
does not touch it. It stands centred on the capitals, as a line is: it sits on the baseline
and reaches a little above the capitals, the height the eye gives a symbol in a line.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import escape

from generator.load.placeholders import ICON
from generator.render.fonts import Font, cap_height, text_width
from generator.render.icons import Icon

MARK = 0xF0000
"""The character of a text's first icon while it is fitted (the next icon the next one)."""
ICON_HEIGHT = 0.9
"""An icon's height, in font sizes (ems): a little more than the capitals (0.71 em in Roboto
Condensed), so its drawing reads at the size of the text around it."""
ICON_BEARING = 0.05
"""The room on either side of an icon, in font sizes (a letter's side bearing, about)."""
_MARKS = re.compile(f"[{chr(MARK)}-{chr(MARK + 0xFFFD)}]")


def icon_width(aspect: float) -> float:
    """The advance of an icon whose ``viewBox`` is ``aspect`` times as wide as it is tall,
    in font sizes."""
    return aspect * ICON_HEIGHT + 2 * ICON_BEARING


def marked(content: str, known: Mapping[str, float]) -> tuple[str, tuple[str, ...]]:
    """``content`` with each ``{icon:NAME}`` of an icon in ``known`` (its aspect ratio, by
    name) replaced by its :data:`MARK`, and the names of the icons it draws, a mark's number
    an index into them; an icon not in ``known`` stays as written (its problem is reported)."""
    names: dict[str, int] = {}

    def mark(match: re.Match[str]) -> str:
        if match[1] not in known:
            return match[0]
        return chr(MARK + names.setdefault(match[1], len(names)))

    return ICON.sub(mark, content), tuple(names)


def unmarked(text: str) -> str:
    """``text`` without its icons' marks (what the font draws of it)."""
    return _MARKS.sub("", text)


def width(text: str, face: Font, size: float, icons: Sequence[float]) -> float:
    """The advance of ``text`` at ``size``, each mark of an icon ``icons`` holds the advance
    (in font sizes) of that icon; any other mark (a stranger's template may write one) is
    measured as the font measures it."""
    if not icons:
        return text_width(text, face, size)
    total = 0.0
    for part in runs(text, icons):
        total += size * icons[part] if isinstance(part, int) else text_width(part, face, size)
    return total


def runs(text: str, icons: Sequence[float]) -> list[str | int]:
    """``text`` in pieces: runs of text, and between them the number of each icon ``icons``
    holds."""
    pieces: list[str | int] = []
    start = 0
    for match in _MARKS.finditer(text):
        index = ord(match[0]) - MARK
        if index >= len(icons):
            continue
        if match.start() > start:
            pieces.append(text[start : match.start()])
        pieces.append(index)
        start = match.end()
    if start < len(text):
        pieces.append(text[start:])
    return pieces


@dataclass(frozen=True)
class Drawn:
    """How a text's line that holds icons is drawn: each run of text a ``<text>`` of its own,
    each icon its drawing, scaled to its box and placed where its mark stands."""

    face: Font
    size: float
    fill: str
    icons: Sequence[Icon]
    advances: Sequence[float]

    def line(self, parts: Sequence[str | int], left: float, baseline: float, mark: str) -> str:
        """The line's elements, from ``left``; ``mark`` (the box's number) on the first."""
        size, fill = self.size, escape(self.fill)
        font = f'font-family="{self.face.family}" font-weight="{self.face.weight}"'
        top = baseline - (cap_height(self.face) + ICON_HEIGHT) * size / 2
        elements, x = [], left
        for part in parts:
            if isinstance(part, int):
                icon = self.icons[part]
                scale = ICON_HEIGHT * size / icon.box[3]
                at = f"{x + ICON_BEARING * size:.3f} {top:.3f}"
                shift = f"{-icon.box[0]:.3f} {-icon.box[1]:.3f}"
                elements.append(
                    f'<g {mark}font-size="{size:.3f}" fill="{fill}" color="{fill}">'
                    f'<g transform="translate({at}) scale({scale:.5f}) translate({shift})">'
                    f"{icon.drawing}</g></g>"
                )
                x += self.advances[part] * size
            else:
                lead = part[: len(part) - len(part.lstrip(" "))]
                start = x + text_width(lead, self.face, size)
                elements.append(
                    f'<text {mark}x="{start:.3f}" y="{baseline:.3f}" {font} '
                    f'font-size="{size:.3f}" fill="{fill}">{escape(part.strip(" "))}</text>'
                )
                x += text_width(part, self.face, size)
            mark = ""
        return "\n".join(elements)


ICON_ELEMENT = len(
    '<g font-size="" fill="" color=""><g transform="translate( ) scale() translate( )"></g></g>\n'
)


def icon_size(icon: Icon, reach: float, fill: str) -> int:
    """At most how many characters drawing ``icon`` in a line writes, no number larger than
    ``reach`` (its drawing, two colours escaped, seven numbers)."""
    widest = len(f"{-reach:.5f}") if math.isfinite(reach) else len(f"{-sys.float_info.max:.5f}")
    return ICON_ELEMENT + len(icon.drawing) + 10 * len(fill) + 7 * widest
