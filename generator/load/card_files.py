"""The card files of a game's decks, the game's and each expansion's: parsed, and the cards they
stand for counted against the limits before any card is read (:mod:`generator.load.cards`
reads them), so data too large costs one problem and no per-card work.
"""

from __future__ import annotations

from collections.abc import Mapping as MappingABC
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.load.deck_specs import DeckSpec
from generator.load.expansion_fields import COPIES
from generator.load.expansions import Layer
from generator.load.schema import Field
from generator.load.sheets import SHEET_SUFFIXES, read_sheet
from generator.load.yaml_reader import Mapping, Sequence, load_yaml
from generator.problems import ProblemLog

CARD_SUFFIXES = (".yaml", *SHEET_SUFFIXES)
"""What a deck's card file may be: ``decks/<deck>.yaml``, or a spreadsheet
(:mod:`generator.load.sheets`)."""

MAX_DECK_CARDS = 2_000
"""The most cards one deck file may stand for, each entry counted with its ``copies`` (so also
the most entries it may hold).

Why 2,000: the largest shipped deck holds 84 cards, and a large card game has a few hundred
distinct cards, so no designer comes near it; a deck file of 2,000 cards still loads and checks
in about a second. A generated or pasted file of 40,000 cards, each ``copies: 99``, would
otherwise be four million cards to check and draw: it is refused, at the entry that passes the
limit, before any of its cards is read."""

MAX_GAME_CARDS = 10_000
"""The most cards a game may print: every card file of the game and of the expansions laid
over it, each entry counted with its ``copies`` (a card an expansion replaces counts again).

Why 10,000: a big boxed card game prints a few thousand cards, so a designer never meets it;
it bounds what the rule engine checks and the build draws, lays out and holds in memory, even
when several decks or expansions each stay within :data:`MAX_DECK_CARDS`. Past it, the game
is refused before any card is read."""


@dataclass
class CardFile:
    """One card file of a deck, the game's or an expansion's (``layer``): where it is, and once
    :meth:`load` ed, the list of cards under the deck's key."""

    path: Path
    label: str
    root: Path
    layer: Layer | None = None
    entries: Sequence | None = None
    """The cards as written; ``None``: the expansion has no such file, or it is unreadable."""
    refused: bool = False
    """Whether the file stands for more than :data:`MAX_DECK_CARDS` cards."""
    others: list[Path] = field(default_factory=list)
    """Other files of the same deck in the same folder (``heroes.csv`` beside ``heroes.yaml``):
    one of them must go."""

    @property
    def origin(self) -> str:
        """The expansion the file belongs to; empty for the game's own."""
        return self.layer.expansion.name if self.layer is not None else ""

    def load(self, deck_id: str, fields: MappingABC[str, Field], log: ProblemLog) -> None:
        """Parse the file: one key, the deck's id, holding the list of cards, or a sheet of
        them (an expansion need not have a file for every deck)."""
        if self.layer is not None and not (self.path.exists() or self.path.is_symlink()):
            return
        file_log = log.for_file(self.label)
        if self.others:
            names = " and ".join(path.name for path in [self.path, *self.others])
            file_log.add(0, "", f"two files hold the deck's cards ({names}): keep one")
            return
        if self.path.suffix in SHEET_SUFFIXES:
            sheet = read_sheet(self.path, deck_id, fields, file_log, self.root)
            self.entries = None if sheet is None else sheet[1]
            return
        raw = load_yaml(self.path, file_log, self.root)
        if raw is None:
            return
        if (
            not isinstance(raw, Mapping)
            or list(raw) != [deck_id]
            or not isinstance(raw[deck_id], Sequence)
        ):
            file_log.add(1, "", f"expected one key '{deck_id}:' holding the list of cards")
            return
        self.entries = raw[deck_id]


def card_files(data_dir: Path, game_id: str, spec: DeckSpec, layers: list[Layer]) -> list[CardFile]:
    """The files a deck's cards come from, in order: the game's (if the game has the deck),
    then one per expansion, whether it has the file or not (its removals apply either way)."""
    files = []
    if spec.game:
        name, others = deck_file(data_dir / game_id, spec.id)
        files.append(CardFile(data_dir / game_id / name, f"{game_id}/{name}", data_dir))
        files[-1].others = others
    for layer in layers:
        folder = layer.expansion.folder
        name, others = deck_file(folder, spec.id)
        files.append(CardFile(folder / name, layer.expansion.label(name), folder, layer))
        files[-1].others = others
    return files


def deck_file(folder: Path, deck_id: str) -> tuple[str, list[Path]]:
    """The card file of a deck in a game's or an expansion's ``folder`` (``decks/<deck>.yaml``
    when there is none), and any other file of the same deck there."""
    found = [
        folder / f"decks/{deck_id}{suffix}"
        for suffix in CARD_SUFFIXES
        if (folder / f"decks/{deck_id}{suffix}").exists()
        or (folder / f"decks/{deck_id}{suffix}").is_symlink()
    ]
    first = found[0].name if found else f"{deck_id}.yaml"
    return f"decks/{first}", found[1:]


class Tally:
    """The cards the game's files stand for so far, copies counted, against the limits: the
    first file that passes :data:`MAX_DECK_CARDS`, or the entry at which the game passes
    :data:`MAX_GAME_CARDS`, is one problem at its line."""

    def __init__(self, log: ProblemLog) -> None:
        self.log = log
        self.cards = 0
        self.passed = False
        """Whether the game passed :data:`MAX_GAME_CARDS`: no card of it is read."""

    def count(self, deck_id: str, card_file: CardFile) -> None:
        """Add a parsed file's cards; refuse the file, or the game, that passes a limit (a
        refused file adds nothing to the game: none of its cards is read)."""
        entries = card_file.entries
        if entries is None:
            return
        at = _passing(entries, MAX_DECK_CARDS)
        if at is not None:
            card_file.refused = True
            what = f"the deck file passes {MAX_DECK_CARDS:,} cards here (copies counted): the "
            self._refuse(card_file, f"{deck_id}[{at}]", at, what + "most one deck file may hold")
            return
        at = _passing(entries, MAX_GAME_CARDS - self.cards)
        if at is not None:
            self.passed = True
            what = f"the game passes {MAX_GAME_CARDS:,} cards here (every deck, copies counted): "
            self._refuse(card_file, f"{deck_id}[{at}]", at, what + "the most a game may print")
            return
        self.cards += sum(map(_written_copies, entries))

    def _refuse(self, card_file: CardFile, where: str, at: int, what: str) -> None:
        """The one problem of a file, or a game, too large: at the entry passing the limit."""
        line = card_file.entries.line_of(at) if card_file.entries is not None else 0
        self.log.for_file(card_file.label).add(line, where, what)


def _passing(entries: Sequence, room: int) -> int | None:
    """The index of the entry at which the cards ``entries`` stand for (copies counted) pass
    ``room``; ``None`` if they stay within it."""
    total = 0
    for index, node in enumerate(entries):
        total += _written_copies(node)
        if total > room:
            return index
    return None


def _written_copies(node: Any) -> int:
    """How many cards an entry stands for before it is checked: its ``copies`` if that is
    right, else one (a wrong ``copies`` is told with the card, if the file is read)."""
    if (
        isinstance(node, Mapping)
        and "copies" in node
        and COPIES.problem_with(node["copies"]) is None
    ):
        return int(node["copies"])
    return 1
