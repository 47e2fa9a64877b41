"""``pnp i18n import`` with its check: the games an import wrote into are checked as a build
would check them, so a translation that cannot be printed is put back (see
:func:`~generator.translation.run.import_files`)."""

from __future__ import annotations

from pathlib import Path

from generator.languages import SOURCE, Languages
from generator.load.expansions import Expansion
from generator.pipeline.build import validate
from generator.pipeline.remembered import Verdict
from generator.translation.run import Imported, import_files


def import_checked(
    data_dir: Path, files: tuple[Path, ...], expansions: tuple[Expansion, ...] = ()
) -> tuple[list[Imported], list[Verdict]]:
    """Import the PO ``files``, checking the games they translate with every text a language
    lacks taken from English: a partial translation is progress, not a problem. Returns what
    each file imported and the verdict on each game checked."""
    checked: list[Verdict] = []

    def check(games: tuple[str, ...]) -> None:
        made = Languages(fallback=SOURCE)
        checked.extend(validate(data_dir, games, expansions=expansions, languages=made))

    return import_files(data_dir, files, expansions, check), checked
