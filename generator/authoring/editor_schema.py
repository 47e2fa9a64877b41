"""Editor schemas: a JSON Schema for each YAML file of a game, so an editor explains, completes
and checks card data as it is typed.

VS Code's YAML extension, and every editor that runs yaml-language-server, checks a file against
the schema a comment in it names (``# yaml-language-server: $schema=<path>``): hovering a key
shows what it means, typing a value offers its choices, a typo is underlined before
``pnp validate`` runs. The schemas are made from the definitions the loader checks with (the
fields of ``game.yaml`` in :mod:`generator.load.game_fields`, the engines' card fields,
:mod:`generator.load.expansion_fields`), so an editor and ``pnp validate`` cannot disagree on a key,
a choice or a range. What a field's ``check`` decides in code, the schema says in its
description, and in JSON Schema's words as far as the field gives them. What the game's rules
decide over a whole deck (counts, uniqueness, a solvable task) only ``pnp validate`` checks.

The schemas are made in :mod:`~generator.authoring.file_schemas`, from the parts in
:mod:`~generator.authoring.record_schemas`; here they are written and named in the files.

A game's schemas, written to ``<out>/<game>/`` (the project ships them in ``schemas/``, beside
``card_data/``, so a shipped file names its schema by a relative path)::

    game.schema.json               game.yaml
    decks/<deck>.schema.json       decks/<deck>.yaml, of the game or of an expansion
    locale.schema.json             locales/<lang>.yaml: every text the English locale has
    expansion.schema.json          an expansion's expansion.yaml
    expansion-locale.schema.json   an expansion's locales/<lang>.yaml: texts added or changed
    <file>.schema.json             a file the rules read beside game.yaml (board.yaml)
    <kind>.schema.json             a file a player writes for the game's commands (car)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator import PROJECT_ROOT
from generator.authoring.file_schemas import game_schemas, schema_name
from generator.authoring.record_schemas import Node
from generator.languages import LOCALES
from generator.load.catalog import requested_games
from generator.load.modeline import modeline, with_modeline
from generator.load.yaml_reader import load_yaml
from generator.pipeline.front import engine_of
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.runtime.writer import Writer, Written, output_folder_problem
from generator.translation.sources import FOLDER as SOURCES_FOLDER

SCHEMAS_DIR = PROJECT_ROOT / "schemas"
"""The shipped games' schemas (``pnp schema --out schemas`` writes them in a checkout)."""
ENGLISH = "en"


def name_schemas(folder: Path, schemas: Path, expansion: bool = False) -> list[Path]:
    """Start every YAML file a person edits in the game's or expansion's ``folder`` with the
    comment naming its schema in ``schemas`` (the game's schema folder); the files changed.
    ``pnp new expansion`` names its copies' schemas so, and the shipped files are named so (a
    test holds it, and says how to run this on them)."""
    changed = []
    for path in sorted(folder.rglob("*.yaml")):
        relative = path.relative_to(folder).as_posix()
        if relative.startswith(f"{LOCALES}/{SOURCES_FOLDER}/"):
            continue  # the English a translation was made from: pnp writes it, nobody edits it
        text = path.read_text(encoding="utf-8")
        named = with_modeline(text, modeline(path, schemas / schema_name(relative, expansion)))
        if named != text:
            path.write_text(named, encoding="utf-8")
            changed.append(path)
    return changed


def english_texts(data_dir: Path, game_id: str) -> Mapping[str, Any] | None:
    """The game's English locale as the loader reads it, or ``None`` when it has none. The
    one place the schemas read card data: the rest comes from the code's definitions."""
    file = f"{game_id}/locales/{ENGLISH}.yaml"
    if not (data_dir / file).is_file():
        return None
    problems: list[Problem] = []
    raw = load_yaml(data_dir / file, ProblemLog(file, problems), data_dir)
    if not problems and not isinstance(raw, Mapping):
        problems.append(Problem(file, 1, "", "expected a mapping of texts"))
    if problems or not isinstance(raw, Mapping):
        raise DataError(problems)
    return raw


def schemas(data_dir: Path, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The schemas of the games ``names`` asks for (every game of ``data_dir`` when empty), by
    their path under the output folder (``gears/game.schema.json``)."""
    files: dict[str, dict[str, Any]] = {}
    for game_id in requested_games(data_dir, names):
        engine = engine_of(data_dir, game_id)
        english = english_texts(data_dir, game_id)
        shapes = game_schemas(
            game_id,
            engine.card_fields,
            english,
            engine.data_files,
            engine.command_files,
            engine.designed,
        )
        for name, schema in shapes.items():
            files[f"{game_id}/{name}"] = schema
    return files


def text(schema: Node) -> str:
    """A schema as its file holds it: two-space indents, words as written, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write(data_dir: Path, names: tuple[str, ...], out: Path) -> list[Written]:
    """Write the schemas of the games ``names`` under ``out/<game>/``, all together or none; a
    file that already holds the same bytes is left as it was."""
    if (problem := output_folder_problem(out)) is not None:
        raise UsageError(f"--out {out}: {problem}")
    files = schemas(data_dir, names)
    writer = Writer(out)
    try:
        for name, schema in files.items():
            writer.write_bytes(out / name, text(schema).encode("utf-8"))
        changed = set(writer.commit())
    finally:
        writer.discard()
    return [Written(out / name, "editor schemas", changed=out / name in changed) for name in files]
