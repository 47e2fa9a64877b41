"""Fast builds: each distinct face drawn once, remembered between builds, on every core; and
none of it changes a byte of what is printed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image, ImageStat

import generator.pipeline.build
import generator.pipeline.checking
import generator.pipeline.work
from generator import DEFAULT_DATA_DIR
from generator.geometry.shapes import Rect
from generator.geometry.sizes import CardSize
from generator.layout.compose import Book, Metadata, Page, Placement
from generator.model import Game
from generator.options import Options
from generator.outputs import OutputKind
from generator.outputs.sheets import Layout, layout
from generator.pipeline.build import build, check
from generator.pipeline.request import BuildRequest
from generator.pipeline.work import Edition
from generator.render.faces import batches
from generator.render.store import ArtStore
from generator.render.templates import CardRenderer
from generator.runtime.cache import ENTRY, Cache, key
from tests import fixture, pdf
from tests.conftest import PRINTED, SESSION_CACHE, Built, DataCopy, shipped_game
from tests.renders import counted_renders

ROOT = Path(__file__).resolve().parent.parent
NUMBERS = "tiny/decks/numbers.yaml"


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def _times(out: Path) -> dict[str, tuple[int, int]]:
    """Each file's inode and modification time: a file replaced or touched changes them."""
    return {
        p.relative_to(out).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in out.rglob("*")
        if p.is_file()
    }


def _build(
    data: Path, out: Path, cache: Path | None, jobs: int, *games: str, langs: tuple[str, ...] = ()
) -> None:
    """Build ``games`` in ``langs`` (every language they have if none)."""
    build(BuildRequest(data, out, games, langs, cache=cache, jobs=jobs))


def test_cold_warm_and_one_worker_give_the_same_bytes(tiny: DataCopy, tmp_path: Path) -> None:
    """Two workers on an empty cache, two on the cache they filled, one with no cache at all:
    the same files, byte for byte (the fixture game, and a shipped one in Ukrainian, whose
    faces share fonts across Latin and Cyrillic)."""
    games = [(tiny.root, ("tiny",), ()), (DEFAULT_DATA_DIR, ("break_the_code",), ("uk",))]
    results = []
    for name, cache, jobs in (("cold", "cache", 2), ("warm", "cache", 2), ("single", None, 1)):
        out = tmp_path / name
        for data, names, langs in games:
            _build(data, out, tmp_path / cache if cache else None, jobs, *names, langs=langs)
        results.append(_files(out))
    cold, warm, single = results
    assert len(cold) == 2 * 3 + 5  # tiny: cards, scores, summary each; break_the_code: 5
    assert cold == warm == single


