"""The translator's loop: ``pnp i18n export`` to PO files, ``pnp i18n import`` back into the
locale files, and what a PO file from a stranger may not do."""

from __future__ import annotations

import difflib
import filecmp
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
import yaml

from generator import DEFAULT_DATA_DIR
from generator.load.locales import load_locales
from generator.load.placeholders import formatted_problem
from generator.model import Locale
from generator.problems import Problem, ProblemLog
from generator.runtime.folders import discover_games
from generator.translation import reader, run
from generator.translation.owners import Owner, Owners
from generator.translation.po import english_of, read_po
from generator.translation.yaml_file import _folded, updated
from tests.conftest import DataCopy, Result

GAMES = discover_games(DEFAULT_DATA_DIR)
Pnp = Callable[..., Result]


def export(pnp: Pnp, data: DataCopy, out: Path, *args: str) -> Result:
    result = pnp("i18n", "export", *args, "--data", data.root, "--out", out)
    assert result.code == 0, result.err
    return result


def edit_po(path: Path, **msgstrs: str | dict[int, str]) -> None:
    """Set the msgstr (or plural forms) of the entries named by key, as a script would."""
    po = polib.pofile(str(path))
    for entry in po:
        if entry.msgctxt in msgstrs:
            value = msgstrs[entry.msgctxt]
            if isinstance(value, dict):
                entry.msgstr_plural = value
            else:
                entry.msgstr = value
    po.save(str(path))


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and line[:3] not in ("---", "+++")
    ]


