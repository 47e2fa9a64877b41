"""Reference renders: the first card of every shipped deck, front and back, in English, as small
PNGs under ``tests/reference/``, so a change to a card's art is seen on purpose.

``tests/test_references.py`` renders the same faces and compares them with these files, with a
tolerance for anti-aliasing. After a deliberate change to templates or card data, look at the new
renders and write them::

    python -m tests.references
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from generator import DEFAULT_DATA_DIR
from generator.pipeline.front import every_game
from generator.render import draw
from generator.render.templates import CardRenderer

FOLDER = Path(__file__).parent / "reference"
DPI = 30
"""About 1.2 pixels a millimetre: a wrong colour, a moved panel or a missing picture shows; a
reference stays a few kilobytes."""
LANG = "en"


def renders() -> Iterator[tuple[str, Image.Image]]:
    """``(<game>/<deck>-front.png, image)`` and the back, for the first card of every deck."""
    for game in every_game(DEFAULT_DATA_DIR):  # loaded and judged: no face drawn but these
        renderer = CardRenderer(game, game.locales[LANG])
        for deck in game.decks:
            card = deck.cards[0]
            for side, svg in (
                ("front", renderer.front(deck, card)),
                ("back", renderer.back(deck, card)),
            ):
                assert svg is not None, f"{game.id} {deck.id} {side}"
                png = draw.png(svg, game.templates, DPI)
                yield f"{game.id}/{deck.id}-{side}.png", Image.open(io.BytesIO(png)).convert("RGB")


def write(folder: Path) -> None:
    """Every render as a PNG under ``folder`` (emptied first)."""
    for old in folder.rglob("*.png"):
        old.unlink()
    for name, image in renders():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        image.save(path, optimize=True)
        print(path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER, help=f"default {FOLDER}")
    write(parser.parse_args().folder)
