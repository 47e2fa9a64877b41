"""The Game of Trains engine: card schema, deck validation and the ``pnp rules`` queries."""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any, ClassVar

from generator.games.base import (
    GameRules,
    RuleError,
    exactly,
    missing_texts,
    repeated,
    required_decks,
)
from generator.games.game_of_trains import summary
from generator.games.game_of_trains.train import (
    ABILITIES,
    MOVES,
    PROTECT,
    REMOVES,
    SWAPS,
    TRAIN_LENGTH,
    WAGON_NUMBERS,
    FaceUpRow,
    Train,
    apply,
)
from generator.model import Card, Deck, Game
from generator.problems import Problem
from generator.rulebook.compose import Pictures
from generator.rulebook.content import Section
from generator.rulebook.words import Words
from generator.schema import Field

ELEVEN_WAGONS = (*SWAPS, *MOVES)
"""[decided] 84 = 4 x 11 + 4 x 10: the reordering abilities are on 11 wagons, the rest on 10."""
SPREAD_WINDOW = 16
"""No 16 consecutive wagon numbers may lack an ability (it must not bunch up)."""
LOCOMOTIVES = 4
MARKS = ("circle", "square", "triangle", "diamond")


class GameOfTrains(GameRules):
    id = "game_of_trains"
    card_fields: ClassVar[dict[str, dict[str, Field]]] = {
        "wagons": {
            "number": Field(int, minimum=WAGON_NUMBERS.start, maximum=WAGON_NUMBERS.stop - 1),
            "ability": Field(str, choices=ABILITIES),
        },
        "locomotives": {
            "id": Field(str, pattern=r"[a-z][a-z0-9-]*", pattern_help="a lower-case id"),
            "colour": Field(
                str, pattern=r"#[0-9a-fA-F]{6}", pattern_help="a colour like '#1f5fa8'"
            ),
            "mark": Field(str, choices=MARKS),
        },
    }

    def validate(self, game: Game) -> list[Problem]:
        decks, problems = required_decks(game, ("wagons", "locomotives"))
        if problems:
            return problems
        wagons, locomotives = decks
        problems += repeated(wagons.cards, "number")
        problems += _all_numbers(wagons.cards)
        problems += _ability_counts(wagons.cards)
        problems += _ability_spread(wagons.cards)
        problems += _locomotives(locomotives)
        keys = [f"abilities.{a}.{part}" for a in ABILITIES for part in ("name", "text")]
        return problems + missing_texts(game, keys)

    summary_wording = summary.WORDING

    def summary_sections(self, game: Game, words: Words, pictures: Pictures) -> list[Section]:
        return summary.sections(game, words, pictures)

    def add_rules_commands(self, parser: argparse.ArgumentParser) -> None:
        commands = parser.add_subparsers(dest="query", required=True, metavar="QUERY")
        use = commands.add_parser("apply", help="use an ability on a train")
        use.add_argument(
            "ability", choices=ABILITIES, metavar="ABILITY", help=f"one of: {', '.join(ABILITIES)}"
        )
        use.add_argument(
            "--train", required=True, type=_train, help='seven wagons, e.g. "70 55 40 33 20 12 5"'
        )
        use.add_argument(
            "--at",
            type=_position,
            nargs="+",
            default=[],
            metavar="POSITION",
            help="the position(s) 1-7 the ability is used on",
        )
        use.add_argument(
            "--protected",
            type=_position,
            nargs="*",
            default=[],
            metavar="POSITION",
            help="positions whose wagons already have a protect card under them",
        )
        check = commands.add_parser("check", help="is a train in ascending order (a win)?")
        check.add_argument("--train", required=True, type=_train)
        face_up = commands.add_parser(
            "face-up", help="which face-up cards stay after the pair rule"
        )
        face_up.add_argument(
            "abilities",
            nargs="+",
            choices=ABILITIES,
            metavar="ABILITY",
            help="abilities in the order the cards were laid face up",
        )

    def run_rules(self, args: argparse.Namespace) -> tuple[str, Any]:
        if args.query == "check":
            train = args.train
            verdict = "in order: this train wins" if train.in_order() else "not in order"
            return f"{train}: {verdict}", {"in_order": train.in_order()}
        if args.query == "face-up":
            return _face_up(args.abilities)
        return _apply(args.ability, args.train, args.at, args.protected)


