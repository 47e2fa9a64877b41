"""Render stage, part one: card faces from Jinja2 SVG templates to SVG text.

The environment is strict: an undefined variable is an error, every inserted value is
XML-escaped (a card text with ``<`` or ``&`` cannot break the SVG), templates run sandboxed and
can only load files from ``templates/<game>/`` and ``templates/_common/`` (a link to a file
elsewhere is refused). Templates may come from strangers, so the sandbox also bounds what a
template can cost: ranges, nested calls, repeated strings and the size of the SVG it writes, and
every face renders on a budget of steps and characters (:mod:`~generator.render.sandbox`, which
counts on the budget of :mod:`~generator.render.budget`).
Text goes through ``text(...)`` (:mod:`~generator.render.textfitter`), which wraps and shrinks
it to a box with the real font metrics and reports what does not fit or cannot be drawn, at the
line a translator has to edit; a rendered face is checked, and its template's problems
reported, by :mod:`~generator.render.facechecks`.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple

import jinja2
from jinja2.exceptions import SecurityError

from generator import language_rules
from generator.geometry.sizes import CardSize, Paper
from generator.language_rules import COUNT
from generator.load.placeholders import fill
from generator.model import Card, Deck, Game, Handout, Locale, Plural, Text
from generator.problems import Problem, clipped
from generator.render.borders import LineMarks, unmarked
from generator.render.budget import Budget
from generator.render.facechecks import FaceChecks
from generator.render.fill import BoxFill, box_fill
from generator.render.geometry import Geometry
from generator.render.icons import Icons
from generator.render.loader import MAX_TEMPLATES, ProjectLoader
from generator.render.safe_area import FaceTree
from generator.render.sandbox import Sandbox, template_range
from generator.render.shapes import blob_path, gear_path, star_path
from generator.render.tally import Tally
from generator.render.text import reads_differently_turned
from generator.render.textfitter import TextFitter, Where
from generator.runtime.folders import Templates, shown

RENAMED_SIZE = "'size' is now 'geometry' (see templates/_common/card.svg.j2)"
"""What a template written for an earlier pnp is told when it reads ``size``."""
MAX_SVG_CHARACTERS = 2_000_000
"""The largest SVG a template may write (a shipped face is under 20,000 characters)."""


@cache
def environment(folder: Templates) -> Sandbox:
    """The Jinja environment of the game drawn from ``folder`` (its templates first, then the
    shared ones). Its cache holds more templates than the loader lets a game have
    (:data:`~generator.render.loader.MAX_TEMPLATES`, each kept by the one name it is found
    by): no template is compiled twice."""
    loader = ProjectLoader(folder)
    env = Sandbox(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=[LineMarks],
        cache_size=2 * MAX_TEMPLATES,
    )
    env.globals.update(
        range=template_range,
        blob_path=blob_path,
        gear_path=gear_path,
        star_path=star_path,
        reads_differently_turned=reads_differently_turned,
    )
    return env


class Face(NamedTuple):
    """One rendered face: its name (the card id, ``<id>-back`` or ``back``), its template and
    its SVG (``None`` when the template failed: see the renderer's problems)."""

    name: str
    template: str
    svg: str | None


class CardRenderer(FaceChecks):
    """Renders the faces of one game's cards in one locale to SVG text."""

    def __init__(self, game: Game, locale: Locale, overflow: bool = False) -> None:
        """``overflow``: draw a text that does not fit anyway (see :class:`TextFitter`)."""
        self.game = game
        self.locale = locale
        self.fitter = TextFitter(overflow)
        self.fitter.icons = Icons(game.templates, environment(game.templates), game.colours)
        self._template_problems = Tally()

    @property
    def problems(self) -> list[Problem]:
        """Everything that went wrong so far: template errors and text that cannot be printed."""
        return self._template_problems.problems + self.fitter.problems

    def fills(self) -> list[BoxFill]:
        """How full each text box of the face rendered last is, in the order of its
        ``text(...)`` calls (a box's number on the face), measured now."""
        return [box_fill(asked) for asked in self.fitter.asked]

    def faces(self, deck: Deck) -> Iterator[Face]:
        """Every face of a deck: each front, then each card's back when the deck is two-sided,
        else its one common back. Names are card ids, ``<id>-back`` and ``back``."""
        for card in deck.cards:
            yield Face(card.id, deck.front, self.front(deck, card))
        if deck.two_sided:
            for card in deck.cards:
                yield Face(f"{card.id}-back", deck.back, self.back(deck, card))
        else:
            yield Face("back", deck.back, self.back(deck, None))

    def front(self, deck: Deck, card: Card) -> str | None:
        return self._render(deck.front, deck, card)

    def back(self, deck: Deck, card: Card | None) -> str | None:
        """The back of ``card``; for a deck with a common back, ``card`` is ``None``."""
        return self._render(deck.back, deck, card if deck.two_sided else None)

    def handout(self, handout: Handout, page: Paper, copy: int = 0) -> str | None:
        """Copy ``copy`` of a handout ``page``'s size (mm). Its template sees every deck's
        cards as ``decks`` (a deduction sheet draws the tiles from the card data), its
        ``data`` file, and which copy it draws of how many (a screen per player)."""
        self.fitter.where = Where(None, handout, self.locale.lang)
        decks = {deck.id: [card.template_data() for card in deck.cards] for deck in self.game.decks}
        context = {
            "page": page,
            "decks": decks,
            "handout": handout.id,
            "data": handout.data,
            "copy": copy,
            "copies": handout.copies,
        }
        return self._render_template(handout.template, None, context)

    def picture(self, template: str, context: dict[str, Any]) -> str | None:
        """A picture that is not a card face (a rulebook pictogram or board), from ``template``
        with ``context``; it sees every deck's cards as ``decks``, like a handout."""
        self.fitter.where = None
        decks = {deck.id: [card.template_data() for card in deck.cards] for deck in self.game.decks}
        return self._render_template(template, None, {"decks": decks, **context})

    def _render(self, name: str, deck: Deck, card: Card | None) -> str | None:
        self.fitter.where = Where(card, deck, self.locale.lang)
        context = {
            "size": jinja2.StrictUndefined(RENAMED_SIZE, name="size"),
            "geometry": Geometry.of(deck.size),
            "deck": deck.id,
            "card": card.template_data() if card else None,
        }
        return self._render_template(name, card, context, deck.size)

    def _render_template(
        self, name: str, card: Card | None, context: dict[str, Any], size: CardSize | None = None
    ) -> str | None:
        """The SVG of ``name``; a card face (one with a ``size``) also has its text boxes
        checked against the card's safe area (a face without text has none to check) and its
        stroked outlines against the cut (:mod:`~generator.render.borders`)."""
        context = {
            "t": self.locale.texts,
            "lang": self.locale.lang,
            "palette": self.game.colours,
            "text": self.fitter.text,
            "number": self._number,
            "plural": self._plural,
            **context,
        }
        self.fitter.boxes = []
        self.fitter.asked = []
        self.fitter.budget = budget = Budget()
        sandbox = environment(self.game.templates)
        try:
            with sandbox.spending(budget):
                svg = _render_bounded(sandbox.get_template(name), context)
        except Exception as error:  # the template is a stranger's code: its failures are its own
            self._report(self._template_problem(error, name, card))
            return None
        drawn = unmarked(svg)
        drawable, root = self._check_svg(svg, drawn, name)
        if not drawable:
            return None
        if root is not None and size is not None:
            tree = FaceTree(root)
            if self.fitter.boxes:
                self._check_safe_area(tree, size, name, card)
            self._check_borders(tree, size, name, card)
        return drawn

    def _number(self, value: float, decimals: int | None = None) -> str:
        """``number(x)`` in a template: ``x`` as the face's language writes it (``0,75``)."""
        return language_rules.number(self.locale.lang, value, decimals)

    def _plural(self, text: Text, count: float) -> Text:
        """``plural(t.key, n)`` in a template: the form ``n`` calls for in the face's language,
        with ``{count}`` written as the language writes ``n`` (a text without plural forms
        gets its ``{count}`` filled the same way). Still a located :class:`Text`, so a problem
        with it is reported at its locale line."""
        lang = self.locale.lang
        form = text.form(language_rules.category(lang, count)) if isinstance(text, Plural) else text
        filled = fill(form, {COUNT: language_rules.number(lang, count)})
        if not isinstance(form, Text):
            return Text(filled, "", 0, "")
        return Text(filled, form.file, form.line, form.key)

    def _template_problem(self, error: Exception, name: str, card: Card | None) -> Problem:
        file, line = _template_location(error, self.game.templates, name)
        return Problem(file, line, self._subject(name, card), _message(error))


def _render_bounded(template: jinja2.Template, context: dict[str, Any]) -> str:
    """The template's output, stopped once it passes :data:`MAX_SVG_CHARACTERS`."""
    chunks, size = [], 0
    for chunk in template.generate(context):
        size += len(chunk)
        if size > MAX_SVG_CHARACTERS:
            raise SecurityError(f"the SVG is longer than {MAX_SVG_CHARACTERS:,} characters")
        chunks.append(chunk)
    return "".join(chunks)


def _message(error: Exception) -> str:
    """What went wrong in a template, in one clipped line."""
    if isinstance(error, jinja2.TemplateError) and error.message:
        return clipped(error.message, 300)
    if isinstance(error, RecursionError):
        return "calls nested too deeply (a macro calling itself?)"
    return clipped(f"{type(error).__name__}: {error}", 300)


def _template_location(error: Exception, folder: Templates, name: str) -> tuple[str, int]:
    """Template file and line of an error: syntax errors carry it, others are in the traceback."""
    if isinstance(error, jinja2.TemplateSyntaxError) and error.filename:
        return shown(error.filename, folder), error.lineno
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(".j2")]
    if frames:
        return shown(frames[-1].filename, folder), frames[-1].lineno or 0
    return shown(folder / name, folder), 0
