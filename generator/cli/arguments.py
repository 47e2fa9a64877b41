"""The options several ``pnp`` commands share, and how their values are read: ``--with`` and
``--only-expansion``, ``--fallback``, ``--palette``, ``--paper`` and ``--out``, the printing
options (``--duplex``, ``--back-offset``, ``--sheets``, ``--layout``, ``--cut``,
``--cut-marks``), ``--jobs`` and ``--cache``. Each command's own options are in its module."""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from generator.cli.display import print_notes
from generator.geometry.registration import Registration
from generator.geometry.registration import parse as parse_registration
from generator.geometry.sizes import PAPERS, Paper
from generator.languages import PSEUDO, Languages
from generator.load.expansions import (
    Expansion,
    add_with_option,
    find_expansions,
    games_to_build,
    of_game,
)
from generator.options import CUTTERS, DUPLEX, LAYOUTS, SHEETS, Options
from generator.palettes import INK_SAVER, PALETTE_NAME, STANDARD
from generator.problems import UsageError
from generator.runtime.cache import default_folder
from generator.runtime.folders import discover_games
from generator.runtime.workers import default_jobs

CACHE_HELP = (
    "where drawn faces are kept between builds (default: $PNP_CACHE_DIR, else the user "
    "cache folder, ~/.cache/pnp on Linux)"
)
MAX_BACK_OFFSET = 20.0
"""Millimetres: a printer off by more needs mending, not correcting."""


def add_expansion_options(command: argparse.ArgumentParser, prints: bool = True) -> None:
    """``--with``, and ``--only-expansion`` for a command that ``prints`` cards."""
    add_with_option(command)
    if prints:
        command.add_argument(
            "--only-expansion",
            action="store_true",
            help="only the cards the expansions add or replace (checked in the merged game)",
        )


def add_language_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--fallback",
        metavar="LANG",
        default="",
        help="print a text a language lacks in LANG, listing each such text once "
        "(default: a missing text is a problem)",
    )


def made_languages(
    args: argparse.Namespace, names: tuple[str, ...], expansions: tuple[Expansion, ...]
) -> Languages:
    """The languages made beyond the locale files: the pseudo-locale when ``--lang qps`` asks
    for it, and ``--fallback``, whose borrowed texts are listed here, once each."""
    asked = getattr(args, "lang", None) or ()
    langs = (asked,) if isinstance(asked, str) else tuple(asked)  # serve's --lang is one
    if args.fallback:
        from generator.load.locales import fallback_notes

        for game in names or discover_games(args.data):
            print_notes(
                fallback_notes(args.data, game, of_game(expansions, game), args.fallback, langs)
            )
    return Languages(pseudo=PSEUDO in langs, fallback=args.fallback)


def games_and_expansions(args: argparse.Namespace) -> tuple[tuple[str, ...], tuple[Expansion, ...]]:
    """The games asked for and the expansions laid over them (``--with``)."""
    found = find_expansions(args.expansions, discover_games(args.data))
    only = getattr(args, "only_expansion", False)
    return games_to_build(args.games, found, only), found


def add_palette_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--palette",
        type=palette_name,
        default=STANDARD,
        metavar="NAME",
        help=f"the game's colours: {STANDARD} (default) or {INK_SAVER} (light grounds and "
        "thin lines for a home printer); files printed in another than the standard palette "
        f"end in its name (cards-a4-{INK_SAVER}.pdf)",
    )


def palette_name(text: str) -> str:
    """``--palette``'s value, which names files: lower-case words joined by ``-``."""
    if not PALETTE_NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a palette's name is lower-case words joined by -"
        )
    return text


def add_paper_and_folder(command: argparse.ArgumentParser) -> None:
    add_paper_option(
        command, "the paper to print on; repeat for more, each in files of its own (default: a4)"
    )
    command.add_argument("--out", type=Path, default=Path("output"), metavar="DIR")


def add_output_folder(command: argparse.ArgumentParser, folder: str, where: str) -> None:
    """``--out DIR``, by default ``output/<folder>``; ``where`` says what goes where in it."""
    command.add_argument(
        "--out",
        type=Path,
        default=Path("output") / folder,
        metavar="DIR",
        help=f"where {where} goes (default: output/{folder})",
    )


