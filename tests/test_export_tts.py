"""``pnp export tts``: the sheets stay within TTS's 10 x 7 cards and 4096 px, the saved object
parses and names every card in the export's language, each card's ``CardID`` points at the slot
of its sheet that shows that very card (read from the pixels), and the bytes are the same twice.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from generator.cli import main
from generator.export.targets import TARGETS_DIR, load
from generator.export.tts import Table, file_url, grids
from generator.games.base import GameEngine
from generator.games.registry import find_engine
from generator.model import Card, Deck, Game
from generator.pipeline.build import check
from generator.render import draw
from generator.render.faces import FaceSet, render_faces
from tests.conftest import DataCopy, shipped_game

TTS = load(TARGETS_DIR / "tts.yaml")
TABLE = Table.of(TTS)
EXPORTS = (("game_of_trains", "en"), ("gears", "en"), ("gears", "ru"))
FACES: dict[tuple[str, str, str], FaceSet] = {}
"""Each deck's faces as the build renders them, by game, language and deck."""


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """game_of_trains in English and gears in English and Russian, exported once."""
    out = tmp_path_factory.mktemp("tts")
    for game, lang in EXPORTS:
        assert main(["export", "tts", game, "--lang", lang, "--out", str(out)]) == 0
    return out / "tts"


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {game: shipped_game(game) for game in ("game_of_trains", "gears")}


def saved(exported: Path, game: str, lang: str) -> dict[str, Any]:
    return json.loads((exported / game / lang / f"{game}.json").read_text(encoding="utf-8"))


