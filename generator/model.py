"""The loaded card data: games, decks, cards and locales, all remembering where they came from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.geometry.sizes import CardSize, Paper
from generator.geometry.tiling import Plan, plan
from generator.languages import SOURCE, no_locale
from generator.palettes import STANDARD, Palettes, require
from generator.problems import DataError, Problem, UsageError
from generator.runtime.folders import Templates


class Text(str):
    """A printed word from a locale file that remembers its file, line and key.

    It behaves as a plain ``str`` everywhere (templates, measuring), so a text that does not fit
    a card can still be reported at the line a translator has to edit.
    """

    file: str
    line: int
    key: str

    def __new__(cls, value: str, file: str, line: int, key: str) -> Text:
        text = super().__new__(cls, value)
        text.file, text.line, text.key = file, line, key
        return text

    def __reduce__(self) -> tuple[type[Text], tuple[str, str, int, str]]:
        """Pickled with where it came from, to pass to a worker process and back."""
        return (Text, (str(self), self.file, self.line, self.key))


class Plural(Text):
    """A text with a form per plural category (:mod:`generator.language_rules`): as a plain
    ``str`` it is its ``other`` form; :meth:`form` is the one a count calls for."""

    forms: dict[str, Text]

    def __new__(cls, forms: dict[str, Text], file: str, line: int, key: str) -> Plural:
        text = str.__new__(cls, forms.get("other", next(iter(forms.values()), "")))
        text.file, text.line, text.key, text.forms = file, line, key, forms
        return text

    def form(self, category: str) -> Text:
        """The text of ``category``, or the ``other`` one if the language's file lacks it
        (validation reports that; a build never gets this far with it missing)."""
        return self.forms.get(category) or self.forms.get("other") or Text(self, "", 0, "")

    def __reduce__(self) -> tuple[type[Plural], tuple[dict[str, Text], str, int, str]]:  # type: ignore[override]
        return (Plural, (self.forms, self.file, self.line, self.key))


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    fields: dict[str, Any]
    file: str
    line: int
    where: str
    expansion: str = ""
    """The expansion the card comes from (its folder's name); empty for the game's own."""
    cells: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """For a card of a spreadsheet, the cell of each value it gives (a
    :class:`~generator.problems.Cell`), so a rule about one value points at its cell."""

    def line_of(self, name: str) -> int:
        """Where the card's value ``name`` is written: its cell in a sheet, else the card's
        line."""
        return self.cells.get(name, self.line)

    def seen_from(self, file: str) -> str:
        """The card as a problem in ``file`` names it: ``wagons[3] (line 5)``, with its own file
        when that is another (an expansion's card repeating one of the game's)."""
        return f"{self.where} ({'line ' if file == self.file else self.file + ':'}{self.line})"

    def template_data(self) -> dict[str, Any]:
        """The card's fields as data files give them (a field named ``id`` stays the field), plus
        the built card id as ``card_id``."""
        return {**self.fields, "card_id": self.id, "deck": self.deck}


@dataclass(frozen=True)
class Deck:
    id: str
    size: CardSize
    front: str
    back: str
    two_sided: bool
    cards: tuple[Card, ...]
    file: str
    line: int
    tell_apart: tuple[str, ...] = ()
    """The fields players must tell apart on the fronts, for a deck of an expansion's own kind
    (a game's own decks: its engine's :attr:`~generator.games.base.GameEngine.tell_apart`)."""

    @cached_property
    def places(self) -> dict[str, int]:
        """Each card's place in the deck, from 1, by its id (ids are unique in a deck): made
        once, as naming every card by its place would scan the deck once per card."""
        return {card.id: number for number, card in enumerate(self.cards, 1)}


@dataclass(frozen=True)
class Locale:
    lang: str
    language: str
    file: str
    texts: dict[str, Any]
    flat: dict[str, Text] = field(repr=False)
    adds_to: str = ""
    """Where a missing text goes: the language's file of the last expansion laid over the game
    (what it adds needs the text), else the game's own :attr:`file`."""

    def __post_init__(self) -> None:
        if not self.adds_to:
            object.__setattr__(self, "adds_to", self.file)

    def text(self, key: str) -> Text | None:
        return self.flat.get(key)

    def line_for(self, key: str) -> int:
        """The line of ``key``, or of the deepest mapping on the way to it when it is missing."""
        node: Any = self.texts
        line: int = node.line
        for part in key.split("."):
            if not hasattr(node, "line_of") or part not in node:
                break
            line = node.line_of(part)
            node = node[part]
        return line


@dataclass(frozen=True)
class Draft:
    """A translation in progress: the locale of a language pnp does not require
    (:data:`~generator.languages.REQUIRED`) that lacks texts. A run of every language leaves it
    out and says so in one line; named (``--lang fr``), each text it lacks is a problem, as for
    a required language; with ``--fallback en`` it is whole, and printed."""

    lang: str
    file: str
    has: int
    """How many of the game's texts it has."""
    texts: int
    """How many texts the game has."""
    missing: tuple[Problem, ...] = ()
    """Each text it lacks, as the problem it is when the language is asked for."""

    def progress(self, verb: str, named: bool = True) -> Problem:
        """How far it is, and how to ``verb`` it all the same: ``build it with --lang fr
        --fallback en`` (without ``--lang fr`` for a command that checks every language)."""
        named_it = f"--lang {self.lang} " if named else ""
        how = f"{verb} it with {named_it}--fallback {SOURCE}"
        return Problem(self.file, 0, self.lang, f"{self.has} of {self.texts} texts; {how}")


def chosen(
    game: str, asked: tuple[str, ...], ships: list[str], drafts: Mapping[str, Draft], verb: str
) -> list[str]:
    """The languages ``asked`` of a game that has locales for ``ships``, each once, or every
    one but its translations in progress (``drafts``) when none is: see :meth:`Game.languages`.
    Raises ``UsageError`` for a language it has no locale for, ``DataError`` for one in
    progress (each text it lacks; how to ``verb`` it all the same)."""
    named = list(dict.fromkeys(asked))
    absent = [lang for lang in named if lang not in ships]
    if absent:
        raise UsageError(no_locale(game, absent, ships))
    if in_progress := [drafts[lang] for lang in named if lang in drafts]:
        raise DataError([p for d in in_progress for p in (d.progress(verb), *d.missing)])
    return named or [lang for lang in ships if lang not in drafts]


@dataclass(frozen=True)
class Handout:
    """Something printed once per language beside the cards (a player screen, a score sheet,
    a board), drawn from one template: a page of the build's paper in its orientation, a cell
    of that page (``per_page``), or a piece of its own ``size`` (whole on a paper that holds
    it, else in pieces that join), ``copies`` times (a screen for each player)."""

    id: str
    template: str
    landscape: bool
    file: str
    line: int
    size: tuple[float, float] | None = None
    """Width and height in mm, or ``None``: the paper's page or cell."""
    copies: int = 1
    per_page: int = 1
    """1, or 2 or 4: the paper cut into that many cells, each one handout."""
    data: Any = field(default=None, compare=False)
    """The parsed ``data:`` file (its mappings know their lines), given to the template and
    to the game's engine; ``None`` without one."""
    data_file: str = ""
    """Where :attr:`data` came from, as a problem names it (``<game>/board.yaml``)."""

    def copy_name(self, copy: int) -> str:
        """Copy ``copy`` (from 0) as a proof or a translator's note names it: the handout's id,
        with its number when there are several (``screens-2``)."""
        return self.id if self.copies == 1 else f"{self.id}-{copy + 1}"

    def plan(self, paper: Paper) -> Plan:
        """Its pages on ``paper``: what each shows where (:mod:`generator.geometry.tiling`)."""
        return plan(paper, self.landscape, self.size, self.copies, self.per_page)


@dataclass(frozen=True)
class Game:
    id: str
    directory: Path
    templates: Templates
    """The folders of the game's templates (see :mod:`generator.runtime.folders`)."""
    players: tuple[int, int]
    decks: tuple[Deck, ...]
    locales: dict[str, Locale]
    handouts: tuple[Handout, ...] = ()
    expansions: tuple[str, ...] = ()
    """The expansions laid over the game, by name, in order."""
    part: bool = False
    """Whether this is only the expansions' own cards (:meth:`expansion_part`)."""
    palettes: Palettes = field(default_factory=lambda: {STANDARD: {}})
    """Its colours by palette, then by name (:mod:`generator.palettes`)."""
    palette: str = STANDARD
    """The palette it prints in: its templates see that palette's colours."""
    drafts: dict[str, Draft] = field(default_factory=dict)
    """Its translations in progress, by language: not in :attr:`locales`, not printed unless
    asked for by name (:meth:`languages`)."""

    @property
    def colours(self) -> dict[str, str]:
        """The colours of the palette it prints in, by name, as its templates see them."""
        return self.palettes[self.palette]

    def in_palette(self, name: str) -> Game:
        """The game printed in palette ``name`` (a usage mistake if it has none so named)."""
        require(self.palettes, name, self.id)
        return replace(self, palette=name)

    @property
    def name(self) -> str:
        """The game as its outputs are named: ``gears``, or ``gears+my-expansion`` with the
        expansions laid over it (a merged game never overwrites the game's own files)."""
        return "+".join(self.expansions if self.part else (self.id, *self.expansions))

    def expansion_part(self) -> Game:
        """Only the cards the expansions add or replace, in decks that have any: what a
        designer hands out to players who own the game. Named after the expansions alone."""
        decks = tuple(
            replace(deck, cards=own)
            for deck in self.decks
            if (own := tuple(card for card in deck.cards if card.expansion))
        )
        return replace(self, decks=decks, handouts=(), part=True)

    def deck(self, deck_id: str) -> Deck | None:
        return next((deck for deck in self.decks if deck.id == deck_id), None)

    def languages(self, asked: tuple[str, ...], verb: str = "build") -> list[str]:
        """The languages ``asked`` (each once), or every one the game prints when none is
        (translations in progress left out: :meth:`left_out` says which). One it has no locale
        for is a usage mistake (a language silently left out is a print run missing); one in
        progress fails as a language the game requires would, each text it lacks a problem,
        with how to ``verb`` it all the same."""
        return chosen(self.id, asked, [*self.locales, *self.drafts], self.drafts, verb)

    def left_out(self, asked: tuple[str, ...], verb: str, named: bool = True) -> list[str]:
        """One line for each translation in progress a run of every language leaves out
        (:meth:`Draft.progress`)."""
        return [] if asked else [str(d.progress(verb, named)) for d in self.drafts.values()]
