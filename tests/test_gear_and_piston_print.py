"""The printed Gear & Piston tiles: sheets, every back in its slot, backs behind their own fronts,
a roof, a frame and a road that continue from tile to tile, engine types (their patterned
grounds and badges) and stacks told apart in greyscale, unreliability nuts that count apart from
rust, old and scrap parts that look their age, an engine pictogram in one piece, car ends drawn
to the car's scale, player aids read across the table and investors whose symbols keep off their
portrait."""

from __future__ import annotations

import io
import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.model import Card, Game
from generator.palettes import INK_SAVER, STANDARD
from generator.render import draw
from generator.render.templates import CardRenderer, environment
from tests import pdf
from tests.conftest import Built, shipped_game
from tests.legibility import ACROSS_THE_TABLE, SMALLEST, font_sizes
from tests.placed import empty, of_deck, pages_with_cards, placed

DPI = 100


@pytest.fixture
def printed(built: Built) -> Path:
    return built("gear_and_piston", "ru") / "cards-a4.pdf"


@pytest.fixture(scope="module")
def game() -> Game:
    return shipped_game("gear_and_piston")


@pytest.fixture(scope="module", params=[STANDARD, INK_SAVER])
def painted(game: Game, request: pytest.FixtureRequest) -> Game:
    """The game in each of its palettes: what players tell apart stays apart in both."""
    return game.in_palette(request.param)


@pytest.fixture(scope="module")
def pages(built: Built, tmp_path_factory: pytest.TempPathFactory) -> pdf.Pages:
    """The printed pages, each rendered once for every test of the module that reads it."""
    path = built("gear_and_piston", "ru") / "cards-a4.pdf"
    return pdf.Pages(path, tmp_path_factory.mktemp("gear-and-piston-pages"))


def face(game: Game, card_id: str, back: bool = False) -> Image.Image:
    """One tile's face (or back) as an RGB image, trim only, at :data:`DPI`."""
    renderer = CardRenderer(game, game.locales["en"])
    deck, card = next((d, c) for d in game.decks for c in d.cards if c.id == card_id)
    svg = renderer.back(deck, card) if back else renderer.front(deck, card)
    assert svg is not None
    image = Image.open(io.BytesIO(draw.png(svg, game.templates, DPI))).convert("RGB")
    bleed = round(3 / 25.4 * DPI)
    return image.crop((bleed, bleed, image.width - bleed, image.height - bleed))


def at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel(
        (min(round(x_mm / 25.4 * DPI), image.width - 1), round(y_mm / 25.4 * DPI))
    )


def test_all_131_tiles_on_a4_sheets(printed: Path, game: Game) -> None:
    data, found = printed.read_bytes(), placed(game)
    # every tile is 60 x 60 mm, 12 a sheet, the decks one after another on shared sheets:
    # 131 tiles fill 10 sheets and 11 slots of an eleventh; each sheet a page of fronts and a
    # page of backs (one deck a sheet took 14)
    assert len(found) == sum(len(deck.cards) for deck in game.decks) == 131
    assert pdf.page_count(data) == 2 * 11
    assert pages_with_cards(found) == set(range(2 * 11))  # every page carries tiles
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) <= {
        "RobotoCondensed-Regular",
        "RobotoCondensed-Bold",
        "Roboto-Black",
    }
    assert set("Новая деталь Инвестор Мастерская") - {" "} <= set(pdf.unicode_text(data))


BACK_GROUNDS = {
    "new": [(0x1F, 0x4F, 0x8F)],
    "old": [(0x8C, 0x5A, 0x2B), (0x6F, 0x45, 0x20)],
    "scrap": [(0x34, 0x32, 0x2F)],
    "investors": [(0x24, 0x46, 0x3A)],
}


@pdf.needs_pdftoppm
@pytest.mark.parametrize("deck", list(BACK_GROUNDS))
def test_every_common_back_fills_its_slot(pages: pdf.Pages, game: Game, deck: str) -> None:
    """Each back is drawn into its own slot (cairo once left whole columns of recorded backs
    blank), on whichever sheet its deck shares."""
    for card, where in of_deck(game, deck):
        colour = pdf.colour_at(pages[where.back_page], where.back.x + 5.5, where.back.y + 5.5)
        assert any(c == pytest.approx(colour, abs=10) for c in BACK_GROUNDS[deck]), card.id
        middle = (where.front.x + 30, where.front.y + 30)
        assert pdf.colour_at(pages[where.front_page], *middle) != (255, 255, 255), card.id


