"""How much ink a printed page takes: the figures a build, a proof and an export report.

A light module (no drawing library), below the outputs that measure pages and the commands
that show the figures.

Two figures per page, both read from a rendering at :data:`DPI`:

- ``mean``: the share of the page covered, as 1 - the mean luminance of the page in grey (the
  luminance ``pdftoppm -gray`` gives): what a home printer spends, and a figure anyone can
  reproduce with poppler;
- ``tac``: the highest total area coverage of any pixel, the sum of its cyan, magenta, yellow
  and black in per cent (at most 400): what a print shop limits (DriveThruCards: 240 %). A page
  the build writes in RGB is taken as converted without a colour profile (cyan 1 - red, and so
  on, no black generation: PostScript's own conversion, Ghostscript's ``-dUseFastColor``), the
  most ink the page can ask for; a CMYK file is measured on its own separations.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

DPI = 20
"""Ink is measured at 20 dpi: about 1.3 mm a pixel, finer than any ground or fill that spends
ink, and cheap enough to measure every face a build draws."""


class PageInk(NamedTuple):
    """The ink of one page: ``mean`` coverage and highest ``tac``, both in per cent."""

    mean: float
    tac: float


FRONT, BACK = "front", "back"
"""A page of card fronts only, and of card backs only (:attr:`Written.sides
<generator.runtime.writer.Written.sides>`)."""


def summary(pages: Iterable[tuple[PageInk, str]]) -> str | None:
    """The build's line on ink, from every page measured with its side (:data:`FRONT`,
    :data:`BACK` or ``""``): how much of a page the pages of card fronts, of card backs and
    all pages cover on average (what a home printer spends; backs are often the most), and
    the most ink on any one spot (what a print shop limits). README, "How much ink"; ``None``
    without a page."""
    measured = list(pages)
    if not measured:
        return None
    named = [
        ("card fronts", [ink.mean for ink, side in measured if side == FRONT]),
        ("card backs", [ink.mean for ink, side in measured if side == BACK]),
        ("all pages", [ink.mean for ink, _ in measured]),
    ]
    averages = ", ".join(f"{name} {sum(m) / len(m):.0f} %" for name, m in named if m)
    highest = max(ink.tac for ink, _ in measured)
    return f"ink: {averages} of the page on average; at most {highest:.0f} % on one spot"
