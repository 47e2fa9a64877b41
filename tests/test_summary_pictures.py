"""The rules summaries' pictures: cairo's own drawing of a card or pictogram, put by pikepdf
into the empty form reportlab laid out in its place (issue 33: pdfrw, unmaintained since 2017,
placed them before, beside pikepdf)."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys

import pikepdf
import pytest

from generator import TEMPLATES_DIR
from generator.geometry.sizes import PAPERS, pt
from generator.render import draw
from generator.rulebook import content, document
from generator.rulebook.pictures import painted_by
from generator.runtime.folders import Templates
from generator.runtime.versions import LIBRARIES

FOLDER = Templates.of(TEMPLATES_DIR / "_common")


def _picture(word: str, width: float, height: float, turns: int = 0) -> content.Picture:
    """A piece of ``width`` x ``height`` mm with a word on it: its font must travel with it."""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" '
        f'fill="#2a64b5"/><text x="2" y="{height / 2}" font-family="Roboto Black" '
        f'font-size="5" fill="#ffffff">{word}</text></svg>'
    )
    return content.Picture(svg, FOLDER, width, height, turns=turns)


PIECES = [_picture(word, 20 + 5 * n, 25) for n, word in enumerate(("Ace", "Bee", "Cog", "Dot"))]
CARD, TURNED = _picture("Card", 63, 88), _picture("Card", 63, 88, turns=1)
SUMMARY = content.Summary(
    title="Pictures",
    facts=["2 players"],
    goal="Win.",
    headings={"components": "Components", "setup": "Setup", "turn": "A turn"},
    components=[content.Component(p.svg[-12:], 1, p) for p in PIECES]
    + [content.Component("cards", 9, CARD)],
    setup=["Shuffle."],
    turn=["Play."],
    # The card again, turned: one drawing placed twice.
    sections=[
        content.Example("Example", [content.Step("Turned.", (_picture("Card", 63, 88, 1),))])
    ],
)
DRAWINGS = [*PIECES, CARD]


def _cairo(svg: str, width: float, height: float, folder: Templates) -> bytes:
    return draw.pdf(svg, width, height, folder)


def written() -> bytes:
    stream = io.BytesIO()
    with painted_by(_cairo):
        document.write(SUMMARY, PAPERS["a4"], stream)
    return stream.getvalue()


@pytest.fixture(scope="module")
def summary() -> bytes:
    return written()


def _content(picture: content.Picture) -> bytes:
    """What cairo's page of ``picture`` draws."""
    drawn = _cairo(picture.svg, picture.width, picture.height, FOLDER)
    with pikepdf.open(io.BytesIO(drawn)) as page:
        return bytes(page.pages[0].Contents.read_bytes())


def test_each_picture_is_cairos_page_drawn_where_reportlab_laid_it(summary: bytes) -> None:
    drawings = {_content(picture): picture for picture in DRAWINGS}
    with pikepdf.open(io.BytesIO(summary)) as pdf:
        (page,) = pdf.pages
        placed = [op for _, op in pikepdf.parse_content_stream(page) if str(op) == "Do"]
        assert len(placed) == len(DRAWINGS) + 1  # the card twice
        forms = list(page.Resources.XObject.values())
        assert len(forms) == len(DRAWINGS)
        for form in forms:
            picture = drawings[form.read_bytes()]  # cairo's drawing, as it drew it
            size = [0, 0, pt(picture.width), pt(picture.height)]
            assert [float(n) for n in form.BBox] == pytest.approx(size)
            assert "/Group" not in form  # drawn straight onto the page, like the text round it
            (font,) = form.Resources.Font.values()
            assert "/FontFile2" in font.FontDescriptor  # its font embedded
    assert "pdfrw" not in sys.modules  # pikepdf reads and writes PDF alone
    assert "pdfrw" not in LIBRARIES


WRITTEN_ELSEWHERE = """
import hashlib
from tests.test_summary_pictures import written
print(hashlib.sha256(written()).hexdigest())
"""


def test_another_process_writes_the_same_bytes(summary: bytes) -> None:
    """Each Python process orders a set of names its own way (its hash seed): the pictures go
    into the file in an order of pnp's own, or its objects would be numbered differently (the
    five pictures here come in one of 120 orders)."""
    elsewhere = subprocess.run(
        [sys.executable, "-c", WRITTEN_ELSEWHERE],
        env={**os.environ, "PYTHONHASHSEED": "random"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert elsewhere.stdout.strip() == hashlib.sha256(summary).hexdigest()