@pdf.needs_pdftoppm
def test_the_slot_no_tile_takes_stays_blank_on_both_sides(pages: pdf.Pages, game: Game) -> None:
    """131 tiles on 11 sheets of 12 leave one slot, the end of the last row, blank on the
    last sheet's front page and on its back page (behind it), pages 20 and 21 from 0."""
    found = placed(game)
    gaps = [(gap, page) for page in range(2 * 11) for gap in empty(found, page)]
    assert [page for _, page in gaps] == [20, 21]
    for gap, page in gaps:
        for x, y in ((4.5, 4.5), (30, 30), (55.5, 55.5)):
            assert pdf.colour_at(pages[page], gap.x + x, gap.y + y) == (255, 255, 255), page


PLAYER = {
    "white": (0xF4, 0xF4, 0xF0),
    "black": (0x2E, 0x2E, 0x30),
    "blue": (0x2F, 0x63, 0xB0),
    "yellow": (0xE8, 0xB9, 0x2A),
    "purple": (0x7C, 0x41, 0x99),
    "orange": (0xE0, 0x7B, 0x28),
}


@pdf.needs_pdftoppm
def test_each_car_end_lies_behind_its_own_player_aid(pages: pdf.Pages, game: Game) -> None:
    for card, where in of_deck(game, "ends"):
        paint = PLAYER[card.fields["colour"]]
        band = pdf.colour_at(pages[where.front_page], where.front.x + 2, where.front.y + 1.5)
        # the body 6 mm in from the edge the car joins (the left of a front end, seen mirrored)
        inner = 54 if card.fields["end"] == "front" else 6
        spot = (where.front.x + inner, where.front.y + 30)
        body = pdf.colour_at(pages.flipped(where.back_page), *spot)
        assert band == pytest.approx(paint, abs=10), card.id
        assert body == pytest.approx(paint, abs=10), card.id


def parts(game: Game, row: str) -> list[Card]:
    """One part of each colour and stack in ``row``."""
    seen: dict[tuple[str, str], Card] = {}
    for deck_id in ("new", "old", "scrap"):
        deck = game.deck(deck_id)
        assert deck is not None
        for card in deck.cards:
            if card.fields["row"] == row:
                seen.setdefault((deck_id, card.fields["colour"]), card)
    return list(seen.values())


@pytest.mark.parametrize(
    ("row", "heights"),
    [("top", (4.5, 7.6, 53, 54.5, 58.5)), ("bottom", (2.5, 5.5, 52, 55.4, 58.5))],
)
def test_frame_and_road_continue_from_tile_to_tile(
    game: Game, row: str, heights: tuple[float, ...]
) -> None:
    """At the heights of the roof (top row), the beam and the road (bottom row), the left and
    right edges of every tile of the row show the same colours, so any two tiles laid side by
    side join without a seam."""
    edges = set()
    for card in parts(game, row):
        image = face(game, card.id)
        left = tuple(at(image, 0.3, y) for y in heights)
        right = tuple(at(image, 59.7, y) for y in heights)
        assert left == right, card.id
        edges.add(left)
    assert len(edges) == 1


def test_engine_types_differ_in_greyscale(painted: Game) -> None:
    """The four improvements of the top row differ in their type badge by shape, not only hue."""
    badges = []
    for card_id in ("new-05", "new-12", "new-19", "new-38"):  # green, red, brown, grey
        grey = face(painted, card_id).convert("L")
        box = [round(v / 25.4 * DPI) for v in (5.2, 27.7, 14.8, 37.3)]
        badges.append(grey.crop(box))
    for a, b in itertools.combinations(badges, 2):
        differing = ImageChops.difference(a, b).point(lambda v: 255 if v > 60 else 0)
        assert ImageStat.Stat(differing).mean[0] > 8


