"""The one placeholder syntax of printed texts: ``{name}`` (letters, digits and ``_``) is
replaced by the value of that name the text is given; every other brace, and a ``{name}`` the
text is given no value for, prints as written. Texts are never given to ``str.format``, so a
card text with ``{`` or ``}`` prints, and ``{{`` prints ``{{`` (see
:mod:`generator.rulebook.words`). Summaries, templates (``plural(...)``) and the PO checks
share it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(text: str) -> list[str]:
    """The ``{name}`` values a text asks for, in order."""
    return PLACEHOLDER.findall(text)


def fill(text: str, values: Mapping[str, Any]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its value; the rest stays."""
    return PLACEHOLDER.sub(
        lambda match: str(values[match[1]]) if match[1] in values else match[0], text
    )
