"""What ``pnp rules`` asks of a game that answers rules queries.

The command line owns this contract and each game's ``commands`` module implements it, so the
CLI reaches a game's queries only through the registry and no game imports the CLI. A game may
have no queries at all: its engine alone is enough to load, check and print it.
"""

from __future__ import annotations

import argparse
from typing import Any, Protocol


class RulesCommands(Protocol):
    """A game's ``pnp rules <game> QUERY ...`` adapters: arguments in, a report out."""

    def add_queries(self, parser: argparse.ArgumentParser) -> None:
        """Add the game's queries to the parser of ``pnp rules <game>``, as sub-commands."""

    def run_query(self, args: argparse.Namespace) -> tuple[str, Any]:
        """Answer a parsed query: (the text printed, the value ``--json`` prints)."""
