"""Counting the faces the render stage renders (not found remembered: see
:mod:`generator.render.memo`), for the tests of what an edit renders again."""

from __future__ import annotations

import pytest

from generator.model import Card, Deck
from generator.render.faces import Remembering
from generator.render.templates import CardRenderer


def counted_renders(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The language and card (``back`` for a deck's one back) of each face the render stage
    renders from now on; a summary's pictures, rendered by a renderer of their own, are not
    counted."""
    rendered: list[tuple[str, str]] = []
    render = CardRenderer._render

    def counted(renderer: CardRenderer, name: str, deck: Deck, card: Card | None) -> str | None:
        if isinstance(renderer, Remembering):
            rendered.append((renderer.locale.lang, card.id if card else "back"))
        return render(renderer, name, deck, card)

    monkeypatch.setattr(CardRenderer, "_render", counted)
    return rendered
