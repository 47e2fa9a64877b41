"""Rectangles and lines on a sheet, in millimetres, and where each lands on the back after the
sheet is turned over: the shapes every layout (sheets, cut files, proofs) is drawn with."""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.geometry.sizes import Paper


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    def behind(self, paper: Paper, flip: str) -> Rect:
        """Where this rectangle of the front lands on the back after the sheet is turned over
        its ``long`` or ``short`` edge, or folded along its vertical middle (``fold``)."""
        if _rows_change(paper, flip):
            return replace(self, y=paper.height - self.y - self.height)
        return replace(self, x=paper.width - self.x - self.width)


def _rows_change(paper: Paper, flip: str) -> bool:
    """Whether turning the sheet over mirrors it top to bottom: over the short edge of an
    upright page, or the long edge of one turned sideways (which is its top)."""
    if flip == "fold":
        return False
    return (flip == "short") != (paper.width > paper.height)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float

    def behind(self, paper: Paper, flip: str) -> Line:
        """This line of the front, seen on the back after the flip (see :meth:`Rect.behind`)."""
        if _rows_change(paper, flip):
            return Line(self.x1, paper.height - self.y1, self.x2, paper.height - self.y2)
        return Line(paper.width - self.x1, self.y1, paper.width - self.x2, self.y2)
