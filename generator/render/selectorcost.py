"""What matching a face's stylesheets to its elements may cost cssselect2, counted from the
selectors as it parses them: the :data:`~generator.render.drawlimits.MAX_MATCHING` ways a face
may take are counted here, for :mod:`~generator.render.drawcost`.
"""

from __future__ import annotations

import math
import re
from typing import Any, NamedTuple

import cssselect2.parser
import tinycss2

HAS_STEPS = 20
"""What :data:`~generator.render.drawlimits.MAX_MATCHING` counts for each element a ``:has()``
passes, which cssselect2 wraps as it goes (measured: 2.9 microseconds each)."""


def parsed_selectors(prelude: list[Any]) -> list[Any]:
    """The selectors of a rule, parsed as cairosvg's cssselect2 parses them (none, for what
    it cannot parse: cairosvg then draws nothing)."""
    try:
        return [selector.parsed_tree for selector in cssselect2.parser.parse(prelude)]
    except cssselect2.parser.SelectorError:
        return []


class Shape(NamedTuple):
    """What matching a selector on an element costs depends on."""

    depth: int  # the element's
    deepest: int  # of an element of its document
    siblings: int  # the most children of one element
    elements: int  # of the document
    longest: int  # the longest attribute of the document
    cap: int  # past which the count stops


def matching_paths(tree: Any, shape: Shape) -> int:
    """At most how many ways cssselect2 tries to match the selector ``tree`` (its compiled
    code: ``any()`` over the ancestors for a descendant combinator, the earlier siblings for
    ``~``, nested for each) on one element: every choice of ancestors for the descendant
    parts, of siblings for the others, times what each part's ``:not()``, ``:is()``,
    ``:where()`` and ``:has()`` try."""
    cap = shape.cap
    descendants = earlier = 0
    nested = 1
    while isinstance(tree, cssselect2.parser.CombinedSelector):
        descendants += tree.combinator == " "
        earlier += tree.combinator == "~"
        nested = min(nested * _nested(tree.right, shape), cap)
        tree = tree.left
    nested = min(nested * _nested(tree, shape), cap)
    chains: int = math.comb(shape.depth, descendants)  # 0 if more than the ancestors
    spread: int = shape.siblings ** min(earlier, 64)  # past 64, past any cap
    return min(chains * min(spread, cap) * nested, cap)


def _nested(compound: Any, shape: Shape) -> int:
    """What one part of a selector tries: the selector lists inside it (``:has()`` on every
    element below; the others on the element itself), the siblings a pseudo-class counting
    them passes (``:nth-of-type()``, ``:last-child``..., again for each ``of S`` in it), and
    an attribute read whole for a substring or in any case (``[a*=b]``, ``[a=b i]``)."""
    tried = 1
    for simple in getattr(compound, "simple_selectors", ()):
        tried = min(tried * _simple(simple, shape), shape.cap)
        inner = getattr(simple, "selector_list", None)
        if inner is None:
            continue
        trees = [getattr(each, "parsed_tree", None) or each.selector.parsed_tree for each in inner]
        below = isinstance(simple, cssselect2.parser.RelationalSelector)  # :has()
        at = shape._replace(depth=shape.deepest) if below else shape
        paths = max(1, sum(matching_paths(tree, at) for tree in trees))
        tried = min(tried * (HAS_STEPS * shape.elements if below else 1) * paths, shape.cap)
    return tried


_SIBLING_PSEUDO = re.compile(r"nth|last|of-type")
"""The pseudo-classes cssselect2 answers by passing an element's siblings."""
_READ_WHOLE = frozenset({"*=", "^=", "$=", "~=", "|="})
"""The attribute operators that read an attribute's whole value."""


def _simple(simple: Any, shape: Shape) -> int:
    """What one simple selector of :func:`_nested` tries, besides its selector lists."""
    name = getattr(simple, "name", None)
    if isinstance(name, str) and _SIBLING_PSEUDO.search(name.lower()):
        arguments = tinycss2.serialize(getattr(simple, "arguments", None) or [])
        nested = len(re.findall(r"\bof\b", arguments.lower()))  # ``of S``: S on each sibling
        passed: int = shape.siblings ** min(1 + nested, 64)
        return min(passed, shape.cap)
    if isinstance(simple, cssselect2.parser.AttributeSelector) and (
        simple.operator in _READ_WHOLE or simple.case_sensitive is False
    ):
        return 1 + shape.longest // 64
    return 1
