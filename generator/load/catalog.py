"""Load stage: read a game's folder of YAML into the model, reporting every problem with its line.

Layout of a game folder (``card_data/<game>/``)::

    game.yaml            players, decks (size, templates, card id pattern)
    decks/<deck>.yaml    ``<deck>:`` followed by the list of cards
    locales/<lang>.yaml  every printed word, one file per language

The schema of a card comes from the game's rule engine, seen here only as a
:class:`CardSchema`; everything else is shared.
"""

from __future__ import annotations

import os
from collections.abc import Mapping as MappingABC
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path
from typing import Any, Protocol

from generator.geometry.sizes import CARD_PRESETS, SHAPES, CardSize
from generator.languages import AS_WRITTEN, Languages
from generator.load.expansion_fields import (
    COPIES,
    EXPANSION_FIELDS,
    FIELD_FIELDS,
    KINDS,
    OWN_DECK,
    REMOVED,
    TELL_APART,
)
from generator.load.expansions import MANIFEST, Expansion
from generator.load.locales import Unprintable, printed_locales, read_locales
from generator.load.names import (
    FILE_NAME,
    IdPattern,
    file_name_problem,
    parse_id_pattern,
    template_name_problem,
)
from generator.load.palettes import load_palettes
from generator.load.schema import Field, read_record, unknown_key
from generator.load.yaml_reader import Mapping, Sequence, inside, load_yaml
from generator.model import Card, Deck, Game, Handout
from generator.options import OWN_KINDS
from generator.problems import Problem, ProblemLog, UsageError, clipped, did_you_mean, shown
from generator.runtime.folders import Templates, discover_games, game_templates, template_roots
from generator.runtime.folders import shown as shown_path
from generator.runtime.reading import links_out

MAX_DECK_CARDS = 2_000
"""The most cards one deck file may stand for, each entry counted with its ``copies`` (so also
the most entries it may hold).

Why 2,000: the largest shipped deck holds 84 cards, and a large card game has a few hundred
distinct cards, so no designer comes near it; a deck file of 2,000 cards still loads and checks
in about a second. A generated or pasted file of 40,000 cards, each ``copies: 99``, would
otherwise be four million cards to check and draw: it is refused, at the entry that passes the
limit, before any of its cards is read."""

MAX_GAME_CARDS = 10_000
"""The most cards a game may print: every card file of the game and of the expansions laid
over it, each entry counted with its ``copies`` (a card an expansion replaces counts again).

Why 10,000: a big boxed card game prints a few thousand cards, so a designer never meets it;
it bounds what the rule engine checks and the build draws, lays out and holds in memory, even
when several decks or expansions each stay within :data:`MAX_DECK_CARDS`. Past it, the game
is refused before any card is read."""

ORIENTATIONS = ("portrait", "landscape")
GAME_FIELDS = {
    "players": Field(
        str,
        pattern=r"[1-9]\d?-[1-9]\d?",
        pattern_help="a range like '2-4'",
        help="How many can play, fewest first, like 2-4.",
    ),
    "decks": Field(dict, help="The game's decks by id: each one's card size, templates, card ids."),
    "handouts": Field(
        dict,
        required=False,
        default={},
        help="Pages printed once per language beside the cards (a player screen), by id.",
    ),
}
HANDOUT_SIZES = (20.0, 1000.0)
"""The smallest and largest side of a handout's own size, mm: a side under 20 mm is a card's
job; over a metre is no table's board, and its pieces would be hundreds of pages."""
DECK_FIELDS = {
    "size": Field(object, help="A card size by name, or its width and height in millimetres."),
    "front": Field(str, help="The template of the fronts, a file in the game's templates folder."),
    "back": Field(str, help="The template of the backs."),
    "two_sided": Field(
        bool,
        required=False,
        default=False,
        help="true: each card has a back of its own, drawn from its fields; false: the deck "
        "shares one back.",
    ),
    "card_id": Field(
        str,
        help="How a card's id is made from its fields, like wagon-{number:02d}: unique in the "
        "deck, it names the card's PNG file.",
    ),
}
DESIGNED_DECK_FIELDS = {**DECK_FIELDS, "fields": OWN_DECK, "tell_apart": TELL_APART}
LOWER_CASE_NAME = Field(
    str, pattern=r"[a-z][a-z0-9_]*", pattern_help="a lower-case name, like 'power'"
)
SIZE_FIELDS = {
    "width": Field(float, minimum=10, maximum=400, help="The trim width in millimetres."),
    "height": Field(float, minimum=10, maximum=400, help="The trim height in millimetres."),
    "shape": Field(
        str, required=False, default="rounded", choices=SHAPES, help="The outline cut along."
    ),
    "corner_radius": Field(
        float,
        required=False,
        default=3.0,
        minimum=0,
        maximum=50,
        help="The corner radius of a rounded card in millimetres, at most half its shorter side.",
    ),
    "bleed": Field(
        float,
        required=False,
        default=3.0,
        minimum=0,
        maximum=10,
        help="How far the art runs past the trim, in millimetres.",
    ),
}


