"""The total ink of a CMYK PDF: limited to what a print shop accepts, then measured.

A shop limits the total area coverage (TAC): the sum of cyan, magenta, yellow and black at any
point of the page (DriveThruCards: 240 %). Ghostscript's colour-managed conversion to its SWOP
profile makes the darkest RGB colours far richer than that (black: C72 M68 Y67 K89, 296 %), and
it has no option to limit the ink. So the conversion stays Ghostscript's, and the file it wrote
is limited afterwards, colour by colour: every CMYK colour its content streams set (``k``,
``K``, and ``sc``/``scn``/``SC``/``SCN`` in a four-component space) and every pixel of its CMYK
images (a face with transparency is flattened into one; so is a gradient, which Ghostscript
redraws as an image when it converts its colours).

A colour over the limit first gives its grey to black (grey-component replacement: taking ``x``
from each of C, M and Y and adding ``x`` to K prints about as dark and saves ``2x``); if black
is full before the limit is met, C, M and Y are scaled down together, keeping their proportions,
so the hue stays. Colours under the limit are left exactly as they were, so limiting a limited
file changes nothing.

What the limiter cannot reach (a colour inside a function, an inline image, a Type 3 glyph, a
separation: none of which Ghostscript writes for our pages) is caught by the measure
(:func:`page_ink`, of every page rendered in CMYK by Ghostscript) and named in a note.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from decimal import Decimal

import numpy as np
import pikepdf
from numpy.typing import NDArray
from PIL import Image

from generator.runtime.ink import PageInk

LEVELS = 255
"""The steps of one ink in an 8-bit image, and in the rendering the measure reads."""

ROUNDING = 4 * 0.5 * 100 / LEVELS
"""How far (in per cent) a measured TAC may lie above the colours the file asks for: the
rendering rounds each of the four inks to the nearest 1/255, half a step (0.2 %) at most each.
Images carry 8-bit inks already and are measured exactly."""

DECIMALS = 4
"""Places a limited colour is written with, rounded down so that its sum stays within the
limit (1/10000 of an ink: far below what a press or an 8-bit rendering resolves)."""

CMYK_OPERATORS = {"k": "fill", "K": "stroke"}
SPACE_OPERATORS = {"cs": "fill", "CS": "stroke"}
COLOUR_OPERATORS = {"sc": "fill", "scn": "fill", "SC": "stroke", "SCN": "stroke"}
OTHER_SPACES = {"g": "fill", "rg": "fill", "G": "stroke", "RG": "stroke"}
"""The operators that set a colour without naming its space: grey and RGB end a CMYK space."""


def limited(colours: NDArray[np.float64], limit: float) -> NDArray[np.float64]:
    """``colours`` (rows of cyan, magenta, yellow and black, each 0 to 1), every row whose sum
    is above ``limit`` (2.4 for 240 %) brought to it: its common grey moved into black as far
    as needed and as black allows, then its cyan, magenta and yellow scaled down together if
    black is full. Rows within the limit come back unchanged."""
    cmy, black = colours[:, :3], colours[:, 3]
    excess = np.maximum(colours.sum(axis=1) - limit, 0)
    moved = np.minimum(np.minimum(excess / 2, cmy.min(axis=1)), 1 - black)
    cmy, black = cmy - moved[:, None], black + moved
    room, inks = limit - black, cmy.sum(axis=1)
    scale = np.where(inks > room, room / np.maximum(inks, 1e-12), 1)
    result: NDArray[np.float64] = np.column_stack([cmy * scale[:, None], black])
    return result


def limit_ink(document: pikepdf.Pdf, limit: float) -> None:
    """Bring every CMYK colour of ``document`` the limiter reaches within ``limit`` per cent:
    the colours its content streams set and the pixels of its 8-bit CMYK images."""
    for page in document.pages:
        instructions = _limited_stream(page, _resources(page.obj), limit / 100)
        if instructions is not None:
            page.contents_coalesce()
            page.obj.Contents.write(pikepdf.unparse_content_stream(instructions))
    for obj in document.objects:
        if not isinstance(obj, pikepdf.Stream):
            continue
        if obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1:
            instructions = _limited_stream(obj, _resources(obj), limit / 100)
            if instructions is not None:
                obj.write(pikepdf.unparse_content_stream(instructions))
        elif obj.get("/Subtype") == "/Image" and _limitable_image(obj):
            _limit_image(obj, limit / 100)


def _resources(owner: pikepdf.Object) -> pikepdf.Object:
    """The resources ``owner`` (a page, a form, a pattern) names its colour spaces in; none if
    it has none of its own (which Ghostscript never writes)."""
    return owner.get("/Resources", pikepdf.Dictionary())


def _limited_stream(
    owner: pikepdf.Page | pikepdf.Stream, resources: pikepdf.Object, limit: float
) -> list[pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage] | None:
    """The instructions of ``owner``'s content with every CMYK colour over ``limit`` brought
    within it, or None if none was over. The colour space of fill and stroke is followed
    through ``cs``/``CS`` and ``q``/``Q`` so that four numbers are limited only where they are
    CMYK (not four tints of a DeviceN space)."""
    instructions = list(pikepdf.parse_content_stream(owner))
    cmyk = {"fill": False, "stroke": False}
    saved: list[dict[str, bool]] = []
    changed = False
    for number, instruction in enumerate(instructions):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            continue
        operands, op = instruction.operands, str(instruction.operator)
        if op == "q":
            saved.append(dict(cmyk))
        elif op == "Q" and saved:
            cmyk = saved.pop()
        elif op in OTHER_SPACES:
            cmyk[OTHER_SPACES[op]] = False
        elif op in SPACE_OPERATORS:
            cmyk[SPACE_OPERATORS[op]] = _is_cmyk(operands[0], resources)
        elif op in CMYK_OPERATORS or (op in COLOUR_OPERATORS and cmyk[COLOUR_OPERATORS[op]]):
            cmyk[CMYK_OPERATORS.get(op) or COLOUR_OPERATORS[op]] = True
            colour = _limited_colour(list(operands), limit)
            if colour is not None:
                instructions[number] = pikepdf.ContentStreamInstruction(
                    colour, instruction.operator
                )
                changed = True
    return instructions if changed else None


def _is_cmyk(name: pikepdf.Object, resources: pikepdf.Object) -> bool:
    """Whether the colour space ``name`` (of a ``cs`` operator) has the four CMYK inks:
    DeviceCMYK, or a resource that is DeviceCMYK or an ICC profile of four components."""
    if name == pikepdf.Name.DeviceCMYK:
        return True
    spaces = resources.get("/ColorSpace")
    space = spaces.get(str(name)) if isinstance(spaces, pikepdf.Dictionary) else None
    if isinstance(space, pikepdf.Name):
        return bool(space == pikepdf.Name.DeviceCMYK)
    if isinstance(space, pikepdf.Array) and len(space) == 2 and space[0] == "/ICCBased":
        return int(space[1].get("/N", 0)) == 4
    return False


def _limited_colour(operands: list[pikepdf.Object], limit: float) -> list[Decimal] | None:
    """The four inks of ``operands`` within ``limit``, rounded down to :data:`DECIMALS`, or
    None if they are within it already (or are not four numbers: a pattern's name)."""
    if len(operands) != 4 or not all(isinstance(n, (int, Decimal)) for n in operands):
        return None
    inks = [float(n) for n in operands]
    if sum(inks) <= limit + 1e-9:  # a sum of decimals is not exact in binary
        return None
    (row,) = limited(np.array([inks]), limit)
    step = 10**DECIMALS
    return [Decimal(math.floor(ink * step + 1e-6)) / step for ink in row]


def _limitable_image(image: pikepdf.Stream) -> bool:
    """Whether ``image`` is one the limiter rewrites: 8-bit DeviceCMYK samples, as Ghostscript
    writes a flattened face, compressed losslessly or not at all, decoded as stored."""
    return (
        image.get("/ColorSpace") == pikepdf.Name.DeviceCMYK
        and int(image.get("/BitsPerComponent", 0)) == 8
        and "/Decode" not in image
        and image.get("/Filter", pikepdf.Name.FlateDecode) == pikepdf.Name.FlateDecode
    )


def _limit_image(image: pikepdf.Stream, limit: float) -> None:
    """Bring every pixel of ``image`` within ``limit``, each ink rounded down to its 8-bit
    step; an image within it is left as it was. A flattened face has few colours however many
    pixels: each is limited once. The new samples are written uncompressed: qpdf compresses
    them when the file is saved."""
    pixels = np.frombuffer(image.read_bytes(), dtype=np.uint8).reshape(-1, 4)
    steps = math.floor(limit * LEVELS + 1e-6)
    over = pixels.sum(axis=1, dtype=np.int32) > steps
    if not over.any():
        return
    words = pixels.view(np.uint32).ravel()  # a pixel's four inks as one number
    colours, where = np.unique(words[over], return_inverse=True)
    inks = limited(colours.view(np.uint8).reshape(-1, 4) / LEVELS, steps / LEVELS)
    within = np.floor(inks * LEVELS + 1e-6).astype(np.uint8)
    words = words.copy()
    words[over] = within.view(np.uint32).ravel()[where]
    image.write(words.tobytes())


def page_ink(page: Image.Image) -> PageInk:
    """The ink of ``page``, a CMYK rendering without anti-aliasing (each pixel the colour of
    what covers it). ``tac``: the highest sum of a pixel's four inks. ``mean``: 1 - the mean
    luminance of the page with each ink taken off white without a colour profile (red is
    (1 - cyan)(1 - black), and so on: the inverse of how :mod:`generator.runtime.ink` takes an RGB
    page as CMYK)."""
    inks = np.asarray(page, dtype=np.float64) / LEVELS
    tac = float(inks.sum(axis=2).max()) * 100
    white = 1 - inks[..., 3:]
    red, green, blue = np.moveaxis((1 - inks[..., :3]) * white, 2, 0)
    luminance = 0.299 * red + 0.587 * green + 0.114 * blue
    return PageInk(mean=float(1 - luminance.mean()) * 100, tac=tac)


def pages_over(inks: tuple[PageInk, ...], limit: float) -> Iterator[int]:
    """The numbers (from 1) of the pages whose measured TAC is over ``limit`` by more than the
    rendering's rounding."""
    return (number for number, ink in enumerate(inks, start=1) if ink.tac > limit + ROUNDING)
