"""YAML files parsed before are found again by their text: as the parser made them, every
line included; a file with a problem, or an entry that is not what a parse keeps, is parsed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator import DEFAULT_DATA_DIR
from generator.load import parsed
from generator.load.yaml_reader import MAX_DEPTH, MAX_INT_DIGITS, load_yaml
from generator.problems import ProblemLog
from generator.render.memo import InMemory


def shape(value: Any) -> Any:
    """``value`` with the line of every key and item, and the type of every value."""
    if isinstance(value, dict):
        keys = [(k, value.line_of(k), shape(v)) for k, v in value.items()]
        return ("mapping", value.line, keys)
    if isinstance(value, list):
        return ("list", value.line, value.lines, [shape(v) for v in value])
    return (type(value).__name__, value)


def loaded(path: Path, store: InMemory | None) -> tuple[Any, list[str]]:
    log = ProblemLog(path.name)
    with parsed.kept_in(store):
        data = load_yaml(path, log)
    return data, [str(problem) for problem in log.problems]


def test_a_file_parsed_before_is_found_as_the_parser_made_it() -> None:
    store = InMemory()
    files = sorted((DEFAULT_DATA_DIR / "gear_and_piston").rglob("*.yaml"))
    for path in files:
        fresh, problems = loaded(path, None)
        assert problems == []
        kept = loaded(path, store)[0]
        found = loaded(path, store)[0]
        assert shape(found) == shape(kept) == shape(fresh)
        assert found is not kept  # the loader changes what it is given
    assert len(store.kept) == len({path.read_bytes() for path in files})


def test_a_file_with_a_problem_is_not_kept(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text("a: 1\nb: 2\na: 3\n", encoding="utf-8")
    store = InMemory()
    first, again = loaded(path, store), loaded(path, store)
    assert (
        first
        == again
        == ({"a": 1, "b": 2}, ["twice.yaml:3: a: duplicate key (first given on line 1)"])
    )
    assert not store.kept


@pytest.mark.parametrize(
    "planted",
    [
        b"not JSON",
        b'{"mapping": 1}',
        b'{"mapping": 1, "keys": [[[1], 2, 3]]}',
        b'{"list": 1, "items": [[-1, "x"]]}',
        b'{"list": 1, "items": [[2, {"set": 1}]]}',
        f'{{"mapping": 1, "keys": [["n", 1, 1{"0" * MAX_INT_DIGITS}]]}}'.encode(),
        ('{"list": 1, "items": [[1, ' * (MAX_DEPTH + 1) + "0" + "]]}" * (MAX_DEPTH + 1)).encode(),
    ],
    ids=["text", "half a mapping", "a list as key", "no line", "unknown", "long number", "deep"],
)
def test_an_entry_that_no_parse_keeps_is_a_miss(tmp_path: Path, planted: bytes) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("players: 2-4\nwords: [a, b]\n", encoding="utf-8")
    store = InMemory()
    fresh = loaded(path, store)
    (entry,) = store.kept
    store.put(entry, planted)
    assert shape(loaded(path, store)[0]) == shape(fresh[0])
