"""``pnp help``: the README, section by section, as installed with pnp.

A message that needs more words than a line points to a section of the README by its topic
(``pnp help calibrating-duplex-backs``): the README travels inside the package, so the pointer
works from an installed wheel, where no checkout is. A topic is the section's heading as GitHub
makes its anchor (the README's own links, ``#calibrating-duplex-backs``), and a section runs to
the next heading of its level or above, its subsections with it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from generator import README
from generator.problems import UsageError

HEADING = re.compile(r"(?P<level>#{2,6}) +(?P<title>.+?) *$")
"""A section's heading; the one ``#`` heading is the README's title, the whole of it."""
FENCE = "```"
"""A line starting so opens or closes a code block, whose ``#`` lines are comments."""


@dataclass(frozen=True)
class Section:
    topic: str
    level: int
    """2 for ``##``, 3 for ``###``..."""
    text: str
    """Its heading, its paragraphs and its subsections, as written."""


def topic(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def sections(readme: str) -> list[Section]:
    """The README's sections in order, a subsection after the section that holds it."""
    lines = readme.splitlines(keepends=True)
    headings: list[tuple[int, int, str]] = []
    fenced = False
    for number, line in enumerate(lines):
        if line.startswith(FENCE):
            fenced = not fenced
        elif not fenced and (found := HEADING.match(line)):
            headings.append((number, len(found["level"]), found["title"]))
    found_sections = []
    for index, (start, level, title) in enumerate(headings):
        later = (line for line, deeper, _ in headings[index + 1 :] if deeper <= level)
        text = "".join(lines[start : next(later, len(lines))]).rstrip() + "\n"
        found_sections.append(Section(topic(title), level, text))
    return found_sections


def installed() -> list[Section]:
    """The sections of the README pnp was installed with (the checkout's, in a checkout)."""
    return sections(README.read_text(encoding="utf-8"))


def listing() -> str:
    """Every topic, indented under the section that holds it."""
    rows = [f"{'  ' * (section.level - 1)}{section.topic}" for section in installed()]
    return "pnp help TOPIC prints that section of the README:\n" + "\n".join(rows) + "\n"


def section(asked: str) -> str:
    """The section whose topic is ``asked``, or the one topic it begins; a usage error
    otherwise, with the nearest topic."""
    by_topic = {found.topic: found for found in installed()}
    wanted = asked.lower()
    starting = [wanted] if wanted in by_topic else [t for t in by_topic if t.startswith(wanted)]
    if len(starting) == 1:
        return by_topic[starting[0]].text
    if starting:
        raise UsageError(f"help: '{asked}' begins {len(starting)} topics: {', '.join(starting)}")
    close = difflib.get_close_matches(wanted, list(by_topic), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else " (the topics: pnp help)"
    raise UsageError(f"help: no topic '{asked}'{hint}")
