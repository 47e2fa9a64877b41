"""The board: the locations in their order with their spaces for action discs, the Workshop's
actions, the face-up slots, the points and unreliability tracks.

The rulebook says the board shows these numbers but its text does not give them, so the project
decides them in ``card_data/gear_and_piston/board.yaml`` (the board handout's ``data:``), and
:func:`problems` holds that file to the rules the engine plays by: the spaces against the discs
the players have, each Workshop space with its actions, the face-up slots against the refills
of :mod:`~generator.games.gear_and_piston.car`, the tracks against the highest score and
unreliability a game can reach (:func:`reach`). The rules' own numbers (6 and 3 face-up parts,
the hand limit) stay in the engine, which the ``pnp rules`` commands use without a board; the
board file repeats the face-up counts only because its template draws them, and a mismatch is
reported at its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.games.base import deck_of
from generator.games.gear_and_piston.car import HAND_LIMIT, JUNK_YARD, MINIMUM, PATENT_OFFICE
from generator.games.gear_and_piston.decks import GROUPS, INVESTORS, NEW, OLD
from generator.games.gear_and_piston.validation import INVESTORS_DRAWN
from generator.load.schema import DataFile, Field, read_record
from generator.model import Game
from generator.problems import Problem, ProblemLog

LOCATIONS = ("dark-alley", "patent-office", "junk-yard", "workshop")
"""The locations in the order they act, numbered 2 to 5 on the board (step 1 of acting sets
unreliability)."""
DISCS = 4
"""[decided] Action discs per player. A disc that acted in the Dark Alley rests through the next
planning, and a player sends at most :data:`ALLEY_DISCS` there a round, so a round is 4 turns
or 3: the rulebook's "3-4 turns per player"."""
ALLEY_DISCS = 1
"""[decided] A player's discs in the Dark Alley in one round (so a player never loses more than
one turn to the holding space)."""
MARKERS = ("points", "unreliability")
"""The tracks, each with one marker per player: with the discs, six counters a colour."""
FACE_UP = {"patent-office": PATENT_OFFICE, "junk-yard": JUNK_YARD}
"""The face-up parts the rules refill each location to, which its slots must match."""
WORKSHOP = "workshop"
BOARD = "board"
"""The handout in ``game.yaml`` whose ``data:`` is the board file."""


def _counts(value: list[Any]) -> str | None:
    if not value or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        return "expected a list of player counts, one a space, like [3, 3, 4, 5]"
    return None


def _actions(value: list[Any]) -> str | None:
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in value):
        return "expected a list of whole numbers of 1 or more, one a space"
    return None


SPACES = Field(
    list,
    check=_counts,
    help="The location's spaces, first first: each the fewest players who use it.",
)
SLOTS = Field(int, minimum=1, help="The face-up slots, as many as the rules refill it to.")
LOCATION_FIELDS = {
    "dark-alley": {"spaces": SPACES},
    "patent-office": {"spaces": SPACES, "face_up": SLOTS},
    "junk-yard": {"spaces": SPACES, "face_up": SLOTS},
    WORKSHOP: {
        "spaces": SPACES,
        "actions": Field(list, check=_actions, help="The actions of each space, first first."),
    },
}
TRACK_FIELDS = {
    "lowest": Field(int, help="The track's first number."),
    "highest": Field(int, help="The track's last number."),
}
BOARD_FIELDS = {
    "locations": Field(dict, help="The locations in the order they act."),
    "tracks": Field(dict, help="The points and unreliability tracks."),
}
BOARD_FILE_NAME = "board.yaml"
BOARD_FILE = DataFile(
    "The board's numbers: each location's spaces for action discs (the fewest players who use "
    "each), the Workshop's actions, the face-up slots and the tracks' ranges.",
    BOARD_FIELDS,
    {"locations": LOCATION_FIELDS, "tracks": dict.fromkeys(MARKERS, TRACK_FIELDS)},
)


@dataclass(frozen=True)
class Reach:
    """How far a game can go, from the rules and the card data: what the tracks must cover."""

    rounds: int
    """Rounds before a stack cannot refill its location: the Patent Office takes 6 new parts
    a round (setup's and each refill), the Junk Yard 3 old ones."""
    longest: int
    """Parts a car can hold at the end: each round's Workshop builds at most the blueprints
    in hand, then scrap replaces at most the parts every car needs."""
    unreliability: int
    """The most unreliability the ``longest`` most unreliable parts carry."""
    highest: int
    """A car of ``longest`` parts in one area, no unreliability, the best investors drawn."""
    lowest: int
    """One part's area, the most unreliability and the worst investors drawn (or 0)."""


