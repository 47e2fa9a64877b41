"""Which kinds of card look alike to people who see colour differently: the check ``pnp
validate`` runs and the proof shows.

For each thing players must tell apart (:class:`~generator.games.base.TellApart`), the cards are
put in groups alike in everything else players tell apart (and in deck and size), so two kinds
are compared on cards that differ only there; in a group, each kind's look
(:class:`~generator.vision.sight.Look`) is made from at most :data:`SAMPLE` of its fronts, drawn
at :data:`DPI` without their bleed. Two kinds whose looks still differ by more than
:data:`~generator.vision.sight.ALIKE` on :data:`CUE_AREA` mm² of the face under a simulation
are told apart under it; less, and they look alike: a problem at the deck's line naming a card
of each. The faces are drawn once, into the cache, and what a pool of decks was found to hold is
kept there by the digest of what it was measured from, so a check whose faces did not change
draws and measures nothing.
"""

from __future__ import annotations

import io
import itertools
import json
import math
from collections.abc import Hashable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from PIL import Image

from generator.games.base import TellApart
from generator.languages import SOURCE
from generator.model import Card, Deck, Game
from generator.palettes import STANDARD
from generator.problems import Problem
from generator.render import draw
from generator.render.faces import FaceSet, drawing
from generator.render.store import ArtStore
from generator.runtime.cache import Cache, json_payload, key
from generator.runtime.versions import code_version
from generator.vision import sight

DPI = 35.0
"""Faces are measured at this resolution: a pixel is 0.73 mm, finer than any mark a player
reads across the table, and a 63 x 88 mm card is 87 x 121 pixels."""
CUE_AREA = 10.0
"""The least area (mm²) of a face on which two kinds must differ to be told apart: a mark of
about 3 x 3 mm, what a player's eye picks out across the table."""
SAMPLE = 4
"""The most cards of a kind in a group whose faces are drawn: enough to see what they share."""
PIXEL = (25.4 / DPI) ** 2
"""The area (mm²) of the face a pixel covers."""

MAX_COMPARISONS = 1000
"""The most pairs of kinds one pool of decks is compared in (Gears' gears, the most of the
shipped games, take 96): each takes milliseconds, and a stranger's deck telling apart many
fields of many values would otherwise take hours."""

Front = tuple[Deck, Card]
"""A card's front: the card, with its deck."""
Group = dict[Hashable, list[Front]]
"""The cards of one group (alike in all but the thing compared) by its value."""


@dataclass(frozen=True)
class Finding:
    """Two kinds of card that look alike under some simulations: a card of each (its deck and
    id), what they differ in and its two values, the simulations, and the most area (mm²) of
    the face on which their looks still differ under them."""

    decks: tuple[str, str]
    cards: tuple[str, str]
    called: str
    values: tuple[str, str]
    alike: tuple[str, ...]
    area: float

    def what(self) -> str:
        """The problem's text."""
        first, second = self.cards
        one, other = self.values
        seen = (
            "even in full colour"
            if sight.FULL_COLOUR in self.alike
            else _listed([_seen(name) for name in self.alike])
        )
        return (
            f"cards '{first}' and '{second}' differ in {self.called} ({one}, {other}) but look "
            f"alike {seen}: what sets {one} cards apart from {other} ones differs by ΔE00 "
            f"{sight.ALIKE:g} or more on {self.area:.0f} mm² of the face, less than the "
            f"{CUE_AREA:g} mm² a player needs"
        )


def _seen(simulation: str) -> str:
    return "in greyscale" if simulation == sight.GREYSCALE else f"to a {simulation}"


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def language(game: Game) -> str:
    """The language whose faces are measured: colours and marks are the same in every
    language, only words change (and a word tells kinds apart in each)."""
    return SOURCE if SOURCE in game.locales else next(iter(game.locales))


def findings(
    game: Game, pools: list[TellApart], faces: FaceSet, cache: Cache | None
) -> list[Finding]:
    """Every pair of kinds that looks alike in ``game``'s ``pools``, drawn from ``faces``
    (one language's) into ``cache`` (``None``: kept nowhere). A face cairo cannot draw
    raises the :class:`~generator.problems.DataError` of its template."""
    fronts = _Fronts(game, faces, cache)
    found = []
    for pool in pools:
        pooled, things, plans = _plans(game, pool)
        if _comparisons(plans) <= MAX_COMPARISONS:
            found += _pool(pool, pooled, things, plans, fronts, cache)
    return found


