"""Every face a full build prints, drawn by another checkout's code and by this one's, compared:
byte for byte, then pixel by pixel. A check of a change to drawing, too slow for CI (a few
minutes); ``tests/test_textrun.py`` draws a few text cases both ways in every run.

Run from this checkout's root::

    python -m tests.draw_compare OLD_CHECKOUT [--dpi 150]

Each checkout draws every distinct face (as ``benchmarks/bench_build.py`` lists them, from this
checkout's data and templates) with its own ``generator.render.draw.face``, in a process of its
own; both PDFs of a face are rendered by pdfium at ``--dpi`` and compared. It prints how many
faces are the same bytes, how many pixels differ and by how much at most (0 to 255 in a
channel), and the faces that differ most; exit 1 if a pixel differs by more than ``--noise``.
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pypdfium2

from benchmarks.bench_build import distinct_faces

DRAW = """
import pickle, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from generator.render.draw import face
from generator.runtime.folders import Templates
faces = pickle.loads(Path(sys.argv[2]).read_bytes())
for number, (svg, folders) in enumerate(faces):
    drawn = face(svg, Templates(tuple(Path(folder) for folder in folders)))
    (Path(sys.argv[3]) / f"{number}.pdf").write_bytes(drawn.pdf)
"""
"""Draw the pickled faces with the code of the checkout ``argv[1]``, one PDF a face."""
SHOWN = 10
"""The faces that differ most, listed."""


def draw_all(checkout: Path, faces: Path, into: Path) -> None:
    """Every face drawn by ``checkout``'s code, in a process of its own, into ``into``."""
    into.mkdir()
    subprocess.run([sys.executable, "-c", DRAW, str(checkout), str(faces), str(into)], check=True)


def rendered(pdf: bytes, dpi: float) -> npt.NDArray[np.int16]:
    """A one-page PDF's RGB pixels at ``dpi``, on white."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
        return np.asarray(bitmap.to_pil().convert("RGB"), dtype=np.int16)
    finally:
        document.close()


def difference(old: bytes, new: bytes, dpi: float) -> tuple[int, int]:
    """The largest difference of a channel between two drawings' pixels, and how many
    pixels differ at all."""
    before, after = rendered(old, dpi), rendered(new, dpi)
    if before.shape != after.shape:
        return 255, max(before.size, after.size) // 3
    most = np.abs(before - after).max(axis=2)
    return int(most.max()), int(np.count_nonzero(most))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the checkout drawn before (e.g. /work/main)")
    parser.add_argument("--dpi", type=float, default=150)
    parser.add_argument("--noise", type=int, default=0, help="the largest difference allowed")
    options = parser.parse_args()
    faces = [
        (svg, tuple(str(folder) for folder in templates.own)) for svg, templates in distinct_faces()
    ]
    with tempfile.TemporaryDirectory() as work:
        listed = Path(work) / "faces.pickle"
        listed.write_bytes(pickle.dumps(faces))
        for name, checkout in (("old", options.old), ("new", Path.cwd())):
            draw_all(checkout.resolve(), listed, Path(work) / name)
        same, found = 0, []
        for number, (svg, _) in enumerate(faces):
            old, new = (Path(work, side, f"{number}.pdf").read_bytes() for side in ("old", "new"))
            same += old == new
            found.append((*difference(old, new, options.dpi), number, svg[:80]))
    found.sort(reverse=True)
    print(f"{len(faces)} faces, {same} the same bytes; at {options.dpi:g} dpi: ")
    print(
        f"  largest difference {found[0][0]}, {sum(count for _, count, *_ in found)} pixels differ"
    )
    for most, count, number, start in found[:SHOWN]:
        if count:
            print(f"  face {number}: {count} pixels, up to {most}: {start}")
    return 1 if found[0][0] > options.noise else 0


if __name__ == "__main__":
    sys.exit(main())
