"""YAML loading keeps line numbers and refuses what PyYAML would silently accept."""

from pathlib import Path

from generator.load.schema import Field, read_record
from generator.load.yaml_reader import load_yaml
from generator.problems import ProblemLog


def load(tmp_path: Path, text: str) -> tuple[object, list[str]]:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    log = ProblemLog("deck.yaml")
    return load_yaml(path, log), [str(p) for p in log.problems]


def test_lines_of_keys_and_items(tmp_path: Path) -> None:
    data, problems = load(tmp_path, "name: x\ncards:\n  - {a: 1}\n\n  - {a: 2,\n     b: 3}\n")
    assert problems == []
    assert data.lines == {"name": 1, "cards": 2}
    assert data["cards"].lines == [3, 5]
    assert data["cards"][1].lines == {"a": 5, "b": 6}


def test_duplicate_key_is_a_problem_not_an_overwrite(tmp_path: Path) -> None:
    data, problems = load(tmp_path, "number: 1\nability: protect\nnumber: 2\n")
    assert problems == ["deck.yaml:3: number: duplicate key (first given on line 1)"]
    assert data["number"] == 1


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    _, problems = load(tmp_path, "cards:\n  - {a: 1\n  - {a: 2}\n")
    assert len(problems) == 1
    assert problems[0].startswith("deck.yaml:3: YAML syntax error:")


def test_missing_file(tmp_path: Path) -> None:
    log = ProblemLog("nowhere.yaml")
    assert load_yaml(tmp_path / "nowhere.yaml", log) is None
    assert [str(p) for p in log.problems] == ["nowhere.yaml: file not found"]


def test_record_reports_every_problem_at_its_line(tmp_path: Path) -> None:
    data, _ = load(tmp_path, "number: seven\nabilty: protect\ncolour: 5\n")
    log = ProblemLog("deck.yaml")
    fields = {"number": Field(int, maximum=84), "ability": Field(str), "colour": Field(str)}
    assert read_record(data, "wagons[3]", 1, fields, log) is None
    assert [str(p) for p in log.problems] == [
        "deck.yaml:2: wagons[3].abilty: unknown key (did you mean 'ability'?)",
        "deck.yaml:1: wagons[3].number: expected an integer, got 'seven'",
        "deck.yaml:1: wagons[3].ability: missing",
        "deck.yaml:3: wagons[3].colour: expected a text, got 5",
    ]


def test_record_range_and_choices(tmp_path: Path) -> None:
    data, _ = load(tmp_path, "number: 85\nability: fly\n")
    log = ProblemLog("deck.yaml")
    fields = {
        "number": Field(int, minimum=1, maximum=84),
        "ability": Field(str, choices=("a", "b")),
    }
    assert read_record(data, "w", 1, fields, log) is None
    assert [p.what for p in log.problems] == [
        "85 is above the maximum 84",
        "'fly' is not one of: a, b",
    ]
