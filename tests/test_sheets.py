"""Decks kept in a spreadsheet (``decks/<deck>.csv``, ``.xlsx``, ``.ods``): problems at their
row and column, sheets as Google Sheets and LibreOffice export them, workbooks from strangers,
and ``pnp cards import|export`` losing nothing. On the fixture game Tiny (numbers: an integer
``value`` from 1 to 99, no number twice; colours: a ``name`` and an ``ink``)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest

from generator.load import workbooks
from generator.load.schema import Field
from generator.load.sheets import read_sheet
from generator.load.yaml_reader import load_yaml
from generator.problems import ProblemLog
from tests.conftest import DataCopy, Result
from tests.test_expansions import EVENTS, ids, load, write

Run = Callable[..., Result]
DECKS = "tiny/decks"
HEROES = {"name": Field(str), "power": Field(int), "hero": Field(bool, required=False)}
"""A deck's fields for the sheets read alone."""
GOOGLE = b'name,power,hero\r\nAnn,3,TRUE\r\n"Bob, the\r\n""Tall""",12,FALSE\r\nCy,0,'
"""As Google Sheets exports CSV: CRLF, quotes only where needed, no last line end."""
LIBRE = "\ufeffname,power,hero\nÄnn,3,true\n,,\nBob,12,\n".encode()
"""As LibreOffice exports it with a byte order mark: LF, a blank row kept, a last line end."""


def sheet(tiny: DataCopy, deck: str, data: bytes | str) -> Path:
    """``decks/<deck>`` of Tiny holding ``data``, its YAML file removed."""
    (tiny.root / DECKS / f"{Path(deck).stem}.yaml").unlink()
    path = tiny.root / DECKS / deck
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def read(path: Path) -> tuple[list[dict[str, Any]] | None, list[str]]:
    log = ProblemLog(path.name)
    found = read_sheet(path, "heroes", HEROES, log, None)
    return (None if found is None else [dict(card) for card in found[1]]), list(
        map(str, log.problems)
    )


def test_a_bad_cell_is_told_at_its_row_and_column(tiny: DataCopy, pnp: Run) -> None:
    sheet(tiny, "numbers.csv", "value,copies\n1,\n2,2\nx,\n4,1,9\n")
    sheet(tiny, "colours.csv", "name,inc\nred,#c0392b\n")
    result = pnp("validate", "--data", tiny.root)
    assert (result.code, result.err) == (
        1,
        "tiny/decks/colours.csv:1:2: inc: unknown key (did you mean 'ink'?)\n"
        "tiny/decks/colours.csv:2: colours[0].ink: missing\n"
        "tiny/decks/numbers.csv:4:1: numbers[2].value: expected an integer, got 'x'\n"
        "tiny/decks/numbers.csv:5:3: numbers[3]: more cells than the header's 2 columns\n"
        "4 problems found.\n",
    )


def test_an_empty_cell_is_a_field_left_out_and_two_files_of_a_deck_are_one_problem(
    tiny: DataCopy,
) -> None:
    sheet(tiny, "colours.csv", "name,ink\nred,\n")
    (tiny.root / DECKS / "numbers.csv").write_text("value\n1\n", encoding="utf-8")
    assert tiny.problems() == [
        "tiny/decks/colours.csv:2:2: colours[0].ink: missing",
        "tiny/decks/numbers.yaml: two files hold the deck's cards (numbers.yaml and "
        "numbers.csv): keep one",
    ]


def test_sheets_as_google_sheets_and_libreoffice_export_them(tmp_path: Path) -> None:
    (tmp_path / "google.csv").write_bytes(GOOGLE)
    (tmp_path / "libre.csv").write_bytes(LIBRE)
    assert read(tmp_path / "google.csv") == (
        [
            {"name": "Ann", "power": 3, "hero": True},
            {"name": 'Bob, the\r\n"Tall"', "power": 12, "hero": False},
            {"name": "Cy", "power": 0},
        ],
        [],
    )
    assert read(tmp_path / "libre.csv") == (
        [{"name": "Änn", "power": 3, "hero": True}, {"name": "Bob", "power": 12}],
        [],
    )
    (tmp_path / "semicolons.csv").write_text("name;power\nAnn;3\n", encoding="utf-8")
    assert read(tmp_path / "semicolons.csv") == ([{"name": "Ann", "power": 3}], [])


