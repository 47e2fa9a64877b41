"""Tabletop Simulator (``pnp export tts``): each deck as card sheets that TTS cuts into cards, its
backs, and ``<game>.json``, a saved object that lays every deck of the game on the table, each
card named in the export's language (with ``<game>.png``, its picture in TTS's list: the first
deck's back).

A sheet holds at most ``columns`` x ``rows`` cards and is at most ``max_pixels`` a side (the
target's table: 10 x 7, 4096 px). TTS shows a sheet's last slot for a card it hides, so that slot
holds the deck's back and a sheet's cards fill the slots before it: a deck of more cards goes on
as many sheets as it needs, each a ``CustomDeck`` of its own (a card's ``CardID`` is its sheet's
key times 100 plus its slot, TTS's rule). A two-sided deck gets a back sheet laid out like each
face sheet (TTS's "unique backs"); every other deck one back image. ``BackIsHidden`` lets TTS
hide a card behind its own back, so a two-sided card in a hand shows its other side, as it would
on a real table.

TTS loads images from URLs. The saved object points at the sheets where the export writes them,
as ``file:///`` URLs (the way TTS itself saves a local file), so it spawns at once on the
machine that exported it; TTS shows no one else a local file, so to play together the images go
to a host every player reaches, such as TTS's own Steam Cloud: its Cloud Manager uploads every
loaded file and points the objects at the uploads, and the object is saved again (README,
"Tabletop Simulator"). A placeholder in the URLs instead would leave an object that cannot even
be looked at before it is edited by hand.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from generator.export.job import ExportJob, ShopOutput
from generator.export.targets import Target
from generator.games.base import deck_name
from generator.model import Card, Deck
from generator.render.ink import image_ink
from generator.runtime.writer import Written

SHAPES = {"rounded": 0, "rectangle": 1, "circle": 4}
"""TTS's card shapes (a custom deck's ``Type``) for the shapes of our products."""
TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}
"""The ``ColorDiffuse`` TTS saves for every card and deck it makes itself: another tints the
card's image."""
CARD_IDS = 100
"""A ``CardID`` is its sheet's key times this, plus its slot on the sheet."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Table:
    """The target's numbers: the largest sheet TTS takes, and how big it draws a card."""

    columns: int
    rows: int
    max_pixels: int
    card_width: float
    """How wide TTS draws a card at scale 1, in mm."""
    unit: float
    """One unit of TTS's table, in mm."""
    gap: float
    """Between decks laid out in a row, in mm."""
    thumbnail: int
    """The side of the saved object's picture, in pixels."""

    @classmethod
    def of(cls, target: Target) -> Table:
        limits = target.limits
        return cls(
            int(limits["columns"]),
            int(limits["rows"]),
            int(limits["max_pixels"]),
            float(limits["card_width_mm"]),
            float(limits["unit_mm"]),
            float(limits["gap_mm"]),
            int(limits["thumbnail_pixels"]),
        )


@dataclass(frozen=True)
class Grid:
    """How a sheet is cut: ``columns`` x ``rows`` slots, read row by row."""

    columns: int
    rows: int

    @property
    def hidden(self) -> int:
        """The slot TTS shows for a hidden card: the sheet's last."""
        return self.columns * self.rows - 1

    def corner(self, slot: int, cell: tuple[int, int]) -> tuple[int, int]:
        """The top-left pixel of ``slot`` on a sheet of ``cell``-sized slots."""
        row, column = divmod(slot, self.columns)
        return column * cell[0], row * cell[1]


@dataclass(frozen=True)
class Sheet:
    """A deck's cards on one sheet, in slot order, and the files TTS reads them from."""

    key: int
    """The sheet's key under ``CustomDeck``."""
    cards: tuple[Card, ...]
    grid: Grid
    face: Path
    back: Path
    """The back sheet of a two-sided deck; else the deck's one back image."""


