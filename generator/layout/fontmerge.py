"""One set of fonts per PDF file, however many separately drawn faces it places.

Each face is drawn alone by cairo (so it can be cached and drawn on any core), and cairo embeds
in each face a subset of every font it uses, numbering the glyphs of that subset its own way. A
file placing 90 faces would carry 90 copies of each font. Here the faces' fonts are replaced by
one subset per font for the whole file, drawn by cairo too (so it is the same kind of font
program), holding every character any face shows; where the file's subset numbers a character
differently from a face's, the codes in the face's text operators are rewritten. Characters are
matched through the ToUnicode maps cairo writes for every font, which is also what lets a reader
copy the text.

A face font that cannot be matched (a glyph with no character, a font with no ToUnicode map)
keeps its own subset: the file is a little larger, never wrong.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

import cairocffi
import pikepdf

from generator.render.art import Selection
from generator.runtime.fontconfig import use_project_fonts

TAG = re.compile(r"^/?(?:[A-Z]{6}\+)?")
CHAR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])")
HEX = re.compile(rb"<([0-9A-Fa-f]+)>")
TEXT_OPERATORS = {"Tj", "TJ", "'", '"'}


@dataclass(frozen=True)
class FontKey:
    """A font of a file: its PostScript name without the subset tag, and whether it is a
    simple font (one byte a character) or a composite one (two bytes)."""

    base: str
    composite: bool


@dataclass
class FaceFont:
    """A font as a face's resources use it: what each code it shows stands for."""

    key: FontKey
    unicode: dict[bytes, str]


def base_name(font: pikepdf.Dictionary) -> str:
    return TAG.sub("", str(font.get("/BaseFont", "")))


def font_of(font: pikepdf.Object) -> FaceFont | None:
    """What a font object of a face is; ``None`` if it cannot be matched by its characters."""
    if not isinstance(font, pikepdf.Dictionary) or "/ToUnicode" not in font:
        return None
    composite = font.get("/Subtype") == pikepdf.Name.Type0
    if composite and font.get("/Encoding") != pikepdf.Name("/Identity-H"):
        return None
    try:
        mapping = to_unicode(font.ToUnicode.read_bytes(), 2 if composite else 1)
    except (pikepdf.PdfError, ValueError):
        return None
    if not mapping or any(len(text) != 1 for text in mapping.values()):
        return None
    return FaceFont(FontKey(base_name(font), composite), mapping)


class FaceFonts:
    """What each font of a file's faces stands for (:func:`font_of`), read once by its object:
    the fonts are read to collect the characters they show, then again to match them to the
    file's, and reading one parses its ToUnicode map."""

    def __init__(self) -> None:
        self.read: dict[tuple[int, int], FaceFont | None] = {}

    def of(self, font: pikepdf.Object) -> FaceFont | None:
        number = font.objgen
        if number == (0, 0):  # a direct object: nothing to know it again by
            return font_of(font)
        if number not in self.read:
            self.read[number] = font_of(font)
        return self.read[number]


