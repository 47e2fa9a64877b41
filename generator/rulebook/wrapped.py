"""A paragraph that breaks its lines once per width.

Balanced columns look for the height at which two columns end level by trying heights in turn,
and each try measures every paragraph of the group again at the column's width (a summary's
layout measured each paragraph some forty times). The lines a paragraph breaks into depend on
its text, its style and the width alone, so the lines broken at one width are kept until it is
measured at another, or reportlab drops them (a split that finds no room).
"""

from __future__ import annotations

from reportlab.platypus import Paragraph as Broken


class Paragraph(Broken):
    """reportlab's paragraph, its lines kept for the width they were last broken at."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The size at ``available_width``; the lines are broken again only at another width,
        or when reportlab has dropped them (``blPara``) or put others in their place."""
        kept: tuple[float, object, tuple[float, float]] | None = self.__dict__.get("_kept")
        if kept is not None:
            at, lines, size = kept
            if at == available_width and self.__dict__.get("blPara") is lines:
                return size
        width, height = super().wrap(available_width, available_height)
        self._kept = (available_width, self.__dict__.get("blPara"), (width, height))
        return width, height
