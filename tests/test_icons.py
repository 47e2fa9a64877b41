"""Icons inside text (``{icon:NAME}``): drawn at their place in the line in every language,
measured by the fitter, refused when the game lacks them or their file is a stranger's trick."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import polib
import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.registry import find_engine
from generator.load.placeholders import formatted_problem, icons, without_icons
from generator.model import Game
from generator.pipeline.front import checked_game
from generator.render import draw
from generator.render.fittedtext import fit_text
from generator.render.fonts import find_font, text_width
from generator.render.inline import MARK, icon_width, marked, width
from generator.render.templates import CardRenderer
from tests.conftest import DataCopy, Result
from tests.pdf import needs_pdftoppm, needs_pdftotext, rendered_pages, words

Pnp = Callable[..., Result]
FACE = find_font("Roboto Condensed", "bold")
BRONZE = (0xB2, 0x78, 0x40)
"""Gear & Piston's bronze (its standard palette), the disc of every bronze symbol."""
STAR = (
    '{#- A square. -#}\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="10" height="10"/></svg>\n'
)


def test_an_icon_is_the_one_form_after_a_name() -> None:
    text = "Gain 2 {icon:coin}, then {count:>3} {icon:coin}"
    assert icons(text) == ["coin", "coin"]
    assert formatted_problem("Gain {icon:coin}", ("icon",)) is None
    assert formatted_problem(text, ("count",)) is not None
    assert without_icons("Most {icon:comfort} comfort symbols") == "Most comfort symbols"
    assert without_icons("{icon:coin} 3, {icon:coin}") == "3,"


def test_the_fitter_measures_an_icon_as_its_box() -> None:
    """A line with an icon is as wide as the runs around it and the icon's advance; a box
    that holds the words but not the icon too wraps at the icon's word, or shrinks."""
    assert FACE is not None
    text, order = marked("Most {icon:wide} comfort", {"wide": 2.0})
    advance = icon_width(2.0)
    assert order == ("wide",) and text == f"Most {chr(MARK)} comfort"
    words_only = text_width("Most  comfort", FACE, 5)
    line = width(text, FACE, 5, (advance,))
    expected = text_width("Most ", FACE, 5) + advance * 5 + text_width(" comfort", FACE, 5)
    assert line == pytest.approx(expected)
    assert line == pytest.approx(words_only + advance * 5)
    box = (words_only + line) / 2  # the words fit, not with the icon
    fitted, _ = fit_text(text, FACE, box, 20, 5, 5, 1.15, None, (advance,))
    assert fitted is not None and fitted.lines == (f"Most {chr(MARK)}", "comfort")
    shrunk, _ = fit_text(text, FACE, box, 5.8, 5, 2, 1.15, None, (advance,))
    assert shrunk is not None and len(shrunk.lines) == 1 and shrunk.size < 5
    assert width(shrunk.lines[0], FACE, shrunk.size, (advance,)) <= box


@pytest.fixture(scope="module")
def gear_and_piston() -> Game:
    engine = find_engine("gear_and_piston")
    assert engine is not None
    return checked_game(DEFAULT_DATA_DIR, engine)


@needs_pdftotext
@needs_pdftoppm
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "de"])
def test_a_bronze_symbol_prints_in_its_line_between_the_words(
    gear_and_piston: Game, lang: str, tmp_path: Path
) -> None:
    """The investor counting comfort draws its symbol inside its text, on a line of it, right
    after the word before it, touching no word: read back from the PDF of the drawn face."""
    game = gear_and_piston
    deck = next(deck for deck in game.decks if deck.id == "investors")
    card = next(card for card in deck.cards if card.id == "investor-most-comfort")
    svg = CardRenderer(game, game.locales[lang]).front(deck, card)
    assert svg is not None
    path = tmp_path / "face.pdf"
    size = deck.size
    path.write_bytes(draw.pdf(svg, size.full_width, size.full_height, game.templates))
    (image,) = rendered_pages(path, 1, 1, tmp_path, dpi=300)
    text_top = (size.bleed + 42) / 25.4 * 300  # the investor's text box starts 42 mm down
    bronze = [
        (x, y)
        for y in range(round(text_top), image.height)
        for x in range(image.width)
        if max(abs(a - b) for a, b in zip(image.getpixel((x, y)), BRONZE, strict=True)) < 8
    ]
    assert bronze, "no bronze symbol drawn in the text"
    mm = 25.4 / 300
    left, right = min(x for x, _ in bronze) * mm, max(x for x, _ in bronze) * mm
    middle = (min(y for _, y in bronze) + max(y for _, y in bronze)) / 2 * mm
    found = words(path, 1)
    line = [w for w in found if w[2] < middle < w[4]]
    assert line, "not on a line of the text"
    assert all(w[3] < left or w[1] > right for w in line), "the symbol overlaps a word"
    before = max((w for w in line if w[3] < left), key=lambda w: w[3])
    assert left - before[3] < 0.5 * (before[4] - before[2]), "not where its mark stands"


def icons_folder(tiny: DataCopy) -> Path:
    folder = tiny.root.parent / "templates/tiny/icons"
    folder.mkdir(exist_ok=True)
    return folder


