"""The gears game's part of the rulebook summary: the round cards, the gear colours and the
characters as the data holds them, and rounds resolved by the engine (a jam, the multicoloured
swap, the grey exception, a night effect)."""

from __future__ import annotations

from dataclasses import replace

from generator.games.base import deck_of
from generator.games.gears.codes import game_winner
from generator.games.gears.decks import CHARACTERS, GEARS, ROUNDS
from generator.games.gears.parts import GEAR_COLOURS, TAKES_BACK
from generator.games.gears.resolution import RESOLUTION_EFFECTS, Played, resolve
from generator.model import Card, Deck, Game
from generator.rulebook.content import Entry, Example, Reference, Section, Step
from generator.rulebook.hooks import NamedRules, Pictures
from generator.rulebook.words import Words

RULES = NamedRules(("checking", "night", "characters", "end"))
"""The rules the round steps leave out, in the order a game meets them: a checked code entered
by a later win, the night shift's reset, characters flipping at night, the end and the score."""
END_SCORES: tuple[float, ...] = (4, 4, 3, 1)
"""The final scores of the end rule's example: the tied 4s are eliminated, so the 3 wins."""
WORDING = {
    **RULES.wording(),
    "summary.rules.end_example": ("scores", "winner"),
    **{f"gear_abilities.{colour}": () for colour in GEAR_COLOURS},
    "summary.rounds": (),
    "summary.night": ("name", "text"),
    "summary.gears": (),
    "summary.values": ("values",),
    "summary.characters": (),
    "summary.day_night": ("day", "night"),
    "summary.example": (),
    "summary.seats": (),
    "summary.round": ("side", "condition", "gears"),
    "summary.gear": ("seat", "colour", "value"),
    "summary.swapped": ("values",),
    "summary.jammed": ("gears",),
    "summary.no_jam": (),
    "summary.winners": ("gears",),
    "summary.no_winner": (),
    "summary.takes_back": ("gears",),
}
PLAYS = (
    (("red", 1), ("yellow", 1), ("purple", 0), ("blue", 1)),
    (("grey", 2), ("red", 1), ("multicoloured", 0), ("purple", 2)),
    (("grey", 2), ("purple", 2), ("red", 1), ("yellow", 3)),
)
"""The gears played in the example rounds, clockwise from seat 1: a colour and the edge
(0 top, clockwise) turned to the corner, whose value the data gives. With the shipped gears:
a jam; the multicoloured swap meeting the grey exception; and, on the night side of the round
card whose effect changes step 3, grey rust."""
CORNER_EDGE = 2
"""Where an example gear is drawn with the edge it was played with: at the bottom (0 top,
clockwise), toward the round card's corner as if seen from that corner, so the value that counts
reads upright just above its caption (each value is printed upright for a reader at its edge)."""
ICON = 14.0  # mm
THUMB = 0.26


def sections(game: Game, words: Words, pictures: Pictures) -> list[Section]:
    rounds, gears = deck_of(game, ROUNDS), deck_of(game, GEARS)
    return [
        _rules(words),
        _round_cards(rounds, words, pictures),
        _gears(gears, words, pictures),
        _characters(deck_of(game, CHARACTERS), words, pictures),
        _rounds(rounds, gears, words, pictures),
    ]


def _rules(words: Words) -> Reference:
    rules = RULES.section(words)
    winner = game_winner(list(END_SCORES))
    example = words(
        "summary.rules.end_example",
        scores=words.join([str(score) for score in END_SCORES]),
        winner=END_SCORES[winner] if winner is not None else "",
    )
    *entries, last = rules.entries
    return replace(rules, entries=[*entries, Entry(last.name, f"{last.text} {example}")])


def _round_cards(rounds: Deck, words: Words, pictures: Pictures) -> Reference:
    entries = []
    for card in rounds.cards:
        condition, effect = card.fields["condition"], card.fields["effect"]
        night = words(
            "summary.night",
            name=words(f"effects.{effect}.name"),
            text=words(f"effects.{effect}.text"),
        )
        entries.append(
            Entry(
                words(f"conditions.{condition}.name"),
                f"{words(f'conditions.{condition}.text')} {night}",
                pictures.pictogram("condition", ICON, id=condition),
            )
        )
    return Reference(words("summary.rounds"), entries)