def cards_of(thing: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards of a saved deck, or the card itself."""
    return thing.get("ContainedObjects", [thing])


def sheets_of(thing: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {int(key): sheet for key, sheet in thing["CustomDeck"].items()}


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path("/" + url.removeprefix("file:///"))


def card_names(game: Game, lang: str) -> Iterator[tuple[Deck, Card, str]]:
    engine = find_engine(game.id)
    assert engine is not None
    for deck in game.decks:
        for card in deck.cards:
            yield deck, card, engine.card_name(game, deck, card, game.locales[lang])


def product_pixels(deck: Deck) -> tuple[int, int]:
    product = TTS.product_for(deck.size)
    assert product is not None and product.pixels is not None
    return product.pixels


# The table of the target


def test_every_product_fills_a_full_sheet_within_the_limits() -> None:
    assert (TABLE.columns, TABLE.rows, TABLE.max_pixels) == (10, 7, 4096)
    for product in TTS.products:
        assert product.pixels is not None
        width, height = product.pixels
        assert width * TABLE.columns <= TABLE.max_pixels, product.id
        assert height * TABLE.rows <= TABLE.max_pixels, product.id
        trim = product.trim[0] / product.trim[1]
        assert abs(width / height / trim - 1) < 0.002, product.id


@pytest.mark.parametrize(
    ("count", "cell", "expected"),
    [
        (1, (409, 571), [(2, 1)]),  # the card and the hidden slot
        (9, (409, 571), [(10, 1)]),
        (10, (409, 571), [(10, 2)]),
        (69, (409, 571), [(10, 7)]),
        (70, (409, 571), [(10, 7), (2, 1)]),
        (84, (409, 571), [(10, 7), (10, 2)]),
        (40, (1000, 700), [(4, 5), (4, 5), (3, 1)]),  # 4096 px hold 4 x 5 slots: 19 cards
    ],
)
def test_sheets_keep_the_last_slot_for_the_hidden_card(
    count: int, cell: tuple[int, int], expected: list[tuple[int, int]]
) -> None:
    found = grids(count, cell, TABLE)
    assert [(grid.columns, grid.rows) for grid in found] == expected
    assert sum(grid.hidden for grid in found) >= count
    for grid in found:
        assert grid.columns * cell[0] <= 4096 and grid.rows * cell[1] <= 4096


# The files


@pytest.mark.parametrize(("game", "lang"), EXPORTS)
def test_sheets_are_within_10_by_7_cards_and_4096_px(
    exported: Path, games: dict[str, Game], game: str, lang: str
) -> None:
    decks = {deck.id: deck for deck in games[game].decks}
    named = {obj["Nickname"]: obj for obj in saved(exported, game, lang)["ObjectStates"]}
    assert len(named) == len(decks)
    checked = 0
    for thing in named.values():
        deck = decks[thing_deck(thing, games[game], lang)]
        width, height = product_pixels(deck)
        for sheet in sheets_of(thing).values():
            assert 1 <= sheet["NumWidth"] <= 10 and 1 <= sheet["NumHeight"] <= 7
            assert sheet["UniqueBack"] is deck.two_sided and sheet["BackIsHidden"] is True
            files = [sheet["FaceURL"], sheet["BackURL"]]
            for url in files if deck.two_sided else files[:1]:
                with Image.open(local(url)) as image:
                    assert image.mode == "RGB"
                    assert image.size == (sheet["NumWidth"] * width, sheet["NumHeight"] * height)
                    assert max(image.size) <= 4096
                    checked += 1
            if not deck.two_sided:
                with Image.open(local(sheet["BackURL"])) as back:
                    assert back.size == (width, height)
    assert checked >= len(decks)


def thing_deck(thing: dict[str, Any], game: Game, lang: str) -> str:
    """The deck a saved deck (or a card alone) holds, found by its first card's name."""
    first = cards_of(thing)[0]["Nickname"]
    return next(deck.id for deck, _, name in card_names(game, lang) if name == first)


def test_game_of_trains_wagons_take_two_sheets(exported: Path, games: dict[str, Game]) -> None:
    wagons = next(
        obj
        for obj in saved(exported, "game_of_trains", "en")["ObjectStates"]
        if obj["Nickname"] == "Wagons"
    )
    sheets = sheets_of(wagons)
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(10, 7), (10, 2)]
    assert len(wagons["ContainedObjects"]) == 84
    files = sorted(path.name for path in (exported / "game_of_trains" / "en").iterdir())
    assert files == [
        "game_of_trains.json",
        "game_of_trains.png",
        "locomotives-1.png",
        "locomotives-back.png",
        "manifest.json",
        "wagons-1.png",
        "wagons-2.png",
        "wagons-back.png",
    ]
    deck = games["game_of_trains"].decks[0]
    with Image.open(exported / "game_of_trains" / "en" / "game_of_trains.png") as picture:
        assert picture.size == (256, 256)
        back = printed(games["game_of_trains"], "en", deck, "back", product_pixels(deck))
        back.thumbnail((256, 256))
        left = (256 - back.width) // 2
        shown = picture.convert("RGB").crop((left, 0, left + back.width, 256))
        assert difference(shown, back) < 3.5  # the game's back, with its title


def test_the_locomotives_lie_on_the_table_with_their_own_back(
    exported: Path, games: dict[str, Game]
) -> None:
    """Issue 31: a locomotive is never shuffled into the deck unseen, on a virtual table too:
    its deck's back image is the locomotives' back, not the wagons'."""
    game = games["game_of_trains"]
    wagons, locomotives = game.decks
    cell = product_pixels(locomotives)
    with Image.open(exported / "game_of_trains" / "en" / "locomotives-back.png") as image:
        shown = image.convert("RGB")
    own = difference(shown, printed(game, "en", locomotives, "back", cell))
    theirs = difference(shown, printed(game, "en", wagons, "back", cell))
    assert own < 3.5 and theirs > 10 * own, (own, theirs)


@pytest.mark.parametrize(("game", "lang"), EXPORTS)
def test_every_card_is_named_once_in_the_language(
    exported: Path, games: dict[str, Game], game: str, lang: str
) -> None:
    objects = saved(exported, game, lang)["ObjectStates"]
    nicknames = Counter(card["Nickname"] for obj in objects for card in cards_of(obj))
    expected = Counter(name for _, _, name in card_names(games[game], lang))
    assert nicknames == expected
    ids = {card.id for deck in games[game].decks for card in deck.cards}
    assert not ids & set(nicknames), "a card is named by its id"


