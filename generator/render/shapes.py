"""Geometry the SVG templates cannot compute themselves (Jinja has no trigonometry).

Only shapes live here, never words or colours: templates call these as functions and place the
result with their own transforms.
"""

from __future__ import annotations

import math


def gear_path(teeth: int, outer: float, root: float, tip_share: float = 0.45) -> str:
    """SVG path data of a cog centred on (0, 0): ``teeth`` trapezoid teeth between the ``root``
    and ``outer`` radii, in mm, one tooth centred straight up, so the cog is symmetric about
    its vertical axis. A cog with a multiple of 4 teeth has a tooth at each edge of a card and
    looks the same after any quarter turn, which the gears game's common back needs."""
    if teeth < 3 or not 0 < root < outer:
        raise ValueError("a gear needs at least 3 teeth and 0 < root < outer")
    step = 2 * math.pi / teeth
    points = []
    for tooth in range(teeth):
        start = tooth * step - math.pi / 2 - step / 4
        for angle, radius in (
            (start, root),
            (start + step * (0.5 - tip_share) / 2, outer),
            (start + step * (0.5 + tip_share) / 2, outer),
            (start + step * 0.5, root),
        ):
            points.append(f"{radius * math.cos(angle):.3f} {radius * math.sin(angle):.3f}")
    return "M " + " L ".join(points) + " Z"


def star_path(points: int, outer: float, inner: float) -> str:
    """SVG path data of a star centred on (0, 0) with its first point straight up, in mm."""
    if points < 3 or not 0 < inner < outer:
        raise ValueError("a star needs at least 3 points and 0 < inner < outer")
    corners = []
    for index in range(2 * points):
        angle = math.pi * index / points - math.pi / 2
        radius = outer if index % 2 == 0 else inner
        corners.append(f"{radius * math.cos(angle):.3f} {radius * math.sin(angle):.3f}")
    return "M " + " L ".join(corners) + " Z"
