"""The sandbox every template runs in: Jinja's, counting on a budget.

Jinja's sandbox keeps a template away from Python's internals; :class:`Sandbox` also keeps it
from the machine's time and memory (what each operation costs is
:mod:`~generator.render.budget`'s cost model). The compiled code counts what the sandbox does
not see (loops, comparisons, slices, printing: :class:`CountingGenerator`); the sandbox counts
every call, filter, test, operator and collected output before it runs (:meth:`Sandbox.call`,
:meth:`Sandbox.call_binop`...); :class:`SandboxTemplate` sends a template's printed values and
``~`` through the sandbox, and runs the code that runs once per process (compiling, the top of
an imported template) on a small budget of its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from functools import update_wrapper
from types import CodeType, FunctionType
from typing import Any, TypeVar, cast

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, operators, optimizeconst
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.runtime import BlockReference, LoopContext, Macro, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from generator.render.budget import (
    CALL_STEPS,
    FILTER_STEPS,
    MAX_BITS,
    Budget,
    bounded,
    code_size,
    compare,
    counted,
    huge_power,
    shown_number,
    too_large,
    too_large_message,
    too_large_to_use,
)
from generator.render.callsizes import call_size, few_digits, filter_size, summed_size
from generator.render.operationsizes import (
    escaped_scale,
    format_size,
    joined_size,
    operator_size,
    sliced_size,
    string_method_size,
)
from generator.render.valuesize import NUMBERS, text_size

MAX_RANGE = 10_000
"""The most numbers ``range()`` may give a template."""
MAX_CALL_DEPTH = 64
"""How deep a template's calls may nest (a macro calling itself)."""

F = TypeVar("F", bound=Callable[..., Any])

_SELF_COUNTING: list[Callable[..., Any]] = []
"""The functions given to templates that count on the face's budget what they read and make
themselves (``text(...)``): :meth:`Sandbox.call` leaves them to it."""


def counts_itself(function: F) -> F:
    """Mark ``function`` (a method given to templates bound) as counting on the face's budget
    what it reads and makes: the sandbox's call does not count its arguments for it."""
    _SELF_COUNTING.append(function)
    return function


def _counts_itself(obj: Any) -> bool:
    function = getattr(obj, "__func__", None)
    return function is not None and any(function is known for known in _SELF_COUNTING)


def _plain_number(node: nodes.Node) -> bool:
    """Whether ``node`` is a number written in the template, not past 64 bits."""
    return (
        isinstance(node, nodes.Const)
        and type(node.value) in (int, float)
        and abs(node.value) < 2**64
    )


def _fraction(node: nodes.Node) -> bool:
    """Whether ``node`` is a fraction written in the template (``0.5``, ``1e3``), finite."""
    return isinstance(node, nodes.Const) and type(node.value) is float and math.isfinite(node.value)


