"""The shared pipeline on the fixture game Tiny: check -> preflight -> write, exact pages, backs
behind their fronts, papers, PNG faces, output kinds as peers, and untouched earlier output."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator import outputs
from generator.games.base import GameEngine
from generator.model import Game
from generator.outputs import Job, Options, Written
from generator.pipeline.build import build, check
from generator.pipeline.request import BuildRequest
from generator.problems import Problem, clipped
from tests import fixture, pdf
from tests.conftest import Built, DataCopy
from tests.placed import placed

NUMBERS = "tiny/decks/numbers.yaml"
INKS = {"red": (0xC0, 0x39, 0x2B), "blue": (0x1F, 0x5F, 0xA8)}
NIGHT = (0x1D, 0x2B, 0x44)  # the common back of the numbers


@pytest.fixture(scope="module")
def tiny_game() -> Game:
    """The fixture game as the check loads it."""
    with fixture.registered():
        (game,) = check(fixture.DATA, ("tiny",), ())
    return game


def test_decks_share_exactly_a4_sheets_fronts_then_backs(built: Built) -> None:
    data = pdf.read(built("tiny", "en") / "cards-a4.pdf")
    assert pdf.page_count(data) == 2  # 5 numbers in two rows, 2 colours in a band below
    assert pdf.every_page_is_a4(data)
    assert pdf.embedded_fonts(data) == {"RobotoCondensed-Regular", "Roboto-Black"}


def test_each_deck_on_its_own_sheets_on_request(tiny: DataCopy, tmp_path: Path, pnp) -> None:
    result = pnp("build", "--data", tiny.root, "--out", tmp_path, "--sheets", "per-deck")
    assert result.code == 0
    for lang in ("en", "uk"):
        assert f"tiny/{lang}/cards-a4-per-deck.pdf: 4 pages, 7 cards\n" in result.out
    assert "saved" not in result.out
    data = pdf.read(tmp_path / "tiny" / "en" / "cards-a4-per-deck.pdf")
    assert pdf.page_count(data) == 2 * (1 + 1)  # 5 numbers on one sheet, 2 colours on one


def test_every_language_is_printed_in_its_own_words(built: Built) -> None:
    english = pdf.unicode_text(pdf.read(built("tiny", "en") / "cards-a4.pdf"))
    ukrainian = pdf.unicode_text(pdf.read(built("tiny", "uk") / "cards-a4.pdf"))
    assert set("NumberRdBl") <= set(english)  # the text of each font's glyphs, not words
    assert set("ЧислоЧервонийСиній") <= set(ukrainian)
    assert not set("NumberRdBl") & set(ukrainian)
    assert sorted(p.name for p in built("tiny", "uk").iterdir()) == [
        "cards-a4.pdf",
        "rules-summary-a4.pdf",
        "scores-a4.pdf",
    ]
    assert set("Рахунок") <= set(pdf.unicode_text(pdf.read(built("tiny", "uk") / "scores-a4.pdf")))


def test_rounded_corners_get_cut_guides_on_fronts_only(built: Built, tiny_game: Game) -> None:
    fronts, backs = pdf.curves_by_page(pdf.read(built("tiny", "en") / "cards-a4.pdf"))
    assert backs == []  # a guide on the back would show, mirrored, beside the card
    cards = placed(tiny_game)
    assert len(fronts) == 4 * len(cards) == 4 * 7  # a quarter circle at each corner of each card
    for name, where in cards.items():
        assert where.front_page == 0
        trim = where.front
        assert any(
            x1 == pytest.approx(trim.x, abs=0.01)
            and y1 == pytest.approx(trim.y + 3, abs=0.01)
            and x2 == pytest.approx(trim.x + 3, abs=0.01)
            and y2 == pytest.approx(trim.y, abs=0.01)
            for x1, y1, x2, y2 in fronts
        ), name


@pdf.needs_pdftoppm
def test_own_backs_and_common_backs_lie_behind_their_fronts(
    built: Built, tiny_game: Game, tmp_path: Path
) -> None:
    pages = pdf.rendered_pages(built("tiny", "en") / "cards-a4.pdf", 1, 2, tmp_path)
    cards = placed(tiny_game)
    for value in range(1, 6):
        where = cards[("numbers", f"number-{value}")]
        front, back = pages[where.front_page], pages[where.back_page]
        assert where.back_page == where.front_page + 1
        behind = where.back
        assert pdf.colour_at(back, behind.x + 1.5, behind.y + 1.5) == pytest.approx(NIGHT, abs=8)
        trim = where.front
        assert pdf.colour_at(front, trim.x + 1.5, trim.y + 1.5) != pytest.approx(NIGHT, abs=8)
    for name, ink in INKS.items():
        where = cards[("colours", f"colour-{name}")]
        front, back = pages[where.front_page], pages[where.back_page]
        trim, behind = where.front, where.back
        assert pdf.colour_at(front, trim.x + 1.5, trim.y + 1.5) == pytest.approx(ink, abs=8)
        # turned over its long edge, the back page puts each card's own back behind it
        assert behind.x == pytest.approx(210 - trim.x - trim.width)
        assert pdf.colour_at(back, behind.x + 1.5, behind.y + 1.5) == pytest.approx(ink, abs=8)


def test_every_paper_asked_for_in_files_of_its_own(tiny: DataCopy, tmp_path: Path, pnp) -> None:
    """Each language on each paper in the order asked, each file named after its paper (a
    repeated --paper once printed the last paper only, and the summaries had one name)."""
    papers = ("--paper", "letter", "--paper", "a4", "--paper", "letter")
    result = pnp("build", "--data", tiny.root, "--out", tmp_path, *papers)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    documents = [line.split(":")[0] for line in lines if line.startswith(f"{tmp_path}/")]
    assert [Path(path).relative_to(tmp_path).as_posix() for path in documents] == [
        f"tiny/{lang}/{kind}-{paper}.pdf"
        for lang in ("en", "uk")
        for paper in ("letter", "a4")
        for kind in ("cards", "scores", "rules-summary")
    ]
    sizes = {"letter": (0.0, 0.0, 612.0, 792.0), "a4": (0.0, 0.0, 595.28, 841.89)}
    for name in ("cards", "scores", "rules-summary"):
        for paper, size in sizes.items():
            data = (tmp_path / "tiny" / "uk" / f"{name}-{paper}.pdf").read_bytes()
            for box in pdf.page_boxes(data):
                assert box == pytest.approx(size, abs=0.01), name


def test_the_progress_shows_no_total_until_it_knows_it_and_then_keeps_it(
    tiny: DataCopy, tmp_path: Path
) -> None:
    """Counted as the build found work, the bar's total once grew (0/?, 1/21, 21/35, 34/36):
    now none while the game is checked, then one, the number of steps, to the end (on an
    empty cache, where the card sheets wait for their faces to be drawn)."""
    seen: list[int | None] = []
    request = BuildRequest(tiny.root, tmp_path / "out", ("tiny",), cache=tmp_path / "cache")
    build(request, progress=lambda label, done, total: seen.append(total))
    known = [total is not None for total in seen]
    assert known == sorted(known) and 3 < known.index(True) < len(seen) / 2
    assert set(seen[known.index(True) :]) == {len(seen)}


def test_png_faces_at_300_dpi_with_bleed(tiny: DataCopy, tmp_path: Path, pnp) -> None:
    result = pnp("build", "--data", tiny.root, "--out", tmp_path, "--lang", "en", "--png")
    assert "cards-a4.pdf: 2 pages, 7 cards (2 pages saved by sharing sheets)\n" in result.out
    assert "\n10 PNG files at 300 dpi\nwrote 13 files: 4 pages, 7 cards in " in result.out
    assert " s; sharing sheets saved 2 pages\nink: " in result.out
    folder = tmp_path / "tiny" / "en" / "png"
    pngs = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.png"))
    assert pngs == [
        "colours/colour-blue-back.png",
        "colours/colour-blue.png",
        "colours/colour-red-back.png",
        "colours/colour-red.png",
        *(f"numbers/{name}.png" for name in ("back", *(f"number-{n}" for n in range(1, 6)))),
    ]
    with Image.open(folder / "numbers" / "number-3.png") as image:
        assert image.size == (round(50 / 25.4 * 300), round(69 / 25.4 * 300))  # 44 x 63 + 2 x 3


def test_the_engine_rule_is_checked_at_its_line(tiny: DataCopy, pnp) -> None:
    tiny.edit(NUMBERS, "{value: 2}", "{value: 1}")
    result = pnp("validate", "--data", tiny.root)
    assert (result.code, result.out) == (1, "")
    assert result.err == (
        f"{NUMBERS}:3: numbers[1].value: 1 is already used by numbers[0] (line 2)\n"
        "1 problem found.\n"
    )


def test_a_failed_build_leaves_earlier_output_untouched(
    tiny: DataCopy, tmp_path: Path, pnp
) -> None:
    assert pnp("build", "--data", tiny.root, "--out", tmp_path, "--lang", "en").code == 0
    target = tmp_path / "tiny" / "en" / "cards-a4.pdf"
    before = target.read_bytes()
    tiny.edit(NUMBERS, "{value: 5}", "{value: 4}")
    result = pnp("build", "--data", tiny.root, "--out", tmp_path, "--lang", "en")
    assert (result.code, result.err) == (
        1,
        f"{NUMBERS}:6: numbers[4].value: 4 is already used by numbers[3] (line 5)\n"
        "1 problem found; nothing was written.\n",
    )
    assert target.read_bytes() == before
    assert sorted(p.name for p in target.parent.iterdir()) == [
        "cards-a4.pdf",
        "rules-summary-a4.pdf",
        "scores-a4.pdf",
    ]


def test_validate_checks_every_paper_unless_told_which(tiny: DataCopy, pnp) -> None:
    tiny.edit("tiny/game.yaml", "    size: square", "    size: {width: 250, height: 340}")
    result = pnp("validate", "--data", tiny.root)
    where = "tiny/game.yaml:10: decks.colours.size: a 250 x 340 mm card does not fit on"
    assert (result.code, result.err) == (
        1,
        f"{where} a4 paper\n{where} letter paper\n2 problems found.\n",
    )
    assert pnp("validate", "--data", tiny.root, "--paper", "a3").code == 0
    result = pnp("build", "--data", tiny.root, "--paper", "letter", "--out", tiny.root.parent)
    assert (result.code, result.err) == (
        1,
        f"{where} letter paper\n1 problem found; nothing was written.\n",
    )


class DeckList:
    """A toy output kind, registered by the tests only: a text file of each game's decks."""

    name = "deck lists"
    on_paper = True
    per_paper = True
    draws_faces = False
    checked_by_write = False

    def __init__(self, most_decks: int) -> None:
        self.most_decks = most_decks

    def wanted(self, options: Options) -> bool:
        return True

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        if len(game.decks) <= self.most_decks:
            return []
        what = f"a deck list holds at most {self.most_decks} decks on {options.paper.name}"
        return [Problem(f"{game.id}/game.yaml", 1, "decks", what)]

    def write(self, job: Job) -> list[Written]:
        path = job.folder / "decks.txt"
        lines = [f"{deck.id}: {len(deck.cards)}\n" for deck in job.game.decks]
        job.writer.write_bytes(path, "".join(lines).encode())
        return [Written(path, self.name)]