def _handout_size_problem(value: Mapping) -> str | None:
    if set(value) != {"width", "height"}:
        return "expected {width: MM, height: MM}"
    low, high = HANDOUT_SIZES
    for side in ("width", "height"):
        number = value[side]
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            return f"{side}: expected a number of millimetres, got {shown(number)}"
        if not low <= number <= high:
            return f"{side}: {shown(number)} mm is not between {low:g} and {high:g}"
    return None


HANDOUT_FIELDS = {
    "template": Field(str, help="The page's template, a file in the game's templates folder."),
    "orientation": Field(
        str, required=False, default="portrait", choices=ORIENTATIONS, help="The page's way up."
    ),
    "size": Field(
        dict,
        required=False,
        check=_handout_size_problem,
        help="A size of its own in mm, like {width: 400, height: 277} (a board): printed whole "
        "on a paper that holds it, else in pieces that join. Without it, the handout is the "
        "paper's page (or a cell of it, see per_page).",
        json_schema={
            "type": "object",
            "properties": {
                side: {"type": "number", "minimum": HANDOUT_SIZES[0], "maximum": HANDOUT_SIZES[1]}
                for side in ("width", "height")
            },
            "required": ["width", "height"],
            "additionalProperties": False,
        },
    ),
    "copies": Field(
        int,
        required=False,
        default=1,
        minimum=1,
        maximum=12,
        help="How many are printed (a screen for each player); the template sees copy, "
        "counted from 0, and copies.",
    ),
    "per_page": Field(
        int,
        required=False,
        default=1,
        choices=(1, 2, 4),
        help="The paper cut into 2 or 4 cells, each a handout of the orientation given: two "
        "score sheets to a page.",
    ),
    "data": Field(
        str,
        required=False,
        default="",
        pattern=rf"(?!.*\.\.)(?:{FILE_NAME.pattern})\.yaml",
        pattern_help="one plain file name ending in .yaml, beside game.yaml",
        help="A YAML file beside game.yaml the template sees as data (a board's numbers), "
        "checked by the game's rules.",
    ),
}


class CardSchema(Protocol):
    """All that loading needs of a game's rule engine: the decks it knows and, for each, the
    fields of one card. Defined here so the loader depends on no game."""

    @property
    def card_fields(self) -> MappingABC[str, MappingABC[str, Field]]: ...


def requested_games(data_dir: Path, names: tuple[str, ...]) -> tuple[str, ...]:
    """The games ``names`` asks for (every game of ``data_dir`` when empty); a folder or a name
    that is not there is a usage error, found before anything is loaded."""
    available = discover_games(data_dir)
    if not data_dir.is_dir():
        raise UsageError(f"--data {data_dir}: no such folder")
    for name in names:
        if name not in available:
            known = ", ".join(available) or "no games"
            raise UsageError(f"unknown game {name!r} (the card data has: {known})")
    return names or tuple(available)


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
    spec = read_record(raw, "", 1, GAME_FIELDS, log) if raw is not None else None
    layers = [_Layer.read(expansion, log) for expansion in expansions]
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
        specs = _deck_specs(game_id, templates, raw["decks"], layers, schema, log)
        decks = _load_decks(data_dir, game_id, specs, layers, schema, log)
        if "handouts" in raw:
            handouts = _load_handouts(data_dir, game_id, templates, raw["handouts"], log)
    written = read_locales(data_dir, game_id, expansions, log, unprintable)
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