def test_the_stack_backs_differ_in_greyscale(painted: Game) -> None:
    """The stacks' backs (and the investors') sort without colour by the mark in their ring: a
    spark, an hourglass, a broken plate, a top hat, in dark or light lines alike."""
    backs = [face(painted, card_id, back=True).convert("L") for card_id in
             ("new-01", "old-01", "scrap-01", "investor-most-comfort")]  # fmt: skip
    ring = tuple(mm(v) for v in RING)
    for a, b in itertools.combinations(backs, 2):
        differing = ImageChops.difference(a.crop(ring), b.crop(ring)).point(
            lambda v: 255 if v > 60 else 0
        )
        assert ImageStat.Stat(differing).mean[0] / 255 > 0.15


RING = (16, 13, 44, 41)
"""The ring in the middle of a back that holds its stack's mark (mm)."""


SKY = (0xF6, 0xF1, 0xE6)
PIXEL = 25.4 / DPI
"""One pixel of :func:`face`, in mm."""


def mm(value: float) -> int:
    return round(value / 25.4 * DPI)


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def roof_top(image: Image.Image, x_mm: float) -> float:
    """How far down (mm) the column at ``x_mm`` the sky ends: the top of the roof."""
    x = min(mm(x_mm), image.width - 1)
    for y in range(image.height):
        if distance(image.getpixel((x, y)), SKY) > 40:
            return y * PIXEL
    raise AssertionError(f"no roof at x = {x_mm} mm")


def test_the_roof_is_one_line_from_tile_to_tile(game: Game) -> None:
    """Every top-row part's roof starts at one height all across the tile (its edges and its
    middle) and at the same height on every tile, so a row of top parts has one straight roof
    line (arches, one a tile, made a row of bumps)."""
    heights = set()
    for card in parts(game, "top"):
        image = face(game, card.id)
        line = [roof_top(image, x) for x in (0.3, 15, 30, 45, 59.7)]
        assert max(line) - min(line) <= PIXEL, (card.id, line)
        heights.add(round(line[0], 2))
    assert len(heights) == 1, heights


def counterparts(game: Game) -> list[tuple[Card, Card]]:
    """Each new part with the old part of the same function, colour and row."""
    old, new = game.deck("old"), game.deck("new")
    assert old is not None and new is not None

    def kind(card: Card) -> tuple[str, ...]:
        return tuple(card.fields[key] for key in ("function", "colour", "row"))

    twins = {kind(card): card for card in reversed(old.cards)}
    pairs = {kind(card): (card, twins[kind(card)]) for card in reversed(new.cards)
             if kind(card) in twins}  # fmt: skip
    assert len(pairs) >= 20
    return list(pairs.values())


def icons(game: Game) -> Any:
    """``icons.svg.j2``'s settings in the game's palette: each engine type's ``PATTERN``."""
    template = environment(game.templates).get_template("icons.svg.j2")
    return template.make_module({"palette": game.colours})


def rgb(colour: str) -> tuple[int, int, int]:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue


def pattern_ink(game: Game, card: Card, deck: str) -> tuple[int, int, int] | None:
    """The colour of the engine type's pattern on ``card``'s ground (the palette's
    ``<stack>_<colour>_pattern``), ``None`` for grey parts, which have none."""
    colour = card.fields["colour"]
    if icons(game).PATTERN[colour] is None:
        return None
    return rgb(game.colours[f"{deck}_{colour}_pattern"])


def ground(image: Image.Image) -> tuple[int, int, int]:
    """The most common colour of a part's body (between the roof or beam and the band)."""
    body = image.crop((mm(2), mm(14), mm(58), mm(47)))
    colours = body.getcolors(body.width * body.height)
    assert colours is not None
    return max(colours)[1]


SPARE = [(2, 38, 17, 47), (46, 38, 58, 47)]
"""The corners of a part's body that no badge, symbol or large drawing covers (mm)."""


