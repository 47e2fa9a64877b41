"""Reading car files: a small YAML of two rows of part ids, left to right.

    name: Ada's runabout        # optional; the file name otherwise
    top:    [scrap-17, new-01, new-15]
    bottom: [new-35, new-04, new-36]

An empty slot is ``_`` or ``~``. Mistakes in the file (an unknown part id, a tile used twice in
the car) are problems at their line, like any data; an unfinished car is not a mistake but the
answer. The same tile in two cars is allowed (variants of one car are checked side by side);
:func:`shared_tiles` names them so a ranking of such cars is not taken for a real table.

The example cars the README shows ship with pnp and are found by name (:func:`car_path`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from generator import EXAMPLES_DIR, PROJECT_ROOT
from generator.games.gear_and_piston.car import ROW_NAMES, Car, make_car
from generator.games.gear_and_piston.parts import Part
from generator.load.schema import DataFile, Field, read_record
from generator.load.yaml_reader import Sequence, load_yaml
from generator.problems import DataError, ProblemLog

CAR = "car"
"""The kind of file, and the ``pnp rules gear_and_piston`` query that reads it."""
EMPTY = ("_", None)
EXAMPLES = EXAMPLES_DIR / "gear_and_piston"
"""The example cars, in the repository's ``examples/`` and in the installed package alike."""
_SLOTS = {
    "items": {
        "type": ["string", "null"],
        "description": "A part's id as its tile shows it (new-34, old-08, scrap-17), or _ for "
        "an empty slot; pnp rules gear_and_piston car checks that it names a part.",
    }
}
CAR_FIELDS = {
    "name": Field(str, required=False, help="The car's name in the answer (default: the file's)."),
    "top": Field(list, json_schema=_SLOTS, help="The top row's slots, left to right."),
    "bottom": Field(list, json_schema=_SLOTS, help="The bottom row's slots, left to right."),
}
CAR_FILE = DataFile("A car for pnp rules gear_and_piston car: two rows of part ids.", CAR_FIELDS)


def car_path(text: str) -> Path:
    """The car file ``text`` names, or else a shipped example car, by its name (``runabout``)
    or its path in the repository (``examples/gear_and_piston/runabout.yaml``): the README's
    commands then work from any folder and from an installed pnp. A file of that name where
    the command runs comes first; a name leading out of the examples' folder finds nothing."""
    given = Path(text)
    if os.path.lexists(given):
        return given
    for shipped in (EXAMPLES / f"{text}.yaml", PROJECT_ROOT / given):
        if shipped.is_file() and shipped.resolve().parent == EXAMPLES.resolve():
            return shipped
    return given


def example_names() -> list[str]:
    """The shipped example cars, by name."""
    return sorted(path.stem for path in EXAMPLES.glob("*.yaml"))


def read_cars(paths: list[Path], parts: dict[str, Part]) -> list[Car]:
    """The cars in ``paths``, or a :class:`DataError` with every mistake in every file."""
    log = ProblemLog("")
    cars: list[Car] = []
    for path in paths:
        car = _read_car(path, parts, log.for_file(str(path)))
        if car is not None:
            cars.append(car)
    if log.problems:
        raise DataError(log.problems)
    return cars


def _read_car(path: Path, parts: dict[str, Part], log: ProblemLog) -> Car | None:
    raw = load_yaml(path, log)
    if raw is None:
        return None
    record = read_record(raw, "", 1, CAR_FIELDS, log)
    if record is None:
        return None
    placed: dict[str, int] = {}
    rows = [_row(raw[name], name, parts, placed, log) for name in ROW_NAMES]
    return make_car(record["name"] or str(path), *rows)


def _row(
    slots: Sequence, name: str, parts: dict[str, Part], placed: dict[str, int], log: ProblemLog
) -> list[Part | None]:
    row: list[Part | None] = []
    for index, slot in enumerate(slots):
        where, line = f"{name}[{index}]", slots.line_of(index)
        row.append(_slot(slot, where, line, parts, placed, log))
    return row


def _slot(
    slot: Any, where: str, line: int, parts: dict[str, Part], placed: dict[str, int],
    log: ProblemLog,
) -> Part | None:  # fmt: skip
    if slot in EMPTY:
        return None
    if not isinstance(slot, str) or slot not in parts:
        log.add(line, where, f"no part {slot!r} ({_known(parts)}; _ for an empty slot)")
        return None
    if slot in placed:
        what = f"{slot} is already placed on line {placed[slot]}: each tile exists once"
        log.add(line, where, what)
        return None
    placed[slot] = line
    return parts[slot]


def _known(parts: dict[str, Part]) -> str:
    """``part ids are new-01 to new-42, old-01 to old-42, scrap-01 to scrap-20``."""
    groups: dict[str, list[str]] = {}
    for part_id, part in parts.items():
        groups.setdefault(part.group, []).append(part_id)
    spans = [f"{min(ids)} to {max(ids)}" for ids in groups.values()]
    return f"part ids are {', '.join(spans)}"


def shared_tiles(cars: list[Car]) -> dict[str, list[str]]:
    """Tiles placed in more than one car, with the cars' names."""
    holders: dict[str, list[str]] = {}
    for car in cars:
        for part in car.parts:
            holders.setdefault(part.id, []).append(car.name)
    return {part_id: names for part_id, names in holders.items() if len(names) > 1}