@dataclass
class _Layer:
    """One expansion's ``expansion.yaml``, read: its checked keys, where each is, and the log
    of its problems."""

    expansion: Expansion
    raw: Mapping
    spec: dict[str, Any] | None
    log: ProblemLog

    @classmethod
    def read(cls, expansion: Expansion, log: ProblemLog) -> _Layer:
        own = log.for_file(expansion.label(MANIFEST))
        raw = load_yaml(expansion.folder / MANIFEST, own, expansion.folder)
        spec = read_record(raw, "", 1, EXPANSION_FIELDS, own) if raw is not None else None
        return cls(expansion, raw if isinstance(raw, Mapping) else Mapping(), spec, own)

    def node(self, key: str) -> Mapping:
        """The mapping under ``key`` (``decks``, ``remove``), empty if the manifest is bad."""
        value = self.raw.get(key) if self.spec is not None else None
        return value if isinstance(value, Mapping) else Mapping()


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
        if not _template_exists(templates, node, "template", where, log):
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


@dataclass
class _DeckSpec:
    """A deck as ``game.yaml`` and the expansions' manifests describe it, merged."""

    id: str
    values: dict[str, Any]
    size: CardSize | None
    file: str
    line: int
    card_id_at: tuple[str, int]
    """The file and line of the card id pattern (a pattern an expansion changed is its own)."""
    fields: MappingABC[str, Field]
    """What a card of the deck holds: the engine's fields, or an expansion's own deck's."""
    game: bool = True
    """Whether the game has the deck (it has a card file), or an expansion brought it."""


def _deck_specs(
    game_id: str,
    templates: Templates,
    decks: Mapping,
    layers: list[_Layer],
    schema: CardSchema,
    log: ProblemLog,
) -> dict[str, _DeckSpec | None]:
    """Every deck of the game and its expansions, by id (``None``: described wrongly)."""
    specs: dict[str, _DeckSpec | None] = {}
    for deck_id in decks:
        specs[deck_id] = _new_deck(game_id, templates, decks, deck_id, schema, log)
    for layer in layers:
        node = layer.node("decks")
        for deck_id in node:
            if deck_id in specs:
                specs[deck_id] = _changed_deck(specs[deck_id], templates, node, deck_id, layer.log)
            else:
                specs[deck_id] = _new_deck(
                    game_id, templates, node, deck_id, schema, layer.log, designer=True
                )
    return specs


def _new_deck(
    game_id: str,
    templates: Templates,
    decks: Mapping,
    deck_id: Any,
    schema: CardSchema,
    log: ProblemLog,
    designer: bool = False,
) -> _DeckSpec | None:
    """A deck described in full: one the game's rules know, or (``designer``: in an
    expansion) one of the expansion's own, whose cards hold what its ``fields:`` says."""
    where, line = f"decks.{clipped(str(deck_id))}", decks.line_of(deck_id)
    node = decks[deck_id]
    own = designer and isinstance(node, Mapping) and "fields" in node
    if deck_id not in schema.card_fields and not own:
        known = ", ".join(schema.card_fields)
        hint = (
            "; a deck of the expansion's own says what its cards hold under fields:"
            if designer
            else ""
        )
        log.add(line, where, f"unknown deck for {game_id} (known: {known}){hint}")
        return None
    spec = read_record(node, where, line, DESIGNED_DECK_FIELDS if own else DECK_FIELDS, log)
    fields = _own_fields(node, where, log) if own else schema.card_fields.get(deck_id)
    if spec is None or fields is None or not _told_apart(spec, fields, where, log):
        return None
    size = _read_size(node, where, log)
    if not _check_templates(templates, node, where, log):
        return None
    card_id_at = (log.file, node.line_of("card_id"))
    return _DeckSpec(str(deck_id), spec, size, log.file, line, card_id_at, fields, not designer)