def marked(image: Image.Image, pattern: tuple[int, int, int] | None = None) -> float:
    """The share of the spare corners of neither the part's ground colour nor its engine
    type's ``pattern`` nor a blend of the two: rust, patches, holes."""
    plain = np.asarray(ground(image), dtype=float)
    towards = np.asarray(pattern, dtype=float) - plain if pattern else np.zeros(3)
    pixels = np.array([
        image.getpixel((x, y))
        for left, top, right, bottom in SPARE
        for x in range(mm(left), mm(right))
        for y in range(mm(top), mm(bottom))
    ], dtype=float)  # fmt: skip
    # a pattern's soft edge blends it with the ground: as plain as either
    share = np.clip((pixels - plain) @ towards / max(float(towards @ towards), 1e-9), 0, 1)
    nearest = plain + share[:, np.newaxis] * towards
    return float(np.mean(np.linalg.norm(pixels - nearest, axis=1) > 40))


def luminance(colour: tuple[int, ...]) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def test_old_parts_look_old_and_new_parts_clean(game: Game) -> None:
    """An old part and the new part of the same function, colour and row differ at a glance:
    the old one in a faded, yellowed ground and most of its face, and in rust, a patch and
    scratches in its spare corners, which the new one keeps clean."""
    for new, old in counterparts(game):
        clean, worn = face(game, new.id), face(game, old.id)
        assert distance(ground(clean), ground(worn)) > 25, (new.id, old.id)
        changed = (
            ImageChops.difference(clean, worn).convert("L").point(lambda v: 255 if v > 10 else 0)
        )
        assert ImageStat.Stat(changed).mean[0] / 255 > 0.4, (new.id, old.id)
        assert marked(clean, pattern_ink(game, new, "new")) < 0.01, new.id
        assert marked(worn, pattern_ink(game, old, "old")) > 0.15, old.id


def test_scrap_looks_like_scrap(game: Game) -> None:
    """Scrap is darker than any new or old part and worn all over its spare corners."""
    dullest = min(luminance(ground(face(game, card.id))) for pair in counterparts(game)
                  for card in pair)  # fmt: skip
    scrap = game.deck("scrap")
    assert scrap is not None
    for card in scrap.cards:
        image = face(game, card.id)
        assert luminance(ground(image)) < dullest - 25, card.id
        assert marked(image, pattern_ink(game, card, "scrap")) > 0.25, card.id


def pieces(
    image: Image.Image, box_mm: tuple[float, float, float, float], ink: int
) -> tuple[int, int]:
    """The dark shapes (luminance below ``ink``) inside ``box_mm`` and the holes in them (light
    areas they enclose): ``(pieces, holes)``."""
    crop = image.convert("L").crop(tuple(mm(v) for v in box_mm))
    dark = [[crop.getpixel((x, y)) < ink for x in range(crop.width)] for y in range(crop.height)]
    seen: set[tuple[int, int]] = set()
    counts = [0, 0]
    for start in itertools.product(range(crop.height), range(crop.width)):
        if start in seen:
            continue
        kind = dark[start[0]][start[1]]
        stack, edge = [start], False
        seen.add(start)
        while stack:
            y, x = stack.pop()
            edge |= y in (0, crop.height - 1) or x in (0, crop.width - 1)
            for n in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                inside = 0 <= n[0] < crop.height and 0 <= n[1] < crop.width
                if inside and n not in seen and dark[n[0]][n[1]] == kind:
                    seen.add(n)
                    stack.append(n)
        if kind:
            counts[0] += 1
        elif not edge:
            counts[1] += 1
    return counts[0], counts[1]


def test_the_engine_is_one_solid_silhouette(game: Game) -> None:
    """The engine reads at arm's length as one solid block (the dashboard's engine: block,
    filler cap, pulley, exhaust), in its badge and drawn large: one dark shape, no holes, no
    loose bits (a flywheel of thin spokes over a cylinder block read as a factory)."""
    image = face(game, "new-01")  # a green engine: ink on a light ground
    assert pieces(image, (4.2, 13.2, 15.8, 24.8), 110) == (1, 0)  # the silver badge
    assert pieces(image, (17, 24.5, 45, 46), 170) == (1, 0)  # drawn large


