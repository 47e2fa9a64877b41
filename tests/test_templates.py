"""The template environment: strict, escaping, confined to the project's folders."""

from __future__ import annotations

import dataclasses
from xml.etree import ElementTree

import jinja2
import pytest

from generator import TEMPLATES_DIR
from generator.build import check
from generator.folders import Templates
from generator.render import draw
from generator.render.templates import CardRenderer, environment
from tests.conftest import DataCopy


def test_card_text_with_markup_characters_is_escaped(data: DataCopy) -> None:
    data.edit("game_of_trains/locales/en.yaml", "name: Lock", 'name: "Lock <&> \\"x\\""')
    (game,) = check(data.root, ("game_of_trains",))
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("wagons")
    svg = renderer.front(deck, deck.cards[7])
    assert "Lock &lt;&amp;&gt; &#34;x&#34;" in svg
    ElementTree.fromstring(svg)  # still well-formed


def test_undefined_variable_is_reported_with_template_line(data: DataCopy) -> None:
    (game,) = check(data.root, ("game_of_trains",))
    texts = {k: v for k, v in game.locales["uk"].texts.items() if k != "locomotive"}
    renderer = CardRenderer(game, dataclasses.replace(game.locales["uk"], texts=texts))
    deck = game.deck("locomotives")
    assert renderer.front(deck, deck.cards[0]) is None
    (problem,) = renderer.problems
    assert problem.file == "templates/game_of_trains/locomotive.svg.j2"
    assert problem.line > 0
    assert problem.where == "locomotive-red (uk)"
    assert "has no attribute 'locomotive'" in problem.what


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "http://example.com/a.png", "file:///work/../etc/hostname"]
)
def test_assets_outside_the_project_are_refused(url: str) -> None:
    with pytest.raises(draw.AssetError):
        draw.Fetcher(Templates.of(TEMPLATES_DIR / "game_of_trains"))(url, "image/png")


def test_assets_inside_the_templates_folder_are_served() -> None:
    license_file = TEMPLATES_DIR / "_common" / "fonts" / "README.md"
    fetch = draw.Fetcher(Templates.of(TEMPLATES_DIR / "game_of_trains"))
    assert fetch(license_file.as_uri(), "text/plain").startswith(b"# Fonts")


def test_template_cannot_include_files_outside_its_folders(data: DataCopy) -> None:
    with pytest.raises(jinja2.TemplateNotFound):
        environment(Templates.of(TEMPLATES_DIR / "game_of_trains")).get_template(
            "../../pyproject.toml"
        )
