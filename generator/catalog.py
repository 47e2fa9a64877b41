"""Load stage: read a game's folder of YAML into the model, reporting every problem with its line.

Layout of a game folder (``card_data/<game>/``)::

    game.yaml            players, decks (size, templates, card id pattern)
    decks/<deck>.yaml    ``<deck>:`` followed by the list of cards
    locales/<lang>.yaml  every printed word, one file per language

The schema of a card comes from the game's rule engine, seen here only as a
:class:`CardSchema`; everything else is shared.
"""

from __future__ import annotations

import re
from collections.abc import Mapping as MappingABC
from pathlib import Path
from typing import Any, Protocol

from generator.folders import game_templates, template_roots
from generator.folders import shown as shown_path
from generator.layout.sizes import CARD_PRESETS, SHAPES, CardSize
from generator.loading import Mapping, Sequence, inside, load_yaml
from generator.model import Card, Deck, Game, Handout, Locale, Text
from generator.names import (
    IdPattern,
    file_name_problem,
    parse_id_pattern,
    template_name_problem,
)
from generator.problems import Problem, ProblemLog, UsageError, clipped, shown
from generator.render.fonts import SHIPPED_FONTS, describe_characters, missing_glyphs
from generator.schema import Field, read_record

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
HANDOUT_FIELDS = {
    "template": Field(str, help="The page's template, a file in the game's templates folder."),
    "orientation": Field(
        str, required=False, default="portrait", choices=ORIENTATIONS, help="The page's way up."
    ),
}
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
LANG_PATTERN = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")


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


def discover_games(data_dir: Path) -> list[str]:
    """Every folder of ``data_dir`` that holds a ``game.yaml``, in name order."""
    if not data_dir.is_dir():
        return []
    return sorted(p.parent.name for p in data_dir.glob("*/game.yaml"))


def load_game(data_dir: Path, game_id: str, schema: CardSchema, problems: list[Problem]) -> Game:
    """Read one game; problems are appended to ``problems`` (the game is partial if any)."""
    directory = data_dir / game_id
    log = ProblemLog(f"{game_id}/game.yaml", problems)
    raw = load_yaml(directory / "game.yaml", log, data_dir)
    spec = read_record(raw, "", 1, GAME_FIELDS, log) if raw is not None else None
    templates = game_templates(data_dir, game_id)
    players = (2, 4)
    decks: list[Deck] = []
    handouts: list[Handout] = []
    if spec is not None:
        players = _players(spec["players"], raw.line_of("players"), log)
        decks = _load_decks(data_dir, game_id, templates, raw["decks"], schema, log)
        if "handouts" in raw:
            handouts = _load_handouts(templates, raw["handouts"], log)
    locales = _load_locales(data_dir, game_id, log)
    return Game(game_id, directory, templates, players, tuple(decks), locales, tuple(handouts))


def _players(text: str, line: int, log: ProblemLog) -> tuple[int, int]:
    low, high = (int(n) for n in text.split("-"))
    if low > high:
        log.add(line, "players", f"{text!r}: the fewest players come first, like '{high}-{low}'")
    return low, high


def _load_handouts(templates: Path, handouts: Mapping, log: ProblemLog) -> list[Handout]:
    loaded = []
    for handout_id, node in handouts.items():
        where, line = f"handouts.{clipped(str(handout_id))}", handouts.line_of(handout_id)
        spec = read_record(node, where, line, HANDOUT_FIELDS, log)
        if (problem := file_name_problem(handout_id)) is not None:
            log.add(line, where, f"a handout id names its file: {problem}")
            continue
        if spec is None:
            continue
        if not _template_exists(templates, node, "template", where, log):
            continue
        landscape = spec["orientation"] == "landscape"
        loaded.append(Handout(str(handout_id), spec["template"], landscape, log.file, line))
    return loaded


def _load_decks(
    data_dir: Path,
    game_id: str,
    templates: Path,
    decks: Mapping,
    schema: CardSchema,
    log: ProblemLog,
) -> list[Deck]:
    loaded = []
    for deck_id, node in decks.items():
        where = f"decks.{clipped(str(deck_id))}"
        if deck_id not in schema.card_fields:
            known = ", ".join(schema.card_fields)
            log.add(decks.line_of(deck_id), where, f"unknown deck for {game_id} (known: {known})")
            continue
        spec = read_record(node, where, decks.line_of(deck_id), DECK_FIELDS, log)
        if spec is None:
            continue
        size = _read_size(node, where, log)
        templates_ok = _check_templates(templates, node, where, log)
        pattern = parse_id_pattern(spec["card_id"], schema.card_fields[deck_id])
        if isinstance(pattern, str):
            log.add(node.line_of("card_id"), f"{where}.card_id", pattern)
            continue
        cards = _load_cards(data_dir, game_id, deck_id, pattern, schema, log)
        if size is not None and templates_ok:
            loaded.append(
                Deck(
                    deck_id,
                    size,
                    spec["front"],
                    spec["back"],
                    spec["two_sided"],
                    cards,
                    log.file,
                    decks.line_of(deck_id),
                )
            )
    return loaded


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


def _check_templates(folder: Path, deck: Mapping, where: str, log: ProblemLog) -> bool:
    return all([_template_exists(folder, deck, side, where, log) for side in ("front", "back")])


