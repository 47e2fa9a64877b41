"""Render stage, part one: card faces from Jinja2 SVG templates to SVG text.

The environment is strict: an undefined variable is an error, every inserted value is
XML-escaped (a card text with ``<`` or ``&`` cannot break the SVG), templates run sandboxed and
can only load files from ``templates/<game>/`` and ``templates/_common/`` (a link to a file
elsewhere is refused). Templates may come from strangers, so the sandbox also bounds what a
template can cost: ranges, nested calls, repeated strings and the size of the SVG it writes, and
every face renders on a budget of steps and characters (:mod:`~generator.render.sandbox`, which
counts on the budget of :mod:`~generator.render.budget`).
Text goes through :meth:`TextFitter.text`, which wraps and shrinks it to a box with the real font
metrics and reports what does not fit or cannot be drawn, at the line a translator has to edit.
"""

from __future__ import annotations

import math
import re
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from types import FrameType
from typing import Any, Concatenate, Generic, NamedTuple, ParamSpec, TypeVar
from urllib.parse import urlsplit
from xml.etree import ElementTree

import jinja2
from jinja2.exceptions import SecurityError
from markupsafe import Markup, escape

from generator import language_rules
from generator.folders import Templates, search_path, shown
from generator.language_rules import COUNT
from generator.languages import PSEUDO, PSEUDO_GROWTH
from generator.layout.sizes import CardSize, Paper
from generator.model import Card, Deck, Game, Handout, Locale, Plural, Text
from generator.placeholders import fill
from generator.problems import DrawError, Problem, clipped
from generator.render.assets import Fetcher, Identity, asset_problem, fetched_url, identity
from generator.render.borders import LineMarks, borders, unmarked
from generator.render.budget import MAX_STEPS, STEPS, TEXT_STEPS, Budget
from generator.render.fill import Asked, BoxFill, box_fill
from generator.render.fonts import (
    FAMILIES,
    Font,
    cap_height,
    describe_characters,
    find_font,
    missing_glyphs,
)
from generator.render.fonts import text_width as measure_width
from generator.render.geometry import Geometry, mm
from generator.render.loader import MAX_TEMPLATES, ProjectLoader, template_text
from generator.render.operationsizes import paragraphs_size
from generator.render.safe_area import (
    BOX_ATTRIBUTE,
    TOLERANCE,
    UNMEASURED,
    FaceTree,
    TextBox,
    outside_safe_area,
    place_text_boxes,
    smallest_text,
)
from generator.render.sandbox import Sandbox, template_range
from generator.render.sandboxcalls import counts_itself
from generator.render.shapes import blob_path, gear_path, star_path
from generator.render.text import fit, reads_differently_turned, wrap

ALIGN = {"start": 0.0, "middle": 0.5, "end": 1.0}
VALIGN = {"top": 0.0, "middle": 0.5, "bottom": 1.0}
RENAMED_SIZE = "'size' is now 'geometry' (see templates/_common/card.svg.j2)"
"""What a template written for an earlier pnp is told when it reads ``size``."""
SMALLEST_PRINTED = 2.12
"""The smallest font size (mm, 6 pt) text may print at on a card: a template's text shrinks
to fit, and art scaled down to a smaller card shrinks it further. Under 6 pt a player at the
table cannot read it (what is read across the table wants 8 pt: each game's tests ask it of
its player aids and marks)."""
MAX_SVG_CHARACTERS = 2_000_000
"""The largest SVG a template may write (a shipped face is under 20,000 characters)."""
REFERENCE = re.compile(
    r"""h(?<!\wh)ref\s*=\s*(?:"([^"]*)"|'([^']*)')"""
    r"""|[uU][rR][lL]\(\s*['"]?([^)'"]*)|@(?i:import)\s*["']([^"']*)"""
)
"""A file an SVG names: an ``href`` attribute, a CSS ``url(...)`` or an ``@import`` (CSS
words in any case, the space after ``@import`` optional, as cairosvg's CSS parser reads them).
``href`` starts a word (``xlink:href``, not ``data-xhref``); its check, ``(?<!\\wh)``, stands
after the ``h`` so that every alternative begins with a plain character or two, which lets
Python's regex engine jump from one candidate to the next instead of trying each position."""
REFERENCE_MARKS = ("href", "url(", "@import")
"""What every :data:`REFERENCE` contains, in lower case: an SVG whose lower-case text holds
none of them names no file."""
MAX_REFERENCES = 100
"""The most files (``href``, ``url()``, ``@import``, each written differently) a face may name:
no shipped face names any; each one is read to be checked, and again to key the drawn face."""
T = TypeVar("T")
MAX_REPORTED = 3
"""The most problems of one kind (a font that is not shipped, a file that cannot be used) a face
reports one by one: the rest in one line (each is looked for in the templates' lines)."""
MAX_FILL = 64
"""The longest colour ``text(fill=...)`` takes (``rgb(255, 255, 255)`` is 18 characters): it is
copied into every line the text is drawn in."""
CACHED_TEXT = 2_000
"""The longest text whose fitting is remembered (the longest shipped one has 543 characters):
fitting a longer one again costs less than keeping it."""


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