def _own_fields(node: Mapping, where: str, log: ProblemLog) -> dict[str, Field] | None:
    """The fields of a deck an expansion invents, as ``fields:`` describes them."""
    given, line = node["fields"], node.line_of("fields")
    if not isinstance(given, Mapping) or not given:
        log.add(line, f"{where}.fields", "expected a mapping of field names to what they hold")
        return None
    before = len(log.problems)
    fields: dict[str, Field] = {}
    for name, described in given.items():
        at = f"{where}.fields.{clipped(str(name))}"
        if (problem := LOWER_CASE_NAME.problem_with(name)) is not None:
            log.add(given.line_of(name), at, problem)
            continue
        spec = read_record(described, at, given.line_of(name), FIELD_FIELDS, log)
        if spec is not None:
            fields[str(name)] = _own_field(spec, described, at, log)
    return fields if len(log.problems) == before else None


def _told_apart(
    spec: dict[str, Any], fields: MappingABC[str, Field], where: str, log: ProblemLog
) -> bool:
    """Whether each field a deck of its own asks players to tell apart is one of its fields."""
    named: Sequence = spec.get("tell_apart") or Sequence()
    unknown = [
        (i, name) for i, name in enumerate(named) if not (isinstance(name, str) and name in fields)
    ]
    for index, name in unknown:
        what = f"{shown(name)} is not one of the deck's fields ({', '.join(fields)})"
        log.add(named.line_of(index), f"{where}.tell_apart[{index}]", what)
    return not unknown


def _own_field(spec: dict[str, Any], node: Mapping, where: str, log: ProblemLog) -> Field:
    """One field of a designer's deck; a range on what is not a number, or a choice of
    another type, is a problem (a check that compared them would fail on every card)."""
    kind = KINDS[spec["type"]]
    for bound in ("minimum", "maximum"):
        if spec[bound] is not None and kind not in (int, float):
            what = f"a {spec['type']} has no {bound}: only integer and number fields do"
            log.add(node.line_of(bound), f"{where}.{bound}", what)
    choices = spec["choices"]
    for index, choice in enumerate(choices or ()):
        if (problem := Field(kind).problem_with(choice)) is not None:
            log.add(choices.line_of(index), f"{where}.choices[{index}]", problem)
    return Field(
        kind,
        required=spec["required"],
        minimum=spec["minimum"],
        maximum=spec["maximum"],
        choices=tuple(choices) if choices is not None else None,
        help=spec["help"],
    )


def _changed_deck(
    deck: _DeckSpec | None, templates: Templates, decks: Mapping, deck_id: str, log: ProblemLog
) -> _DeckSpec | None:
    """A deck of the game whose description an expansion changes: only the keys it gives."""
    where, node = f"decks.{clipped(deck_id)}", decks[deck_id]
    if not isinstance(node, Mapping):
        log.add(decks.line_of(deck_id), where, f"expected a mapping of {', '.join(DECK_FIELDS)}")
        return None
    before = len(log.problems)
    values = dict(deck.values) if deck is not None else {}
    size = deck.size if deck is not None else None
    for key, value in node.items():
        if key not in DECK_FIELDS:
            log.add(
                node.line_of(key), f"{where}.{clipped(str(key))}", unknown_key(key, DECK_FIELDS)
            )
        elif key == "size":
            size = _read_size(node, where, log)
        elif (problem := DECK_FIELDS[key].problem_with(value)) is not None:
            log.add(node.line_of(key), f"{where}.{key}", problem)
        elif key in ("front", "back"):
            _template_exists(templates, node, key, where, log)
        values[key] = value
    if deck is None or len(log.problems) > before:
        return None
    card_id_at = (log.file, node.line_of("card_id")) if "card_id" in node else deck.card_id_at
    return replace(deck, values=values, size=size, card_id_at=card_id_at)


def _load_decks(
    data_dir: Path,
    game_id: str,
    specs: dict[str, _DeckSpec | None],
    layers: list[_Layer],
    schema: CardSchema,
    log: ProblemLog,
) -> list[Deck]:
    """The cards of every deck: the game's, then each expansion's removed and added.

    Every card file is parsed and counted first (:class:`_Tally`); a card is read only if the
    game is within :data:`MAX_GAME_CARDS`, and a deck only if each of its files is within
    :data:`MAX_DECK_CARDS`: data too large costs one problem and no per-card work."""
    tally = _Tally(log)
    plans: list[tuple[_DeckSpec, _CardReader, list[_CardFile]]] = []
    for deck_id, spec in specs.items():
        if spec is None:
            continue
        pattern = parse_id_pattern(spec.values["card_id"], spec.fields)
        if isinstance(pattern, str):
            file, line = spec.card_id_at
            log.for_file(file).add(line, f"decks.{deck_id}.card_id", pattern)
            continue
        files = _card_files(data_dir, game_id, spec, layers)
        for card_file in files:
            if not tally.passed:  # past the game's limit, nothing more is read
                card_file.load(deck_id, log)
                tally.count(deck_id, card_file)
        plans.append((spec, _CardReader(deck_id, pattern, spec.fields), files))
    for layer in layers:
        if layer.spec is not None:
            _unknown_decks(layer, specs, log)
    decks: list[Deck] = []
    for spec, reader, files in plans:
        if tally.passed or any(card_file.refused for card_file in files):
            continue
        if (deck := _read_deck(spec, reader, files, log)) is not None:
            decks.append(deck)
    return decks