def to_unicode(cmap: bytes, width: int) -> dict[bytes, str]:
    """The codes a ToUnicode CMap maps, each to its text (``bfchar`` and ``bfrange`` entries)."""
    mapping: dict[bytes, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in CHAR.findall(block):
            mapping[_code(code, width)] = _text(text)
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high, target in RANGE.findall(block):
            start, end = int(low, 16), int(high, 16)
            if end - start > 0xFFFF:
                raise ValueError("a ToUnicode range larger than any font")
            if target.startswith(b"["):
                texts = [_text(t) for t in HEX.findall(target)]
            else:
                first = _text(target[1:-1])
                texts = [first[:-1] + chr(ord(first[-1]) + n) for n in range(end - start + 1)]
            for offset, text in zip(range(end - start + 1), texts, strict=False):
                mapping[(start + offset).to_bytes(width, "big")] = text
    return mapping


def _code(digits: bytes, width: int) -> bytes:
    return int(digits, 16).to_bytes(width, "big")


def _text(digits: bytes) -> str:
    return bytes.fromhex(digits.decode()).decode("utf-16-be")


@dataclass
class FileFont:
    """A font of the whole file: its object in the output PDF and the code of each character."""

    font: pikepdf.Object
    codes: dict[str, bytes]


def file_fonts(
    out: pikepdf.Pdf, characters: dict[str, set[str]], selections: dict[str, Selection]
) -> dict[FontKey, FileFont]:
    """One subset of each font holding every character of ``characters`` (by base name), drawn
    by cairo with the selection each face used, copied into ``out``."""
    use_project_fonts()  # a process that drew no face yet must find the same fonts
    data = io.BytesIO()
    surface = cairocffi.PDFSurface(data, 10, 10)
    context = cairocffi.Context(surface)
    for base in sorted(characters):
        if base not in selections:
            continue
        family, slant, weight = selections[base]
        context.select_font_face(family, slant, weight)
        context.set_font_size(1)
        for character in sorted(characters[base]):  # each on the page: cairo drops glyphs off it
            context.move_to(1, 5)
            context.show_text(character)
    surface.finish()
    fonts: dict[FontKey, FileFont] = {}
    with pikepdf.open(io.BytesIO(data.getvalue())) as drawn:
        table = _dictionary(drawn.pages[0].Resources, "/Font")
        for name in sorted(table.keys()):
            found = font_of(table[name])
            if found is not None and found.key.base in characters:
                codes = {text: code for code, text in found.unicode.items()}
                fonts[found.key] = FileFont(out.copy_foreign(table[name]), codes)
    return fonts


def resources_in(form: pikepdf.Object) -> Iterator[pikepdf.Stream]:
    """``form`` and every content stream it draws through its resources (nested forms, tiling
    patterns), each once."""
    seen: set[tuple[int, int]] = set()
    stack = [form]
    while stack:
        stream = stack.pop()
        if not isinstance(stream, pikepdf.Stream) or stream.objgen in seen:
            continue
        if stream.objgen != (0, 0):
            seen.add(stream.objgen)
        yield stream
        resources = _dictionary(stream, "/Resources")
        for group in ("/XObject", "/Pattern"):
            for name in sorted(_dictionary(resources, group).keys()):
                child = resources[group][name]
                if isinstance(child, pikepdf.Stream) and child.get("/Subtype") != "/Image":
                    stack.append(child)


def characters_of(forms: list[pikepdf.Stream], read: FaceFonts) -> dict[str, set[str]]:
    """Every character each font (by base name) shows in ``forms``."""
    found: dict[str, set[str]] = {}
    for form in forms:
        for stream in resources_in(form):
            for font in _dictionary(_dictionary(stream, "/Resources"), "/Font").values():
                face = read.of(font)
                if face is not None:
                    found.setdefault(face.key.base, set()).update(face.unicode.values())
    return found


def use_file_fonts(form: pikepdf.Stream, fonts: dict[FontKey, FileFont], read: FaceFonts) -> None:
    """Point the fonts of ``form`` and everything it draws at the file's, rewriting the codes
    of its text where the two number a character differently.

    Every stream's rewrite is worked out before any font is swapped: cairo may share one
    resource dictionary between streams, and a swapped font no longer says what the codes
    of the next stream meant."""
    streams = list(resources_in(form))
    swaps = []
    for stream in streams:
        resources = _dictionary(stream, "/Resources")
        recode: dict[str, dict[bytes, bytes]] = {}
        for name, font in _dictionary(resources, "/Font").items():
            target, codes = _matched(read.of(font), fonts)
            if target is None:
                continue
            if any(new != code for code, new in codes.items()):
                recode[name] = codes
            swaps.append((_dictionary(resources, "/Font"), name, target.font))
        if recode:
            _recode(stream, recode)
    for table, name, font in swaps:
        table[name] = font


def _matched(
    face: FaceFont | None, fonts: dict[FontKey, FileFont]
) -> tuple[FileFont | None, dict[bytes, bytes]]:
    """The file font that shows every character the face's font ``face`` shows, and its code
    for each code of ``face``; ``None`` when the file's subset lacks one (or ``face`` is
    ``None``: a font that cannot be matched)."""
    target = fonts.get(face.key) if face else None
    if face is None or target is None:
        return None, {}
    codes = {code: target.codes.get(text) for code, text in face.unicode.items()}
    if any(new is None for new in codes.values()):
        return None, {}
    return target, {code: new for code, new in codes.items() if new is not None}


def _dictionary(holder: pikepdf.Object, key: str) -> pikepdf.Dictionary:
    """``holder[key]`` if it is a dictionary, else an empty one."""
    has_keys = isinstance(holder, (pikepdf.Dictionary, pikepdf.Stream))
    value = holder.get(key) if has_keys else None
    return value if isinstance(value, pikepdf.Dictionary) else pikepdf.Dictionary()


def _recode(stream: pikepdf.Stream, recode: dict[str, dict[bytes, bytes]]) -> None:
    """Rewrite the strings shown in the fonts of ``recode`` (by resource name), code by code.
    Only a text operator is made again; every other instruction (most of a face: its paths) is
    written back as parsed, its operands never read."""
    instructions = pikepdf.parse_content_stream(stream)
    font: str | None = None
    saved: list[str | None] = []
    for index, instruction in enumerate(instructions):
        operator = str(instruction.operator)
        if operator == "q":
            saved.append(font)
        elif operator == "Q" and saved:
            font = saved.pop()
        elif operator == "Tf" and len(instruction.operands):
            font = str(instruction.operands[0])
        elif operator in TEXT_OPERATORS and font in recode:
            operands = [_recoded(operand, recode[font]) for operand in instruction.operands]
            instructions[index] = pikepdf.ContentStreamInstruction(operands, instruction.operator)
    stream.write(pikepdf.unparse_content_stream(instructions))


def _recoded(operand: pikepdf.Object, codes: dict[bytes, bytes]) -> pikepdf.Object:
    if isinstance(operand, pikepdf.String):
        data = bytes(operand)
        width = len(next(iter(codes)))
        pieces = [data[i : i + width] for i in range(0, len(data), width)]
        return pikepdf.String(b"".join(codes.get(piece, piece) for piece in pieces))
    if isinstance(operand, pikepdf.Array):
        return pikepdf.Array([_recoded(item, codes) for item in operand])
    return operand
