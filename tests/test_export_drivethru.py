"""``pnp export drivethru``: a PDF per deck, one face per page at the product's trim with 1/8 in
bleed, back then front for every card, and its PDF/X-1a copy in CMYK made by Ghostscript, its
ink within the shop's 240 %; all read back from the files with pikepdf, the ink measured by
Ghostscript."""

from __future__ import annotations

import io
import json
import re
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pikepdf
import pytest
import yaml
from PIL import Image, ImageSequence, ImageStat

from generator import DEFAULT_DATA_DIR
from generator.cli import main
from generator.export.inklimit import ROUNDING, limit_ink, limited
from generator.export.pdf import GHOSTSCRIPT_MISSING, measure, pdfx1a
from generator.export.run import ExportRequest, export
from generator.export.targets import TARGETS_DIR, load, targets
from generator.render.ink import document_ink
from generator.runtime.writer import Written
from tests import pdf
from tests.conftest import DataCopy
from tests.pdf import page_count

INCH = 72.0
BLEED = INCH / 8
EURO_POKER = (2.48 * INCH, 3.46 * INCH)
"""DriveThruCards' Euro poker card (62.99 x 87.88 mm), the product nearest our 63 x 88 mm."""
US_POKER = (2.5 * INCH, 3.5 * INCH)
DECKS = {"wagons": 84, "locomotives": 4}
"""Game of Trains' decks and their cards."""
LIMIT = 240.0
"""DriveThruCards' ink limit, per cent (``ink_limit`` in its table, cited there)."""


