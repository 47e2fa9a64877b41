"""Every deck prints at the size its data declares: a deck set to another size gets its art
scaled to the new trim (background through the bleed, nothing cut off or stretched) and its text
kept inside the safe area, which validation checks on every face."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from generator.geometry.imposition import Grid, fit_grid
from generator.geometry.shapes import Rect
from generator.geometry.sizes import PAPERS, CardSize
from generator.model import Game
from generator.pipeline.build import build, check
from generator.pipeline.request import BuildRequest
from generator.render.geometry import Geometry
from tests import pdf
from tests.conftest import DataCopy
from tests.placed import of_deck
from tests.trains_art import abilities, rgb

DPI = 150
"""Fine enough to sample between a wagon's trim and its frame line, about 3.25 mm inside it."""
GAMES = ("game_of_trains", "gears", "three_by_three", "break_the_code", "gear_and_piston")


def resize(data: DataCopy, game: Game, width_by: float, height_by: float) -> None:
    """Every deck of ``game`` in the copy ``width_by`` wider and ``height_by`` taller (a round
    card stays round)."""
    path = data.root / game.id / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for deck in game.decks:
        size = deck.size
        width = size.width * width_by
        height = width if size.shape == "circle" else size.height * height_by
        new = (
            f"{{width: {width:.1f}, height: {height:.1f}, shape: {size.shape}, "
            f"corner_radius: {size.corner_radius:g}}}"
        )
        pattern = rf"(\n  {re.escape(deck.id)}:\n    size: )[^\n]*"
        text, count = re.subn(pattern, lambda match, new=new: match.group(1) + new, text)
        assert count == 1, deck.id
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("width_by", "height_by"), [(0.9, 1.25), (1.2, 0.85), (1.3, 1.3)])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_deck_validates_at_another_size(
    data: DataCopy, shipped: dict[str, Game], game_id: str, width_by: float, height_by: float
) -> None:
    """Validation renders every face at the new size: no template fails, no text box leaves the
    safe area, no frame comes within it (its stroke scaled up with the art: ``art.frame``);
    ``check`` raises with every problem otherwise."""
    game = shipped[game_id]
    resize(data, game, width_by, height_by)
    (resized,) = check(data.root, (game_id,))
    assert [deck.size.width for deck in resized.decks] == [
        pytest.approx(deck.size.width * width_by, abs=0.05) for deck in game.decks
    ]


@pdf.needs_pdftoppm
@pytest.mark.parametrize(("width", "height"), [(57, 88), (70, 120)])
def test_wagons_at_another_size_fill_their_new_trim(
    data: DataCopy, tmp_path: Path, width: float, height: float
) -> None:
    data.edit(
        "game_of_trains/game.yaml",
        "    size: poker            # 63 x 88 mm, 3 mm bleed",
        f"    size: {{width: {width}, height: {height}}}",
    )
    (game,) = check(data.root, ("game_of_trains",))  # every text box inside the safe area
    build(BuildRequest(data.root, tmp_path, ("game_of_trains",), ("en",)))
    pages = pdf.Pages(tmp_path / "game_of_trains" / "en" / "cards-a4.pdf", tmp_path, DPI)
    grid = fit_grid(PAPERS["a4"], CardSize(width, height))
    assert grid is not None
    art = Geometry.of(grid.card).art(63, 88)
    panel_y = grid.card.height / 2 + (59.2 - 44) * art.scale  # the ability panel's middle
    grounds = abilities(game)
    wagons = of_deck(game, game.decks[0].id)
    first = [(wagon, where) for wagon, where in wagons if where.front_page == 0]
    assert len(first) == grid.per_sheet  # the first sheet is full of wagons
    for wagon, where in first:
        trim = where.front
        front, back = pages[where.front_page], pages[where.back_page]
        pale, tint = (rgb(grounds[wagon.fields["ability"]][key]) for key in ("ground", "pattern"))
        assert pale != (255, 255, 255)
        # the ground (its pale colour and its pattern) runs through the bleed and the art keeps
        # off the cut...
        for colour in _edges(front, grid, trim, 1.0) + _edges(front, grid, trim, -2.3):
            assert _off_ground(colour, pale, tint) <= 8, (wagon.id, colour, pale, tint)
        # ...and reaches across the new width: the ability panel 4.5 mm from either side
        for x in (trim.x + 4.5, trim.x + trim.width - 4.5):
            assert pdf.colour_at(front, x, trim.y + panel_y, DPI) == pytest.approx(
                (255,) * 3, abs=4
            )
        for colour in _edges(back, grid, where.back, 1.0):
            assert colour == pytest.approx((0x1D, 0x2B, 0x44), abs=8)


def _off_ground(
    colour: tuple[int, int, int], pale: tuple[int, ...], tint: tuple[int, ...]
) -> float:
    """How far ``colour`` is (its largest channel difference) from every mix of the ground's
    two colours: 0 on the pale ground, on its pattern and on the anti-aliased edges between."""
    along = [t - p for p, t in zip(pale, tint, strict=True)]
    share = sum((c - p) * a for c, p, a in zip(colour, pale, along, strict=True))
    share = min(1.0, max(0.0, share / sum(a * a for a in along)))
    return max(abs(c - (p + share * a)) for c, p, a in zip(colour, pale, along, strict=True))


def _edges(page: Image.Image, grid: Grid, trim: Rect, outside: float) -> list[tuple[int, int, int]]:
    """Colours round a card, ``outside`` mm out from its trim (negative: in), from one tenth to
    nine tenths along each side. Out into the bleed stops 1 mm short of the printed edge."""
    out_x, out_y = min(outside, grid.bleed_x - 1), min(outside, grid.bleed_y - 1)
    left, right = trim.x - out_x, trim.x + trim.width + out_x
    top, bottom = trim.y - out_y, trim.y + trim.height + out_y
    steps = [i / 10 for i in range(1, 10)]
    points = [(left + (right - left) * s, y) for s in steps for y in (top, bottom)]
    points += [(x, top + (bottom - top) * s) for s in steps for x in (left, right)]
    return [pdf.colour_at(page, x, y, DPI) for x, y in points]
