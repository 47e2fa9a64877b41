"""``pnp calibrate``: the duplex test sheet, read back from its PDF in millimetres, and
``--back-offset`` moving every back page (the sheet's and the card sheets') by exactly that.

What the sheet must be, said here without asking pnp: crosses 25 mm in from the paper's edges
and at its centre; behind each (a long-edge turn mirrors left and right, a short-edge turn top
and bottom, a stack fed again by hand is turned like a book's page), rulers whose zero lies
exactly there, a tick every 0.5 mm, numbers growing to the right and downwards as the back is
seen. So a back the printer put ``(sx, sy)`` off reads ``(-sx, -sy)``: the offset to pass.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.geometry.sizes import PAPERS, Paper
from tests import pdf
from tests.conftest import DataCopy, Result

Point = tuple[float, float]
Pnp = Callable[..., Result]

INSET = 25.0
TICKS = [k / 2 for k in range(-10, 11)]
"""A ruler's ticks, mm from its zero: every half millimetre, 5 mm either way."""
MM = 0.01
"""How exactly positions must match."""


def turned(paper: Paper, point: Point, duplex: str) -> Point:
    """Where a point of the front lies on the back, as the back is seen."""
    x, y = point
    return (x, paper.height - y) if duplex == "short" else (paper.width - x, y)


def calibrate(pnp: Pnp, out: Path, *options: str) -> Path:
    """The sheet ``pnp calibrate`` wrote, where it says it did."""
    result = pnp("calibrate", "--out", out, *options)
    assert result.code == 0, result.err
    return Path(result.out.split(": ")[0])


def crosses(lines: list[tuple[float, ...]]) -> list[Point]:
    """Where an upright and a bar of the same length cross at their middles."""
    bars = [line for line in lines if line[1] == pytest.approx(line[3], abs=MM)]
    uprights = [line for line in lines if line[0] == pytest.approx(line[2], abs=MM)]
    found = []
    for x1, y, x2, _ in bars:
        for x, y1, _, y2 in uprights:
            same = abs(x2 - x1) == pytest.approx(abs(y2 - y1), abs=MM)
            middle = ((x1 + x2) / 2, (y1 + y2) / 2)
            if same and middle == (pytest.approx(x, abs=MM), pytest.approx(y, abs=MM)):
                found.append((x, y))
    return found


def circle_centres(curves: list[tuple[float, ...]]) -> list[Point]:
    """Centres of the small circles on a page: cairo draws one from angle 0 as two halves,
    the first from its rightmost point, below the centre, to its leftmost."""
    return [
        ((x1 + x2) / 2, y1)
        for x1, y1, x2, y2 in curves
        if y1 == pytest.approx(y2, abs=MM) and 0.5 < (x1 - x2) / 2 < 2
    ]


def near(found: list[Point], expected: list[Point]) -> bool:
    return sorted(found) == [pytest.approx(p, abs=MM) for p in sorted(expected)]


def ruler_ticks(lines: list[tuple[float, ...]], zero: Point) -> tuple[list[float], list[float]]:
    """The X ruler's ticks (uprights hanging below the zero, within its reach) by x, and the
    Y ruler's (bars right of it) by y."""
    zx, zy = zero
    across = sorted(
        x1
        for x1, y1, x2, y2 in lines
        if x1 == pytest.approx(x2, abs=MM) and abs(x1 - zx) < 5 + MM and zy < y1 < zy + 12
    )
    down = sorted(
        y1
        for x1, y1, x2, y2 in lines
        if y1 == pytest.approx(y2, abs=MM) and abs(y1 - zy) < 5 + MM and zx < x1 < zx + 12
    )
    return across, down


def front_crosses(path: Path) -> list[Point]:
    return crosses(pdf.lines_by_page(pdf.read(path))[0])


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_both_pages_are_exactly_the_paper(pnp: Pnp, tmp_path: Path, paper: str) -> None:
    path = calibrate(pnp, tmp_path, f"--paper={paper}")
    size = (PAPERS[paper].width * 72 / 25.4, PAPERS[paper].height * 72 / 25.4)
    assert (
        pdf.page_boxes(pdf.read(path))
        == [(0, 0, pytest.approx(size[0], abs=1e-3), pytest.approx(size[1], abs=1e-3))] * 2
    )


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_front_has_ringed_crosses_at_the_corners_and_centre(
    pnp: Pnp, tmp_path: Path, paper: str
) -> None:
    path = calibrate(pnp, tmp_path, f"--paper={paper}")
    width, height = PAPERS[paper].width, PAPERS[paper].height
    wanted = [(x, y) for x in (INSET, width - INSET) for y in (INSET, height - INSET)]
    wanted.append((width / 2, height / 2))
    assert near(front_crosses(path), wanted)
    assert near(circle_centres(pdf.curves_by_page(pdf.read(path))[0]), wanted)


