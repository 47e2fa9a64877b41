"""The colour-vision check (``generator/vision``): two kinds of card told apart by colour alone
are a problem of ``pnp validate`` at their deck's line; a shape besides the colour passes; and
what each shipped game must tell apart stays apart."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR
from generator.games.registry import find_engine
from generator.games.shipped import SHIPPED
from generator.pipeline.front import checked_game
from generator.render.faces import render_faces
from generator.runtime.cache import Cache
from generator.vision import check
from tests import pdf
from tests.conftest import SESSION_CACHE, DataCopy, Result

RED, GREEN = "#f87828", "#00b808"
"""A red and a green as bright as each other: 60 apart (CIEDE2000) in full colour, under 10
to a protanope and a deuteranope and in greyscale."""

SIGNALS = {
    "expansion.yaml": """
        game: tiny
        decks:
          signals:
            size: mini
            front: signal.svg.j2
            back: back.svg.j2
            card_id: "signal-{kind}"
            fields:
              kind: {type: text, choices: [stop, go]}
            tell_apart: [kind]
    """,
    "decks/signals.yaml": "signals:\n  - {kind: stop}\n  - {kind: go}\n",
    "locales/en.yaml": "summary: {components: {signals: signals}}\n",
    "locales/uk.yaml": "summary: {components: {signals: сигнали}}\n",
    "templates/signal.svg.j2": f"""
        {{% extends "card.svg.j2" %}}
        {{% block face %}}
        <rect {{{{ geometry.bleed_box.rect }}}}
              fill="{{{{ '{RED}' if card.kind == 'stop' else '{GREEN}' }}}}"/>
        {{% endblock %}}
    """,
}
"""An expansion of Tiny whose two kinds of signal differ in their colour alone."""

SHAPE = """
        <circle cx="22" cy="31" r="12" fill="#ffffff"/>
        {% if card.kind == 'stop' %}<rect x="14" y="28" width="16" height="6" fill="#000000"/>
        {% endif %}
        {% endblock %}"""
"""A white disc on every signal, barred across on the stop signal: a shape besides the
colour."""


def expansion(folder: Path, shape: bool = False) -> Path:
    for name, text in SIGNALS.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = textwrap.dedent(text).lstrip("\n")
        path.write_text(text.replace("{% endblock %}", SHAPE) if shape else text, "utf-8")
    return folder


ALIKE = (
    "signals/expansion.yaml:3: decks.signals: cards 'signal-stop' and 'signal-go' differ in kind "
    "(stop, go) but look alike to a protanope, to a deuteranope and in greyscale: what sets "
    "stop cards apart from go ones differs by ΔE00 10 or more on 0 mm² of the face, less than "
    "the 10 mm² a player needs"
)


def test_kinds_told_apart_by_colour_alone_are_a_problem(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    folder = expansion(tmp_path / "signals")
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    assert (result.code, result.out, result.err) == (1, "", f"{ALIKE}\n1 problem found.\n")


@pdf.needs_pdftotext
def test_the_proof_shows_what_looks_alike(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    folder = expansion(tmp_path / "signals")
    out = tmp_path / "out"
    result = pnp(
        "proof", "tiny", "--data", tiny.root, "--with", folder, "--lang", "en", "--out", out
    )
    assert (result.code, result.err) == (1, f"{ALIKE}\n1 problem found.\n")
    path = out / "tiny+signals" / "en" / "proof-a4.pdf"
    last = pdf.page_count(path.read_bytes())
    first_page = " ".join(word for word, *_ in pdf.words(path, 1))
    assert f"colour vision: 1 pair of kinds look alike (page {last})" in first_page
    last_page = " ".join(word for word, *_ in pdf.words(path, last))
    assert ALIKE in last_page
    assert all(name in last_page.split() for name in ("protanope", "deuteranope", "greyscale"))


def test_a_shape_besides_the_colour_passes(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    folder = expansion(tmp_path / "signals", shape=True)
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    assert (result.code, result.err) == (0, "")


def test_telling_apart_a_field_the_deck_lacks_is_a_problem(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    folder = expansion(tmp_path / "signals")
    manifest = folder / "expansion.yaml"
    manifest.write_text(manifest.read_text("utf-8").replace("[kind]", "[kind, colour]"), "utf-8")
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    assert (result.code, result.err) == (
        1,
        "signals/expansion.yaml:10: decks.signals.tell_apart[1]: 'colour' is not one of the "
        "deck's fields (kind)\n1 problem found.\n",
    )


@pytest.mark.parametrize("palette", ["standard", "ink-saver"])
@pytest.mark.parametrize("game", [shipped.game for shipped in SHIPPED])
def test_what_a_shipped_game_tells_apart_stays_apart(game: str, palette: str) -> None:
    engine = find_engine(game)
    assert engine is not None
    loaded = checked_game(DEFAULT_DATA_DIR, engine).in_palette(palette)
    pools = engine.distinctions(loaded)
    assert pools, "every shipped game says what its players must tell apart"
    decks = tuple(deck for pool in pools for deck in pool.decks)
    faces, _ = render_faces(loaded, check.language(loaded), decks)
    found = check.findings(loaded, pools, faces, Cache(SESSION_CACHE))
    assert [str(problem) for problem in check.problems(loaded, found)] == []


def test_a_deck_measured_before_is_not_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = find_engine("break_the_code")
    assert engine is not None
    game = checked_game(DEFAULT_DATA_DIR, engine)
    pools = engine.distinctions(game)
    faces, _ = render_faces(game, check.language(game), pools[0].decks)
    cache = Cache(tmp_path / "cache")
    assert check.findings(game, pools, faces, cache) == []

    def never(*args: object) -> None:
        raise AssertionError("a face was drawn again")

    monkeypatch.setattr(check._Fronts, "encoded", never)
    assert check.findings(game, pools, faces, cache) == []


def test_too_many_kinds_to_compare_are_refused(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    folder = expansion(tmp_path / "signals")
    manifest = folder / "expansion.yaml"
    manifest.write_text(
        manifest.read_text("utf-8").replace("{type: text, choices: [stop, go]}", "{type: integer}"),
        "utf-8",
    )
    cards = "".join(f"  - {{kind: {kind}}}\n" for kind in range(46))  # 46 x 45 / 2 pairs
    (folder / "decks" / "signals.yaml").write_text(f"signals:\n{cards}", "utf-8")
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    assert (result.code, result.err) == (
        1,
        "signals/expansion.yaml:3: decks.signals: telling apart kind takes 1,035 comparisons of "
        "two kinds of card, more than the 1,000 the colour-vision check makes: tell fewer "
        "apart\n1 problem found.\n",
    )


def test_each_palette_is_looked_at(
    tiny: DataCopy, pnp: Callable[..., Result], tmp_path: Path
) -> None:
    """The bar that sets the stop signal apart is black in the standard palette and white on
    the white disc in the ink-saver one: only the ink-saver palette tells them apart by colour
    alone, and the problem says so."""
    folder = expansion(tmp_path / "signals", shape=True)
    template = folder / "templates" / "signal.svg.j2"
    text = template.read_text("utf-8").replace(f"'{RED}'", "palette.stop")
    text = text.replace(f"'{GREEN}'", "palette.go")
    text = text.replace('height="6" fill="#000000"', 'height="6" fill="{{ palette.bar }}"')
    template.write_text(text, "utf-8")
    colours = f'stop: "{RED}"\n  go: "{GREEN}"'
    (folder / "palette.yaml").write_text(
        f'standard:\n  {colours}\n  bar: "#000000"\nink-saver:\n  {colours}\n  bar: "#ffffff"\n'
    )
    result = pnp("validate", "--data", tiny.root, "--with", folder, "--paper", "a4")
    alike = ALIKE.replace("decks.signals: ", "decks.signals: in the ink-saver palette, ")
    assert (result.code, result.err) == (1, f"{alike}\n1 problem found.\n")
