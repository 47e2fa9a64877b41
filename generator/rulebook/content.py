"""What a rulebook summary says, independent of any game and of the page layout.

The shared parts (title, facts, components, setup, turn) are filled by ``compose``; an engine
adds the sections only it can write: the card reference, worked examples it computed, tables.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.runtime.folders import Templates


@dataclass(frozen=True)
class Picture:
    """A vector drawing of a card face or a pictogram: SVG text and the size it is printed at
    (mm). ``width``/``height`` are the part of the SVG shown (its trim box), ``scale`` how
    large it is drawn relative to that, ``turns`` how many quarter turns clockwise it is drawn
    turned by (a card shown as it lies on the table)."""

    svg: str
    folder: Templates
    """The template folder it was drawn from: its relative file references resolve there."""
    width: float
    height: float
    scale: float = 1.0
    caption: str = ""
    turns: int = 0

    @property
    def shown_width(self) -> float:
        return (self.height if self.turns % 2 else self.width) * self.scale

    @property
    def shown_height(self) -> float:
        return (self.width if self.turns % 2 else self.height) * self.scale


@dataclass(frozen=True)
class Component:
    """A deck (or handout) of the game with how many of it the data holds, and the other side
    of its pieces where both matter (a token with a colour on one side and a chess piece on
    the other), drawn beside the first."""

    name: str
    count: int
    picture: Picture | None
    back: Picture | None = None

    @property
    def pictures(self) -> tuple[Picture, ...]:
        return tuple(picture for picture in (self.picture, self.back) if picture)


def to_scale(
    components: list[Component], height: float, width: float, gap: float = 0.0
) -> list[Component]:
    """The components with their pictures drawn at one scale, the largest that fits every
    component's pictures, side by side ``gap`` mm apart, into ``width`` x ``height`` mm: a
    token next to a card looks as small as it is. (Fitting each picture to the box on its own
    would draw a 25 mm token as large as a 63 mm card.)"""
    shown = [component.pictures for component in components if component.pictures]
    if not shown:
        return components
    scale = min(
        min(
            min(height / picture.height for picture in pictures),
            (width - gap * (len(pictures) - 1)) / sum(picture.width for picture in pictures),
        )
        for pictures in shown
    )

    def scaled(picture: Picture | None) -> Picture | None:
        return dataclasses.replace(picture, scale=scale) if picture else None

    return [
        dataclasses.replace(
            component, picture=scaled(component.picture), back=scaled(component.back)
        )
        for component in components
    ]


@dataclass(frozen=True)
class Entry:
    """One line of the card reference: a pictogram, a name, what it does, and a note (a
    question's rating, a card's count)."""

    name: str
    text: str
    picture: Picture | None = None
    note: str = ""


@dataclass(frozen=True)
class Reference:
    title: str
    entries: list[Entry]
    intro: str = ""


@dataclass(frozen=True)
class Step:
    """One paragraph of a worked example, with the pictures that show it."""

    text: str
    pictures: tuple[Picture, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: every value in it was computed by the rule engine."""

    title: str
    steps: list[Step]


@dataclass(frozen=True)
class Table:
    """A table of numbers (an answer key, question ratings) with a sentence that explains it."""

    title: str
    intro: str
    header: list[str]
    rows: list[list[str]]


Section = Reference | Example | Table


@dataclass(frozen=True)
class Summary:
    """Everything one game's summary says in one language."""

    title: str
    facts: list[str]
    goal: str
    headings: dict[str, str]
    components: list[Component]
    setup: list[str]
    turn: list[str]
    sections: list[Section] = field(default_factory=list)

    @property
    def pictures(self) -> Iterator[Picture]:
        """Every picture it shows: the components', the card reference's, the examples'."""
        for component in self.components:
            yield from component.pictures
        for section in self.sections:
            if isinstance(section, Reference):
                yield from (entry.picture for entry in section.entries if entry.picture)
            elif isinstance(section, Example):
                yield from (picture for step in section.steps for picture in step.pictures)