@pytest.mark.parametrize(("paper", "duplex"), [("a4", "long"), ("letter", "short"), ("a3", "none")])
def test_the_rulers_read_zero_behind_each_cross(
    pnp: Pnp, tmp_path: Path, paper: str, duplex: str
) -> None:
    path = calibrate(pnp, tmp_path, f"--paper={paper}", f"--duplex={duplex}")
    behind = [turned(PAPERS[paper], cross, duplex) for cross in front_crosses(path)]
    lines, curves = pdf.lines_by_page(pdf.read(path))[1], pdf.curves_by_page(pdf.read(path))[1]
    assert len(behind) == 5
    assert near(circle_centres(curves), behind)
    for zx, zy in behind:
        across, down = ruler_ticks(lines, (zx, zy))
        assert across == [pytest.approx(zx + tick, abs=MM) for tick in TICKS]
        assert down == [pytest.approx(zy + tick, abs=MM) for tick in TICKS]


@pdf.needs_pdftotext
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_numbers_grow_right_and_down_from_zero_behind_the_cross(
    pnp: Pnp, tmp_path: Path, duplex: str
) -> None:
    """Every number stands by the tick that many mm from the zero: to the right (X) and
    downwards (Y), a minus sign before those on the other side; each ruler has its letter."""
    path = calibrate(pnp, tmp_path, f"--duplex={duplex}")
    words = pdf.words(path, 2)
    for zx, zy in (turned(PAPERS["a4"], cross, duplex) for cross in front_crosses(path)):
        nearby = [w for w in words if zx - 8 < w[1] < zx + 13 and zy - 8 < w[2] < zy + 13]
        across = _numbers([w for w in nearby if w[2] > zy + 7], by_x=True)
        down = _numbers([w for w in nearby if w[1] > zx + 7 and w[2] < zy + 6], by_x=False)
        assert [value for value, _ in across] == [-4, -2, 0, 2, 4]
        assert [value for value, _ in down] == [-4, -2, 0, 2, 4]
        for value, centre in across:
            assert centre == pytest.approx(zx + value, abs=0.15)
        for value, centre in down:  # a box as high as the font: its middle is near the tick
            assert centre == pytest.approx(zy + value, abs=0.5)
        assert sorted(w[0] for w in nearby if w[0].isalpha()) == ["X", "Y"]


def _numbers(
    words: list[tuple[str, float, float, float, float]], by_x: bool
) -> list[tuple[int, float]]:
    """The numbers among ``words`` (digits, and a minus sign just before them on the same
    line) with the middle of their digits along the ruler, in order along it."""
    digits = [w for w in words if w[0].isdigit()]
    minus = [w for w in words if w[0] == "\u2212"]
    found = []
    for text, x1, y1, x2, y2 in digits:
        signed = any(abs(m[3] - x1) < 0.3 and abs(m[2] - y1) < MM for m in minus)
        middle = (x1 + x2) / 2 if by_x else (y1 + y2) / 2
        found.append((-int(text) if signed else int(text), middle))
    return sorted(found, key=lambda number: number[1])


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("misprint", [(1.5, -0.8), (-2.25, 3.0)])
def test_a_back_printed_off_reads_the_offset_that_puts_it_right(
    pnp: Pnp, tmp_path: Path, duplex: str, misprint: Point
) -> None:
    """A printer putting the back ``misprint`` off is a back page moved by it: the centre
    cross, seen through the sheet, stands at minus the misprint on the rulers."""
    x, y = misprint
    path = calibrate(pnp, tmp_path, f"--duplex={duplex}", f"--back-offset={x},{y}")
    seen = [turned(PAPERS["a4"], cross, duplex) for cross in front_crosses(path)]
    centre = min(seen, key=lambda p: abs(p[0] - 105) + abs(p[1] - 148.5))
    assert centre == (pytest.approx(105, abs=MM), pytest.approx(148.5, abs=MM))
    lines = pdf.lines_by_page(pdf.read(path))[1]
    across, down = ruler_ticks(lines, (centre[0] + x, centre[1] + y))
    zero = (across[len(across) // 2], down[len(down) // 2])  # the middle tick reads 0
    reading = (centre[0] - zero[0], centre[1] - zero[1])
    assert reading == (pytest.approx(-x, abs=MM), pytest.approx(-y, abs=MM))


def test_back_offset_moves_every_back_element_by_exactly_that(pnp: Pnp, tmp_path: Path) -> None:
    plain = pdf.read(calibrate(pnp, tmp_path / "plain"))
    moved = pdf.read(calibrate(pnp, tmp_path / "moved", "--back-offset", "1.5,-0.8"))
    for read in (pdf.lines_by_page, pdf.curves_by_page):
        before, after = read(plain), read(moved)
        assert after[0] == before[0]
        assert len(after[1]) == len(before[1]) > 0
        for (a1, b1, a2, b2), shifted in zip(before[1], after[1], strict=True):
            expected = (a1 + 1.5, b1 - 0.8, a2 + 1.5, b2 - 0.8)
            assert shifted == pytest.approx(expected, abs=MM)


@pdf.needs_pdftotext
def test_back_offset_moves_the_back_numbers_too(pnp: Pnp, tmp_path: Path) -> None:
    plain = calibrate(pnp, tmp_path / "plain")
    moved = calibrate(pnp, tmp_path / "moved", "--back-offset", "1.5,-0.8")
    assert pdf.words(moved, 1) == pdf.words(plain, 1) == []
    before, after = pdf.words(plain, 2), pdf.words(moved, 2)
    assert len(before) == 5 * (2 * 7 + 2)  # each target: 2 rulers of 5 numbers, 2 minus; X, Y
    for (text, *box), (moved_text, *moved_box) in zip(before, after, strict=True):
        assert moved_text == text
        x1, y1, x2, y2 = box
        assert moved_box == pytest.approx([x1 + 1.5, y1 - 0.8, x2 + 1.5, y2 - 0.8], abs=MM)


def test_calibrate_says_where_the_sheet_is_and_what_to_do(pnp: Pnp, tmp_path: Path) -> None:
    """A sheet for each paper and each turn, named after them (a repeated --paper once wrote
    the last one only)."""
    result = pnp("calibrate", "--out", tmp_path, "--duplex", "short", "--paper", "letter")
    assert (result.code, result.err) == (0, "")
    assert result.out == (
        f"{tmp_path}/calibration-letter-short-edge.pdf: print it double-sided, flipping on the "
        "short edge, at 100 %; hold it to a light and pass what the centre reads on the back "
        "as --back-offset=X,Y (pnp help calibrating-duplex-backs)\n"
    )
    both = ("--paper", "a4", "--paper", "a3")
    corrected = pnp(
        "calibrate", "--out", tmp_path, "--back-offset=-1.5,0.8", "--duplex=none", *both
    )
    assert corrected.out == "".join(
        f"{tmp_path}/calibration-{paper}-simplex.pdf: backs moved by -1.5,0.8 mm; print page 1, "
        "then page 2 on its back (turned over its long edge), at 100 %: the centre should read "
        "0,0 (if not, add what it reads to -1.5,0.8)\n"
        for paper in ("a4", "a3")
    )
    assert len(list(tmp_path.iterdir())) == 3


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("abc", "'abc' is not two numbers of millimetres, like 1.5,-0.8"),
        ("1", "'1' is not two numbers of millimetres, like 1.5,-0.8"),
        (
            "30,0",
            "'30,0' moves the backs more than 20 mm; print the calibration sheet again "
            "(pnp calibrate)",
        ),
    ],
)
def test_a_bad_back_offset_is_a_usage_error(pnp: Pnp, tmp_path: Path, value: str, why: str) -> None:
    result = pnp("calibrate", "--out", tmp_path / "out", f"--back-offset={value}")
    assert result.code == 2
    assert result.err.splitlines()[-1] == f"pnp calibrate: error: argument --back-offset: {why}"
    assert not (tmp_path / "out").exists()