def add_paper_option(command: argparse.ArgumentParser, said: str) -> None:
    """``--paper``, which may be given more than once (each paper in the order given)."""
    command.add_argument("--paper", choices=sorted(PAPERS), action="append", default=[], help=said)


def asked_papers(args: argparse.Namespace) -> tuple[Paper, ...]:
    """Every ``--paper`` asked for, in order, each once; A4 when none is."""
    return tuple(PAPERS[name] for name in dict.fromkeys(args.paper or ["a4"]))


def add_printing_options(command: argparse.ArgumentParser) -> None:
    """How the user prints, turns and cuts the sheets (see the README's printing guide)."""
    add_duplex_options(command)
    command.add_argument(
        "--sheets",
        choices=SHEETS,
        default="shared",
        help="let decks share sheets (fewest pages) or start each deck on its own sheet",
    )
    command.add_argument(
        "--layout",
        choices=LAYOUTS,
        default="duplex",
        help="backs on the back of the sheet, or 'gutterfold': beside their fronts, to fold",
    )
    command.add_argument(
        "--cut",
        choices=CUTTERS,
        default="none",
        help="'silhouette': registration marks and cut files for a Silhouette cutting machine",
    )
    command.add_argument(
        "--cut-marks",
        type=_registration,
        default=None,
        metavar="SETTINGS",
        help="the registration marks as set in Silhouette Studio, e.g. "
        "inset=10,length=5,thickness=1 (the defaults; also clearance=MM, feed=mat|feeder)",
    )


def add_duplex_options(command: argparse.ArgumentParser) -> None:
    """How the sheet reaches its back, and how far the printer puts the back off: the card
    sheets and the calibration sheet that measures them share these."""
    command.add_argument(
        "--duplex",
        "--flip",
        choices=DUPLEX,
        default=None,
        help="how the sheet is turned for its backs: by a duplex printer over its long or short "
        "edge, or 'none': all fronts, then all backs to feed the stack again (default: long)",
    )
    command.add_argument(
        "--back-offset",
        type=_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="move every back page X mm right and Y mm down, as pnp calibrate measures it "
        "(a negative first number: --back-offset=-1,0.5)",
    )


def _offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres, each within what a printer can be off by."""
    parts = text.split(",")
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two numbers of millimetres, like 1.5,-0.8"
        )
    if not all(abs(v) <= MAX_BACK_OFFSET for v in (x, y)):
        raise argparse.ArgumentTypeError(
            f"{text!r} moves the backs more than {MAX_BACK_OFFSET:g} mm; "
            "print the calibration sheet again (pnp calibrate)"
        )
    return (x + 0.0, y + 0.0)


def _registration(text: str) -> Registration:
    try:
        return parse_registration(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def printing_options(args: argparse.Namespace) -> Options:
    """The printing options asked for; a combination that cannot print is a usage mistake."""
    if args.layout == "gutterfold":
        asked = [
            name
            for name, given in (
                ("--duplex", args.duplex is not None),
                ("--back-offset", args.back_offset != (0.0, 0.0)),
                ("--cut silhouette", args.cut != "none"),
            )
            if given
        ]
        if asked:
            raise UsageError(
                f"{' and '.join(asked)} cannot be used with --layout gutterfold, which prints "
                "each back beside its front on one side of the sheet, to fold and cut by hand"
            )
    if args.cut_marks is not None and args.cut == "none":
        raise UsageError("--cut-marks sets a cutting machine's marks: add --cut silhouette")
    return Options(
        paper=asked_papers(args)[0],
        duplex=args.duplex or "long",
        png=getattr(args, "png", False),
        back_offset=args.back_offset,
        sheets=args.sheets,
        layout=args.layout,
        cut=args.cut,
        registration=args.cut_marks or Registration(),
        palette=args.palette,
        only_expansion=getattr(args, "only_expansion", False),
    )


def add_speed_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--jobs",
        "-j",
        type=_positive,
        default=default_jobs(),
        metavar="N",
        help=f"work on N cores at once (default: all, here {default_jobs()})",
    )
    command.add_argument("--cache", type=Path, default=None, metavar="DIR", help=CACHE_HELP)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not 1 or more")
    return value


def cache_folder(args: argparse.Namespace) -> Path:
    return args.cache or default_folder()
