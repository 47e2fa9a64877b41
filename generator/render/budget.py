"""What one card face's template may cost: a budget per rendered face.

Templates may come from strangers (an expansion's ``templates/`` folder). Jinja's sandbox keeps
a template away from Python's internals, not from the machine's time and memory: two nested
loops of 10,000 rounds, ``'x'|center(3000000000)``, a string doubled in a loop, a macro calling
itself twice per call, each ran for minutes. So every face renders on a :class:`Budget` of

- **steps**: each loop round, each call (of a function, method, macro, filter or test), each
  template included, and each item or character a comparison, a filter or a call reads (``x in
  list`` reads the list, ``text(...)`` every character it measures while fitting); and
- **characters**: each character (and list item) the template makes, counted *before* it is
  made, as much as the operation can make at most (``'x'|center(n)`` makes ``n``): the
  operation that would pass the budget never starts, so neither time nor memory runs away.

Both are counts, never times: the same build makes the same output and reaches the same verdict
on every machine, however busy. Template code that runs once per process (compiling, which
folds constants, and the top of a template others import, which Jinja keeps) runs on a small
budget of its own (:meth:`Budget.top_level`), so a face's count does not depend on which face
came first in its process, and a game's templates (at most
:data:`~generator.render.loader.MAX_TEMPLATES` of them) cannot spend more than about twenty
faces' worth before any face is drawn.

The limits are about twenty times what a shipped face takes, measured over every face of
every game in every language (``pnp build --no-cache``, with the rulebook pictures and the
handouts), and in the pseudo-locale ``qps``, whose texts run 40 % longer: the most steps were
:data:`SHIPPED_STEPS` (a Game of Trains wagon in ``qps``; 35,314 in Russian), the most
characters :data:`SHIPPED_CHARACTERS` (a 3x3 chess task card, counting what ``text(...)``
joins and draws); no face made more than 51 calls or 543 loop rounds, and no shipped template
is larger than 1,462 nodes (its code's steps, :func:`code_size`). A step is weighed as about the
time of a loop round (a node of template code, a character measured, an item read; a call is
:data:`CALL_STEPS` of them): at the limits a face stops within a second, in well under 100 MB.

This module is the budget; the cost model, what each operation reads and makes from its
arguments, is :mod:`~generator.render.valuesize` (what reading or printing a value reaches),
:mod:`~generator.render.operationsizes` (operators, string methods, formatting, joining) and
:mod:`~generator.render.callsizes` (Jinja's filters, the functions a template may call);
:mod:`~generator.render.sandbox` is where templates spend it.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, TypeVar

from jinja2 import nodes
from jinja2.exceptions import SecurityError

from generator.load.yaml_reader import MAX_INT_DIGITS
from generator.problems import clipped
from generator.render.valuesize import NUMBERS, weight

SHIPPED_STEPS = 35_450
"""The most steps a shipped face takes (measured, see the module's docstring)."""
SHIPPED_CHARACTERS = 66_800
"""The most characters a shipped face makes (measured, see the module's docstring)."""
MAX_STEPS = 750_000
"""The steps a face may take: 21.2 times :data:`SHIPPED_STEPS`."""
MAX_CHARACTERS = 1_300_000
"""The characters (and list items) a face may make: 19.5 times :data:`SHIPPED_CHARACTERS`."""
SHIPPED_TOP_LEVEL_STEPS = 1_757
"""The most steps the top level of a shipped template others import takes (an icon sheet,
Gear & Piston's, which only defines macros; Game of Trains' takes 1,646). Compiling a shipped
template folds constants worth no step at all."""
TOP_LEVEL_STEPS = 36_000
"""The steps compiling a template, or making the names of one that is imported, may take:
20.5 times :data:`SHIPPED_TOP_LEVEL_STEPS`, about a twentieth of a face's."""
TOP_LEVEL_CHARACTERS = 65_000
"""The characters compiling a template, or making an imported one's names, may make (no
shipped template makes any there): a twentieth of a face's."""
CALL_STEPS = 20
"""The steps of a call (of a macro, function or method): the time of 20 loop rounds."""
FILTER_STEPS = 4
"""The steps of a filter or a test, which Jinja calls directly: the time of 4 loop rounds."""
TEXT_STEPS = 100
"""The steps ``text(...)`` takes besides the characters it measures (finding its font and its
template line, placing its box): the time of 100 loop rounds."""
MAX_SIZE = 100_000
"""The longest string or list a template may make by repeating (``"x" * n``, ``"x".ljust(n)``),
and the largest number it may pass to a string method or a filter as a size."""
MAX_BITS: int = (10**MAX_INT_DIGITS).bit_length()
"""The largest whole number a template may compute, in bits (Python would compute larger ones,
ever more slowly: a number doubled in a loop): 4,096, enough for every number card data may
hold (:data:`generator.load.yaml_reader.MAX_INT_DIGITS`). A number written in a template and every
call's, filter's and operator's result are checked. What the compiled code works out without
the sandbox (a number written in the template added, subtracted or divided by, a fraction
multiplied by) adds a bit to a number at most, or makes a fraction: so no whole number a
template computes is much larger, and every operation on one is quick."""
STEPS = (
    f"the face takes more than {MAX_STEPS:,} steps (loop rounds, calls, items read): "
    f"a template may take {MAX_STEPS:,} per face"
)
"""Where a face's steps run out."""

T = TypeVar("T")


class Budget:
    """What one face (or one template's top level, :meth:`top_level`) has spent so far; each
    count raises Jinja's ``SecurityError`` (reported at the template's line) once past its
    limit."""

    __slots__ = ("characters", "max_characters", "max_steps", "per", "steps", "subject")

    def __init__(
        self,
        steps: int = MAX_STEPS,
        characters: int = MAX_CHARACTERS,
        subject: str = "the face",
        per: str = "per face",
    ) -> None:
        self.steps = 0
        self.characters = 0
        self.max_steps = steps
        self.max_characters = characters
        self.subject = subject
        """What spends the budget, as a message names it (``the face``)."""
        self.per = per
        """Where its limits apply, as a message says it (``per face``)."""

    @classmethod
    def top_level(cls, subject: str, per: str) -> Budget:
        """A budget of :data:`TOP_LEVEL_STEPS` and :data:`TOP_LEVEL_CHARACTERS` for template
        code that runs once per process, whichever face needs it first: compiling (which
        folds constant expressions) or making an imported template's names. Each gets a fresh
        one, so that a face's verdict never depends on which face came first in its process;
        a small one, as a process runs such code for every template it loads (up to
        :data:`~generator.render.loader.MAX_TEMPLATES`): compiling and importing all of them
        costs about twenty faces' worth of steps at most, once per process."""
        return cls(TOP_LEVEL_STEPS, TOP_LEVEL_CHARACTERS, subject, per)

    def step(self, count: int = 1) -> None:
        self.steps += count
        if self.steps > self.max_steps:
            raise SecurityError(self.out_of_steps())

    def out_of_steps(self) -> str:
        """What a template is told when the steps run out (:data:`STEPS` for a face)."""
        return (
            f"{self.subject} takes more than {self.max_steps:,} steps (loop rounds, calls, "
            f"items read): a template may take {self.max_steps:,} {self.per}"
        )

    def read(self, *values: object) -> None:
        """Steps for reading every part of ``values`` (comparing, hashing, sorting them)."""
        for value in values:
            kind = type(value)
            if kind in NUMBERS:
                self.steps += 1
            elif kind is str:
                self.steps += len(value) + 1  # type: ignore[arg-type]
            else:
                self.steps += weight(value, self.max_steps - self.steps)
        if self.steps > self.max_steps:
            raise SecurityError(self.out_of_steps())

    @property
    def room(self) -> int:
        """The characters still to be made."""
        return self.max_characters - self.characters

    def make(self, count: int, what: str) -> None:
        """Count ``count`` characters ``what`` is about to make, refusing before it does (an
        estimate below 0, from a negative width, makes nothing: it never gives any back)."""
        count = max(count, 0)
        if count > self.room:
            raise SecurityError(
                f"{what} would make more characters than {self.subject} has left: a template "
                f"may make {self.max_characters:,} {self.per}"
            )
        self.characters += count


def counted(iterable: Iterable[T], budget: Budget, steps: int = 1) -> Iterator[T]:
    """``iterable``, ``steps`` per item: a loop's rounds, the items a filter's output yields."""
    step = budget.step
    for item in iterable:
        step(steps)
        yield item


def bounded(*values: object) -> None:
    """Numbers a template passes to string making as sizes must stay below :data:`MAX_SIZE`."""
    for value in values:
        if isinstance(value, int) and abs(value) > MAX_SIZE:
            raise SecurityError(f"{shown_number(value)} is larger than a template may use")


def shown_number(value: int) -> str:
    """``value`` as a message shows it: one past 64 bits by its size (its digits would fill
    the message; Python would not even write one of 4,300 digits)."""
    if value.bit_length() <= 64:
        return str(value)
    return f"a number of {value.bit_length():,} bits"


def huge_power(base: object, exponent: object) -> bool:
    """Whole-number powers of more than :data:`MAX_BITS` bits."""
    if not (isinstance(base, int) and isinstance(exponent, int)) or abs(base) < 2:
        return False
    return exponent * math.log2(abs(base)) > MAX_BITS


def too_large(value: object) -> bool:
    """Whether ``value`` is a whole number past :data:`MAX_BITS` bits."""
    return isinstance(value, int) and value.bit_length() > MAX_BITS


def too_large_to_use(value: object) -> bool:
    """Whether ``value`` is a whole number no template computed (the card data's, say) too
    large to compute with: past the bit that adding a written number may add to
    :data:`MAX_BITS`. Multiplying or dividing two of them would take ever longer."""
    return type(value) is int and value.bit_length() > MAX_BITS + 1


def too_large_message(left: object, operator: str, right: object) -> str:
    """What a template is told of an operation whose number would be too large."""
    shown = [shown_number(v) if isinstance(v, int) else clipped(str(v)) for v in (left, right)]
    return f"{shown[0]} {operator} {shown[1]} is too large"


def compare(operator: str, left: Any, right: Any, budget: Budget) -> Any:
    """``left <operator> right``, a step per item the comparison may read: ``in`` a text reads
    the text, ``in`` a mapping or set hashes the value sought, ``in`` a list (or a range, for
    anything but a whole number) compares with every item; ``==`` and ordering read as far as
    the shorter side."""
    if operator not in ("in", "notin"):
        if type(left) in NUMBERS and type(right) in NUMBERS:
            budget.step()
        else:
            room = budget.max_steps - budget.steps
            budget.step(min(weight(left, room), weight(right, room)))
        return _COMPARISONS[operator](left, right)
    if isinstance(right, (str, bytes)):
        budget.step(len(right))
        budget.read(left)
    elif isinstance(right, (Mapping, AbstractSet)) or (
        isinstance(right, range) and type(left) is int
    ):
        budget.read(left)  # hashed, or a number looked up in a range
    else:
        budget.read(right)
    found = left in right
    return found if operator == "in" else not found


_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "gt": operator.gt,
    "gteq": operator.ge,
    "lt": operator.lt,
    "lteq": operator.le,
}


def code_size(body: Iterable[nodes.Node]) -> int:
    """The steps running ``body`` once takes: one per node of its syntax tree. Each node runs
    in about the time of a loop round (a name, an attribute, a comparison, a piece of text),
    and what a node's data can make cost more (reading a list, making a text) is counted when
    it runs; so a loop round, or a macro's call, takes the size of what it runs, which the
    template's author cannot make cheap to count and slow to run."""
    return sum(1 + sum(1 for _ in node.find_all(nodes.Node)) for node in body)