def refused(game: Game, pools: list[TellApart]) -> list[Problem]:
    """A pool with more pairs of kinds than :data:`MAX_COMPARISONS`, which :func:`findings`
    leaves out, as a problem at its first deck's line."""
    problems = []
    for pool in pools:
        count = _comparisons(_plans(game, pool)[2])
        deck = game.deck(pool.decks[0])
        if count > MAX_COMPARISONS and deck is not None:
            what = (
                f"telling apart {_listed([thing.called for thing in _things(pool)])} takes "
                f"{count:,} comparisons of two kinds of card, more than the "
                f"{MAX_COMPARISONS:,} the colour-vision check makes: tell fewer apart"
            )
            problems.append(Problem(deck.file, deck.line, f"decks.{deck.id}", what))
    return problems


def problems(game: Game, found: list[Finding]) -> list[Problem]:
    """Each finding as a problem at the line of its first card's deck."""
    problems = []
    for finding in found:
        deck = game.deck(finding.decks[0])
        assert deck is not None, "a finding names a deck of its game"
        what = finding.what()
        if game.palette != STANDARD:  # the standard palette goes without saying
            what = f"in the {game.palette} palette, {what}"
        problems.append(Problem(deck.file, deck.line, f"decks.{deck.id}", what))
    return problems


View = tuple[str, np.ndarray, np.ndarray]
"""A finding's two fronts (8-bit sRGB) as a simulation, by name, shows them."""


def views(
    game: Game, finding: Finding, faces: FaceSet, cache: Cache | None, dpi: float
) -> list[View]:
    """The two cards of ``finding`` in full colour and as each simulation it names shows
    them, drawn at ``dpi``: what the proof prints beside the problem."""
    fronts = _Fronts(game, faces, cache)
    drawn = []
    for deck_id, card_id in zip(finding.decks, finding.cards, strict=True):
        deck = game.deck(deck_id)
        assert deck is not None, "a finding names a deck of its game"
        card = next(card for card in deck.cards if card.id == card_id)
        drawn.append(fronts.encoded((deck, card), dpi))
    first, second = drawn
    names = dict.fromkeys((sight.FULL_COLOUR, *finding.alike))
    return [(name, sight.simulated(first, name), sight.simulated(second, name)) for name in names]


class _Fronts:
    """The fronts of a game's cards, drawn small (once each), as linear RGB without the
    bleed."""

    def __init__(self, game: Game, faces: FaceSet, cache: Cache | None) -> None:
        self.game = game
        self.faces = faces
        self.arts = ArtStore(cache) if cache is not None else None
        self.drawn: dict[str, sight.Pixels] = {}

    def entry(self, front: Front) -> str:
        """The face key of a card's front."""
        deck, card = front
        return self.faces.front(deck, card)

    def encoded(self, front: Front, dpi: float = DPI) -> np.ndarray:
        """The front as 8-bit sRGB over white paper, the bleed cut off."""
        deck, card = front
        entry = self.entry(front)
        svg = self.faces.svgs[entry]
        with drawing(self.game, self.faces.templates[entry], f"{card.id} ({language(self.game)})"):
            png = (
                self.arts.png(svg, self.game.templates, entry, dpi)
                if self.arts is not None
                else draw.png(svg, self.game.templates, dpi)
            )
        picture = Image.open(io.BytesIO(png)).convert("RGBA")
        paper = Image.new("RGBA", picture.size, "white")
        pixels = np.asarray(Image.alpha_composite(paper, picture).convert("RGB"))
        bleed = round(deck.size.bleed * dpi / 25.4)
        height, width = pixels.shape[:2]
        return pixels[bleed : height - bleed, bleed : width - bleed]

    def pixels(self, front: Front) -> sight.Pixels:
        entry = self.entry(front)
        if entry not in self.drawn:
            self.drawn[entry] = sight.linear(self.encoded(front))
        return self.drawn[entry]


@dataclass(frozen=True)
class _Thing:
    """One thing to tell apart: a card field, or (``field`` ``None``) the card's deck."""

    field: str | None
    called: str

    def of(self, front: Front) -> Hashable:
        deck, card = front
        value: Hashable = deck.id if self.field is None else card.fields.get(self.field)
        return value


def _things(pool: TellApart) -> list[_Thing]:
    things = [_Thing(field, called) for field, called in pool.fields]
    return [*things, _Thing(None, pool.stack)] if pool.stack else things


