"""A rendered face's problems: each reported at the template line that wrote what is wrong,
once per line (:class:`~generator.render.tally.Tally`), from the checks of the face as it is
drawn: the files it names (:mod:`~generator.render.references`), its fonts, its text boxes
against the card's safe area (:mod:`~generator.render.safe_area`) and its stroked outlines
against the cut (:mod:`~generator.render.borders`). :class:`FaceChecks` is the part of the
card renderer (:class:`~generator.render.templates.CardRenderer`) that finds and reports them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TypeVar
from xml.etree import ElementTree

from generator.geometry.sizes import CardSize
from generator.model import Card, Game, Handout, Locale
from generator.problems import Problem
from generator.render.assets import Identity, identity
from generator.render.borders import borders
from generator.render.fonts import FAMILIES
from generator.render.geometry import mm
from generator.render.loader import MAX_TEMPLATES, template_text
from generator.render.references import MAX_REFERENCES, file_named, file_problem, named_files
from generator.render.safe_area import (
    TOLERANCE,
    UNMEASURED,
    FaceTree,
    outside_safe_area,
    place_text_boxes,
    smallest_text,
)
from generator.render.tally import Tally
from generator.render.textfitter import TextFitter
from generator.runtime.folders import Templates, search_path, shown

SMALLEST_PRINTED = 2.12
"""The smallest font size (mm, 6 pt) text may print at on a card: a template's text shrinks
to fit, and art scaled down to a smaller card shrinks it further. Under 6 pt a player at the
table cannot read it (what is read across the table wants 8 pt: each game's tests ask it of
its player aids and marks)."""
T = TypeVar("T")
MAX_REPORTED = 3
"""The most problems of one kind (a font that is not shipped, a file that cannot be used) a face
reports one by one: the rest in one line (each is looked for in the templates' lines)."""


class FaceChecks:
    """The checks of a rendered face and the reporting of its template's problems, at the
    template line that wrote what is wrong (see the module's docstring)."""

    game: Game
    locale: Locale
    fitter: TextFitter
    _template_problems: Tally

    def _report(self, problem: Problem) -> None:
        """A template problem, counted once per template line and message."""
        self._template_problems.add((f"{problem.file}:{problem.line}", problem.what), problem)

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
            files.setdefault(file_named(reference), reference)
        problems = [
            (reference, problem)
            for file, reference in files.items()
            if (problem := file_problem(file, folder)) is not None
        ]

        def reference_problem(found: tuple[str, str]) -> Problem:
            reference, what = found
            return Problem(*_line_naming(reference, folder, name), "href", what)

        def more_files(more: int) -> str:
            return f"{'file' if more == 1 else 'files'} that cannot be used"

        self._report_first(problems, reference_problem, name, more_files)
        return True


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
