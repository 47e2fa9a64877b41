"""Render stage, part one: card faces from Jinja2 SVG templates to SVG text.

The environment is strict: an undefined variable is an error, every inserted value is
XML-escaped (a card text with ``<`` or ``&`` cannot break the SVG), templates run sandboxed and
can only load files from ``templates/<game>/`` and ``templates/_common/`` (a link to a file
elsewhere is refused). Templates may come from strangers, so the sandbox also bounds what a
template can cost: ranges, nested calls, repeated strings and the size of the SVG it writes, and
every face renders on a budget of steps and characters (:mod:`~generator.render.budget`).
Text goes through :meth:`TextFitter.text`, which wraps and shrinks it to a box with the real font
metrics and reports what does not fit or cannot be drawn, at the line a translator has to edit.
"""

from __future__ import annotations

import math
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, update_wrapper
from types import CodeType, FrameType, FunctionType
from typing import Any, NamedTuple, cast
from xml.etree import ElementTree

import jinja2
from jinja2 import nodes
from jinja2.exceptions import SecurityError
from jinja2.runtime import BlockReference, LoopContext, Macro, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment
from markupsafe import Markup, escape

from generator import language_rules
from generator.folders import Templates, search_path, shown
from generator.language_rules import COUNT
from generator.languages import PSEUDO, PSEUDO_GROWTH
from generator.layout.sizes import CardSize, Paper
from generator.model import Card, Deck, Game, Handout, Locale, Plural, Text
from generator.placeholders import fill
from generator.problems import Problem, clipped
from generator.render.borders import LineMarks, borders, unmarked
from generator.render.budget import (
    CALL_STEPS,
    FILTER_STEPS,
    MAX_BITS,
    MAX_CHARACTERS,
    MAX_DIGITS,
    MAX_STEPS,
    STEPS,
    TEXT_STEPS,
    Budget,
    CountingGenerator,
    bounded,
    call_size,
    checked_percent,
    compare,
    counted,
    filter_size,
    format_size,
    huge_power,
    joined_size,
    percent_size,
    shown_number,
    string_method_size,
    summed_size,
    text_size,
    too_large,
)
from generator.render.draw import asset_problem
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
from generator.render.loader import ProjectLoader, template_text
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
from generator.render.shapes import blob_path, gear_path, star_path
from generator.render.text import fit, reads_differently_turned, wrap

ALIGN = {"start": 0.0, "middle": 0.5, "end": 1.0}
VALIGN = {"top": 0.0, "middle": 0.5, "bottom": 1.0}
MAX_RANGE = 10_000
MAX_CALL_DEPTH = 64
RENAMED_SIZE = "'size' is now 'geometry' (see templates/_common/card.svg.j2)"
"""What a template written for an earlier pnp is told when it reads ``size``."""
SMALLEST_PRINTED = 1.8
"""The smallest font size (mm, about 5 pt) text may print at on a card: a template's text
shrinks to fit, and art scaled down to a smaller card shrinks it further."""
MAX_SVG_CHARACTERS = 2_000_000
"""The largest SVG a template may write (a shipped face is under 20,000 characters)."""
REFERENCE = re.compile(
    r"""h(?<!\wh)ref\s*=\s*(?:"([^"]*)"|'([^']*)')|url\(\s*['"]?([^)'"]*)|@import\s+["']([^"']*)"""
)
"""A file an SVG names: an ``href`` attribute, a CSS ``url(...)`` or an ``@import``. ``href``
starts a word (``xlink:href``, not ``data-xhref``); its check, ``(?<!\\wh)``, stands after the
``h`` so that every alternative begins with a plain character, which lets Python's regex engine
jump from one ``h``, ``u`` or ``@`` to the next instead of trying each position of the SVG."""
REFERENCE_MARKS = ("href", "url(", "@import")
"""What every :data:`REFERENCE` contains: an SVG without any of them names no file."""


_PLAIN_NUMBERS = frozenset({int, float})
"""The types most values a template computes and prints have. Not their subclasses (``bool``, or
a class whose ``str`` or ``*`` does something else)."""


