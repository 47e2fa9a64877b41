"""``pnp help``: the README's sections, printed by topic, so that a message of pnp can point to
one and the pointer works from an installed wheel too (issue 33: ``pnp calibrate`` pointed to a
README section that an installed pnp did not have)."""

from __future__ import annotations

import re
from pathlib import Path

import generator
from generator.authoring.guide import sections
from generator.authoring.scaffold import README as SCAFFOLD_README

MESSAGES = [*Path(generator.__file__).parent.rglob("*.py"), SCAFFOLD_README]
"""What pnp says: its code, and the README it writes into a new expansion."""
README = """# pnp

Intro.

## Printing

How.

```sh
# a comment in a code block, not a heading
pnp build
```

### Calibrating duplex backs: step by step

Measure.

## Reporting a bug

Report it.
"""


def test_a_section_runs_to_the_next_of_its_level_with_its_subsections() -> None:
    found = {section.topic: section for section in sections(README)}
    assert list(found) == ["printing", "calibrating-duplex-backs-step-by-step", "reporting-a-bug"]
    assert found["printing"].text.startswith("## Printing\n\nHow.\n")
    assert found["printing"].text.endswith("Measure.\n")
    assert found["calibrating-duplex-backs-step-by-step"].level == 3
    assert found["reporting-a-bug"].text == "## Reporting a bug\n\nReport it.\n"


def test_every_topic_a_message_names_prints_its_section(pnp) -> None:
    named = {
        topic
        for path in MESSAGES
        for topic in re.findall(r"pnp help ([a-z0-9-]+)", path.read_text(encoding="utf-8"))
    }
    assert {"calibrating-duplex-backs", "reporting-a-bug", "designing-an-expansion"} <= named
    for topic in named:
        result = pnp("help", topic)
        assert (result.code, result.err) == (0, ""), topic
        heading = result.out.splitlines()[0]
        assert re.fullmatch(r"#{2,6} .+", heading), topic
        assert pnp("help").out.count(f" {topic}\n") == 1  # and pnp help lists it
    calibrate = pnp("help", "calibrating-duplex-backs").out
    assert calibrate.startswith("### Calibrating duplex backs\n")
    assert "**4. Pass the centre cross's reading**" in calibrate
    assert "## Print shops" not in calibrate  # the next section is not part of it


def test_a_topic_may_be_shortened_while_it_is_the_only_one_so_begun(pnp) -> None:
    assert pnp("help", "calibrating").out == pnp("help", "calibrating-duplex-backs").out
    shared = pnp("help", "adding")
    assert shared.code == 2
    assert shared.err.endswith(
        "help: 'adding' begins 2 topics: adding-an-output-kind, "
        "adding-a-language-the-translators-loop\n"
    )
    misspelt = pnp("help", "calibratng-duplex-backs")
    assert misspelt.code == 2
    assert misspelt.err.endswith(
        "help: no topic 'calibratng-duplex-backs' (did you mean 'calibrating-duplex-backs'?)\n"
    )