def test_export_then_import_leaves_every_locale_byte_identical(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    shutil.copytree(data.root, tmp_path / "before")
    export(pnp, data, tmp_path / "po", "--lang", "en", "ru", "uk")
    files = sorted((tmp_path / "po").glob("*/*.po"))
    assert len(files) == 3 * len(GAMES)
    result = pnp("i18n", "import", *files, "--data", data.root)
    assert result.code == 0, result.err
    assert result.out.count(": 0 texts changed") == len(files)
    comparison = filecmp.dircmp(tmp_path / "before", data.root)
    for game in GAMES:
        for folder in (f"{game}/locales", f"{game}/locales/sources"):
            names = sorted(p.name for p in (data.root / folder).glob("*.yaml"))
            match, mismatch, errors = filecmp.cmpfiles(
                tmp_path / "before" / folder, data.root / folder, names, shallow=False
            )
            assert (mismatch, errors) == ([], []), folder
            assert match == names
    assert not comparison.left_only and not comparison.right_only


def test_one_changed_msgstr_is_exactly_that_change_in_the_yaml(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """A plain text, a folded paragraph and one plural form each come back as that change
    alone: comments, order and the other texts' quoting are kept."""
    export(pnp, data, tmp_path / "po", "gears", "game_of_trains", "--lang", "ru")
    gears, trains = (
        data.root / "gears/locales/ru.yaml",
        data.root / "game_of_trains/locales/ru.yaml",
    )
    gears_before, trains_before = gears.read_text("utf-8"), trains.read_text("utf-8")
    edit_po(tmp_path / "po/gears/ru.po", **{"colours.red": "Алая"})
    plural = {0: "на {count} вагончике", 1: "на {count} вагонах", 2: "на {count} вагонах"}
    edit_po(tmp_path / "po/game_of_trains/ru.po", **{"summary.on_wagons": plural})
    result = pnp(
        "i18n",
        "import",
        tmp_path / "po/gears/ru.po",
        tmp_path / "po/game_of_trains/ru.po",
        "--data",
        data.root,
    )
    assert result.code == 0, result.err
    assert "gears/locales/ru.yaml: 1 text changed" in result.out
    assert changed_lines(gears_before, gears.read_text("utf-8")) == [
        "-  red: Красная",
        "+  red: Алая",
    ]
    assert changed_lines(trains_before, trains.read_text("utf-8")) == [
        '-    one: "на {count} вагоне"',
        '+    one: "на {count} вагончике"',
    ]


def test_a_changed_folded_paragraph_stays_folded(pnp: Pnp, data: DataCopy, tmp_path: Path) -> None:
    export(pnp, data, tmp_path / "po", "gears", "--lang", "uk")
    locale = data.root / "gears/locales/uk.yaml"
    before = locale.read_text("utf-8")
    words = "Нова мета гри, досить довга, щоб її довелося скласти в кілька рядків файлу. " * 3
    edit_po(tmp_path / "po/gears/uk.po", **{"summary.goal": words.strip()})
    assert pnp("i18n", "import", tmp_path / "po/gears/uk.po", "--data", data.root).code == 0
    after = locale.read_text("utf-8")
    changes = changed_lines(before, after)
    assert all(line.startswith(("-    ", "+    ")) for line in changes)
    assert "  goal: >-" in after
    added = [line[1:] for line in changes if line.startswith("+")]
    assert len(added) == 3 and all(len(line) <= 4 + 92 for line in added)
    assert " ".join(line.strip() for line in added) == words.strip()


def test_the_po_file_tells_the_translator_what_each_text_is(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    export(pnp, data, tmp_path / "po", "break_the_code", "--lang", "fr")
    po = polib.pofile(str(tmp_path / "po/break_the_code/fr.po"))
    assert po.metadata["Language"] == "fr"
    assert po.metadata["X-Pnp-Game"] == "break_the_code"
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"  # gettext's French
    by_key = {entry.msgctxt: entry for entry in po}
    english = (data.root / "break_the_code/locales/en.yaml").read_text("utf-8").splitlines()
    rating = by_key["summary.rating"]
    assert (rating.msgid, rating.msgid_plural) == ("≈{count} code left", "≈{count} codes left")
    assert rating.msgstr_plural == {0: "", 1: ""}
    assert "python-brace-format" in rating.flags
    assert "python-brace-format" not in by_key["title"].flags
    file, line = by_key["title"].occurrences[0]
    assert file == "break_the_code/locales/en.yaml" and english[int(line) - 1].startswith("title:")
    assert all(entry.msgstr == "" for entry in po if not entry.msgid_plural)
    assert len(po) == len(by_key)  # one entry per key
    question = by_key["questions.sum"].comment
    assert question.startswith("Printed on question-"), question
    assert re.search(
        r"Box \d+(\.\d+)? x \d+(\.\d+)? mm, \d lines?: about \d+ characters at", question
    )
    assert "the English fills" in question
    assert by_key["summary.goal"].comment == "Printed in the rules summary."
    assert by_key["decks.tiles"].comment.startswith("A deck's name")
    pot = polib.pofile(str(tmp_path / "po/break_the_code/break_the_code.pot"))
    assert [entry.msgctxt for entry in pot] == [entry.msgctxt for entry in po]


def test_a_translation_whose_english_changed_exports_fuzzy(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    data.edit("gears/locales/en.yaml", "red: Red", "red: Crimson")
    export(pnp, data, tmp_path / "po", "gears", "--lang", "ru")
    po = polib.pofile(str(tmp_path / "po/gears/ru.po"))
    fuzzy = [entry for entry in po if "fuzzy" in entry.flags]
    assert [(e.msgctxt, e.msgid, e.previous_msgid, e.msgstr) for e in fuzzy] == [
        ("colours.red", "Crimson", "Red", "Красная")
    ]
    edit_po(tmp_path / "po/gears/ru.po", **{"colours.red": "Багровая"})
    result = pnp("i18n", "import", tmp_path / "po/gears/ru.po", "--data", data.root)
    assert "0 texts changed; 1 fuzzy left out" in result.out
    assert "red: Красная" in (data.root / "gears/locales/ru.yaml").read_text("utf-8")


def test_a_new_language_through_the_workflow(pnp: Pnp, data: DataCopy, tmp_path: Path) -> None:
    """Export, translate two texts (French), import: the new file has them in the English file's
    order, and the import says how far the translation is (a partial one is progress, exit 0);
    --fallback prints the rest in English, listing each text once."""
    export(pnp, data, tmp_path / "po", "three_by_three", "--lang", "fr")
    po_path = tmp_path / "po/three_by_three/fr.po"
    title = (data.root / "three_by_three/locales/en.yaml").read_text("utf-8").split("title: ")[1]
    title = title.splitlines()[0]  # 3 and 3 with a multiplication sign
    edit_po(po_path, title=title, language="Français")
    result = pnp("i18n", "import", po_path, "--data", data.root)
    texts = len(polib.pofile(str(po_path)))
    written = data.root / "three_by_three/locales/fr.yaml"
    assert (result.code, result.err) == (0, "")
    assert result.out == (
        f"{po_path} -> {written}: 2 texts changed; fr: 2 of {texts} texts translated\n"
        "three_by_three: ok\n"
    )
    locale = written.read_text("utf-8").splitlines()
    assert locale[0] == (
        "# yaml-language-server: $schema=../../../schemas/three_by_three/locale.schema.json"
    )
    assert locale[1].startswith(f"# Every word printed on the {title} cards, in French.")
    assert locale[3:5] == ["language: Français", f"title: {title}"]
    built = pnp(
        "build",
        "three_by_three",
        "--lang",
        "fr",
        "--fallback",
        "en",
        "--data",
        data.root,
        "--out",
        tmp_path / "out",
        "--no-cache",
    )
    assert built.code == 0, built.err
    notes = [line for line in built.err.splitlines() if line.startswith("note: ")]
    assert len(notes) == texts - 2 == len(set(notes))
    assert (
        "note: three_by_three/locales/fr.yaml: summary.goal: missing, printed in en (--fallback)"
        in notes
    )
    assert (tmp_path / "out/three_by_three/fr/cards-a4.pdf").is_file()


def test_import_writes_nothing_while_a_po_file_has_a_problem(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    export(pnp, data, tmp_path / "po", "gears", "--lang", "ru", "uk")
    good, bad = tmp_path / "po/gears/uk.po", tmp_path / "po/gears/ru.po"
    edit_po(good, **{"colours.red": "Багряна"})
    edit_po(bad, **{"summary.players": "от {low} до {hihg} игроков", "colours.red": "Алая"})
    text = bad.read_text("utf-8").replace('msgctxt "colours.blue"', 'msgctxt "colours.bleu"')
    bad.write_text(text, "utf-8")
    before = {p: p.read_bytes() for p in (data.root / "gears/locales").glob("*.yaml")}
    result = pnp("i18n", "import", good, bad, "--data", data.root)
    lines = text.splitlines()
    at = {key: lines.index(f'msgctxt "{key}"') + 1 for key in ("colours.bleu", "summary.players")}
    assert result.code == 1
    assert result.err == (
        f"{bad}:{at['colours.bleu']}: colours.bleu: not a text of gears/locales/en.yaml\n"
        f"{bad}:{at['summary.players']}: summary.players: {{hihg}} is not a value of this text "
        "(the English has {high}, {low})\n"
        "2 problems found; nothing was written.\n"
    )
    assert {p: p.read_bytes() for p in (data.root / "gears/locales").glob("*.yaml")} == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "b"\ngarbage here\n', "6: a PO syntax error"),
        (
            'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"X-Pnp-Game: chess\\n"\n',
            "4: header: X-Pnp-Game: 'chess' is not a game of the card data (its games: "
            + ", ".join(GAMES)
            + ")",
        ),
        (
            'msgid ""\nmsgstr ""\n"Language: ../x\\n"\n"X-Pnp-Game: gears\\n"\n',
            "3: header: Language: '../x' is not a language code like 'de' or 'pt-BR'",
        ),
        (
            'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"X-Pnp-Game: gears\\n"\n\n'
            'msgid "Red"\nmsgstr "Rot"\n',
            "6: msgid: no msgctxt: pnp names each text by its key there",
        ),
    ],
)
def test_a_bad_po_file(pnp: Pnp, data: DataCopy, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.po"
    path.write_text(text, "utf-8")
    result = pnp("i18n", "import", path, "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"{path}:{message}\n1 problem found; nothing was written.\n",
    )
    assert not (data.root / "gears/locales/fr.yaml").exists()


def test_a_new_language_file_loads_back_with_every_text(tmp_path: Path) -> None:
    """Every key written as the English file writes it: ``"yes"`` unquoted would load as a
    boolean, ``"1"`` as a number."""
    for game in GAMES:
        english_file = DEFAULT_DATA_DIR / game / "locales/en.yaml"
        english = shipped_flat(DEFAULT_DATA_DIR, game)
        texts = {key: value for key, value in english.items()}  # the English as a translation
        folder = tmp_path / game / "locales"
        folder.mkdir(parents=True)
        (folder / "en.yaml").write_text(english_file.read_text("utf-8"), "utf-8")
        (folder / "xx.yaml").write_text(
            updated(None, english_file.read_text("utf-8"), texts, "header"), "utf-8"
        )
        assert shipped_flat(tmp_path, game, "xx") == english


def shipped_flat(data_dir: Path, game: str, lang: str = "en") -> dict[str, object]:
    problems: list[Problem] = []
    locales = load_locales(data_dir, game, (), ProblemLog("", problems), complete=False)
    assert problems == []
    return {key: english_of(text) for key, text in locales[lang].flat.items()}


def write_po(path: Path, body: str, lang: str = "ru", game: str = "gears") -> Path:
    header = f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"X-Pnp-Game: {game}\\n"\n\n'
    path.write_text(header + body, "utf-8")
    return path


def tiny_files(tiny: DataCopy) -> dict[Path, bytes]:
    """Every file under Tiny's locales, with its bytes."""
    folder = tiny.root / "tiny/locales"
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_a_failed_import_leaves_every_file_as_it_was(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path
) -> None:
    """A mistake the check after writing finds (a NUL in a text) is told at its PO line, and
    what the import wrote is put back: the Ukrainian file it changed, the French file and the
    sources folder it made."""
    export(pnp, tiny, tmp_path / "po", "tiny", "--lang", "uk", "fr")
    uk, fr = tmp_path / "po/tiny/uk.po", tmp_path / "po/tiny/fr.po"
    edit_po(uk, **{"colours.red": "Черво\x00ний"})
    edit_po(fr, language="Français", title="Minuscule")
    before = tiny_files(tiny)
    result = pnp("i18n", "import", fr, uk, "--data", tiny.root)
    red = uk.read_text("utf-8").splitlines().index('msgctxt "colours.red"') + 1
    assert (result.code, result.out, result.err) == (
        1,
        "",
        f"{uk}:{red}: colours.red: a control character (U+0000) cannot be printed on a card\n"
        "1 problem found; nothing was written.\n",
    )
    assert tiny_files(tiny) == before
    assert not (tiny.root / "tiny/locales/sources").exists()


def test_a_text_too_long_for_its_box_is_told_at_its_po_line_and_not_written(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path
) -> None:
    export(pnp, tiny, tmp_path / "po", "tiny", "--lang", "fr")
    po_path = tmp_path / "po/tiny/fr.po"
    edit_po(po_path, language="Français", **{"colours.red": "Rouge " * 40})
    result = pnp("i18n", "import", po_path, "--data", tiny.root)
    red = po_path.read_text("utf-8").splitlines().index('msgctxt "colours.red"') + 1
    assert result.code == 1
    assert result.err.startswith(f"{po_path}:{red}: colours.red: does not fit its ")
    assert result.err.endswith("\n1 problem found; nothing was written.\n")
    assert not (tiny.root / "tiny/locales/fr.yaml").exists()


def test_a_text_larger_than_a_locale_file_is_refused_before_it_is_written_out(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 3.9 MB text cannot go into a locale file of at most 1 MB: it is refused as soon as
    it is read, before the file's YAML is written out (a second a megabyte for ruamel, the
    most of such an import's time)."""
    text = "слово " * 354_000  # 3.9 MB of UTF-8
    po_path = write_po(
        tmp_path / "fr.po",
        f'msgctxt "language"\nmsgid "English"\nmsgstr "Français"\n\n'
        f'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "{text}"\n',
        "fr",
        "tiny",
    )
    written_out = []
    monkeypatch.setattr(run, "updated", lambda *args: written_out.append(args))
    result = pnp("i18n", "import", po_path, "--data", tiny.root)
    assert (result.code, result.err) == (
        1,
        f"{po_path}: would make tiny/locales/fr.yaml larger than 1 MB, more than a locale file "
        "may be\n1 problem found; nothing was written.\n",
    )
    assert written_out == []
    assert not (tiny.root / "tiny/locales/fr.yaml").exists()


def test_a_po_file_holding_a_file_name_is_not_followed(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """polib reads the file a one-line text names: the import refuses such a text instead."""
    secret = write_po(tmp_path / "secret.po", 'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "X"\n')
    named = tmp_path / "named.po"
    named.write_text(str(secret), "utf-8")
    result = pnp("i18n", "import", named, "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"{named}:1: not a PO file: it holds a file name\n1 problem found; nothing was written.\n",
    )


def test_a_po_file_that_is_not_a_regular_file_is_not_read(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    endless = tmp_path / "zero.po"
    endless.symlink_to("/dev/zero")
    result = pnp("i18n", "import", endless, "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"{endless}: a device, not a file: refused\n1 problem found; nothing was written.\n",
    )


@pytest.mark.parametrize(
    ("body", "what"),
    [
        (
            'msgctxt "summary.players"\nmsgid "{low} to {high} players"\nmsgstr "{low} игроков"\n',
            "summary.players: {high} is missing: the translation must show every value "
            "({high}, {low})",
        ),
        (
            'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "Алая"\n\n'
            'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "Багровая"\n',
            ":10: colours.red: a second entry for this text (the first is on line 6)",
        ),
        (
            'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "Алая"\n\n'
            'msgctxt "colours.red"\nmsgid "Crimson"\nmsgstr "Багровая"\n',
            ":10: colours.red: a second entry for this text (the first is on line 6)",
        ),
        (
            'msgctxt "summary.players"\nmsgid "{low} to {high} players"\n'
            'msgstr "{low:>3} до {high} игроков"\n',
            ":6: summary.players: {low:>3}: a placeholder is only the name of a value ({low}); "
            "pnp applies no format spec, conversion, attribute or index, so this one would print "
            "as written",
        ),
    ],
)
def test_a_translation_that_loses_a_value_or_repeats_an_entry(
    pnp: Pnp, data: DataCopy, tmp_path: Path, body: str, what: str
) -> None:
    path = write_po(tmp_path / "ru.po", body)
    result = pnp("i18n", "import", path, "--data", data.root)
    assert result.code == 1
    assert what in result.err and result.err.endswith("nothing was written.\n")


def test_plural_forms_must_be_the_header_s(pnp: Pnp, data: DataCopy, tmp_path: Path) -> None:
    body = (
        'msgctxt "summary.on_wagons"\nmsgid "on {count} wagon"\nmsgid_plural "on {count} wagons"\n'
        'msgstr[0] "на {count} вагоне"\nmsgstr[1] "на {count} вагонах"\n'
    )
    path = write_po(tmp_path / "ru.po", body, game="game_of_trains")
    result = pnp("i18n", "import", path, "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"{path}:6: summary.on_wagons: msgstr[0] to msgstr[2] expected, one per plural form the "
        "Plural-Forms header gives ru (one, few, many)\n"
        "1 problem found; nothing was written.\n",
    )


def test_a_linked_sources_folder_is_refused_before_anything_is_written(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    export(pnp, data, tmp_path / "po", "gears", "--lang", "ru")
    edit_po(tmp_path / "po/gears/ru.po", **{"colours.red": "Алая"})
    sources = data.root / "gears/locales/sources"
    outside = tmp_path / "outside"
    shutil.move(sources, outside)
    sources.symlink_to(outside)
    before = (data.root / "gears/locales/ru.yaml").read_bytes()
    result = pnp("i18n", "import", tmp_path / "po/gears/ru.po", "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"gears/locales/sources: links outside card_data/ (to {outside}): refused\n"
        "1 problem found; nothing was written.\n",
    )
    assert (data.root / "gears/locales/ru.yaml").read_bytes() == before


def test_an_untranslated_po_file_writes_no_new_language(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """Nothing translated: no empty locale file that would break every build of the game."""
    export(pnp, data, tmp_path / "po", "three_by_three", "--lang", "fr")
    result = pnp("i18n", "import", tmp_path / "po/three_by_three/fr.po", "--data", data.root)
    assert result.code == 0, result.err
    assert not (data.root / "three_by_three/locales/fr.yaml").exists()
    assert not (data.root / "three_by_three/locales/sources/fr.yaml").exists()


def test_a_game_without_english_does_not_stop_another_s_import(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """Only the games the PO files name are read; the broken one is refused where named."""
    export(pnp, data, tmp_path / "po", "three_by_three", "gears", "--lang", "ru")
    (data.root / "gears/locales/en.yaml").unlink()
    result = pnp("i18n", "import", tmp_path / "po/three_by_three/ru.po", "--data", data.root)
    assert (result.code, result.err, result.out.splitlines()[-1]) == (0, "", "three_by_three: ok")
    result = pnp("i18n", "import", tmp_path / "po/gears/ru.po", "--data", data.root)
    assert (result.code, result.err.splitlines()[:2]) == (
        1,
        [
            f"{tmp_path / 'po/gears/ru.po'}:14: header: X-Pnp-Game: the texts of gears cannot be "
            "read: see the problems listed with this one",
            "gears/locales/en.yaml: no English locale: texts are translated from it",
        ],
    )


def test_a_text_under_an_unquoted_number_key_is_changed_in_place() -> None:
    """The loader reads ``1:`` as the step "1": the import changes it, not a second key."""
    english = 'steps:\n  "1": One\n  "2": Two\n'
    current = "steps:\n  1: Один\n  '2': Два\n"
    assert updated(current, english, {"steps.1": "Раз"}, "") == "steps:\n  1: Раз\n  '2': Два\n"


SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/gears/locale.schema.json"
RUSSIAN = f"{SCHEMA_LINE}\n# Gears in Russian.\ntitle: Шестерни\ngoal: Победить\n"


@pytest.mark.parametrize(
    ("current", "written"),
    [
        (f"{SCHEMA_LINE}\n# Gears in Russian.\ntitle: Шестерни\n", RUSSIAN),
        (f"# Gears in Russian.\ntitle: Шестерни\n{SCHEMA_LINE}\n", RUSSIAN),  # as written before
        (None, f"{SCHEMA_LINE}\n# Gears in Russian.\ngoal: Победить\n"),  # the English's line
    ],
)
def test_an_import_writes_the_schema_comment_first(current: str | None, written: str) -> None:
    """yaml-language-server 1.24 and later ignore the comment after the content."""
    english = f"{SCHEMA_LINE}\ntitle: Gears\ngoal: Win\n"
    assert updated(current, english, {"goal": "Победить"}, "Gears in Russian.") == written


def test_texts_a_folded_paragraph_would_change_are_quoted() -> None:
    english = "goal: >-\n  A long goal\n"
    current = "goal: >-\n  Длинная цель\n"
    for text in (" leading space", "a\x07bell", "two  spaces", "yes"):
        written = updated(current, english, {"goal": text}, "")
        assert yaml.safe_load(written) == {"goal": text}, written


@pytest.mark.parametrize("lang", ["a/b", "qps", "EN"])
def test_export_refuses_what_is_not_a_language_to_translate(
    pnp: Pnp, data: DataCopy, tmp_path: Path, lang: str
) -> None:
    out = tmp_path / "po"
    result = pnp("i18n", "export", "gears", "--lang", lang, "--data", data.root, "--out", out)
    assert result.code == 2
    assert result.err.startswith("usage: pnp i18n export") or "pnp: error: --lang" in result.err
    assert not out.exists()


def test_export_refuses_a_text_the_fonts_cannot_draw(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """A translator is told at the locale's line, before a PO file is written, as a build would
    tell them: the text would vanish from the print."""
    file = "three_by_three/locales/de.yaml"
    data.edit(file, "  chess: Schach\n", "  chess: Schach \U0001f600\n")
    line = data.line_of(file, "chess: Schach")
    out = tmp_path / "po"
    result = pnp("i18n", "export", "three_by_three", "--data", data.root, "--out", out)
    assert (result.code, result.err) == (
        1,
        f"{file}:{line}: modes.chess: '\U0001f600' (U+1F600) cannot be drawn by the project's "
        "fonts and would vanish from the print\n1 problem found.\n",
    )
    assert not out.exists()


# --- reading a PO file in linear time ---------------------------------------------------------

EVERY_FIELD_CONTINUED = r"""# the header's comment
# on two lines
msgid ""
msgstr ""
"Language: ru\n"
"X-Pnp-Game: gears\n"

#. where it is printed
#. on two lines
#: gears/locales/en.yaml:3
#, fuzzy, python-brace-format
#| msgctxt "colours."
#| "red"
#| msgid "Old "
#| "red"
msgctxt "colours."
"red"
msgid "Red "
"one"
msgstr "Красная "
"\"в кавычках\" и \\n"

# a translator's comment
msgctxt "summary.on_wagons"
msgid "on {count} wagon"
msgid_plural "on {count} "
"wagons"
msgstr[0] "на "
"{count}"
msgstr[1] "b"
msgstr[2] "c"
"d"
msgstr[3] ""

#~ msgctxt "gone"
#~ msgid "Gone"
#~ msgstr "Был"
#~ "шло"
"""


def po_fields(po: polib.POFile) -> tuple[object, ...]:
    """What pnp reads of a PO file: its metadata and each entry's strings, flags and line."""
    return (
        po.metadata,
        [
            (
                e.msgctxt,
                e.msgid,
                e.msgid_plural,
                e.msgstr,
                e.msgstr_plural,
                e.flags,
                e.obsolete,
                e.linenum,
                e.occurrences,
                (e.previous_msgctxt, e.previous_msgid, e.previous_msgid_plural),
            )
            for e in po
        ],
    )


@pytest.mark.parametrize(
    "text",
    [
        EVERY_FIELD_CONTINUED,
        EVERY_FIELD_CONTINUED.rstrip("\n"),  # the last string ends the file
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"X-Pnp-Game: gears\\n"',  # a header alone
        EVERY_FIELD_CONTINUED + "# a comment after the last entry\n",
        EVERY_FIELD_CONTINUED.replace("\n", "\r\n").replace('"o"', '"o"\n\n\n'),
    ],
    ids=["every-field", "no-last-newline", "header-alone", "comment-last", "crlf-blank-lines"],
)
def test_the_reader_reads_what_polib_reads(text: str) -> None:
    """Comments aside (pnp reads none), polib's own parser and the linear one agree."""
    assert po_fields(reader.read(text)) == po_fields(polib.pofile(text))


@pytest.mark.parametrize(
    "text",
    [
        'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "b"\ngarbage here\n',
        'msgid "a"\n# a comment\n"continued after it"\nmsgstr "b"\n',
        'msgid "a"\nmsgstr "b "c"\n',
        'msgctxt "k"\nmsgctxt "k"\nmsgid "a"\nmsgstr "b"\n',
    ],
    ids=["garbage", "continued-after-a-comment", "bare-quote", "two-msgctxt"],
)
def test_the_reader_refuses_what_polib_refuses(text: str) -> None:
    with pytest.raises(OSError) as polibs:
        polib.pofile(text)
    with pytest.raises(OSError) as ours:
        reader.read(text)
    assert str(ours.value) == str(polibs.value)


RANDOM_LINES = [
    *('msgid ""', 'msgstr ""', '"Language: ru\\n"', '"X-Pnp-Game: gears\\n"', "", "  "),
    *("# a comment", "#", "##x", "#. printed", "#.", "#: f:1", "#, fuzzy", "#,"),
    *('#| msgctxt "c"', '#| msgid "p"', '#| msgid_plural "pp"', '#| "q"'),
    *('msgctxt "k"', 'msgid "a"', 'msgid_plural "b"', 'msgstr "s"', 'msgstr[0] "x"'),
    *('msgstr[1] "y"', '"continued"', '  "with \\" a quote"  ', '"\\\\"', '"\\n"'),
    *('#~ msgid "o"', '#~ msgstr "p"', '#~ "r"', "#~|", "garbage", 'msgid "bare " quote"'),
]


def test_the_reader_agrees_with_polib_on_random_files() -> None:
    """Files of random PO lines, in any order: polib's parser and the linear one read the
    same entries or refuse the file at the same line."""

    def outcome(read: Callable[[str], polib.POFile], text: str) -> object:
        try:
            return po_fields(read(text))
        except OSError as error:
            return str(error)

    rng = random.Random(5)
    for _ in range(3_000):
        lines = rng.choices(RANDOM_LINES, k=rng.randint(1, 14))
        text = "\n".join(lines) + rng.choice(["", "\n"])
        assert outcome(reader.read, text) == outcome(polib.pofile, text), text


def test_reading_copies_each_string_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """polib adds every continued line, and every comment line, to all read before it: a
    copy of the text so far per line (a 3.9 MB translation of short lines took 12 s). The
    characters the reader puts into entries are counted, not timed: about the file's own."""
    lines = 20_000
    text = (
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n"X-Pnp-Game: gears\\n"\n\n'
        + "# a translator's comment\n" * lines
        + "#. where it is printed\n" * lines
        + 'msgctxt "summary.goal"\nmsgid "Goal"\nmsgstr ""\n'
        + '"слово\\n"\n' * lines
    )
    written = [0]

    class Counted(polib.POEntry):
        def __setattr__(self, name: str, value: object) -> None:
            written[0] += len(value) if isinstance(value, str) else 0
            super().__setattr__(name, value)

    monkeypatch.setattr(polib, "POEntry", Counted)
    read = reader.read(text)
    assert read[0].msgstr == "слово\n" * lines
    assert written[0] < 2 * len(text)


def test_entries_the_game_lacks_are_each_reported_in_one_pass(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each entry the game has no text for is a problem at its line, as a few are; and no
    entry is looked for among those before it (polib's check for duplicates does that: 20,000
    entries took 13 s)."""
    extra = 3_000
    body = "".join(f'msgctxt "extra.{i}"\nmsgid "a"\nmsgstr "b"\n\n' for i in range(extra))
    red = 'msgctxt "colours.red"\nmsgid "Red"\nmsgstr "Алая"\n\n'
    path = write_po(tmp_path / "ru.po", red + body)
    searches = [0]
    search = polib.POFile.find

    def counted(self: polib.POFile, *args: object, **kwargs: object) -> object:
        searches[0] += 1
        return search(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(polib.POFile, "find", counted)
    problems: list[Problem] = []
    translated = read_po(
        path, "ru.po", Owners([Owner(DEFAULT_DATA_DIR, "gears")], problems), problems
    )
    assert searches[0] <= 1  # the header's entry, once
    assert translated is not None and translated.texts == {"colours.red": "Алая"}
    assert problems == [
        Problem("ru.po", 10 + 4 * i, f"extra.{i}", "not a text of gears/locales/en.yaml")
        for i in range(extra)
    ]


def shipped_locales(game: str) -> dict[str, Locale]:
    return load_locales(DEFAULT_DATA_DIR, game, (), ProblemLog("", []), complete=False)


def test_a_long_folded_paragraph_is_written_with_its_folds_marked() -> None:
    """ruamel inserts each fold given as ``fold_pos`` by copying the whole text (a 3.5 MB
    paragraph took 10 s); marked in the text, it has none to insert, and folds the same."""
    words = " ".join(f"слово{i}" for i in range(5_000))
    folded = _folded(words)
    assert not getattr(folded, "fold_pos", [])
    written = updated("summary:\n  goal: >-\n    Old goal.\n", "", {"summary.goal": words}, "")
    lines = written.splitlines()
    assert lines[:2] == ["summary:", "  goal: >-"] and all(len(line) <= 4 + 92 for line in lines)
    assert yaml.safe_load(written) == {"summary": {"goal": words}}


# --- placeholders with a format ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("{count:>999999} wagons", "{count:>999999}"),
        ("{count.real} wagons", "{count.real}"),
        ("{count[0]} wagons", "{count[0]}"),
        ("{count!r} wagons", "{count!r}"),
        ("{count:{width}} wagons", "{count:{width}}"),
        ("{count} wagons, {count:>3}", "{count:>3}"),
        ("{count:" + "9" * 500 + "}", "{count:" + "9" * 52 + "…"),
        ("{count} wagons", None),
        ("{total:>5} and {count}", None),  # not a value this text is given: literal
        ("{count wagons} {count:", None),
        ("{{count}} {:>5} {0.x}", None),
    ],
)
def test_a_value_with_a_format_is_found(text: str, found: str | None) -> None:
    problem = formatted_problem(text, ("count",))
    assert (problem.split(": a placeholder")[0] if problem else None) == found


def test_braces_around_a_word_the_text_is_not_given_stay_literal(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    """``{minutes:>3}`` in a text given no ``minutes`` prints as written, in the locale file and
    from a PO file; ``{low:>3}`` in one given ``low`` is the designer's mistake."""
    data.edit("gears/locales/en.yaml", "time: 30", "time: 30 or {minutes:>3}")
    assert pnp("validate", "gears", "--data", data.root).code == 0
    body = (
        'msgctxt "summary.time"\nmsgid "About 20 minutes"\nmsgstr "{minutes:>3} минут"\n\n'
        'msgctxt "summary.players"\nmsgid "{low} to {high} players"\n'
        'msgstr "{low} до {high} {players!r}"\n'
    )
    result = pnp("i18n", "import", write_po(tmp_path / "ru.po", body), "--data", data.root)
    assert result.code == 0, result.err
    data.edit("gears/locales/ru.yaml", "{low} до", "{low!s} до")
    line = data.line_of("gears/locales/ru.yaml", "{low!s}")
    assert data.problems("gears") == [
        f"gears/locales/ru.yaml:{line}: summary.players: {{low!s}}: a placeholder is only the "
        "name of a value ({low}); pnp applies no format spec, conversion, attribute or index, "
        "so this one would print as written"
    ]