@pytest.mark.parametrize(
    ("game", "lang", "names"),
    [
        ("game_of_trains", "en", {"12 · Two places right", "1 · Swap neighbours", "Locomotive 4"}),
        ("gears", "en", {"Highest odd", "Red A", "Purple 4", "Clockmaker", "First player"}),
        ("gears", "ru", {"Старший нечётный", "Красная A", "Часовщик", "Первый игрок"}),
    ],
)
def test_cards_are_named_from_the_locale(
    exported: Path, game: str, lang: str, names: set[str]
) -> None:
    document = saved(exported, game, lang)
    nicknames = {card["Nickname"] for obj in document["ObjectStates"] for card in cards_of(obj)}
    assert names <= nicknames
    title = {
        "en": {"game_of_trains": "Game of Trains", "gears": "Gears"},
        "ru": {"gears": "Шестерёнки"},
    }
    assert document["SaveName"] == title[lang][game]


def test_decks_are_named_and_laid_out_in_a_row(exported: Path) -> None:
    objects = saved(exported, "gears", "ru")["ObjectStates"]
    assert [obj["Nickname"] for obj in objects] == [
        "Шестерёнки",
        "Карты раундов",
        "Карты кода",
        "Персонажи",
        "Первый игрок",  # the token, a card alone
        "Памятки",
    ]
    assert [obj["Name"] for obj in objects] == ["DeckCustom"] * 4 + ["Card", "DeckCustom"]
    xs = [obj["Transform"]["posX"] for obj in objects]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert [obj["Transform"]["rotZ"] for obj in objects] == [180.0] * 4 + [0.0, 180.0]
    assert objects[4]["CustomDeck"]["5"]["Type"] == 0  # a rounded square, cut like the rounds
    guids = [o["GUID"] for obj in objects for o in [obj, *obj.get("ContainedObjects", [])]]
    assert len(set(guids)) == len(guids)
    assert all(len(guid) == 6 and int(guid, 16) >= 0 for guid in guids)


@pytest.mark.parametrize(("game", "lang"), EXPORTS)
def test_card_ids_point_into_their_sheets_never_at_the_hidden_slot(
    exported: Path, game: str, lang: str
) -> None:
    seen: set[int] = set()
    for thing in saved(exported, game, lang)["ObjectStates"]:
        sheets = sheets_of(thing)
        cards = cards_of(thing)
        if thing["Name"] == "DeckCustom":
            assert thing["DeckIDs"] == [card["CardID"] for card in cards]
        for card in cards:
            key, slot = divmod(card["CardID"], 100)
            sheet = sheets[key]
            assert slot < sheet["NumWidth"] * sheet["NumHeight"] - 1
            assert card["CustomDeck"] == {str(key): sheet}
            assert card["CardID"] not in seen
            seen.add(card["CardID"])
    assert seen


def slot_image(sheet: dict[str, Any], url: str, slot: int, cell: tuple[int, int]) -> Image.Image:
    row, column = divmod(slot, sheet["NumWidth"])
    with Image.open(local(url)) as image:
        box = (column * cell[0], row * cell[1], (column + 1) * cell[0], (row + 1) * cell[1])
        return image.crop(box).convert("RGB")


