"""Text wrapping and shrinking, measured with the shipped font."""

from __future__ import annotations

from generator.render.fonts import find_font, missing_glyphs, text_width
from generator.render.text import fit, reads_differently_turned, wrap

FONT = find_font("Roboto Condensed")


def measure(text: str, size: float) -> float:
    return text_width(text, FONT, size)


def test_width_scales_with_size_and_is_real() -> None:
    assert measure("Поезд", 10) == 2 * measure("Поезд", 5)
    assert measure("WWW", 10) > measure("iii", 10)


def test_wrap_breaks_at_spaces_and_keeps_explicit_breaks() -> None:
    lines = wrap("one two three four\nfive", 25, 10, measure)
    assert lines is not None and lines[-1] == "five"
    assert all(measure(line, 10) <= 25 for line in lines)
    assert " ".join(lines[:-1]) == "one two three four"


def test_wrap_refuses_a_word_wider_than_the_box() -> None:
    assert wrap("Straßenbahnhaltestelle", 10, 10, measure) is None


def test_fit_shrinks_until_it_fits() -> None:
    text = "Every player removes the middle wagon of their train"
    fitted = fit(text, 50, 10, 5, 2, measure)
    assert fitted is not None and 2 <= fitted.size < 5
    assert len(fitted.lines) * fitted.size * 1.15 <= 10
    assert fit(text, 50, 10, 5, 4.5, measure) is None


def test_fit_keeps_the_size_when_it_fits() -> None:
    fitted = fit("Lock", 50, 10, 5, 2, measure)
    assert fitted is not None and fitted.size == 5 and fitted.lines == ("Lock",)


def test_max_lines() -> None:
    assert fit("a b c d e f", 4, 100, 5, 5, measure, max_lines=1) is None


def test_cyrillic_is_covered_and_emoji_is_not() -> None:
    assert missing_glyphs("Ґанок Їжак Єнот і ё", FONT) == []  # noqa: RUF001 - Ukrainian letters
    assert missing_glyphs("go \U0001f682!", FONT) == ["\U0001f682"]


def test_numbers_that_read_differently_turned_round() -> None:
    assert [n for n in range(1, 85) if reads_differently_turned(str(n))] == [
        6,
        9,
        10,
        16,
        18,
        19,
        60,
        61,
        66,
        68,
        80,
        81,
    ]


def test_a_no_break_space_holds_its_neighbours_on_one_line() -> None:
    """A translator's no-break space (a number and its unit, Russian digit groups) never
    becomes a line break; ordinary spaces do."""
    width = 7.0  # characters, measured one unit each
    assert wrap("wins 3\u00a0840 codes", width, 1.0, lambda text, size: len(text)) == [
        "wins",
        "3\u00a0840",
        "codes",
    ]
    assert wrap("wins 3 840 codes", width, 1.0, lambda text, size: len(text)) == [
        "wins 3",
        "840",
        "codes",
    ]