def test_a_problem_on_some_papers_only_names_them(
    tiny: DataCopy, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "OUTPUTS", [*outputs.OUTPUTS, NotOnLetter()])
    result = pnp("validate", "--data", tiny.root)
    assert (result.code, result.err) == (
        1,
        "tiny/game.yaml:1: decks: no deck list on this paper (on letter paper)\n1 problem found.\n",
    )
    assert pnp("validate", "--data", tiny.root, "--paper", "a4", "--paper", "a3").code == 0


class NotOnLetter(DeckList):
    """A toy kind whose preflight fails on Letter, in words that do not name the paper."""

    def __init__(self) -> None:
        super().__init__(most_decks=9)

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        if options.paper.name != "letter":
            return []
        return [Problem(f"{game.id}/game.yaml", 1, "decks", "no deck list on this paper")]


def test_a_registered_output_kind_is_written_and_summarised(
    tiny: DataCopy, tmp_path: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "OUTPUTS", [*outputs.OUTPUTS, DeckList(most_decks=2)])
    result = pnp("build", "--data", tiny.root, "--out", tmp_path)
    assert result.code == 0
    for lang in ("en", "uk"):
        assert (tmp_path / "tiny" / lang / "decks.txt").read_text() == "numbers: 5\ncolours: 2\n"
    assert "\n2 deck lists\nwrote 8 files: " in result.out