def test_a_damaged_cache_entry_is_drawn_again(tiny: DataCopy, tmp_path: Path) -> None:
    """Every entry made again, those of the output folder too (what the build wrote there)."""
    cache, out = tmp_path / "cache", tmp_path / "out"
    _build(tiny.root, out, cache, 2)
    first = _files(out)
    entries = [p for p in cache.glob("??/*") if ENTRY.fullmatch(p.name)]
    assert len(entries) > 10
    for number, entry in enumerate(entries):  # cut short, flipped, emptied
        data = entry.read_bytes()
        damaged = [data[: len(data) // 2], data[:-1] + bytes([data[-1] ^ 1]), b""][number % 3]
        entry.write_bytes(damaged)
    _build(tiny.root, out, cache, 2)
    assert _files(out) == first
    assert all(Cache(cache).get(entry.name) is not None for entry in entries)


def test_a_rebuild_with_nothing_changed_rewrites_nothing(
    tiny: DataCopy, tmp_path: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Answered by the fast path, before the pipeline runs (a game registered for a while is
    known to it as a shipped one is)."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    first = pnp("build", "--data", tiny.root, "--out", out, "--cache", cache)
    assert first.code == 0
    before = _times(out)
    monkeypatch.setattr(generator.pipeline.build, "build", None)  # called, it would fail
    result = pnp("build", "--data", tiny.root, "--out", out, "--cache", cache)
    assert result.code == 0
    assert _times(out) == before
    summary, ink = result.out.splitlines()[-2:]
    assert summary.startswith("all 6 files up to date: 8 pages, 14 cards in ")
    assert summary.endswith(" s; sharing sheets saved 4 pages")  # remembered with the files
    assert ink.startswith("ink: card fronts ")
    assert ink == first.out.splitlines()[-1]  # so is the ink of every page


def test_an_output_deleted_or_edited_is_made_again_from_the_cache(
    tiny: DataCopy, tmp_path: Path
) -> None:
    out, cache = tmp_path / "out", tmp_path / "cache"
    _build(tiny.root, out, cache, 2)
    made = _files(out)
    (out / "tiny/en/cards-a4.pdf").unlink()
    (out / "tiny/uk/rules-summary-a4.pdf").write_bytes(b"edited")
    _build(tiny.root, out, cache, 1)
    assert _files(out) == made


def _written_kinds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The language and kind of each output a build in this process writes (not taken from
    the cache) from now on."""
    kinds: list[tuple[str, str]] = []
    write = generator.pipeline.work.write

    def counted(kind: OutputKind, edition: Edition, *rest: Any) -> Any:
        kinds.append((edition.lang, kind.name))
        return write(kind, edition, *rest)

    monkeypatch.setattr(generator.pipeline.work, "write", counted)
    return kinds


def test_a_one_word_edit_rewrites_only_its_language_cards(
    tiny: DataCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A translator changes the Ukrainian name of one colour (not the one the summary shows):
    its two faces are rendered again, no other; the Ukrainian card sheets change, and nothing
    else is touched (the score sheets and the summary, which do not print it, are not made
    again)."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    _build(tiny.root, out, cache, 2)
    before, times = _files(out), _times(out)
    tiny.edit("tiny/locales/uk.yaml", "Синій", "Блакитний")
    kinds = _written_kinds(monkeypatch)
    rendered = counted_renders(monkeypatch)
    _build(tiny.root, out, cache, 1)
    assert rendered == [("uk", "colour-blue")] * 2  # its front and its back, and no other face
    assert kinds == [("uk", "card sheets")]
    after = _files(out)
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"tiny/uk/cards-a4.pdf"}
    assert {name for name in times if _times(out)[name] != times[name]} == changed
    assert set("Блакитний") <= set(pdf.unicode_text(after["tiny/uk/cards-a4.pdf"]))


@pytest.mark.parametrize(
    ("old", "new", "kind", "file", "letter"),
    [
        ("scores: Рахунок", "scores: Рахунки", "handouts", "scores-a4.pdf", "и"),
        (
            "Зіграйте число.",
            "Зіграйте щойно взяте число.",
            "rules summary",
            "rules-summary-a4.pdf",
            "щ",
        ),
    ],
    ids=["handout title", "summary step"],
)
def test_a_text_printed_by_one_file_rewrites_only_that_file(
    old: str,
    new: str,
    kind: str,
    file: str,
    letter: str,
    tiny: DataCopy,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The score sheet's title, printed on no card, and a turn step, which only the summary
    prints (it reads its numbered steps one list at a time, not every text of the language):
    that one file is made again, with the new words (``letter``: one no other text of it
    has), and no other."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    _build(tiny.root, out, cache, 2)
    before = _files(out)
    tiny.edit("tiny/locales/uk.yaml", old, new)
    kinds = _written_kinds(monkeypatch)
    _build(tiny.root, out, cache, 1)
    assert kinds == [("uk", kind)]
    after = _files(out)
    assert {name for name in after if after[name] != before[name]} == {f"tiny/uk/{file}"}
    assert letter in pdf.unicode_text(after[f"tiny/uk/{file}"])


@pytest.mark.parametrize(
    ("faces", "cores", "sizes"),
    [(6, 2, [3, 3]), (7, 2, [4, 3]), (6, 1, [6]), (20, 2, [6, 6, 6, 2]), (1, 2, [1]), (0, 2, [])],
)
def test_few_faces_to_draw_are_shared_out_on_every_core(
    faces: int, cores: int, sizes: list[int]
) -> None:
    """An edit's few faces are split between the cores; many go in tasks of the usual size,
    in order."""
    work = list(range(faces))
    tasks = batches(work, cores)
    assert [len(task) for task in tasks] == sizes
    assert [face for task in tasks for face in task] == work


def test_a_game_whose_every_output_is_cached_has_its_engine_left_unloaded(
    tiny: DataCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its engine is named from where it is written (an engine imports its summary and the
    drawing stack): a build of several games where one changed loads that one alone."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    _build(tiny.root, out, cache, 1)
    looked_up: list[str] = []
    monkeypatch.setattr(generator.pipeline.checking, "found_engine", looked_up.append)
    _build(tiny.root, out, cache, 1)
    assert looked_up == []


EDIT_IMPORTS = """
import sys
from generator.cli import main
from tests import fixture
with fixture.registered():
    main(["build", "tiny", "--data", sys.argv[1], "--out", sys.argv[2], "-j", "1", "--cache",
          sys.argv[3]])
print(" ".join(sorted(sys.modules)))
"""
"""A build of the fixture game in a fresh process; the modules it imported, on its last line."""


def test_a_rebuild_imports_only_what_it_makes_again(tiny: DataCopy, tmp_path: Path) -> None:
    """Nothing changed: no drawing library at all. One card text changed: the faces are
    rendered and drawn and the card sheets written, but the summary, which does not print
    that text, is not laid out (reportlab's layout engine is not even imported), and nothing
    looks at the colours."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    _build(tiny.root, out, cache, 1)

    def imported() -> set[str]:
        argv = [sys.executable, "-c", EDIT_IMPORTS, str(tiny.root), str(out), str(cache)]
        done = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=ROOT)
        return set(done.stdout.splitlines()[-1].split())

    drawing = {"cairosvg", "cairocffi", "reportlab", "jinja2", "pikepdf", "PIL", "numpy"}
    assert not {module.partition(".")[0] for module in imported()} & drawing
    tiny.edit("tiny/locales/uk.yaml", "Синій", "Блакитний")
    edited = imported()
    assert {"cairosvg", "jinja2", "pikepdf"} <= edited
    assert not {module for module in edited if module.startswith("reportlab.platypus")}
    assert "generator.vision.check" not in edited  # only validate looks at colour vision


def test_a_build_removes_what_the_last_of_its_paper_and_options_wrote_and_it_does_not(
    tiny: DataCopy, tmp_path: Path, pnp
) -> None:
    """A card taken out takes its PNG with it, the long way and the fast way (a build answered
    from the cache); the files of another paper, or printed another way, stay, each beside
    its own (an ordinary build once left the cut files of a --cut build beside new sheets
    they no longer matched, and every paper's summary had one name)."""

    def run(*options: str) -> str:
        result = pnp("build", "--data", tiny.root, "--out", tmp_path, "--lang", "en", *options)
        assert result.code == 0, result.err
        return result.out

    run("--cut", "silhouette")
    run("--paper", "letter")
    run("--png")
    before = _files(tmp_path)
    cut = {
        "cards-a4-silhouette.pdf",
        *(f"cards-a4-silhouette/sheet-01.{x}" for x in ("svg", "dxf")),
    }
    kept = {f"tiny/en/{name}" for name in {"cards-letter.pdf", "rules-summary-letter.pdf", *cut}}
    assert kept < set(before)
    card, png = "  - {value: 5}\n", "tiny/en/png/numbers/number-5.png"
    said = f"removed 1 file an earlier build wrote and this one does not: {tmp_path}/{png}\n"
    for taken_out in (True, False, True):  # the second and third: answered from the cache
        tiny.edit(NUMBERS, *((card, "") if taken_out else ("{value: 4}\n", "{value: 4}\n" + card)))
        out = run("--png")
        assert (said in out, (tmp_path / png).exists()) == (taken_out, not taken_out)
    after = _files(tmp_path)
    assert set(after) == set(before) - {png}
    assert {name: after[name] for name in kept} == {name: before[name] for name in kept}


def test_a_build_printed_another_way_still_removes_the_faces_and_summary_it_replaces(
    tiny: DataCopy, tmp_path: Path, pnp
) -> None:
    """The summary, handouts and PNG faces are named by neither the duplex nor the cutter: a
    build that prints the cards another way writes the same ones, and removes what it no
    longer writes of them; a removed card's face the user edited is theirs, and stays."""

    def run(*options: str) -> str:
        result = pnp("build", "--data", tiny.root, "--out", tmp_path, "--lang", "en", *options)
        assert result.code == 0, result.err
        return result.out

    run("--png")
    gone, edited = (f"tiny/en/png/numbers/number-{n}.png" for n in (5, 4))
    (tmp_path / edited).write_bytes(b"the user's own")
    tiny.edit(NUMBERS, "  - {value: 5}\n", "")
    tiny.edit(NUMBERS, "  - {value: 4}\n", "")
    out = run("--png", "--duplex", "none")
    said = f"removed 1 file an earlier build wrote and this one does not: {tmp_path}/{gone}\n"
    assert said in out
    assert not (tmp_path / gone).exists()
    assert (tmp_path / edited).read_bytes() == b"the user's own"


BUILD = [sys.executable, "-m", "generator", "build", "break_the_code", "--lang", "ru"]


def test_two_builds_at_once_into_one_folder_both_finish(tmp_path: Path) -> None:
    """Two builds into one output folder, sharing one cache: both succeed, and what they
    leave is complete (the files of a build made alone)."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [
        subprocess.Popen(
            [*BUILD, "--out", str(out), "--cache", str(cache)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err.decode()
    _build(DEFAULT_DATA_DIR, tmp_path / "alone", None, 1, "break_the_code", langs=("ru",))
    alone = _files(tmp_path / "alone")
    made = _files(out)
    assert set(made) == {name for name in alone if name.startswith("break_the_code/ru/")}
    assert all(made[name] == alone[name] for name in made)
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]


def test_a_fresh_process_with_every_face_cached_gives_the_same_file(tmp_path: Path) -> None:
    """The second build only assembles (the other flip needs no face drawn): in a process
    that has drawn nothing, the file's fonts must still be the project's, merged as in a
    build that drew every face."""
    cache = tmp_path / "cache"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for out, flip, cached in (
        ("long", "long", True),
        ("short", "short", True),
        ("cold", "short", False),
    ):
        where = ["--cache", str(cache)] if cached else ["--no-cache"]
        subprocess.run(
            [*BUILD, "--flip", flip, "--out", str(tmp_path / out), *where],
            check=True,
            capture_output=True,
            env=env,
            cwd=ROOT,
        )
    short = (tmp_path / "short/break_the_code/ru/cards-a4-short-edge.pdf").read_bytes()
    assert short == (tmp_path / "cold/break_the_code/ru/cards-a4-short-edge.pdf").read_bytes()
    fonts = pdf.font_objects(short)
    assert len(fonts) == len(set(fonts)) == 4  # two fonts, each a simple and a composite subset


def test_a_face_printed_many_times_is_stored_once(tmp_path: Path) -> None:
    """Break the Code's question cards share one back: the file holds it once, placed in
    every slot of its back sheets, and one set of fonts."""
    _build(DEFAULT_DATA_DIR, tmp_path, None, 2, "break_the_code", langs=("ru",))
    data = (tmp_path / "break_the_code/ru/cards-a4.pdf").read_bytes()
    with pikepdf.open(tmp_path / "break_the_code/ru/cards-a4.pdf") as document:
        backs = document.pages[3].Resources.XObject
        placed = document.pages[3].Contents.read_bytes().count(b" Do ")
        assert len(backs) == 2  # the common back, and the crop marks
        assert placed == 9 + 1
    fonts = pdf.font_objects(data)
    assert len(fonts) == len(set(fonts))  # every font once (a simple and a composite subset)


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_must_be_a_whole_number_from_one(jobs: str, pnp, tmp_path: Path) -> None:
    result = pnp("build", "--jobs", jobs, "--out", tmp_path)
    assert result.code == 2
    assert result.err.endswith(
        f"pnp build: error: argument --jobs/-j: {jobs!r} is not "
        f"{'a whole number' if jobs == 'two' else '1 or more'}\n"
    )


def test_clean_empties_the_cache_and_only_it(tmp_path: Path, pnp) -> None:
    cache = tmp_path / "cache"
    _build(DEFAULT_DATA_DIR, tmp_path / "out", cache, 2, "break_the_code", langs=("ru",))
    (cache / "notes.txt").write_text("mine")
    count = sum(1 for p in cache.glob("??/*") if ENTRY.fullmatch(p.name))
    result = pnp("clean", "--cache", cache)
    assert (result.code, result.out) == (0, f"removed {count} cached items from {cache}\n")
    assert [p.name for p in cache.iterdir()] == ["notes.txt"]


MIXED = {"tiny", "gears", "break_the_code", "three_by_three"}
FLIPS = [
    (game, lang, flip)
    for game, lang in PRINTED.items()
    for flip in ("long", "short")
    if flip == "long" or game in MIXED
]
"""Every game turned over its long edge; the games whose sheets mix card sizes (bands) over
the short edge too."""


@pdf.needs_pdftoppm
@pytest.mark.parametrize(("game", "lang", "flip"), FLIPS)
def test_every_back_slot_of_every_game_shows_its_back(
    game: str, lang: str, flip: str, built: Built, tmp_path: Path
) -> None:
    """A face drawn once and placed in many slots must show in every one (cairo once wrote
    recorded backs so that whole columns came out blank), and behind its own front on shared
    sheets too: the middle of each card's place on the front page has the colours of its front
    drawn alone, and the middle of where that place lands after the flip, on the back page,
    the colours of its back."""
    data = fixture.DATA if game == "tiny" else DEFAULT_DATA_DIR
    with fixture.registered():
        loaded = check(data, (game,), ())[0] if data == fixture.DATA else shipped_game(game)
        folder = built(game, lang)
        if flip == "short":
            build(
                BuildRequest(data, tmp_path, (game,), (lang,), Options(duplex=flip), SESSION_CACHE)
            )
            folder = tmp_path / game / lang
    planned = layout(loaded, Options(duplex=flip))
    assert isinstance(planned, Layout)
    renderer = CardRenderer(loaded, loaded.locales[lang])
    sheets = "cards-a4-short-edge.pdf" if flip == "short" else "cards-a4.pdf"
    pages = pdf.rendered_pages(folder / sheets, 1, 999, tmp_path, 30)
    assert len(pages) == 2 * len(planned.sheets)
    expected = []
    for number, sheet in enumerate(planned.sheets):
        for slot, deck, card in planned.cards(sheet):
            trim = slot.trim
            mirrored = (
                (trim.x, 297 - trim.y - trim.height)
                if flip == "short"
                else (210 - trim.x - trim.width, trim.y)
            )
            back = renderer.back(deck, card if deck.two_sided else None)
            expected.append((2 * number, renderer.front(deck, card), (trim.x, trim.y), deck))
            expected.append((2 * number + 1, back, mirrored, deck))
    alone = _alone(loaded, [svg or "" for _, svg, _, _ in expected], tmp_path / "alone")
    for page, svg, (x, y), deck in expected:
        shown = _middle(pages[page], x, y, deck.size)
        assert shown == pytest.approx(alone[svg or ""], abs=14), (deck.id, page, svg)


def _alone(game: Game, svgs: list[str], folder: Path) -> dict[str, tuple[float, ...]]:
    """The mean colour of the middle of each face drawn alone: on a page of its own (trim and
    bleed), rendered by poppler as the sheets are."""
    arts = ArtStore(Cache(SESSION_CACHE))
    distinct = list(dict.fromkeys(svgs))
    book = Book(Metadata("alone", "test", "2000-01-01T00:00:00Z"))
    for number, svg in enumerate(distinct):
        art = arts.art(svg, game.templates)
        book.add_face(str(number), art)
        box = art.box
        area = Rect(0, 0, box.width, box.height)
        book.add_page(Page(box.width, box.height, [Placement(str(number), area, box)]))
    folder.mkdir()
    with (folder / "alone.pdf").open("wb") as stream:
        book.save(stream)
    pages = pdf.rendered_pages(folder / "alone.pdf", 1, 9999, folder, 30)
    sizes = [arts.art(svg, game.templates).box for svg in distinct]
    return {
        svg: _middle(page, -box.x, -box.y, CardSize(box.width + 2 * box.x, box.height + 2 * box.y))
        for svg, page, box in zip(distinct, pages, sizes, strict=True)
    }


def _middle(image: Image.Image, x: float, y: float, size: CardSize) -> tuple[float, ...]:
    """The mean colour of the middle half of a card whose trim starts at (x, y) mm."""
    scale = 30 / 25.4
    box = (
        round((x + size.width / 4) * scale),
        round((y + size.height / 4) * scale),
        round((x + 3 * size.width / 4) * scale),
        round((y + 3 * size.height / 4) * scale),
    )
    return tuple(ImageStat.Stat(image.crop(box)).mean)


def test_a_broken_language_stops_a_build_of_another_even_when_cached(
    tiny: DataCopy, tmp_path: Path, pnp
) -> None:
    """The English files are in the cache, but the game now has a broken German locale: the
    build checks every language and refuses, as it would without a cache."""
    out, cache = tmp_path / "out", tmp_path / "cache"
    assert pnp("build", "--data", tiny.root, "--out", out, "--cache", cache).code == 0
    before = _files(out)
    (tiny.root / "tiny/locales/de.yaml").mkdir()
    result = pnp("build", "--lang", "en", "--data", tiny.root, "--out", out, "--cache", cache)
    assert (result.code, result.err) == (
        1,
        "tiny/locales/de.yaml: cannot read the file: Is a directory\n"
        "1 problem found; nothing was written.\n",
    )
    assert _files(out) == before


def test_the_cache_is_pruned_once_an_hour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pruning looks at every entry: a build does it only if none did in the last hour (a
    time the cache does not hold, or a clock gone back, is as if none did)."""
    pruned: list[Path] = []
    monkeypatch.setattr(Cache, "prune", lambda cache: pruned.append(cache.folder) or 0)
    cache = Cache(tmp_path)
    for _ in range(2):
        generator.pipeline.build._prune(cache)
    assert len(pruned) == 1
    entry = key("pruned")
    for kept in (b"not a time", repr(time.time() - 3601).encode(), repr(time.time() + 60).encode()):
        cache.put(entry, kept)
        generator.pipeline.build._prune(cache)
    assert len(pruned) == 4