def _read_deck(
    spec: _DeckSpec, reader: _CardReader, files: list[_CardFile], log: ProblemLog
) -> Deck | None:
    """One deck's cards from its parsed files, each expansion's removals before its cards;
    ``None`` if the deck's size was wrong (its problem is already told)."""
    for card_file in files:
        if card_file.layer is not None:
            reader.remove(card_file.layer)
        reader.read(card_file, log)
    if spec.size is None:
        return None
    values = spec.values
    return Deck(
        spec.id,
        spec.size,
        values["front"],
        values["back"],
        values["two_sided"],
        tuple(reader.cards.values()),
        spec.file,
        spec.line,
        tuple(values.get("tell_apart") or ()),
    )


@dataclass
class _CardFile:
    """One card file of a deck, the game's or an expansion's (``layer``): where it is, and once
    :meth:`load` ed, the list of cards under the deck's key."""

    path: Path
    label: str
    root: Path
    layer: _Layer | None = None
    entries: Sequence | None = None
    """The cards as written; ``None``: the expansion has no such file, or it is unreadable."""
    refused: bool = False
    """Whether the file stands for more than :data:`MAX_DECK_CARDS` cards."""

    @property
    def origin(self) -> str:
        """The expansion the file belongs to; empty for the game's own."""
        return self.layer.expansion.name if self.layer is not None else ""

    def load(self, deck_id: str, log: ProblemLog) -> None:
        """Parse the file: one key, the deck's id, holding the list of cards (an expansion
        need not have a file for every deck)."""
        if self.layer is not None and not (self.path.exists() or self.path.is_symlink()):
            return
        file_log = log.for_file(self.label)
        raw = load_yaml(self.path, file_log, self.root)
        if raw is None:
            return
        if (
            not isinstance(raw, Mapping)
            or list(raw) != [deck_id]
            or not isinstance(raw[deck_id], Sequence)
        ):
            file_log.add(1, "", f"expected one key '{deck_id}:' holding the list of cards")
            return
        self.entries = raw[deck_id]


def _card_files(
    data_dir: Path, game_id: str, spec: _DeckSpec, layers: list[_Layer]
) -> list[_CardFile]:
    """The files a deck's cards come from, in order: the game's (if the game has the deck),
    then one per expansion, whether it has the file or not (its removals apply either way)."""
    name = f"decks/{spec.id}.yaml"
    files = []
    if spec.game:
        files.append(_CardFile(data_dir / game_id / name, f"{game_id}/{name}", data_dir))
    for layer in layers:
        folder = layer.expansion.folder
        files.append(_CardFile(folder / name, layer.expansion.label(name), folder, layer))
    return files


