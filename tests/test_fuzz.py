"""Property-based fuzzing of the shipped YAML: whatever a file holds, ``pnp`` answers with problems
(or success), never a traceback.

Each example takes one shipped file of Game of Trains (the game whose checks are cheapest) and
mutates it: characters (inserted, deleted, replaced by anything, control characters and braces
included) or structure (a value replaced by another type: a list, a mapping, a number, a huge
number, ``.nan``, a text with braces, nothing). The mutated copy then goes through the whole
check (load, schema, rules, every face rendered, the rules summary composed), as ``pnp
validate`` runs it.

CI runs a fixed budget with a fixed seed (``PNP_FUZZ_EXAMPLES``, default 80). For an occasional
longer run::

    PNP_FUZZ_EXAMPLES=2000 PNP_FUZZ_SEED=7 pytest tests/test_fuzz.py -q
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from generator import DEFAULT_DATA_DIR
from generator.pipeline.build import check
from generator.problems import DataError, UsageError
from generator.translation.sources import FOLDER as SOURCES_FOLDER

GAME = "game_of_trains"
KEPT_LOCALES = ("en.yaml", "uk.yaml")
"""The locales of the copy: English and Ukrainian (Latin and Cyrillic). Every locale goes
through the same code, so each more would only repeat every check of every example."""


def _kept(path: Path) -> bool:
    """A file the check reads, in the copy (not the other locales, nor the English each
    translation was made from, which only ``pnp i18n`` reads)."""
    if path.parent.name == SOURCES_FOLDER:
        return False
    return path.parent.name != "locales" or path.name in KEPT_LOCALES


FILES = sorted(
    str(path.relative_to(DEFAULT_DATA_DIR))
    for path in (DEFAULT_DATA_DIR / GAME).rglob("*.yaml")
    if _kept(path)
)
EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "80"))
SEED = int(os.environ.get("PNP_FUZZ_SEED", "20261122"))
SHRINK = os.environ.get("PNP_FUZZ_SHRINK") == "1"

odd_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["{", "}", "{{x}}", "{0}", "{x.__class__}", "../../x", "/etc/passwd", ""]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@st.composite
def character_mutation(draw: st.DrawFn, text: str) -> str:
    """The text with a few characters inserted, deleted or replaced."""
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(
            st.one_of(
                st.text(max_size=3),
                st.sampled_from(["\0", "\x07", "{", "}", ":", "- ", "&a ", "*a", "!!int ", "\t"]),
            )
        )
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + len(piece) + 1 :]
        else:
            text = text[:at] + piece + text[at + len(piece) :]
    return text


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a YAML tree (mapping keys and list items), as a path of keys."""
    paths = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            paths += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            paths += _paths(value, (*prefix, index))
    return paths


@st.composite
def structure_mutation(draw: st.DrawFn, text: str) -> str:
    """The file with one value, somewhere in its tree, replaced by a value of another type."""
    tree = yaml.safe_load(text)
    path = draw(st.sampled_from(_paths(tree)[1:]))
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = draw(odd_values)
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)


@st.composite
def mutated_file(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(FILES))
    text = (DEFAULT_DATA_DIR / name).read_text(encoding="utf-8")
    mutate = draw(st.sampled_from([character_mutation, structure_mutation]))
    return name, draw(mutate(text))


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz") / "card_data"
    shutil.copytree(DEFAULT_DATA_DIR / GAME, root / GAME)
    for path in list((root / GAME).rglob("*")):
        if path.is_file() and not _kept(path):
            path.unlink()
    return root


@seed(SEED)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    database=None,
    # no shrinking in the budgeted run: a failure prints its whole mutated file at once
    # (shrinking a file of 60 lines took minutes); PNP_FUZZ_SHRINK=1 asks for it
    phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if SHRINK else [])],
)
@given(mutated_file())
def test_no_mutation_of_the_shipped_yaml_gives_a_traceback(
    copy: Path, mutation: tuple[str, str]
) -> None:
    name, text = mutation
    target = copy / name
    original = (DEFAULT_DATA_DIR / name).read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    try:
        check(copy, (GAME,))
    except (DataError, UsageError) as error:
        assert str(error).strip(), "a refusal names its problems"
    finally:
        target.write_text(original, encoding="utf-8")
