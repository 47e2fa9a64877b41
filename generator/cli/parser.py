"""The parser every part of the ``pnp`` command line is made of: argparse, with a suggestion for
a misspelt choice and a sub-command described only when it is used."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from generator.problems import did_you_mean


class Parser(argparse.ArgumentParser):
    """argparse, with two habits of pnp's.

    A misspelt choice (a command, a paper, a duplex) gets a suggestion, worded as a misspelt key
    in a data file is: ``(did you mean 'build'?)``.

    A sub-command's parser may be described late (:meth:`describe_when_used`): ``pnp --help``
    lists every command by its one-line help, and only the command that runs, or whose help is
    asked for, imports its module to add its options (a game's ``pnp rules`` queries import its
    rules). argparse hands a sub-command the words after its name through
    :meth:`parse_known_args`, which describes it first."""

    CHOICE = re.compile(r"invalid choice: '(?P<given>[^']*)' \(choose from (?P<known>.*)\)$")

    _describe: Callable[[Parser], None] | None = None

    def describe_when_used(self, describe: Callable[[Parser], None]) -> None:
        """Have ``describe`` add this parser's arguments when it first parses."""
        self._describe = describe

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        describe, self._describe = self._describe, None
        if describe is not None:
            describe(self)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        found = self.CHOICE.search(message)
        if found:
            known = re.findall(r"'([^']*)'", found["known"])
            message += did_you_mean(found["given"], known)
        super().error(message)
