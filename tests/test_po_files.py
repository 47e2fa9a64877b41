"""PO files as gettext's own tools read them: headers ``msgfmt -c`` accepts, the plural formulas
translators know, and the locale files' CLDR categories mapped onto ``msgstr[N]`` and back."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from generator import DEFAULT_DATA_DIR
from generator.languages import SOURCE
from generator.load.expansions import Expansion
from generator.problems import Problem
from generator.runtime.folders import discover_games
from generator.translation.owners import Owner, Owners
from generator.translation.plurals import po_plurals
from generator.translation.po import Translated, po_file, read_po
from generator.translation.run import export

LANGS = ("en", "de", "ru", "uk")
SLAVIC = (
    "nplurals=3; "
    "plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
)
"""The Russian and Ukrainian formula of gettext, Poedit and Weblate."""
EXPANSIONS = (
    Expansion(Path(__file__).parent / "expansions/gears-fifth-set", "gears"),
    Expansion(Path(__file__).parent / "expansions/break-the-code-questions", "break_the_code"),
)
RATING = "summary.rating"
"""A Break the Code text with plural forms, whose Ukrainian fraction form (``other``: 2,5
коду) is none of its whole-number forms."""


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every game's template and PO files in the shipped languages, and those of the test
    expansions with texts of their own, as ``pnp i18n export`` writes them (without the
    comments on where each text is printed: rendering every face takes seconds, and ``msgfmt``
    reads no comment)."""
    out = tmp_path_factory.mktemp("po")
    games = tuple(discover_games(DEFAULT_DATA_DIR))
    made = export(DEFAULT_DATA_DIR, games, LANGS, out, lambda owner: {}, EXPANSIONS)
    return [file.path for file in made]


@pytest.fixture(scope="module")
def games() -> Owners:
    """The shipped games' texts, as the import reads them."""
    return Owners([Owner(DEFAULT_DATA_DIR, game) for game in discover_games(DEFAULT_DATA_DIR)], [])


@pytest.mark.parametrize(
    ("lang", "header", "slots"),
    [
        ("en", "nplurals=2; plural=(n != 1);", ("one", "other")),
        ("de", "nplurals=2; plural=(n != 1);", ("one", "other")),
        ("ru", SLAVIC, ("one", "few", "many")),
        ("uk", SLAVIC, ("one", "few", "many")),
        ("fr", "nplurals=2; plural=(n > 1);", ("one", "other")),
        ("ja", "nplurals=1; plural=0;", ("other",)),
    ],
)
def test_plural_forms_are_the_formulas_translators_know(
    lang: str, header: str, slots: tuple[str, ...]
) -> None:
    assert (po_plurals(lang).header, po_plurals(lang).slots) == (header, slots)


def test_a_language_gettext_numbers_unlike_cldr_gets_cldr_s_own_rule() -> None:
    """Babel's table gives Latvian ``n != 0`` for its second form, where CLDR has ``zero`` for
    10 and 11 as well: one form per CLDR category, rather than a translation printed for the
    wrong count."""
    latvian = po_plurals("lv")
    assert latvian.slots == ("zero", "one", "other")
    assert latvian.header.startswith("nplurals=3;")


@pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="needs gettext's msgfmt (apt install gettext)"
)
def test_msgfmt_finds_nothing_to_say_about_any_exported_file(exported: list[Path]) -> None:
    owners = len(discover_games(DEFAULT_DATA_DIR)) + len(EXPANSIONS)
    assert len(exported) == owners * (1 + len(LANGS))
    for path in exported:
        checked = subprocess.run(
            ["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True
        )
        assert (checked.returncode, checked.stderr) == (0, ""), path


def test_the_header_names_no_date_of_its_own(exported: list[Path], tmp_path: Path) -> None:
    """Two exports of the same texts are the same bytes: nothing in the header is today's."""
    again = export(DEFAULT_DATA_DIR, ("gears",), ("ru",), tmp_path, lambda owner: {})
    first = next(path for path in exported if path.parts[-2:] == ("gears", "ru.po"))
    assert again[1].path.read_bytes() == first.read_bytes()
    header = polib.pofile(str(first)).metadata
    assert header["PO-Revision-Date"] == "1970-01-01 00:00+0000"
    assert (header["Last-Translator"], header["Language-Team"]) == ("", "")
    pot = polib.pofile(str(next(path for path in exported if path.suffix == ".pot")))
    assert pot.metadata["Language"] == SOURCE


def ukrainian_po(games: Owners) -> polib.POFile:
    owned = games["break_the_code"]
    return po_file(owned.owner, owned.english, owned.own["uk"], {}, {})


def read_back(made: polib.POFile, path: Path, games: Owners) -> Translated:
    path.write_text(str(made), "utf-8")
    problems: list[Problem] = []
    translated = read_po(path, path.name, games, problems)
    assert problems == [] and translated is not None
    return translated


def test_the_forms_go_out_as_msgstr_and_come_back_with_the_fraction_form_kept(
    games: Owners, tmp_path: Path
) -> None:
    """Ukrainian ``one``, ``few`` and ``many`` are ``msgstr[0]`` to ``[2]``; ``other``, the form
    of 2,5, has none, and comes back as the locale file has it while the forms of whole numbers
    are as they were."""
    made = ukrainian_po(games)
    rating = made.find(RATING, by="msgctxt")
    forms = games["break_the_code"].own["uk"].flat[RATING].forms  # type: ignore[attr-defined]
    assert rating.msgstr_plural == {0: forms["one"], 1: forms["few"], 2: forms["many"]}
    assert forms["other"] not in rating.msgstr_plural.values()
    assert read_back(made, tmp_path / "uk.po", games).texts[RATING] == forms


def test_a_changed_plural_text_gives_fractions_the_form_of_two_to_four(
    games: Owners, tmp_path: Path
) -> None:
    """A fraction's form kept from the file would still say the old words."""
    made = ukrainian_po(games)
    made.find(RATING, by="msgctxt").msgstr_plural[1] = "ще ≈{count} коди"
    assert read_back(made, tmp_path / "uk.po", games).texts[RATING] == {
        "one": "лишається ≈{count} код",
        "few": "ще ≈{count} коди",
        "many": "лишається ≈{count} кодів",
        "other": "ще ≈{count} коди",
    }


def rewritten(made: polib.POFile, **header: str) -> polib.POFile:
    made.metadata = {**{k: v for k, v in made.metadata.items() if k not in header}, **header}
    return made


def test_a_header_poedit_or_weblate_rewrote_is_read(games: Owners, tmp_path: Path) -> None:
    made = rewritten(
        ukrainian_po(games),
        **{
            "PO-Revision-Date": "2025-03-01 10:12+0000",
            "Last-Translator": "Olena Koval <olena@example.org>",
            "Language-Team": "Ukrainian <https://hosted.weblate.org/projects/pnp/uk/>",
            "Plural-Forms": SLAVIC.replace("=(", "=").replace(");", ";").replace("&&", " && "),
            "X-Generator": "Weblate 5.10",
        },
    )
    translated = read_back(made, tmp_path / "uk.po", games)
    assert translated.texts[RATING] == games["break_the_code"].own["uk"].flat[RATING].forms  # type: ignore[attr-defined]


def test_a_file_of_cldr_s_four_forms_still_imports(games: Owners, tmp_path: Path) -> None:
    """What pnp wrote before it wrote gettext's formulas: Russian ``msgstr[3]`` is ``other``."""
    cldr = (
        "nplurals=4; plural=((n%10==1 && n%100!=11) ? 0 : (n%10>=2 && n%10<=4 && "
        "(n%100<12 || n%100>14)) ? 1 : 2);"
    )
    made = rewritten(ukrainian_po(games), **{"Plural-Forms": cldr})
    for entry in made:
        if entry.msgid_plural:
            entry.msgstr_plural[3] = "лишається ≈{count} коду (дріб)"
    forms = read_back(made, tmp_path / "uk.po", games).texts[RATING]
    assert isinstance(forms, dict) and forms["other"] == "лишається ≈{count} коду (дріб)"


def test_a_formula_that_merges_two_forms_is_refused_at_its_line(
    games: Owners, tmp_path: Path
) -> None:
    made = rewritten(ukrainian_po(games), **{"Plural-Forms": "nplurals=2; plural=(n != 1);"})
    path = tmp_path / "uk.po"
    path.write_text(str(made), "utf-8")
    problems: list[Problem] = []
    assert read_po(path, "uk.po", games, problems) is None
    line = (
        path.read_text("utf-8")
        .splitlines()
        .index('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"')
    )
    assert [str(problem) for problem in problems] == [
        f"uk.po:{line + 1}: header: Plural-Forms: msgstr[1] would serve uk's many (0), few (2), "
        f"one (21): one CLDR category each: write Plural-Forms: {SLAVIC}"
    ]


def test_an_empty_plural_header_is_a_missing_one(games: Owners, tmp_path: Path) -> None:
    """msginit and Poedit may write ``Plural-Forms:`` with nothing after it: pnp's formula."""
    made = rewritten(ukrainian_po(games), **{"Plural-Forms": ""})
    assert read_back(made, tmp_path / "uk.po", games) is not None


def test_an_overlong_plural_header_is_refused_before_it_is_read(
    games: Owners, tmp_path: Path
) -> None:
    """A stranger's header of spaces once took minutes to match; now its length refuses it."""
    header = "nplurals=2; plural=n" + " " * 20_000 + "x"
    made = rewritten(ukrainian_po(games), **{"Plural-Forms": header})
    path = tmp_path / "uk.po"
    path.write_text(str(made), "utf-8")
    problems: list[Problem] = []
    assert read_po(path, "uk.po", games, problems) is None
    lines = path.read_text("utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "Plural-Forms" in text)
    assert [str(problem) for problem in problems] == [
        f"uk.po:{line}: header: Plural-Forms: 20021 characters, longer than any formula (at most "
        f"1000): write Plural-Forms: {SLAVIC}"
    ]


def test_an_export_line_counts_one_text_in_the_singular() -> None:
    from generator.translation.run import Exported

    assert str(Exported(Path("x/de.po"), 1, 1, 0)) == "x/de.po: 1 text, 1 to translate, 0 fuzzy"
    assert str(Exported(Path("x.pot"), 2, 2, 0)) == "x.pot: template, 2 texts"
