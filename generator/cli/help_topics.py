"""``pnp help``: a section of the README, or the list of them. (Not ``help.py``: the module
would hide Python's builtin ``help`` in the package's namespace.)"""

from __future__ import annotations

import argparse

from generator.cli.exits import EXIT_OK


def add(help_cmd: argparse.ArgumentParser) -> None:
    help_cmd.add_argument(
        "topic", nargs="?", metavar="TOPIC", help="a section, e.g. calibrating-duplex-backs"
    )
    help_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from generator.authoring.guide import listing, section

    print(section(args.topic) if args.topic else listing(), end="")
    return EXIT_OK
