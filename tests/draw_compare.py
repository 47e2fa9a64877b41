"""Every face a full build prints, drawn by another checkout's code and by this one's, compared:
byte for byte, then pixel by pixel. A check of a change to drawing, too slow for CI (a few
minutes); ``tests/test_textrun.py`` draws a few text cases both ways in every run.

Run from this checkout's root::

    python -m tests.draw_compare OLD_CHECKOUT [--dpi 150]
    python -m tests.draw_compare --built OLD_OUT NEW_OUT

Each checkout draws every distinct face (as ``benchmarks/bench_build.py`` lists them, from this
checkout's data and templates) with its own ``generator.render.draw.face``, in a process of its
own; both PDFs of a face are rendered by pdfium at ``--dpi`` and compared. With ``--built``,
every PDF of two builds' output folders is compared so, page by page (the pictures of a rules
summary are drawn too). It prints how many are the same bytes, how many pixels differ and by
how much at most (0 to 255 in a channel), and those that differ most; exit 1 if a pixel
differs by more than ``--noise``.
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

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


def rendered(page: Any, dpi: float) -> npt.NDArray[np.int16]:
    """A PDF page's RGB pixels at ``dpi``, on white."""
    bitmap = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
    return np.asarray(bitmap.to_pil().convert("RGB"), dtype=np.int16)


def difference(old: bytes, new: bytes, dpi: float) -> tuple[int, int]:
    """The largest difference of a channel between the pixels of two PDFs, page by page, and
    how many pixels differ at all (a page that is not in both: all of its pixels)."""
    if old == new:
        return 0, 0
    most, count = 0, 0
    before, after = pypdfium2.PdfDocument(old), pypdfium2.PdfDocument(new)
    try:
        for number in range(max(len(before), len(after))):
            pages = [rendered(pdf[number], dpi) for pdf in (before, after) if number < len(pdf)]
            if len(pages) < 2 or pages[0].shape != pages[1].shape:  # a page missing or resized
                most, count = 255, count + max(page.size for page in pages) // 3
                continue
            apart = np.abs(pages[0] - pages[1]).max(axis=2)
            most, count = max(most, int(apart.max())), count + int(np.count_nonzero(apart))
    finally:
        before.close()
        after.close()
    return most, count


def drawn_faces(old: Path, work: Path) -> list[tuple[str, bytes, bytes]]:
    """Every distinct face (the start of its SVG), drawn by ``old``'s code and by this
    checkout's."""
    faces = [
        (svg, tuple(str(folder) for folder in templates.own)) for svg, templates in distinct_faces()
    ]
    listed = work / "faces.pickle"
    listed.write_bytes(pickle.dumps(faces))
    for name, checkout in (("old", old), ("new", Path.cwd())):
        draw_all(checkout.resolve(), listed, work / name)
    return [
        (svg[:80], *(Path(work, side, f"{number}.pdf").read_bytes() for side in ("old", "new")))
        for number, (svg, _) in enumerate(faces)
    ]


def built(old: Path, new: Path) -> list[tuple[str, bytes, bytes]]:
    """Every PDF of two build output folders, by its path in them; ``SystemExit`` if one
    folder lacks a PDF the other has."""
    found = [{path.relative_to(folder) for path in folder.rglob("*.pdf")} for folder in (old, new)]
    if found[0] != found[1]:
        raise SystemExit(f"not in both builds: {sorted(map(str, found[0] ^ found[1]))}")
    return [
        (str(path), (old / path).read_bytes(), (new / path).read_bytes())
        for path in sorted(found[0])
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the checkout drawn before (e.g. /work/main)")
    parser.add_argument("new", type=Path, nargs="?", help="with --built: the new build's folder")
    parser.add_argument("--built", action="store_true", help="compare two builds' PDFs")
    parser.add_argument("--dpi", type=float, default=150)
    parser.add_argument("--noise", type=int, default=0, help="the largest difference allowed")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        pairs = (
            built(options.old, options.new)
            if options.built
            else drawn_faces(options.old, Path(work))
        )
        found = sorted(
            ((*difference(old, new, options.dpi), name) for name, old, new in pairs), reverse=True
        )
    same = sum(old == new for _, old, new in pairs)
    compared = "files" if options.built else "faces"
    print(f"{len(pairs)} {compared}, {same} the same bytes; at {options.dpi:g} dpi:")
    differing = sum(count for _, count, _ in found)
    print(f"  largest difference {found[0][0]}, {differing} pixels differ")
    for most, count, name in found[:SHOWN]:
        if count:
            print(f"  {name}: {count} pixels, up to {most}")
    return 1 if found[0][0] > options.noise else 0


if __name__ == "__main__":
    sys.exit(main())
