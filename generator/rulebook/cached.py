"""A summary laid out once for what it prints: its PDF is kept in the build's cache under the
digest of its composed content, so an edit that changes nothing it prints (a card's text it
does not quote, another language's words) does not lay it out again.

Composing a summary (:mod:`~generator.rulebook.compose`) fills its every text and renders its
every picture's SVG, in a small share of the time a layout takes. What the layout makes of it
depends on nothing else but the paper, the build date a PDF states, pnp's code and libraries
and the fonts (:func:`~generator.runtime.versions.code_version`), and what the pictures draw
from: their SVG text with every file it names (:func:`~generator.render.store.face_key`).
"""

from __future__ import annotations

from generator.geometry.sizes import Paper
from generator.render.store import ArtStore, face_key
from generator.rulebook.content import Picture, Summary
from generator.runtime.cache import key
from generator.runtime.versions import build_date, code_version


def layout_key(summary: Summary, paper: Paper) -> str:
    """Where the PDF of ``summary`` laid out on ``paper`` is kept."""
    pictures = (face_key(picture.svg, picture.folder) for picture in summary.pictures)
    return key("summary", code_version(), build_date(), repr(paper), repr(summary), *pictures)


def kept_pictures(summary: Summary, arts: ArtStore) -> bool:
    """Whether every picture of ``summary`` was kept by ``arts`` as it drew it: one whose
    drawing read a file its key does not name is not (:func:`~generator.render.store.keyed`),
    and then neither is the summary, whose key would not name that file either."""
    return all(arts.has(_picture_entry(picture)) for picture in summary.pictures)


def _picture_entry(picture: Picture) -> str:
    """The entry :meth:`~generator.render.store.ArtStore.picture` keeps ``picture`` under."""
    face = face_key(picture.svg, picture.folder)
    return key("picture", face, repr((picture.width, picture.height)))


def pdf_payload(payload: bytes) -> bytes | None:
    """A kept summary, if the entry looks like a PDF file (its header and end of file)."""
    return payload if payload.startswith(b"%PDF-") and b"%%EOF" in payload[-1024:] else None
