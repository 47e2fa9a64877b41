"""``pnp export`` for shops that take images (The Game Crafter, MakePlayingCards): every face
at its product's exact pixels, RGB, its dpi in the file, named in card order, a manifest; and
the decks no product prints, left out with the nearest product named."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from generator import DEFAULT_DATA_DIR
from generator.cli import main
from generator.export.targets import targets
from generator.model import Game
from tests.conftest import shipped_game

TILES_LINE = next(
    number
    for number, line in enumerate(
        (DEFAULT_DATA_DIR / "break_the_code" / "game.yaml").read_text().splitlines(), start=1
    )
    if line.strip() == "tiles:"
)
IMAGE_TARGETS = [t.id for t in targets().values() if t.kind == "images"]


@pytest.fixture(scope="module")
def gears() -> Game:
    return shipped_game("gears")


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``exports(target)``: Gears exported in English for ``target``, once for the module."""
    made: dict[str, Path] = {}

    def of(target: str) -> Path:
        if target not in made:
            out = tmp_path_factory.mktemp(target)
            assert main(["export", target, "gears", "--lang", "en", "--out", str(out)]) == 0
            made[target] = out
        return made[target]

    return of


@pytest.mark.parametrize("target", IMAGE_TARGETS)
def test_every_face_at_the_products_pixels_rgb_300_dpi(
    target: str, gears: Game, exports: Callable[[str], Path]
) -> None:
    table = targets()[target]
    folder = exports(target) / target / "gears" / "en"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    listed = {item["path"]: item for item in manifest["files"]}
    exported = 0
    for deck in gears.decks:
        product = table.product_for(deck.size)
        if product is None:
            assert any(f"decks.{deck.id}.size" in note for note in manifest["not exported"])
            continue
        assert manifest["products"][deck.id] == product.name
        fronts = [table.file_name("front", deck.id, c.id, n) for n, c in enumerate(deck.cards, 1)]
        backs = (
            [table.file_name("back", deck.id, c.id, n) for n, c in enumerate(deck.cards, 1)]
            if deck.two_sided
            else [table.file_name("common back", deck.id, "", 1)]
        )
        assert sorted(fronts) == fronts  # the uploader's order is the deck's
        for name in fronts + backs:
            with Image.open(folder / name) as image:
                assert image.size == product.pixels, name
                assert image.mode == "RGB", name
                assert tuple(round(v) for v in image.info["dpi"]) == (table.dpi, table.dpi)
            assert listed[name]["bytes"] == (folder / name).stat().st_size
            assert len(listed[name]["ink"]) == 1, name  # the image's: one page
            exported += 1
    assert exported == len(listed) > 0
    assert sum(manifest["counts"].values()) == exported


def test_a_deck_no_product_prints_is_left_out_naming_the_nearest(tmp_path: Path, pnp) -> None:
    """Break the Code's 22 x 32 mm tiles are no card or chit The Game Crafter sells: the
    questions are exported, the tiles are not, and the export says so at the deck's size."""
    result = pnp("export", "tgc", "break_the_code", "--lang", "en", "--out", tmp_path)
    assert result.code == 0
    note = (
        f"break_the_code/game.yaml:{TILES_LINE}: decks.tiles.size: no The Game Crafter product "
        "prints a 22 x 32 mm card; the nearest is Large Square Chit, 25.4 x 25.4 mm: not exported"
    )
    assert result.err == f"note: {note}\n"
    folder = tmp_path / "tgc" / "break_the_code" / "en"
    assert not (folder / "tiles").exists()
    assert len(list((folder / "questions").glob("*.png"))) == 21 + 1  # and the common back
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["not exported"] == [note]


def test_the_same_export_twice_gives_the_same_bytes(
    exports: Callable[[str], Path], tmp_path: Path, pnp
) -> None:
    """The module's export for The Game Crafter and a second one: the same bytes."""
    earlier = exports("tgc")
    assert pnp("export", "tgc", "gears", "--lang", "en", "--out", tmp_path).code == 0
    first = sorted(p.relative_to(earlier) for p in earlier.rglob("*") if p.is_file())
    assert first
    for path in first:
        assert (earlier / path).read_bytes() == (tmp_path / path).read_bytes(), path


def test_an_unknown_target_is_a_usage_error(tmp_path: Path, pnp) -> None:
    result = pnp("export", "kinkos", "--out", tmp_path)
    assert (result.code, result.out) == (2, "")
    known = ", ".join(targets())
    assert result.err == f"pnp: error: no export target 'kinkos' (known: {known})\n"
    assert not any(tmp_path.iterdir())
