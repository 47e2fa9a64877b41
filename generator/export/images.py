"""Shops that take one image per face (The Game Crafter, MakePlayingCards): every face of each
deck as a PNG of the product's exact pixel size, RGB on white, its dpi in the file, named so
the shop's uploader keeps the cards in order and pairs each back with its front."""

from __future__ import annotations

from generator.export.job import ExportJob, ShopOutput
from generator.model import Deck
from generator.render.ink import image_ink
from generator.runtime.writer import Written


class Images(ShopOutput):
    name = "print-shop images"

    def write(self, job: ExportJob) -> list[Written]:
        job.prefetch(
            (deck, name, None)
            for deck in job.game.decks
            for name in [card.id for card in deck.cards] + [face for _, face in job.backs(deck)]
        )
        written = []
        for deck in job.game.decks:
            for number, card in enumerate(deck.cards, start=1):
                name = job.target.file_name("front", deck.id, card.id, number)
                written.append(self._face(job, deck, card.id, name, "front"))
            for number, (owner, face) in enumerate(job.backs(deck), start=1):
                side = "back" if owner is not None else "common back"
                name = job.target.file_name(side, deck.id, owner.id if owner else "", number)
                written.append(self._face(job, deck, face, name, side))
        return written

    def _face(self, job: ExportJob, deck: Deck, face: str, name: str, side: str) -> Written:
        path = job.folder / name
        image = job.image(deck, face)
        job.writer.write_bytes(path, job.png(image))
        product = job.products[deck.id]
        what = f"{product.name} {side}s, {image.width} x {image.height} px"
        return Written(path, what, 0, 1, ink=(image_ink(image, job.target.dpi),))
