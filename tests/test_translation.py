"""The translator's loop: ``pnp i18n export`` to PO files, ``pnp i18n import`` back into the
locale files, and what a PO file from a stranger may not do."""

from __future__ import annotations

import difflib
import filecmp
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
import yaml

from generator import DEFAULT_DATA_DIR
from generator.folders import discover_games
from generator.locales import load_locales
from generator.problems import Problem, ProblemLog
from generator.translation.po import english_of
from generator.translation.yaml_file import updated
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
    edit_po(
        tmp_path / "po/game_of_trains/ru.po",
        **{"summary.on_wagons": {**plural, 3: "на {count} вагонах"}},
    )
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
    assert po.metadata["Plural-Forms"].startswith("nplurals=3;")  # CLDR's one, many, other
    assert " e " not in po.metadata["Plural-Forms"]  # gettext knows only n
    by_key = {entry.msgctxt: entry for entry in po}
    english = (data.root / "break_the_code/locales/en.yaml").read_text("utf-8").splitlines()
    rating = by_key["summary.rating"]
    assert (rating.msgid, rating.msgid_plural) == ("≈{count} code left", "≈{count} codes left")
    assert rating.msgstr_plural == {0: "", 1: "", 2: ""}
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
    order; the language then lacks the rest, which validation lists and --fallback prints."""
    export(pnp, data, tmp_path / "po", "three_by_three", "--lang", "fr")
    po_path = tmp_path / "po/three_by_three/fr.po"
    title = (data.root / "three_by_three/locales/en.yaml").read_text("utf-8").split("title: ")[1]
    title = title.splitlines()[0]  # 3 and 3 with a multiplication sign
    edit_po(po_path, title=title, language="Français")
    result = pnp("i18n", "import", po_path, "--data", data.root)
    assert result.code == 1
    locale = (data.root / "three_by_three/locales/fr.yaml").read_text("utf-8")
    assert locale.splitlines()[2:4] == ["language: Français", f"title: {title}"]
    assert locale.splitlines()[0].startswith(
        f"# Every word printed on the {title} cards, in French."
    )
    assert locale.endswith(
        "# yaml-language-server: $schema=../../../schemas/three_by_three/locale.schema.json\n"
    )
    missing = [line for line in result.err.splitlines() if "not translated yet" in line]
    assert len(missing) == len(polib.pofile(str(po_path))) - 2
    goal = po_path.read_text("utf-8").splitlines().index('msgctxt "summary.goal"') + 1
    assert f"{po_path}:{goal}: summary.goal: not translated yet (its msgstr is empty, or " in (
        result.err
    )
    assert result.err.endswith(
        "import it again (a partial translation prints with --fallback en).\n"
    )
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
    assert len(notes) == len(missing) == len(set(notes))
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
        f"{endless}: not a regular file\n1 problem found; nothing was written.\n",
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
            'Entry "Red" already exists',
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


def test_plural_forms_must_be_the_language_s_cldr_ones(
    pnp: Pnp, data: DataCopy, tmp_path: Path
) -> None:
    body = (
        'msgctxt "summary.on_wagons"\nmsgid "on {count} wagon"\nmsgid_plural "on {count} wagons"\n'
        'msgstr[0] "на {count} вагоне"\nmsgstr[1] "на {count} вагонах"\n'
        'msgstr[2] "на {count} вагонах"\n'
    )
    path = write_po(tmp_path / "ru.po", body, game="game_of_trains")
    result = pnp("i18n", "import", path, "--data", data.root)
    assert (result.code, result.err) == (
        1,
        f"{path}:6: summary.on_wagons: msgstr[0] to msgstr[3] expected, one per plural form of "
        "ru in CLDR (one, few, many, other): keep the Plural-Forms header pnp wrote\n"
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
    export(pnp, data, tmp_path / "po", "three_by_three", "--lang", "ru")
    (data.root / "gears/locales/en.yaml").unlink()
    result = pnp("i18n", "import", tmp_path / "po/three_by_three/ru.po", "--data", data.root)
    assert result.code == 1
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert result.err.startswith("gears/locales/en.yaml: no English locale")


def test_a_text_under_an_unquoted_number_key_is_changed_in_place() -> None:
    """The loader reads ``1:`` as the step "1": the import changes it, not a second key."""
    english = 'steps:\n  "1": One\n  "2": Two\n'
    current = "steps:\n  1: Один\n  '2': Два\n"
    assert updated(current, english, {"steps.1": "Раз"}, "") == "steps:\n  1: Раз\n  '2': Два\n"


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
