"""Every deck's first card, front and back, looks as its reference render does (within the
anti-aliasing a different cairo may give): a change to a card's art is made on purpose, and
shown by ``python -m tests.references`` rewriting ``tests/reference/``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.references import FOLDER

MEAN_DIFFERENCE = 1.5
"""The largest mean difference (0-255, over every pixel and channel) that is not a change."""
CHANGED_SHARE = 0.01
"""The largest share of pixels that may differ by more than :data:`CHANGED_LEVEL`."""
CHANGED_LEVEL = 48


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Image.Image]:
    """Today's faces, drawn in a fresh process as the references were."""
    folder = tmp_path_factory.mktemp("renders")
    command = [sys.executable, "-m", "tests.references", str(folder)]
    subprocess.run(command, check=True, capture_output=True, cwd=Path(__file__).parent.parent)
    return {
        p.relative_to(folder).as_posix(): Image.open(p).convert("RGB")
        for p in folder.rglob("*.png")
    }


def test_every_face_has_a_reference_and_every_reference_a_face(rendered) -> None:
    stored = {path.relative_to(FOLDER).as_posix() for path in FOLDER.rglob("*.png")}
    assert stored == set(rendered), "run: python -m tests.references"


def test_faces_look_as_their_references(rendered, tmp_path: Path) -> None:
    changed = []
    for name, image in sorted(rendered.items()):
        why = _difference(Image.open(FOLDER / name).convert("RGB"), image)
        if why:
            now = tmp_path / name.replace("/", "-")
            image.save(now)
            changed.append(f"{name}: {why} (now: {now})")
    assert not changed, "changed art (python -m tests.references if meant):\n" + "\n".join(changed)


def _difference(reference: Image.Image, image: Image.Image) -> str:
    """Why ``image`` is not ``reference``, or ``""``."""
    if reference.size != image.size:
        return f"size {image.size}, was {reference.size}"
    difference = ImageChops.difference(reference, image)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    grey = difference.convert("L").point(lambda level: 255 if level > CHANGED_LEVEL else 0)
    share = ImageStat.Stat(grey).mean[0] / 255
    if mean > MEAN_DIFFERENCE or share > CHANGED_SHARE:
        return f"mean difference {mean:.2f}, {share:.1%} of pixels changed"
    return ""
