"""PO files read with polib's own parser, in time linear in the file.

polib adds each continued line of a string to the string so far (``entry.msgstr += line``),
and each comment line to the comment so far: every line copies all that came before it, so a
translation of 3.9 MB in short lines took 12 s. And with ``check_for_duplicates`` it searches
every entry read so far for each new one: 20,000 entries took 13 s, 90,000 ten minutes.

:class:`_Reader` is polib's parser, the same states and the same syntax errors, with the lines
of a string kept in a list and joined once, when the string ends, and comments not kept at all
(pnp reads none). It looks for no duplicates: :func:`duplicates` does, by key, in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polib

_FIELDS = {
    "ct": "msgctxt",
    "mi": "msgid",
    "mp": "msgid_plural",
    "ms": "msgstr",
    "pc": "previous_msgctxt",
    "pm": "previous_msgid",
    "pp": "previous_msgid_plural",
}
"""polib's parser states, and the field of the entry a continued line adds to in each (in
``mx``, the plural form being read)."""
_CLOSED = ("mc", "ms", "mx")
"""The states after which a comment starts the next entry (polib's own test)."""

if TYPE_CHECKING:
    _Parser = polib._POFileParser["_Parsed"]
else:
    _Parser = polib._POFileParser


def read(text: str) -> polib.POFile:
    """The PO file ``text`` holds (never a file it names: the caller refuses such a text), as
    ``polib.pofile`` reads it but without comments. Raises ``OSError`` (polib's ``IOError``)
    on a syntax error, with the line in its message."""
    reader = _Reader(text)
    try:
        return reader.parse()
    finally:
        reader.instance.reader = None


def duplicates(parsed: polib.POFile) -> list[tuple[polib.POEntry, polib.POEntry]]:
    """Each entry (obsolete ones aside) whose key (``msgctxt``) an earlier entry has, with that
    earlier entry: both would fill the same text."""
    first: dict[str, polib.POEntry] = {}
    found = []
    for entry in parsed:
        if entry.obsolete or not entry.msgctxt:
            continue
        earlier = first.setdefault(entry.msgctxt, entry)
        if earlier is not entry:
            found.append((entry, earlier))
    return found


class _Parsed(polib.POFile):
    """The file :class:`_Reader` fills. Before it takes an entry it has the reader end the
    string being read: polib takes the last entry after the last line, where no other line
    would have ended it."""

    reader: _Reader | None = None

    def append(self, entry: polib.POEntry) -> None:
        if self.reader is not None:
            self.reader.end_string()
        super().append(entry)


class _Reader(_Parser):
    """polib's parser with linear strings and no comments (see the module's docstring)."""

    def __init__(self, text: str) -> None:
        super().__init__(text, encoding="utf-8", check_for_duplicates=False, klass=_Parsed)
        self.instance.reader = self
        self.pieces: list[str] = []
        """The continued lines of the string being read, unescaped, after its first."""

    def process(self, symbol: str) -> None:
        """Any line but a continued one ends the string before it (and may start an entry)."""
        if symbol != "mc":
            self.end_string()
        super().process(symbol)

    def handle_mc(self) -> bool:
        """A continued line: kept, joined to its string when the string ends."""
        assert self.current_token is not None
        self.pieces.append(polib.unescape(self.current_token[1:-1]))
        return False  # as polib's: a continued line leaves the state as it was

    def end_string(self) -> None:
        """Add the continued lines to the string they continue, once."""
        if not self.pieces:
            return
        rest = "".join(self.pieces)
        self.pieces.clear()
        entry = self.current_entry
        if self.current_state == "mx":
            entry.msgstr_plural[self.msgstr_index] += rest
        elif field := _FIELDS.get(self.current_state):
            setattr(entry, field, (getattr(entry, field) or "") + rest)

    def handle_tc(self) -> bool:
        """A translator's comment: not kept, but it ends an entry as polib's does."""
        if self.current_state in _CLOSED:
            self.instance.append(self.current_entry)
            self.current_entry = polib.POEntry(linenum=self.current_line)
        return True

    handle_gc = handle_tc
    """An extracted comment (``#.``): the same."""
    handle_he = handle_tc
    """A comment above the header: the same (it never follows a string)."""
