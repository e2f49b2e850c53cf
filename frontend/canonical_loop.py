"""The canonical loop forms of a loop-associated OpenMP directive
(OpenMP 5.2 §4.4.1), brought to the few the lowering reads.

:func:`normalize` rewrites the loops a directive is associated with, in
place, before its handler lowers them:

* the test ``b relop var`` becomes ``var relop' b`` (``10 > i`` is ``i <
  10``);
* the increments ``var = var + incr``, ``var = incr + var`` and ``var = var
  - incr`` become ``var += incr`` and ``var -= incr``;
* a test ``var != b`` becomes ``var < b`` when the increment is 1 and ``var
  > b`` when it is -1 (``++``, ``--``, ``+= 1``, ``-= 1``, ``+= -1``, ``-=
  -1``), as gcc 12 reads it; any other increment is gcc's error.

Other forms are left for the handlers' own errors.  Rewriting is idempotent,
so a body lowered twice (an outlined construct) is read the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspirec.frontend.symbols import const_eval, fail
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext

#: The test ``b OP var`` read as ``var MIRRORED[OP] b``.
MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}


def normalize(ctx: LoweringContext, loops: list[c_ast.For]) -> None:
    """Rewrite each of ``loops`` (a directive's associated loops, outermost
    first) into the forms above."""
    for loop in loops:
        name = _variable(loop)
        if name is None:
            continue
        cond = loop.cond
        if (
            isinstance(cond, c_ast.BinaryOp)
            and cond.op in MIRRORED
            and _is(cond.right, name)
            and not _is(cond.left, name)
        ):
            loop.cond = c_ast.BinaryOp(MIRRORED[cond.op], cond.right, cond.left, cond.coord)
        loop.next = _compound_increment(loop.next, name)
        cond = loop.cond
        if isinstance(cond, c_ast.BinaryOp) and cond.op == "!=" and _is(cond.left, name):
            step = _unit_step(ctx, loop.next, name)
            if step is None:
                raise fail("increment is not constant 1 or -1 for '!=' condition", loop.next)
            op = "<" if step > 0 else ">"
            loop.cond = c_ast.BinaryOp(op, cond.left, cond.right, cond.coord)


def _variable(loop: c_ast.For) -> str | None:
    """The name ``loop``'s initialisation declares or assigns, if any."""
    init = loop.init
    if isinstance(init, c_ast.DeclList) and len(init.decls) == 1:
        return init.decls[0].name
    if isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
        return init.lvalue.name
    return None


def _is(node: c_ast.Node | None, name: str) -> bool:
    return isinstance(node, c_ast.ID) and node.name == name


def _compound_increment(step: c_ast.Node | None, name: str) -> c_ast.Node | None:
    """``step`` with ``var = var + e``, ``var = e + var`` and ``var = var - e``
    as ``var += e`` and ``var -= e``; any other ``step`` unchanged."""
    if not (isinstance(step, c_ast.Assignment) and step.op == "=" and _is(step.lvalue, name)):
        return step
    value = step.rvalue
    if not isinstance(value, c_ast.BinaryOp) or value.op not in ("+", "-"):
        return step
    if _is(value.left, name):
        return c_ast.Assignment(f"{value.op}=", step.lvalue, value.right, step.coord)
    if value.op == "+" and _is(value.right, name):
        return c_ast.Assignment("+=", step.lvalue, value.left, step.coord)
    return step


def _unit_step(ctx: LoweringContext, step: c_ast.Node | None, name: str) -> int | None:
    """1 or -1: what ``step`` adds to the variable, if it is one of those
    constants; else None."""
    if isinstance(step, c_ast.UnaryOp) and _is(step.expr, name) and step.op in _UNIT_OPERATORS:
        return _UNIT_OPERATORS[step.op]
    if isinstance(step, c_ast.Assignment) and step.op in ("+=", "-=") and _is(step.lvalue, name):
        amount = const_eval(step.rvalue, ctx.resolver, ctx.scope)
        if amount in (1, -1):
            return amount if step.op == "+=" else -amount
    return None


_UNIT_OPERATORS = {"++": 1, "p++": 1, "--": -1, "p--": -1}
