"""The cards of a game's decks, read from their parsed files (:mod:`generator.load.card_files`):
the game's, then each expansion's removals and cards, a card with an id already in the deck
replacing it in place; copies and ids made, a repeated id told at the field it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping as MappingABC
from itertools import islice
from pathlib import Path
from typing import Any

from generator.load.card_files import CARD_SUFFIXES, CardFile, Tally, card_files
from generator.load.deck_specs import CardSchema, DeckSpec
from generator.load.expansion_fields import COPIES, REMOVED
from generator.load.expansions import MANIFEST, Layer
from generator.load.names import IdPattern, file_name_problem, parse_id_pattern
from generator.load.schema import Field, read_record
from generator.load.yaml_reader import Mapping
from generator.model import Card, Deck
from generator.problems import Cell, ProblemLog, clipped, did_you_mean, shown


def load_decks(
    data_dir: Path,
    game_id: str,
    specs: dict[str, DeckSpec | None],
    layers: list[Layer],
    schema: CardSchema,
    log: ProblemLog,
) -> list[Deck]:
    """The cards of every deck: the game's, then each expansion's removed and added.

    Every card file is parsed and counted first (:class:`~generator.load.card_files.Tally`); a
    card is read only if the game is within :data:`~generator.load.card_files.MAX_GAME_CARDS`,
    and a deck only if each of its files is within
    :data:`~generator.load.card_files.MAX_DECK_CARDS`: data too large costs one problem and no
    per-card work."""
    tally = Tally(log)
    plans: list[tuple[DeckSpec, _CardReader, list[CardFile]]] = []
    for deck_id, spec in specs.items():
        if spec is None:
            continue
        pattern = parse_id_pattern(spec.values["card_id"], spec.fields)
        if isinstance(pattern, str):
            file, line = spec.card_id_at
            log.for_file(file).add(line, f"decks.{deck_id}.card_id", pattern)
            continue
        files = card_files(data_dir, game_id, spec, layers)
        for card_file in files:
            if not tally.passed:  # past the game's limit, nothing more is read
                card_file.load(deck_id, spec.fields, log)
                tally.count(deck_id, card_file)
        plans.append((spec, _CardReader(deck_id, pattern, spec.fields), files))
    for layer in layers:
        if layer.spec is not None:
            _unknown_decks(layer, specs, log)
    decks: list[Deck] = []
    for spec, reader, files in plans:
        if tally.passed or any(card_file.refused for card_file in files):
            continue
        if (deck := _read_deck(spec, reader, files, log)) is not None:
            decks.append(deck)
    return decks


def _read_deck(
    spec: DeckSpec, reader: _CardReader, files: list[CardFile], log: ProblemLog
) -> Deck | None:
    """One deck's cards from its parsed files, each expansion's removals before its cards;
    ``None`` if the deck's size was wrong (its problem is already told)."""
    for card_file in files:
        if card_file.layer is not None:
            reader.remove(card_file.layer)
        reader.read(card_file, log)
    if spec.size is None:
        return None
    values = spec.values
    return Deck(
        spec.id,
        spec.size,
        values["front"],
        values["back"],
        values["two_sided"],
        tuple(reader.cards.values()),
        spec.file,
        spec.line,
        tuple(values.get("tell_apart") or ()),
    )


def _unknown_decks(layer: Layer, specs: dict[str, Any], log: ProblemLog) -> None:
    """A card file, or a ``remove:`` entry, of an expansion for a deck the game does not have:
    a typo in its name, or a new deck not described under ``decks:``, never silently left
    out (a card meant to go would stay in the game)."""
    decks = layer.expansion.folder / "decks"
    for path in sorted(path for path in decks.glob("*") if path.suffix in CARD_SUFFIXES):
        if path.stem not in specs:
            what = (
                f"no deck {path.stem!r} in {layer.expansion.game}{did_you_mean(path.stem, specs)} "
                f"(its decks: {', '.join(specs)}); a new deck is described under decks: in "
                f"{MANIFEST}"
            )
            log.for_file(layer.expansion.label(f"decks/{path.name}")).add(0, "", what)
    removed = layer.node("remove")
    for deck_id in removed:
        if deck_id not in specs:
            hint = did_you_mean(deck_id, specs)
            what = f"no deck {shown(deck_id)} in {layer.expansion.game}{hint}"
            layer.log.add(removed.line_of(deck_id), f"remove.{clipped(str(deck_id))}", what)