def _template_exists(folder: Path, node: Mapping, key: str, where: str, log: ProblemLog) -> bool:
    """The template named under ``key`` is a file in ``templates/<game>/`` (not a link out of
    ``templates/``), or one problem at this line rather than one per card later."""
    name, path = node[key], folder / node[key]
    problem = template_name_problem(name)
    if problem is None and not any(inside(path, root) for root in template_roots(folder)):
        target = path.resolve()
        problem = f"{shown_path(path, folder)} links outside templates/ (to {target}): refused"
    elif problem is None and not path.is_file():
        problem = f"no template {shown(name)} in {shown_path(folder, folder)}/"
    if problem is None:
        return True
    log.add(node.line_of(key), f"{where}.{key}", problem)
    return False


def _load_cards(
    data_dir: Path,
    game_id: str,
    deck_id: str,
    id_pattern: IdPattern,
    schema: CardSchema,
    log: ProblemLog,
) -> tuple[Card, ...]:
    file = f"{game_id}/decks/{deck_id}.yaml"
    deck_log = log.for_file(file)
    raw = load_yaml(data_dir / game_id / "decks" / f"{deck_id}.yaml", deck_log, data_dir)
    if raw is None:
        return ()
    if (
        not isinstance(raw, Mapping)
        or list(raw) != [deck_id]
        or not isinstance(raw[deck_id], Sequence)
    ):
        deck_log.add(1, "", f"expected one key '{deck_id}:' holding the list of cards")
        return ()
    fields = schema.card_fields[deck_id]
    cards: list[Card] = []
    seen: dict[str, Card] = {}
    for index, node in enumerate(raw[deck_id]):
        where, line = f"{deck_id}[{index}]", raw[deck_id].line_of(index)
        values = read_record(node, where, line, fields, deck_log)
        if values is None:
            continue
        card_id = id_pattern.build(values)
        if (problem := file_name_problem(card_id)) is not None:
            deck_log.add(line, where, f"its card id names its PNG file: {problem}")
            continue
        if card_id in seen:
            first = seen[card_id]
            deck_log.add(line, *_duplicate(id_pattern, values, where, card_id, first))
            continue
        seen[card_id] = Card(card_id, deck_id, values, file, line, where)
        cards.append(seen[card_id])
    return tuple(cards)


def _duplicate(
    pattern: IdPattern, values: dict[str, Any], where: str, card_id: str, first: Card
) -> tuple[str, str]:
    """Name the field that collides when the id comes from one field (``wagon-{number}``)."""
    fields = set(pattern.fields)
    used_by = f"is already used by {first.where} (line {first.line})"
    if len(fields) == 1:
        (name,) = fields
        return f"{where}.{name}", f"{values[name]} {used_by}"
    return where, f"card id {card_id!r} {used_by}"


def _load_locales(data_dir: Path, game_id: str, log: ProblemLog) -> dict[str, Locale]:
    locales: dict[str, Locale] = {}
    files = sorted((data_dir / game_id / "locales").glob("*.yaml"))
    if not files:
        log.for_file(f"{game_id}/locales").add(
            0, "", "no locale files: every printed word must come from locales/<lang>.yaml"
        )
    for path in files:
        file = f"{game_id}/locales/{path.name}"
        locale_log = log.for_file(file)
        if not LANG_PATTERN.fullmatch(path.stem):
            locale_log.add(0, "", "a locale file is named by its language code, like 'en.yaml'")
            continue
        raw = load_yaml(path, locale_log, data_dir)
        if not isinstance(raw, Mapping):
            if raw is not None:
                locale_log.add(1, "", "expected a mapping of texts")
            continue
        flat: dict[str, Text] = {}
        _collect_texts(raw, "", file, flat, locale_log)
        language = flat.get("language")
        if language is None:
            locale_log.add(1, "language", "missing: the language's own name, like 'Українська'")
        locales[path.stem] = Locale(path.stem, str(language or path.stem), file, raw, flat)
    _check_translations_complete(locales, log)
    return locales


def _collect_texts(
    node: Mapping, prefix: str, file: str, flat: dict[str, Text], log: ProblemLog
) -> None:
    """Turn every leaf into a located :class:`Text`, checking it is printable text."""
    for key, value in node.items():
        path, line = f"{prefix}{key}", node.line_of(key)
        if isinstance(value, Mapping):
            _collect_texts(value, f"{path}.", file, flat, log)
        elif not isinstance(value, str) or not value.strip():
            got = shown(None if value in (None, "") else value)
            log.add(line, path, f"expected a text, got {got}")
        else:
            node[key] = flat[path] = Text(value, file, line, path)
            missing = {ch for font in SHIPPED_FONTS for ch in missing_glyphs(value, font)}
            if missing:
                log.add(
                    line,
                    path,
                    f"{describe_characters(sorted(missing))} cannot be drawn by "
                    "the project's fonts and would vanish from the print",
                )


def _check_translations_complete(locales: dict[str, Locale], log: ProblemLog) -> None:
    """A text present in one locale and absent from another is a missing translation."""
    every_key = dict.fromkeys(key for locale in locales.values() for key in locale.flat)
    for locale in locales.values():
        for key in every_key:
            if key in locale.flat:
                continue
            source = next(other.flat[key] for other in locales.values() if key in other.flat)
            where_it_is = f"{source.file.rsplit('/', 1)[-1]}:{source.line}"
            log.problems.append(
                Problem(
                    locale.file,
                    locale.line_for(key),
                    key,
                    f"missing translation ({where_it_is} has it)",
                )
            )