class _Tally:
    """The cards the game's files stand for so far, copies counted, against the limits: the
    first file that passes :data:`MAX_DECK_CARDS`, or the entry at which the game passes
    :data:`MAX_GAME_CARDS`, is one problem at its line."""

    def __init__(self, log: ProblemLog) -> None:
        self.log = log
        self.cards = 0
        self.passed = False
        """Whether the game passed :data:`MAX_GAME_CARDS`: no card of it is read."""

    def count(self, deck_id: str, card_file: _CardFile) -> None:
        """Add a parsed file's cards; refuse the file, or the game, that passes a limit (a
        refused file adds nothing to the game: none of its cards is read)."""
        entries = card_file.entries
        if entries is None:
            return
        at = _passing(entries, MAX_DECK_CARDS)
        if at is not None:
            card_file.refused = True
            what = f"the deck file passes {MAX_DECK_CARDS:,} cards here (copies counted): the "
            self._refuse(card_file, f"{deck_id}[{at}]", at, what + "most one deck file may hold")
            return
        at = _passing(entries, MAX_GAME_CARDS - self.cards)
        if at is not None:
            self.passed = True
            what = f"the game passes {MAX_GAME_CARDS:,} cards here (every deck, copies counted): "
            self._refuse(card_file, f"{deck_id}[{at}]", at, what + "the most a game may print")
            return
        self.cards += sum(map(_written_copies, entries))

    def _refuse(self, card_file: _CardFile, where: str, at: int, what: str) -> None:
        """The one problem of a file, or a game, too large: at the entry passing the limit."""
        line = card_file.entries.line_of(at) if card_file.entries is not None else 0
        self.log.for_file(card_file.label).add(line, where, what)


def _passing(entries: Sequence, room: int) -> int | None:
    """The index of the entry at which the cards ``entries`` stand for (copies counted) pass
    ``room``; ``None`` if they stay within it."""
    total = 0
    for index, node in enumerate(entries):
        total += _written_copies(node)
        if total > room:
            return index
    return None


def _written_copies(node: Any) -> int:
    """How many cards an entry stands for before it is checked: its ``copies`` if that is
    right, else one (a wrong ``copies`` is told with the card, if the file is read)."""
    if (
        isinstance(node, Mapping)
        and "copies" in node
        and COPIES.problem_with(node["copies"]) is None
    ):
        return int(node["copies"])
    return 1


def _unknown_decks(layer: _Layer, specs: dict[str, Any], log: ProblemLog) -> None:
    """A card file, or a ``remove:`` entry, of an expansion for a deck the game does not have:
    a typo in its name, or a new deck not described under ``decks:``, never silently left
    out (a card meant to go would stay in the game)."""
    for path in sorted((layer.expansion.folder / "decks").glob("*.yaml")):
        if path.stem not in specs:
            what = (
                f"no deck {path.stem!r} in {layer.expansion.game}{did_you_mean(path.stem, specs)} "
                f"(its decks: {', '.join(specs)}); a new deck is described under decks: in "
                f"{MANIFEST}"
            )
            log.for_file(layer.expansion.label(f"decks/{path.name}")).add(0, "", what)
    removed = layer.node("remove")
    for deck_id in removed:
        if deck_id not in specs:
            hint = did_you_mean(deck_id, specs)
            what = f"no deck {shown(deck_id)} in {layer.expansion.game}{hint}"
            layer.log.add(removed.line_of(deck_id), f"remove.{clipped(str(deck_id))}", what)


def _read_size(deck: Mapping, where: str, log: ProblemLog) -> CardSize | None:
    value = deck["size"]
    line = deck.line_of("size")
    if isinstance(value, str):
        if value not in CARD_PRESETS:
            known = ", ".join(CARD_PRESETS)
            log.add(line, f"{where}.size", f"unknown card size {value!r} (known: {known})")
            return None
        return CardSize(*CARD_PRESETS[value])
    spec = read_record(value, f"{where}.size", line, SIZE_FIELDS, log)
    if spec is None:
        return None
    size = CardSize(**spec)
    if size.shape == "rounded" and size.corner_radius > min(size.width, size.height) / 2:
        log.add(
            value.line_of("corner_radius"),
            f"{where}.size.corner_radius",
            f"{size.corner_radius:g} mm is more than half the card's shorter side "
            f"({min(size.width, size.height) / 2:g} mm)",
        )
        return None
    return size


def _check_templates(folder: Templates, deck: Mapping, where: str, log: ProblemLog) -> bool:
    return all([_template_exists(folder, deck, side, where, log) for side in ("front", "back")])


def _template_exists(
    folder: Templates, node: Mapping, key: str, where: str, log: ProblemLog
) -> bool:
    """The template named under ``key`` is a file in ``templates/<game>/`` (not a link out of
    ``templates/``), or one problem at this line rather than one per card later."""
    name = node[key]
    problem = template_name_problem(name)
    path = folder / name if problem is None else folder.base
    if problem is None and not any(inside(path, root) for root in template_roots(folder)):
        problem = f"{shown_path(path, folder)} {links_out('templates', os.path.realpath(path))}"
    elif problem is None and not path.is_file():
        places = " or ".join(f"{shown_path(place, folder)}/" for place in folder.own)
        problem = f"no template {shown(name)} in {places}"
    if problem is None:
        return True
    log.add(node.line_of(key), f"{where}.{key}", problem)
    return False


