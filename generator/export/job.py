"""What a print shop's output is handed: a :class:`~generator.outputs.base.Job` of one game in
one language, its decks laid out at the sizes of the target's products, every face rendered,
with the target and its products (:class:`ExportJob`). Each shop's files are made by an
:class:`~generator.outputs.base.Output` of such jobs (:data:`generator.export.run.EXPORTERS`)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image

from generator.export.targets import Product, Target
from generator.games.base import GameEngine
from generator.geometry.sizes import MM_PER_INCH, CardSize
from generator.model import Card, Deck, Game
from generator.options import Options
from generator.outputs.base import Job
from generator.problems import DrawError, Problem
from generator.render.faces import batches, drawing
from generator.render.store import ArtStore, png_key
from generator.runtime.cache import Cache
from generator.runtime.folders import Templates
from generator.runtime.workers import Workers


@dataclass(frozen=True)
class Fitted:
    """A game's decks at the sizes of a target's products, and the decks no product prints."""

    game: Game
    products: dict[str, Product]
    left_out: list[Problem]


def fitted(game: Game, target: Target) -> Fitted:
    """Each deck at its product's trim, with the target's bleed, its shape and corners as the
    shop cuts them; a deck no product comes near is left out, naming the nearest."""
    decks, products, left_out = [], {}, []
    for deck in game.decks:
        product = target.product_for(deck.size)
        if product is None:
            left_out.append(_refusal(deck, target))
            continue
        products[deck.id] = product
        decks.append(replace(deck, size=_size_of(deck, product, target)))
    return Fitted(replace(game, decks=tuple(decks)), products, left_out)


def _size_of(deck: Deck, product: Product, target: Target) -> CardSize:
    """The card as the product is cut, with the larger of its two bleeds all round (the image
    is cropped to the other, see :meth:`ExportJob.image`)."""
    radius = deck.size.corner_radius if product.corner_radius is None else product.corner_radius
    shape = product.shape if product.shape in ("rounded", "rectangle", "circle") else "rounded"
    width, height = product.trim
    bleed = max(product.bleeds(target.dpi, target.bleed, target.trim_only))
    return replace(
        deck.size, width=width, height=height, shape=shape, corner_radius=radius, bleed=bleed
    )


def _refusal(deck: Deck, target: Target) -> Problem:
    size = deck.size
    what = "disc" if size.shape == "circle" else "card"
    nearest = target.nearest(size)
    near = (
        f"; the nearest is {nearest.name}, {nearest.trim[0]:g} x {nearest.trim[1]:g} mm"
        if nearest
        else ""
    )
    return Problem(
        deck.file,
        deck.line,
        f"decks.{deck.id}.size",
        f"no {target.name} product prints a {size.width:g} x {size.height:g} mm {what}{near}: "
        "not exported",
    )


@dataclass(frozen=True, kw_only=True)
class ExportJob(Job):
    """A :class:`Job` for one target, written under :attr:`folder`: its game fitted to the
    target's products (:func:`fitted`), and what only an export needs besides."""

    target: Target
    products: dict[str, Product]
    cores: int = 1
    """Cores to draw on (:meth:`prefetch`)."""
    notes: list[str] = field(default_factory=list)
    """What the exporter could not make and why (a tool it needs is missing): said once after
    the export, and in the manifest; the files it could make are made."""

    def image(self, deck: Deck, name: str, pixels: tuple[int, int] | None = None) -> Image.Image:
        """The face ``name`` of ``deck`` (a card id, ``<id>-back`` or ``back``) with its bleed
        as an RGB image on white (shops print no transparency): of ``pixels`` if given, else
        of its product's exact pixels (drawn with the larger bleed, trimmed to the other)."""
        entry = self.faces.named[(deck.id, name)]
        wanted = None if pixels else self.products[deck.id].pixels
        drawn_pixels = pixels or self._canvas(deck)
        with drawing(self.game, self.faces.templates[entry], f"{name} ({self.lang})"):
            data = self.arts.png(
                self.faces.svgs[entry], self.game.templates, entry, self.target.dpi, drawn_pixels
            )
        with Image.open(io.BytesIO(data)) as drawn:
            drawn.load()
            white = Image.new("RGBA", drawn.size, (255, 255, 255, 255))
            image = Image.alpha_composite(white, drawn.convert("RGBA")).convert("RGB")
        return _centre(image, wanted) if wanted else image

    def _canvas(self, deck: Deck) -> tuple[int, int]:
        """The pixels a face of ``deck`` is drawn at: its trim and bleed at the target's dpi."""
        size, dpi = deck.size, self.target.dpi
        return _pixels(size.full_width, dpi), _pixels(size.full_height, dpi)

    def prefetch(self, faces: Iterable[tuple[Deck, str, tuple[int, int] | None]]) -> None:
        """Draw the images :meth:`image` will be asked for (``(deck, name, pixels)``), those
        the cache lacks, on every core at once: an export is mostly drawing."""
        missing: dict[str, tuple[str, str, tuple[int, int]]] = {}
        for deck, name, pixels in faces:
            entry = self.faces.named[(deck.id, name)]
            drawn = pixels or self._canvas(deck)
            if not self.arts.cache.path(png_key(entry, self.target.dpi, drawn)).is_file():
                missing.setdefault(f"{entry} {drawn}", (self.faces.svgs[entry], entry, drawn))
        if not missing:
            return
        work = list(missing.values())
        with Workers(min(self.cores, len(work))) as workers:
            done = [
                workers.submit(
                    _draw, self.arts.cache.folder, self.game.templates, self.target.dpi, batch
                )
                for batch in batches(work)
            ]
            for future in done:
                future.result()

    def png(self, image: Image.Image) -> bytes:
        """``image`` as a PNG that says its resolution (a shop reads a file without it as
        72 dpi), the same bytes every time."""
        output = io.BytesIO()
        dpi = (self.target.dpi, self.target.dpi)
        image.save(output, format="PNG", dpi=dpi, compress_level=PNG_COMPRESSION)
        return output.getvalue()

    def backs(self, deck: Deck) -> list[tuple[Card | None, str]]:
        """The backs a deck prints: each card's own, or its one common back."""
        if deck.two_sided:
            return [(card, f"{card.id}-back") for card in deck.cards]
        return [(None, "back")]


class ShopOutput:
    """What every print shop's output shares: a preflight with nothing to find."""

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        """The check found all a shop's files could hit: a deck no product prints is left out,
        with a note (:func:`fitted`), not refused."""
        return []


PNG_COMPRESSION = 3
"""zlib's level for exported PNGs: half the time of its default (6) for files 15 % larger,
measured on card faces; an export is mostly encoding once its faces are drawn."""


def _draw(
    cache: Path, folder: Templates, dpi: int, batch: Sequence[tuple[str, str, tuple[int, int]]]
) -> None:
    """Draw a batch of faces into the cache (in a worker process); a face that cannot be
    drawn is left for :meth:`ExportJob.image` to report at its template."""
    arts = ArtStore(Cache(cache))
    for svg, entry, pixels in batch:
        with contextlib.suppress(DrawError):
            arts.png(svg, folder, entry, dpi, pixels)


def _pixels(mm: float, dpi: int) -> int:
    return round(mm / MM_PER_INCH * dpi)


def _centre(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The middle ``size`` pixels: the bleed trimmed to what the shop's image holds."""
    left, top = (image.width - size[0]) // 2, (image.height - size[1]) // 2
    return image.crop((left, top, left + size[0], top + size[1]))