def test_a_deck_of_an_expansion_s_own_may_be_a_sheet(tiny: DataCopy, tmp_path: Path) -> None:
    files = {**EVENTS, "decks/events.yaml": ""}
    folder = write(tmp_path / "more", files)
    (folder / "decks" / "events.yaml").unlink()
    (folder / "decks" / "events.csv").write_text("name,power\nstorm,3\ncalm,0\n")
    game, problems = load(tiny, folder)
    assert (problems, ids(game, "events")) == ([], ["event-storm", "event-calm"])
    (folder / "decks" / "events.csv").write_text("name,power\nstorm,3\ncalm,10\n")
    assert load(tiny, folder)[1] == [
        "more/decks/events.csv:3:2: events[1].power: 10 is above the maximum 9"
    ]


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_workbook_s_cells_come_typed(tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"heroes.{kind}"
    rows = [["name", "power", "hero"], ["Ann", 3, True], [None], [7, 2.5, False]]
    path.write_bytes(xlsx(rows) if kind == "xlsx" else ods(rows))
    assert read(path) == (
        [{"name": "Ann", "power": 3, "hero": True}, {"name": "7", "power": 2.5, "hero": False}],
        [],
    )


def test_a_workbook_s_bad_cell_is_told_at_its_row_and_column(tiny: DataCopy, pnp: Run) -> None:
    sheet(tiny, "numbers.ods", ods([["value"], [1], [2], ["three"]]))
    result = pnp("validate", "--data", tiny.root)
    assert (result.code, result.err) == (
        1,
        "tiny/decks/numbers.ods:4:1: numbers[2].value: expected an integer, got 'three'\n"
        "1 problem found.\n",
    )


def test_a_workbook_that_would_take_the_machine_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    far = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (40 << 20))
    cases = {
        "far.xlsx": xlsx([["name"]], far),
        "repeated.ods": ods([["name"]], '<table:table-row table:number-rows-repeated="9999">'),
        "bomb.xlsx": bomb.getvalue(),
        "text.xlsx": b"name,power\n",
    }
    refused = []
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        refused += read(tmp_path / name)[1]
    assert len(bomb.getvalue()) < 50_000
    assert refused == [
        "far.xlsx: a cell at row 1,048,576, column 16,384 (past 4,096 rows or 256 columns): "
        "not a deck's sheet (refused)",
        "repeated.ods: a cell at row 10,000, column 1 (past 4,096 rows or 256 columns): "
        "not a deck's sheet (refused)",
        "bomb.xlsx: unpacks to more than 32 MB: not a deck's sheet (refused)",
        "text.xlsx: not a workbook that can be read (File is not a zip file): save it again",
    ]
    monkeypatch.setattr(workbooks, "MAX_WORKBOOK_BYTES", 1024)
    assert read(tmp_path / "far.xlsx")[1] == ["far.xlsx: larger than 1 KB: not a deck's sheet"]