class _Template(jinja2.Template):
    """A template whose printed values, ``~`` and output go through the face's budget
    (:class:`_Sandbox`), and which remembers the template lines of its compiled code's lines."""

    _lines: dict[int, int]

    @classmethod
    def from_code(
        cls,
        environment: jinja2.Environment,
        code: CodeType,
        globals: MutableMapping[str, Any],
        uptodate: Callable[[], bool] | None = None,
    ) -> jinja2.Template:
        """The compiled code finds ``escape`` (what every ``{{ ... }}`` calls) and
        ``markup_join`` and ``str_join`` (what ``~`` calls) among its module's names: replaced
        there, they are what the template's blocks and macros call."""
        template = cast(_Template, super().from_code(environment, code, globals, uptodate))
        sandbox = cast(_Sandbox, environment)
        names = cast(FunctionType, template.root_render_func).__globals__
        names.update(escape=sandbox.printing, markup_join=sandbox.joining, str_join=sandbox.joining)
        template._lines = {}
        return template

    def get_corresponding_lineno(self, lineno: int) -> int:
        """Jinja's answer, kept: Jinja parses the template's whole table of lines to give it,
        and :func:`_template_line` asks at every ``text(...)`` call."""
        if lineno not in self._lines:
            self._lines[lineno] = super().get_corresponding_lineno(lineno)
        return self._lines[lineno]

    def _get_default_module(self, ctx: Any = None) -> Any:
        """An imported template's names are made once per process (Jinja keeps them): on a
        budget of their own, so that no face pays for them depending on which came first."""
        if self._module is None:
            with cast(_Sandbox, self.environment).spending(Budget()):
                self._module = self.make_module()
        return super()._get_default_module(ctx)


