"""An expansion's own texts through the translator's loop: ``pnp i18n export --with DIR`` to PO
files of the texts its ``locales/`` adds or replaces, ``pnp i18n import --with DIR`` back into
the expansion's own files, the game's untouched."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import polib
import pytest

from generator import DEFAULT_DATA_DIR
from generator.load.expansions import Expansion
from generator.translation.run import export, import_files
from tests.conftest import DataCopy, Result

FIFTH = Path(__file__).parent / "expansions" / "gears-fifth-set"
COMPONENTS = "summary.components.gears"
"""The one text the fifth set replaces: the summary counts five gear sets."""


@pytest.fixture
def fifth(tmp_path: Path) -> Path:
    """A copy of the fifth gear set, to translate."""
    return Path(shutil.copytree(FIFTH, tmp_path / "fifth-set"))


def test_an_expansion_s_texts_go_out_and_come_back(
    pnp: Callable[..., Result], data: DataCopy, fifth: Path, tmp_path: Path
) -> None:
    out = tmp_path / "po"
    exported = pnp(
        "i18n", "export", "--with", fifth, "--lang", "de", "--data", data.root, "--out", out
    )
    assert exported.code == 0, exported.err
    assert sorted(path.name for path in out.iterdir()) == ["fifth-set"]  # no game's files
    po = polib.pofile(str(out / "fifth-set/de.po"))
    assert (po.metadata["X-Pnp-Game"], po.metadata["X-Pnp-Expansion"]) == ("gears", "fifth-set")
    assert [(entry.msgctxt, entry.msgstr) for entry in po] == [
        (COMPONENTS, "Zahnräder (5 Sätze zu je 6)")
    ]
    assert po[0].occurrences == [("fifth-set/locales/en.yaml", "4")]
    assert po[0].comment == "Printed in the rules summary."
    po[0].msgstr = "Zahnräder (fünf Sätze zu je sechs)"
    po.save()
    game_before = {path: path.read_bytes() for path in data.root.rglob("*.yaml")}
    (imported,) = import_files(data.root, (out / "fifth-set/de.po",), (Expansion(fifth, "gears"),))
    assert (imported.locale, imported.changed) == (fifth / "locales/de.yaml", 1)
    assert (fifth / "locales/de.yaml").read_text("utf-8").splitlines()[1:] == [
        "summary:",
        "  components:",
        "    gears: Zahnräder (fünf Sätze zu je sechs)",
    ]
    assert COMPONENTS in (fifth / "locales/sources/de.yaml").read_text("utf-8")
    assert {path: path.read_bytes() for path in data.root.rglob("*.yaml")} == game_before


def test_an_expansion_s_po_file_holds_its_texts_and_needs_its_folder(
    pnp: Callable[..., Result], fifth: Path, tmp_path: Path
) -> None:
    """Without ``--with`` pnp cannot know where the expansion is; with it, a text of the game's
    is not the expansion's to translate."""
    export(DEFAULT_DATA_DIR, (), ("de",), tmp_path, lambda owner: {}, (Expansion(fifth, "gears"),))
    written = tmp_path / "fifth-set/de.po"
    text = written.read_text("utf-8").replace(f'"{COMPONENTS}"', '"title"')
    written.write_text(text, "utf-8")
    lines = text.splitlines()
    header, entry = (
        lines.index('"X-Pnp-Expansion: fifth-set\\n"') + 1,
        lines.index('msgctxt "title"') + 1,
    )
    alone = pnp("i18n", "import", written)
    assert (alone.code, alone.err) == (
        1,
        f"{written}:{header}: header: X-Pnp-Expansion: 'fifth-set', an expansion of gears: give "
        "its folder with --with DIR\n1 problem found; nothing was written.\n",
    )
    laid = pnp("i18n", "import", written, "--with", fifth)
    assert (laid.code, laid.err) == (
        1,
        f"{written}:{entry}: title: not a text of fifth-set/locales/en.yaml\n"
        "1 problem found; nothing was written.\n",
    )


def test_a_language_the_game_lacks_is_the_expansion_s_to_translate_whole(
    fifth: Path, tmp_path: Path
) -> None:
    """A French file of the expansion must hold every text of the merged game: its PO file asks
    for them all, the game's at the game's English lines; the template holds the expansion's
    own texts alone."""
    expansion = Expansion(fifth, "gears")
    export(DEFAULT_DATA_DIR, (), ("fr",), tmp_path, lambda owner: {}, (expansion,))
    french = polib.pofile(str(tmp_path / "fifth-set/fr.po"))
    english = (DEFAULT_DATA_DIR / "gears/locales/en.yaml").read_text("utf-8")
    assert len(french) == sum(1 for entry in french if not entry.translated()) > 100
    by_key = {entry.msgctxt: entry.occurrences[0][0] for entry in french}
    assert by_key[COMPONENTS] == "fifth-set/locales/en.yaml"
    assert by_key["title"] == "gears/locales/en.yaml" and "title:" in english
    template = polib.pofile(str(tmp_path / "fifth-set/fifth-set.pot"))
    assert [entry.msgctxt for entry in template] == [COMPONENTS]


def test_an_expansion_without_texts_of_its_own_is_skipped_not_a_failure(
    pnp: Callable[..., Result], data: DataCopy, tmp_path: Path
) -> None:
    """Its cards print in the game's words: the game's own texts still go out, and come back
    with the expansion given only so that the import is checked with it."""
    tasks = Path(__file__).parent / "expansions" / "three-by-three-tasks"
    out = tmp_path / "po"
    given = ("--with", tasks, "--data", data.root)
    made = pnp("i18n", "export", "three_by_three", *given, "--lang", "de", "--out", out)
    assert (made.code, made.err) == (0, "")
    assert made.out.splitlines()[0] == (
        "--with three-by-three-tasks: no texts of its own (no locales/en.yaml): skipped"
    )
    assert sorted(path.name for path in (out / "three_by_three").iterdir()) == [
        "de.po",
        "three_by_three.pot",
    ]
    imported = pnp("i18n", "import", out / "three_by_three" / "de.po", *given)
    assert (imported.code, imported.err) == (0, "")
    assert imported.out.splitlines()[-1] == "three_by_three+three-by-three-tasks: ok"
