"""Each game playable from its summary alone (issue 31): a checklist per game of what a group
needs (set-up, the first player, a turn, the end, scoring, what happens to the components left
over, every variant the rulebook gives), each item's phrases read back from every language's
summary PDF.

A checklist is ``tests/checklists/<game>.yaml``: items by name, each with the phrases of each
language that must all be in that summary's text (words in reading order, runs of spaces and
line breaks as one space). The items every game needs are :data:`REQUIRED`; a variant is an
item named ``variant: <its name>``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.model import Game
from tests.conftest import Built, Summaries

CHECKLISTS = Path(__file__).parent / "checklists"
REQUIRED = ("setup", "first player", "turn", "end", "scoring", "leftovers")
GAMES = ("break_the_code", "game_of_trains", "gear_and_piston", "gears", "three_by_three")


def checklist(game_id: str) -> dict[str, dict[str, list[str]]]:
    return yaml.safe_load((CHECKLISTS / f"{game_id}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def texts(shipped: dict[str, Game], summaries: Summaries) -> dict:
    """The summary text of every game with a checklist, in every language it ships."""
    return {
        (game_id, lang): summaries[(game_id, lang)][1]
        for game_id in GAMES
        for lang in shipped[game_id].locales
    }


def test_the_checklists_cover_every_shipped_game(shipped: dict[str, Game]) -> None:
    assert sorted(GAMES) == sorted(shipped)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_checklist_names_every_item_in_every_language(shipped: dict, game_id: str) -> None:
    items = checklist(game_id)
    assert [item for item in REQUIRED if item not in items] == []
    for item, phrases in items.items():
        assert item in REQUIRED or item.startswith("variant: "), item
        assert sorted(phrases) == sorted(shipped[game_id].locales), item
        assert all(phrases.values()), item


@pytest.mark.parametrize("game_id", GAMES)
def test_the_summary_holds_every_item_of_its_checklist(texts: dict, game_id: str) -> None:
    lost = [
        f"{lang} {item}: {phrase!r}"
        for item, phrases in checklist(game_id).items()
        for lang, wanted in phrases.items()
        for phrase in wanted
        if " ".join(phrase.split()) not in texts[(game_id, lang)]
    ]
    assert not lost, "\n".join(lost)


NOT_COMPONENTS = {"cards", "rules-summary"}
"""Files a build writes that are not a component of the game: the card sheets print the decks
(each named on its own), the summary is what names them."""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_components_name_every_printed_deck_and_handout(
    shipped: dict[str, Game], texts: dict, built: Built, game_id: str
) -> None:
    game = shipped[game_id]
    files = {path.stem.removesuffix("-a4") for path in built(game_id, "en").glob("*.pdf")}
    handouts = files - NOT_COMPONENTS
    assert handouts == {handout.id for handout in game.handouts}
    for lang, locale in game.locales.items():
        for printed in [deck.id for deck in game.decks] + sorted(handouts):
            name = str(locale.text(f"summary.components.{printed}"))
            assert " ".join(name.split()) in texts[(game_id, lang)], f"{lang}: {printed}"
