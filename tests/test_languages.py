"""Numbers and plural forms by each language's CLDR rules, the pseudo-locale and the fallback."""

from __future__ import annotations

import re

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.registry import find_engine
from generator.language_rules import categories, number
from generator.languages import PSEUDO, Languages
from generator.load.locales import load_locales
from generator.load.made_locales import pseudo
from generator.model import Locale
from generator.pipeline.build import check
from generator.problems import DataError, Problem, ProblemLog
from generator.render.faces import render_faces
from generator.render.fonts import SHIPPED_FONTS, missing_glyphs
from generator.rulebook.compose import summarise
from generator.rulebook.content import Table
from generator.rulebook.words import Words
from tests.conftest import DataCopy, shipped_game

NBSP = "\u00a0"


def shipped_locale(game: str, lang: str) -> Locale:
    problems: list[Problem] = []
    locales = load_locales(DEFAULT_DATA_DIR, game, (), ProblemLog("", problems))
    assert problems == []
    return locales[lang]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ("one", "other")),
        ("de", ("one", "other")),
        ("ru", ("one", "few", "many", "other")),
        ("uk", ("one", "few", "many", "other")),
    ],
)
def test_plural_categories_are_cldr_s(lang: str, expected: tuple[str, ...]) -> None:
    assert categories(lang) == expected


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("en", {1: "≈1 code left", 2: "≈2 codes left", 21: "≈21 codes left"}),
        (
            "ru",
            {
                1: "остаётся ≈1 код",
                2: "остаются ≈2 кода",
                5: "остаётся ≈5 кодов",
                11: "остаётся ≈11 кодов",
                21: "остаётся ≈21 код",
                1234: f"остаются ≈1{NBSP}234 кода",
            },
        ),
        (
            "uk",
            {
                1: "лишається ≈1 код",
                3: "лишаються ≈3 коди",
                12: "лишається ≈12 кодів",
                22: "лишаються ≈22 коди",
            },
        ),
    ],
)
def test_a_shipped_plural_text_takes_the_form_its_count_calls_for(
    lang: str, counts: dict[int, str]
) -> None:
    words = Words(shipped_locale("break_the_code", lang))
    assert {count: words("summary.rating", count=count) for count in counts} == counts


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("de", {1: "1 Teil,", 2: "2 Teile,", 1001: "1.001 Teile,"}),
        ("en", {1: "1 part,", 2: "2 parts,", 1001: "1,001 parts,"}),
        ("ru", {1: "1 деталь,", 3: "3 детали,", 5: "5 деталей,", 101: "101 деталь,"}),
        ("uk", {1: "1 деталь,", 4: "4 деталі,", 11: "11 деталей,", 1001: f"1{NBSP}001 деталь,"}),
    ],
)
def test_the_shipped_car_text_counts_parts_in_every_language(
    lang: str, counts: dict[int, str]
) -> None:
    """German and English (one / other) and the Slavic forms (one / few / many), each from
    the shipped locale, with the language's digit grouping."""
    words = Words(shipped_locale("gear_and_piston", lang))
    for count, expected in counts.items():
        assert expected in words("summary.car", count=count), (lang, count)


@pytest.mark.parametrize(
    ("lang", "decimal", "grouped"),
    [
        ("en", "0.75", "3,840"),
        ("de", "0,75", "3.840"),
        ("ru", "0,75", f"3{NBSP}840"),
        ("uk", "0,75", f"3{NBSP}840"),
    ],
)
def test_numbers_are_written_the_language_s_way(lang: str, decimal: str, grouped: str) -> None:
    assert (number(lang, 0.75, 2), number(lang, 3840)) == (decimal, grouped)
    assert all(not missing_glyphs(grouped, font) for font in SHIPPED_FONTS)


@pytest.mark.parametrize(("lang", "sign"), [("en", "."), ("ru", ","), ("uk", ",")])
def test_the_answer_key_of_a_summary_prints_the_language_s_decimal_sign(
    lang: str, sign: str
) -> None:
    game = shipped_game("three_by_three")
    engine = find_engine("three_by_three")
    assert engine is not None
    summary, problems = summarise(game, lang, engine)
    assert problems == []
    (key,) = [section for section in summary.sections if isinstance(section, Table)]
    means = [row[1].split(" / ")[0] for row in key.rows]  # the 15-puzzle side's "mean / max"
    assert means and all(re.fullmatch(rf"\d+\{sign}\d\d", mean) for mean in means), means


def test_a_plural_text_needs_the_language_s_forms(data: DataCopy) -> None:
    file = "game_of_trains/locales/ru.yaml"
    data.edit(file, '    many: "на {count} вагонах"\n', '    two: "на {count} вагонах"\n')
    line = data.line_of(file, "  on_wagons:")
    assert data.problems("game_of_trains") == [
        f"{file}:{line}: summary.on_wagons: needs a form for each of one, few, many, other (the "
        "plural forms of ru); 'many' missing",
        f"{file}:{line + 3}: summary.on_wagons: 'two' is not a plural form of ru (its forms: "
        "one, few, many, other)",
    ]