class _Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox (no attribute access to Python internals, no changing a list or a
    mapping in place), plus limits on what a template can make the machine do: a template is
    data from a stranger, not our code. Every face renders on a :class:`Budget`: the compiled
    code counts its loops and comparisons through :meth:`iterate`, :meth:`compare` and
    :meth:`read` (:class:`~generator.render.budget.CountingGenerator`), and every call, filter,
    test, operator, slice, printed value and collected output is counted here before it runs."""

    intercepted_binops = frozenset({"+", "*", "**", "%"})
    """The operators that can make a long string or list, or a huge number fast (``-`` makes
    neither: a number grows a bit per subtraction, each counted as a step of code)."""
    template_class = _Template
    code_generator_class = CountingGenerator

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.depth = 0
        self.budget = Budget()
        for name, function in self.filters.items():
            self.filters[name] = self._budgeted_filter(name, function)
        for name, test in self.tests.items():
            self.tests[name] = self._budgeted_test(cast(Callable[..., Any], test))

    @contextmanager
    def spending(self, budget: Budget) -> Iterator[Budget]:
        """Run on ``budget`` for a while (compiling, making an imported template's names)."""
        spent, self.budget = self.budget, budget
        try:
            yield budget
        finally:
            self.budget = spent

    def _generate(
        self,
        source: nodes.Template,
        name: str | None,
        filename: str | None,
        defer_init: bool = False,
    ) -> str:
        """Compiling folds constant expressions, filters included: on a budget of its own
        (a template is compiled once per process, by whichever face first needs it)."""
        with self.spending(Budget()):
            return super()._generate(source, name, filename, defer_init)

    def _load_template(
        self, name: str, globals: MutableMapping[str, Any] | None
    ) -> jinja2.Template:
        """A template to include, import or extend: a call's steps (an include in a loop
        renders it each round, with a copy of the context)."""
        self.budget.step(CALL_STEPS)
        return super()._load_template(name, globals)

    def iterate(self, iterable: Iterable[Any], size: int) -> Iterator[Any]:
        """A loop's items, each round the steps of the loop's body (``size``)."""
        return counted(iterable, self.budget, size)

    def spend(self, size: int) -> None:
        """The steps of running a template, macro or block (``size``) once."""
        self.budget.step(size)

    def compare(self, operator: str, left: Any, right: Any) -> Any:
        return compare(operator, left, right, self.budget)

    def read(self, value: Any) -> Any:
        """``value``, after the steps to read it (one side of a chained comparison)."""
        self.budget.read(value)
        return value

    def printing(self, value: Any) -> str:
        """What a template prints of ``value``: markupsafe's ``escape``, except for a plain
        number (nine in ten of the values a face prints), whose text holds nothing XML must
        escape, and for ``Markup`` (already escaped, such as a macro's or ``text(...)``'s
        output, and counted when it was made): ``escape`` would look for an ``__html__`` method
        and copy the text into a new ``Markup``, several times the work. Anything else is
        counted before it is written out as text (escaping at most quintuples it)."""
        kind = type(value)
        if kind in _PLAIN_NUMBERS:
            return str(value)
        if kind is Markup:
            return cast(Markup, value)
        budget = self.budget
        if kind is str and budget.characters + len(value) <= MAX_CHARACTERS:
            budget.characters += len(value)
        else:
            budget.make(text_size(value, budget.room), "printing")
        return escape(value)

    def joining(self, parts: Sequence[Any]) -> str:
        """``~``: the parts as text, joined (escaped if one is markup), counted first."""
        size, markup = 0, False
        for part in parts:
            kind = type(part)
            if kind is str:
                size += len(part)
            elif kind is float:
                size += 24
            else:
                size += text_size(part, self.budget.room)
                markup = markup or hasattr(part, "__html__")
        self.budget.make(size, "'~'")
        return markup_join(parts) if markup else str_join(parts)

    def concat(self, parts: Iterable[str]) -> str:
        """The output of a macro, a call or filter block, a ``set`` block or a block called
        as ``self.name()``, counted before it is joined."""
        chunks = parts if isinstance(parts, list) else list(parts)
        self.budget.make(sum(map(len, chunks)), "collecting output")
        return "".join(chunks)

    def getitem(self, obj: Any, argument: Any) -> Any:
        """``obj[argument]``: a key that is not a number or a text counted as what hashing it
        reads."""
        if not isinstance(argument, (int, str)):
            self.budget.read(argument)
        return super().getitem(obj, argument)

    def sliced(self, obj: Any, part: slice) -> Any:
        """``obj[a:b:c]``, counted as what it copies (Jinja slices without :meth:`getitem`)."""
        self.budget.make(_sliced(obj, part), "slicing")
        return obj[part]

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``text.format(...)``: Jinja's sandboxed formatting, counted first."""
        formats = super().wrap_str_format(value)
        if formats is None:
            return None
        text: str = value.__self__
        mapping = value.__name__ == "format_map"

        def counted_format(*args: Any, **kwargs: Any) -> str:
            given = args[0] if mapping and args and isinstance(args[0], Mapping) else kwargs
            positional = () if mapping else args
            scale = 5 if isinstance(text, Markup) else 1  # the values are escaped
            size = scale * format_size(text, positional, given)
            self.budget.make(size, f"{value.__name__}()")
            return formats(*args, **kwargs)

        return update_wrapper(counted_format, value)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        budget = __self.budget
        budget.step(CALL_STEPS)
        given = _arguments(kwargs)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, (str, bytes)):
            bounded(*args, *given.values())
            args = __self._string_method(owner, __obj.__name__, args, given)
        elif isinstance(__obj, LoopContext) and args:
            args = (counted(args[0], budget), *args[1:])
        elif type(owner) in _PLAIN_NUMBERS:  # (5).to_bytes(n) makes n bytes
            bounded(*args, *given.values())
            numbers = (abs(v) for v in (*args, *given.values()) if type(v) is int)
            budget.make(sum(numbers), f"{__obj.__name__}()")
        elif not isinstance(__obj, (Macro, BlockReference)) and not _counts_itself(__obj):
            made = call_size(__obj, args, given)
            if made is None:
                budget.read(owner, *args, *given.values())
            else:
                budget.make(made[1], made[0])
        __self.depth += 1
        try:
            if __self.depth > MAX_CALL_DEPTH:
                raise SecurityError(
                    f"calls nested deeper than {MAX_CALL_DEPTH} (a macro calling itself?)"
                )
            return super().call(__context, __obj, *args, **kwargs)
        finally:
            __self.depth -= 1

    def _string_method(
        self, owner: str | bytes, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[Any, ...]:
        """Count a string method's reading and making before it runs; ``join`` reads its
        items first (once: they may come from a generator)."""
        budget = self.budget
        budget.read(owner, *args, *kwargs.values())
        if name == "join" and args:
            items = list(counted(args[0], budget))
            budget.make(joined_size(items, owner, budget.room), "join()")
            return (items, *args[1:])
        size = string_method_size(owner, name, args, kwargs, budget.room)
        budget.make(size, f"{name}()")
        return args

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if type(left) in _PLAIN_NUMBERS and type(right) in _PLAIN_NUMBERS and operator != "**":
            result = self.binop_table[operator](left, right)  # the usual case: numbers
            if type(result) is int and result.bit_length() > MAX_BITS:
                raise SecurityError(_too_large(left, operator, right))
            return result
        if operator == "**" and huge_power(left, right):
            raise SecurityError(_too_large(left, operator, right))
        self.budget.make(_operator_size(operator, left, right, self.budget.room), repr(operator))
        result = super().call_binop(context, operator, left, right)
        if too_large(result):
            raise SecurityError(f"the result of {operator} is too large")
        return result

    def _budgeted_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """Filter ``name`` counted before it runs: a step, reading its value, and what it
        makes (:func:`~generator.render.budget.filter_size`); its output, if made as it is
        read (``map``, ``select``...), a step per item. A number given no arguments (``x|int``,
        most of the filters a face runs) makes a few characters at most."""
        if name == "round":
            return self._budgeted_round(function)
        passed = 1 if hasattr(function, "jinja_pass_arg") else 0
        plain = passed + 1

        def run(*args: Any, **kwargs: Any) -> Any:
            budget = self.budget
            budget.steps += FILTER_STEPS
            if budget.steps > MAX_STEPS:
                raise SecurityError(STEPS)
            if kwargs or len(args) != plain or type(args[passed]) not in _PLAIN_NUMBERS:
                args = self._filter_arguments(name, args, kwargs, passed)
            result = function(*args, **kwargs)
            kind = type(result)
            if kind in _PLAIN_NUMBERS or kind is str or kind is Markup:
                if kind is int and result.bit_length() > MAX_BITS:
                    raise SecurityError(f"the {name} filter's result is too large")
                return result
            return counted(result, budget) if isinstance(result, Iterator) else result

        return _passing_like(run, function)

    def _filter_arguments(
        self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any], passed: int
    ) -> tuple[Any, ...]:
        """Read a filter's value and count what it makes, before it runs; ``join`` and
        ``sum`` get their items read first."""
        if len(args) <= passed:
            return args
        if type(args[passed]) not in _PLAIN_NUMBERS:
            self.budget.read(args[passed])
        if name in ("join", "sum"):
            return self._collected(name, args, passed, kwargs)
        makes = filter_size(name)
        size = makes(*args[passed:], **kwargs) if makes is not None else 0
        if size:
            self.budget.make(size, f"the {name} filter")
        return args

    def _budgeted_round(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``round``, a third of the filters a shipped face runs, in fewer steps: it makes
        nothing, but computes ``10 ** precision`` (:func:`~generator.render.budget.filter_size`
        refuses a large precision)."""
        makes = cast(Callable[..., int], filter_size("round"))

        def run(*args: Any, **kwargs: Any) -> Any:
            budget = self.budget
            budget.steps += FILTER_STEPS
            if budget.steps > MAX_STEPS:
                raise SecurityError(STEPS)
            if kwargs or len(args) > 2 or (len(args) == 2 and not _few_digits(args[1])):
                makes(*args, **kwargs)
            return function(*args, **kwargs)

        return run

    def _collected(
        self, name: str, args: tuple[Any, ...], passed: int, kwargs: dict[str, Any]
    ) -> tuple[Any, ...]:
        """``join`` and ``sum`` with their items read first, and counted by what they make."""
        budget = self.budget
        items = list(counted(args[passed], budget))
        rest = args[passed + 1 :]
        if name == "join":
            separator = rest[0] if rest else kwargs.get("d", "")
            size = joined_size(items, separator, budget.room)
        else:
            size = summed_size(items, rest[1] if len(rest) > 1 else kwargs.get("start", 0))
        budget.make(size, f"the {name} filter")
        return (*args[:passed], items, *rest)

    def _budgeted_test(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """A test (``is ...``): a step, and reading what it compares."""
        passed = 1 if hasattr(function, "jinja_pass_arg") else 0

        def run(*args: Any, **kwargs: Any) -> Any:
            self.budget.step(FILTER_STEPS)
            self.budget.read(*args[passed:], *kwargs.values())
            return function(*args, **kwargs)

        return _passing_like(run, function)


def _few_digits(precision: Any) -> bool:
    """Whether ``x|round(precision)`` rounds to a usual number of digits (``2``)."""
    return type(precision) is int and -MAX_DIGITS <= precision <= MAX_DIGITS


_SCOPES = frozenset({"_loop_vars", "_block_vars"})
"""What the compiled code passes every call in a loop or block (Jinja's own, taken out before
the callable sees its arguments)."""


def _arguments(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The named arguments a callable sees of ``kwargs`` (without :data:`_SCOPES`)."""
    if not kwargs or (len(kwargs) == 1 and next(iter(kwargs)) in _SCOPES):
        return {}
    return {name: value for name, value in kwargs.items() if name not in _SCOPES}


def _passing_like(wrapper: Callable[..., Any], function: Callable[..., Any]) -> Callable[..., Any]:
    """``wrapper`` receiving what Jinja passes ``function`` first (its environment, context
    or evaluation context), if anything."""
    if hasattr(function, "jinja_pass_arg"):
        wrapper.jinja_pass_arg = function.jinja_pass_arg  # type: ignore[attr-defined]
    return wrapper


def _counts_itself(function: Any) -> bool:
    """``text(...)``: it counts the characters it measures (:class:`_Measure`)."""
    return getattr(function, "__func__", None) is TextFitter.text


def _sliced(obj: Any, part: slice) -> int:
    """How many items (characters) ``obj[part]`` copies; 0 where slicing it fails anyway."""
    try:
        return len(range(*part.indices(len(obj))))
    except (TypeError, ValueError):
        return 0


def _operator_size(operator: str, left: Any, right: Any, room: int) -> int:
    """At most how many characters (or items) ``left <operator> right`` makes: ``+`` both
    sides, ``*`` the sequence repeated, ``%`` the formatted text (a width or precision past
    :data:`MAX_SIZE`, or a repetition past it, refused outright). Markup escapes the other
    side: up to five times its length."""
    sequences = (str, bytes, list, tuple)
    scale = 5 if isinstance(left, Markup) or isinstance(right, Markup) else 1
    if operator == "*":
        for sequence, times in ((left, right), (right, left)):
            if isinstance(sequence, sequences) and isinstance(times, int):
                bounded(len(sequence) * times)
                return max(len(sequence) * times, 0)
    if operator == "%" and isinstance(left, (str, bytes)):
        text = left if isinstance(left, str) else left.decode("latin-1")
        checked_percent(text)
        return scale * percent_size(text, right, room)
    if operator == "+" and isinstance(left, sequences) and isinstance(right, sequences):
        return scale * (len(left) + len(right))
    return 0


def _too_large(left: Any, operator: str, right: Any) -> str:
    """What a template is told of an operation whose number would be too large."""
    shown = [shown_number(v) if isinstance(v, int) else clipped(str(v)) for v in (left, right)]
    return f"{shown[0]} {operator} {shown[1]} is too large"


def _range(*args: int) -> range:
    """``range`` for templates: at most :data:`MAX_RANGE` numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"range() of {len(numbers)} numbers: a template may use {MAX_RANGE}")
    return numbers


@cache
def environment(folder: Templates) -> SandboxedEnvironment:
    """The Jinja environment of the game drawn from ``folder`` (its templates first, then the
    shared ones)."""
    loader = ProjectLoader(folder)
    env = _Sandbox(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=[LineMarks],
    )
    env.globals.update(
        range=_range,
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
        paragraphs = [value] if isinstance(value, str) else list(value)
        content = "\n".join(paragraphs)
        numbers = (x, y, width, height, size, min_size or size, line_height)
        if any(isinstance(n, float) and not math.isfinite(n) for n in numbers):
            raise ValueError("text() takes finite numbers (a box, sizes, a line height)")
        self.budget.step(TEXT_STEPS + len(content))
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
        self.budget.step(measured)
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
            self.budget.step(measured)
        step = fitted.size * line_height
        cap = cap_height(face) * fitted.size
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

    def handout(self, handout: Handout, page: Paper) -> str | None:
        """A handout page of ``page``'s size (mm). Its template sees every deck's cards as
        ``decks`` (a deduction sheet draws the tiles from the card data)."""
        self.fitter.where = _Where(None, handout, self.locale.lang)
        decks = {deck.id: [card.template_data() for card in deck.cards] for deck in self.game.decks}
        context = {"page": page, "decks": decks, "handout": handout.id}
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
            "text": self.fitter.text,
            "number": self._number,
            "plural": self._plural,
            **context,
        }
        self.fitter.boxes = []
        self.fitter.asked = []
        self.fitter.budget = budget = Budget()
        sandbox = cast(_Sandbox, environment(self.game.templates))
        try:
            with sandbox.spending(budget):
                svg = _render_bounded(sandbox.get_template(name), context)
        except Exception as error:  # the template is a stranger's code: its failures are its own
            self._report(self._template_problem(error, name, card))
            return None
        drawn = unmarked(svg)
        root = self._check_svg(svg, drawn, name)
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

    def _check_svg(self, marked: str, drawn: str, name: str) -> ElementTree.Element | None:
        """The parsed SVG (with the line marks of :mod:`~generator.render.borders` where they
        parse), after reporting what the build could not draw or may not read in the SVG as
        it is drawn, ``drawn``, each at the template line that wrote it where one can be
        found."""
        root = None
        try:
            root = ElementTree.fromstring(marked)
        except ElementTree.ParseError:
            try:  # a column is counted in the SVG without the marks, as it is drawn
                root = ElementTree.fromstring(drawn)
            except ElementTree.ParseError as error:
                rendered = drawn.splitlines()[error.position[0] - 1 :][:1]
                file, line = self._writing(rendered[0].strip() if rendered else "", name)
                what = f"the rendered SVG is not valid XML: {error}"
                self._report(Problem(file, line, "svg", what))
        self._check_references(drawn, name)
        for family in set(re.findall(r'font-family="([^"]+)"', drawn)) - FAMILIES:
            file, line = self._writing(f'font-family="{family}"', name)
            what = f"{family!r} is not a shipped font ({', '.join(sorted(FAMILIES))})"
            self._report(Problem(file, line, "font-family", what))
        return root

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

    def _check_references(self, svg: str, name: str) -> None:
        """Every file the SVG refers to must be one the build may read: validation refuses
        what the build would refuse, at the template line that names it."""
        for reference in named_files(svg):
            problem = _reference_problem(reference, self.game.templates)
            if problem is not None:
                file, line = _line_naming(reference, self.game.templates, name)
                self._report(Problem(file, line, "href", problem))


def named_files(svg: str) -> list[str]:
    """What ``svg`` refers to outside itself, in order: every :data:`REFERENCE` but fragments
    (``#id``) and blanks."""
    if not any(mark in svg for mark in REFERENCE_MARKS):
        return []
    found = (next(g for g in match.groups() if g is not None) for match in REFERENCE.finditer(svg))
    return [reference for reference in found if reference.strip() and not reference.startswith("#")]


@cache
def _reference_problem(reference: str, folder: Templates) -> str | None:
    """Faces share their references (every wagon names the same icons): check each once."""
    return asset_problem(reference, folder)


def _line_naming(reference: str, folder: Templates, name: str) -> tuple[str, int]:
    """The template file and line that write ``reference``: the face's own template first,
    then the others of its game and the shared ones; the face's template if none does."""
    first = folder / name
    candidates = [first, *(p for place in search_path(folder) for p in sorted(place.glob("*.j2")))]
    for path in candidates:
        for number, line in enumerate(template_text(path, folder).splitlines(), start=1):
            if reference in line:
                return shown(path, folder), number
    return shown(first, folder), 0


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


@cache
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
    """Fitting is pure and the same text recurs on many cards (eleven wagons share an ability);
    with the fit, the characters it measured, which every face fitting it is charged."""
    measure = _Measure(face)
    fitted = fit(content, width, height, size, min_size, measure, line_height, max_lines)
    if fitted is None:
        return None, measure.characters
    widths = tuple(measure(line, fitted.size) for line in fitted.lines)
    return _Fitted(fitted.size, fitted.lines, widths), measure.characters


@cache
def _overflowing(content: str, face: Font, width: float, size: float) -> tuple[_Fitted, int]:
    """Text that fits no size, wrapped at ``size`` as if the box were as tall as it needs (a
    word wider than the box on a line of its own), to show how far it runs out; with the
    characters measured."""
    measure = _Measure(face)
    lines = tuple(wrap(content, width, size, measure, wide_words=True) or ())
    widths = tuple(measure(line, size) for line in lines)
    return _Fitted(size, lines, widths), measure.characters


@cache
def _missing_glyphs(content: str, face: Font) -> tuple[str, ...]:
    """The characters of ``content`` the font cannot draw, found once per text and font."""
    return tuple(missing_glyphs(content, face))


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
