"""``pnp export`` for shops that take images (The Game Crafter, MakePlayingCards): every face
at its product's exact pixels, RGB, its dpi in the file, named in card order, a manifest; and
the decks no product prints, left out with the nearest product named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from generator import DEFAULT_DATA_DIR
from generator.build import check
from generator.export.targets import targets
from generator.layout.sizes import CardSize
from generator.model import Game

DISC = CardSize(30, 30, shape="circle")
IMAGE_TARGETS = [t.id for t in targets().values() if t.kind == "images"]


@pytest.fixture(scope="module")
def gears() -> Game:
    (game,) = check(DEFAULT_DATA_DIR, ("gears",), ())
    return game


@pytest.mark.parametrize("target", IMAGE_TARGETS)
def test_every_face_at_the_products_pixels_rgb_300_dpi(
    target: str, gears: Game, tmp_path: Path, pnp
) -> None:
    result = pnp("export", target, "gears", "--lang", "en", "--out", tmp_path)
    assert result.code == 0, result.err
    table = targets()[target]
    folder = tmp_path / target / "gears" / "en"
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
            exported += 1
    assert exported == len(listed) > 0
    assert sum(manifest["counts"].values()) == exported


def test_a_deck_no_product_prints_is_left_out_naming_the_nearest(tmp_path: Path, pnp) -> None:
    result = pnp("export", "tgc", "gears", "--lang", "en", "--out", tmp_path)
    assert result.code == 0
    table = targets()["tgc"]
    token = table.nearest(DISC)
    notes = [line for line in result.err.splitlines() if line.startswith("note: ")]
    if table.product_for(DISC) is None:
        assert notes == [
            f"note: gears/game.yaml:28: decks.token.size: no The Game Crafter product prints a "
            f"30 x 30 mm disc; the nearest is {token.name}, {token.trim[0]:g} x "
            f"{token.trim[1]:g} mm: not exported"
        ]
        assert not (tmp_path / "tgc" / "gears" / "en" / "token").exists()
    else:
        assert notes == []


def test_the_same_export_twice_gives_the_same_bytes(tmp_path: Path, pnp) -> None:
    for out in ("a", "b"):
        assert (
            pnp("export", "tgc", "three_by_three", "--lang", "uk", "--out", tmp_path / out).code
            == 0
        )
    first = sorted(
        p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file()
    )
    assert first
    for path in first:
        assert (tmp_path / "a" / path).read_bytes() == (tmp_path / "b" / path).read_bytes(), path


def test_an_unknown_target_is_a_usage_error(tmp_path: Path, pnp) -> None:
    result = pnp("export", "kinkos", "--out", tmp_path)
    assert (result.code, result.out) == (2, "")
    known = ", ".join(targets())
    assert result.err == f"pnp: error: no export target 'kinkos' (known: {known})\n"
    assert not any(tmp_path.iterdir())
