"""The keys of ``game.yaml``: the game's players, each deck's size, templates and card ids, and
each handout, as the loader checks them (:mod:`generator.load.catalog`) and the editor schemas
describe them (:mod:`generator.authoring.editor_schema`), from the same definitions.
"""

from __future__ import annotations

from generator.geometry.sizes import SHAPES
from generator.load.expansion_fields import OWN_DECK, TELL_APART
from generator.load.names import FILE_NAME
from generator.load.rule_fields import RULES
from generator.load.schema import Field
from generator.load.yaml_reader import Mapping
from generator.problems import shown

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
DESIGNED_GAME_FIELDS = {**GAME_FIELDS, "rules": RULES}
"""The keys of a game described in data (no engine in Python): its rules too."""
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
