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


def blob_path(
    radius: float, seed: int, roughness: float = 0.3, corners: int = 9, smooth: bool = True
) -> str:
    """SVG path data of an irregular round spot centred on (0, 0) (a rust stain, a torn hole):
    a closed curve through ``corners`` points whose distance from the centre varies by up to
    ``roughness`` of ``radius``, smooth or (``smooth=False``) a jagged polygon. The same ``seed``
    always gives the same spot."""
    if corners < 3 or radius <= 0 or not 0 <= roughness < 1:
        raise ValueError("a spot needs at least 3 corners, a radius and 0 <= roughness < 1")
    points = []
    for corner in range(corners):
        angle = 2 * math.pi * corner / corners
        # a whole-number hash of (seed, corner) in [0, 1): the same spot on every machine
        mixed = ((seed * 73856093) ^ (corner * 19349663)) * 2654435761 % 2**32
        share = mixed / 2**32
        reach = radius * (1 - roughness + 2 * roughness * share)
        points.append((reach * math.cos(angle), reach * math.sin(angle)))
    if not smooth:
        return "M " + " L ".join(f"{x:.3f} {y:.3f}" for x, y in points) + " Z"
    # a quadratic curve through the middle of each side, bending at the points
    middles = [
        ((x + points[(i + 1) % corners][0]) / 2, (y + points[(i + 1) % corners][1]) / 2)
        for i, (x, y) in enumerate(points)
    ]
    path = [f"M {middles[-1][0]:.3f} {middles[-1][1]:.3f}"]
    for (x, y), (mx, my) in zip(points, middles, strict=True):
        path.append(f"Q {x:.3f} {y:.3f} {mx:.3f} {my:.3f}")
    return " ".join(path) + " Z"
