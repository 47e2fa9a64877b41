"""Ink: every face measured once as it is drawn and kept with it in the cache, every page's
figures made from its faces' rasters where it places them, and read back by anyone from the
written PDF with poppler (``pdftoppm -gray -r 20``)."""

from __future__ import annotations

import io
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from generator import DEFAULT_DATA_DIR, TEMPLATES_DIR
from generator.geometry.shapes import Rect
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from generator.render import ink
from generator.render.art import FaceArt
from generator.render.store import ArtStore, face_key
from generator.runtime.cache import Cache
from generator.runtime.folders import Templates
from generator.runtime.ink import BACK, DPI, FRONT, PageInk, summary
from generator.runtime.writer import Written
from tests import pdf
from tests.conftest import SESSION_CACHE

FOLDER = Templates.of(TEMPLATES_DIR / "gears")
GAME, LANG = "break_the_code", "ru"
"""Card sheets, handouts (screens, deduction sheets) and a rules summary."""

POPPLER = 2.5
"""Points of coverage a page's mean may differ from poppler's at 20 dpi, which is itself up to
2 points off its own rendering at 160 dpi on the shipped cards (a 1.27 mm pixel is coarse for
hairlines and small type: the 3x3 puzzle's first English sheet reads 21.4 % at 20 dpi, 19.3 %
at 160, and 19.6 % here; the shipped English pages are within 1.8 points)."""
SAMPLED = 0.8
"""Points a page's mean made from its faces' rasters may differ from the page rendered whole
the same way (its marks left out, as they are from the figures): each page pixel takes the
face's pixel under its centre, so along the edges of the cards, a pixel partly covered is
wholly so or not at all (at most 0.6 points on the shipped English sheets)."""
HIGHEST = 25
"""Points the highest total coverage may differ: a thin line's pixel depends on where the grid
falls, the same line filling one pixel of a face's grid and straddling two of the page's."""


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> list[Written]:
    out = tmp_path_factory.mktemp("ink")
    return build(BuildRequest(DEFAULT_DATA_DIR, out, (GAME,), (LANG,), cache=SESSION_CACHE)).written


def poppler(path: Path, folder: Path) -> list[float]:
    """The coverage of each page of ``path`` as poppler renders it in grey at 20 dpi."""
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), path, folder / "page"], check=True)
    pages = sorted(folder.glob("page-*.pgm"))
    return [100 * (1 - float(np.asarray(Image.open(page)).mean()) / 255) for page in pages]


def without_marks(path: Path) -> bytes:
    """The PDF at ``path`` with its overlays (crop marks, cut guides, fold lines) emptied:
    what the figures made from faces measure."""
    with pikepdf.open(path) as document:
        for page in document.pages:
            for name, xobject in page.Resources.get("/XObject", {}).items():
                if name.startswith("/Marks"):
                    xobject.write(b"")
        output = io.BytesIO()
        document.save(output)
        return output.getvalue()


@pdf.needs_pdftoppm
def test_every_page_from_its_faces_reads_as_poppler_renders_it(
    written: list[Written], tmp_path: Path
) -> None:
    """Card sheets and handouts measured from their faces' rasters, the summary rendered
    whole: each page's mean reads as poppler reads the file, and both figures as the page
    rendered whole without its marks."""
    assert {file.kind for file in written} == {"card sheets", "handouts", "rules summary"}
    for number, file in enumerate(written):
        assert len(file.ink) == file.pages, file.path
        folder = tmp_path / str(number)
        folder.mkdir()
        read = poppler(file.path, folder)
        rendered = ink.document_ink(without_marks(file.path))
        for page, (made, seen, whole) in enumerate(zip(file.ink, read, rendered, strict=True)):
            assert made.mean == pytest.approx(seen, abs=POPPLER), (file.path.name, page)
            assert made.mean == pytest.approx(whole.mean, abs=SAMPLED), (file.path.name, page)
            assert made.tac == pytest.approx(whole.tac, abs=HIGHEST), (file.path.name, page)


