"""The ``pnp`` command: build, calibrate, export, validate, clean, list, serve, report, i18n,
proof, new, cards, schema, help, rules.

This module is the entry: it puts the parser together from the commands' modules (one module
per command, :data:`COMMANDS` in the order ``pnp --help`` lists them; ``list_games`` and
``help_topics`` are ``pnp list`` and ``pnp help``), runs the command and guards it. A command's
module is imported only when that command runs or its help is shown (``pnp --help`` needs only
the one-line helps here): it describes its part of the parser (``add``) and holds its handler,
which reads the arguments, asks the package that does the work, and prints what it answers; the
options several commands share are in :mod:`~generator.cli.arguments`, what a command shows of
its work in :mod:`~generator.cli.display`.

Exit codes (:mod:`~generator.cli.exits`): 0 success, 1 invalid data or a failed build, 2
command-line usage, 70 a bug in pnp (EX_SOFTWARE). A user's mistake is reported as
``file:line: where: what`` lines, never as a Python traceback; an exception nobody expected is
one line saying it is our bug, with the traceback only under ``--debug``.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
import traceback
from typing import NamedTuple

from generator import __version__
from generator.cli.exits import EXIT_BUG, EXIT_INVALID, EXIT_OK, EXIT_USAGE
from generator.cli.parser import Parser
from generator.problems import DataError, DrawError, RuleError, UsageError
from generator.runtime.writer import OutputError

# The drawing pipeline (cairo, pikepdf, Jinja, reportlab) is imported by the commands that use
# it, not here: a build or check with nothing to do is answered before it would have loaded.

BUG_REPORTS = "the project's issue tracker (pnp help reporting-a-bug)"


class Command(NamedTuple):
    name: str
    about: str
    """The one line ``pnp --help`` says of it."""
    module: str = ""
    """Its module in :mod:`generator.cli` where it is not named as the command is."""

    @property
    def module_name(self) -> str:
        """The full name of its module, imported when the command is used."""
        return f"{__name__}.{self.module or self.name}"


COMMANDS = (
    Command("build", "print games to PDF sheets (and PNG)"),
    Command("calibrate", "print a duplex test sheet that measures --back-offset"),
    Command("export", "files for a print shop or a virtual table (tgc, mpc, drivethru, tts)"),
    Command("validate", "check card data without printing"),
    Command("clean", "empty the cache of drawn faces"),
    Command("list", "games, decks, card counts and locales", "list_games"),
    Command("serve", "a live preview of a game's cards in the browser"),
    Command("report", "what the engine measures of a deck, before and after an expansion"),
    Command("i18n", "translations as PO files, out and back in"),
    Command("proof", "a translator's proof: every face with how full its text boxes are"),
    Command("new", "start a game or an expansion from a working example"),
    Command("cards", "a deck's cards from a spreadsheet and back"),
    Command("schema", "JSON Schemas of the games' files, for editors"),
    Command("help", "print a section of the README (the list: pnp help)", "help_topics"),
    Command("rules", "ask a game's rule engine"),
)
"""Every command, in the order ``pnp --help`` lists them."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = _parser()
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


def _parser() -> argparse.ArgumentParser:
    """The ``pnp`` command line: every command named with its one-line help, each described by
    its module when it is used (:meth:`~generator.cli.parser.Parser.describe_when_used`), so
    ``--version``, ``--help`` and a bare ``pnp`` import none of them."""
    parser = Parser(
        prog="pnp",
        description="Print-and-play cards from YAML card data: checked by each game's "
        "rules, printed to exact-size PDF sheets.",
    )
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show the traceback of an internal error"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        described = commands.add_parser(command.name, help=command.about)
        described.describe_when_used(functools.partial(_describe, command.module_name))
    return parser


def _describe(module_name: str, parser: Parser) -> None:
    """The command's module adds its arguments and its handler to the command's parser."""
    importlib.import_module(module_name).add(parser)