@pytest.mark.parametrize("data", [GOOGLE, LIBRE], ids=["google", "libreoffice"])
def test_csv_to_yaml_to_csv_gives_the_same_bytes(
    tmp_path: Path, pnp: Run, data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = write(tmp_path / "game", {"game.yaml": "decks: {}\n"})
    monkeypatch.setattr("generator.authoring.deck_sheets._engine_fields", lambda *_: HEROES)
    (folder / "heroes.csv").write_bytes(data)
    yaml_file, again = folder / "decks" / "heroes.yaml", folder / "decks" / "heroes.csv"
    yaml_file.parent.mkdir()
    assert pnp("cards", "import", folder / "heroes.csv", "--out", yaml_file).code == 0
    assert pnp("cards", "export", yaml_file).code == 0
    assert again.read_bytes() == data
    written = yaml_file.read_bytes()
    assert pnp("cards", "import", again, "--force").code == 0
    assert yaml_file.read_bytes() == written
    result = pnp("cards", "export", yaml_file)
    refused = f"pnp: error: {again} exists: add --force to replace it\n"
    assert (result.code, result.err) == (2, refused)


def test_yaml_written_by_hand_comes_back_as_the_same_data(tiny: DataCopy, pnp: Run) -> None:
    for deck in ("numbers", "colours"):
        path = tiny.root / DECKS / f"{deck}.yaml"
        before = load_yaml(path, ProblemLog(""))
        assert pnp("cards", "export", path).code == 0
        path.unlink()
        assert pnp("cards", "import", path.with_suffix(".csv")).code == 0
        assert load_yaml(path, ProblemLog("")) == before
    assert (tiny.root / DECKS / "colours.csv").read_bytes() == (
        b"name,ink,copies\r\nred,#c0392b,\r\nblue,#1f5fa8,\r\n"
    )


def test_a_card_no_cell_can_hold_is_not_exported(tiny: DataCopy, pnp: Run) -> None:
    tiny.edit(f"{DECKS}/numbers.yaml", "{value: 1}", "{value: '1'}")
    tiny.edit(f"{DECKS}/numbers.yaml", "{value: 2}", "{value: [2]}")
    tiny.edit(f"{DECKS}/numbers.yaml", "{value: 3}", "{valeu: 3}")
    path = tiny.root / DECKS / "numbers.yaml"
    result = pnp("cards", "export", path)
    assert (result.code, result.err) == (
        1,
        f"{path}:2: numbers[0]: a row of a sheet cannot hold this card as it is\n"
        f"{path}:3: numbers[1].value: a cell cannot hold a list: keep the deck in YAML\n"
        f"{path}:4: numbers[2].valeu: unknown key (did you mean 'value'?)\n"
        "3 problems found.\n",
    )
    assert not path.with_suffix(".csv").exists()


def _column(number: int) -> str:
    return "" if number == 0 else _column((number - 1) // 26) + chr(65 + (number - 1) % 26)


def _zipped(files: dict[str, str]) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return packed.getvalue()


def xlsx(rows: list[list[Any]], more: str = "") -> bytes:
    """The smallest workbook Excel's format allows: one sheet of ``rows`` (then ``more``)."""
    main = "http://schemas.openxmlformats.org"
    relation = f"{main}/officeDocument/2006/relationships"

    def cell(ref: str, value: Any) -> str:
        if isinstance(value, bool):
            return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
        if isinstance(value, (int, float)):
            return f'<c r="{ref}"><v>{value}</v></c>'
        return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'

    data = "".join(
        f'<row r="{r}">'
        + "".join(cell(f"{_column(c)}{r}", v) for c, v in enumerate(row, 1) if v is not None)
        + "</row>"
        for r, row in enumerate(rows, 1)
    )
    return _zipped(
        {
            "[Content_Types].xml": f'<Types xmlns="{main}/package/2006/content-types">'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/></Types>',
            "_rels/.rels": f'<Relationships xmlns="{main}/package/2006/relationships">'
            f'<Relationship Id="r1" Type="{relation}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>",
            "xl/workbook.xml": f'<workbook xmlns="{main}/spreadsheetml/2006/main" xmlns:r='
            f'"{relation}"><sheets><sheet name="S" sheetId="1" r:id="r1"/></sheets></workbook>',
            "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{main}/package/2006/'
            f'relationships"><Relationship Id="r1" Type="{relation}/worksheet" '
            'Target="worksheets/sheet1.xml"/></Relationships>',
            "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{main}/spreadsheetml/2006/main">'
            f"<sheetData>{data}{more}</sheetData></worksheet>",
        }
    )


def ods(rows: list[list[Any]], more: str = "") -> bytes:
    """The smallest OpenDocument spreadsheet: one table of ``rows`` (then ``more``, a row
    whose one cell holds 'z')."""
    oasis = "urn:oasis:names:tc:opendocument:xmlns"

    def cell(value: Any) -> str:
        if value is None:
            return "<table:table-cell/>"
        if isinstance(value, bool):
            kind = f'office:value-type="boolean" office:boolean-value="{str(value).lower()}"'
        elif isinstance(value, (int, float)):
            kind = f'office:value-type="float" office:value="{value}"'
        else:
            kind = 'office:value-type="string"'
        return f"<table:table-cell {kind}><text:p>{escape(str(value))}</text:p></table:table-cell>"

    data = "".join(f"<table:table-row>{''.join(map(cell, row))}</table:table-row>" for row in rows)
    if more:
        data += more + cell("z") + "</table:table-row>"
    return _zipped(
        {
            "mimetype": "application/vnd.oasis.opendocument.spreadsheet",
            "META-INF/manifest.xml": f'<manifest:manifest xmlns:manifest="{oasis}:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type='
            '"text/xml"/></manifest:manifest>',
            "content.xml": f'<office:document-content xmlns:office="{oasis}:office:1.0" '
            f'xmlns:table="{oasis}:table:1.0" xmlns:text="{oasis}:text:1.0"><office:body>'
            f'<office:spreadsheet><table:table table:name="S">{data}</table:table>'
            "</office:spreadsheet></office:body></office:document-content>",
        }
    )
