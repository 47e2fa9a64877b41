"""What faces look like to people who see colour differently, on arrays of pixels.

A face is an array of linear RGB (the sRGB primaries and white, D65), ``(..., height, width,
3)``. A simulation is a 3 x 3 matrix applied to linear RGB: for protanopia, deuteranopia and
tritanopia Machado, Oliveira and Fernandes (2009) at full severity, as colour-science
implements it; for greyscale the luminance (CIE Y) in all three channels. Colours are compared
by their CIEDE2000 difference in CIELAB.

How the two kinds of a pair are compared (:func:`apart`) and why is in README "Colour vision".
"""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

Pixels = NDArray[np.float64]
"""Linear RGB, each channel 0 to 1, the last axis the three channels."""

ALIKE = 10.0
"""Two colours closer than this (CIEDE2000) look alike to a player at the table: ten times the
least difference two large patches side by side show, as marks a few millimetres across, seen
across a table and not searched for, need (README "Colour vision" says why)."""
MOST = 0.5
"""A pixel shows what a kind of card looks like when at least this share of its cards agree
there: a mark placed on every other card (a patch on the left of odd numbers, on the right of
even ones) still counts."""

CHUNK = 512
"""Pixels compared under the simulations at a time (:func:`apart`): most pairs of kinds
differ on far more than they need, which the first few hundred show."""

FULL_COLOUR = "full colour"
DEFICIENCIES = {
    "protanope": "Protanomaly",
    "deuteranope": "Deuteranomaly",
    "tritanope": "Tritanomaly",
}
"""Each colour-vision deficiency simulated, by what a person with it is called, with
colour-science's name for it (at severity 1: the anomaly becomes the full deficiency)."""
GREYSCALE = "greyscale"
SIMULATIONS = (FULL_COLOUR, *DEFICIENCIES, GREYSCALE)


@functools.cache
def _colour() -> ModuleType:
    """colour-science, imported when a face is first measured: the import takes about a second
    (it imports matplotlib's plotting), which a check answered from the cache never pays."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it warns that SciPy is absent: nothing here needs it
        import colour
    return colour


@functools.cache
def simulations() -> dict[str, Pixels]:
    """The matrix of each simulation, full colour (none) first, by name."""
    colour = _colour()
    found = {FULL_COLOUR: np.eye(3)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # that tritanopia is the model's approximation
        for name, deficiency in DEFICIENCIES.items():
            found[name] = np.asarray(colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0))
    luminance = colour.RGB_COLOURSPACES["sRGB"].matrix_RGB_to_XYZ[1]
    found[GREYSCALE] = np.tile(luminance, (3, 1))
    return found


def linear(encoded: NDArray[np.uint8]) -> Pixels:
    """8-bit sRGB as drawn (``(..., 3)``) in linear RGB."""
    decoded: Pixels = _decoded()[encoded]
    return decoded


@functools.cache
def _decoded() -> Pixels:
    """The linear value of each 8-bit sRGB value: looked up, a face is decoded at once."""
    table: Pixels = _colour().models.eotf_sRGB(np.arange(256) / 255.0)
    return table


def lab(pixels: Pixels) -> Pixels:
    """CIELAB (L* 0 to 100) of linear RGB, clipped to the gamut first: a simulation may leave
    it a little, as Machado's matrices do."""
    space = _colour().RGB_COLOURSPACES["sRGB"]
    xyz = np.clip(pixels, 0.0, 1.0) @ space.matrix_RGB_to_XYZ.T
    found: Pixels = _colour().XYZ_to_Lab(xyz, space.whitepoint)
    return found


def difference(one: Pixels, other: Pixels) -> Pixels:
    """CIEDE2000 between two arrays of CIELAB colours, pixel by pixel."""
    found: Pixels = _colour().delta_E(one, other, method="CIE 2000")
    return found


@dataclass(frozen=True)
class Look:
    """What the faces of one kind of card have in common: the median of their colours at each
    pixel, and where most of them show that colour (within :data:`ALIKE`): a kind's ground,
    pattern and mark, but not each card's own number or words."""

    median: Pixels
    shown: NDArray[np.bool_]
    median_lab: Pixels


def look(faces: Pixels) -> Look:
    """The look of a kind from its faces, ``(cards, height, width, 3)``."""
    median = np.median(faces, axis=0)
    seen = lab(median)
    if len(faces) == 1:  # a card agrees with itself everywhere
        return Look(median, np.ones(median.shape[:-1], dtype=np.bool_), seen)
    near = difference(lab(faces), seen[np.newaxis]) <= ALIKE
    return Look(median, np.mean(near, axis=0) >= MOST, seen)


def apart(one: Look, other: Look, enough: int) -> dict[str, int]:
    """How many pixels still tell two kinds apart under each simulation, by name, counted up
    to ``enough`` (past it, the count is only known to be at least that): those where both
    kinds show a colour of their own, the two differ by more than :data:`ALIKE` in full
    colour, and still do under the simulation. The pixels are taken :data:`CHUNK` at a time,
    and a simulation stops being counted once it has enough."""
    both = one.shown & other.shown
    firsts, seconds = one.median[both], other.median[both]
    first_labs, second_labs = one.median_lab[both], other.median_lab[both]
    counts = dict.fromkeys(SIMULATIONS, 0)
    for start in range(0, len(firsts), CHUNK):
        short = [name for name, count in counts.items() if count < enough and name != FULL_COLOUR]
        if counts[FULL_COLOUR] >= enough and not short:
            break
        part = slice(start, start + CHUNK)
        cue = difference(first_labs[part], second_labs[part]) > ALIKE
        counts[FULL_COLOUR] += int(np.count_nonzero(cue))
        if short:
            matrices = np.swapaxes(np.stack([simulations()[name] for name in short]), -1, -2)
            first, second = firsts[part][cue] @ matrices, seconds[part][cue] @ matrices
            seen = difference(lab(first), lab(second)) > ALIKE
            for name, found in zip(short, np.count_nonzero(seen, axis=-1), strict=True):
                counts[name] += int(found)
    return counts


def simulated(encoded: NDArray[np.uint8], name: str) -> NDArray[np.uint8]:
    """An 8-bit sRGB picture as the simulation ``name`` shows it (for the proof)."""
    colour = _colour()
    seen = np.clip(linear(encoded) @ simulations()[name].T, 0.0, 1.0)
    encoded_again: Any = colour.models.eotf_inverse_sRGB(seen)
    return np.asarray(np.round(encoded_again * 255), dtype=np.uint8)
