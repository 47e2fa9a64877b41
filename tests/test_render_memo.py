"""Faces remembered by what they read: after an edit, exactly the faces whose inputs it changed
are rendered again, and every face found instead is the one a fresh rendering makes.

The fixture game, rendered through a memo in memory as a build renders through its cache: a
template, a palette, a card's field, a text a card prints, a text no card prints, a text moved
down a line."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from generator.model import Locale, Text
from generator.pipeline.fastpath import identity
from generator.pipeline.front import checked_game, engine_of
from generator.pipeline.inputs import game_inputs
from generator.render.faces import render_faces
from generator.render.memo import FaceMemo, InMemory
from generator.render.readings import AT, BELOW, COUNT, FLAT, WHERE, found, noting
from tests.conftest import DataCopy
from tests.renders import counted_renders

EN = "tiny/locales/en.yaml"
EVERY_FACE = ["number-1", "number-2", "number-3", "number-4", "number-5", "back"] + [
    "colour-red",
    "colour-blue",
] * 2
"""Every face of the fixture game in the order it renders them: each number, the numbers'
one back, each colour's front, then each colour's back."""

Render = Callable[..., list[str]]


@pytest.fixture
def rendered(tiny: DataCopy, monkeypatch: pytest.MonkeyPatch) -> Render:
    """``rendered()``: render the fixture game in English through one memo (kept for the
    test) as a build would, check every face equals a fresh rendering's, and say which faces
    were rendered (by card), not found."""
    kept, counted = InMemory(), counted_renders(monkeypatch)

    def run(palette: str = "standard") -> list[str]:
        engine = engine_of(tiny.root, "tiny")
        game = checked_game(tiny.root, engine).in_palette(palette)
        sources = game_inputs(tiny.root, "tiny", identity(engine)).faces_key()
        counted.clear()
        faces, problems = render_faces(game, "en", memo=FaceMemo(kept, sources))
        found_now = [card for _, card in counted]
        assert (faces, problems) == (render_faces(game, "en")[0], [])
        return found_now

    run.kept = kept  # type: ignore[attr-defined]
    return run


def test_a_second_rendering_finds_every_face(rendered: Render) -> None:
    assert rendered() == EVERY_FACE
    assert rendered() == []


@pytest.mark.parametrize(
    ("edit", "again"),
    [
        ((EN, "red: Red", "red: Crimson"), ["colour-red"] * 2),
        ((EN, "title: Tiny", "title: Tinier"), ["back"]),
        (("tiny/decks/colours.yaml", "#c0392b", "#a0291b"), ["colour-red"] * 2),
        (("tiny/decks/numbers.yaml", "{value: 5}", "{value: 6}"), ["number-6"]),
        ((EN, "goal: Play your numbers in order.", "goal: Play them in order."), []),
        ((EN, "language: English", "# English\nlanguage: English"), []),
    ],
    ids=["a text two faces print", "the title", "a card's ink", "a card", "summary", "a line"],
)
def test_an_edit_renders_again_the_faces_it_changes(
    tiny: DataCopy, rendered: Render, edit: tuple[str, str, str], again: list[str]
) -> None:
    rendered()
    tiny.edit(*edit)
    assert rendered() == again


def test_a_template_or_a_palette_renders_every_face_again(tiny: DataCopy, rendered: Render) -> None:
    (tiny.root / "tiny/palette.yaml").write_text(
        "standard: {ink: '#000000'}\nink-saver: {ink: '#555555'}\n", encoding="utf-8"
    )
    assert rendered() == EVERY_FACE
    assert rendered("ink-saver") == EVERY_FACE
    assert rendered("ink-saver") == []
    template = tiny.root.parent / "templates/tiny/number.svg.j2"
    template.write_text(template.read_text(encoding="utf-8").replace("#f4e9c8", "#f4e9c9"))
    assert rendered("ink-saver") == EVERY_FACE


def _locale() -> Locale:
    """A locale of two texts and a plural, as the loader makes them."""
    texts: dict[str, object] = {
        "a": {"b": Text("B", "en.yaml", 3, "a.b"), "c": Text("C", "en.yaml", 4, "a.c")},
        "d": Text("D", "en.yaml", 5, "d"),
    }
    flat = {"a.b": texts["a"]["b"], "a.c": texts["a"]["c"], "d": texts["d"]}  # type: ignore[index]
    return Locale("en", "English", "en.yaml", texts, flat)


@pytest.mark.parametrize(
    ("read", "noted"),
    [
        (lambda t, f: t["a"]["b"], {(("a",), AT), (("a", "b"), AT)}),
        (lambda t, f: "x" in t["a"], {(("a",), AT), (("a", "x"), AT)}),
        (lambda t, f: list(t["a"]), {(("a",), AT), (("a",), BELOW), (("a",), COUNT)}),
        (lambda t, f: len(t["a"]), {(("a",), AT), (("a",), COUNT)}),
        (lambda t, f: str(t["a"]), {(("a",), AT), (("a",), BELOW)}),
        (lambda t, f: t["a"] == {}, {(("a",), AT), (("a",), BELOW)}),
        (lambda t, f: t["d"].line, {(("d",), AT), (("d",), WHERE)}),
        (lambda t, f: f.get("a.c"), {(("a.c",), FLAT)}),
        (lambda t, f: dict(f), {((), BELOW), *(((key,), FLAT) for key in ("a.b", "a.c", "d"))}),
    ],
    ids=["a key", "in", "iterated", "counted", "printed", "compared", "a line", "dotted", "all"],
)
def test_a_read_is_noted_as_what_it_can_see(
    read: Callable[[dict[str, object], dict[str, object]], object], noted: set[object]
) -> None:
    locale, readings = noting(_locale())
    read(locale.texts, locale.flat)
    assert set(readings.taken()) == noted


def _with(path: tuple[str, ...], text: Text) -> Locale:
    """The locale of :func:`_locale` with ``text`` at ``path``."""
    locale = _locale()
    node = locale.texts
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = text
    return locale


def test_what_a_read_finds_changes_with_what_it_saw_and_nothing_else() -> None:
    locale, readings = noting(_locale())
    assert locale.texts["a"]["b"] == "B"
    read = readings.taken()
    before = found(_locale(), read)
    assert found(_with(("a", "b"), Text("B", "en.yaml", 30, "a.b")), read) == before  # moved
    assert found(_with(("a", "c"), Text("C2", "en.yaml", 4, "a.c")), read) == before  # unread
    assert found(_with(("a", "b"), Text("B2", "en.yaml", 3, "a.b")), read) != before
    assert found(_with(("a",), Text("A", "en.yaml", 2, "a")), read) != before  # no mapping


@pytest.mark.parametrize(
    "payload", [b"", b"{}", b"[[1, 2]]", b'[["i", [["x"]], "f", "<s/>", 1]]', b"[" * 100_000]
)
def test_a_memo_entry_that_is_not_one_is_a_miss(rendered: Render, payload: bytes) -> None:
    rendered()
    for entry in list(rendered.kept.kept):  # type: ignore[attr-defined]
        rendered.kept.put(entry, payload)  # type: ignore[attr-defined]
    assert rendered() == EVERY_FACE
