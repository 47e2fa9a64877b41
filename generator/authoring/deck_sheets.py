"""``pnp cards import`` and ``pnp cards export``: a deck's cards from a spreadsheet to YAML and
back, losing nothing.

A sheet's cells are typed by the deck's fields, so the deck is found from where its file is:
the ``decks/`` folder of a game (beside its ``game.yaml``) or of an expansion (beside its
``expansion.yaml``); the YAML file's place for an import (its ``--out``), so a sheet saved
anywhere can be brought into a game. The YAML an import writes keeps the sheet's layout in a
comment (:mod:`generator.authoring.sheet_layout`): CSV -> YAML -> CSV gives the same bytes,
and so does YAML -> CSV -> YAML for YAML that pnp wrote; YAML written by hand comes back as
the same data.
"""

from __future__ import annotations

from collections.abc import Mapping as MappingABC
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.authoring.sheet_layout import MARK, Layout
from generator.games.registry import find_engine
from generator.load.card_files import CardFile
from generator.load.deck_specs import own_fields
from generator.load.expansion_fields import COPIES
from generator.load.expansions import MANIFEST
from generator.load.schema import Field, unknown_key
from generator.load.sheets import CELL_KINDS, SHEET_SUFFIXES, read_sheet
from generator.load.yaml_reader import Mapping, load_yaml, read_text
from generator.problems import DataError, ProblemLog, UsageError, clipped, shown
from generator.runtime.writer import Writer

GAME = "game.yaml"
NOTE = (
    "# The cards of a spreadsheet (pnp cards import); `pnp cards export` writes them as CSV,\n"
    "# laid out as the line below says (its columns, line ends, rows), byte for byte.\n"
)


@dataclass(frozen=True)
class Deck:
    """A deck as its game describes it: its id and the fields of one card."""

    id: str
    fields: MappingABC[str, Field]


def import_sheet(sheet: Path, target: Path, force: bool) -> int:
    """Write the cards of ``sheet`` (CSV, XLSX or ODS) as the YAML deck file ``target``; the
    number of card entries. :class:`DataError` with every problem of the sheet."""
    _check_paths(sheet, target, SHEET_SUFFIXES, (".yaml",), force)
    deck = deck_of(target)
    log = ProblemLog(str(sheet))
    read = read_sheet(sheet, deck.id, deck.fields, log, None)
    if read is None or log.problems:
        raise DataError(log.problems)
    table, entries = read
    layout = Layout.of(table, deck.fields)
    _write(target, yaml_text(deck.id, [dict(entry) for entry in entries], layout))
    return len(entries)


def export_sheet(source: Path, target: Path, force: bool) -> int:
    """Write the YAML deck file ``source`` as the CSV file ``target``; the number of card
    entries. :class:`DataError` with every card a cell cannot hold as it is."""
    _check_paths(source, target, (".yaml",), (".csv",), force)
    deck = deck_of(source)
    log = ProblemLog(str(source))
    card_file = CardFile(source, str(source), source.parent)
    card_file.load(deck.id, deck.fields, log)
    text = read_text(source, log) if card_file.entries is not None else None
    if card_file.entries is None or text is None:
        raise DataError(log.problems)
    layout = _layout(text, deck, log)
    rows = [_row(entry, index, deck, layout, log) for index, entry in enumerate(card_file.entries)]
    for index, row in enumerate(rows):
        if row is not None and layout.read(layout.row_text(row), deck.fields) != row:
            where = f"{deck.id}[{index}]"
            line = card_file.entries.line_of(index)
            log.add(line, where, "a row of a sheet cannot hold this card as it is")
    if log.problems:
        raise DataError(log.problems)
    cards = [row for row in rows if row is not None]
    _write(target, layout.sheet(cards, deck.fields))
    return len(cards)


def yaml_text(deck_id: str, entries: list[dict[str, Any]], layout: Layout) -> str:
    """A deck file: the layout's comment, then a card a line, its fields in column order."""
    order = {name: place for place, name in enumerate(layout.columns)}
    cards = [dict(sorted(entry.items(), key=lambda item: order[item[0]])) for entry in entries]
    body = yaml.dump(
        {deck_id: cards},
        Dumper=_Dumper,
        default_flow_style=None,
        width=100,
        sort_keys=False,
        allow_unicode=True,
    )
    return f"{NOTE}{layout.comment()}\n{body}"


