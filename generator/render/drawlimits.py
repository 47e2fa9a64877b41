"""What drawing a face may cost cairosvg: what the count of :mod:`~generator.render.drawcost`
measures, as cairosvg would draw it:

- **elements**: each element each time cairosvg builds it and each time it draws it (the
  face's own built once as it is read and drawn once, an element a ``<use>`` names built and
  drawn again each time the ``<use>`` draws, a marker's, pattern's, clip path's or mask's drawn
  again each time it is used), an element below an ``<svg>`` once more as its definitions are
  collected, a gradient's stops each time it paints;
- **attributes**: the characters of the attributes of each element each time it is built or
  drawn (those it inherits too, and a stylesheet's declarations, which may reach any element):
  cairosvg copies them and parses the ones it draws by (a path's data, a transform);
- **text**: the characters of text each time they are drawn (cairosvg measures and draws them
  one by one, about 20 microseconds each);
- **images** drawn, each time it is drawn, with their **pixels** and the **bytes** of every file
  read while drawing (images, stylesheets an ``@import`` names, SVG files a ``<use>`` names),
  when the caller says how to read them (:class:`~generator.render.drawstate.Files`);
- **lookups**: the elements cairosvg passes looking for what a ``<use>`` or ``<tref>`` names,
  from the top of its document (about 5 microseconds each: 500 uses of elements that follow
  10,000 others took 28 s), each time one is drawn (cairosvg keeps what a ``<use>`` found,
  but not inside a pattern or mask, nor when a style changes the element's id), and a
  ``<use>`` painted with a gradient or pattern measures what it draws for its fill and for its
  stroke, looking again for what it names and what every ``<use>`` in that names;
- **matching**: the ways cssselect2 may try to match a stylesheet's selectors to each element,
  every time cairosvg builds it (an upper bound: a selector of five descendant parts tries every
  five of an element's ancestors, ``:has()`` every element below or after it; ``q g g g g g``
  on 60 nested groups took 6 s, on 100 it would take minutes);

and how deep references nest; the limits it holds a face to, and the problem passing one is.

The limits are about a hundred times what a shipped face needs (room for an expansion's detailed
illustration), measured over every face and rulebook picture of every game in every language and
in the pseudo-locale ``qps``, whose texts run 40 % longer (``pnp build --no-cache --png``, and
``--lang qps``: 1,435 distinct SVGs): at most :data:`SHIPPED_ELEMENTS` elements (a 3x3 task
card), :data:`SHIPPED_ATTRIBUTES` characters of attributes (a Game of Trains card in ``qps``),
:data:`SHIPPED_TEXT` characters of text (the Break the Code player screen in ``qps``),
references nested :data:`SHIPPED_DEPTH` deep (a pattern or a clip path), and no image,
``<use>``, marker or file read. Images and files have limits of their own, since no shipped face
draws any: a face may draw :data:`MAX_IMAGES` images holding :data:`MAX_PIXELS` pixels in all
(twice the largest image a template may use, :data:`generator.render.assets.MAX_IMAGE_PIXELS`:
about 2 s of decoding) and read :data:`MAX_FILE_BYTES` bytes of files while drawing (eight of
the largest a template may use). At the limits cairosvg draws a face in a few seconds at most per
measure (measured: 49,000 elements 1.3 s, 95,000 characters of text 2.1 s, four times the
attributes 0.5 s, 390,000 lookups 1.4 to 2.1 s, so the 1,000,000 allowed about 5 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

SHIPPED_ELEMENTS = 489
"""The most elements drawing a shipped face takes (measured, see the module's docstring)."""
SHIPPED_ATTRIBUTES = 20_068
"""The most characters of attributes drawing a shipped face reads (measured, see the module's
docstring)."""
SHIPPED_TEXT = 1_171
"""The most characters of text a shipped face draws (measured, see the module's docstring)."""
SHIPPED_DEPTH = 1
"""The deepest references of a shipped face nest (measured, see the module's docstring)."""
MAX_ELEMENTS = 50_000
"""The elements a face may take to draw: about 100 times :data:`SHIPPED_ELEMENTS`, not 20, so
that an expansion's detailed illustration (an imported drawing of a few thousand paths) still
draws; cairosvg draws that many in about 1.3 s."""
MAX_ATTRIBUTES = 2_000_000
"""The characters of attributes drawing a face may read: about 100 times
:data:`SHIPPED_ATTRIBUTES`, as many as a face's SVG may hold (an illustration's path data)."""
MAX_TEXT = 100_000
"""The characters of text a face may draw: about 85 times :data:`SHIPPED_TEXT` (cairosvg draws
text letter by letter: about 2 s at the limit)."""
MAX_IMAGES = 200
"""The images a face may draw, each counted every time it is drawn."""
MAX_PIXELS = 100_000_000
"""The pixels of the images a face draws, each counted every time it is drawn."""
MAX_FILE_BYTES = 128 * 1024 * 1024
"""The bytes of the files drawing a face reads, each counted every time it is read."""
MAX_DEPTH = 20
"""How deep references may nest in one another (a ``<use>`` of a ``<use>``...)."""
MAX_MATCHING = 10_000_000
"""The ways cssselect2 may try to match a face's selectors to its elements (about 0.17
microsecond each, measured: ``q g g g g g`` on 50 nested groups, 20,000,000 ways, 3.5 s): a
stylesheet of twenty selectors of two descendant parts on a thousand elements ten deep tries
under a tenth of it; no shipped face has a stylesheet."""
MAX_LOOKUPS = 1_000_000
"""The elements cairosvg may pass looking for what a face's ``<use>`` and ``<tref>`` elements
name (about 5 s at most, as cairosvg keeps most of what it found): a face that defines what
it uses early (``<defs>`` at the top) needs few, an illustration of 6,000 paths with 80
clones of earlier ones about half; no shipped face uses any."""


class TooMuch(Exception):
    """Drawing a face would pass a limit (the message says which)."""


class Limits(NamedTuple):
    elements: float = MAX_ELEMENTS
    attributes: float = MAX_ATTRIBUTES
    text: float = MAX_TEXT
    images: float = MAX_IMAGES
    pixels: float = MAX_PIXELS
    bytes: float = MAX_FILE_BYTES
    depth: float = MAX_DEPTH
    lookups: float = MAX_LOOKUPS
    matching: float = MAX_MATCHING


UNLIMITED = Limits(*(float("inf"),) * len(Limits._fields))
"""No limits: the whole count, however large (to measure faces one trusts)."""


@dataclass(frozen=True)
class DrawCost:
    """What drawing a face takes (see the module's docstring)."""

    elements: int = 0
    attributes: int = 0
    text: int = 0
    images: int = 0
    pixels: int = 0
    bytes: int = 0
    depth: int = 0
    lookups: int = 0
    matching: int = 0


_MESSAGES = {
    "elements": (
        "drawing it takes more than {limit:,} elements (each <use>, marker, pattern, clip path "
        "and mask counted every time it draws): a face may take {limit:,}"
    ),
    "attributes": (
        "drawing it reads more than {limit:,} characters of attributes (inherited ones too, each "
        "time an element is built or drawn): a face may read {limit:,}"
    ),
    "text": (
        "it draws more than {limit:,} characters of text (each counted every time it is drawn): "
        "a face may draw {limit:,}"
    ),
    "images": (
        "it draws more than {limit:,} images (each counted every time it is drawn): a face may "
        "draw {limit:,}"
    ),
    "pixels": (
        "its images hold more than {limit:,} pixels (each image counted every time it is "
        "drawn): a face may draw {limit:,}"
    ),
    "bytes": (
        "drawing it reads more than {megabytes} MB of files (each counted every time it is "
        "read): a face may read {megabytes} MB"
    ),
    "lookups": (
        "finding what its <use> and <tref> elements name takes more than {limit:,} steps "
        "(each looked for from the top of its document every time it is drawn: define what "
        "they name first, in <defs> at the top): a face may take {limit:,}"
    ),
    "matching": (
        "matching its stylesheets' selectors to its elements may take more than {limit:,} "
        "steps (each element against each selector every time it is built; a selector of "
        "many descendant parts, or :has(), tries every chain of elements): a face may take "
        "{limit:,}"
    ),
    "depth": (
        "its references nest more than {limit:,} deep (a <use>, marker, pattern, clip path, "
        "mask or @import drawing another that draws another...): a face may nest {limit:,}"
    ),
}


def too_much(measure: str, limit: float) -> TooMuch:
    """Past ``limit`` of ``measure`` (a field of :class:`Limits`): the problem it is."""
    megabytes = int(limit) // 2**20 if limit != float("inf") else 0
    return TooMuch(_MESSAGES[measure].format(limit=int(limit), megabytes=megabytes))