def reach(new: int, old: int, unreliability: Sequence[int], points: Sequence[int],
          drawn: int) -> Reach:  # fmt: skip
    """The :class:`Reach` of a game with ``new`` and ``old`` parts, every part's
    ``unreliability``, the investors' ``points`` and ``drawn`` investors a game."""
    rounds = min(new // PATENT_OFFICE, old // JUNK_YARD)
    longest = rounds * HAND_LIMIT + sum(MINIMUM.values())
    most = sum(sorted(unreliability, reverse=True)[:longest])
    ordered = sorted(points)
    best = sum(p for p in ordered[::-1][:drawn] if p > 0)
    worst = sum(p for p in ordered[:drawn] if p < 0)
    return Reach(rounds, longest, most, longest + best, min(0, 1 - most + worst))


def reach_of(game: Game) -> Reach:
    """The :class:`Reach` of ``game``'s stacks and investors."""
    unreliability = [
        card.fields["unreliability"] for group in GROUPS for card in deck_of(game, group).cards
    ]
    points = [card.fields["points"] for card in deck_of(game, INVESTORS).cards]
    stacks = (len(deck_of(game, NEW).cards), len(deck_of(game, OLD).cards))
    return reach(*stacks, unreliability, points, INVESTORS_DRAWN)


def handout_problems(game: Game) -> list[Problem]:
    """The board handout's data file held to the rules of ``game``: a board without one has
    no numbers to draw (a file that would not load is reported where it is loaded)."""
    found = []
    for handout in game.handouts:
        if handout.id != BOARD:
            continue
        if not handout.data_file:
            what = f"the board draws its numbers from a data file: data: {BOARD_FILE_NAME}"
            found.append(Problem(handout.file, handout.line, f"handouts.{BOARD}", what))
        elif handout.data is not None:
            found += problems(handout.data, handout.data_file, game.players, reach_of(game))
    return found


def problems(data: Any, file: str, players: tuple[int, int], game_reach: Reach) -> list[Problem]:
    """Everything in the board file ``data`` (loaded from ``file``, relative to the data folder)
    that breaks the rules for ``players`` (the game's fewest and most) and ``game_reach``."""
    log = ProblemLog(file)
    board = read_record(data, "", getattr(data, "line", 1), BOARD_FIELDS, log)
    if board is None:
        return log.problems
    locations = _locations(data["locations"], data.line_of("locations"), log)
    if locations is not None:
        _spaces(locations, data["locations"], data.line_of("locations"), players, log)
    _tracks(data["tracks"], data.line_of("tracks"), game_reach, log)
    return log.problems


def _locations(node: Any, line: int, log: ProblemLog) -> dict[str, dict[str, Any]] | None:
    """Each location's fields, in the rules' order, or ``None`` after reporting why not
    (``line``: the line of ``locations:``)."""
    if list(node) != list(LOCATIONS):
        what = f"the locations, in the order they act, are {', '.join(LOCATIONS)}"
        log.add(line, "locations", what)
        return None
    found = {}
    for name in LOCATIONS:
        where = f"locations.{name}"
        record = read_record(node[name], where, node.line_of(name), LOCATION_FIELDS[name], log)
        if record is None:
            continue
        found[name] = record
        if name in FACE_UP and record["face_up"] != FACE_UP[name]:
            what = f"the rules refill this location to {FACE_UP[name]} face-up parts"
            log.add(node[name].line_of("face_up"), f"{where}.face_up", what)
        if name == WORKSHOP and len(record["actions"]) != len(record["spaces"]):
            spaces, actions = len(record["spaces"]), len(record["actions"])
            what = f"{spaces} spaces but {actions} actions: one number of actions a space"
            log.add(node[name].line_of("actions"), f"{where}.actions", what)
    return found if len(found) == len(LOCATIONS) else None


def _spaces(locations: dict[str, dict[str, Any]], node: Any, line: int,
            players: tuple[int, int], log: ProblemLog) -> None:  # fmt: skip
    """Every space marks a player count of the game, those of fewer players first; every
    location has a space for the fewest; the Workshop's actions never grow; then, when all
    that holds, every player count has a space for each of its discs."""
    low, high = players
    before = len(log.problems)
    for name, record in locations.items():
        where, at = f"locations.{name}", node[name].line_of("spaces")
        spaces = record["spaces"]
        if any(not low <= n <= high for n in spaces):
            log.add(at, f"{where}.spaces", f"every space is for {low} to {high} players")
        elif spaces != sorted(spaces):
            what = "the spaces every player count uses come first: a space's count never falls"
            log.add(at, f"{where}.spaces", what)
        elif spaces[0] != low:
            log.add(at, f"{where}.spaces", f"{low} players have no space here")
        actions = record.get("actions", [])
        if actions != sorted(actions, reverse=True):
            what = "a later space never gives more actions than an earlier one"
            log.add(node[name].line_of("actions"), f"{where}.actions", what)
    if len(log.problems) > before:
        return
    for count in range(low, high + 1):
        room = sum(n <= count for record in locations.values() for n in record["spaces"])
        if room < count * DISCS:
            what = f"{count} players have {room} spaces for their {count * DISCS} action discs"
            log.add(line, "locations", f"{what} ({DISCS} each)")


def _tracks(node: Any, line: int, game_reach: Reach, log: ProblemLog) -> None:
    """Each track covers every value a game can reach (:class:`Reach`); ``line``: the line of
    ``tracks:``."""
    wanted = {
        "points": (game_reach.lowest, game_reach.highest),
        "unreliability": (0, game_reach.unreliability),
    }
    if list(node) != list(MARKERS):
        log.add(line, "tracks", f"the tracks are {', '.join(MARKERS)}")
        return
    why = (
        f"a game lasts at most {game_reach.rounds} rounds, so a car holds at most "
        f"{game_reach.longest} parts"
    )
    for name, (least, most) in wanted.items():
        where = f"tracks.{name}"
        track = read_record(node[name], where, node.line_of(name), TRACK_FIELDS, log)
        if track is not None and not track["lowest"] <= least <= most <= track["highest"]:
            what = f"runs {track['lowest']} to {track['highest']}; it must cover {least} to {most}"
            log.add(node.line_of(name), where, f"{what} ({why})")