def grids(count: int, cell: tuple[int, int], table: Table) -> list[Grid]:
    """The sheets of a deck of ``count`` cards of ``cell`` pixels: each as many cards as fit
    before its hidden slot, on as few columns and rows as hold them with that slot."""
    columns = min(table.columns, table.max_pixels // cell[0])
    rows = min(table.rows, table.max_pixels // cell[1])
    per_sheet = columns * rows - 1
    sizes = [min(per_sheet, count - start) for start in range(0, count, per_sheet)]
    return [
        Grid(across := min(columns, size + 1), math.ceil((size + 1) / across)) for size in sizes
    ]


class Tts(ShopOutput):
    name = "Tabletop Simulator saved objects"

    def write(self, job: ExportJob) -> list[Written]:
        """Sheets and backs deck by deck, then the saved object and its picture; a game
        without a card to lay out (every deck left out, or empty) gets none of them."""
        decks = [deck for deck in job.game.decks if deck.cards]
        if not decks:
            return []
        table = Table.of(job.target)
        job.prefetch(
            (deck, name, drawn_pixels(job, deck))
            for deck in decks
            for name in [card.id for card in deck.cards] + [face for _, face in job.backs(deck)]
        )
        written: list[Written] = []
        plans: list[tuple[Deck, list[Sheet]]] = []
        key = 1
        for deck in decks:
            sheets = self._sheets(job, deck, table, key)
            key += len(sheets)
            written += self._images(job, deck, sheets)
            plans.append((deck, sheets))
        path = job.folder / f"{job.game.id}.json"
        text = json.dumps(saved_object(job, plans, table), indent=2, ensure_ascii=False)
        job.writer.write_bytes(path, (text + "\n").encode())
        picture = thumbnail(trimmed(job, decks[0], job.backs(decks[0])[0][1]), table.thumbnail)
        job.writer.write_bytes(path.with_suffix(".png"), job.png(picture))
        return [
            *written,
            Written(path, "TTS saved objects"),
            Written(path.with_suffix(".png"), "TTS thumbnails"),
        ]

    def _sheets(self, job: ExportJob, deck: Deck, table: Table, first: int) -> list[Sheet]:
        sheets, start = [], 0
        for number, grid in enumerate(grids(len(deck.cards), cell(job, deck), table), start=1):
            cards = deck.cards[start : start + grid.hidden]
            start += len(cards)
            face = job.folder / job.target.file_name("faces", deck.id, "", number)
            side = "backs" if deck.two_sided else "common back"
            back = job.folder / job.target.file_name(side, deck.id, "", number)
            sheets.append(Sheet(first + number - 1, cards, grid, face, back))
        return sheets

    def _images(self, job: ExportJob, deck: Deck, sheets: list[Sheet]) -> list[Written]:
        """Each face sheet, the hidden slot showing the deck's back (a two-sided deck has none
        to show: TTS shows each card's own); and the back sheets, or the one back."""
        common = None if deck.two_sided else trimmed(job, deck, "back")
        written = []
        for sheet in sheets:
            faces = [trimmed(job, deck, card.id) for card in sheet.cards]
            written.append(self._put(job, sheet.face, sheet.grid, faces, common, "face sheets"))
            if deck.two_sided:
                backs = [trimmed(job, deck, f"{card.id}-back") for card in sheet.cards]
                written.append(self._put(job, sheet.back, sheet.grid, backs, None, "back sheets"))
        if common is not None:
            job.writer.write_bytes(sheets[0].back, job.png(common))
            ink = (image_ink(common, job.target.dpi),)
            written.append(Written(sheets[0].back, "TTS card backs", ink=ink))
        return written

    def _put(
        self,
        job: ExportJob,
        path: Path,
        grid: Grid,
        faces: list[Image.Image],
        hidden: Image.Image | None,
        what: str,
    ) -> Written:
        cell = faces[0].size
        sheet = Image.new("RGB", (grid.columns * cell[0], grid.rows * cell[1]), "white")
        for slot, face in enumerate(faces):
            sheet.paste(face, grid.corner(slot, cell))
        if hidden is not None:
            sheet.paste(hidden, grid.corner(grid.hidden, cell))
        job.writer.write_bytes(path, job.png(sheet))
        return Written(path, f"TTS {what}", ink=(image_ink(sheet, job.target.dpi),))


def cell(job: ExportJob, deck: Deck) -> tuple[int, int]:
    """The pixels of one card of ``deck`` on its sheets: its product's."""
    product = job.products[deck.id]
    assert product.pixels is not None, f"{product.id}: a TTS product says its pixels"
    return product.pixels


def trimmed(job: ExportJob, deck: Deck, name: str) -> Image.Image:
    """The face ``name`` cut at its trim, ``cell`` pixels: drawn with the target's bleed, as
    a card is printed, so its edges show what a cut card shows (a frame in the bleed stays
    out of sight), then the bleed cut off, since TTS shows the whole image."""
    width, height = cell(job, deck)
    left, top = _margins(job, deck)
    drawn = job.image(deck, name, drawn_pixels(job, deck))
    return drawn.crop((left, top, left + width, top + height))


def _margins(job: ExportJob, deck: Deck) -> tuple[int, int]:
    """The bleed in pixels on each side of a ``cell``: drawn, then cut off."""
    width, height = cell(job, deck)
    bleed = deck.size.bleed
    return round(width * bleed / deck.size.width), round(height * bleed / deck.size.height)


def drawn_pixels(job: ExportJob, deck: Deck) -> tuple[int, int]:
    """The pixels a face of ``deck`` is drawn at, its bleed included."""
    (width, height), (left, top) = cell(job, deck), _margins(job, deck)
    return width + 2 * left, height + 2 * top


def thumbnail(face: Image.Image, side: int) -> Image.Image:
    """The picture TTS shows for a saved object in its list (``<name>.png`` beside
    ``<name>.json``): ``face`` fitted into a white square of ``side`` pixels."""
    picture = face.copy()
    picture.thumbnail((side, side), Image.Resampling.LANCZOS)
    square = Image.new("RGB", (side, side), "white")
    square.paste(picture, ((side - picture.width) // 2, (side - picture.height) // 2))
    return square


def saved_object(job: ExportJob, plans: list[tuple[Deck, list[Sheet]]], table: Table) -> Json:
    """The saved object: every deck, in a row, face down (a card alone face up), named."""
    locale = job.game.locales[job.lang]
    guid = guids(job.game.id, job.lang)
    objects = []
    for (deck, sheets), x in zip(plans, _row([deck for deck, _ in plans], table), strict=True):
        placed = _transform(x, deck.size.width / table.card_width, face_up=len(deck.cards) == 1)
        entries = {sheet.key: _custom_deck(deck, sheet) for sheet in sheets}
        cards = [
            _card(
                guid(deck.id, card.id),
                job.engine.name_of(job.game, deck, card, locale),
                sheet.key * CARD_IDS + slot,
                {str(sheet.key): entries[sheet.key]},
                placed,
            )
            for sheet in sheets
            for slot, card in enumerate(sheet.cards)
        ]
        if len(cards) == 1:
            objects.append(cards[0])
            continue
        deck_object = _base(guid(deck.id), "DeckCustom", deck_name(deck, locale), placed)
        deck_object |= {
            "Hands": False,
            "SidewaysCard": False,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": {str(key): entry for key, entry in entries.items()},
            **_scripts(),
            "ContainedObjects": cards,
        }
        objects.append(deck_object)
    title = str(locale.text("title") or job.game.id)
    return {
        "SaveName": title,
        "GameMode": title,
        "Date": "",
        "VersionNumber": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        **_scripts(),
        "ObjectStates": objects,
        "TabStates": {},
    }


def _custom_deck(deck: Deck, sheet: Sheet) -> Json:
    return {
        "FaceURL": file_url(sheet.face),
        "BackURL": file_url(sheet.back),
        "NumWidth": sheet.grid.columns,
        "NumHeight": sheet.grid.rows,
        "BackIsHidden": True,
        "UniqueBack": deck.two_sided,
        "Type": SHAPES[deck.size.shape],
    }


def _card(guid: str, name: str, card_id: int, custom: Json, transform: Json) -> Json:
    card = _base(guid, "Card", name, transform)
    return card | {
        "Hands": True,
        "CardID": card_id,
        "SidewaysCard": False,
        "CustomDeck": custom,
        **_scripts(),
    }


def _base(guid: str, name: str, nickname: str, transform: Json) -> Json:
    """What every object of the file says first, in the order TTS writes it."""
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "ColorDiffuse": TINT,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": True,
    }


def _scripts() -> Json:
    return {"LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def _transform(x: float, scale: float, face_up: bool) -> Json:
    """A deck (or a card alone) at ``x`` on the table's middle line, upright towards the first
    seat, at ``scale``."""
    return {
        "posX": round(x, 4),
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0 if face_up else 180.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def _row(decks: list[Deck], table: Table) -> list[float]:
    """Where each deck's centre lies, in table units: side by side, ``gap`` apart, the row
    centred on the table."""
    widths = [deck.size.width for deck in decks]
    centres = [sum(widths[:n]) + n * table.gap + width / 2 for n, width in enumerate(widths)]
    middle = (centres[0] + centres[-1]) / 2 if centres else 0.0
    return [(centre - middle) / table.unit for centre in centres]


def guids(*scope: str) -> Callable[..., str]:
    """A namer of objects: six hex digits as TTS writes a GUID, from the object's ids (an export
    gives the same GUIDs every time), never one twice within ``scope``."""
    given: set[str] = set()

    def guid(*ids: str) -> str:
        seed = "/".join((*scope, *ids))
        while (found := hashlib.sha256(seed.encode()).hexdigest()[:6]) in given:
            seed += "/"
        given.add(found)
        return found

    return guid


def file_url(path: Path) -> str:
    """``path`` as TTS saves a local file: ``file:///`` and the absolute path as the system
    writes it, not escaped."""
    return "file:///" + os.path.abspath(path).lstrip("/")