class _CardReader:
    """The cards of one deck as files add them: the game's, then each expansion's, a card with
    an id already in the deck replacing it in place."""

    def __init__(self, deck_id: str, pattern: IdPattern, fields: MappingABC[str, Field]) -> None:
        self.deck_id = deck_id
        self.pattern = pattern
        self.fields = fields
        self.cards: dict[str, Card] = {}

    def read(self, card_file: _CardFile, log: ProblemLog) -> None:
        """Add the cards of one parsed file (nothing if it is missing or unreadable)."""
        if card_file.entries is None:
            return
        deck_log, file, origin = log.for_file(card_file.label), card_file.label, card_file.origin
        seen: dict[str, Card] = {}
        for index, node in enumerate(card_file.entries):
            where, line = f"{self.deck_id}[{index}]", card_file.entries.line_of(index)
            for card in self._cards(node, where, line, file, origin, deck_log):
                if card.id in seen:
                    first = seen[card.id]
                    deck_log.add(line, *_duplicate(self.pattern, card, first))
                    continue
                seen[card.id] = self.cards[card.id] = card

    def _cards(
        self, node: Any, where: str, line: int, file: str, origin: str, log: ProblemLog
    ) -> list[Card]:
        """The card written at ``node``, or its ``copies``, each with an id of its own."""
        copies, node = _copies(node, where, log)
        values = read_record(node, where, line, self.fields, log)
        if values is None or copies is None:
            return []
        card_id = self.pattern.build(values)
        if (problem := file_name_problem(card_id)) is not None:
            log.add(line, where, f"its card id names its PNG file: {problem}")
            return []
        if copies == 1:
            return [Card(card_id, self.deck_id, values, file, line, where, origin)]
        return [
            Card(f"{card_id}-{n}", self.deck_id, values, file, line, f"{where} (copy {n})", origin)
            for n in range(1, copies + 1)
        ]

    def remove(self, layer: _Layer) -> None:
        """Take out the cards ``remove:`` names for this deck; naming one it has not is a
        problem (a typo would otherwise leave the card in)."""
        removed = layer.node("remove")
        if self.deck_id not in removed:
            return
        where, ids = f"remove.{self.deck_id}", removed[self.deck_id]
        if (problem := REMOVED.problem_with(ids)) is not None:
            layer.log.add(removed.line_of(self.deck_id), where, problem)
            return
        for index, card_id in enumerate(ids):
            if card_id in self.cards:
                del self.cards[card_id]
                continue
            listed = ", ".join(islice(self.cards, 5)) + (", ..." if len(self.cards) > 5 else "")
            what = f"no card {shown(card_id)} in the deck {self.deck_id} (its cards: {listed})"
            layer.log.add(ids.line_of(index), f"{where}[{index}]", what)


def _copies(node: Any, where: str, log: ProblemLog) -> tuple[int | None, Any]:
    """How many of the card to print (``copies: N``, 1 without) and the card without that key;
    ``None`` if ``copies`` is wrong."""
    if not isinstance(node, Mapping) or "copies" not in node:
        return 1, node
    card = Mapping((key, value) for key, value in node.items() if key != "copies")
    card.line, card.lines = node.line, {k: v for k, v in node.lines.items() if k != "copies"}
    problem = COPIES.problem_with(node["copies"])
    if problem is not None:
        log.add(node.line_of("copies"), f"{where}.copies", problem)
        return None, card
    return int(node["copies"]), card


def _duplicate(pattern: IdPattern, card: Card, first: Card) -> tuple[str, str]:
    """Name the field that collides when the id comes from one field (``wagon-{number}``)."""
    fields = set(pattern.fields)
    used_by = f"is already used by {first.seen_from(card.file)}"
    if len(fields) == 1:
        (name,) = fields
        return f"{card.where}.{name}", f"{card.fields[name]} {used_by}"
    return card.where, f"card id {card.id!r} {used_by}"
