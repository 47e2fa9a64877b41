"""``pnp calibrate``: the duplex test sheet that measures ``--back-offset``, one for each
paper, and how to print it."""

from __future__ import annotations

import argparse

from generator.cli.arguments import add_duplex_options, add_paper_and_folder, asked_papers
from generator.cli.exits import EXIT_OK
from generator.options import Options

HOW_TO_PRINT = {
    "long": "print it double-sided, flipping on the long edge, at 100 %",
    "short": "print it double-sided, flipping on the short edge, at 100 %",
    "none": "print page 1, then page 2 on its back (turned over its long edge), at 100 %",
}
"""How each ``--duplex`` puts the calibration sheet's two pages on the two sides of a sheet."""


def add(calibrate_cmd: argparse.ArgumentParser) -> None:
    add_paper_and_folder(calibrate_cmd)
    add_duplex_options(calibrate_cmd)
    calibrate_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the calibration sheet and say what to do with it."""
    from generator.outputs.calibration import calibrate

    made = calibrate(args.out, asked_papers(args), args.duplex or "long", args.back_offset)
    for path, options in made:
        print(f"{path}: {_next_step(options)}")
    return EXIT_OK


def _next_step(options: Options) -> str:
    """How to print the sheet, and what to pass (or expect, when it is already corrected)."""
    printing = HOW_TO_PRINT[options.duplex]
    if options.back_offset == (0.0, 0.0):
        return (
            f"{printing}; hold it to a light and pass what the centre reads on the back as "
            "--back-offset=X,Y (pnp help calibrating-duplex-backs)"
        )
    offset = ",".join(f"{value:g}" for value in options.back_offset)
    return (
        f"backs moved by {offset} mm; {printing}: the centre should read 0,0 "
        f"(if not, add what it reads to {offset})"
    )