def _export(out: Path, data: Path | None = None) -> Path:
    """``pnp export drivethru game_of_trains --lang en``, the folder of its files."""
    extra = ["--data", str(data)] if data else []
    code = main(
        ["export", "drivethru", "game_of_trains", "--lang", "en", "--out", str(out), *extra]
    )
    assert code == 0
    return out / "drivethru" / "game_of_trains" / "en"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Game of Trains exported once for the module's tests (Ghostscript needed: skipped
    without it, as every test of the PDF/X-1a files is)."""
    if shutil.which("gs") is None:
        pytest.skip("needs Ghostscript's gs (apt install ghostscript)")
    return _export(tmp_path_factory.mktemp("drivethru"))


@pytest.fixture
def ghostscript() -> str:
    found = shutil.which("gs")
    if found is None:
        pytest.skip("needs Ghostscript's gs (apt install ghostscript)")
    return found


def _open(path: Path) -> pikepdf.Pdf:
    return pikepdf.open(path)


def _files(folder: Path) -> list[Path]:
    return [folder / f"{deck}{kind}.pdf" for deck in DECKS for kind in ("", "-pdfx1a")]


def test_every_card_is_its_back_then_its_front(exported: Path) -> None:
    """DriveThruCards' order: card 1's back, card 1's front, card 2's back... The common back is
    one drawing placed on every odd page; each front is a drawing of its own."""
    for deck, cards in DECKS.items():
        with _open(exported / f"{deck}.pdf") as document:
            assert len(document.pages) == 2 * cards
            drawn = [
                [xobject.objgen for xobject in page.Resources.XObject.values()]
                for page in document.pages
            ]
        assert all(len(faces) == 1 for faces in drawn)
        backs, fronts = drawn[0::2], drawn[1::2]
        assert all(back == backs[0] for back in backs)
        assert len({tuple(front) for front in fronts}) == cards
        assert backs[0] not in fronts


@pdf.needs_pdftoppm
def test_the_locomotives_are_printed_with_their_own_back(exported: Path, tmp_path: Path) -> None:
    """Issue 31: a print shop backs the locomotives with their own light back, never the
    wagons' dark one (mean grey of each deck's first page, a back, 0 black to 255 white)."""
    tones = {}
    for deck in DECKS:
        (tmp_path / deck).mkdir()
        (page,) = pdf.rendered_pages(exported / f"{deck}.pdf", 1, 1, tmp_path / deck, 20)
        tones[deck] = ImageStat.Stat(page.convert("L")).mean[0]
    assert tones["locomotives"] - tones["wagons"] >= 100, tones


def test_the_pdfx1a_file_has_the_same_pages(exported: Path) -> None:
    for deck, cards in DECKS.items():
        with _open(exported / f"{deck}-pdfx1a.pdf") as document:
            assert len(document.pages) == 2 * cards


def _assert_boxes(path: Path, trim: tuple[float, float]) -> None:
    """Every page: MediaBox = BleedBox = trim + 1/8 in all round, TrimBox inset 1/8 in, to a
    hundredth of a point."""
    width, height = trim
    whole = [0, 0, width + 2 * BLEED, height + 2 * BLEED]
    cut = [BLEED, BLEED, BLEED + width, BLEED + height]
    with _open(path) as document:
        assert len(document.pages) > 0
        for number, page in enumerate(document.pages, start=1):
            for name, expected in (("/MediaBox", whole), ("/BleedBox", whole), ("/TrimBox", cut)):
                box = [float(n) for n in page.obj[name]]
                assert box == pytest.approx(expected, abs=0.01), f"{path.name} {number} {name}"


def test_every_page_is_the_trim_with_its_bleed(exported: Path) -> None:
    for path in _files(exported):
        _assert_boxes(path, EURO_POKER)


@pdf.needs_ghostscript
def test_a_deck_of_us_poker_size_is_laid_out_as_us_poker_cards(
    data: DataCopy, tmp_path: Path
) -> None:
    """63.5 x 88.9 mm cards go to the US poker product: pages 2.75 x 3.75 in, trim 2.5 x 3.5."""
    for _ in DECKS:
        data.edit("game_of_trains/game.yaml", "size: poker", "size: {width: 63.5, height: 88.9}")
    folder = _export(tmp_path, data.root)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["products"] == {deck: "Premium US Poker Cards" for deck in DECKS}
    for path in _files(folder):
        _assert_boxes(path, US_POKER)


def _everything(document: pikepdf.Pdf) -> Iterator[pikepdf.Dictionary | pikepdf.Stream]:
    """Every dictionary and stream in the file: its numbered objects and those written inside
    them."""
    for obj in document.objects:
        yield from _within(obj)


def _within(obj: object) -> Iterator[pikepdf.Dictionary | pikepdf.Stream]:
    """``obj`` if it is a dictionary or stream, and the ones written inside it (those it refers
    to are numbered objects of their own)."""
    if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
        yield obj
        children = list(obj.values())
    elif isinstance(obj, pikepdf.Array):
        children = list(obj)
    else:
        return
    for child in children:
        if isinstance(child, pikepdf.Object) and not child.is_indirect:
            yield from _within(child)


def _fonts(path: Path) -> dict[str, bool]:
    """Every font the file uses, and whether its program is embedded."""
    fonts = {}
    with _open(path) as document:
        for obj in _everything(document):
            if obj.get("/Type") != "/Font" or str(obj.get("/Subtype")).startswith("/CIDFont"):
                continue  # a CID font is its Type 0 font's descendant, checked with it
            font = obj.DescendantFonts[0] if obj.get("/Subtype") == "/Type0" else obj
            descriptor = font.FontDescriptor
            embedded = any(f"/FontFile{n}" in descriptor for n in ("", "2", "3"))
            fonts[str(obj.BaseFont)] = embedded
    return fonts


def test_every_font_is_embedded(exported: Path) -> None:
    for path in _files(exported):
        fonts = _fonts(path)
        assert all(fonts.values()), f"{path.name}: {fonts}"
    assert _fonts(exported / "wagons-pdfx1a.pdf"), "the wagons are text on vectors"


def test_the_pdfx1a_file_says_pdfx1a_and_its_output_intent(exported: Path) -> None:
    for deck in DECKS:
        with _open(exported / f"{deck}-pdfx1a.pdf") as document:
            assert str(document.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
            assert document.docinfo["/Trapped"] == pikepdf.Name("/False")
            assert str(document.docinfo["/Title"]) == f"Game of Trains: {deck}"
            intents = list(document.Root.OutputIntents)
            assert [intent.S for intent in intents] == [pikepdf.Name.GTS_PDFX]
            intent = intents[0]
            assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
            profile = intent.DestOutputProfile.read_bytes()
            assert int(intent.DestOutputProfile.N) == 4
            assert profile[12:20] == b"prtrCMYK"  # an output profile of CMYK (ICC header)
            assert len(profile) == int.from_bytes(profile[:4], "big")


def _name(space: object) -> str:
    """A colour space as its family, with what a Separation, DeviceN or Indexed space stands on
    (``/Separation on /DeviceCMYK``), and the components of an ICC profile."""
    if isinstance(space, pikepdf.Name):
        return str(space)
    assert isinstance(space, pikepdf.Array)
    family = str(space[0])
    if family == "/ICCBased":
        return f"/ICCBased with {int(space[1].N)} components"
    if family in ("/Separation", "/DeviceN"):
        return f"{family} on {_name(space[2])}"
    if family == "/Indexed":
        return f"{family} on {_name(space[1])}"
    return family


OPERATORS = {"rg": "/DeviceRGB", "RG": "/DeviceRGB", "g": "/DeviceGray", "G": "/DeviceGray"}
OPERATORS.update({"k": "/DeviceCMYK", "K": "/DeviceCMYK"})
"""The operators that paint in a device colour space without naming it."""


def _colour_spaces(path: Path) -> set[str]:
    """Every colour space the pages paint in: named in any resources (pages, forms, patterns,
    Type 3 fonts), set by an operator of any content stream, of any image or shading."""
    found = set()
    with _open(path) as document:
        for obj in _everything(document):
            if "/ColorSpace" in obj and obj.get("/Type") != "/OutputIntent":
                spaces = obj.ColorSpace
                if isinstance(spaces, pikepdf.Dictionary):  # the spaces of resources, by name
                    found |= {_name(space) for space in spaces.values()}
                else:  # an image's, a shading's, a transparency group's
                    found.add(_name(spaces))
        for page in document.pages:
            found |= _painted(page.obj)
    return found


def _painted(stream: pikepdf.Object) -> set[str]:
    """The device colour spaces a content stream and the forms it places paint in directly
    (``rg``, ``cs /DeviceRGB``, an inline image's ``/CS``)."""
    found = set()
    for operands, operator in pikepdf.parse_content_stream(stream):
        op = str(operator)
        if op in ("g", "G") and [float(n) for n in operands] == [1.0]:
            found.add(WHITE)
        elif op in OPERATORS:
            found.add(OPERATORS[op])
        elif op in ("cs", "CS") and str(operands[0]).startswith("/Device"):
            found.add(str(operands[0]))
        elif op == "INLINE IMAGE" and "/ColorSpace" in operands[0].obj:
            found.add(_name(operands[0].obj.ColorSpace))
        elif op == "Do":
            form = stream.Resources.XObject[str(operands[0])]
            if form.get("/Subtype") == "/Form":
                found |= _painted(form)
    return found


WHITE = "paper white"
"""``1 g``: grey at its lightest, no ink. Ghostscript paints white so (PDF/X-1a allows grey)."""
CMYK = {"/DeviceCMYK", "/Separation on /DeviceCMYK", "/DeviceN on /DeviceCMYK", WHITE}
"""What our PDF/X-1a files may print in: CMYK, and white, which is no ink at all."""


def test_the_pdfx1a_file_paints_in_cmyk_only(exported: Path) -> None:
    for deck in DECKS:
        spaces = _colour_spaces(exported / f"{deck}-pdfx1a.pdf")
        assert "/DeviceCMYK" in spaces
        assert spaces <= CMYK, f"{deck}: {spaces - CMYK}"


def test_the_rgb_file_is_rgb(exported: Path) -> None:
    """The check above finds RGB where there is some: the file pnp draws."""
    assert "/DeviceRGB" in _colour_spaces(exported / "wagons.pdf")


def _transparency(path: Path) -> list[str]:
    """What in the file is transparent: an alpha below 1, a soft mask, a blend mode, a
    transparency group."""
    found = []
    with _open(path) as document:
        for obj in _everything(document):
            if any(float(obj.get(key, 1)) < 1 for key in ("/CA", "/ca")):
                found.append("alpha")
            if str(obj.get("/SMask", "/None")) != "/None":
                found.append("soft mask")
            if str(obj.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
                found.append("blend mode")
            if "/Group" in obj and obj.Group.get("/S") == "/Transparency":
                found.append("transparency group")
    return found


def test_the_pdfx1a_file_has_no_transparency(exported: Path) -> None:
    """The locomotives' smoke is white at 75 %: Ghostscript flattens those fronts into CMYK
    images; faces with nothing transparent stay vector, their text text."""
    assert "alpha" in _transparency(exported / "locomotives.pdf")
    for deck in DECKS:
        assert _transparency(exported / f"{deck}-pdfx1a.pdf") == []
    with _open(exported / "locomotives-pdfx1a.pdf") as document:
        images = [
            any(x.get("/Subtype") == "/Image" for x in page.Resources.get("/XObject", {}).values())
            for page in document.pages
        ]
    assert images == [False, True] * DECKS["locomotives"]
    with _open(exported / "wagons-pdfx1a.pdf") as document:
        assert not any(obj.get("/Subtype") == "/Image" for obj in _everything(document)), (
            "no wagon draws anything transparent"
        )


def test_the_same_pages_give_the_same_pdfx1a_bytes(exported: Path, ghostscript: str) -> None:
    """Ghostscript stamps each run with a new document id: the file is written again with one
    drawn from its content, so two conversions are byte for byte the same."""
    rgb = (exported / "locomotives.pdf").read_bytes()
    first, second = (pdfx1a(rgb, 8, ghostscript, "locos.pdf", LIMIT) for _ in range(2))
    assert first == second
    assert first == (exported / "locomotives-pdfx1a.pdf").read_bytes()


def test_the_users_ghostscript_options_do_not_reach_the_conversion(
    exported: Path, ghostscript: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GS_OPTIONS could turn -dSAFER off or drop pages: the conversion runs without it."""
    monkeypatch.setenv("GS_OPTIONS", "-dLastPage=1")
    rgb = (exported / "locomotives.pdf").read_bytes()
    converted = pdfx1a(rgb, 8, ghostscript, "locomotives-pdfx1a.pdf", LIMIT)
    assert converted == (exported / "locomotives-pdfx1a.pdf").read_bytes()


def test_the_manifest_lists_the_pdfs(exported: Path) -> None:
    manifest = json.loads((exported / "manifest.json").read_text(encoding="utf-8"))
    listed = {file["path"]: file["what"] for file in manifest["files"]}
    assert listed == {
        "wagons.pdf": "Premium Euro Poker Cards PDFs (RGB)",
        "wagons-pdfx1a.pdf": "Premium Euro Poker Cards PDF/X-1a files (CMYK)",
        "locomotives.pdf": "Premium Euro Poker Cards PDFs (RGB)",
        "locomotives-pdfx1a.pdf": "Premium Euro Poker Cards PDF/X-1a files (CMYK)",
    }
    for file in manifest["files"]:
        assert file["bytes"] == (exported / file["path"]).stat().st_size
    assert manifest["notes"] == []


def test_the_manifest_gives_the_ink_of_every_page(exported: Path) -> None:
    """Each RGB page's ink, measured from its face (back, front, back...): the wagons' one
    back on every other page, darker than any front, and as the file's pages read rendered."""
    manifest = json.loads((exported / "manifest.json").read_text(encoding="utf-8"))
    (wagons,) = [file["ink"] for file in manifest["files"] if file["path"] == "wagons.pdf"]
    assert len(wagons) == 2 * DECKS["wagons"]
    backs, fronts = wagons[0::2], wagons[1::2]
    assert all(back == backs[0] for back in backs)
    assert backs[0]["mean"] > max(front["mean"] for front in fronts)
    rendered = document_ink(pdf.read(exported / "wagons.pdf"))[:2]
    for listed, page in zip(wagons, rendered, strict=False):
        assert listed["mean"] == pytest.approx(page.mean, abs=0.5)
        assert listed["tac"] == pytest.approx(page.tac, abs=5)


def _path_with(folder: Path, gs: str | None) -> str:
    """A PATH of one folder holding, if ``gs`` is given, a ``gs`` script of that text."""
    folder.mkdir()
    if gs is not None:
        script = folder / "gs"
        script.write_text(gs, encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(folder)


def test_without_ghostscript_the_rgb_pdfs_are_made_and_the_export_says_so(
    pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", _path_with(tmp_path / "bin", None))
    result = pnp("export", "drivethru", "game_of_trains", "--lang", "en", "--out", tmp_path / "o")
    assert result.code == 0
    assert result.err == f"note: {GHOSTSCRIPT_MISSING}\n"
    folder = tmp_path / "o" / "drivethru" / "game_of_trains" / "en"
    assert sorted(p.name for p in folder.iterdir()) == [
        "locomotives.pdf",
        "manifest.json",
        "wagons.pdf",
    ]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["notes"] == [GHOSTSCRIPT_MISSING]
    _assert_boxes(folder / "wagons.pdf", EURO_POKER)


def test_when_ghostscript_fails_the_export_says_why_and_writes_nothing(
    pnp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing = "#!/bin/sh\necho 'Error: /undefined in --nostringval--' >&2\nexit 1\n"
    monkeypatch.setenv("PATH", _path_with(tmp_path / "bin", failing))
    result = pnp("export", "drivethru", "game_of_trains", "--lang", "en", "--out", tmp_path / "o")
    assert result.code == 1
    assert result.err == (
        "error: cannot make wagons-pdfx1a.pdf: Ghostscript failed: "
        "Error: /undefined in --nostringval--\n"
    )
    assert not (tmp_path / "o").exists()


CHECK_DPI = 72
"""The test measures the ink at 72 dpi, 0.35 mm a pixel. Ghostscript paints every pixel a shape
touches, so a line or a letter's stroke thinner than a pixel still shows its full colour."""


def _highest_ink(path: Path, ghostscript: str, folder: Path) -> list[float]:
    """The highest total ink (C + M + Y + K, per cent) of each page of ``path``, rendered in
    CMYK by Ghostscript at :data:`CHECK_DPI` (the test's own measure, not the export's)."""
    tiff = folder / f"{path.stem}.tif"
    command = [ghostscript, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc"]
    subprocess.run([*command, f"-r{CHECK_DPI}", f"-sOutputFile={tiff}", str(path)], check=True)
    with Image.open(tiff) as pages:
        return [
            float(np.asarray(page, dtype=np.int32).sum(axis=2).max()) * 100 / 255
            for page in ImageSequence.Iterator(pages)
        ]


@pytest.fixture(scope="module")
def gears(tmp_path_factory: pytest.TempPathFactory) -> list[Written]:
    """Gears exported once (its codes' backs reached 284 %), through the export itself, whose
    files carry their ink."""
    if shutil.which("gs") is None:
        pytest.skip("needs Ghostscript's gs (apt install ghostscript)")
    out = tmp_path_factory.mktemp("gears")
    request = ExportRequest(targets()["drivethru"], DEFAULT_DATA_DIR, out, ("gears",), ("en",))
    done = export(request)
    assert done.notes == []
    return done.written


def test_every_page_carries_at_most_240_percent_of_ink(
    exported: Path, gears: list[Written], ghostscript: str, tmp_path: Path
) -> None:
    """Before the limit, so measured: Game of Trains' wagons 278 % (navy backs 263 %), its
    locomotives 279 %, Gears' codes 284 %. After it, no pixel of any page over 240 %, but for
    the rendering's rounding of each ink to the nearest 1/255 (:data:`ROUNDING`, 0.8 %)."""
    cmyk = [file.path for file in gears if file.path.name.endswith("-pdfx1a.pdf")]
    files = [exported / f"{deck}-pdfx1a.pdf" for deck in DECKS] + cmyk
    assert len(files) == 5
    for path in files:
        highest = _highest_ink(path, ghostscript, tmp_path)
        assert len(highest) == page_count(path.read_bytes())
        assert max(highest) <= LIMIT + ROUNDING, path.name
        assert max(highest) >= LIMIT - 1, f"{path.name}: its darkest colours are at the limit"


def test_the_export_measures_the_ink_of_every_cmyk_page(gears: list[Written]) -> None:
    cmyk = [file for file in gears if file.path.name.endswith("-pdfx1a.pdf")]
    for file in cmyk:
        assert len(file.ink) == file.pages > 0
        assert all(0 < page.mean < 100 and page.tac <= LIMIT + ROUNDING for page in file.ink)
    backs = [page.mean for file in cmyk for page in file.ink[0::2]]
    assert max(backs) > 60, "the dark backs of Gears cover most of their page"


def _first_pages(path: Path, count: int) -> bytes:
    with pikepdf.open(path) as document:
        del document.pages[count:]
        output = io.BytesIO()
        document.save(output)
        return output.getvalue()


def test_the_limit_keeps_the_colours(exported: Path, ghostscript: str) -> None:
    """The first back and front of each Game of Trains deck (navy and cream backs, a wagon,
    a locomotive flattened into an image), converted without the limit and then limited: each
    page covers the paper as it did, within 3 points of coverage (the limit moves ink into
    black, it does not lighten), and limiting them again changes nothing."""
    pages = 2
    for deck in DECKS:
        rgb = _first_pages(exported / f"{deck}.pdf", pages)
        free = pdfx1a(rgb, pages, ghostscript, "free.pdf")
        with pikepdf.open(io.BytesIO(free)) as document:
            limit_ink(document, LIMIT)
            streams = [obj for obj in document.objects if isinstance(obj, pikepdf.Stream)]
            once = [stream.read_raw_bytes() for stream in streams]
            limit_ink(document, LIMIT)
            assert [stream.read_raw_bytes() for stream in streams] == once
            limited = io.BytesIO()
            document.save(limited)
        before, after = (measure(f, pages, ghostscript, deck) for f in (free, limited.getvalue()))
        assert min(page.tac for page in before) > 260
        assert max(page.tac for page in after) <= LIMIT + ROUNDING
        shifts = [abs(a.mean - b.mean) for a, b in zip(after, before, strict=True)]
        assert max(shifts) < 3, deck


@pytest.mark.parametrize(
    ("colour", "expected"),
    [
        # RGB black as Ghostscript converts it (295 %): its grey into black until black is
        # full (K100), then cyan, magenta and yellow scaled down together to 140 %
        ((0.722, 0.675, 0.671, 0.882), (0.4933, 0.4550, 0.4517, 1.0)),
        # Game of Trains' navy (263 %): 11.55 % of each of C, M, Y moved into black
        ((0.898, 0.792, 0.463, 0.478), (0.7825, 0.6765, 0.3475, 0.5935)),
        # no grey to move (yellow 0): cyan and magenta scaled down
        ((1.0, 1.0, 0.0, 0.5), (0.95, 0.95, 0.0, 0.5)),
        # within the limit: unchanged
        ((0.6, 0.5, 0.4, 0.9), (0.6, 0.5, 0.4, 0.9)),
    ],
)
def test_the_limiter_moves_grey_into_black_then_scales(
    colour: tuple[float, ...], expected: tuple[float, ...]
) -> None:
    (result,) = limited(np.array([colour]), 2.4)
    assert list(result) == pytest.approx(expected, abs=1e-4)
    assert sum(result) <= 2.4 + 1e-12


def test_the_limiter_reaches_colours_and_images_and_only_cmyk() -> None:
    """``k``, ``K``, ``scn`` in a CMYK space named in the resources, and the pixels of a CMYK
    image; not four tints of a DeviceN space, nor a colour space ``Q`` has restored."""
    document = pikepdf.new()
    page = document.add_blank_page(page_size=(72, 72))
    over = b"0.9 0.9 0.9 0.9"
    devicen = [pikepdf.Name.DeviceN, [pikepdf.Name("/A")] * 4, pikepdf.Name.DeviceCMYK, {}]
    image = document.make_stream(bytes([230, 230, 230, 230, 10, 20, 30, 40]))
    image.update({"/Subtype": pikepdf.Name.Image, "/Width": 2, "/Height": 1})
    image.update({"/ColorSpace": pikepdf.Name.DeviceCMYK, "/BitsPerComponent": 8})
    page.obj.Resources = pikepdf.Dictionary(
        ColorSpace=pikepdf.Dictionary(C=pikepdf.Name.DeviceCMYK, N=devicen),
        XObject=pikepdf.Dictionary(I=image),
    )
    page.obj.Contents = document.make_stream(
        over + b" k " + over + b" K /C cs " + over + b" scn q /N cs Q " + over + b" scn "
        b"/N cs " + over + b" scn /I Do"
    )
    limit_ink(document, LIMIT)
    colours = [
        (str(op), [float(n) for n in operands])
        for operands, op in pikepdf.parse_content_stream(page)
        if str(op) in ("k", "K", "scn")
    ]
    # 360 %: 10 % of each of C, M, Y moved into black (full), then 140 % left for the three
    limited_colour = [pytest.approx(1.4 / 3, abs=1e-4)] * 3 + [1.0]
    assert colours == [
        ("k", limited_colour),
        ("K", limited_colour),
        ("scn", limited_colour),
        ("scn", limited_colour),
        ("scn", [0.9] * 4),
    ]
    assert list(image.read_bytes()) == [119, 119, 119, 255, 10, 20, 30, 40]


def test_a_page_over_the_limit_is_named(tiny: DataCopy, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the limiter cannot reach (here: nothing, the limiter taken away) is measured and
    named: Tiny's numbers (at poker size, which DriveThruCards prints), navy backs and black
    figures."""
    if shutil.which("gs") is None:
        pytest.skip("needs Ghostscript's gs (apt install ghostscript)")
    tiny.edit("tiny/game.yaml", "size: mini", "size: poker")
    monkeypatch.setattr("generator.export.pdf.limit_ink", lambda document, limit: None)
    out = tiny.root.parent / "out"
    done = export(ExportRequest(targets()["drivethru"], tiny.root, out, ("tiny",), ("en",)))
    (note,) = done.notes
    said = re.fullmatch(
        r"tiny/en/numbers-pdfx1a\.pdf: pages 1, 2, 3, 4, 5 and 5 more carry up to (\d+) % of "
        r"ink, more than the 240 % DriveThruCards prints",
        note,
    )
    assert said and int(said[1]) > 260, note


def test_an_ink_limit_under_solid_black_is_refused(tmp_path: Path) -> None:
    table = yaml.safe_load((TARGETS_DIR / "drivethru.yaml").read_text(encoding="utf-8"))
    (tmp_path / "shop.yaml").write_text(yaml.safe_dump({**table, "ink_limit": 90}))
    with pytest.raises(ValueError, match=r"shop\.yaml: ink_limit is a per cent from 100 to 400"):
        load(tmp_path / "shop.yaml")
