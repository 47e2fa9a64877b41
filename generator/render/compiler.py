"""The compiler of every template: Jinja's, writing code that counts on the face's budget what
the sandbox (:mod:`~generator.render.sandbox`) does not see: loops, comparisons, slices, the
keys of a mapping, printing, and the size of each piece of template code as it runs.
"""

from __future__ import annotations

import math
from typing import Any, cast

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame, operators, optimizeconst

from generator.render.budget import MAX_BITS, code_size, shown_number, too_large


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
        body on items the sandbox counts
        (:meth:`~generator.render.sandboxcalls.CountedCalls.call`)."""
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
        sandbox's :meth:`~generator.render.sandbox.Sandbox.printing_text`, counted) instead of
        Python's ``str``, which would print anything, however large, uncounted."""
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
