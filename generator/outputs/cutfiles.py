"""Cut files for a cutting machine (``--cut silhouette``): beside the card sheets
(``cards-<paper>-silhouette.pdf``) a folder of the same name (``cards-<paper>-silhouette/``)
with the exact cut line of every card of each sheet, ``sheet-NN.svg`` (millimetres, with the
registration marks as a layer, for Silhouette Studio and Inkscape) and ``sheet-NN.dxf`` (for
any other cutter's software). Sheet NN is the NN-th sheet of fronts in the PDF; the lines come
from the same layout as the sheets, so each lies on its printed card.
"""

from __future__ import annotations

from generator.games.base import GameEngine
from generator.layout.cutfile import dxf, svg
from generator.model import Game
from generator.options import Options
from generator.outputs.base import Job
from generator.outputs.cards import KIND
from generator.outputs.sheets import layout
from generator.problems import DataError, Problem
from generator.runtime.writer import Written


class CutFiles:
    name = "cut files"
    on_paper = True
    per_paper = True
    draws_faces = False
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return options.cut != "none"

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        return []  # the card sheets' preflight finds every card that does not fit

    def write(self, job: Job) -> list[Written]:
        planned = layout(job.game, job.options)
        if isinstance(planned, list):
            raise DataError(planned)
        folder = job.folder / job.file_name(KIND, printing=True)
        written = []
        for number, sheet in enumerate(planned.sheets, start=1):
            cards = [(slot.card, slot.trim) for slot in sheet.slots()]
            stem = folder / f"sheet-{number:02d}"
            job.writer.write_bytes(
                stem.with_suffix(".svg"), svg(planned.page, cards, job.options.registration)
            )
            job.writer.write_bytes(stem.with_suffix(".dxf"), dxf(planned.page, cards))
            written += [
                Written(stem.with_suffix(suffix), self.name, 0, len(cards))
                for suffix in (".svg", ".dxf")
            ]
        return written