@dataclass
class _Where:
    """What is being rendered, so a problem can name the card and the locale."""

    card: Card | None
    deck: Deck | Handout
    lang: str


class Tally:
    """Problems that repeat on many cards (one template line, one locale text), each reported
    once with the number of other cards it is on."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], tuple[Problem, int, float]] = {}

    def add(self, key: tuple[str, str], problem: Problem, rank: float = 0.0) -> None:
        """Count ``problem`` under ``key``; the one reported is the first, or the one of
        highest ``rank`` (the furthest a box reaches out, on whichever card)."""
        first, more, best = self._seen.get(key, (problem, -1, rank))
        if rank > best:
            first, best = problem, rank
        self._seen[key] = (first, more + 1, best)

    @property
    def problems(self) -> list[Problem]:
        return [
            problem
            if more == 0
            else Problem(
                problem.file,
                problem.line,
                problem.where,
                f"{problem.what} (and on {more} more card{'s' if more != 1 else ''})",
            )
            for problem, more, _ in self._seen.values()
        ]


class TextFitter:
    """The ``text(...)`` function templates call; collects problems instead of failing, and
    the boxes of the face being rendered, for the safe-area check, with what each call asked
    for (to measure how full its box is, :mod:`~generator.render.fill`).

    With ``overflow``, a text that does not fit even at its smallest size is drawn anyway, at
    that size, running out of its box: a proof sheet shows what a translator must shorten
    (a build fails on it instead)."""

    def __init__(self, overflow: bool = False) -> None:
        self.tally = Tally()
        self.where: _Where | None = None
        self.budget = Budget()
        """The budget of the face being rendered (fitting a text counts the characters it
        measures)."""
        self.boxes: list[TextBox] = []
        self.asked: list[Asked] = []
        self.overflow = overflow

    @property
    def problems(self) -> list[Problem]:
        """What went wrong; a problem repeated on many cards is reported once, with a count."""
        return self.tally.problems

    @counts_itself
    def text(
        self,
        value: str | Sequence[str],
        x: float,
        y: float,
        width: float,
        height: float,
        size: float,
        min_size: float | None = None,
        font: str = "Roboto Condensed",
        weight: str = "normal",
        align: str = "middle",
        valign: str = "middle",
        fill: str = "#000000",
        line_height: float = 1.15,
        max_lines: int | None = None,
        underline: bool = False,
    ) -> Markup:
        """SVG ``<text>`` lines for ``value`` fitted into the box (x, y, width, height), in mm.

        ``value`` may be a list of paragraphs. The size shrinks from ``size`` down to
        ``min_size`` (default: ``size``, i.e. no shrinking) until the text fits.
        """
        budget = self.budget
        paragraphs = [value] if isinstance(value, str) else list(value)
        budget.make(paragraphs_size(paragraphs, budget.room), "text()")
        content = "\n".join(paragraphs)
        numbers = (x, y, width, height, size, min_size or size, line_height)
        if any(isinstance(n, float) and not math.isfinite(n) for n in numbers):
            raise ValueError("text() takes finite numbers (a box, sizes, a line height)")
        if not _colour(fill):  # copied into every line it draws
            raise jinja2.TemplateRuntimeError(
                f"text() takes a colour as fill (such as '#1d1d1d'): at most {MAX_FILL} "
                "characters, without quotes or angle brackets"
            )
        budget.step(TEXT_STEPS + len(content))
        source = next((p for p in paragraphs if isinstance(p, Text)), None)
        face = find_font(font, weight)
        if face is None:  # the template's mistake, not the text's: reported at its line
            raise jinja2.TemplateRuntimeError(
                f"no shipped font {font!r} ({weight}); use one of {', '.join(sorted(FAMILIES))}"
            )
        missing = _missing_glyphs(content, face)
        if missing:
            self._report(
                source,
                f"{describe_characters(missing)} cannot be drawn by {font} "
                "and would vanish from the print",
            )
        smallest = min_size or size
        fitted, measured = _fit(
            content, face, width, height, size, smallest, line_height, max_lines
        )
        budget.step(measured)
        box = TextBox(x, y, width, height, *_template_line())
        self.boxes.append(box)
        printed = None if fitted is None else fitted.size
        self.asked.append(
            Asked(box, tuple(paragraphs), face, size, smallest, line_height, max_lines, printed)
        )
        if fitted is None:
            self._report(
                source,
                f"does not fit its {width:g} x {height:g} mm box on the "
                f"{self.deck_name()} even at {smallest:g} mm: {self._remedy()}",
            )
            if not self.overflow:
                return Markup("")
            fitted, measured = _overflowing(content, face, width, smallest)
            budget.step(measured)
        step = fitted.size * line_height
        cap = cap_height(face) * fitted.size
        reach = sum(map(abs, (x, y, width, height, cap, fitted.size)))  # no number drawn is larger
        reach += max(map(abs, fitted.widths), default=0) + (2 * len(fitted.lines) + 2) * abs(step)
        made = _drawn_size(fitted.lines, reach, font, weight, fill, underline)
        budget.make(made + len(f'{BOX_ATTRIBUTE}="{len(self.boxes) - 1}" '), "text()")
        top = y + (height - step * len(fitted.lines)) * VALIGN[valign]
        elements = []
        for index, (line, line_width) in enumerate(zip(fitted.lines, fitted.widths, strict=True)):
            left = x + (width - line_width) * ALIGN[align]
            baseline = top + step * index + (step + cap) / 2
            mark = f'{BOX_ATTRIBUTE}="{len(self.boxes) - 1}" ' if index == 0 else ""
            elements.append(
                f'<text {mark}x="{left:.3f}" y="{baseline:.3f}" font-family="{font}" '
                f'font-weight="{weight}" font-size="{fitted.size:.3f}" fill="{escape(fill)}">'
                f"{escape(line)}</text>"
            )
            if underline:
                elements.append(
                    f'<rect x="{left:.3f}" y="{baseline + fitted.size * 0.1:.3f}" '
                    f'width="{line_width:.3f}" '
                    f'height="{fitted.size * 0.08:.3f}" fill="{escape(fill)}"/>'
                )
        return Markup("\n".join(elements))

    def _remedy(self) -> str:
        """What to do about a text too long for its box: shorten it, or, in the
        pseudo-language (where the English fits, 40 % shorter), make room in the template."""
        if self.where is not None and self.where.lang == PSEUDO:
            longer = round(PSEUDO_GROWTH * 100)
            return (
                f"{PSEUDO} makes every text {longer} % longer, as a long language will: give "
                "the box room (a larger box or a smaller min_size)"
            )
        return "shorten it"

    def deck_name(self) -> str:
        if self.where is None:
            return "card"
        kind = "page" if isinstance(self.where.deck, Handout) else "cards"
        return f"{self.where.deck.id} {kind}"

    def _report(self, source: Text | None, what: str) -> None:
        if source is not None:
            problem = Problem(source.file, source.line, source.key, what)
        elif self.where and self.where.card:
            card = self.where.card
            problem = Problem(card.file, card.line, f"{card.where} ({self.where.lang})", what)
        else:
            deck = self.where.deck if self.where else None
            problem = Problem(deck.file if deck else "", deck.line if deck else 0, "text", what)
        key = (problem.file, what) if source is None else (f"{problem.file}:{problem.line}", what)
        self.tally.add(key, problem)


class Face(NamedTuple):
    """One rendered face: its name (the card id, ``<id>-back`` or ``back``), its template and
    its SVG (``None`` when the template failed: see the renderer's problems)."""

    name: str
    template: str
    svg: str | None


class CardRenderer:
    """Renders the faces of one game's cards in one locale to SVG text."""

    def __init__(self, game: Game, locale: Locale, overflow: bool = False) -> None:
        """``overflow``: draw a text that does not fit anyway (see :class:`TextFitter`)."""
        self.game = game
        self.locale = locale
        self.fitter = TextFitter(overflow)
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
        self.fitter.where = _Where(None, handout, self.locale.lang)
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
        self.fitter.where = _Where(card, deck, self.locale.lang)
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

    def _report(self, problem: Problem) -> None:
        """A template problem, counted once per template line and message."""
        self._template_problems.add((f"{problem.file}:{problem.line}", problem.what), problem)

    def _template_problem(self, error: Exception, name: str, card: Card | None) -> Problem:
        file, line = _template_location(error, self.game.templates, name)
        return Problem(file, line, self._subject(name, card), _message(error))

    def _subject(self, name: str, card: Card | None) -> str:
        """What a template problem is about: ``wagon-01 (en)``, ``back (en)``, ``screens (en)``."""
        where = self.fitter.where
        shown = card.id if card else ("back" if where else name)
        if where is not None and isinstance(where.deck, Handout):
            shown = where.deck.id
        return f"{shown} ({self.locale.lang})"

    def _check_safe_area(
        self, tree: FaceTree, size: CardSize, name: str, card: Card | None
    ) -> None:
        """Text closer to the cut than the safe margin may be cut off: a problem at the line
        of the ``text(...)`` call, however the box was moved, scaled or turned on the way."""
        placements = place_text_boxes(tree)
        for (file, line), over in outside_safe_area(placements, self.fitter.boxes, size).items():
            what = (
                "text box is drawn where the safe-area check cannot follow it (through <use>, "
                "<defs>, a nested <svg>, a CSS transform or a transform with units): place "
                "it in plain groups"
                if over == UNMEASURED
                else f"text box reaches {mm(round(over, 2))} mm outside the safe area "
                f"({mm(size.safe)} mm inside the trim): move it inwards"
            )
            problem = Problem(
                shown(file, self.game.templates), line, self._subject(name, card), what
            )
            self._template_problems.add((f"{file}:{line}", "safe area"), problem, rank=over)
        for (file, line), printed in smallest_text(placements, self.fitter.boxes).items():
            if printed < SMALLEST_PRINTED - TOLERANCE:
                what = (
                    f"text prints at {mm(round(printed, 2))} mm, smaller than the "
                    f"{mm(SMALLEST_PRINTED)} mm a printed card can be read at: the card is too "
                    "small for this art (or shorten the text)"
                )
                problem = Problem(
                    shown(file, self.game.templates), line, self._subject(name, card), what
                )
                self._template_problems.add((f"{file}:{line}", "small"), problem, rank=-printed)

    def _check_borders(self, tree: FaceTree, size: CardSize, name: str, card: Card | None) -> None:
        """A thin frame close to the cut shows a miscut as uneven borders: a problem at the
        template line that strokes it (see :mod:`generator.render.borders`)."""
        for (file, line), distance in borders(tree, size).items():
            what = (
                f"a border {mm(round(distance, 2))} mm inside the cut shows a miscut: move it "
                f"at least {mm(size.safe)} mm in, or into the bleed"
            )
            shown_file = shown(file, self.game.templates) if file else self._shown(name)
            problem = Problem(shown_file, line, self._subject(name, card), what)
            self._template_problems.add((f"{problem.file}:{line}", "border"), problem, -distance)

    def _check_svg(
        self, marked: str, drawn: str, name: str
    ) -> tuple[bool, ElementTree.Element | None]:
        """Whether the face may be drawn (it names at most :data:`MAX_REFERENCES` files), and
        the parsed SVG (with the line marks of :mod:`~generator.render.borders` where they
        parse), after reporting what the build could not draw or may not read in the SVG as
        it is drawn, ``drawn``, each at the template line that wrote it where one can be
        found (the first :data:`MAX_REPORTED` of a kind, the rest in one line)."""
        root = None
        if "<!ENTITY" in drawn:  # expat would expand them (cairosvg refuses them)
            file, line = self._writing("<!ENTITY", name)
            what = "the rendered SVG declares XML entities (<!ENTITY>): cairosvg reads none"
            self._report(Problem(file, line, "svg", what))
            return False, None
        try:
            root = ElementTree.fromstring(marked)
        except (ElementTree.ParseError, ValueError):
            try:  # a column is counted in the SVG without the marks, as it is drawn
                root = ElementTree.fromstring(drawn)
            except ElementTree.ParseError as error:
                rendered = drawn.splitlines()[error.position[0] - 1 :][:1]
                file, line = self._writing(rendered[0].strip() if rendered else "", name)
                what = f"the rendered SVG is not valid XML: {error}"
                self._report(Problem(file, line, "svg", what))
            except ValueError:  # a lone surrogate (from "\ud800" in a template) is no text
                what = "the rendered SVG holds a character that is not one (a lone surrogate)"
                self._report(Problem(self._shown(name), 0, "svg", what))
                return False, None
        drawable = self._check_references(drawn, name)
        found = dict.fromkeys(re.findall(r'font-family="([^"]+)"', drawn))
        families = [family for family in found if family not in FAMILIES]
        shipped = ", ".join(sorted(FAMILIES))

        def font_problem(family: str) -> Problem:
            file, line = self._writing(f'font-family="{family}"', name)
            return Problem(
                file, line, "font-family", f"{family!r} is not a shipped font ({shipped})"
            )

        def more_fonts(more: int) -> str:
            return f"{'font that is' if more == 1 else 'fonts that are'} not shipped ({shipped})"

        self._report_first(families, font_problem, name, more_fonts)
        return drawable, root

    def _report_first(
        self,
        found: Sequence[T],
        problem: Callable[[T], Problem],
        name: str,
        more: Callable[[int], str],
    ) -> None:
        """Report the :data:`MAX_REPORTED` first of what was ``found`` wrong in the template
        ``name``, each as ``problem`` makes it (finding the line that wrote it: a search of
        the templates, not made for every one of thousands), and the rest in one line, ``and N
        more`` what ``more(N)`` says."""
        first = [problem(item) for item in found[:MAX_REPORTED]]
        for reported in first:
            self._report(reported)
        if len(found) > MAX_REPORTED:
            count = len(found) - MAX_REPORTED
            what = f"and {count:,} more {more(count)}"
            self._report(Problem(self._shown(name), 0, first[0].where, what))

    def _writing(self, text: str, name: str) -> tuple[str, int]:
        """The template file and line that write ``text`` as it is (a line of the face that
        holds no value the template computed); the face's template, with no line, if none
        does."""
        if not text:
            return self._shown(name), 0
        return _line_naming(text, self.game.templates, name)

    def _shown(self, name: str) -> str:
        """The template ``name`` as a problem names it: worked out only when there is one to
        name (most faces have none, and every face would pay for the path arithmetic)."""
        return shown(self.game.templates / name, self.game.templates)

    def _check_references(self, svg: str, name: str) -> bool:
        """Every file the SVG refers to must be one the build may read: validation refuses
        what the build would refuse, at the template line that names it. References to one
        file (``a.png?1``, ``a.png#x``) are checked once; a face naming more than
        :data:`MAX_REFERENCES` is not drawn (each would be read to key it)."""
        folder = self.game.templates
        named = list(dict.fromkeys(named_files(svg)))
        if len(named) > MAX_REFERENCES:
            what = (
                f"the face names {len(named):,} files (href, url(), @import): a face may name "
                f"{MAX_REFERENCES}"
            )
            self._report(Problem(self._shown(name), 0, "href", what))
            return False
        files: dict[str, str] = {}
        for reference in named:
            files.setdefault(_file_named(reference), reference)
        problems = [
            (reference, problem)
            for file, reference in files.items()
            if (problem := _reference_problem(file, folder)) is not None
        ]

        def reference_problem(found: tuple[str, str]) -> Problem:
            reference, what = found
            return Problem(*_line_naming(reference, folder, name), "href", what)

        def more_files(more: int) -> str:
            return f"{'file' if more == 1 else 'files'} that cannot be used"

        self._report_first(problems, reference_problem, name, more_files)
        return True


def named_files(svg: str) -> list[str]:
    """What ``svg`` refers to outside itself, in order: every :data:`REFERENCE` but fragments
    (``#id``) and blanks."""
    lowered = svg.lower()
    if not any(mark in lowered for mark in REFERENCE_MARKS):
        return []
    found = (next(g for g in match.groups() if g is not None) for match in REFERENCE.finditer(svg))
    return [reference for reference in found if reference.strip() and not reference.startswith("#")]


def _file_named(reference: str) -> str:
    """What of ``reference`` decides what is read: of a file (no scheme, or ``file:``), all
    but its query and fragment, which the build reads the file without; anything else whole."""
    try:
        scheme = urlsplit(reference).scheme
    except ValueError:
        return reference
    if scheme not in ("", "file"):
        return reference
    return reference.partition("#")[0].partition("?")[0]


def _reference_problem(reference: str, folder: Templates) -> str | None:
    """Faces share their references (every wagon names the same icons): check each once, as
    long as the file it names stays the same one (``pnp serve`` checks again after an edit)."""
    return _judged(reference, folder, _named_identity(reference, folder))


@lru_cache(maxsize=1024)
def _judged(reference: str, folder: Templates, known: Identity | None) -> str | None:
    return asset_problem(reference, folder)


def _named_identity(reference: str, folder: Templates) -> Identity | None:
    """The :data:`~generator.render.assets.Identity` of the file ``reference`` names (``None``
    for none, or one that cannot be found)."""
    try:
        return identity(Fetcher(folder).path(fetched_url(reference, f"{folder}/")))
    except (DrawError, OSError, ValueError):
        return None


def _line_naming(text: str, folder: Templates, name: str) -> tuple[str, int]:
    """The template file and line that write ``text``: the face's own template first, then the
    others of its game and the shared ones; the face's template if none does."""
    first = folder / name
    candidates = [first, *(p for place in search_path(folder) for p in sorted(place.glob("*.j2")))]
    for path in candidates:
        source = _template_source(path, folder)
        if text not in source:
            continue
        for number, line in enumerate(source.splitlines(), start=1):
            if text in line:
                return shown(path, folder), number
    return shown(first, folder), 0


def _template_source(path: Path, folder: Templates) -> str:
    """The text of a template of ``folder``, read once while the file stays as it is (the
    preview's edits are read anew)."""
    known = identity(path)
    return "" if known is None else _read_template(known, folder)


@lru_cache(maxsize=MAX_TEMPLATES)
def _read_template(known: Identity, folder: Templates) -> str:
    return template_text(Path(known[0]), folder)


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


class _Fitted(NamedTuple):
    """Text fitted to its box: the size, the lines and how wide each line is drawn."""

    size: float
    lines: tuple[str, ...]
    widths: tuple[float, ...]


class _Measure:
    """Text widths in one font, counting the characters measured. Fitting measures each line
    as it grows, word by word, at each size it tries: a long text in a wide box at a tiny
    ``min_size`` measures billions of characters. Past :data:`MAX_STEPS` (all a face may take)
    the fitting stops; the count is the fitting's steps on the face's budget."""

    def __init__(self, face: Font) -> None:
        self.face = face
        self.characters = 0

    def __call__(self, text: str, size: float) -> float:
        self.characters += len(text)
        if self.characters > MAX_STEPS:
            raise SecurityError(STEPS)
        return measure_width(text, self.face, size)


P = ParamSpec("P")
R = TypeVar("R")


class _RememberedWhenShort(Generic[P, R]):
    """A pure function of a text, remembered for texts of at most :data:`CACHED_TEXT`
    characters, the last ``maxsize`` of them: the same text recurs on many cards (eleven wagons
    share an ability), and a longer one costs less to work out again than to keep."""

    def __init__(self, work: Callable[Concatenate[str, P], R], maxsize: int) -> None:
        self.work = work
        self.remembered = lru_cache(maxsize=maxsize)(work)

    def __call__(self, content: str, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if len(content) > CACHED_TEXT:
            return self.work(content, *args, **kwargs)
        return self.remembered(content, *args, **kwargs)  # type: ignore[arg-type]  # hashable

    def cache_info(self) -> Any:
        return self.remembered.cache_info()


def _remembered_when_short(
    maxsize: int,
) -> Callable[[Callable[Concatenate[str, P], R]], _RememberedWhenShort[P, R]]:
    return lambda work: _RememberedWhenShort(work, maxsize)


@_remembered_when_short(2048)
def _fit(
    content: str,
    face: Font,
    width: float,
    height: float,
    size: float,
    min_size: float,
    line_height: float,
    max_lines: int | None,
) -> tuple[_Fitted | None, int]:
    """Text fitted to its box (``None`` if it fits no size), with the characters fitting
    measured, which every face fitting it is charged."""
    measure = _Measure(face)
    fitted = fit(content, width, height, size, min_size, measure, line_height, max_lines)
    if fitted is None:
        return None, measure.characters
    widths = tuple(measure(line, fitted.size) for line in fitted.lines)
    return _Fitted(fitted.size, fitted.lines, widths), measure.characters


@_remembered_when_short(256)
def _overflowing(content: str, face: Font, width: float, size: float) -> tuple[_Fitted, int]:
    """Text that fits no size, wrapped at ``size`` as if the box were as tall as it needs (a
    word wider than the box on a line of its own), to show how far it runs out; with the
    characters measured."""
    measure = _Measure(face)
    lines = tuple(wrap(content, width, size, measure, wide_words=True) or ())
    widths = tuple(measure(line, size) for line in lines)
    return _Fitted(size, lines, widths), measure.characters


@_remembered_when_short(2048)
def _missing_glyphs(content: str, face: Font) -> tuple[str, ...]:
    """The characters of ``content`` the font cannot draw."""
    return tuple(missing_glyphs(content, face))


def _colour(fill: object) -> bool:
    """Whether ``fill`` may be ``text(...)``'s colour: a short text that cannot end the
    attribute it is written in, or start an element."""
    return isinstance(fill, str) and len(fill) <= MAX_FILL and not any(c in fill for c in "\"'<>")


_TEXT_ELEMENT = len('<text x="" y="" font-family="" font-weight="" font-size="" fill=""></text>\n')
_RECT_ELEMENT = len('<rect x="" y="" width="" height="" fill=""/>\n')


def _drawn_size(
    lines: Sequence[str], reach: float, font: str, weight: str, fill: str, underline: bool
) -> int:
    """At most how many characters ``text(...)`` writes drawing ``lines``, no number it writes
    larger than ``reach`` (a ``<text>`` element a line, three numbers in it, the line and the
    colour escaped; with ``underline``, a ``<rect>`` of four numbers too)."""
    widest = len(f"{-reach:.3f}") if math.isfinite(reach) else len(f"{-sys.float_info.max:.3f}")
    line = _TEXT_ELEMENT + len(font) + len(weight) + 5 * len(fill) + 3 * widest
    if underline:
        line += _RECT_ELEMENT + 5 * len(fill) + 4 * widest
    return len(lines) * line + 5 * sum(map(len, lines))


def _template_line() -> tuple[str, int]:
    """The template file (its path as loaded) and line running now, where a ``text(...)`` call
    stands (in a macro, the line in the macro's file): the innermost frame of compiled template
    code."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:
            return template.filename, template.get_corresponding_lineno(frame.f_lineno)
        frame = frame.f_back
    return "", 0


def _template_location(error: Exception, folder: Templates, name: str) -> tuple[str, int]:
    """Template file and line of an error: syntax errors carry it, others are in the traceback."""
    if isinstance(error, jinja2.TemplateSyntaxError) and error.filename:
        return shown(error.filename, folder), error.lineno
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith(".j2")]
    if frames:
        return shown(frames[-1].filename, folder), frames[-1].lineno or 0
    return shown(folder / name, folder), 0
