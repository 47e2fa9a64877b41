"""The ``text(...)`` function templates call: a text wrapped and shrunk to its box
(:mod:`~generator.render.fittedtext`), drawn as SVG ``<text>`` lines, each character it
measures and writes counted on the face's budget; what does not fit or cannot be drawn is
reported at the line a translator has to edit, and each box is kept, with what its call asked
for, for the face's checks (:mod:`~generator.render.facechecks`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from types import FrameType

import jinja2
from markupsafe import Markup, escape

from generator.languages import PSEUDO, PSEUDO_GROWTH
from generator.load.icons import unknown_icon
from generator.load.placeholders import icons as icon_names
from generator.model import Card, Deck, Handout, Text
from generator.problems import Problem
from generator.render.budget import TEXT_STEPS, Budget
from generator.render.fill import Asked
from generator.render.fittedtext import fit_text, glyphs_missing, overflowing_text
from generator.render.fonts import FAMILIES, cap_height, describe_characters, find_font
from generator.render.icons import Icon, Icons
from generator.render.inline import Drawn, icon_size, icon_width, marked, runs, unmarked
from generator.render.operationsizes import paragraphs_size
from generator.render.safe_area import BOX_ATTRIBUTE, TextBox
from generator.render.sandboxcalls import counts_itself
from generator.render.tally import Tally

ALIGN = {"start": 0.0, "middle": 0.5, "end": 1.0}
VALIGN = {"top": 0.0, "middle": 0.5, "bottom": 1.0}
MAX_FILL = 64
"""The longest colour ``text(fill=...)`` takes (``rgb(255, 255, 255)`` is 18 characters): it is
copied into every line the text is drawn in."""


@dataclass
class Where:
    """What is being rendered, so a problem can name the card and the locale."""

    card: Card | None
    deck: Deck | Handout
    lang: str


class TextFitter:
    """The ``text(...)`` function templates call; collects problems instead of failing, and
    the boxes of the face being rendered, for the safe-area check, with what each call asked
    for (to measure how full its box is, :mod:`~generator.render.fill`).

    With ``overflow``, a text that does not fit even at its smallest size is drawn anyway, at
    that size, running out of its box: a proof sheet shows what a translator must shorten
    (a build fails on it instead)."""

    def __init__(self, overflow: bool = False) -> None:
        self.tally = Tally()
        self.where: Where | None = None
        self.budget = Budget()
        """The budget of the face being rendered (fitting a text counts the characters it
        measures)."""
        self.boxes: list[TextBox] = []
        self.asked: list[Asked] = []
        self.overflow = overflow
        self.icons: Icons | None = None
        """The game's icons, which its texts may draw (``{icon:NAME}``)."""

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
        content, icons = self._inline(content, source)
        advances = tuple(icon_width(icon.aspect) for icon in icons)
        missing = glyphs_missing(unmarked(content), face)
        if missing:
            self._report(
                source,
                f"{describe_characters(missing)} cannot be drawn by {font} "
                "and would vanish from the print",
            )
        smallest = min_size or size
        fitted, measured = fit_text(
            content, face, width, height, size, smallest, line_height, max_lines, advances
        )
        budget.step(measured)
        box = TextBox(x, y, width, height, *_template_line())
        self.boxes.append(box)
        printed = None if fitted is None else fitted.size
        self.asked.append(
            Asked(
                box,
                tuple(paragraphs),
                face,
                size,
                smallest,
                line_height,
                max_lines,
                printed,
                content if icons else None,
                advances,
            )
        )
        if fitted is None:
            self._report(
                source,
                f"does not fit its {width:g} x {height:g} mm box on the "
                f"{self.deck_name()} even at {smallest:g} mm: {self._remedy()}",
            )
            if not self.overflow:
                return Markup("")
            fitted, measured = overflowing_text(content, face, width, smallest, advances)
            budget.step(measured)
        step = fitted.size * line_height
        cap = cap_height(face) * fitted.size
        reach = sum(map(abs, (x, y, width, height, cap, fitted.size)))  # no number drawn is larger
        reach += max(map(abs, fitted.widths), default=0) + (2 * len(fitted.lines) + 2) * abs(step)
        lines = [runs(line, advances) if icons else [line] for line in fitted.lines]
        texts = [part for line in lines for part in line if isinstance(part, str)]
        made = _drawn_size(texts, reach, font, weight, fill, underline)
        made += sum(
            icon_size(icons[part], reach, fill)
            for line in lines
            for part in line
            if isinstance(part, int)
        )
        budget.make(made + len(f'{BOX_ATTRIBUTE}="{len(self.boxes) - 1}" '), "text()")
        top = y + (height - step * len(fitted.lines)) * VALIGN[valign]
        elements = []
        for index, (line, line_width) in enumerate(zip(fitted.lines, fitted.widths, strict=True)):
            left = x + (width - line_width) * ALIGN[align]
            baseline = top + step * index + (step + cap) / 2
            mark = f'{BOX_ATTRIBUTE}="{len(self.boxes) - 1}" ' if index == 0 else ""
            if any(isinstance(part, int) for part in lines[index]):
                drawn = Drawn(face, fitted.size, fill, icons, advances)
                elements.append(drawn.line(lines[index], left, baseline, mark))
            else:
                elements.append(
                    f'<text {mark}x="{left:.3f}" y="{baseline:.3f}" font-family="{font}" '
                    f'font-weight="{weight}" font-size="{fitted.size:.3f}" '
                    f'fill="{escape(fill)}">{escape(line)}</text>'
                )
            if underline:
                elements.append(
                    f'<rect x="{left:.3f}" y="{baseline + fitted.size * 0.1:.3f}" '
                    f'width="{line_width:.3f}" '
                    f'height="{fitted.size * 0.08:.3f}" fill="{escape(fill)}"/>'
                )
        return Markup("\n".join(elements))

    def _inline(self, content: str, source: Text | None) -> tuple[str, tuple[Icon, ...]]:
        """``content`` with the icons it draws marked (:mod:`~generator.render.inline`), and
        those icons; an icon the game lacks, or whose file cannot be drawn, is reported (at
        the text's line, or the icon file's) and stays as written."""
        names = dict.fromkeys(icon_names(content)) if "{icon:" in content else {}
        if not names or self.icons is None:
            return content, ()
        drawn: dict[str, Icon] = {}
        for name in names:
            if name not in self.icons.files:
                self._report(source, unknown_icon(name, self.icons.templates, [*self.icons.files]))
            elif isinstance(icon := self.icons.icon(name), Icon):
                drawn[name] = icon
            else:
                self.tally.add((f"{icon.file}:{icon.line}", icon.what), icon)
        text, order = marked(content, {name: icon.aspect for name, icon in drawn.items()})
        return text, tuple(drawn[name] for name in order)

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
