"""The duplex calibration sheet as an output (``pnp calibrate``): a :class:`SheetKind`, of no
game, written on each paper asked for into the output folder itself, as
``calibration-<paper>[-<how it prints>].pdf``. What it prints is drawn by
:mod:`generator.layout.calibration`."""

from __future__ import annotations

from pathlib import Path

from generator.geometry.sizes import Paper
from generator.layout.calibration import sheet
from generator.options import CALIBRATION, Options, on_papers
from generator.outputs.base import Printing, SheetKind
from generator.problems import UsageError
from generator.runtime.writer import Writer, Written, output_folder_problem


class CalibrationSheets:
    name = "calibration sheets"

    def write(self, job: Printing) -> list[Written]:
        """The sheet on the job's paper, for how its backs are turned and moved: its name says
        how it prints, as the card sheets' do (``calibration-a4-short-edge.pdf``)."""
        path = job.out_dir / f"{job.file_name(CALIBRATION, printing=True)}.pdf"
        options = job.options
        with job.writer.open(path) as stream:
            pages = sheet(options.paper, options.duplex, options.back_offset).save(stream)
        return [Written(path, self.name, pages)]


CALIBRATION_SHEETS: SheetKind = CalibrationSheets()


def calibrate(
    out_dir: Path, papers: tuple[Paper, ...], duplex: str, back_offset: tuple[float, float]
) -> list[tuple[Path, Options]]:
    """Write the calibration sheet into ``out_dir`` on each of ``papers`` (A4 if none), for
    backs turned ``duplex`` and moved by ``back_offset``: each file with the options it
    prints with (what to do with it depends on them). All appear together, or none."""
    problem = output_folder_problem(out_dir)
    if problem:
        raise UsageError(f"--out {out_dir}: {problem}")
    asked = Options(duplex=duplex, back_offset=back_offset)
    writer = Writer(out_dir)
    made = []
    try:
        for options in on_papers(asked, papers):
            job = Printing(out_dir, options, writer)
            made += [(file.path, options) for file in CALIBRATION_SHEETS.write(job)]
        writer.commit()
    finally:
        writer.discard()
    return made
