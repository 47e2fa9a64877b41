"""Which languages a game prints, and what its locale files may get wrong: a translation in
progress left out of a run of every language with one line (failing when named), a misspelt
locale key told once at its own line, a misspelt ``--lang`` answered with a guess."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.games.gears.engine import Gears
from generator.languages import Languages, no_locale
from generator.load.catalog import load_game
from generator.model import Game
from generator.preview.check import check_game
from generator.problems import DataError, Problem, UsageError
from tests.conftest import DataCopy, Result
from tests.fixture import Tiny

Pnp = Callable[..., Result]
FRENCH = "language: Français\ntitle: Minuscule\n"
"""A translation of Tiny just begun: 2 of its 18 texts."""
PROGRESS = "tiny/locales/fr.yaml: fr: 2 of 18 texts"


@pytest.fixture
def french(tiny: DataCopy) -> DataCopy:
    """Tiny (English and Ukrainian, both required) with a French translation begun."""
    (tiny.root / "tiny/locales/fr.yaml").write_text(FRENCH, "utf-8")
    return tiny


def loaded(data: DataCopy) -> tuple[Game, list[Problem]]:
    problems: list[Problem] = []
    return load_game(data.root, "tiny", Tiny(), problems), problems


def test_a_build_of_every_language_leaves_a_translation_in_progress_out_in_one_line(
    pnp: Pnp, french: DataCopy, tmp_path: Path
) -> None:
    """Said again by a build answered from the cache (nothing to do)."""
    for _ in range(2):
        built = pnp("build", "tiny", "--data", french.root, "--out", tmp_path / "out")
        assert (built.code, built.err) == (
            0,
            f"note: {PROGRESS}; build it with --lang fr --fallback en\n",
        )
    assert sorted(path.name for path in (tmp_path / "out/tiny").iterdir()) == ["en", "uk"]


def test_a_translation_in_progress_asked_for_by_name_fails_with_how_to_print_it(
    pnp: Pnp, french: DataCopy, tmp_path: Path
) -> None:
    lacking = sorted(
        [
            ("scores", 3),
            ("number", 4),
            ("colours.red", 6),
            ("colours.blue", 7),
            ("summary.players", 9),
            ("summary.time", 10),
            ("summary.goal", 11),
            ("summary.words.list", 13),
            ("summary.headings.components", 15),
            ("summary.headings.setup", 16),
            ("summary.headings.turn", 17),
            ("summary.components.numbers", 19),
            ("summary.components.colours", 20),
            ("summary.components.scores", 21),
            ("summary.setup.1", 23),
            ("summary.turn.1", 25),
        ]
    )  # each with its line in en.yaml
    out = tmp_path / "out"
    built = pnp("build", "tiny", "--lang", "fr", "--data", french.root, "--out", out)
    assert (built.code, built.err) == (
        1,
        f"{PROGRESS}; build it with --lang fr --fallback en\n"
        + "".join(
            f"tiny/locales/fr.yaml:1: {key}: missing translation (en.yaml:{number} has it)\n"
            for key, number in lacking
        )
        + "17 problems found; nothing was written.\n",
    )
    assert not out.exists()


def test_validate_tells_a_translation_in_progress_as_progress(pnp: Pnp, french: DataCopy) -> None:
    checked = pnp("validate", "tiny", "--data", french.root)
    assert (checked.code, checked.out, checked.err) == (
        0,
        "tiny: ok (5 numbers, 2 colours; locales en, uk)\n",
        f"note: {PROGRESS}; check it with --fallback en\n",
    )


def test_proof_export_and_preview_choose_languages_as_a_build_does(french: DataCopy) -> None:
    """One rule for every command: every language leaves the draft out with a line; named,
    it fails with the hint (the preview shows the problems, as a build reports them)."""
    game, problems = loaded(french)
    assert problems == []
    assert game.languages(()) == ["en", "uk"]
    assert game.left_out((), "proof") == [f"{PROGRESS}; proof it with --lang fr --fallback en"]
    assert game.left_out(("en",), "proof") == []
    with pytest.raises(DataError) as named:
        game.languages(("en", "fr"), "export")
    assert str(named.value.problems[0]) == f"{PROGRESS}; export it with --lang fr --fallback en"
    assert len(named.value.problems) == 17
    *_, shown = check_game(french.root, "tiny", first="en")
    assert shown.notes == (f"{PROGRESS}; preview it with --lang fr --fallback en",)
    assert shown.problems == () and list(shown.faces) == ["en", "uk"]
    *_, asked = check_game(french.root, "tiny", first="fr")
    assert str(asked.problems[0]) == f"{PROGRESS}; preview it with --lang fr --fallback en"


def test_a_language_pnp_prints_in_still_fails_without_a_text(tiny: DataCopy) -> None:
    """Ukrainian, as English, German and Russian, is required: a text it lacks is a problem
    in a run of every language, not progress."""
    tiny.edit("tiny/locales/uk.yaml", "\ntitle: ", "\n# title: ")
    assert [str(problem) for problem in loaded(tiny)[1]] == [
        "tiny/locales/uk.yaml:1: title: missing translation (en.yaml:2 has it)",
    ]


def test_a_misspelt_english_key_is_told_once_at_its_own_line(pnp: Pnp, data: DataCopy) -> None:
    """The issue's slip: ``title:`` spelt ``titel:`` in English; not six lines blaming the
    files that are right."""
    data.edit("gears/locales/en.yaml", "\ntitle: ", "\ntitel: ")
    line = data.line_of("gears/locales/en.yaml", "titel: ")
    told = f"gears/locales/en.yaml:{line}: titel: unknown key (did you mean 'title'?)"
    checked = pnp("validate", "gears", "--data", data.root)
    assert (checked.code, checked.err) == (1, f"{told}\n1 problem found.\n")
    for made in (Languages(fallback="en"), Languages(pseudo=True)):  # copies of the slip
        problems: list[Problem] = []
        load_game(data.root, "gears", Gears(), problems, languages=made)
        assert [str(problem) for problem in problems] == [told]


def test_a_key_english_lacks_in_one_translation_is_its_own_mistake(data: DataCopy) -> None:
    data.edit("gears/locales/de.yaml", "\ntitle: ", "\nuntertitel: Zahnräder\ntitle: ")
    line = data.line_of("gears/locales/de.yaml", "untertitel: ")
    assert data.problems("gears") == [
        f"gears/locales/de.yaml:{line}: untertitel: unknown key "
        "(gears/locales/en.yaml has no such text)"
    ]


@pytest.mark.parametrize(
    ("typed", "hint"),
    [
        ("ukr", " (did you mean 'uk'?)"),
        ("eng", " (did you mean 'en'?)"),
        ("deu", " (did you mean 'de'?)"),
        ("ger", " (did you mean 'de'?)"),
        ("rus", " (did you mean 'ru'?)"),
        ("ed", " (did you mean 'de'?)"),
        ("ur", " (did you mean 'ru'?)"),
        ("EN", " (did you mean 'en'?)"),
        ("en_GB", " (did you mean 'en'?)"),
        ("German", " (did you mean 'de'?)"),
        ("Deutsch", " (did you mean 'de'?)"),
        ("українська", " (did you mean 'uk'?)"),
        ("xx", ""),
        ("fr", ""),
    ],
)
def test_a_misspelt_language_gets_a_guess_where_one_makes_sense(typed: str, hint: str) -> None:
    shipped = ["de", "en", "ru", "uk"]
    assert no_locale("gears", [typed], shipped) == (
        f"gears has no locale {typed}{hint} (it ships: de, en, ru, uk)"
    )


def test_a_misspelt_lang_option_is_a_usage_error_with_the_guess(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path
) -> None:
    built = pnp("build", "tiny", "--lang", "ukr", "--data", tiny.root, "--out", tmp_path / "out")
    assert (built.code, built.err) == (
        2,
        "pnp: error: tiny has no locale ukr (did you mean 'uk'?) (it ships: en, uk)\n",
    )
    with pytest.raises(UsageError, match=r"^tiny has no locale eng \(did you mean 'en'\?\)"):
        loaded(tiny)[0].languages(("eng",), "proof")
