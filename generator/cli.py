"""The ``pnp`` command: build, calibrate, export, validate, clean, list, serve, report, proof,
schema, new, rules.

Exit codes: 0 success, 1 invalid data or a failed build, 2 command-line usage, 70 a bug in pnp
(EX_SOFTWARE). A user's mistake is reported as ``file:line: where: what`` lines, never as a
Python traceback; an exception nobody expected is one line saying it is our bug, with the
traceback only under ``--debug``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from generator import DEFAULT_DATA_DIR, __version__, fastpath
from generator.cache import Cache, default_folder
from generator.expansions import (
    Expansion,
    add_with_option,
    find_expansions,
    games_to_build,
    of_game,
)
from generator.folders import discover_games
from generator.ink import summary
from generator.languages import PSEUDO, Languages
from generator.layout.registration import Registration
from generator.layout.registration import parse as parse_registration
from generator.layout.sizes import PAPERS, Paper
from generator.options import (
    CALIBRATION,
    CUTTERS,
    DUPLEX,
    LAYOUTS,
    SHEETS,
    Options,
    file_name,
    on_papers,
)
from generator.palettes import INK_SAVER, PALETTE_NAME, STANDARD
from generator.problems import DataError, DrawError, RuleError, UsageError, did_you_mean
from generator.report.trials import HELP as TRIALS_HELP
from generator.report.trials import trials
from generator.workers import default_jobs
from generator.writer import OutputError, Writer, Written, output_folder_problem

# The drawing pipeline (cairo, pikepdf, Jinja, reportlab) is imported by the commands that use
# it, not here: a build or check with nothing to do is answered before it would have loaded.

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 70
CACHE_HELP = (
    "where drawn faces are kept between builds (default: $PNP_CACHE_DIR, else the user "
    "cache folder, ~/.cache/pnp on Linux)"
)
MAX_BACK_OFFSET = 20.0
"""Millimetres: a printer off by more needs mending, not correcting."""
SHOWN_REMOVED = 3
"""How many of the files a build removed its summary names."""
BUG_REPORTS = "the project's issue tracker (pnp help reporting-a-bug)"
EXPANSION_TEXTS = (
    "an expansion folder whose own texts (its locales/) go out as PO files and back in, "
    "OUT/<expansion>/; repeat for several"
)
HOW_TO_PRINT = {
    "long": "print it double-sided, flipping on the long edge, at 100 %",
    "short": "print it double-sided, flipping on the short edge, at 100 %",
    "none": "print page 1, then page 2 on its back (turned over its long edge), at 100 %",
}
"""How each ``--duplex`` puts the calibration sheet's two pages on the two sides of a sheet."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser(with_rules=_command(argv) == "rules")
    if not argv:  # what pnp does is the first thing a newcomer asks it
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    args = parser.parse_args(argv)
    try:
        return _run(parser, args)
    except Exception as error:  # the one place that catches what nobody expected
        if args.debug:
            traceback.print_exc()
        print(_bug_line(error), file=sys.stderr)
        return EXIT_BUG


