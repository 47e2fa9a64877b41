"""A build on several cores says what a build on one says: the problems its workers find
(rendering a template, drawing a face) come back to the command merged and ordered as when it
does all the work itself. The bad-input corpus (tests/test_bad_inputs.py) runs its commands on
one core; this shows its messages hold on any number."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import DataCopy

MISSING_IMAGE = '<image href="dot.png" width="10" height="10"/>\n{% endblock %}'
"""A picture the templates' folder lacks: a problem of every face drawn with it, found when
the template is rendered."""
USE_BOMB = (
    '<defs><g id="g0">{% for i in range(10) %}<rect width="2" height="2"/>{% endfor %}</g>'
    '{% for k in range(1, 9) %}<g id="g{{ k }}">{% for i in range(10) %}'
    '<use href="#g{{ k - 1 }}"/>{% endfor %}</g>{% endfor %}</defs><use href="#g8"/>\n'
    "{% endblock %}"
)
"""Ten uses of ten uses, eight deep: a problem found only when the face is drawn."""


TOO_MANY = (
    "drawing it takes more than 50,000 elements (each <use>, marker, pattern, clip path and mask "
    "counted every time it draws): a face may take 50,000"
)
BROKEN = {
    "rendered": (
        {"number.svg.j2": MISSING_IMAGE, "colour.svg.j2": MISSING_IMAGE},
        "templates/tiny/colour.svg.j2:@colour.svg.j2: href: templates/tiny/dot.png: no such file "
        "(nor in templates/_common/) (and on 1 more card)\n"
        "templates/tiny/number.svg.j2:@number.svg.j2: href: templates/tiny/dot.png: no such file "
        "(nor in templates/_common/) (and on 4 more cards)\n"
        "2 problems found; nothing was written.\n",
    ),
    "drawn": (
        {"back.svg.j2": USE_BOMB, "colour-back.svg.j2": USE_BOMB},
        f"templates/tiny/back.svg.j2: back (en, uk): {TOO_MANY}\n"
        f"templates/tiny/colour-back.svg.j2: colour-blue-back (en, uk): {TOO_MANY}\n"
        f"templates/tiny/colour-back.svg.j2: colour-red-back (en, uk): {TOO_MANY}\n"
        "3 problems found; nothing was written.\n",
    ),
}
"""Two templates broken alike, each drawing another deck: problems from several pieces of
work, and what the command says of them (``@<template>``: the line of the text put in it)."""


@pytest.mark.parametrize("found", BROKEN)
def test_the_workers_find_what_one_process_finds(
    tiny: DataCopy, tmp_path: Path, pnp, found: str
) -> None:
    templates = tiny.root.parent / "templates" / "tiny"
    broken, expected = BROKEN[found]
    for name, text in broken.items():
        path = templates / name
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        end = next(n for n, line in enumerate(lines) if "{% endblock %}" in line)
        path.write_text("".join(lines).replace("{% endblock %}", text), encoding="utf-8")
        expected = expected.replace(f"@{name}:", f"{end + 1}:")
    said = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        result = pnp("build", "--data", tiny.root, "--out", out, "--no-cache", "--jobs", jobs)
        said.append((result.code, result.out, result.err))
    assert said[0] == said[1]
    assert said[0] == (1, "", expected)
