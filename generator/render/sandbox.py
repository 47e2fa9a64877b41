"""The sandbox every template runs in: Jinja's, counting on a budget.

Jinja's sandbox keeps a template away from Python's internals; :class:`Sandbox` also keeps it
from the machine's time and memory (what each operation costs is
:mod:`~generator.render.budget`'s cost model). The compiled code counts what the sandbox does
not see (loops, comparisons, slices, printing:
:class:`~generator.render.compiler.CountingGenerator`); the sandbox counts every call, filter,
test and operator (:class:`~generator.render.sandboxcalls.CountedCalls`), and every printed
value and collected output, before it runs; :class:`SandboxTemplate` sends a template's printed
values and ``~`` through the sandbox, and runs the code that runs once per process (compiling,
the top of an imported template) on a small budget of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, MutableMapping, Sequence
from contextlib import contextmanager
from types import CodeType, FunctionType
from typing import Any, cast

import jinja2
from jinja2 import nodes
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.runtime import markup_join, str_join
from markupsafe import Markup, escape

from generator.problems import clipped, did_you_mean
from generator.render.budget import CALL_STEPS, Budget, compare, counted
from generator.render.compiler import CountingGenerator
from generator.render.operationsizes import sliced_size
from generator.render.sandboxcalls import CountedCalls
from generator.render.valuesize import NUMBERS, text_size

MAX_RANGE = 10_000
"""The most numbers ``range()`` may give a template."""


class SandboxTemplate(jinja2.Template):
    """A template whose printed values, ``~`` and output go through the face's budget
    (:class:`Sandbox`), and which remembers the template lines of its compiled code's lines."""

    _lines: dict[int, int]

    @classmethod
    def from_code(
        cls,
        environment: jinja2.Environment,
        code: CodeType,
        globals: MutableMapping[str, Any],
        uptodate: Callable[[], bool] | None = None,
    ) -> jinja2.Template:
        """The compiled code finds ``escape`` (what every ``{{ ... }}`` calls),
        ``printed_text`` (what it calls where ``{% autoescape false %}`` turned escaping off,
        :meth:`CountingGenerator._output_child_pre`), and ``markup_join`` and ``str_join``
        (what ``~`` calls) among its module's names: replaced there, they are what the
        template's blocks and macros call."""
        template = cast(SandboxTemplate, super().from_code(environment, code, globals, uptodate))
        sandbox = cast(Sandbox, environment)
        names = cast(FunctionType, template.root_render_func).__globals__
        names.update(
            escape=sandbox.printing,
            printed_text=sandbox.printing_text,
            markup_join=sandbox.joining,
            str_join=sandbox.joining,
        )
        template._lines = {}
        return template

    def get_corresponding_lineno(self, lineno: int) -> int:
        """Jinja's answer, kept: Jinja parses the template's whole table of lines to give it,
        and the template line of every ``text(...)`` call is asked for."""
        if lineno not in self._lines:
            self._lines[lineno] = super().get_corresponding_lineno(lineno)
        return self._lines[lineno]

    def _get_default_module(self, ctx: Any = None) -> Any:
        """An imported template's names are made once per process (Jinja keeps them): on a
        small budget of their own (:meth:`Budget.top_level`), so that no face pays for them
        depending on which came first, and a game of many templates cannot spend minutes
        making them."""
        if self._module is None:
            budget = Budget.top_level("an imported template's top level", "in its top level")
            with cast(Sandbox, self.environment).spending(budget):
                self._module = self.make_module()
        return super()._get_default_module(ctx)