def printed(game: Game, lang: str, deck: Deck, face: str, cell: tuple[int, int]) -> Image.Image:
    """The face as the build draws it (300 dpi, with its bleed), cut at the trim and scaled
    to ``cell``: what the slot should show."""
    if (game.id, lang, deck.id) not in FACES:
        faces, problems = render_faces(game, lang, (deck.id,))
        assert not problems
        FACES[(game.id, lang, deck.id)] = faces
    faces = FACES[(game.id, lang, deck.id)]
    svg = faces.svgs[faces.named[(deck.id, face)]]
    with Image.open(io.BytesIO(draw.png(svg, game.templates))) as drawn:
        full = drawn.convert("RGBA")
    white = Image.new("RGBA", full.size, "white")
    full = Image.alpha_composite(white, full).convert("RGB")
    size = deck.size
    px = full.width / size.full_width
    box = (
        size.bleed * px,
        size.bleed * px,
        (size.bleed + size.width) * px,
        (size.bleed + size.height) * px,
    )
    return full.resize(cell, Image.Resampling.LANCZOS, box=box)


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two images, 0 (the same) to 255, both blurred a little first:
    a face drawn at its size and one scaled down from 300 dpi differ in their edges' shading
    only (wagon 12 in its slot: 2.5 against its own drawing, 4.8 against wagon 20, the same
    ability in the same colour, 24 against wagon 13)."""
    blurred = [image.filter(ImageFilter.GaussianBlur(2)) for image in (a, b)]
    return sum(ImageStat.Stat(ImageChops.difference(*blurred)).mean) / 3


ROUNDS_BESIDE = ("round-highest-even-full-turn", "round-lowest-odd-grey-rust")
"""The round cards either side of round-highest-odd-self-tune in the gears deck."""


@pytest.mark.parametrize(
    ("game", "lang", "card_id", "others", "side"),
    [
        ("game_of_trains", "en", "wagon-12", ("wagon-04", "wagon-20", "wagon-13"), "face"),
        ("game_of_trains", "en", "wagon-80", ("wagon-72", "wagon-79", "wagon-81"), "face"),
        ("gears", "ru", "round-highest-odd-self-tune", ROUNDS_BESIDE, "face"),
        ("gears", "ru", "round-highest-odd-self-tune", ROUNDS_BESIDE, "back"),
        (
            "gears",
            "en",
            "character-mechanic",
            ("character-engineer", "character-clockmaker"),
            "back",
        ),
    ],
)
def test_each_slot_shows_its_card(
    exported: Path,
    games: dict[str, Game],
    game: str,
    lang: str,
    card_id: str,
    others: tuple[str, ...],
    side: str,
) -> None:
    """The slot a card's ``CardID`` names, on the sheet of its face or back, shows that card
    (wagon 80 lies on the second sheet), closer to it than to the cards most like it."""
    found = {card.id: (deck, name) for deck, card, name in card_names(games[game], lang)}
    deck, name = found[card_id]
    cell = product_pixels(deck)
    objects = saved(exported, game, lang)["ObjectStates"]
    card = next(c for t in objects for c in cards_of(t) if c["Nickname"] == name)
    thing = next(t for t in objects if card in cards_of(t))
    key, slot = divmod(card["CardID"], 100)
    sheet = sheets_of(thing)[key]
    shown = slot_image(sheet, sheet["FaceURL" if side == "face" else "BackURL"], slot, cell)
    suffix = "" if side == "face" else "-back"
    right = difference(shown, printed(games[game], lang, deck, card_id + suffix, cell))
    wrong = min(
        difference(shown, printed(games[game], lang, deck, other + suffix, cell))
        for other in others
    )
    assert right < 3.5, f"{card_id} drawn {right:.1f} off in its slot"
    assert wrong > 1.5 * right


def test_the_hidden_slot_shows_the_back(exported: Path, games: dict[str, Game]) -> None:
    wagons = games["game_of_trains"].decks[0]
    cell = product_pixels(wagons)
    thing = saved(exported, "game_of_trains", "en")["ObjectStates"][0]
    for sheet in sheets_of(thing).values():
        hidden = sheet["NumWidth"] * sheet["NumHeight"] - 1
        shown = slot_image(sheet, sheet["FaceURL"], hidden, cell)
        assert difference(shown, printed(games["game_of_trains"], "en", wagons, "back", cell)) < 3.5


def test_file_urls_are_the_exported_files(exported: Path) -> None:
    text = (exported / "gears" / "en" / "gears.json").read_text(encoding="utf-8")
    urls = {
        sheet[key]
        for thing in json.loads(text)["ObjectStates"]
        for sheet in sheets_of(thing).values()
        for key in ("FaceURL", "BackURL")
    }
    folder = (exported / "gears" / "en").absolute()
    pictures = set(folder.glob("*.png")) - {folder / "gears.png"}  # the thumbnail
    assert urls == {file_url(path) for path in pictures}
    assert all(url.startswith("file:///") and local(url).is_file() for url in urls)


def test_the_same_export_twice_gives_the_same_bytes(exported: Path, pnp) -> None:
    """The module's export of gears in English, made again into the same folder: the same
    files, byte for byte. (Into another folder only the saved object's file URLs differ, and
    with them its size in the manifest.)"""
    folder = exported / "gears" / "en"

    def files() -> dict[str, bytes]:
        found = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
        found["gears.json"] = found["gears.json"].replace(str(folder.absolute()).encode(), b"@")
        return found

    first = files()
    result = pnp("export", "tts", "gears", "--lang", "en", "--out", exported.parent)
    assert result.code == 0, result.err
    assert files() == first
    assert len(first) == 15 and b'"FaceURL": "file://@/gears-1.png"' in first["gears.json"]


# Names


def test_a_card_without_a_name_of_its_own_is_its_deck_and_place(tiny: DataCopy) -> None:
    for lang, name in (("en", "Numbers"), ("uk", "Числа")):
        tiny.edit(f"tiny/locales/{lang}.yaml", "title: ", f"decks:\n  numbers: {name}\ntitle: ")
    game = check(tiny.root, ("tiny",), ())[0]
    engine = find_engine("tiny")
    assert engine is not None and type(engine).card_name is GameEngine.card_name
    numbers, colours = game.decks
    assert engine.card_name(game, numbers, numbers.cards[2], game.locales["en"]) == "Numbers 3"
    assert engine.card_name(game, numbers, numbers.cards[0], game.locales["uk"]) == "Числа 1"
    assert engine.card_name(game, colours, colours.cards[1], game.locales["uk"]) == "colours 2"


def test_names_from_a_locale_are_plain_text_in_the_json(
    tiny: DataCopy, pnp, tmp_path: Path
) -> None:
    hostile = r'"Bad \"name\" \\ [b]x[/b] \n {0}"'  # YAML: quotes, a backslash, a new line
    for lang in ("en", "uk"):
        tiny.edit(f"tiny/locales/{lang}.yaml", "title: ", f"decks:\n  numbers: {hostile}\ntitle: ")
    result = pnp("export", "tts", "--data", tiny.root, "--lang", "en", "--out", tmp_path)
    assert result.code == 0, result.err
    document = json.loads((tmp_path / "tts" / "tiny" / "en" / "tiny.json").read_text("utf-8"))
    numbers = document["ObjectStates"][0]
    expected = 'Bad "name" \\ [b]x[/b] \n {0}'
    assert numbers["Nickname"] == expected
    assert [card["Nickname"] for card in numbers["ContainedObjects"]] == [
        f"{expected} {n}" for n in range(1, 6)
    ]


def test_a_game_with_no_card_to_lay_out_gets_no_saved_object(
    tiny: DataCopy, pnp, tmp_path: Path
) -> None:
    """An empty deck is not laid out; a deck of a shape TTS has no product for is left out,
    named; with neither left, there is nothing to spawn and no saved object."""
    (tiny.root / "tiny" / "decks" / "numbers.yaml").write_text("numbers: []\n", encoding="utf-8")
    tiny.edit("tiny/game.yaml", "size: square", "size: {width: 100, height: 100}")
    result = pnp("export", "tts", "--data", tiny.root, "--lang", "en", "--out", tmp_path)
    assert result.code == 0, result.err
    line = tiny.line_of("tiny/game.yaml", "  colours:")
    assert result.err == (
        f"note: tiny/game.yaml:{line}: decks.colours.size: no Tabletop Simulator product prints "
        "a 100 x 100 mm card; the nearest is Tarot card, 70 x 120 mm: not exported\n"
    )
    assert [p.name for p in (tmp_path / "tts" / "tiny" / "en").iterdir()] == ["manifest.json"]
