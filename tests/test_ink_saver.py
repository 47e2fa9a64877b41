"""Every shipped game printed in its ``ink-saver`` palette spends the ink a home printer can
afford, measured as anyone can repeat it: the coverage of a page is 1 - its mean luminance
rendered in grey at 20 dpi (``pdftoppm -gray -r 20``), page by page against the standard
build's cards.

Targets (issue 32): every back page at most 15 %; the whole card file at most half the ink of
the standard one. A duplex card file is a sheet of fronts, then its sheet of backs: its even
pages are backs.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator import DEFAULT_DATA_DIR
from generator.options import Options
from generator.palettes import INK_SAVER
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from tests.conftest import SESSION_CACHE
from tests.pdf import needs_pdftoppm

GAMES = ("break_the_code", "game_of_trains", "gear_and_piston", "gears", "three_by_three")
BACKS_AT_MOST = 0.15
SHARE_AT_MOST = 0.5

pytestmark = needs_pdftoppm


def coverage(pdf: Path, folder: Path) -> list[float]:
    """1 - the mean luminance of each page of ``pdf`` in grey at 20 dpi."""
    prefix = folder / pdf.stem
    subprocess.run(["pdftoppm", "-gray", "-r", "20", pdf, prefix], check=True)
    pages = sorted(folder.glob(f"{pdf.stem}-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [1 - float(np.asarray(Image.open(page)).mean()) / 255 for page in pages]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every game in English on A4, in both palettes, into one folder."""
    out = tmp_path_factory.mktemp("ink")
    for palette in ("standard", INK_SAVER):
        options = Options(palette=palette)
        request = BuildRequest(
            DEFAULT_DATA_DIR, out, GAMES, ("en",), options=options, cache=SESSION_CACHE
        )
        build(request)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_ink_saver_cards_take_at_most_half_the_ink(built: Path, game: str, tmp_path: Path) -> None:
    folder = built / game / "en"
    standard = coverage(folder / "cards-a4.pdf", tmp_path)
    saver = coverage(folder / f"cards-a4-{INK_SAVER}.pdf", tmp_path)
    assert len(saver) == len(standard)  # the same sheets, only lighter
    heavy = {n: round(c, 3) for n, c in enumerate(saver, 1) if n % 2 == 0 and c > BACKS_AT_MOST}
    assert heavy == {}, f"back pages over {BACKS_AT_MOST:.0%}"
    assert sum(saver) <= SHARE_AT_MOST * sum(standard), (saver, standard)


@pytest.mark.parametrize("game", GAMES)
def test_the_ink_saver_summary_and_handouts_are_no_darker(
    built: Path, game: str, tmp_path: Path
) -> None:
    folder = built / game / "en"
    for saver in folder.glob(f"*-{INK_SAVER}.pdf"):
        standard = saver.with_name(saver.name.replace(f"-{INK_SAVER}", ""))
        assert standard.is_file(), standard
        assert sum(coverage(saver, tmp_path)) <= sum(coverage(standard, tmp_path)) + 1e-3, saver