def test_an_output_kind_preflight_problem_stops_the_build_before_writing(
    tiny: DataCopy, tmp_path: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "OUTPUTS", [*outputs.OUTPUTS, DeckList(most_decks=1)])
    result = pnp("build", "--data", tiny.root, "--out", tmp_path / "out")
    assert (result.code, result.err) == (
        1,
        "tiny/game.yaml:1: decks: a deck list holds at most 1 decks on a4\n"
        "1 problem found; nothing was written.\n",
    )
    assert not (tmp_path / "out").exists()


def test_rules_of_a_game_without_queries_is_a_usage_error(tiny: DataCopy, pnp) -> None:
    result = pnp("rules", "tiny")
    assert (result.code, result.out) == (2, "")
    assert result.err.endswith(
        "pnp: error: tiny has no rules queries (games with queries: game_of_trains, gears, "
        "three_by_three, break_the_code, gear_and_piston)\n"
    )


def test_a_project_is_drawn_by_its_own_templates_from_any_folder(
    tiny: DataCopy, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tiny.root)
    assert pnp("validate", "--data", ".").out == "tiny: ok (5 numbers, 2 colours; locales en, uk)\n"


def test_a_templates_folder_that_is_a_link_is_not_the_projects_own(
    tiny: DataCopy, tmp_path: Path, pnp
) -> None:
    project = tiny.root.parent
    (project / "templates").rename(tmp_path / "elsewhere")
    (project / "templates").symlink_to(tmp_path / "elsewhere")
    result = pnp("validate", "--data", tiny.root)
    assert (result.code, result.err) == (
        1,
        "tiny/game.yaml:7: decks.numbers.front: no template 'number.svg.j2' in templates/tiny/\n"
        "tiny/game.yaml:8: decks.numbers.back: no template 'back.svg.j2' in templates/tiny/\n"
        "tiny/game.yaml:12: decks.colours.front: no template 'colour.svg.j2' in templates/tiny/\n"
        "tiny/game.yaml:13: decks.colours.back: no template 'colour-back.svg.j2' in "
        "templates/tiny/\n"
        "tiny/game.yaml:18: handouts.scores.template: no template 'scores.svg.j2' in "
        "templates/tiny/\n5 problems found.\n",
    )


def test_a_template_reads_nothing_outside_its_own_folder(tiny: DataCopy, pnp) -> None:
    project = tiny.root.parent
    (project / "secret.png").write_bytes(b"private")
    face = project / "templates" / "tiny" / "number.svg.j2"
    text = face.read_text(encoding="utf-8")
    face.write_text(
        text.replace("{% endblock %}", '<image href="../../secret.png"/>\n{% endblock %}')
    )
    result = pnp("validate", "--data", tiny.root)
    url = clipped((project / "secret.png").as_uri(), 80)
    assert (result.code, result.err) == (
        1,
        f"templates/tiny/number.svg.j2:7: href: {url}: outside the project's templates/ folder "
        "(and on 4 more cards)\n1 problem found.\n",
    )
