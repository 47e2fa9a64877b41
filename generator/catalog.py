"""Load stage: read a game's folder of YAML into the model, reporting every problem with its line.

Layout of a game folder (``card_data/<game>/``)::

    game.yaml            players, decks (size, templates, card id pattern)
    decks/<deck>.yaml    ``<deck>:`` followed by the list of cards
    locales/<lang>.yaml  every printed word, one file per language

The schema of a card comes from the game's rule engine; everything else is shared.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from generator import TEMPLATES_DIR
from generator.games.base import GameRules
from generator.layout.sizes import CARD_PRESETS, SHAPES, CardSize
from generator.loading import Mapping, Sequence, load_yaml
from generator.model import Card, Deck, Game, Handout, Locale, Text
from generator.problems import DataError, Problem, ProblemLog, UsageError
from generator.render.fonts import SHIPPED_FONTS, describe_characters, missing_glyphs
from generator.schema import Field, read_record

ORIENTATIONS = ("portrait", "landscape")
GAME_FIELDS = {
    "players": Field(str, pattern=r"[1-9]\d?-[1-9]\d?", pattern_help="a range like '2-4'"),
    "decks": Field(dict),
    "handouts": Field(dict, required=False, default={}),
}
HANDOUT_FIELDS = {
    "template": Field(str),
    "orientation": Field(str, required=False, default="portrait", choices=ORIENTATIONS),
}
DECK_FIELDS = {
    "size": Field(object),
    "front": Field(str),
    "back": Field(str),
    "two_sided": Field(bool, required=False, default=False),
    "card_id": Field(str, pattern=r".*\{[^}]+\}.*", pattern_help="a pattern like 'wagon-{number}'"),
}
SIZE_FIELDS = {
    "width": Field(float, minimum=10, maximum=400),
    "height": Field(float, minimum=10, maximum=400),
    "shape": Field(str, required=False, default="rounded", choices=SHAPES),
    "corner_radius": Field(float, required=False, default=3.0, minimum=0, maximum=50),
    "bleed": Field(float, required=False, default=3.0, minimum=0, maximum=10),
}
LANG_PATTERN = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")


def discover_games(data_dir: Path) -> list[str]:
    """Every folder of ``data_dir`` that holds a ``game.yaml``, in name order."""
    if not data_dir.is_dir():
        return []
    return sorted(p.parent.name for p in data_dir.glob("*/game.yaml"))


def load_checked(data_dir: Path, engine: GameRules) -> Game:
    """The engine's game from ``data_dir``, loaded and validated, for ``pnp rules`` queries that
    work on the card data a user would print. Raises :class:`DataError` with every problem."""
    if not (data_dir / engine.id / "game.yaml").is_file():
        raise UsageError(f"--data {data_dir}: no {engine.id}/game.yaml there")
    problems: list[Problem] = []
    game = load_game(data_dir, engine.id, engine, problems)
    if not problems:
        problems += engine.validate(game)
    if problems:
        raise DataError(problems)
    return game


def load_game(data_dir: Path, game_id: str, engine: GameRules, problems: list[Problem]) -> Game:
    """Read one game; problems are appended to ``problems`` (the game is partial if any)."""
    directory = data_dir / game_id
    log = ProblemLog(f"{game_id}/game.yaml", problems)
    raw = load_yaml(directory / "game.yaml", log)
    spec = read_record(raw, "", 1, GAME_FIELDS, log) if raw is not None else None
    players = (2, 4)
    decks: list[Deck] = []
    handouts: list[Handout] = []
    if spec is not None:
        low, high = (int(n) for n in spec["players"].split("-"))
        players = (low, high)
        decks = _load_decks(directory, game_id, raw["decks"], engine, log)
        if "handouts" in raw:
            handouts = _load_handouts(game_id, raw["handouts"], log)
    locales = _load_locales(directory, game_id, log)
    return Game(game_id, directory, players, tuple(decks), locales, tuple(handouts))


def _load_handouts(game_id: str, handouts: Mapping, log: ProblemLog) -> list[Handout]:
    loaded = []
    for handout_id, node in handouts.items():
        where, line = f"handouts.{handout_id}", handouts.line_of(handout_id)
        spec = read_record(node, where, line, HANDOUT_FIELDS, log)
        if spec is None:
            continue
        if not _template_exists(game_id, node, "template", where, log):
            continue
        landscape = spec["orientation"] == "landscape"
        loaded.append(Handout(str(handout_id), spec["template"], landscape, log.file, line))
    return loaded


def _load_decks(
    directory: Path, game_id: str, decks: Mapping, engine: GameRules, log: ProblemLog
) -> list[Deck]:
    loaded = []
    for deck_id, node in decks.items():
        where = f"decks.{deck_id}"
        if deck_id not in engine.card_fields:
            known = ", ".join(engine.card_fields)
            log.add(decks.line_of(deck_id), where, f"unknown deck for {game_id} (known: {known})")
            continue
        spec = read_record(node, where, decks.line_of(deck_id), DECK_FIELDS, log)
        if spec is None:
            continue
        size = _read_size(node, where, log)
        templates_ok = _check_templates(game_id, node, where, log)
        cards = _load_cards(directory, game_id, deck_id, spec["card_id"], node, engine, log)
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
    return CardSize(**spec) if spec is not None else None


def _check_templates(game_id: str, deck: Mapping, where: str, log: ProblemLog) -> bool:
    return all([_template_exists(game_id, deck, side, where, log) for side in ("front", "back")])


def _template_exists(game_id: str, node: Mapping, key: str, where: str, log: ProblemLog) -> bool:
    """The template named under ``key`` is a file in ``templates/<game>/``, or a problem."""
    if (TEMPLATES_DIR / game_id / node[key]).is_file():
        return True
    folder = f"templates/{game_id}/"
    log.add(node.line_of(key), f"{where}.{key}", f"no template {node[key]!r} in {folder}")
    return False


def _load_cards(
    directory: Path,
    game_id: str,
    deck_id: str,
    id_pattern: str,
    deck_node: Mapping,
    engine: GameRules,
    log: ProblemLog,
) -> tuple[Card, ...]:
    file = f"{game_id}/decks/{deck_id}.yaml"
    deck_log = log.for_file(file)
    raw = load_yaml(directory / "decks" / f"{deck_id}.yaml", deck_log)
    if raw is None:
        return ()
    if (
        not isinstance(raw, Mapping)
        or list(raw) != [deck_id]
        or not isinstance(raw[deck_id], Sequence)
    ):
        deck_log.add(1, "", f"expected one key '{deck_id}:' holding the list of cards")
        return ()
    fields = engine.card_fields[deck_id]
    cards: list[Card] = []
    seen: dict[str, Card] = {}
    for index, node in enumerate(raw[deck_id]):
        where, line = f"{deck_id}[{index}]", raw[deck_id].line_of(index)
        values = read_record(node, where, line, fields, deck_log)
        if values is None:
            continue
        card_id = _card_id(id_pattern, values, deck_node, deck_id, log)
        if card_id is None:
            return ()
        if card_id in seen:
            first = seen[card_id]
            deck_log.add(line, *_duplicate(id_pattern, values, where, card_id, first))
            continue
        seen[card_id] = Card(card_id, deck_id, values, file, line, where)
        cards.append(seen[card_id])
    return tuple(cards)


def _duplicate(
    pattern: str, values: dict[str, Any], where: str, card_id: str, first: Card
) -> tuple[str, str]:
    """Name the field that collides when the id comes from one field (``wagon-{number}``)."""
    fields = {name for _, name, _, _ in string.Formatter().parse(pattern) if name}
    used_by = f"is already used by {first.where} (line {first.line})"
    if len(fields) == 1:
        (name,) = fields
        return f"{where}.{name}", f"{values[name]} {used_by}"
    return where, f"card id {card_id!r} {used_by}"


def _card_id(
    pattern: str, values: dict[str, Any], deck: Mapping, deck_id: str, log: ProblemLog
) -> str | None:
    try:
        return pattern.format(**values)
    except (KeyError, ValueError, IndexError) as error:
        log.add(
            deck.line_of("card_id"),
            f"decks.{deck_id}.card_id",
            f"cannot build a card id from {pattern!r}: {error}",
        )
        return None


def _load_locales(directory: Path, game_id: str, log: ProblemLog) -> dict[str, Locale]:
    locales: dict[str, Locale] = {}
    files = sorted((directory / "locales").glob("*.yaml"))
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
        raw = load_yaml(path, locale_log)
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
            log.add(
                line, path, f"expected a text, got {'nothing' if value in (None, '') else value!r}"
            )
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
