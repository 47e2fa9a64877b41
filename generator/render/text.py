"""Wrapping and shrinking text to a box, measured with the real font.

cairosvg draws no wrapped text, so we break lines ourselves: greedy wrapping at spaces, honouring
explicit line breaks, shrinking the size in small steps until the lines fit the box or the minimum
size is reached.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

Measure = Callable[[str, float], float]

BREAKS = re.compile(r"[ \t]+")
"""Where a line may break (not at a no-break space, which ``str.split`` would break at)."""
SHRINK_STEP = 0.97  # each try is 3 % smaller: fine enough that the chosen size looks deliberate


@dataclass(frozen=True)
class FittedText:
    size: float
    lines: tuple[str, ...]


def words(text: str) -> list[str]:
    """The words of ``text``, split where a line may break (:data:`BREAKS`)."""
    return [word for word in BREAKS.split(text) if word]


def wrap(
    text: str, width: float, size: float, measure: Measure, wide_words: bool = False
) -> list[str] | None:
    """Greedy line breaking; ``None`` when a single word is wider than ``width``, unless
    ``wide_words`` (such a word then stands on a line of its own). Lines break at spaces and
    tabs only: a no-break space (U+00A0, U+202F) holds its neighbours together, as a
    translator writes it between a number and its unit or before French punctuation, and as
    Russian digit groups are written (``3 840``)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in words(paragraph):
            candidate = f"{line} {word}" if line else word
            if measure(candidate, size) <= width:
                line = candidate
                continue
            if not wide_words and (not line or measure(word, size) > width):
                return None
            if line:
                lines.append(line)
            line = word
        lines.append(line)
    return lines


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    measure: Measure,
    line_height: float = 1.15,
    max_lines: int | None = None,
) -> FittedText | None:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits, or ``None``."""
    current = size
    while True:
        lines = wrap(text, width, current, measure)
        fits_lines = lines is not None and (max_lines is None or len(lines) <= max_lines)
        if lines is not None and fits_lines and len(lines) * current * line_height <= height + 1e-9:
            return FittedText(current, tuple(lines))
        if current <= min_size:
            return None
        current = max(min_size, current * SHRINK_STEP)


_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_differently_turned(number: str) -> bool:
    """Whether ``number`` turned 180 degrees reads as another number (6 / 9, 61 / 19).

    Such numbers get an underline, the playing-card convention, so a card held upside down in a
    fan is never misread.
    """
    if not number or any(digit not in _TURNED for digit in number):
        return False
    return "".join(_TURNED[digit] for digit in reversed(number)) != number
