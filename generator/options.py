"""What the user asked of the printed files, resolved once: a light module (no drawing library),
so the fast path of ``pnp build`` can key a build by its options without importing the pipeline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.geometry.registration import Registration
from generator.geometry.sizes import PAPERS, Paper
from generator.palettes import STANDARD

DUPLEX = ("long", "short", "none")
"""How the backs reach the other side of the sheet: a printer turning it over its long or its
short edge, or the user turning the printed stack over and feeding it again."""

SHEETS = ("shared", "per-deck")
"""Whether decks share sheets (fewest pages) or each starts on its own (to sort by sheet)."""

LAYOUTS = ("duplex", "gutterfold")
"""Fronts and backs on the two sides of a sheet, or side by side on one side, to fold and glue."""

CUTTERS = ("none", "silhouette")
"""Marks for cutting by hand (crop marks), or registration marks and cut files for a machine."""

VARIANTS: tuple[tuple[str, dict[str, str]], ...] = (
    ("duplex", {"short": "short-edge", "none": "simplex"}),
    ("layout", {"gutterfold": "gutterfold"}),
    ("cut", {"silhouette": "silhouette"}),
    ("sheets", {"per-deck": "per-deck"}),
)
"""The word each printing choice puts in the card sheets' name, in this order, where it is not
the default (which puts none): ``cards-a4-simplex.pdf``, ``cards-a4-gutterfold.pdf``."""


@dataclass(frozen=True)
class Options:
    """The paper, and how the user prints, turns and cuts it. Its ``repr`` keys a build."""

    paper: Paper = PAPERS["a4"]
    duplex: str = "long"
    png: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    """Millimetres every back page is moved by, right and down as the back is seen, to make up
    for a printer that does not put the second side where it put the first
    (``pnp calibrate`` measures it)."""
    sheets: str = "shared"
    layout: str = "duplex"
    cut: str = "none"
    registration: Registration = field(default_factory=Registration)
    """The registration marks of a cutting machine (``cut`` silhouette), as set in its
    software."""
    palette: str = STANDARD
    """The palette the game prints in (:mod:`generator.palettes`): its files are named after
    it unless it is the standard one."""
    only_expansion: bool = False
    """Print only the cards the expansions add or replace (what a designer hands out), not the
    merged game: no rules summary and no handouts, which belong to the whole game."""

    def variants(self) -> tuple[str, ...]:
        """How the card sheets print, in the words of :data:`VARIANTS`. The back offset and
        the cutting machine's marks are not among them: they correct one printer or one
        machine, and a build with new ones replaces what the old ones printed."""
        return tuple(
            words[value] for option, words in VARIANTS if (value := getattr(self, option)) in words
        )


def on_papers(options: Options, papers: Sequence[Paper]) -> tuple[Options, ...]:
    """``options`` on each of ``papers``, in the order given, each once; on its own paper when
    none is given."""
    return tuple(
        replace(options, paper=paper) for paper in dict.fromkeys(papers or [options.paper])
    )


CARDS, SUMMARY, PROOF, PNG, CALIBRATION = "cards", "rules-summary", "proof", "png", "calibration"
OWN_KINDS = (CARDS, SUMMARY, PROOF, PNG, CALIBRATION)
"""The kinds of pnp's own files (:func:`file_name`): a handout, named by its id beside them, may
not take one (``rules-summary-a4.pdf`` would be written twice; ``pnp calibrate --out`` may
name a game's folder)."""


def file_name(
    kind: str, paper: str = "", variants: tuple[str, ...] = (), palette: str = STANDARD
) -> str:
    """The name (without its extension) of every file and folder pnp writes beside others of
    its kind: ``<kind>[-<paper>][-<variant>...][-<palette>]``, the paper it is laid out on, how
    it prints (:meth:`Options.variants`) and the palette unless it is the standard one. Builds
    that differ in any of them write different files, side by side in the same folder
    (``cards-a4.pdf``, ``cards-letter-gutterfold-ink-saver.pdf``, ``png-ink-saver/``)."""
    shown = (paper,) if paper else ()
    coloured = (palette,) if palette != STANDARD else ()
    return "-".join((kind, *shown, *variants, *coloured))