class Sandbox(CountedCalls):
    """Jinja's sandbox (no attribute access to Python internals, no changing a list or a
    mapping in place), plus limits on what a template can make the machine do: a template is
    data from a stranger, not our code. Every face renders on a :class:`Budget`: the compiled
    code counts its loops and comparisons through :meth:`iterate`, :meth:`compare` and
    :meth:`read` (:class:`CountingGenerator`), and every slice, printed value and collected
    output is counted here before it runs (every call, filter, test and operator in
    :class:`~generator.render.sandboxcalls.CountedCalls`)."""

    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})
    """Every operator: each either makes a long string or list, or computes with whole
    numbers, whose size is checked (:data:`~generator.render.budget.MAX_BITS`). The compiled
    code works out anything plus, minus or divided by a number written in the template, or
    times a fraction written there, without the sandbox (:class:`CountingGenerator`)."""
    template_class = SandboxTemplate
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
        """Run on ``budget`` for a while (a face, compiling, making an imported template's
        names)."""
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
        """Compiling folds constant expressions, filters included: on a small budget of its
        own (a template is compiled once per process, by whichever face first needs it)."""
        with self.spending(Budget.top_level("compiling the template", "while it compiles")):
            return super()._generate(source, name, filename, defer_init)

    def _load_template(
        self, name: str, globals: MutableMapping[str, Any] | None
    ) -> jinja2.Template:
        """A template to include, import or extend: a call's steps (an include in a loop
        renders it each round, with a copy of the context). Named as the loader finds it
        (``./a.j2`` and ``a.j2`` are one template, kept once, compiled once)."""
        self.budget.step(CALL_STEPS)
        if isinstance(name, str):
            name = "/".join(split_template_path(name))
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
        if kind in NUMBERS:
            return str(value)
        if kind is Markup:
            return cast(Markup, value)
        budget = self.budget
        if kind is str and budget.characters + len(value) <= budget.max_characters:
            budget.characters += len(value)
        else:
            budget.make(text_size(value, budget.room), "printing")
        return escape(value)

    def printing_text(self, value: Any) -> str:
        """What a template prints of ``value`` where ``{% autoescape false %}`` turned
        escaping off: ``str(value)``, counted first (a list holding one list 100,000 times
        prints as 10^15 characters)."""
        if type(value) in NUMBERS:
            return str(value)
        budget = self.budget
        budget.make(text_size(value, budget.room), "printing")
        return str(value)

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

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute``; on a mapping of data (a locale's texts, a card, a palette) its
        key first, so a deck named ``items`` is ``t.items``, not a mapping's method; a key it
        lacks says which keys it has, where the template asks (a card added without its text:
        ``t.heroes[card.id]``)."""
        if not isinstance(obj, dict):
            return super().getattr(obj, attribute)
        if attribute in obj:
            return obj[attribute]
        if hasattr(dict, attribute):
            return super().getattr(obj, attribute)
        return self.undefined(hint=missing_key(obj, attribute), obj=obj, name=attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        """``obj[argument]``: a key that is not a number or a text counted as what hashing it
        reads; a text key a mapping lacks says which keys it has."""
        if not isinstance(argument, (int, str)):
            self.budget.read(argument)
        if isinstance(obj, dict) and isinstance(argument, str) and argument not in obj:
            return self.undefined(hint=missing_key(obj, argument), obj=obj, name=argument)
        return super().getitem(obj, argument)

    def sliced(self, obj: Any, part: slice) -> Any:
        """``obj[a:b:c]``, counted as what it copies (Jinja slices without :meth:`getitem`)."""
        self.budget.make(sliced_size(obj, part), "slicing")
        return obj[part]


def missing_key(mapping: dict[Any, Any], key: str) -> str:
    """What a template is told when it asks a mapping of data for a key it lacks: the key and
    the keys it has (a text a card needs and a locale lacks, a misspelt colour)."""
    names = [str(name) for name in mapping]
    if hint := did_you_mean(key, names):
        return f"no {key!r} here{hint}"
    keys = ", ".join(clipped(name, 40) for name in names[:12])
    more = ", ..." if len(mapping) > 12 else ""
    return f"no {key!r} here (the keys here: {keys}{more})" if keys else f"no {key!r} here"


def template_range(*args: int) -> range:
    """``range`` for templates: at most :data:`MAX_RANGE` numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"range() of {len(numbers)} numbers: a template may use {MAX_RANGE}")
    return numbers
