"""Whole builds: the PDF a user prints, its size, fonts, duplex order, determinism, atomicity."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from generator import DEFAULT_DATA_DIR
from generator.build import BuildRequest, build
from generator.layout.imposition import fit_grid
from generator.layout.sizes import PAPERS, CardSize, pt
from generator.outputs import Options
from generator.outputs.png import PngFaces
from generator.writer import OutputError, Writer
from tests import pdf
from tests.conftest import DataCopy

A4_PT = (0.0, 0.0, pt(210), pt(297))


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build(BuildRequest(DEFAULT_DATA_DIR, out, ("game_of_trains",), ("en", "uk")))
    return out / "game_of_trains"


def test_pages_are_exactly_a4_fronts_then_backs(english: Path) -> None:
    data = pdf.read(english / "en" / "cards-a4.pdf")
    assert pdf.page_count(data) == 22  # 84 wagons on 10 sheets, 4 locomotives on 1: front + back
    boxes = pdf.page_boxes(data)
    assert len(boxes) == 22
    for box in boxes:
        assert box == pytest.approx(A4_PT, abs=1e-3)


def test_fonts_are_embedded_and_only_ours(english: Path) -> None:
    fonts = pdf.embedded_fonts(pdf.read(english / "en" / "cards-a4.pdf"))
    assert fonts == {"RobotoCondensed-Regular", "RobotoCondensed-Bold", "Roboto-Black"}


def test_ukrainian_pdf_draws_cyrillic(english: Path) -> None:
    text = pdf.unicode_text(pdf.read(english / "uk" / "cards-a4.pdf"))
    for letter in "ГрапотягівїєйЗ":
        assert letter in text, letter


def test_same_build_twice_is_byte_identical(english: Path, tmp_path: Path) -> None:
    build(BuildRequest(DEFAULT_DATA_DIR, tmp_path, ("game_of_trains",), ("en",)))
    again = (tmp_path / "game_of_trains" / "en" / "cards-a4.pdf").read_bytes()
    assert again == (english / "en" / "cards-a4.pdf").read_bytes()


def test_letter_paper(tmp_path: Path) -> None:
    build(
        BuildRequest(
            DEFAULT_DATA_DIR,
            tmp_path,
            ("game_of_trains",),
            ("ru",),
            Options(paper=PAPERS["letter"]),
        )
    )
    data = (tmp_path / "game_of_trains" / "ru" / "cards-letter.pdf").read_bytes()
    assert set(pdf.page_boxes(data)) == {(0.0, 0.0, 612.0, 792.0)}


def test_png_export_at_300_dpi_with_bleed(tmp_path: Path) -> None:
    outputs = build(
        BuildRequest(DEFAULT_DATA_DIR, tmp_path, ("game_of_trains",), ("en",), Options(png=True))
    )
    folder = tmp_path / "game_of_trains" / "en" / "png"
    pngs = [o for o in outputs if o.kind == PngFaces.name]
    assert len(pngs) == 84 + 4 + 2  # every front and each deck's back
    with Image.open(folder / "wagons" / "wagon-07.png") as image:
        # 63 + 2 x 3 mm = 69 mm and 94 mm at 300 dpi
        assert image.size == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))
    assert (folder / "locomotives" / "back.png").is_file()


def test_failed_build_leaves_earlier_output_untouched(data: DataCopy, tmp_path: Path, pnp) -> None:
    assert (
        pnp("build", "game_of_trains", "--data", data.root, "--out", tmp_path, "--lang", "en").code
        == 0
    )
    target = tmp_path / "game_of_trains" / "en" / "cards-a4.pdf"
    before = target.read_bytes()
    data.edit("game_of_trains/decks/wagons.yaml", "{number: 9,", "{number: 10,")
    result = pnp("build", "--data", data.root, "--out", tmp_path, "--lang", "en")
    assert result.code == 1
    assert result.err == (
        "game_of_trains/decks/wagons.yaml:14: wagons[9].number: 10 is already used by wagons[8] "
        "(line 13)\n1 problem found; nothing was written.\n"
    )
    assert target.read_bytes() == before
    assert sorted(p.name for p in target.parent.iterdir()) == ["cards-a4.pdf", "rules-summary.pdf"]


def test_writer_stages_until_commit_and_refuses_a_path_twice(tmp_path: Path) -> None:
    writer = Writer(tmp_path)
    target = tmp_path / "a" / "cards.pdf"
    writer.write_bytes(target, b"first")
    assert not target.exists()  # staged: nothing is in place before the whole build succeeded
    with pytest.raises(RuntimeError), writer.open(tmp_path / "a" / "other.pdf") as stream:
        stream.write(b"half")
        raise RuntimeError("the build broke")
    with pytest.raises(ValueError, match="written twice"):
        writer.write_bytes(target, b"second")
    assert writer.commit() == [target]
    assert target.read_bytes() == b"first"
    assert sorted(p.name for p in target.parent.iterdir()) == ["cards.pdf"]


def test_writer_discard_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "keep.pdf").write_bytes(b"old")
    writer = Writer(tmp_path)
    writer.write_bytes(tmp_path / "keep.pdf", b"new")
    writer.write_bytes(tmp_path / "new" / "deep" / "x.pdf", b"x")
    writer.discard()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pdf"]
    assert (tmp_path / "keep.pdf").read_bytes() == b"old"


def test_writer_refuses_a_path_outside_its_folder(tmp_path: Path) -> None:
    writer = Writer(tmp_path / "out")
    with pytest.raises(OutputError, match="outside the output folder"):
        writer.write_bytes(tmp_path / "out" / ".." / "escaped.png", b"x")
    assert not (tmp_path / "escaped.png").exists()


def test_stale_partial_files_of_a_killed_build_are_removed(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    stale = tmp_path / f".cards-a4.pdf.{dead.stdout.strip()}.x1y2.part"
    running = tmp_path / f".cards-a4.pdf.{os.getppid()}.a1b2.part"  # a build still running
    other = tmp_path / f".rules-summary.pdf.{dead.stdout.strip()}.x1y2.part"
    for path in (stale, running, other):
        path.write_bytes(b"half")
    writer = Writer(tmp_path)
    writer.write_bytes(tmp_path / "cards-a4.pdf", b"whole")
    writer.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["cards-a4.pdf", running.name, other.name]
    )


@pdf.needs_pdftoppm
def test_per_card_backs_land_behind_their_fronts(data: DataCopy, tmp_path: Path) -> None:
    """Two-sided cards: each locomotive printed as its own back (its colour), long-edge flip."""
    data.edit(
        "game_of_trains/game.yaml",
        "    front: locomotive.svg.j2\n    back: back.svg.j2",
        "    front: locomotive.svg.j2\n    back: locomotive.svg.j2\n    two_sided: true",
    )
    build(BuildRequest(data.root, tmp_path, ("game_of_trains",), ("en",)))
    sheet = tmp_path / "game_of_trains" / "en" / "cards-a4.pdf"
    front, back = pdf.rendered_pages(sheet, 21, 22, tmp_path)
    grid = fit_grid(PAPERS["a4"], CardSize(63, 88))
    colours = {
        "red": (192, 57, 43),
        "blue": (31, 95, 168),
        "green": (46, 139, 87),
        "yellow": (212, 160, 23),
    }

    for slot, name in zip(range(4), colours, strict=True):  # the locomotives' own sheet
        trim = grid.front(slot)
        spot = (trim.x + 4, trim.y + 4)  # the locomotive's coloured corner
        assert pdf.colour_at(front, *spot) == pytest.approx(colours[name], abs=6)
        behind = grid.back(slot, "long")
        assert pdf.colour_at(back, behind.x + behind.width - 4, behind.y + 4) == pytest.approx(
            colours[name], abs=6
        )
        # and flipping the back page over its long edge puts it exactly behind the front
        flipped = back.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        assert pdf.colour_at(flipped, *spot) == pytest.approx(colours[name], abs=6)