@needs_pdftotext
def test_an_icon_prints_at_its_place_in_every_language(
    tiny: DataCopy, pnp: Pnp, tmp_path: Path
) -> None:
    (icons_folder(tiny) / "star.svg.j2").write_text(STAR)
    tiny.edit("tiny/locales/en.yaml", "number: Number", "number: Play {icon:star} now")
    tiny.edit("tiny/locales/uk.yaml", "number: ", "number: Грай {icon:star} ")
    result = pnp("build", "tiny", "--data", tiny.root, "--out", tmp_path / "out")
    assert result.code == 0, result.err
    for lang, first in (("en", "Play"), ("uk", "Грай")):
        found = words(tmp_path / f"out/tiny/{lang}/cards-a4.pdf", 1)
        assert not [w for w in found if "icon" in w[0]]
        before = next(w for w in found if w[0] == first)
        after = next(w for w in found if w[1] > before[3] and abs(w[2] - before[2]) < 0.1)
        gap = after[1] - before[3]
        space = text_width(" ", find_font("Roboto Condensed"), before[4] - before[2])
        assert gap > 2 * space + 0.5 * (before[4] - before[2]), "no room for the icon"


def test_an_icon_the_game_lacks_is_reported_at_its_locale_line(tiny: DataCopy, pnp: Pnp) -> None:
    (icons_folder(tiny) / "star.svg.j2").write_text(STAR)
    (icons_folder(tiny) / "coin.svg.j2").write_text(STAR)
    tiny.edit("tiny/locales/uk.yaml", "number: ", "number: Грай {icon:nope} ")
    line = tiny.line_of("tiny/locales/uk.yaml", "{icon:nope}")
    result = pnp("validate", "tiny", "--data", tiny.root)
    assert result.code == 1
    assert result.err.startswith(
        f"tiny/locales/uk.yaml:{line}: number: {{icon:nope}}: no icon 'nope' in "
        "templates/tiny/icons/ (icons: coin, star)\n"
    )


@pytest.mark.parametrize(
    ("source", "what"),
    [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            '<image href="https://example.com/x.png" width="1" height="1"/></svg>',
            "names a file (https://example.com/x.png): an icon draws itself, and may name no file",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
            '{% for i in range(2000) %}<circle r="1"/>{% endfor %}</svg>',
            "renders more than 20,000 characters of SVG: an icon is copied into every text "
            "that draws it, and may render 20,000",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
            "an icon is one <svg> element with a viewBox of four numbers, its width and height "
            'above 0 (<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">)',
        ),
        ("x" * 300_000, "larger than 256 KB: refused"),
        (None, "links outside templates/ (to {outside}): refused"),
    ],
    ids=["href", "huge-svg", "no-viewbox", "huge-file", "link-out"],
)
def test_a_hostile_icon_file_is_refused(
    tiny: DataCopy, pnp: Pnp, tmp_path: Path, source: str | None, what: str
) -> None:
    icon, outside = icons_folder(tiny) / "star.svg.j2", tmp_path / "outside.svg.j2"
    if source is None:
        outside.write_text(STAR)
        os.symlink(outside, icon)
    else:
        icon.write_text(source)
    tiny.edit("tiny/locales/en.yaml", "number: Number", "number: Play {icon:star} now")
    tiny.edit("tiny/locales/uk.yaml", "number: ", "number: Грай {icon:star} ")
    result = pnp("validate", "tiny", "--data", tiny.root)
    assert result.code == 1
    what = what.format(outside=outside)
    assert result.err.splitlines()[0] == (
        f"templates/tiny/icons/star.svg.j2: icon: {what} (and on 4 more cards)"
    )


def test_a_translation_draws_the_icons_its_english_does(
    data: DataCopy, pnp: Pnp, tmp_path: Path
) -> None:
    """The exported entry is marked brace-format (msgfmt -c accepts it); an import refuses an
    icon the English does not draw, and one it loses, at the entry's PO line."""
    result = pnp(
        "i18n",
        "export",
        "gear_and_piston",
        "--lang",
        "de",
        "--data",
        data.root,
        "--out",
        tmp_path / "po",
    )
    assert result.code == 0, result.err
    po = tmp_path / "po/gear_and_piston/de.po"
    entry = polib.pofile(str(po)).find("investors.most-comfort", by="msgctxt")
    assert entry is not None and "python-brace-format" in entry.flags
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "-c", "-o", os.devnull, po], check=True)
    edited = polib.pofile(str(po))
    for key, text in (
        ("investors.most-comfort", "Die meisten {icon:nope} Komfortsymbole"),
        ("investors.most-power", "Die meisten Leistungssymbole"),
    ):
        edited.find(key, by="msgctxt").msgstr = text
    edited.save(str(po))
    lines = po.read_text("utf-8").splitlines()
    at = {
        key: lines.index(f'msgctxt "{key}"') + 1
        for key in ("investors.most-comfort", "investors.most-power")
    }
    result = pnp("i18n", "import", po, "--data", data.root)
    assert result.code == 1
    assert result.err == (
        f"{po}:{at['investors.most-comfort']}: investors.most-comfort: {{icon:nope}} is not an "
        "icon of this text (the English has {icon:comfort})\n"
        f"{po}:{at['investors.most-power']}: investors.most-power: {{icon:power}} is missing: "
        "the translation must draw every icon ({icon:power})\n"
        "2 problems found; nothing was written.\n"
    )