class CountingGenerator(CodeGenerator):
    """Jinja's compiler, writing code that counts on the face's budget what the sandbox does
    not see (it sees calls, attributes, subscripts and arithmetic only):

    - every ``for`` loop takes its items through ``environment.iterate``, a step each, and
      each round starts by charging the size of the loop's body
      (:func:`~generator.render.budget.code_size`, ``environment.spend``);
    - the template, and each macro, call block and block, starts by charging its size: each
      include, call or ``self.name()`` runs it again;
    - every comparison goes through ``environment.compare`` (or, in a chain, each side through
      ``environment.read``), every slice through ``environment.sliced`` and every key of a
      ``{...}`` through ``environment.read``;
    - every printed value goes through the sandbox, escaped or not
      (:meth:`_output_child_pre`);
    - a whole number written in the template past
      :data:`~generator.render.budget.MAX_BITS` bits is refused as it compiles.

    Jinja allows no node types of our own: a loop's sequence, and a node standing for a charge,
    are known by their identity while the template is written."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sequences: dict[int, int] = {}
        self._charges: dict[int, int] = {}

    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        for constant in node.find_all(nodes.Const):
            if too_large(constant.value):
                self.fail(
                    f"{shown_number(constant.value)} is too large: a template's whole numbers "
                    f"have at most {MAX_BITS:,} bits",
                    constant.lineno,
                )
        bodies: list[list[nodes.Node]] = [node.body]
        for runs in node.find_all((nodes.Block, nodes.Macro, nodes.CallBlock)):
            bodies.append(cast(Any, runs).body)
        for body in bodies:
            self._charge(body)
        super().visit_Template(node, frame)

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        """Each item a step (and the size of the loop's ``if``), each round run the size of
        the body, charged as the round starts: a recursive loop's ``loop(...)`` runs the same
        body on items the sandbox counts (:meth:`Sandbox.call`)."""
        self._sequences[id(node.iter)] = 1 + (code_size([node.test]) if node.test else 0)
        self._charge(node.body)
        super().visit_For(node, frame)

    def _charge(self, body: list[nodes.Node]) -> None:
        """Start ``body`` with a node standing for charging its size."""
        charge = nodes.ExprStmt(nodes.Const(None), lineno=body[0].lineno if body else 1)
        self._charges[id(charge)] = code_size(body)
        body.insert(0, charge)

    def visit(self, node: nodes.Node, *args: Any, **kwargs: Any) -> Any:
        key = id(node)
        if key in self._charges:
            self.writeline(f"environment.spend({self._charges.pop(key)})", node)
            return None
        if key not in self._sequences:
            return super().visit(node, *args, **kwargs)
        size = self._sequences.pop(key)
        self.write("environment.iterate(")
        super().visit(node, *args, **kwargs)
        self.write(f", {size})")
        return None

    def _output_child_pre(
        self, node: nodes.Expr, frame: Frame, finalize: CodeGenerator._FinalizeInfo
    ) -> None:
        """Jinja's, but where escaping is off it prints through ``printed_text`` (the
        sandbox's :meth:`Sandbox.printing_text`, counted) instead of Python's ``str``, which
        would print anything, however large, uncounted."""
        if frame.eval_ctx.volatile:
            self.write("(escape if context.eval_ctx.autoescape else printed_text)(")
        elif frame.eval_ctx.autoescape:
            self.write("escape(")
        else:
            self.write("printed_text(")
        if finalize.src is not None:
            self.write(finalize.src)

    @optimizeconst
    def visit_Add(self, node: nodes.BinExpr, frame: Frame) -> None:
        """``a + 2``: a number added to anything makes no long text or list (a text plus a
        number fails), and grows a number by a bit at most; so the sandbox need not check it
        (most of a face's arithmetic is a coordinate plus a constant)."""
        self._binop(node, "+", frame, _plain_number(node.left) or _plain_number(node.right))

    @optimizeconst
    def visit_Sub(self, node: nodes.BinExpr, frame: Frame) -> None:
        """``a - 2``: as ``a + 2``."""
        self._binop(node, "-", frame, _plain_number(node.left) or _plain_number(node.right))

    @optimizeconst
    def visit_Mul(self, node: nodes.BinExpr, frame: Frame) -> None:
        """``a * 0.5``: a fraction repeats nothing (``'x' * 0.5`` fails) and grows a number
        by a bit at most."""
        self._binop(node, "*", frame, _fraction(node.left) or _fraction(node.right))

    @optimizeconst
    def visit_Div(self, node: nodes.BinExpr, frame: Frame) -> None:
        """``a / 2``: a division by (or of) a small number written in the template makes a
        fraction in a few steps, whatever the other side."""
        self._binop(node, "/", frame, _plain_number(node.left) or _plain_number(node.right))

    @optimizeconst
    def visit_FloorDiv(self, node: nodes.BinExpr, frame: Frame) -> None:
        """``a // 2``: as ``a / 2``, and the result is no larger than ``a``."""
        self._binop(node, "//", frame, _plain_number(node.left) or _plain_number(node.right))

    def _binop(self, node: nodes.BinExpr, operator: str, frame: Frame, plain: bool) -> None:
        """``node``, through the sandbox unless ``plain``: then as Python writes it."""
        if not plain:
            getattr(super(), f"visit_{type(node).__name__}")(node, frame)
            return
        self.write("(")
        self.visit(node.left, frame)
        self.write(f" {operator} ")
        self.visit(node.right, frame)
        self.write(")")

    @optimizeconst
    def visit_Getitem(self, node: nodes.Getitem, frame: Frame) -> None:
        """A slice (which Jinja writes as Python's ``obj[a:b]``) through
        ``environment.sliced``: it copies."""
        if not isinstance(node.arg, nodes.Slice):
            super().visit_Getitem(node, frame)
            return
        self.write("environment.sliced(")
        self.visit(node.node, frame)
        self.write(", slice(")
        for part in (node.arg.start, node.arg.stop, node.arg.step):
            if part is None:
                self.write("None")
            else:
                self.visit(part, frame)
            self.write(", ")
        self.write("))")

    def visit_Dict(self, node: nodes.Dict, frame: Frame) -> None:
        """A mapping's keys through ``environment.read``: making it hashes them."""
        self.write("{")
        for index, item in enumerate(node.items):
            self.write(", environment.read(" if index else "environment.read(")
            self.visit(item.key, frame)
            self.write("): ")
            self.visit(item.value, frame)
        self.write("}")

    @optimizeconst
    def visit_Compare(self, node: nodes.Compare, frame: Frame) -> None:
        if len(node.ops) == 1:
            self.write(f"environment.compare({node.ops[0].op!r}, ")
            self.visit(node.expr, frame)
            self.write(", ")
            self.visit(node.ops[0].expr, frame)
            self.write(")")
            return
        self.write("(environment.read(")
        self.visit(node.expr, frame)
        self.write(")")
        for operand in node.ops:
            self.write(f" {operators[operand.op]} environment.read(")
            self.visit(operand.expr, frame)
            self.write(")")
        self.write(")")


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


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's sandbox (no attribute access to Python internals, no changing a list or a
    mapping in place), plus limits on what a template can make the machine do: a template is
    data from a stranger, not our code. Every face renders on a :class:`Budget`: the compiled
    code counts its loops and comparisons through :meth:`iterate`, :meth:`compare` and
    :meth:`read` (:class:`CountingGenerator`), and every call, filter, test, operator, slice,
    printed value and collected output is counted here before it runs."""

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

    def getitem(self, obj: Any, argument: Any) -> Any:
        """``obj[argument]``: a key that is not a number or a text counted as what hashing it
        reads."""
        if not isinstance(argument, (int, str)):
            self.budget.read(argument)
        return super().getitem(obj, argument)

    def sliced(self, obj: Any, part: slice) -> Any:
        """``obj[a:b:c]``, counted as what it copies (Jinja slices without :meth:`getitem`)."""
        self.budget.make(sliced_size(obj, part), "slicing")
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
            size = escaped_scale(text) * format_size(text, positional, given)  # values are escaped
            self.budget.make(size, f"{value.__name__}()")
            return formats(*args, **kwargs)

        return update_wrapper(counted_format, value)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """A call, counted before it runs; a whole number it returns past
        :data:`~generator.render.budget.MAX_BITS` bits refused (``(1).from_bytes(b, 'big')``)."""
        budget = __self.budget
        budget.step(CALL_STEPS)
        given = _arguments(kwargs)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, (str, bytes)):
            args = __self._string_method(owner, __obj.__name__, args, given)
        elif isinstance(__obj, LoopContext) and args:
            args = (counted(args[0], budget), *args[1:])
        elif owner is not None and type(owner) in NUMBERS:  # (5).to_bytes(n) makes n bytes
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
            result = super().call(__context, __obj, *args, **kwargs)
        finally:
            __self.depth -= 1
        if isinstance(result, int) and result.bit_length() > MAX_BITS:
            name = getattr(__obj, "__name__", "a call")
            raise SecurityError(f"{shown_number(result)} from {name}() is too large")
        return result

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
        """An operator: on numbers (the usual case), computed, its whole-number result past
        :data:`~generator.render.budget.MAX_BITS` bits refused (and a whole number too large
        to compute with, before); on anything else, counted first: what ``+``, ``*`` and
        ``%`` make, what ``-`` and ``/`` read (of sets: ``d.keys() - e.keys()``)."""
        if type(left) in NUMBERS and type(right) in NUMBERS and operator != "**":
            if too_large_to_use(left) or too_large_to_use(right):
                raise SecurityError(too_large_message(left, operator, right))
            result = self.binop_table[operator](left, right)
            if type(result) is int and result.bit_length() > MAX_BITS:
                raise SecurityError(too_large_message(left, operator, right))
            return result
        if operator == "**" and (
            huge_power(left, right) or too_large_to_use(left) or too_large_to_use(right)
        ):
            raise SecurityError(too_large_message(left, operator, right))
        budget = self.budget
        if operator in ("-", "/", "//"):
            budget.read(left, right)
        else:
            budget.make(operator_size(operator, left, right, budget.room), repr(operator))
        result = super().call_binop(context, operator, left, right)
        if too_large(result):
            raise SecurityError(f"the result of {operator} is too large")
        return result

    def _budgeted_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """Filter ``name`` counted before it runs: a step, reading its value, and what it
        makes (:func:`~generator.render.callsizes.filter_size`); its output, if made as it is
        read (``map``, ``select``...), a step per item. A plain value given no arguments
        (``x|int``, most of the filters a face runs) makes a few characters at most."""
        if name == "round":
            return self._budgeted_round(function)
        passed = 1 if hasattr(function, "jinja_pass_arg") else 0
        plain = passed + 1

        def run(*args: Any, **kwargs: Any) -> Any:
            budget = self.budget
            budget.step(FILTER_STEPS)
            if kwargs or len(args) != plain or type(args[passed]) not in NUMBERS:
                args = self._filter_arguments(name, args, kwargs, passed)
            result = function(*args, **kwargs)
            kind = type(result)
            if kind in NUMBERS or kind is str or kind is Markup:
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
        if type(args[passed]) not in NUMBERS:
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
        nothing, and a usual precision (:func:`~generator.render.callsizes.few_digits`) needs no
        more looking at; any other goes through its estimate, which refuses a large one."""
        makes = cast(Callable[..., int], filter_size("round"))

        def run(*args: Any, **kwargs: Any) -> Any:
            self.budget.step(FILTER_STEPS)
            if kwargs or len(args) > 2 or (len(args) == 2 and not few_digits(args[1])):
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


def template_range(*args: int) -> range:
    """``range`` for templates: at most :data:`MAX_RANGE` numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise SecurityError(f"range() of {len(numbers)} numbers: a template may use {MAX_RANGE}")
    return numbers
