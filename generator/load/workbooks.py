"""The first sheet of an ``.xlsx`` or ``.ods`` workbook, as rows of typed cells
(:mod:`generator.load.sheets` makes them card entries).

The reader is python-calamine (Rust's calamine: xlsx and ods alike, wheels for every platform,
numbers and true-or-false read as such). A workbook may come from a stranger, and it is a zip
archive of XML, so before the reader sees it:

- the file is read as every file is (:mod:`generator.runtime.reading`: no link out of the
  project, at most :data:`MAX_WORKBOOK_BYTES`);
- its parts are unpacked here, counted as they unpack, and refused past
  :data:`MAX_UNPACKED_BYTES` (a zip bomb of a few kilobytes unpacks to gigabytes, whatever its
  directory says); only the XML parts a sheet is read from are kept;
- the sheets' XML is walked once (expat, no tree kept) for how far their cells reach: past
  :data:`~generator.load.tables.MAX_SHEET_ROWS` rows or
  :data:`~generator.load.tables.MAX_SHEET_COLUMNS` columns it is refused, as the reader makes
  room for every cell up to the farthest (a cell named at row 1,048,576 of a 1 KB file asks
  for half a terabyte, and the process dies). An XML part that declares entities is refused;
- the reader is given a new archive of the checked parts only.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any
from xml.parsers import expat

from generator.load.tables import MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, Record, Table, too_large
from generator.problems import ProblemLog
from generator.runtime.reading import ANYWHERE, MB, Refused, TooLarge, Within, read_bytes, size

MAX_WORKBOOK_BYTES = 4 * MB
"""The largest workbook read: a deck of 2,000 cards saved by a spreadsheet is under 200 KB."""
MAX_UNPACKED_BYTES = 32 * MB
"""The most its XML parts may unpack to (such a deck's sheet unpacks to a few megabytes)."""
MAX_PARTS = 1_000
"""The most files its archive may hold (a spreadsheet's save has a dozen or two)."""
KEPT = (".xml", ".rels")
"""The parts of an archive the reader is given: its XML (and ``mimetype``, which tells an
ODS file); pictures, macros and binary sheets are left out."""
SHEETS = {".xlsx": re.compile(r"xl/worksheets/[^/]+\.xml"), ".ods": re.compile(r"content\.xml")}
"""The parts that hold a workbook's cells, by the file's suffix."""
_CELL_REFERENCE = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
_ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "


def workbook_table(path: Path, log: ProblemLog, root: Path | None) -> Table | None:
    """The rows of the workbook's first sheet, or ``None`` with the one problem that refused
    it (at the file: nothing of it was read)."""
    within = ANYWHERE if root is None else Within.folder(root)
    try:
        parts = _unpacked(read_bytes(path, within, MAX_WORKBOOK_BYTES))
        _check_reach(parts, SHEETS[path.suffix.lower()])
        rows = _first_sheet(_packed(parts))
    except TooLarge as refused:
        log.add(0, "", f"larger than {size(refused.limit)}: not a deck's sheet")
        return None
    except Refused as refused:
        log.add(0, "", refused.what)
        return None
    return Table([Record(row, _trimmed(cells)) for row, cells in enumerate(rows, 1)])


def _unpacked(data: bytes) -> dict[str, bytes]:
    """The archive's XML parts, by name, refused as a whole past :data:`MAX_UNPACKED_BYTES`
    (counted as they unpack: an archive's directory may lie about the sizes)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = [info for info in archive.infolist() if _kept(info.filename)]
        if len(archive.infolist()) > MAX_PARTS:
            raise Refused(f"an archive of more than {MAX_PARTS:,} files: refused")
        if sum(info.file_size for info in parts) > MAX_UNPACKED_BYTES:
            raise Refused(_bomb())
        left, unpacked = MAX_UNPACKED_BYTES, {}
        for info in parts:
            with archive.open(info) as stream:
                unpacked[info.filename] = stream.read(left + 1)
            left -= len(unpacked[info.filename])
            if left < 0:
                raise Refused(_bomb())
        return unpacked
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        raise Refused(f"not a workbook that can be read ({error}): save it again") from None


def _kept(name: str) -> bool:
    return name == "mimetype" or name.endswith(KEPT)


def _bomb() -> str:
    return f"unpacks to more than {size(MAX_UNPACKED_BYTES)}: not a deck's sheet (refused)"


def _check_reach(parts: dict[str, bytes], sheets: re.Pattern[str]) -> None:
    """Refuse a workbook whose cells reach past the rows and columns a deck's sheet may span,
    or with no sheet at all."""
    found = [content for name, content in parts.items() if sheets.fullmatch(name)]
    if not found:
        raise Refused("no sheet in it: not a workbook of this kind (save it again)")
    for content in found:
        reach = _Reach()
        reach.walk(content)
        if reach.rows > MAX_SHEET_ROWS or reach.columns > MAX_SHEET_COLUMNS:
            what = f"a cell at row {reach.rows:,}, column {reach.columns:,}"
            limits = f"past {MAX_SHEET_ROWS:,} rows or {MAX_SHEET_COLUMNS} columns"
            raise Refused(too_large(f"{what} ({limits})"))


class _Reach:
    """How far the filled cells of a sheet's XML reach, rows and columns from 1: an xlsx
    sheet's ``<c r="B7">`` (or its place after the cell before), an ODS table's cells and
    rows counted with their ``number-columns-repeated`` / ``number-rows-repeated``."""

    def __init__(self) -> None:
        self.rows = self.columns = 0
        self.row = self.column = 0
        self.repeat = 1
        self.cell: tuple[int, bool] | None = None
        """In an ODS cell: how often it repeats, and whether it holds anything."""
        self.filled = False

    def walk(self, content: bytes) -> None:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.EntityDeclHandler = _no_entities
        try:
            parser.Parse(content, True)
        except expat.ExpatError as error:
            raise Refused(f"its XML cannot be read ({error}): save it again") from None

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if self.cell is not None:
            self.cell = (self.cell[0], True)
        elif name.endswith(" row") or name == "row":
            self._xlsx_row(attributes.get("r"))
        elif name.endswith(" c") or name == "c":
            self._xlsx_cell(attributes.get("r"))
        elif name == _ODS_TABLE + "table":
            self.row = 0
        elif name == _ODS_TABLE + "table-row":
            self.repeat, self.column, self.filled = _count(attributes, "rows"), 0, False
        elif name in (_ODS_TABLE + "table-cell", _ODS_TABLE + "covered-table-cell"):
            typed = any(key.endswith(" value-type") for key in attributes)
            self.cell = (_count(attributes, "columns"), typed)

    def end(self, name: str) -> None:
        if name in (_ODS_TABLE + "table-cell", _ODS_TABLE + "covered-table-cell"):
            repeat, filled = self.cell or (1, False)
            self.cell = None
            if filled:
                self.columns = max(self.columns, self.column + repeat)
                self.filled = True
            self.column += repeat
        elif name == _ODS_TABLE + "table-row":
            if self.filled:
                self.rows = max(self.rows, self.row + self.repeat)
            self.row += self.repeat

    def _xlsx_row(self, reference: str | None) -> None:
        self.row = int(reference) if reference and reference.isdigit() else self.row + 1
        self.column = 0

    def _xlsx_cell(self, reference: str | None) -> None:
        found = _CELL_REFERENCE.fullmatch(reference or "")
        if found is None:
            self.column += 1
        else:
            self.column, self.row = _column_number(found[1]), int(found[2])
        self.rows, self.columns = max(self.rows, self.row), max(self.columns, self.column)


def _count(attributes: dict[str, str], what: str) -> int:
    """An ODS row's or cell's ``number-rows-repeated`` / ``number-columns-repeated``."""
    given = attributes.get(f"{_ODS_TABLE}number-{what}-repeated", "1")
    return int(given) if given.isdigit() and len(given) < 10 else 1 << 32


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _no_entities(*_: Any) -> None:
    raise Refused("its XML declares entities, which no spreadsheet writes: refused")


def _packed(parts: dict[str, bytes]) -> bytes:
    """A new archive of the checked parts, stored (what the reader is given)."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_STORED) as archive:
        for name, content in parts.items():
            archive.writestr(name, content)
    return packed.getvalue()


def _first_sheet(data: bytes) -> list[list[Any]]:
    """The cells of the first sheet, from cell A1, as the reader types them."""
    import python_calamine

    try:
        with python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data)) as book:
            return book.get_sheet_by_index(0).to_python(skip_empty_area=False)
    except Exception as error:  # the reader on a stranger's workbook: its problem
        raise Refused(f"cannot read the workbook ({error}): save it again") from None


def _trimmed(cells: list[Any]) -> list[Any]:
    """A row's cells without the empty ones after its last filled cell (a workbook's rows all
    reach its widest one)."""
    end = len(cells)
    while end and cells[end - 1] == "":
        end -= 1
    return cells[:end]
