"""Each output file remembered by what it read: an edit of a text rewrites only the files that
print it.

An output of a game in one language is made from the game's files (but the texts of other
languages: :meth:`~generator.pipeline.inputs.GameInputs.language`), the options, and, of its
own language, only the texts it reads and, if it places them, the faces. Written with its
language's locale noting every read (:mod:`~generator.render.readings`) and its faces noting
whether it looked at them (:class:`SeenFaces`), an output leaves behind what it read
(:class:`Read`), kept under the digest of all the rest (:func:`base_key`); its files are kept
under that digest and what the reads found (:func:`read_key`). A later build whose texts read
the same, and whose faces are the same if the output placed them, takes the files from the
cache: the card sheets of a language whose one text changed are written again, its handouts
(which do not print that text) are not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.model import Locale
from generator.pipeline.inputs import GameInputs
from generator.render.faces import FaceSet
from generator.render.readings import Reading, found
from generator.runtime.cache import MAX_LISTED, Cache, json_payload, key
from generator.runtime.versions import build_date

if TYPE_CHECKING:
    from generator.options import Options
    from generator.outputs.base import OutputKind


@dataclass(frozen=True)
class Read:
    """What an output read of its language: the texts, and whether it placed the faces."""

    texts: tuple[Reading, ...]
    faces: bool

    def pack(self) -> bytes:
        return json.dumps([self.texts, self.faces], default=repr).encode()

    @classmethod
    def unpack(cls, payload: bytes) -> Read | None:
        """What a cache entry holds; ``None`` for anything :meth:`pack` does not write."""
        fields = json_payload(payload)
        if not (isinstance(fields, list) and len(fields) == 2 and type(fields[1]) is bool):
            return None
        texts = fields[0] if isinstance(fields[0], list) else None
        read = [item for item in texts or () if _reading(item)]
        if texts is None or len(read) != len(texts):
            return None
        return cls(tuple((tuple(path), how) for path, how in read), fields[1])


def _reading(item: Any) -> bool:
    """Whether ``item`` is a reading as JSON holds it: a path of keys, and how it was read."""
    return (
        isinstance(item, list)
        and len(item) == 2
        and isinstance(item[0], list)
        and all(isinstance(part, (str, int)) for part in item[0])
        and isinstance(item[1], str)
    )


class SeenFaces(FaceSet):
    """The faces of a job, noting whether its output looked at them (:func:`seen`): one that
    did is written again when a face changes, one that did not only when what else it read
    did."""

    def __init__(self, faces: FaceSet) -> None:
        super().__init__(faces.svgs, faces.named, faces.templates, faces.first)
        object.__setattr__(self, "_seen", False)

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_"):
            object.__setattr__(self, "_seen", True)
        return object.__getattribute__(self, name)


def seen(faces: SeenFaces) -> bool:
    return bool(object.__getattribute__(faces, "_seen"))


def base_key(
    inputs: GameInputs, locale: Locale, kind: OutputKind, options: Options, made_by: str
) -> str:
    """The digest of what an output of ``kind`` in the language of ``locale`` is made from but
    that language's texts (and its faces): the game's other files, the kind (``made_by``),
    the options, the build date, and the language's name and files."""
    where = (locale.language, locale.file, locale.adds_to)
    made = inputs.language(locale.lang, texts=False)
    return key("output as read", made, made_by, repr(options), build_date(), *where)


def read_key(base: str, read: Read, locale: Locale, faces: FaceSet) -> str:
    """The digest under which the files of output ``base`` are kept when it read ``read`` of
    ``locale``, and placed ``faces`` if it read them."""
    placed = json.dumps(list(faces.named.items())) if read.faces else ""
    return key("output read", base, found(locale, read.texts), placed)


def reads(cache: Cache, base: str) -> Read | None:
    """What the output of digest ``base`` read when it was last written."""
    return cache.parsed(key("output reads", base), Read.unpack, MAX_LISTED)


def remember_reads(cache: Cache, base: str, read: Read) -> None:
    cache.put(key("output reads", base), read.pack())
