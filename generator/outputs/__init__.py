"""Output kinds, peers behind one protocol (:class:`~generator.outputs.base.OutputKind`).

The build runs every wanted kind's preflight for every game, then writes them in this order.
A new kind of file is one module here and one entry in :data:`OUTPUTS`.
"""

from __future__ import annotations

from generator.options import Options
from generator.outputs.base import Job, OutputKind, Progress
from generator.outputs.cards import CardSheets
from generator.outputs.cutfiles import CutFiles
from generator.outputs.handouts import Handouts
from generator.outputs.png import PngFaces
from generator.outputs.summary import RulesSummary
from generator.runtime.cache import key
from generator.runtime.versions import SHIPPED_KINDS
from generator.runtime.writer import Written

SHIPPED: tuple[OutputKind, ...] = (
    CardSheets(),
    CutFiles(),
    Handouts(),
    RulesSummary(),
    PngFaces(),
)
OUTPUTS: list[OutputKind] = list(SHIPPED)


def kinds_identity() -> str:
    """What a build's files are made by, as its cache keys name it: pnp's own kinds (its code
    version says which, and the fast path knows them without importing this), unless a test
    or a plugin has registered others."""
    if tuple(OUTPUTS) == SHIPPED:
        return SHIPPED_KINDS
    return key(*(f"{type(k).__module__}.{type(k).__qualname__} {vars(k)!r}" for k in OUTPUTS))


__all__ = [
    "OUTPUTS",
    "SHIPPED",
    "Job",
    "Options",
    "OutputKind",
    "Progress",
    "Written",
    "kinds_identity",
]
