"""Output kinds, peers behind one protocol (:class:`~generator.outputs.base.OutputKind`).

The build runs every wanted kind's preflight for every game, then writes them in this order.
A new kind of file is one module here and one entry in :data:`OUTPUTS`.
"""

from __future__ import annotations

from generator.outputs.base import Job, Options, OutputKind, Progress, Written
from generator.outputs.cards import CardSheets
from generator.outputs.handouts import Handouts
from generator.outputs.png import PngFaces
from generator.outputs.summary import RulesSummary

OUTPUTS: list[OutputKind] = [CardSheets(), Handouts(), RulesSummary(), PngFaces()]

__all__ = ["OUTPUTS", "Job", "Options", "OutputKind", "Progress", "Written"]