def test_car_ends_have_the_axle_tiles_wheel(game: Game) -> None:
    """Laid next to a two-row car, each end's wheel is as large and as high as the wheels of
    the axle tiles, so the ends look like the front and back of the same car."""
    ink = (0x4A, 0x50, 0x55)  # the axle's grey

    def wheel(image: Image.Image) -> tuple[float, float]:
        """Top and bottom (mm) of the wheel in the column where it rises highest: the first
        and last 4 x 4 pixel square of the axle's grey (the rim is 3 mm thick; an anti-aliased
        edge of another line is a pixel wide)."""
        grey = [
            [distance(image.getpixel((x, y)), ink) < 14 for y in range(image.height)]
            for x in range(image.width)
        ]
        spans = []
        for x in range(mm(17), mm(57)):  # right of the badges
            square = [
                y
                for y in range(mm(12), image.height - 3)
                if all(grey[x + i][y + j] for i in range(4) for j in range(4))
            ]
            if square:
                spans.append((square[0], square[-1] + 3))
        assert spans, "no wheel"
        top, bottom = min(spans)
        return top * PIXEL, bottom * PIXEL

    axle = wheel(face(game, "new-26"))
    ends = game.deck("ends")
    assert ends is not None
    for card in ends.cards:
        assert wheel(face(game, card.id, back=True)) == pytest.approx(axle, abs=0.5), card.id


def test_car_ends_join_the_bottom_row(game: Game) -> None:
    """The edge by which an end joins the car shows the bottom row's beam and road."""
    part = face(game, "new-26")
    heights = (2.5, 5.5, 52, 55.4, 58.5)
    ends = game.deck("ends")
    assert ends is not None
    for card in ends.cards:
        image = face(game, card.id, back=True)
        x = 0.3 if card.fields["end"] == "front" else 59.7
        for y in heights:
            assert at(image, x, y) == pytest.approx(at(part, 0.3, y), abs=6), (card.id, y)


def test_investor_symbols_keep_off_the_portrait(game: Game) -> None:
    """The portrait (what every investor card shares inside its frame) keeps 1 mm clear of
    every card's own drawing: inside that box every investor looks the same."""
    deck = game.deck("investors")
    assert deck is not None
    images = [face(game, card.id) for card in deck.cards]
    inner = (mm(5), mm(5), mm(55), mm(55))  # inside the frame, its corners too
    crops = [image.crop(inner) for image in images]
    background = crops[0].getpixel((mm(1), mm(25)))
    width, height = crops[0].size
    shared = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if distance(crops[0].getpixel((x, y)), background) > 40
        and all(distance(c.getpixel((x, y)), crops[0].getpixel((x, y))) < 8 for c in crops)
    ]
    assert shared, "no portrait"
    xs, ys = [x for x, _ in shared], [y for _, y in shared]
    margin = mm(1)
    box = (min(xs) - margin, min(ys) - margin, max(xs) + margin + 1, max(ys) + margin + 1)
    portrait = crops[0].crop(box)
    for card, crop in zip(deck.cards, crops, strict=True):
        difference = ImageChops.difference(portrait, crop.crop(box)).convert("L")
        assert difference.getextrema()[1] < 40, card.id


def grey(image: Image.Image) -> Image.Image:
    """``image`` as a greyscale print shows it (kept RGB, for the colour measures above)."""
    return image.convert("L").convert("RGB")


def grey_of(colour: tuple[int, int, int] | None) -> tuple[int, int, int] | None:
    if colour is None:
        return None
    level = round(luminance(colour))
    return level, level, level


def test_the_stacks_differ_in_greyscale(painted: Game) -> None:
    """New, old and scrap fronts stay apart without colour, by shapes the others lack: an old
    part's patch, rust and scratches, a scrap part's torn hole and cracks, on a darker ground;
    a new part keeps its spare corners clean."""
    for new, old in counterparts(painted):
        clean, worn = grey(face(painted, new.id)), grey(face(painted, old.id))
        assert marked(clean, grey_of(pattern_ink(painted, new, "new"))) < 0.01, new.id
        assert marked(worn, grey_of(pattern_ink(painted, old, "old"))) > 0.1, old.id
    scrap = painted.deck("scrap")
    assert scrap is not None
    for card in scrap.cards:
        assert marked(grey(face(painted, card.id))) > 0.25, card.id


TEXTURE_BOX = (2, 38, 17, 47)
"""A corner of a part's ground no badge, symbol or large drawing covers on a new part (mm)."""