def test_the_card_sheets_say_which_pages_are_backs(written: list[Written]) -> None:
    """Duplex: a sheet of fronts, then its backs, which are darker (a full-bleed ground)."""
    cards = next(file for file in written if file.kind == "card sheets")
    assert cards.sides == (FRONT, BACK) * (cards.pages // 2)
    fronts, backs = cards.ink[0::2], cards.ink[1::2]
    assert min(page.mean for page in backs) > max(page.mean for page in fronts)


def test_a_build_with_nothing_to_do_gives_the_same_figures(
    written: list[Written], tmp_path: Path
) -> None:
    out = written[0].path.parents[2]
    again = build(
        BuildRequest(DEFAULT_DATA_DIR, out, (GAME,), (LANG,), cache=SESSION_CACHE)
    ).written
    assert not any(file.changed for file in again)
    assert [(file.ink, file.sides) for file in again] == [(f.ink, f.sides) for f in written]


def test_the_summary_line_averages_fronts_backs_and_every_page() -> None:
    pages = [
        (PageInk(20.4, 250), FRONT),
        (PageInk(60, 280.2), BACK),
        (PageInk(10, 200), FRONT),
        (PageInk(50, 250), BACK),
        (PageInk(5.1, 300), ""),
    ]
    assert summary(pages) == (
        "ink: card fronts 15 %, card backs 55 %, all pages 29 % of the page on average; "
        "at most 300 % on one spot"
    )
    assert summary(pages[4:]) == (
        "ink: all pages 5 % of the page on average; at most 300 % on one spot"
    )
    assert summary([]) is None


def raster(pixels: list[list[int]]) -> ink.Raster:
    """A raster of grey levels (0 black, 255 white), its first pixel at (0, 0)."""
    grey = np.array(pixels, dtype=np.uint8)
    rgb = np.repeat(grey[:, :, None], 3, axis=2)
    return ink.Raster(0.0, 0.0, grey.shape[1], grey.shape[0], rgb.tobytes())


def test_a_face_lands_where_it_is_placed_at_its_scale() -> None:
    """A face whose left half is black, placed twice its size in the middle of a page, only
    its right half shown in the right half of a second slot: the page's pixels black exactly
    under its black part (a proof sheet scales its faces, a sheet of cards shows part of a
    bleed)."""
    face = raster([[0, 0, 255, 255]] * 4)  # 4 x 4 pixels: 5.08 mm a side
    side = 4 * ink.PITCH
    whole = Rect(0, 0, side, side)
    placed = [
        (face, Rect(2 * side, 0, 2 * side, 2 * side), whole),
        (face, Rect(0, 0, side, side), Rect(side / 2, 0, side / 2, side)),
    ]
    page = ink.composite(5 * side, 2 * side, placed)[:, :, 0]
    assert page.shape == (8, 20)
    assert (page[:, 8:12] == 0).all() and (page[:, 12:16] == 255).all()
    assert (page[:, :4] == 255).all()  # the second slot shows only white
    assert ink.figures(np.repeat(page[:, :, None], 3, axis=2)) == PageInk(20.0, 300.0)


SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="25.4mm" height="25.4mm" '
    'viewBox="-2 -2 25.4 25.4"><rect x="-2" y="-2" width="12.7" height="25.4"/></svg>'
)
"""A face of 20 x 20 pixels at 20 dpi, its left half black."""


@pytest.fixture
def store(tmp_path: Path) -> ArtStore:
    return ArtStore(Cache(tmp_path / "cache"))


def test_a_face_is_measured_as_drawn_and_read_back_from_the_cache(store: ArtStore) -> None:
    art = store.art(SQUARE, FOLDER)
    assert (art.raster.left, art.raster.top) == (-2, -2)
    assert (art.raster.width, art.raster.height) == (20, 20)
    assert art.raster.ink() == PageInk(50.0, 300.0)
    assert ink.part(art.raster, Rect(-2, -2, 12.7, 25.4)) == PageInk(100.0, 300.0)
    assert FaceArt.unpack(art.pack()) == art == store.art(SQUARE, FOLDER)


BROKEN: dict[str, Callable[[bytes], bytes]] = {
    "pixels cut short": lambda entry: entry.replace(b"\n\x00", b"\n", 1),
    "of more pixels": lambda entry: entry.replace(b'"raster": [', b'"raster": [1', 1),
    "larger than any": lambda entry: entry.replace(b'"raster": [', b'"raster": [9999', 1),
    "a size in words": lambda entry: re.sub(rb'"raster": \[(\d+)', rb'"raster": ["\1"', entry),
}
"""Ways a planted face's raster can be wrong, each made from a right entry."""


@pytest.mark.parametrize("broken", BROKEN.values(), ids=BROKEN.keys())
def test_a_face_with_a_broken_raster_is_a_miss(
    store: ArtStore, broken: Callable[[bytes], bytes]
) -> None:
    """The face is drawn again, and the entry made right."""
    art = store.art(SQUARE, FOLDER)
    entry = face_key(SQUARE, FOLDER)
    planted = broken(art.pack())
    assert planted != art.pack()
    store.cache.put(entry, planted)
    assert store.art(SQUARE, FOLDER) == art
    assert store.cache.get(entry) == art.pack()
