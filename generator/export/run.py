"""``pnp export``, top to bottom: check the games as a build does, lay each deck out at its
product's size, render every face in each language, let the target's exporter write its files,
and list them in a manifest; all put in place together, or nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from generator.export.images import Images
from generator.export.job import ExportJob, fitted
from generator.export.pdf import Pdf
from generator.export.targets import Target
from generator.export.tts import Tts
from generator.languages import AS_WRITTEN, Languages
from generator.load.expansions import Expansion
from generator.options import Options, file_name
from generator.outputs.base import Output
from generator.palettes import STANDARD
from generator.pipeline.build import check
from generator.pipeline.front import engine_of
from generator.problems import DataError, Problem
from generator.render.faces import render_faces
from generator.render.store import ArtStore
from generator.runtime.cache import Cache, default_folder
from generator.runtime.writer import Writer, Written

EXPORTERS: dict[str, Output[ExportJob]] = {"images": Images(), "pdf": Pdf(), "tts": Tts()}
"""The output that makes the files of each kind of target (``kind`` in its table)."""


@dataclass(frozen=True)
class ExportRequest:
    target: Target
    data_dir: Path
    out_dir: Path
    games: tuple[str, ...] = ()
    langs: tuple[str, ...] = ()
    cache: Path | None = None
    jobs: int = 1
    expansions: tuple[Expansion, ...] = ()
    only_expansion: bool = False
    """Export only the cards the expansions add or replace (:meth:`Game.expansion_part`)."""
    palette: str = STANDARD
    """The palette the cards print in; another than the standard one names the target's
    folder (``drivethru-ink-saver``)."""
    languages: Languages = AS_WRITTEN
    """The languages made beyond the locale files (``--fallback``)."""


@dataclass
class Exported:
    """The files written, and the decks no product of the target prints."""

    written: list[Written] = field(default_factory=list)
    left_out: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What could not be made, each said once however many games and languages it held back."""


def export(request: ExportRequest) -> Exported:
    target = request.target
    exporter = EXPORTERS[target.kind]
    games = check(
        request.data_dir,
        request.games,
        (),
        expansions=request.expansions,
        languages=request.languages,
    )
    games = [game.in_palette(request.palette) for game in games]
    if request.only_expansion:
        games = [game.expansion_part() for game in games]
    arts = ArtStore(Cache(request.cache or default_folder()))
    writer = Writer(request.out_dir)
    done = Exported()
    try:
        for game in games:
            fit = fitted(game, target)
            done.left_out += fit.left_out
            done.notes += game.left_out(request.langs, "export")
            for lang in game.languages(request.langs, "export"):
                faces, problems = render_faces(fit.game, lang)
                if problems:
                    raise DataError(problems)
                shop = file_name(target.id, palette=game.palette)
                job = ExportJob(
                    out_dir=request.out_dir / shop,
                    options=Options(palette=game.palette),
                    writer=writer,
                    game=fit.game,
                    engine=engine_of(request.data_dir, game.id),  # the check found it
                    lang=lang,
                    faces=faces,
                    arts=arts,
                    target=target,
                    products=fit.products,
                    cores=request.jobs,
                )
                files = exporter.write(job)
                files.append(_manifest(job, files, fit.left_out))
                done.written += files
                done.notes += [note for note in job.notes if note not in done.notes]
        writer.commit()
    finally:
        writer.discard()
    return done


def _manifest(job: ExportJob, files: list[Written], left_out: list[Problem]) -> Written:
    """``manifest.json``: what each file is, how many of each, their bytes, the ink of each
    page (of each image) where it was measured; and the decks the target cannot print, with
    the product nearest to each."""
    listed = []
    for file in files:
        listed.append(
            {
                "path": file.path.relative_to(job.folder).as_posix(),
                "what": file.kind,
                "bytes": job.writer.staged[file.path].stat().st_size,
                "ink": [{"mean": page.mean, "tac": page.tac} for page in file.ink],
            }
        )
    counts: dict[str, int] = {}
    for file in files:
        counts[file.kind] = counts.get(file.kind, 0) + 1
    manifest = {
        "target": job.target.name,
        "game": job.game.id,
        "language": job.lang,
        "products": {deck: product.name for deck, product in job.products.items()},
        "counts": counts,
        "files": listed,
        "not exported": [str(problem) for problem in left_out],
        "notes": job.notes,
    }
    path = job.folder / "manifest.json"
    text = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    job.writer.write_bytes(path, text.encode())
    return Written(path, "manifests", 0, 0)