def test_a_plural_text_must_be_given_a_count(data: DataCopy) -> None:
    file = "game_of_trains/locales/en.yaml"
    data.edit(
        file,
        "  reference: The abilities\n",
        "  reference:\n    one: An ability\n    other: Abilities\n",
    )
    line = data.line_of(file, "  reference:")
    assert data.problems("game_of_trains") == [
        f"{file}:{line}: summary.reference: has plural forms, but this text is given no "
        "{count} to choose one by"
    ]


def test_pseudo_texts_are_longer_accented_and_keep_their_values() -> None:
    english = "The winner takes the gear token: {count} codes."
    made = pseudo(english)
    assert made.startswith("[") and made.endswith("]")
    assert "{count}" in made and made.count("{") == 1
    letters = lambda text: len(re.findall(r"[^\W\d_]", text))  # noqa: E731
    assert letters(made) >= 1.4 * letters(english.replace("{count}", ""))
    assert not re.search(r"[A-Za-z]{3}", made.replace("{count}", ""))  # accented throughout
    assert pseudo("ABCDE") == "ÅBÇĎÉ"  # a row of position letters keeps its length


def test_every_pseudo_text_can_be_drawn() -> None:
    for game in ("gears", "break_the_code", "game_of_trains", "gear_and_piston", "three_by_three"):
        for text in shipped_locale(game, "en").flat.values():
            made = pseudo(text)
            assert all(not missing_glyphs(made, font) for font in SHIPPED_FONTS), made


def test_every_game_prints_in_the_pseudo_locale() -> None:
    """Every text 40 % longer still fits every box of every game (and the summaries)."""
    games = check(DEFAULT_DATA_DIR, languages=Languages(pseudo=True))
    assert len(games) == 5
    assert all(PSEUDO in game.locales for game in games)
    assert all(
        game.locales[PSEUDO].text("title") != game.locales["en"].text("title") for game in games
    )


@pytest.mark.parametrize(
    ("value", "decimals", "message"),
    [
        (0.5, 99, "number() writes 0 to 6 decimals, not 99"),
        (0.5, True, "number() writes 0 to 6 decimals, not True"),
        ("12", None, "number() takes a number, not str '12'"),
    ],
)
def test_number_refuses_what_it_cannot_write(value: object, decimals: object, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        number("ru", value, decimals)  # type: ignore[arg-type]
    assert str(caught.value) == message


def locomotives_drawn_by(data: DataCopy, face: str) -> None:
    """The copy's locomotives drawn by a template of their own, whose face is ``face``."""
    (data.templates("game_of_trains") / "zz-face.svg.j2").write_text(
        f'{{% extends "card.svg.j2" %}}{{% block face %}}{face}{{% endblock %}}', "utf-8"
    )
    data.edit("game_of_trains/game.yaml", "front: locomotive.svg.j2", "front: zz-face.svg.j2")


def test_templates_write_numbers_and_plural_forms_the_face_s_language_s_way(
    data: DataCopy,
) -> None:
    """``number(x, d)`` and ``plural(t.key, n)`` in a template, drawn in Russian and English."""
    locomotives_drawn_by(
        data, "<desc>{{ number(1234.5, 1) }} | {{ plural(t.summary.on_wagons, 2) }}</desc>"
    )
    (game,) = check(data.root, ("game_of_trains",))
    written = {}
    for lang in ("en", "ru"):
        faces, problems = render_faces(game, lang, ("locomotives",))
        assert problems == []
        svg = next(iter(faces.svgs.values()))
        written[lang] = re.search(r"<desc>(.*?)</desc>", svg)[1]  # type: ignore[index]
    assert written == {"en": "1,234.5 | on 2 wagons", "ru": f"1{NBSP}234,5 | на 2 вагонах"}


def test_a_box_the_pseudo_language_overflows_asks_for_room_not_shorter_english(
    data: DataCopy,
) -> None:
    """The English fits a 30 mm line; 40 % longer it does not: the problem says the box needs
    room for a long language (the English text is not what to shorten)."""
    locomotives_drawn_by(data, "{{ text(t.title, 10, 20, 30, 6, 4, max_lines=1) }}")
    check(data.root, ("game_of_trains",))  # the English, Russian, Ukrainian and German fit
    with pytest.raises(DataError) as caught:
        check(data.root, ("game_of_trains",), languages=Languages(pseudo=True))
    line = data.line_of("game_of_trains/locales/en.yaml", "title:")
    assert [str(p) for p in caught.value.problems] == [
        f"game_of_trains/locales/en.yaml:{line}: title: does not fit its 30 x 6 mm box on the "
        "locomotives cards even at 4 mm: qps makes every text 40 % longer, as a long language "
        "will: give the box room (a larger box or a smaller min_size) (and on 3 more cards)"
    ]
