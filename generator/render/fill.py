"""How full each text box is: what a translator needs to know before a text overflows.

Every ``text(...)`` call of a face is recorded as it is asked (:class:`Asked`: a tuple, nearly
free in a build, which never reads it) and measured only when someone asks for its
:class:`BoxFill`: the proof sheets (``pnp proof``) and the PO exporter's comments.

The fill is measured at the box's *default* size, the size the designer chose, not the size
the text was shrunk to: a text that had to shrink is over-full even though it printed.

- The lines the box holds at the default size are ``floor(height / (size * line_height))``,
  at most ``max_lines``.
- The text is wrapped at the default size as the fitter wraps it. The lines it needs are its
  full lines, plus the last line counted by its width. A box of one line is not wrapped: it
  is filled by the text's width over the box's (105 %: 5 % too long).
- The fill is the lines needed over the lines held: 0.5 is half the box, 1.0 exactly full,
  more than 1.0 a text that had to shrink below the default size or did not fit at all. A
  word wider than the box makes the fill at least its width over the box's; a box lower than
  one line holds no line, and its fill is at least the line's height over the box's.

The fill grows with every word added at the end of a text (a word that starts a line counts a
whole line more than the line it left, which held at most one). Colours: green up to
:data:`AMBER_ABOVE`, amber above, red when the text printed smaller than its default size or
did not fit at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from generator.model import Text
from generator.render.fonts import Font, text_width
from generator.render.inline import width as inline_width
from generator.render.safe_area import TextBox
from generator.render.text import words, wrap

AMBER_ABOVE = 0.90
"""A box fuller than this is amber: a longer translation (German runs 30 % longer than
English) would shrink it."""
GREEN, AMBER, RED = "green", "amber", "red"
SAMPLE = "Each player draws two cards, then plays one of them face up: the highest wins."
"""What a box's capacity is measured in: characters of this ordinary English sentence
(capitals, spaces, punctuation). A fixed sample makes the capacity a property of the box, its
font and its size alone, the same for every text and language: a translator compares their
text's length with it. The text itself would be a poor ruler (a box holding ``7`` would be
measured in digits). Cyrillic letters run about 12 % wider than this sample, so for ru and uk
the estimate is that much generous."""
EPSILON = 1e-9
"""What :func:`~generator.render.text.fit` allows over a box's height: the same here, so a
text fitting exactly is full, not over."""
LOTS = 1_000_000
"""More lines or characters than any box holds: where a stranger's tiny size stops counting."""


class LocaleKey(NamedTuple):
    """A locale text a box shows: its key, and the locale file and line it was read from."""

    key: str
    file: str
    line: int


@dataclass(frozen=True)
class BoxFill:
    """One ``text(...)`` call of a face: the box (mm), the sizes asked for and the size the
    text printed at, and how full the box is at the default size (see the module)."""

    keys: tuple[LocaleKey, ...]
    """The locale texts shown, one per paragraph that came from a locale file (none for a
    number or a word a template wrote itself)."""
    text: str
    """What the box shows, paragraphs on lines of their own."""
    width: float
    height: float
    size: float
    """The default size (mm): the largest the text may print at."""
    min_size: float
    printed: float | None
    """The size the text printed at, or ``None`` when it did not fit even at ``min_size``."""
    font: str
    weight: str
    fill: float
    lines: int
    """The lines the box holds at the default size."""
    capacity: int
    """About how many characters fit at the default size (:data:`SAMPLE`'s, on
    :attr:`lines` lines)."""
    file: str
    """The template file (as loaded) and line of the ``text(...)`` call."""
    line: int

    @property
    def colour(self) -> str:
        """:data:`GREEN`, :data:`AMBER` or :data:`RED`."""
        if self.printed is None or self.printed < self.size:
            return RED
        return AMBER if self.fill > AMBER_ABOVE else GREEN


class Asked(NamedTuple):
    """What a ``text(...)`` call asked for and got, recorded as it ran: its box (with the
    template line of the call), its paragraphs, font and sizes, and the size it printed at
    (``None``: it did not fit)."""

    box: TextBox
    paragraphs: tuple[str, ...]
    font: Font
    size: float
    min_size: float
    line_height: float
    max_lines: int | None
    printed: float | None
    marked: str | None = None
    """The text with its icons' marks, as it was fitted (``None``: it draws no icon)."""
    icons: tuple[float, ...] = ()
    """The advance of each icon it draws, in font sizes (:mod:`~generator.render.inline`)."""


def box_fill(asked: Asked) -> BoxFill:
    """The fill of one recorded call."""
    box, font = asked.box, asked.font
    content = "\n".join(asked.paragraphs)
    fitted = content if asked.marked is None else asked.marked
    fill, lines, capacity = measure(
        fitted,
        font,
        box.width,
        box.height,
        asked.size,
        asked.line_height,
        asked.max_lines,
        asked.icons,
    )
    keys = tuple(
        LocaleKey(paragraph.key, paragraph.file, paragraph.line)
        for paragraph in asked.paragraphs
        if isinstance(paragraph, Text)
    )
    return BoxFill(
        keys,
        content,
        box.width,
        box.height,
        asked.size,
        asked.min_size,
        asked.printed,
        font.family,
        font.weight,
        fill,
        lines,
        capacity,
        box.file,
        box.line,
    )


@cache
def measure(
    content: str,
    font: Font,
    width: float,
    height: float,
    size: float,
    line_height: float = 1.15,
    max_lines: int | None = None,
    icons: tuple[float, ...] = (),
) -> tuple[float, int, int]:
    """The fill of ``content`` in the box at ``size`` (see the module), the lines the box
    holds and its capacity in characters; measured once per text and box (a text recurs on
    many cards). ``icons``: the advance of each icon whose mark it holds."""
    if min(size, width, height, line_height) <= 0:  # a stranger's template: no box to fill
        return (math.inf if words(content) else 0.0), 0, 0
    step = size * line_height
    most = LOTS if max_lines is None else max(max_lines, 0)
    held = math.floor(min((height + EPSILON) / step, most, LOTS))
    capacity = math.floor(min(held * width / average_width(font, size), LOTS))
    if not words(content):
        return 0.0, held, capacity

    def measured(line: str, at: float) -> float:
        return inline_width(line, font, at, icons)

    lines = content.split("\n") if held <= 1 else wrap(content, width, size, measured)
    if lines is None:  # a word wider than the box
        widest = max(measured(word, size) for word in words(content))
        return widest / width, held, capacity
    needed = len(lines) - 1 + measured(lines[-1], size) / width
    if held == 0:
        return max(needed, 1.0) * step / height, held, capacity
    return needed / held, held, capacity


@cache
def average_width(font: Font, size: float) -> float:
    """The average advance of a character of :data:`SAMPLE` at ``size`` (mm)."""
    return text_width(SAMPLE, font, size) / len(SAMPLE)
