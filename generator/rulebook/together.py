"""Flowables kept together in balanced columns: a heading with its first line, an example's
text with its pictures.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

KEPT_AT_MOST = 250.0  # points: a heading and its first lines taller than this may break apart


def headed(heading: Flowable, flowing: list[Flowable]) -> list[Flowable]:
    """The heading glued to what follows it, so a column never ends on a heading."""
    if not flowing:
        return [heading]
    return [Together([heading, flowing[0]]), *flowing[1:]]


class Together(Flowable):
    """Flowables that move to the next column as one (a heading and its first line, an
    example's text and its pictures): reportlab's KeepTogether asks the page for a frame break,
    which balanced columns ignore."""

    def __init__(self, parts: list[Flowable]) -> None:
        super().__init__()
        self.parts = parts
        self.spaceBefore = parts[0].getSpaceBefore()
        self.spaceAfter = parts[-1].getSpaceAfter()

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.heights = [
            part.wrapOn(self.canv, available_width, available_height)[1] for part in self.parts
        ]
        self.height = sum(self.heights) + sum(self._gaps())
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        """Nothing, to move on whole to the next column; but a block taller than a column could
        never be placed (a stranger's very long text), so one over ``KEPT_AT_MOST`` breaks: the
        parts that fit, the next one split where it can, as one block, then the rest."""
        if self.height <= KEPT_AT_MOST:
            return []
        used = 0.0
        for index, (part, height, gap) in enumerate(
            zip(self.parts, self.heights, [0.0, *self._gaps()], strict=True)
        ):
            if used + gap + height > available_height:
                pieces = part.splitOn(self.canv, available_width, available_height - used - gap)
                if not pieces:
                    return [] if index == 0 else [Together(self.parts[:index]), *self.parts[index:]]
                kept = Together([*self.parts[:index], pieces[0]])
                return [kept, *pieces[1:], *self.parts[index + 1 :]]
            used += gap + height
        return [self]

    def draw(self) -> None:
        top = self.height
        for part, height, gap in zip(self.parts, self.heights, [0.0, *self._gaps()], strict=True):
            top -= gap + height
            part.drawOn(self.canv, 0, top)

    def _gaps(self) -> list[float]:
        """The space between each part and the next."""
        return [
            above.getSpaceAfter() + below.getSpaceBefore()
            for above, below in zip(self.parts, self.parts[1:], strict=False)
        ]
