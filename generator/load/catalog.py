"""Load stage: read a game's folder of YAML into the model, reporting every problem with its line.

Layout of a game folder (``card_data/<game>/``)::

    game.yaml            players, decks (size, templates, card id pattern)
    decks/<deck>.yaml    ``<deck>:`` followed by the list of cards
    locales/<lang>.yaml  every printed word, one file per language

The schema of a card comes from the game's rule engine, seen here only as a
:class:`~generator.load.deck_specs.CardSchema`; everything else is shared. Here the game is put
together; its parts are read beside: the keys of ``game.yaml``
(:mod:`~generator.load.game_fields`), the decks it describes
(:mod:`~generator.load.deck_specs`), their card files and cards
(:mod:`~generator.load.card_files`, :mod:`~generator.load.cards`), the locales
(:mod:`~generator.load.locales`) and palettes (:mod:`~generator.load.palettes`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from generator.languages import AS_WRITTEN, Languages
from generator.load.cards import load_decks
from generator.load.deck_specs import CardSchema, deck_specs, template_exists
from generator.load.expansions import Expansion, Layer
from generator.load.game_fields import DESIGNED_GAME_FIELDS, GAME_FIELDS, HANDOUT_FIELDS
from generator.load.icons import icon_problems
from generator.load.locales import Unprintable, printed_locales, read_locales
from generator.load.names import file_name_problem
from generator.load.palettes import load_palettes
from generator.load.schema import read_record
from generator.load.yaml_reader import Mapping, load_yaml
from generator.model import Deck, Game, Handout
from generator.options import OWN_KINDS
from generator.problems import Problem, ProblemLog, UsageError, clipped, shown
from generator.runtime.folders import Templates, discover_games, game_templates

LOCAL_DATA = "card_data"
"""The card data folder of a project, as ``pnp new game`` writes it."""


def requested_games(data_dir: Path, names: tuple[str, ...]) -> tuple[str, ...]:
    """The games ``names`` asks for (every game of ``data_dir`` when empty); a folder or a name
    that is not there is a usage error, found before anything is loaded."""
    available = discover_games(data_dir)
    if not data_dir.is_dir():
        raise UsageError(f"--data {data_dir}: no such folder")
    for name in names:
        if name not in available:
            known = ", ".join(available) or "no games"
            hint = _here_hint(data_dir, name)
            raise UsageError(f"unknown game {name!r} (the card data has: {known}){hint}")
    return names or tuple(available)


def _here_hint(data_dir: Path, name: str) -> str:
    """Where a game not in ``data_dir`` is, if the folder a command runs in has it: a designer
    in their project who left out ``--data`` (``pnp new game`` says to give it)."""
    here = Path(LOCAL_DATA)
    if not (here / name / "game.yaml").is_file() or here.resolve() == data_dir.resolve():
        return ""
    return f"; ./{LOCAL_DATA} has it: add --data {LOCAL_DATA}"


def load_game(
    data_dir: Path,
    game_id: str,
    schema: CardSchema,
    problems: list[Problem],
    expansions: tuple[Expansion, ...] = (),
    languages: Languages = AS_WRITTEN,
    unprintable: Unprintable | None = None,
) -> Game:
    """Read one game with ``expansions`` laid over it in order, and the languages ``languages``
    makes; problems are appended to ``problems`` (the game is partial if any). A text
    ``unprintable`` finds fault with is a problem at its line."""
    directory = data_dir / game_id
    log = ProblemLog(f"{game_id}/game.yaml", problems)
    raw = load_yaml(directory / "game.yaml", log, data_dir)
    keys = DESIGNED_GAME_FIELDS if schema.designed else GAME_FIELDS
    spec = read_record(raw, "", 1, keys, log) if raw is not None else None
    layers = [Layer.read(expansion, log) for expansion in expansions]
    own = [folder for expansion in reversed(expansions) if (folder := expansion.templates)]
    templates = Templates((*own, game_templates(data_dir, game_id)))
    players = (2, 4)
    decks: list[Deck] = []
    handouts: list[Handout] = []
    if spec is not None:
        players = _players(spec["players"], raw.line_of("players"), log)
        for layer in layers:
            if layer.spec is not None and layer.spec["players"] is not None:
                players = _players(layer.spec["players"], layer.raw.line_of("players"), layer.log)
        specs = deck_specs(game_id, templates, raw["decks"], layers, schema, log)
        decks = load_decks(data_dir, game_id, specs, layers, schema, log)
        if "handouts" in raw:
            handouts = _load_handouts(data_dir, game_id, templates, raw["handouts"], log)
    written = read_locales(data_dir, game_id, expansions, log, unprintable)
    problems += icon_problems(written, templates)
    locales, drafts = printed_locales(written, log, languages)
    palettes = load_palettes(data_dir, game_id, expansions, log)
    names = tuple(expansion.name for expansion in expansions)
    return Game(
        game_id,
        directory,
        templates,
        players,
        tuple(decks),
        locales,
        tuple(handouts),
        names,
        palettes=palettes,
        drafts=drafts,
    )


def _players(text: str, line: int, log: ProblemLog) -> tuple[int, int]:
    low, high = (int(n) for n in text.split("-"))
    if low > high:
        log.add(line, "players", f"{text!r}: the fewest players come first, like '{high}-{low}'")
    return low, high


def _load_handouts(
    data_dir: Path, game_id: str, templates: Templates, handouts: Mapping, log: ProblemLog
) -> list[Handout]:
    loaded = []
    for handout_id, node in handouts.items():
        where, line = f"handouts.{clipped(str(handout_id))}", handouts.line_of(handout_id)
        spec = read_record(node, where, line, HANDOUT_FIELDS, log)
        if (problem := file_name_problem(handout_id)) is not None:
            log.add(line, where, f"a handout id names its file: {problem}")
            continue
        if (problem := _own_name_problem(str(handout_id))) is not None:
            log.add(line, where, problem)
            continue
        if spec is None:
            continue
        if spec["size"] and spec["per_page"] != 1:
            log.add(
                node.line_of("per_page"),
                f"{where}.per_page",
                "a handout with a size of "
                "its own is not a cell of the paper: give size or per_page, not both",
            )
            continue
        if not template_exists(templates, node, "template", where, log):
            continue
        data, data_file = _handout_data(data_dir, game_id, spec["data"], node, where, log)
        own = spec["size"]
        size = (float(own["width"]), float(own["height"])) if own else None
        landscape = spec["orientation"] == "landscape"
        loaded.append(
            Handout(
                str(handout_id),
                spec["template"],
                landscape,
                log.file,
                line,
                size,
                spec["copies"],
                spec["per_page"],
                data,
                data_file,
            )
        )
    return loaded


def _own_name_problem(handout_id: str) -> str | None:
    """A handout is written as ``<id>-<paper>.pdf`` beside pnp's own files, named the same way:
    an id that is one of their kinds would overwrite one (letter case aside: a Windows or macOS
    disk ignores it)."""
    if handout_id.casefold() not in OWN_KINDS:
        return None
    own = ", ".join(OWN_KINDS)
    return (
        f"its file {handout_id}-<paper>.pdf would overwrite pnp's own (pnp names its files "
        f"{own}): give the handout another id"
    )


def _handout_data(
    data_dir: Path, game_id: str, name: str, node: Mapping, where: str, log: ProblemLog
) -> tuple[Any, str]:
    """The handout's ``data:`` file (``name``, a plain file name the schema let through) read as
    card data is, inside the game's own folder and its size limit, and its name as problems
    show it."""
    if not name:
        return None, ""
    folder = data_dir / game_id
    if not os.path.lexists(folder / name):
        log.add(node.line_of("data"), f"{where}.data", f"no file {shown(name)} beside game.yaml")
        return None, ""
    label = f"{game_id}/{name}"
    data = load_yaml(folder / name, log.for_file(label), folder)
    return data, label