class _Dumper(yaml.SafeDumper):
    """Cards as the shipped deck files write them: ``  - {name: Ann, power: 3}``."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def deck_of(path: Path) -> Deck:
    """The deck a card file at ``path`` belongs to, by the ``decks/`` folder it is in: its id
    and the fields of its cards (a deck's own ``fields:`` in the manifest, else the game's
    rules)."""
    folder = Path(path).absolute().parent
    deck_id = Path(path).stem
    if folder.name != "decks":
        raise UsageError(
            f"{path}: not in the decks/ folder of a game or an expansion, where pnp finds the "
            "deck's fields (an import names its place with --out GAME/decks/DECK.yaml)"
        )
    manifest = next(
        (folder.parent / name for name in (GAME, MANIFEST) if (folder.parent / name).is_file()),
        None,
    )
    if manifest is None:
        raise UsageError(f"{path}: no {GAME} or {MANIFEST} beside its decks/ folder")
    log = ProblemLog(str(manifest))
    raw = load_yaml(manifest, log, manifest.parent)
    if not isinstance(raw, Mapping):
        raise DataError(log.problems)
    decks = raw.get("decks")
    node = decks.get(deck_id) if isinstance(decks, Mapping) else None
    if isinstance(node, Mapping) and "fields" in node:
        fields = own_fields(node, f"decks.{deck_id}", log)
        if fields is None:
            raise DataError(log.problems)
        return Deck(deck_id, fields)
    game = folder.parent.name if manifest.name == GAME else str(raw.get("game"))
    return Deck(deck_id, _engine_fields(game, deck_id, path))


def _engine_fields(game: str, deck_id: str, path: Path) -> MappingABC[str, Field]:
    """The fields of a deck of one of pnp's own games (a game described in data gives its
    decks' ``fields:`` in its ``game.yaml``, read above)."""
    engine = find_engine(game)
    if engine is None:
        raise UsageError(
            f"{path}: {game!r} is not one of pnp's own games, and its deck "
            f"{deck_id!r} has no fields: in {GAME}"
        )
    fields = engine.card_fields
    if deck_id not in fields:
        known = ", ".join(fields)
        raise UsageError(f"{path}: {game} has no deck {deck_id!r} (its decks: {known})")
    return fields[deck_id]


def _layout(text: str, deck: Deck, log: ProblemLog) -> Layout:
    """The layout the YAML file's comment keeps (the canonical one if none), with a column
    added for any field a card has that it lacks."""
    layout = Layout.canonical(deck.fields)
    lines = text.splitlines()
    for line, comment in enumerate(lines, 1):
        if not comment.startswith("#"):
            break
        if comment.startswith(MARK):
            try:
                layout = Layout.parse(comment)
            except (ValueError, TypeError) as error:
                what = f"the sheet's layout cannot be read ({clipped(str(error))}): delete the line"
                log.add(line, "", what)
    return layout


def _row(
    entry: Any, index: int, deck: Deck, layout: Layout, log: ProblemLog
) -> dict[str, Any] | None:
    """The values of one card entry, each in a column (added to the layout if it lacks one);
    ``None`` with the problem of an entry no row can hold."""
    where = f"{deck.id}[{index}]"
    if not isinstance(entry, Mapping) or not entry:
        what = "expected a mapping of the card's fields, at least one given (a row)"
        log.add(getattr(entry, "line", 0), where, f"{what}, got {shown(entry)}")
        return None
    known, before = {**deck.fields, "copies": COPIES}, len(log.problems)
    for key, value in entry.items():
        at, name = entry.line_of(key), f"{where}.{clipped(str(key))}"
        if key not in known:
            log.add(at, name, unknown_key(key, known))
        elif not isinstance(value, CELL_KINDS):
            log.add(at, name, f"a cell cannot hold {shown(value)}: keep the deck in YAML")
        elif key not in layout.columns:
            layout.columns.append(key)
    return dict(entry) if len(log.problems) == before else None


def _check_paths(
    source: Path, target: Path, sources: tuple[str, ...], targets: tuple[str, ...], force: bool
) -> None:
    """Usage mistakes, found before anything is read."""
    if source.suffix.lower() not in sources:
        raise UsageError(f"{source}: expected a {' or '.join(sources)} file")
    if target.suffix.lower() not in targets:
        raise UsageError(f"--out {target}: expected a {' or '.join(targets)} file")
    if (target.exists() or target.is_symlink()) and not force:
        raise UsageError(f"{target} exists: add --force to replace it")


def _write(target: Path, text: str) -> None:
    """The file whole or not at all (written beside it, then renamed into place)."""
    writer = Writer(target.absolute().parent)
    writer.write_bytes(target.absolute(), text.encode("utf-8"))
    writer.commit()
