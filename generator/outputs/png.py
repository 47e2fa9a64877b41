"""PNG faces: every card face at 300 dpi with its full bleed, ``png/<deck>/<face>.png``, for
print-on-demand services that take images and for screens. Only on request (``--png``)."""

from __future__ import annotations

from generator.model import Game
from generator.outputs.base import Job, Options, Written, drawing, rendered
from generator.problems import Problem
from generator.render import draw
from generator.render.templates import CardRenderer


class PngFaces:
    name = "PNG files at 300 dpi"
    per_paper = False

    def wanted(self, options: Options) -> bool:
        return options.png

    def preflight(self, game: Game, options: Options) -> list[Problem]:
        return []  # the check rendered every face already

    def write(self, job: Job) -> list[Written]:
        renderer = CardRenderer(job.game, job.game.locales[job.lang])
        folder = job.folder / "png"
        faces = [
            (folder / deck.id / f"{face.name}.png", face)
            for deck in job.game.decks
            for face in renderer.faces(deck)
        ]
        for done, (path, face) in enumerate(faces, start=1):
            subject = f"{face.name} ({job.lang})"
            with job.stopwatch.stage("png"), drawing(job.game, face.template, subject):
                image = draw.png(rendered(face.svg), job.game.templates)
                job.writer.write_bytes(path, image)
            job.report("png", done, len(faces))
        return [Written(path, self.name, 0, 1) for path, _ in faces]