def _groups(pooled: list[Front], thing: _Thing, things: list[_Thing]) -> list[Group]:
    """The cards put in groups alike in all but ``thing`` (the other things, the deck unless
    ``thing`` is the deck, and the size), each group's cards by their value of ``thing``, at
    most :data:`SAMPLE` of each, spread over the deck."""
    others = [other for other in things if other != thing]
    grouped: dict[Hashable, Group] = {}
    for deck, card in pooled:
        alike = (
            deck.size,
            deck.id if thing.field is not None else None,
            *(other.of((deck, card)) for other in others),
        )
        grouped.setdefault(alike, {}).setdefault(thing.of((deck, card)), []).append((deck, card))
    return [{value: _sample(cards) for value, cards in group.items()} for group in grouped.values()]


def _sample(cards: list[Front]) -> list[Front]:
    if len(cards) <= SAMPLE:
        return cards
    return [cards[round(i * (len(cards) - 1) / (SAMPLE - 1))] for i in range(SAMPLE)]


Plan = list[tuple[_Thing, list[Group]]]
"""Each thing to tell apart, with the groups its kinds are compared in."""


def _plans(game: Game, pool: TellApart) -> tuple[list[Front], list[_Thing], Plan]:
    """The cards of ``pool``, the things they are told apart by, and each thing's groups."""
    pooled = [(deck, card) for deck in game.decks if deck.id in pool.decks for card in deck.cards]
    things = _things(pool)
    return pooled, things, [(thing, _groups(pooled, thing, things)) for thing in things]


def _comparisons(plans: Plan) -> int:
    return sum(math.comb(len(group), 2) for _, groups in plans for group in groups)


def _pool(
    pool: TellApart,
    pooled: list[Front],
    things: list[_Thing],
    plans: Plan,
    fronts: _Fronts,
    cache: Cache | None,
) -> list[Finding]:
    """What one pool of decks holds that looks alike (see :func:`_plans`), from the cache if
    its faces and cards were measured before."""
    sampled = [
        front
        for _, groups in plans
        for group in groups
        for cards in group.values()
        for front in cards
    ]
    measured = sorted({fronts.entry(front) for front in sampled})
    values = [repr([front[1].id, *(thing.of(front) for thing in things)]) for front in pooled]
    entry = key("vision", code_version(), repr(pool), *values, *measured)
    if cache is not None and (kept := cache.parsed(entry, _unpack)) is not None:
        return kept
    found = [finding for thing, groups in plans for finding in _compared(thing, groups, fronts)]
    if cache is not None:
        cache.put(entry, json.dumps([asdict(finding) for finding in found]).encode())
    return found


def _compared(thing: _Thing, groups: list[Group], fronts: _Fronts) -> list[Finding]:
    """Each pair of values of ``thing`` that looks alike, once, in the first group where it
    does."""
    found: dict[frozenset[Hashable], Finding] = {}
    for group in groups:
        looks = {
            value: sight.look(np.stack([fronts.pixels(front) for front in cards]))
            for value, cards in group.items()
        }
        for one, other in itertools.combinations(group, 2):
            pair = frozenset((one, other))
            if pair not in found and (alike := _alike(thing, group, looks, one, other)):
                found[pair] = alike
    return list(found.values())


def _alike(
    thing: _Thing, group: Group, looks: dict[Hashable, sight.Look], one: Hashable, other: Hashable
) -> Finding | None:
    """Whether the kinds ``one`` and ``other`` of a group look alike, and under what."""
    counts = sight.apart(looks[one], looks[other], math.ceil(CUE_AREA / PIXEL))
    alike = [name for name, count in counts.items() if count * PIXEL < CUE_AREA]
    if not alike:
        return None
    shown = alike[:1] if sight.FULL_COLOUR in alike else alike
    (first_deck, first), (second_deck, second) = group[one][0], group[other][0]
    return Finding(
        (first_deck.id, second_deck.id),
        (first.id, second.id),
        thing.called,
        (str(one), str(other)),
        tuple(shown),
        max(counts[name] for name in shown) * PIXEL,
    )


def _unpack(payload: bytes) -> list[Finding] | None:
    """The findings a cache entry holds; ``None`` for one that is not what :func:`_pool`
    writes (it is measured again)."""
    items: Any = json_payload(payload)
    try:
        return [
            Finding(
                (str(item["decks"][0]), str(item["decks"][1])),
                (str(item["cards"][0]), str(item["cards"][1])),
                str(item["called"]),
                (str(item["values"][0]), str(item["values"][1])),
                tuple(str(name) for name in item["alike"]),
                float(item["area"]),
            )
            for item in items
        ]
    except (ValueError, KeyError, TypeError, IndexError):
        return None
