"""The characters a shipped font maps, read from its ``cmap`` table without a font library.

Loading a game checks that the fonts can draw every text of its locales
(:func:`generator.render.fonts.unprintable`), and a ``pnp rules`` query loads the game: reading
the mapped characters here spares it reportlab (and the PIL it brings), a tenth of a second. It
reads the subtable reportlab reads and counts a character mapped exactly when reportlab's
``charToGlyph`` holds it (its segments' every character, as reportlab does), so measuring and
checking agree; ``tests/test_fonts.py`` compares the two on every shipped font.
"""

from __future__ import annotations

import struct
from pathlib import Path


def mapped_characters(path: Path) -> frozenset[int]:
    """The code points the font file at ``path`` maps to a glyph (format 4 or 12 subtable)."""
    data = path.read_bytes()
    table = _table(data, b"cmap")
    subtable = table + _chosen(data, table)
    kind = _ushort(data, subtable)
    if kind == 12:
        groups = struct.unpack_from(">L", data, subtable + 12)[0]
        spans = [struct.unpack_from(">LL", data, subtable + 16 + 12 * n) for n in range(groups)]
    elif kind == 4:
        count = _ushort(data, subtable + 6) // 2
        ends = struct.unpack_from(f">{count}H", data, subtable + 14)
        starts = struct.unpack_from(f">{count}H", data, subtable + 16 + 2 * count)
        spans = list(zip(starts, ends, strict=True))
    else:
        raise ValueError(f"{path.name}: cmap subtable format {kind} is not read")
    return frozenset(code for start, end in spans for code in range(start, end + 1))


def _table(data: bytes, tag: bytes) -> int:
    """The offset of the table ``tag`` in the font's table directory."""
    for n in range(_ushort(data, 4)):
        name, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * n)
        if name == tag:
            return int(offset)
    raise ValueError(f"no {tag.decode()} table")


def _chosen(data: bytes, table: int) -> int:
    """The offset (from the table) of the subtable reportlab picks: the last Windows one, else
    the last Unicode or Macintosh one, a Macintosh Roman one only when nothing better came."""
    chosen, rank = None, 0
    for n in range(_ushort(data, table + 2)):
        platform, encoding, offset = struct.unpack_from(">HHL", data, table + 4 + 8 * n)
        roman = platform == 1 and encoding == 0
        if platform == 3 or (platform, encoding) == (1, 1) or (platform == 0 and encoding != 5):
            chosen, rank = offset, 1
        elif roman and rank != 1:
            chosen, rank = offset, 2
    if chosen is None:
        raise ValueError("no Unicode cmap subtable")
    return int(chosen)


def _ushort(data: bytes, offset: int) -> int:
    return int(struct.unpack_from(">H", data, offset)[0])
