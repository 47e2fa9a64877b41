"""Jinja's sandbox with every call it sees counted on the face's budget before it runs:
functions, methods and macros (:meth:`CountedCalls.call`), string methods and formatting,
operators (:meth:`CountedCalls.call_binop`), and Jinja's filters and tests (wrapped as
:class:`~generator.render.sandbox.Sandbox` installs them). What each makes is worked out from
its arguments (:mod:`~generator.render.operationsizes`, :mod:`~generator.render.callsizes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import update_wrapper
from typing import Any, TypeVar, cast

from jinja2.exceptions import SecurityError
from jinja2.runtime import BlockReference, LoopContext, Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup

from generator.render.budget import (
    CALL_STEPS,
    FILTER_STEPS,
    MAX_BITS,
    Budget,
    bounded,
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
    string_method_size,
)
from generator.render.valuesize import NUMBERS

MAX_CALL_DEPTH = 64
"""How deep a template's calls may nest (a macro calling itself)."""

F = TypeVar("F", bound=Callable[..., Any])

_SELF_COUNTING: list[Callable[..., Any]] = []
"""The functions given to templates that count on the face's budget what they read and make
themselves (``text(...)``): :meth:`CountedCalls.call` leaves them to it."""


def counts_itself(function: F) -> F:
    """Mark ``function`` (a method given to templates bound) as counting on the face's budget
    what it reads and makes: the sandbox's call does not count its arguments for it."""
    _SELF_COUNTING.append(function)
    return function


def _counts_itself(obj: Any) -> bool:
    function = getattr(obj, "__func__", None)
    return function is not None and any(function is known for known in _SELF_COUNTING)


class CountedCalls(ImmutableSandboxedEnvironment):
    """Jinja's sandbox counting, on :attr:`budget`, every call, operator, string formatting,
    filter and test a template makes, before it runs; a whole number one makes past
    :data:`~generator.render.budget.MAX_BITS` bits is refused."""

    budget: Budget
    """What the template running now spends (set by :class:`~generator.render.sandbox.Sandbox`)."""
    depth: int
    """How deep the calls running now nest."""

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