class _CardReader:
    """The cards of one deck as files add them: the game's, then each expansion's, a card with
    an id already in the deck replacing it in place."""

    def __init__(self, deck_id: str, pattern: IdPattern, fields: MappingABC[str, Field]) -> None:
        self.deck_id = deck_id
        self.pattern = pattern
        self.fields = fields
        self.cards: dict[str, Card] = {}

    def read(self, card_file: CardFile, log: ProblemLog) -> None:
        """Add the cards of one parsed file (nothing if it is missing or unreadable)."""
        if card_file.entries is None:
            return
        deck_log, file, origin = log.for_file(card_file.label), card_file.label, card_file.origin
        seen: dict[str, Card] = {}
        for index, node in enumerate(card_file.entries):
            where, line = f"{self.deck_id}[{index}]", card_file.entries.line_of(index)
            for card in self._cards(node, where, line, file, origin, deck_log):
                if card.id in seen:
                    first = seen[card.id]
                    deck_log.add(line, *_duplicate(self.pattern, card, first))
                    continue
                seen[card.id] = self.cards[card.id] = card

    def _cards(
        self, node: Any, where: str, line: int, file: str, origin: str, log: ProblemLog
    ) -> list[Card]:
        """The card written at ``node``, or its ``copies``, each with an id of its own."""
        copies, node = _copies(node, where, log)
        values = read_record(node, where, line, self.fields, log)
        if values is None or copies is None:
            return []
        card_id = self.pattern.build(values)
        if (problem := file_name_problem(card_id)) is not None:
            log.add(line, where, f"its card id names its PNG file: {problem}")
            return []
        cells: dict[str, int] = {
            str(name): at for name in node if isinstance(at := node.line_of(name), Cell)
        }
        if copies == 1:
            return [Card(card_id, self.deck_id, values, file, line, where, origin, cells)]
        return [
            Card(
                f"{card_id}-{n}",
                self.deck_id,
                values,
                file,
                line,
                f"{where} (copy {n})",
                origin,
                cells,
            )
            for n in range(1, copies + 1)
        ]

    def remove(self, layer: Layer) -> None:
        """Take out the cards ``remove:`` names for this deck; naming one it has not is a
        problem (a typo would otherwise leave the card in)."""
        removed = layer.node("remove")
        if self.deck_id not in removed:
            return
        where, ids = f"remove.{self.deck_id}", removed[self.deck_id]
        if (problem := REMOVED.problem_with(ids)) is not None:
            layer.log.add(removed.line_of(self.deck_id), where, problem)
            return
        for index, card_id in enumerate(ids):
            if card_id in self.cards:
                del self.cards[card_id]
                continue
            listed = ", ".join(islice(self.cards, 5)) + (", ..." if len(self.cards) > 5 else "")
            what = f"no card {shown(card_id)} in the deck {self.deck_id} (its cards: {listed})"
            layer.log.add(ids.line_of(index), f"{where}[{index}]", what)


def _copies(node: Any, where: str, log: ProblemLog) -> tuple[int | None, Any]:
    """How many of the card to print (``copies: N``, 1 without) and the card without that key;
    ``None`` if ``copies`` is wrong."""
    if not isinstance(node, Mapping) or "copies" not in node:
        return 1, node
    card = Mapping((key, value) for key, value in node.items() if key != "copies")
    card.line, card.lines = node.line, {k: v for k, v in node.lines.items() if k != "copies"}
    problem = COPIES.problem_with(node["copies"])
    if problem is not None:
        log.add(node.line_of("copies"), f"{where}.copies", problem)
        return None, card
    return int(node["copies"]), card


def _duplicate(pattern: IdPattern, card: Card, first: Card) -> tuple[str, str]:
    """Name the field that collides when the id comes from one field (``wagon-{number}``)."""
    fields = set(pattern.fields)
    used_by = f"is already used by {first.seen_from(card.file)}"
    if len(fields) == 1:
        (name,) = fields
        return f"{card.where}.{name}", f"{card.fields[name]} {used_by}"
    return card.where, f"card id {card.id!r} {used_by}"
