"""The ``pnp`` command: build, calibrate, export, validate, clean, list, serve, report, i18n,
proof, new, cards, schema, help, rules.

This module is the entry: it puts the parser together from the commands' modules (one module
per command, in the order ``pnp --help`` lists them; ``list_games`` and ``help_topics`` are
``pnp list`` and ``pnp help``), runs the command and guards it. Each command's module adds its
part of the parser (``add``) and holds its handler, which reads the arguments, asks the package
that does the work, and prints what it answers; the options several commands share are in
:mod:`~generator.cli.arguments`, what a command shows of its work in
:mod:`~generator.cli.display`.

Exit codes (:mod:`~generator.cli.exits`): 0 success, 1 invalid data or a failed build, 2
command-line usage, 70 a bug in pnp (EX_SOFTWARE). A user's mistake is reported as
``file:line: where: what`` lines, never as a Python traceback; an exception nobody expected is
one line saying it is our bug, with the traceback only under ``--debug``.
"""

from __future__ import annotations

import argparse
import re
import sys
import traceback
from typing import NoReturn

from generator import __version__
from generator.cli import (
    build,
    calibrate,
    cards,
    clean,
    export,
    help_topics,
    i18n,
    list_games,
    new,
    proof,
    report,
    rules,
    schema,
    serve,
    validate,
)
from generator.cli.exits import EXIT_BUG, EXIT_INVALID, EXIT_OK, EXIT_USAGE
from generator.problems import DataError, DrawError, RuleError, UsageError, did_you_mean
from generator.runtime.writer import OutputError

# The drawing pipeline (cairo, pikepdf, Jinja, reportlab) is imported by the commands that use
# it, not here: a build or check with nothing to do is answered before it would have loaded.

BUG_REPORTS = "the project's issue tracker (pnp help reporting-a-bug)"
COMMANDS = (
    build,
    calibrate,
    export,
    validate,
    clean,
    list_games,
    serve,
    report,
    i18n,
    proof,
    new,
    cards,
    schema,
    help_topics,
    rules,
)
"""Every command's module, in the order ``pnp --help`` lists the commands."""


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
    for command in COMMANDS:
        command.add(commands)
    if with_rules:
        rules.add_queries(commands.choices["rules"])
    return parser
