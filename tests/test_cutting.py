"""A sheet printed for a cutting machine (``--cut silhouette``), read back as the machine and
the user would: the registration marks from the PDF, the outlines from the cut files beside it,
and every outline on its printed card (within 0.1 mm) for a poker deck, 60 mm tiles and a 30 mm
disc."""

from __future__ import annotations

import io
import math
from pathlib import Path

import ezdxf
import pikepdf
import pytest
from ezdxf.path import make_path

from generator import DEFAULT_DATA_DIR
from generator.geometry.registration import Registration
from generator.geometry.shapes import Rect
from generator.geometry.sizes import PAPERS, Paper
from generator.options import Options
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from tests import pdf
from tests.conftest import SESSION_CACHE
from tests.test_cutfile import bounds, cut_paths, expected_marks, trace_svg_path

SILHOUETTE = Options(cut="silhouette")
SHEETS = "cards-a4-silhouette"
"""The card sheets of a --cut silhouette build, and the folder of their cut files beside them."""
CLOSE = 0.1
"""How near a cut must lie to its card, in mm: well inside a cutter's own accuracy."""


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cut")
    request = BuildRequest(DEFAULT_DATA_DIR, out, ("gears", "gear_and_piston"), ("en",))
    build(BuildRequest(**{**vars(request), "options": SILHOUETTE, "cache": SESSION_CACHE}))
    return out


def _sheets(cut: Path, game: str) -> list[tuple[int, bytes, bytes]]:
    """Each sheet's front page number (0-based) and its cut files."""
    folder = cut / game / "en" / SHEETS
    names = sorted(folder.glob("sheet-*.svg"))
    assert [p.name for p in names] == [f"sheet-{n:02d}.svg" for n in range(1, len(names) + 1)]
    return [
        (2 * n, path.read_bytes(), path.with_suffix(".dxf").read_bytes())
        for n, path in enumerate(names)
    ]


@pytest.mark.parametrize(
    ("game", "size", "shape"),
    [("gears", (63, 88), "poker codes"), ("gear_and_piston", (60, 60), "tiles"),
     ("gears", (63, 63), "square gears, rounds and token")],
)  # fmt: skip
def test_every_cut_lies_on_its_printed_card(
    cut: Path, game: str, size: tuple[float, float], shape: str
) -> None:
    """Each outline of the SVG and the DXF spans a card the PDF's front page prints (the face
    clipped to its trim and bleed, centred on the trim), one outline per card."""
    data = (cut / game / "en" / f"{SHEETS}.pdf").read_bytes()
    pages = pdf.placements(data)
    (height,) = {box[3] for box in pdf.page_boxes(data)}
    found = 0
    for page, svg, dxf in _sheets(cut, game):
        cards = pages[page]
        outlines = [bounds(trace_svg_path(d)[0]) for d in cut_paths(svg)]
        assert len(outlines) == len(cards)
        for drawn, traced in zip(
            sorted(_dxf_bounds(dxf, height * 25.4 / 72)), sorted(outlines), strict=True
        ):
            assert drawn == pytest.approx(traced, abs=0.001)
        for left, top, right, bottom in outlines:
            width, tall = right - left, bottom - top
            centre = ((left + right) / 2, (top + bottom) / 2)
            (clip,) = [
                box
                for box, _ in cards
                if math.dist(centre, (box[0] + box[2] / 2, box[1] + box[3] / 2)) < CLOSE
            ]
            assert width <= clip[2] and tall <= clip[3]  # the cut runs inside what is printed
            if (width, tall) == pytest.approx(size, abs=CLOSE):
                found += 1
    assert found > 0, shape


def _dxf_bounds(data: bytes, page_height: float) -> list[tuple[float, float, float, float]]:
    document = ezdxf.read(io.StringIO(data.decode("ascii")))
    found = []
    for entity in document.modelspace():
        points = [(p.x, page_height - p.y) for p in make_path(entity).flattening(0.001)]
        found.append(bounds(points))
    return found


@pytest.mark.parametrize("game", ["gears", "gear_and_piston"])
def test_registration_marks_on_every_front_only(cut: Path, game: str) -> None:
    """The three marks where Silhouette Studio draws them with its settings (inset 10, arms
    5 mm, lines 1 mm), on the front of every sheet, in the cut file's layer too; no crop mark
    or cut guide anywhere, and no card near a mark."""
    data = (cut / game / "en" / f"{SHEETS}.pdf").read_bytes()
    boxes = pdf.page_boxes(data)
    width, height = (v * 25.4 / 72 for v in boxes[0][2:])
    paper = PAPERS["a4"].turned(width > height)
    expected = expected_marks(paper, 10, 5, 1)
    registration = Registration()
    filled, placed = pdf.fills_by_page(data), pdf.placements(data)
    for page, svg, _ in _sheets(cut, game):
        marks = _in_marked_corners(filled[page], paper)
        assert len(marks) == 3
        for shape, mark in zip(marks, expected, strict=True):
            assert shape == [pytest.approx(point, abs=0.001) for point in mark]
        assert not _in_marked_corners(filled[page + 1], paper)
        assert svg.count(b'<path d="M') == 3  # the registration layer's three marks
        for (x, y, w, h), _ in placed[page]:  # 0.001 mm for the PDF's rounding
            assert registration.clear(paper, Rect(x + 0.001, y + 0.001, w - 0.002, h - 0.002))
    # no crop marks, no cut guides (the machine cuts): what is drawn over the cards is filled
    with pikepdf.open(io.BytesIO(data)) as document:
        for page in document.pages:
            overlays = [f for name, f in page.Resources.XObject.items() if "Marks" in name]
            operators = {
                str(op) for form in overlays for _, op in pikepdf.parse_content_stream(form)
            }
            assert not operators & {"S", "s", "B", "b"}


def _in_marked_corners(
    shapes: list[list[list[tuple[float, float]]]], paper: Paper
) -> list[list[tuple[float, float]]]:
    """The filled sub-paths wholly within 17 mm of both edges at a corner with a mark (the top
    left, top right, bottom left): where the marks are, and no card may print."""

    return [
        sub for shape in shapes for sub in shape if sub and all(_marked(paper, *p) for p in sub)
    ]


def _marked(paper: Paper, x: float, y: float) -> bool:
    """Within 17 mm of both edges at a corner with a mark."""
    near_x, near_y = min(x, paper.width - x) < 17, min(y, paper.height - y) < 17
    return near_x and near_y and (x < paper.width / 2 or y < paper.height / 2)