def _gears(gears: Deck, words: Words, pictures: Pictures) -> Reference:
    first: dict[str, Card] = {}
    for card in gears.cards:
        first.setdefault(card.fields["colour"], card)
    entries = [
        Entry(
            words(f"colours.{colour}"),
            words(
                "summary.values",
                values="-".join(str(v) for v in first[colour].fields["values"]),
            )
            + " "
            + words(f"gear_abilities.{colour}"),
            pictures.pictogram("gear", ICON * 0.8, id=colour),
        )
        for colour in GEAR_COLOURS
        if colour in first
    ]
    return Reference(words("summary.gears"), entries)


def _characters(characters: Deck, words: Words, pictures: Pictures) -> Reference:
    entries = [
        Entry(
            words(f"characters.{card.fields['id']}"),
            words(
                "summary.day_night",
                day=words(f"abilities.{card.fields['day']}"),
                night=words(f"abilities.{card.fields['night']}"),
            ),
            pictures.card(characters, card, scale=0.16),
        )
        for card in characters.cards
    ]
    return Reference(words("summary.characters"), entries)


def _rounds(rounds: Deck, gears: Deck, words: Words, pictures: Pictures) -> Example:
    night = next((c for c in rounds.cards if c.fields["effect"] in RESOLUTION_EFFECTS), None)
    plays: list[tuple[Card, bool]] = [(rounds.cards[0], False), (rounds.cards[1], False)]
    plays.append((night, True) if night else (rounds.cards[2], True))
    steps = [Step(words("summary.seats"))]
    set_mark = gears.cards[0].fields["set"]
    gear_cards = {c.fields["colour"]: c for c in gears.cards if c.fields["set"] == set_mark}
    for (card, at_night), edges in zip(plays, PLAYS, strict=True):
        played = [(gear_cards[colour], edge) for colour, edge in edges if colour in gear_cards]
        steps.append(_round(card, at_night, played, rounds, gears, words, pictures))
    return Example(words("summary.example"), steps)


def edge_turns(edge: int) -> int:
    """The quarter turns clockwise that bring a gear's ``edge`` (0 top, clockwise) to
    :data:`CORNER_EDGE`: a turn clockwise moves each edge one place on."""
    return (CORNER_EDGE - edge) % 4


def _round(
    card: Card,
    at_night: bool,
    played: list[tuple[Card, int]],
    rounds: Deck,
    gears: Deck,
    words: Words,
    pictures: Pictures,
) -> Step:
    """One example round: ``played`` is each seat's gear with the edge it lies with at the
    corner, whose value the engine resolves and the picture turns to the corner."""
    condition, effect = card.fields["condition"], card.fields["effect"]
    colours = [gear.fields["colour"] for gear, _ in played]
    corner = [gear.fields["values"][edge] for gear, edge in played]
    result = resolve(
        condition,
        [Played(colour, value) for colour, value in zip(colours, corner, strict=True)],
        effect if at_night else None,
    )

    def seats(indices: list[int], values: list[int]) -> str:
        return words.join(
            [
                words(
                    "summary.gear",
                    seat=seat + 1,
                    colour=words(f"colours.{colours[seat]}"),
                    value=values[seat],
                )
                for seat in indices
            ]
        )

    everyone = list(range(len(played)))
    name = words(f"conditions.{condition}.name")
    if at_night:
        name = f"{name} + {words(f'effects.{effect}.name')}"
    lines = [
        words(
            "summary.round",
            side=words("shift.night" if at_night else "shift.day"),
            condition=name,
            gears=seats(everyone, corner),
        )
    ]
    if result.values != corner:
        lines.append(words("summary.swapped", values=seats(everyone, result.values)))
    lines.append(
        words("summary.jammed", gears=seats(result.jammed, result.values))
        if result.jammed
        else words("summary.no_jam")
    )
    lines.append(
        words("summary.winners", gears=seats(result.winners, result.values))
        if result.winners
        else words("summary.no_winner")
    )
    beaten = [s for s in everyone if colours[s] == TAKES_BACK and s not in result.winners]
    if beaten:
        lines.append(words("summary.takes_back", gears=seats(beaten, result.values)))
    shown = (
        pictures.card(rounds, card, back=at_night, scale=THUMB),
        *(
            pictures.card(
                gears, gear, scale=THUMB, caption=f"{seat}: {value}", turns=edge_turns(edge)
            )
            for seat, ((gear, edge), value) in enumerate(zip(played, corner, strict=True), 1)
        ),
    )
    return Step(" ".join(lines), shown)