def _train(text: str) -> Train:
    """An argparse type: a train written as seven wagon numbers."""
    try:
        return Train.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _position(text: str) -> int:
    """An argparse type: a position in the train, 1 to 7."""
    if not text.isdigit() or not 1 <= int(text) <= TRAIN_LENGTH:
        raise argparse.ArgumentTypeError(f"{text!r}: a position is 1 to {TRAIN_LENGTH}")
    return int(text)


def _apply(ability: str, train: Train, at: list[int], protected: list[int]) -> tuple[str, Any]:
    for position in protected:
        wagon = train.at(position)
        if wagon is None:
            raise RuleError(f"--protected {position}: that position is empty")
        train.locks.add(wagon)
    locked_before = set(train.locks)
    removed = apply(train, ability, at)
    lost = sorted(locked_before - train.locks)
    result: dict[str, Any] = {"train": train.wagons}
    lines = [str(train)]
    if ability in REMOVES:
        result["removed"] = removed
        lines.append(
            f"removed: {removed[0]}" if removed else "nothing removed: the wagon is protected"
        )
    if lost:
        result["protection_lost"] = lost
        lines.append(
            f"protection lost: {', '.join(map(str, lost))} (its protect card is discarded)"
        )
    if ability == PROTECT:
        result["protected"] = sorted(train.wagons.index(w) + 1 for w in train.locks)
    return "\n".join(lines), result


def _face_up(abilities: list[str]) -> tuple[str, Any]:
    row = FaceUpRow()
    for number, ability in enumerate(abilities, start=1):
        row.arrive([(number, ability)])
    staying = row.abilities()
    return "face up: " + (", ".join(staying) or "nothing"), {"face_up": staying}


def _all_numbers(wagons: tuple[Card, ...]) -> list[Problem]:
    present = {card.fields["number"] for card in wagons}
    missing = [n for n in WAGON_NUMBERS if n not in present]
    if not missing:
        return []
    shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
    return [
        Problem(
            _deck_file(wagons),
            1,
            "wagons",
            f"wagon number{'s' if len(missing) > 1 else ''} {shown} missing "
            f"(every number 1-84 appears exactly once)",
        )
    ]


def _ability_counts(wagons: tuple[Card, ...]) -> list[Problem]:
    counts = Counter(card.fields["ability"] for card in wagons)
    problems = []
    for ability in ABILITIES:
        wanted = 11 if ability in ELEVEN_WAGONS else 10
        if counts[ability] != wanted:
            problems.append(
                Problem(
                    _deck_file(wagons),
                    1,
                    "wagons",
                    f"{ability} is on {counts[ability]} wagons, the game needs {wanted}",
                )
            )
    return problems


def _ability_spread(wagons: tuple[Card, ...]) -> list[Problem]:
    by_number = {card.fields["number"]: card.fields["ability"] for card in wagons}
    problems = []
    for ability in ABILITIES:
        for low in range(WAGON_NUMBERS.start, WAGON_NUMBERS.stop - SPREAD_WINDOW + 1):
            window = range(low, low + SPREAD_WINDOW)
            if all(by_number.get(n) != ability for n in window):
                problems.append(
                    Problem(
                        _deck_file(wagons),
                        1,
                        "wagons",
                        f"no wagon {window.start}-{window.stop - 1} has "
                        f"{ability}: spread each ability over the numbers",
                    )
                )
                break
    return problems


def _locomotives(deck: Deck) -> list[Problem]:
    return repeated(deck.cards, "colour", "mark") + exactly(deck, LOCOMOTIVES, "locomotives")


def _deck_file(cards: tuple[Card, ...]) -> str:
    return cards[0].file if cards else "game_of_trains/decks/wagons.yaml"
