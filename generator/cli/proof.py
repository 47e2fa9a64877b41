"""``pnp proof``: a translator's proof, every face with how full its text boxes are."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator import DEFAULT_DATA_DIR
from generator.cli.arguments import (
    CACHE_HELP,
    add_expansion_options,
    add_language_options,
    add_palette_option,
    add_paper_and_folder,
    asked_papers,
    games_and_expansions,
    made_languages,
)
from generator.cli.display import print_notes
from generator.cli.exits import EXIT_OK
from generator.problems import DataError


def add(proof_cmd: argparse.ArgumentParser) -> None:
    proof_cmd.add_argument("games", nargs="+", metavar="GAME")
    proof_cmd.add_argument(
        "--lang", nargs="+", default=[], metavar="LANG", help="locales (default: every one)"
    )
    add_paper_and_folder(proof_cmd)
    add_palette_option(proof_cmd)
    proof_cmd.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, metavar="DIR")
    add_expansion_options(proof_cmd, prints=False)
    proof_cmd.add_argument("--cache", type=Path, default=None, metavar="DIR", help=CACHE_HELP)
    add_language_options(proof_cmd)
    proof_cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the proofs and say how full their boxes are; a text that does not fit is a
    problem (exit 1), reported after the proof that shows it is written."""
    from generator.proof.run import ProofRequest, proof

    names, expansions = games_and_expansions(args)
    languages = made_languages(args, names, expansions)
    request = ProofRequest(
        args.data,
        args.out,
        names,
        tuple(args.lang),
        asked_papers(args),
        args.cache,
        expansions,
        languages,
        args.palette,
    )
    done = proof(request)
    print_notes(done.notes)
    for written in done.written:
        print(written)
    if done.problems:
        raise DataError(done.problems)
    return EXIT_OK