def test_an_output_folder_that_is_a_file_is_a_usage_error(pnp: Pnp, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("")
    result = pnp("calibrate", "--out", tmp_path / "taken")
    assert (result.code, result.out) == (2, "")
    assert result.err == f"pnp: error: --out {tmp_path / 'taken'}: is a file\n"


def test_the_same_command_gives_the_same_bytes(pnp: Pnp, tmp_path: Path) -> None:
    options = ("--paper=letter", "--duplex=short", "--back-offset=0.25,-1")
    first = calibrate(pnp, tmp_path / "first", *options)
    second = calibrate(pnp, tmp_path / "second", *options)
    assert first.read_bytes() == second.read_bytes()


def test_back_offset_moves_every_card_back_and_no_front(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path
) -> None:
    """Every face the back pages of the card sheets place, and every crop mark on them, moves
    right 1.5 mm and up 0.8 mm, read from the pages' own content; the fronts stay where they
    were."""
    files = []
    for out, offset in (("plain", []), ("moved", ["--back-offset", "1.5,-0.8"])):
        result = pnp("build", "--data", tiny.root, "--out", tmp_path / out, "--lang=en", *offset)
        assert result.code == 0, result.err
        files.append(pdf.read(tmp_path / out / "tiny/en/cards-a4.pdf"))
    (plain, moved), (plain_lines, moved_lines) = (
        [pdf.placements(data) for data in files],
        [pdf.lines_by_page(data) for data in files],
    )
    assert len(plain) == len(moved) == 2  # the fronts of both decks on one sheet, their backs
    assert moved[0] == plain[0] and moved_lines[0] == plain_lines[0]
    assert len(moved[1]) == len(plain[1]) == 7
    for ((x, y, width, height), face), ((*at, moved_width, moved_height), moved_face) in zip(
        plain[1], moved[1], strict=True
    ):
        assert moved_face == face and (moved_width, moved_height) == pytest.approx((width, height))
        assert at == [pytest.approx(x + 1.5, abs=MM), pytest.approx(y - 0.8, abs=MM)]
    assert len(moved_lines[1]) == len(plain_lines[1]) > 0
    for line, moved_line in zip(plain_lines[1], moved_lines[1], strict=True):
        x1, y1, x2, y2 = line
        assert moved_line == pytest.approx((x1 + 1.5, y1 - 0.8, x2 + 1.5, y2 - 0.8), abs=MM)
