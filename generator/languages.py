"""The languages a run makes beyond what the locale files hold: the pseudo-locale and a
fallback (see :mod:`generator.locales`). Kept apart from the loader, which needs fonts and
Babel, because the no-op fast path of a build digests these settings without loading anything.
"""

from __future__ import annotations

from dataclasses import dataclass

LOCALES = "locales"
"""The folder of a game's (or an expansion's) locale files."""
PSEUDO = "qps"
"""The pseudo-locale's code (the one Microsoft's tools reserve for it)."""
PSEUDO_GROWTH = 0.4
"""How much longer a pseudo text is than the English: German and Russian card texts run 20 to
40 % longer than English ones, so a box that fits this fits them."""
SOURCE = "en"
"""The language texts are written in first: translations, the pseudo-locale and the preview
start from it."""


@dataclass(frozen=True)
class Languages:
    """The languages a run makes beyond what the locale files hold (none by default)."""

    pseudo: bool = False
    """Make the pseudo-locale :data:`PSEUDO` from English."""
    fallback: str = ""
    """Print a text a language lacks in this language (``--fallback en``); empty: it is a
    problem, as it is by default."""

    def sources(self, lang: str) -> tuple[str, ...]:
        """The languages whose files the words printed in ``lang`` come from."""
        made_from = [lang]
        if self.pseudo and lang == PSEUDO:
            made_from.append(SOURCE)
        if self.fallback:
            made_from.append(self.fallback)
        return tuple(dict.fromkeys(made_from))

    def key(self) -> str:
        """What of the settings changes an output (for the cache's keys)."""
        return f"pseudo={self.pseudo} fallback={self.fallback}"


AS_WRITTEN = Languages()
"""The languages of the locale files, as they are."""
