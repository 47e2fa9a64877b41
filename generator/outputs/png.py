"""PNG faces: every card face at 300 dpi with its full bleed, ``png/<deck>/<face>.png``, for
print-on-demand services that take images and for screens. Only on request (``--png``). They
are the same on every paper, so their folder names no paper (only a palette: ``png-ink-saver/``)."""

from __future__ import annotations

from generator.games.base import GameEngine
from generator.model import Game
from generator.options import PNG, Options, file_name
from generator.outputs.base import Job
from generator.problems import Problem
from generator.render.faces import drawing
from generator.runtime.writer import Written


class PngFaces:
    name = "PNG files at 300 dpi"
    on_paper = False
    per_paper = False
    draws_faces = True  # it places none, but takes each face's ink from its drawing
    checked_by_write = False

    def wanted(self, options: Options) -> bool:
        return options.png

    def preflight(self, game: Game, engine: GameEngine, options: Options) -> list[Problem]:
        return []  # the check rendered every face already

    def write(self, job: Job) -> list[Written]:
        folder = job.folder / file_name(PNG, palette=job.game.palette)
        faces = [
            (folder / deck / f"{name}.png", entry)
            for (deck, name), entry in job.faces.named.items()
        ]
        written = []
        for done, (path, entry) in enumerate(faces, start=1):
            template = job.faces.templates[entry]
            with (
                job.stopwatch.stage("png"),
                drawing(job.game, template, f"{path.stem} ({job.lang})"),
            ):
                image = job.arts.png(job.faces.svgs[entry], job.game.templates, entry)
            job.writer.write_bytes(path, image)
            ink = job.art(entry).raster.ink()  # the PNG is the whole face, as its raster
            written.append(Written(path, self.name, 0, 1, ink=(ink,)))
            job.report("png", done, len(faces))
        return written
