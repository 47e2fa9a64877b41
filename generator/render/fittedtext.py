"""Text fitted to its box with the real font metrics (the wrapping and shrinking of
:mod:`~generator.render.text`), for ``text(...)`` (:mod:`~generator.render.textfitter`): the
characters each fitting measures are counted, to be charged to the face's budget, and the
fittings of the short texts that recur on many cards are remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Concatenate, Generic, NamedTuple, ParamSpec, TypeVar

from jinja2.exceptions import SecurityError

from generator.render.budget import MAX_STEPS, STEPS
from generator.render.fonts import Font, missing_glyphs
from generator.render.inline import width
from generator.render.text import fit, wrap

CACHED_TEXT = 2_000
"""The longest text whose fitting is remembered (the longest shipped one has 543 characters):
fitting a longer one again costs less than keeping it."""


class Fitted(NamedTuple):
    """Text fitted to its box: the size, the lines and how wide each line is drawn."""

    size: float
    lines: tuple[str, ...]
    widths: tuple[float, ...]


class _Measure:
    """Text widths in one font, counting the characters measured. Fitting measures each line
    as it grows, word by word, at each size it tries: a long text in a wide box at a tiny
    ``min_size`` measures billions of characters. Past :data:`MAX_STEPS` (all a face may take)
    the fitting stops; the count is the fitting's steps on the face's budget. An icon's mark
    (:mod:`~generator.render.inline`) is measured as the icon's box: ``icons`` holds each
    icon's advance, in font sizes."""

    def __init__(self, face: Font, icons: tuple[float, ...] = ()) -> None:
        self.face = face
        self.icons = icons
        self.characters = 0

    def __call__(self, text: str, size: float) -> float:
        self.characters += len(text)
        if self.characters > MAX_STEPS:
            raise SecurityError(STEPS)
        return width(text, self.face, size, self.icons)


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
def fit_text(
    content: str,
    face: Font,
    width: float,
    height: float,
    size: float,
    min_size: float,
    line_height: float,
    max_lines: int | None,
    icons: tuple[float, ...] = (),
) -> tuple[Fitted | None, int]:
    """Text fitted to its box (``None`` if it fits no size), with the characters fitting
    measured, which every face fitting it is charged; ``icons``: the advance of each icon whose
    mark the text holds (:mod:`~generator.render.inline`)."""
    measure = _Measure(face, icons)
    fitted = fit(content, width, height, size, min_size, measure, line_height, max_lines)
    if fitted is None:
        return None, measure.characters
    widths = tuple(measure(line, fitted.size) for line in fitted.lines)
    return Fitted(fitted.size, fitted.lines, widths), measure.characters


@_remembered_when_short(256)
def overflowing_text(
    content: str, face: Font, box: float, size: float, icons: tuple[float, ...] = ()
) -> tuple[Fitted, int]:
    """Text that fits no size, wrapped at ``size`` as if the box (``box`` wide) were as tall as
    it needs (a word wider than the box on a line of its own), to show how far it runs out;
    with the characters measured."""
    measure = _Measure(face, icons)
    lines = tuple(wrap(content, box, size, measure, wide_words=True) or ())
    widths = tuple(measure(line, size) for line in lines)
    return Fitted(size, lines, widths), measure.characters


@_remembered_when_short(2048)
def glyphs_missing(content: str, face: Font) -> tuple[str, ...]:
    """The characters of ``content`` the font cannot draw."""
    return tuple(missing_glyphs(content, face))