def texture(image: Image.Image) -> tuple[float, np.ndarray, float]:
    """The ground in :data:`TEXTURE_BOX` as greyscale shows it: its mean grey level, the share
    of its edges' contrast running in each of four directions (level, rising, upright,
    falling) and how much edge it has per pixel."""
    left, top, right, bottom = (mm(v) for v in TEXTURE_BOX)
    band = np.asarray(image.convert("L"), dtype=float)[top:bottom, left:right]
    across = (band[1:-1, 2:] - band[1:-1, :-2]) / 2
    down = (band[2:, 1:-1] - band[:-2, 1:-1]) / 2
    strength = np.hypot(across, down)
    bins = np.round(np.degrees(np.arctan2(down, across)) % 180 / 45).astype(int) % 4
    energy = np.bincount(bins.ravel(), weights=strength.ravel(), minlength=4)
    shares = energy / energy.sum() if energy.sum() > 0 else np.zeros(4)
    return float(band.mean()), shares, float(strength.mean())


@pytest.mark.parametrize("row", ["top", "bottom"])
def test_engine_types_differ_in_greyscale_all_over_the_ground(painted: Game, row: str) -> None:
    """The largest area scores by colour, so the whole ground tells the engine types apart in
    greyscale, not only the badge: electric stripes slant, petrol dots have no direction, steam
    lines lie level, grey is plain. Every two differ clearly in tone, in the way their edges
    run or in how much edge they have."""
    first: dict[str, Card] = {}
    new = painted.deck("new")
    assert new is not None
    for card in new.cards:
        if card.fields["row"] == row:
            first.setdefault(card.fields["colour"], card)
    assert len(first) == 4
    measured = {colour: texture(face(painted, card.id)) for colour, card in first.items()}
    alike = []
    for (a, (tone_a, run_a, edge_a)), (b, (tone_b, run_b, edge_b)) in itertools.combinations(
        measured.items(), 2
    ):
        directions = float(np.abs(run_a - run_b).sum())
        edges = max(edge_a, edge_b, 0.05) / max(min(edge_a, edge_b), 0.05)
        if abs(tone_a - tone_b) < 12 and directions < 0.4 and edges < 1.5:
            alike.append(f"{a} / {b}: tone {abs(tone_a - tone_b):.0f}, directions "
                         f"{directions:.2f}, edges x{edges:.2f}")  # fmt: skip
    assert not alike, "engine types alike in greyscale:\n" + "\n".join(alike)


def test_unreliability_nuts_count_apart_from_rust(game: Game) -> None:
    """Each unreliability nut is one dark shape on a white tag down the part's right edge, all
    in black, white and grey (no pixel of the tag has the hue of rust or of the part's paint),
    so counting them (a point each at the end) never counts a rust stain beside them."""
    for deck in ("old", "scrap"):
        cards = game.deck(deck)
        assert cards is not None
        for card in cards.cards:
            count = card.fields["unreliability"]
            if count == 0:
                continue
            box = (46.6, 14.6, 55.4, 19 + (count - 1) * 10.5 + 4.4)
            image = face(game, card.id)
            assert pieces(image, box, 140)[0] == count, card.id
            tag = np.asarray(image.crop(tuple(mm(v) for v in box)), dtype=int)
            assert (tag.max(axis=2) - tag.min(axis=2)).max() <= 24, card.id


def test_player_aids_are_read_across_the_table_and_nothing_is_tiny(game: Game) -> None:
    """The player aids (the car ends' other side) print no text under 8 pt in any language,
    and no face of the game prints any under 6 pt."""
    for lang, locale in game.locales.items():
        renderer = CardRenderer(game, locale)
        for deck in game.decks:
            for card in deck.cards:
                front = renderer.front(deck, card)
                assert front is not None
                sizes = font_sizes(front) + font_sizes(renderer.back(deck, card) or "")
                assert min(sizes, default=SMALLEST) >= SMALLEST, (lang, card.id)
                if deck.id == "ends":
                    aid = font_sizes(front)
                    assert aid and min(aid) >= ACROSS_THE_TABLE, (lang, card.id)