def _bug_line(error: Exception) -> str:
    """One line: what failed and where in our code, so a report can name it."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/generator/" in f.filename.replace("\\", "/")] or frames
    where = f" at {_short_path(ours[-1].filename)}:{ours[-1].lineno}" if ours else ""
    return (
        f"pnp: internal error (a bug in pnp, not in your files): {type(error).__name__}: "
        f"{str(error)[:200]}{where}; please report it at {BUG_REPORTS} "
        "with the command you ran (add --debug for the details)"
    )


def _short_path(filename: str) -> str:
    marker = filename.replace("\\", "/").rfind("/generator/")
    return filename[marker + 1 :] if marker >= 0 else filename


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the command, turning every kind of user mistake into its message and exit code."""
    try:
        return int(args.run(args))
    except UsageError as error:
        parser.exit(EXIT_USAGE, f"{parser.prog}: error: {error}\n")
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        count = len(error.problems)
        writes = args.command == "build" or getattr(args, "step", "") == "import"
        untouched = "; nothing was written" if writes else ""
        print(f"{count} problem{'s' if count != 1 else ''} found{untouched}.", file=sys.stderr)
        return EXIT_INVALID
    except (RuleError, DrawError, OutputError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("interrupted; earlier outputs are untouched.", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader of our output went away (pnp list | head)
        sys.stderr.close()
        return EXIT_OK


def _command(argv: list[str]) -> str | None:
    """The command ``argv`` runs (its first word that is not an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


class _Parser(argparse.ArgumentParser):
    """argparse, with a suggestion for a misspelt choice (a command, a paper, a duplex),
    worded as a misspelt key in a data file is: ``(did you mean 'build'?)``."""

    CHOICE = re.compile(r"invalid choice: '(?P<given>[^']*)' \(choose from (?P<known>.*)\)$")

    def error(self, message: str) -> NoReturn:
        found = self.CHOICE.search(message)
        if found:
            known = re.findall(r"'([^']*)'", found["known"])
            message += did_you_mean(found["given"], known)
        super().error(message)


def _parser(with_rules: bool = True) -> argparse.ArgumentParser:
    """The ``pnp`` command line. The ``rules`` queries of every game are added only when
    ``rules`` is the command: describing them imports every rule engine, which ``--version``,
    ``--help`` and a bare ``pnp`` do without."""
    parser = _Parser(
        prog="pnp",
        description="Print-and-play cards from YAML card data: checked by each game's "
        "rules, printed to exact-size PDF sheets.",
    )
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show the traceback of an internal error"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build_cmd = commands.add_parser("build", help="print games to PDF sheets (and PNG)")
    build_cmd.add_argument("games", nargs="*", metavar="GAME", help="games to build (default: all)")
    build_cmd.add_argument(
        "--lang",
        nargs="+",
        default=[],
        metavar="LANG",
        help="locales to build (default: every locale the game ships)",
    )
    _add_paper_and_folder(build_cmd)
    _add_palette_option(build_cmd)
    build_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(build_cmd)
    _add_language_options(build_cmd)
    build_cmd.add_argument(
        "--png", action="store_true", help="also write every card as a 300 dpi PNG with bleed"
    )
    _add_printing_options(build_cmd)
    _add_speed_options(build_cmd)
    build_cmd.add_argument(
        "--no-cache",
        action="store_true",
        help="draw every face again and keep nothing for the next build",
    )
    build_cmd.set_defaults(run=_build)

    calibrate_cmd = commands.add_parser(
        "calibrate", help="print a duplex test sheet that measures --back-offset"
    )
    _add_paper_and_folder(calibrate_cmd)
    _add_duplex_options(calibrate_cmd)
    calibrate_cmd.set_defaults(run=_calibrate)

    export_cmd = commands.add_parser(
        "export", help="files for a print shop or a virtual table (tgc, mpc, drivethru, tts)"
    )
    export_cmd.add_argument("target", metavar="TARGET", help=f"one of: {', '.join(_targets())}")
    export_cmd.add_argument("games", nargs="*", metavar="GAME", help="games (default: all)")
    export_cmd.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="locales (default: every one)"
    )
    export_cmd.add_argument(
        "--out",
        type=Path,
        default=Path("output") / "export",
        metavar="DIR",
        help="where OUT/<target>/<game>/<lang>/ goes (default: output/export)",
    )
    export_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(export_cmd)
    _add_language_options(export_cmd)
    _add_palette_option(export_cmd)
    _add_speed_options(export_cmd)
    export_cmd.set_defaults(run=_export)

    validate_cmd = commands.add_parser("validate", help="check card data without printing")
    validate_cmd.add_argument("games", nargs="*", metavar="GAME")
    validate_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(validate_cmd, prints=False)
    _add_language_options(validate_cmd)
    _add_paper_option(
        validate_cmd, "check printing on this paper only; repeat for more (default: every paper)"
    )
    _add_speed_options(validate_cmd)
    validate_cmd.set_defaults(run=_validate)

    clean_cmd = commands.add_parser("clean", help="empty the cache of drawn faces")
    clean_cmd.add_argument("--cache", type=Path, default=None, metavar="DIR", help=CACHE_HELP)
    clean_cmd.set_defaults(run=_clean)

    list_cmd = commands.add_parser("list", help="games, decks, card counts and locales")
    list_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(list_cmd, prints=False)
    list_cmd.set_defaults(run=_list)

    serve_cmd = commands.add_parser("serve", help="a live preview of a game's cards in the browser")
    serve_cmd.add_argument("game", nargs="?", metavar="GAME", help="default: the only game")
    serve_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(serve_cmd, prints=False)
    serve_cmd.add_argument("--lang", metavar="LANG", help="the language shown first")
    _add_language_options(serve_cmd)
    _add_palette_option(serve_cmd)
    serve_cmd.add_argument("--port", type=int, default=8000, help="default 8000; 0: any free")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="default: this machine only")
    serve_cmd.set_defaults(run=_serve)

    report_cmd = commands.add_parser(
        "report", help="what the engine measures of a deck, before and after an expansion"
    )
    report_cmd.add_argument("game", metavar="GAME")
    report_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(report_cmd, prints=False)
    report_cmd.add_argument("--lang", metavar="LANG", help="card names' language (default: en)")
    report_cmd.add_argument("--trials", type=trials, metavar="N", help=TRIALS_HELP)
    report_cmd.add_argument("--json", action="store_true", help="print JSON, not a table")
    report_cmd.add_argument("--out", type=Path, metavar="DIR", help="plots (output/report/GAME)")
    report_cmd.set_defaults(run=_report)

    i18n_cmd = commands.add_parser("i18n", help="translations as PO files, out and back in")
    steps = i18n_cmd.add_subparsers(dest="step", required=True, metavar="STEP")
    export_po = steps.add_parser(
        "export", help="a POT file per game (or expansion) and a PO file per language"
    )
    export_po.add_argument(
        "games", nargs="*", metavar="GAME", help="games (default: all, or none with --with)"
    )
    export_po.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="languages to write a PO file for"
    )
    export_po.add_argument(
        "--out",
        type=Path,
        default=Path("output") / "translations",
        metavar="DIR",
        help="where OUT/<game>/<lang>.po goes (default: output/translations)",
    )
    export_po.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_with_option(export_po, EXPANSION_TEXTS)
    export_po.set_defaults(run=_i18n_export)
    import_po = steps.add_parser("import", help="write translated PO files into the locales")
    import_po.add_argument("files", nargs="+", type=Path, metavar="FILE", help="PO files")
    import_po.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_with_option(import_po, EXPANSION_TEXTS)
    import_po.set_defaults(run=_i18n_import)

    proof_cmd = commands.add_parser(
        "proof", help="a translator's proof: every face with how full its text boxes are"
    )
    proof_cmd.add_argument("games", nargs="+", metavar="GAME")
    proof_cmd.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="locales (default: every one)"
    )
    _add_paper_and_folder(proof_cmd)
    _add_palette_option(proof_cmd)
    proof_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    _add_expansion_options(proof_cmd, prints=False)
    proof_cmd.add_argument("--cache", type=Path, default=None, metavar="DIR", help=CACHE_HELP)
    _add_language_options(proof_cmd)
    proof_cmd.set_defaults(run=_proof)

    new_cmd = commands.add_parser("new", help="start an expansion from a working example")
    kinds = new_cmd.add_subparsers(dest="what", required=True, metavar="WHAT")
    expansion_cmd = kinds.add_parser("expansion", help="an expansion of a game, ready to build")
    expansion_cmd.add_argument("name", metavar="NAME", help="its folder's name")
    expansion_cmd.add_argument("--game", required=True, metavar="GAME", help="the game it extends")
    expansion_cmd.add_argument(
        "--dir", type=Path, default=Path("."), metavar="DIR", help="where (default: here)"
    )
    expansion_cmd.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        metavar="DIR",
        help="the card data whose game it extends (default: the shipped games)",
    )
    expansion_cmd.set_defaults(run=_new_expansion)

    schema_cmd = commands.add_parser("schema", help="JSON Schemas of the games' files, for editors")
    schema_cmd.add_argument("games", nargs="*", metavar="GAME", help="games (default: all)")
    schema_cmd.add_argument(
        "--out", type=Path, default=Path("schemas"), metavar="DIR", help="writes DIR/<game>/"
    )
    schema_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    schema_cmd.set_defaults(run=_schema)

    help_cmd = commands.add_parser(
        "help", help="print a section of the README (the list: pnp help)"
    )
    help_cmd.add_argument(
        "topic", nargs="?", metavar="TOPIC", help="a section, e.g. calibrating-duplex-backs"
    )
    help_cmd.set_defaults(run=_help)

    rules_cmd = commands.add_parser("rules", help="ask a game's rule engine")
    if with_rules:
        _add_rules(rules_cmd)
    return parser


def _add_rules(rules_cmd: argparse.ArgumentParser) -> None:
    from generator.games.registry import ENGINES, find_commands

    games = rules_cmd.add_subparsers(dest="game", required=True, metavar="GAME")
    for game_id in ENGINES:
        queries = find_commands(game_id)
        about = f"rules of {game_id}" if queries else f"{game_id} has no rules queries"
        game_cmd = games.add_parser(game_id, help=about)
        if queries:
            queries.add_queries(game_cmd)
    _accept_json(rules_cmd, default=False)
    rules_cmd.set_defaults(run=_rules)


def _add_expansion_options(command: argparse.ArgumentParser, prints: bool = True) -> None:
    """``--with``, and ``--only-expansion`` for a command that ``prints`` cards."""
    add_with_option(command)
    if prints:
        command.add_argument(
            "--only-expansion",
            action="store_true",
            help="only the cards the expansions add or replace (checked in the merged game)",
        )


def _add_language_options(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--fallback",
        metavar="LANG",
        default="",
        help="print a text a language lacks in LANG, listing each such text once "
        "(default: a missing text is a problem)",
    )


def _languages(
    args: argparse.Namespace, names: tuple[str, ...], expansions: tuple[Expansion, ...]
) -> Languages:
    """The languages made beyond the locale files: the pseudo-locale when ``--lang qps`` asks
    for it, and ``--fallback``, whose borrowed texts are listed here, once each."""
    asked = getattr(args, "lang", None) or ()
    langs = (asked,) if isinstance(asked, str) else tuple(asked)  # serve's --lang is one
    if args.fallback:
        from generator.locales import fallback_notes

        for game in names or discover_games(args.data):
            _notes(fallback_notes(args.data, game, of_game(expansions, game), args.fallback, langs))
    return Languages(pseudo=PSEUDO in langs, fallback=args.fallback)


def _expansions(args: argparse.Namespace) -> tuple[tuple[str, ...], tuple[Expansion, ...]]:
    """The games asked for and the expansions laid over them (``--with``)."""
    found = find_expansions(args.expansions, discover_games(args.data))
    only = getattr(args, "only_expansion", False)
    return games_to_build(args.games, found, only), found


def _add_palette_option(command: argparse.ArgumentParser) -> None:
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


def _add_paper_and_folder(command: argparse.ArgumentParser) -> None:
    _add_paper_option(
        command, "the paper to print on; repeat for more, each in files of its own (default: a4)"
    )
    command.add_argument("--out", type=Path, default=Path("output"), metavar="DIR")


def _add_paper_option(command: argparse.ArgumentParser, said: str) -> None:
    """``--paper``, which may be given more than once (each paper in the order given)."""
    command.add_argument("--paper", choices=sorted(PAPERS), action="append", default=[], help=said)


def _papers(args: argparse.Namespace) -> tuple[Paper, ...]:
    """Every ``--paper`` asked for, in order, each once; A4 when none is."""
    return tuple(PAPERS[name] for name in dict.fromkeys(args.paper or ["a4"]))


def _add_printing_options(command: argparse.ArgumentParser) -> None:
    """How the user prints, turns and cuts the sheets (see the README's printing guide)."""
    _add_duplex_options(command)
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


def _add_duplex_options(command: argparse.ArgumentParser) -> None:
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


def _options(args: argparse.Namespace) -> Options:
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
        paper=_papers(args)[0],
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


def _add_speed_options(command: argparse.ArgumentParser) -> None:
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


def _cache_folder(args: argparse.Namespace) -> Path:
    return args.cache or default_folder()


def _accept_json(parser: argparse.ArgumentParser, default: object) -> None:
    """``--json`` anywhere in a ``rules`` command: before the game, after the query, or between."""
    parser.add_argument("--json", action="store_true", default=default, help="answer in JSON")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _accept_json(sub, argparse.SUPPRESS)


def _build(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    options = _options(args)
    names, expansions = _expansions(args)
    languages = _languages(args, names, expansions)
    if not args.no_cache and not output_folder_problem(args.out):
        langs = tuple(args.lang)
        cache = Cache(_cache_folder(args))
        printings = on_papers(options, _papers(args))
        done = fastpath.restore(
            args.data, names, langs, printings, args.out, cache, expansions, languages
        )
        if done is not None:
            _notes(done.notes)
            _summarise(done.written, time.perf_counter() - start, done.removed)
            return EXIT_OK
    from generator.build import BuildRequest, build

    request = BuildRequest(
        data_dir=args.data,
        out_dir=args.out,
        games=names,
        langs=tuple(args.lang),
        options=options,
        papers=_papers(args),
        cache=None if args.no_cache else _cache_folder(args),
        jobs=args.jobs,
        expansions=expansions,
        languages=languages,
    )
    progress = _Bar() if sys.stderr.isatty() else _PlainProgress()
    try:
        done = build(request, progress=progress)
    finally:
        progress.clear()
    _notes(done.notes)
    _summarise(done.written, time.perf_counter() - start, done.removed)
    return EXIT_OK


def _notes(notes: Sequence[str]) -> None:
    """What a command says beside its work (a translation in progress it left out)."""
    for note in notes:
        print(f"note: {note}", file=sys.stderr)


def _summarise(outputs: list[Written], seconds: float, removed: Sequence[Path] = ()) -> None:
    """Each document with its pages, then how many files of each other kind (the PNG faces),
    what an earlier build left that was removed, the totals, and last the documents' ink."""
    documents = [o for o in outputs if o.pages]
    for output in documents:
        counted = f", {output.cards} card{'s' if output.cards != 1 else ''}" if output.cards else ""
        sharing = f" ({_pages(output.saved)} saved by sharing sheets)" if output.saved else ""
        print(f"{output.path}: {_pages(output.pages)}{counted}{sharing}")
    others: dict[str, int] = {}
    for output in outputs:
        if not output.pages:
            others[output.kind] = others.get(output.kind, 0) + 1
    for kind, count in others.items():
        print(f"{count} {kind}")
    if removed:
        print(_removed(removed))
    pages = sum(o.pages for o in documents)
    cards = sum(o.cards for o in documents)
    total, changed = len(outputs), sum(o.changed for o in outputs)
    if changed == total:
        head = f"wrote {total} file{'s' if total != 1 else ''}"
    elif changed == 0:
        head = f"all {total} files up to date"
    else:
        head = f"wrote {changed} of {total} files ({total - changed} up to date)"
    saved = sum(o.saved for o in documents)
    total_saved = f"; sharing sheets saved {_pages(saved)}" if saved else ""
    printed = f": {pages} pages, {cards} cards" if documents else ""
    print(f"{head}{printed} in {seconds:.1f} s{total_saved}")
    measured = [
        page
        for document in documents
        if len(document.ink) == document.pages
        for page in zip(document.ink, document.sides or ("",) * document.pages, strict=True)
    ]
    ink = summary(measured)
    if ink:
        print(ink)


def _removed(removed: Sequence[Path]) -> str:
    """The files of an earlier build that this one removed (see :func:`fastpath.sweep`): the
    first few by name."""
    named = ", ".join(str(path) for path in removed[:SHOWN_REMOVED])
    more = len(removed) - SHOWN_REMOVED
    files = f"{len(removed)} file{'s' if len(removed) != 1 else ''}"
    return f"removed {files} an earlier build wrote and this one does not: {named}" + (
        f" and {more} more" if more > 0 else ""
    )


def _pages(count: int) -> str:
    return f"{count} page{'s' if count != 1 else ''}"


class _PlainProgress:
    """Without a terminal (a log, CI): a line as each file is made, so a log shows the build
    is alive; the other steps (checking, drawing) pass silently."""

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if label:
            print(label, file=sys.stderr, flush=True)

    def clear(self) -> None:
        pass


class _Bar(_PlainProgress):
    """On a terminal: one bar across the whole build (rich), removed when done. While the
    games are checked the work is not known yet: the bar pulses, with no count; then it shows
    steps done of a total that stays as it is to the end (see :class:`generator.build._Run`)."""

    def __init__(self) -> None:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            TextColumn("{task.fields[count]}"),
            TimeElapsedColumn(),
            transient=True,
            console=None,
        )
        self.task = self.bar.add_task("checking", total=None, count="")
        self.bar.start()

    def __call__(self, label: str, done: int, total: int | None) -> None:
        description = label or ("building" if total is not None else "checking")
        count = f"{done}/{total}" if total is not None else ""
        self.bar.update(
            self.task, completed=done, total=total, description=description, count=count
        )

    def clear(self) -> None:
        self.bar.stop()


def _calibrate(args: argparse.Namespace) -> int:
    """Write the calibration sheet and say what to do with it."""
    from generator.layout.calibration import sheet

    problem = output_folder_problem(args.out)
    if problem:
        raise UsageError(f"--out {args.out}: {problem}")
    duplex = args.duplex or "long"
    asked = Options(duplex=duplex, back_offset=args.back_offset)
    sheets = []
    writer = Writer(args.out)
    try:
        for options in on_papers(asked, _papers(args)):
            name = file_name(CALIBRATION, options.paper.name, options.variants())
            sheets.append((args.out / f"{name}.pdf", options))
            with writer.open(sheets[-1][0]) as stream:
                sheet(options.paper, options.duplex, options.back_offset).save(stream)
        writer.commit()
    finally:
        writer.discard()
    for path, options in sheets:
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


def _targets() -> list[str]:
    from generator.export.targets import TARGETS_DIR

    return sorted(path.stem for path in TARGETS_DIR.glob("*.yaml"))


def _export(args: argparse.Namespace) -> int:
    """Write a target's files; say what was made and which decks it cannot print."""
    from generator.export.run import ExportRequest, export
    from generator.export.targets import targets

    known = targets()
    if args.target not in known:
        raise UsageError(f"no export target {args.target!r} (known: {', '.join(known)})")
    unusable = output_folder_problem(args.out)
    if unusable:
        raise UsageError(f"--out {args.out}: {unusable}")
    start = time.perf_counter()
    names, expansions = _expansions(args)
    request = ExportRequest(
        known[args.target],
        args.data,
        args.out,
        names,
        tuple(args.lang),
        args.cache,
        args.jobs,
        expansions,
        args.only_expansion,
        args.palette,
        _languages(args, names, expansions),
    )
    done = export(request)
    for problem in done.left_out:
        print(f"note: {problem}", file=sys.stderr)
    for note in done.notes:
        print(f"note: {note}", file=sys.stderr)
    _summarise(done.written, time.perf_counter() - start)
    return EXIT_OK


def _validate(args: argparse.Namespace) -> int:
    papers = tuple(args.paper) or tuple(PAPERS)
    cache = Cache(_cache_folder(args))
    names, expansions = _expansions(args)
    languages = _languages(args, names, expansions)
    found = fastpath.verdicts(args.data, names, papers, cache, expansions, languages)
    if found is None:
        from generator.build import validate

        wanted = tuple(Options(paper=PAPERS[name]) for name in papers)
        found = validate(args.data, names, wanted, args.jobs, cache.folder, expansions, languages)
    for verdict in found:
        decks = ", ".join(f"{count} {deck}" for deck, count in verdict.decks)
        print(f"{verdict.game}: ok ({decks}; locales {', '.join(verdict.locales)})")
        _notes(list(verdict.notes))
    return EXIT_OK


def _clean(args: argparse.Namespace) -> int:
    folder = _cache_folder(args)
    removed = Cache(folder).clear()
    print(f"removed {removed} cached item{'s' if removed != 1 else ''} from {folder}")
    return EXIT_OK


def _list(args: argparse.Namespace) -> int:
    from generator.games.command_line import load_all_checked

    expansions = find_expansions(args.expansions, discover_games(args.data))
    games = load_all_checked(args.data, expansions)
    if not games:
        print(f"no games in {args.data}")
    for game in games:
        low, high = game.players
        print(f"{game.name} ({low}-{high} players)")
        for deck in game.decks:
            size = deck.size
            count = f"{len(deck.cards)} card{'s' if len(deck.cards) != 1 else ''}"
            shape = f", {size.shape}" if size.shape == "circle" else ""
            sides = ", two-sided" if deck.two_sided else ""
            print(f"  {deck.id}: {count}, {size.width:g} x {size.height:g} mm{shape}{sides}")
        languages = ", ".join(
            f"{lang} ({locale.language})" for lang, locale in game.locales.items()
        )
        print(f"  locales: {languages}")
        if game.drafts:
            drafts = ", ".join(
                f"{d.lang} ({d.has} of {d.texts} texts)" for d in game.drafts.values()
            )
            print(f"  in progress: {drafts}")
    return EXIT_OK


def _serve(args: argparse.Namespace) -> int:
    from generator.preview.server import Asked, serve

    expansions = find_expansions(args.expansions, discover_games(args.data))
    games = games_to_build((args.game,) if args.game else (), expansions)
    game = games[0] if len(games) == 1 else args.game
    languages = _languages(args, (game,) if game else (), expansions)
    asked = Asked(
        args.data, game, expansions, args.lang, args.host, args.port, args.palette, languages
    )
    return serve(asked)


def _report(args: argparse.Namespace) -> int:
    from generator.report.run import ReportRequest, run

    found = find_expansions(args.expansions, discover_games(args.data))
    games_to_build((args.game,), found)
    named = "+".join((args.game, *(expansion.name for expansion in found)))
    out = args.out or Path("output") / "report" / named
    if problem := output_folder_problem(out):
        raise UsageError(f"--out {out}: {problem}")
    request = ReportRequest(args.data, args.game, out, found, args.lang, args.trials, args.json)
    text, files = run(request)
    print(text)
    for path in files:
        print(f"{path}: plots", file=sys.stderr)
    return EXIT_OK


def _i18n_export(args: argparse.Namespace) -> int:
    from generator.translation.owners import has_texts
    from generator.translation.run import export
    from generator.translation.usage import printed_where

    if problem := output_folder_problem(args.out):
        raise UsageError(f"--out {args.out}: {problem}")
    start = time.perf_counter()
    langs = tuple(args.lang)
    given = find_expansions(args.expansions, discover_games(args.data))
    found = tuple(expansion for expansion in given if has_texts(expansion))
    for expansion in given:
        if expansion not in found:
            print(f"--with {expansion.name}: no texts of its own (no locales/en.yaml): skipped")
    if given and not (found or args.games):
        return EXIT_OK
    comments = printed_where(args.data)
    written = export(args.data, tuple(args.games), langs, args.out, comments, found)
    for file in written:
        print(file)
    print(f"wrote {len(written)} files in {time.perf_counter() - start:.1f} s")
    return EXIT_OK


def _i18n_import(args: argparse.Namespace) -> int:
    """Import the PO files and say what each changed, then which games passed the check."""
    from generator.translation.checked import import_checked

    expansions = find_expansions(args.expansions, discover_games(args.data))
    done, checked = import_checked(args.data, tuple(args.files), expansions)
    for imported in done:
        print(imported)
    for verdict in checked:
        print(f"{verdict.game}: ok")
    return EXIT_OK


def _proof(args: argparse.Namespace) -> int:
    """Write the proofs and say how full their boxes are; a text that does not fit is a
    problem (exit 1), reported after the proof that shows it is written."""
    from generator.proof.run import ProofRequest, proof

    names, expansions = _expansions(args)
    languages = _languages(args, names, expansions)
    request = ProofRequest(
        args.data,
        args.out,
        names,
        tuple(args.lang),
        _papers(args),
        args.cache,
        expansions,
        languages,
        args.palette,
    )
    done = proof(request)
    _notes(done.notes)
    for written in done.written:
        print(written)
    if done.problems:
        raise DataError(done.problems)
    return EXIT_OK


def _new_expansion(args: argparse.Namespace) -> int:
    from generator.scaffold import new_expansion

    folder = new_expansion(args.name, args.game, args.dir, args.data)
    print(f"wrote {folder}/ (see its README.md); try:")
    print(f"  pnp validate --with {folder}")
    print(f"  pnp build --with {folder} --only-expansion")
    return EXIT_OK


def _help(args: argparse.Namespace) -> int:
    from generator.guide import listing, section

    print(section(args.topic) if args.topic else listing(), end="")
    return EXIT_OK


def _schema(args: argparse.Namespace) -> int:
    from generator.editor_schema import write

    start = time.perf_counter()
    _summarise(write(args.data, tuple(args.games), args.out), time.perf_counter() - start)
    return EXIT_OK


def _rules(args: argparse.Namespace) -> int:
    """Answer a query; a game the registry knows but that answers none is a usage mistake."""
    from generator.games.registry import COMMANDS, find_commands

    queries = find_commands(args.game)
    if queries is None:
        raise UsageError(
            f"{args.game} has no rules queries (games with queries: {', '.join(COMMANDS)})"
        )
    text, value = queries.run_query(args)
    print(json.dumps(value, ensure_ascii=False) if args.json else text)
    return EXIT_OK
