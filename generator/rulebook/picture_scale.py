"""How large a worked example's pictures are drawn: at the scale a density asks for, enlarged
no wider than the page and a card no larger than it prints, and narrowed to fit a column.
"""

from __future__ import annotations

import dataclasses

from generator.geometry.sizes import pt
from generator.rulebook import content

PICTURE_PADDING = 7.0  # points around each picture of an example's row


def pictures_scaled(summary: content.Summary, scale: float, width: float) -> content.Summary:
    """``summary`` with its worked examples' pictures drawn at ``scale`` of their size; a row
    of pictures is enlarged no wider than ``width``, and a card no larger than it prints."""
    if scale == 1.0:
        return summary
    sections = [
        dataclasses.replace(
            section,
            steps=[step_scaled(step, scale, width) for step in section.steps],
        )
        if isinstance(section, content.Example)
        else section
        for section in summary.sections
    ]
    return dataclasses.replace(summary, sections=sections)


def fitted(step: content.Step, width: float) -> content.Step:
    """The step with its row of pictures narrowed to ``width`` if it is wider."""
    scale = scale_to(step, width)
    return step_scaled(step, scale, width) if scale < 1.0 else step


def scale_to(step: content.Step, width: float) -> float:
    """The scale at which the step's row of pictures, with its fixed padding, is ``width``."""
    padding = PICTURE_PADDING * len(step.pictures)
    pictures = pictures_width(step) - padding
    return max(width - padding, 1.0) / pictures if pictures > 0 else 1.0


def step_scaled(step: content.Step, scale: float, width: float) -> content.Step:
    """The step's pictures at ``scale`` (enlarged no wider than ``width``)."""
    if scale > 1.0 and step.pictures:
        scale = max(1.0, min(scale, scale_to(step, width)))
    pictures = tuple(
        dataclasses.replace(picture, scale=min(picture.scale * scale, max(picture.scale, 1.0)))
        for picture in step.pictures
    )
    return dataclasses.replace(step, pictures=pictures)


def pictures_width(step: content.Step) -> float:
    """The width of the step's row of pictures, each with its padding."""
    return sum(pt(picture.shown_width) + PICTURE_PADDING for picture in step.pictures)
