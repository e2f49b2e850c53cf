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

:func:`check_perfect_nest` gives gcc's errors for a nest with fewer
perfectly nested loops than a ``collapse(n)`` or ``ordered(n)`` clause
associates.  :func:`check_non_rectangular` gives gcc 12's errors for a loop of a
non-rectangular nest (OpenMP 5.0: its start or bound uses an outer loop's
iteration variable): the only forms allowed are OpenMP's ``var-outer``,
``a1 * var-outer``, ``var-outer * a1`` and those plus or minus an invariant
``a2`` (or ``a2`` minus them), of one outer variable of the loop's own type;
the increment uses none; ``schedule``, ``ordered`` and ``dist_schedule``
are not allowed on such a nest.
"""

from __future__ import annotations

import linecache
import re
from typing import TYPE_CHECKING

from inspirec.frontend.cparse import c_nodes
from inspirec.frontend.ctypes import gcc_type
from inspirec.frontend.diagnostics import CompileError, error
from inspirec.frontend.symbols import const_eval, fail
from inspirec.inspire import nodes as n
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

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


def check_non_rectangular(
    ctx: LoweringContext,
    d: Directive,
    loop: c_ast.For,
    outer: list[n.Variable],
    outer_loops: list[c_ast.For],
    inner: n.Type,
) -> None:
    """gcc's errors for ``loop``, associated with loop directive ``d`` below
    the loops ``outer_loops`` of the iteration variables ``outer``, whose
    start or bound uses one of them (see the module
    docstring); ``inner`` is the type of its own iteration variable.  The
    difference of the outer variable's factors in the bound and the start,
    times its loop's step, must be a multiple of the loop's own step (when
    all are constants)."""
    names = {v.name: v for v in outer}
    increment = c_nodes(loop.next) if loop.next is not None else ()
    name = next((x.name for x in increment if isinstance(x, c_ast.ID) and x.name in names), None)
    if name is not None:
        raise d.error(f"increment expression refers to iteration variable '{name}'")
    init = loop.init
    start = init.decls[0].init if isinstance(init, c_ast.DeclList) else init.rvalue
    bound = loop.cond.right if isinstance(loop.cond, c_ast.BinaryOp) else None
    used: str | None = None
    for expr, what in ((start, "initializer"), (bound, "condition")):
        mentioned = sorted(_names(expr) & set(names))
        if not mentioned:
            continue
        at, operator = (expr, True) if what == "initializer" else (loop.cond, False)
        if len(mentioned) > 1:  # gcc names the innermost
            innermost = max(mentioned, key=[v.name for v in outer].index)
            message = f"{what} expression refers to iteration variable '{innermost}'"
            raise _error_at(message, at, operator)
        (name,) = mentioned
        if used is not None and name != used:
            message = (
                f"two different outer iteration variables '{used}' and '{name}' used in a "
                "single loop"
            )
            raise _error_at(message, at, operator)
        used = name
        if not _linear(expr, used):
            message = f"{what} expression refers to iteration variable '{used}'"
            raise _error_at(message, at, operator)
        ty = names[used].type.params[0]
        if ty is not inner:
            message = (
                f"outer iteration variable '{used}' used in {what} expression has type other "
                f"than '{gcc_type(inner)}'"
            )
            raise _error_at(message, at, operator)
    if used is None:
        return
    level = [v.name for v in outer].index(used)
    step = _constant_step(ctx, loop.next, _variable(loop))
    factors = [_factor(ctx, expr, used) for expr in (start, bound)]
    outer_step = _constant_step(ctx, outer_loops[level].next, used)
    if step in (None, 0) or outer_step is None or None in factors:
        return
    if (factors[1] - factors[0]) * outer_step % step:
        raise d.error(
            f"invalid OpenMP non-rectangular loop step; '({factors[1]} - {factors[0]}) * "
            f"{outer_step}' is not a multiple of loop {len(outer) + 1} step '{step}'"
        )


def _factor(ctx: LoweringContext, expr: c_ast.Node | None, name: str) -> int | None:
    """The constant factor of ``name`` in a linear form (see :func:`_linear`),
    0 if ``expr`` does not use it, None if the factor is not a constant."""
    if not _mentions(expr, {name}):
        return 0
    if _is(expr, name):
        return 1
    if isinstance(expr, c_ast.BinaryOp) and expr.op == "*":
        other = expr.right if _is(expr.left, name) else expr.left
        return const_eval(other, ctx.resolver, ctx.scope)
    if isinstance(expr, c_ast.BinaryOp) and expr.op in ("+", "-"):
        if _mentions(expr.left, {name}):
            return _factor(ctx, expr.left, name)
        factor = _factor(ctx, expr.right, name)
        return None if factor is None else (-factor if expr.op == "-" else factor)
    return None


def _constant_step(ctx: LoweringContext, step: c_ast.Node | None, name: str | None) -> int | None:
    """What the increment ``step`` adds to the variable ``name``, if constant."""
    if name is None:
        return None
    if isinstance(step, c_ast.UnaryOp) and _is(step.expr, name) and step.op in _UNIT_OPERATORS:
        return _UNIT_OPERATORS[step.op]
    if isinstance(step, c_ast.Assignment) and step.op in ("+=", "-=") and _is(step.lvalue, name):
        amount = const_eval(step.rvalue, ctx.resolver, ctx.scope)
        if amount is not None:
            return amount if step.op == "+=" else -amount
    return None


def _names(node: c_ast.Node | None) -> set[str]:
    """The identifiers ``node`` uses (none for no node)."""
    return {x.name for x in c_nodes(node) if isinstance(x, c_ast.ID)} if node is not None else set()


def _mentions(node: c_ast.Node | None, names) -> bool:
    return not _names(node).isdisjoint(names)


def _linear(expr: c_ast.Node, name: str) -> bool:
    """Whether ``expr`` is ``v``, ``a1 * v``, ``v * a1``, or one of those plus
    or minus ``a2``, or ``a2`` minus one of them (``a1``, ``a2`` not using ``v``)."""

    def scaled(x: c_ast.Node) -> bool:
        if _is(x, name):
            return True
        if isinstance(x, c_ast.BinaryOp) and x.op == "*":
            return (_is(x.left, name) and not _mentions(x.right, {name})) or (
                _is(x.right, name) and not _mentions(x.left, {name})
            )
        return False

    if scaled(expr):
        return True
    if isinstance(expr, c_ast.BinaryOp) and expr.op in ("+", "-"):
        if scaled(expr.left) and not _mentions(expr.right, {name}):
            return True
        return scaled(expr.right) and not _mentions(expr.left, {name})
    return False


def _error_at(message: str, expr: c_ast.Node, operator: bool) -> CompileError:
    """An error where gcc places it for the expression ``expr``: with
    ``operator``, a binary operation at its operator (found after a left
    operand that is a name or a number); else at its start."""
    at = expr.left if isinstance(expr, c_ast.BinaryOp) else expr
    coord = at.coord
    column = coord.column
    if operator and isinstance(at, c_ast.ID | c_ast.Constant) and at is not expr:
        line = linecache.getline(coord.file, coord.line)
        column = coord.column - 1 + len(at.name if isinstance(at, c_ast.ID) else at.value)
        while column < len(line) and line[column].isspace():
            column += 1
        column += 1
    return CompileError([error(message, coord.file, coord.line, column)])


def check_perfect_nest(loop: c_ast.For, depth: int) -> None:
    """gcc's error where the ``depth`` loops from ``loop`` are not perfectly
    nested: the statement of each loop but the innermost must be the next
    loop, or a block holding only it ("not enough perfectly nested loops
    before" the statement found instead, "collapsed loops not perfectly
    nested before" what follows the next loop in its block)."""
    for _ in range(depth - 1):
        inner = loop.stmt
        if isinstance(inner, c_ast.Compound):
            items = inner.block_items or []
            if not items:
                raise _before("not enough perfectly nested loops", inner, closing=True)
            if not isinstance(items[0], c_ast.For):
                raise _before("not enough perfectly nested loops", items[0])
            if len(items) > 1:
                raise _before("collapsed loops not perfectly nested", items[1])
            inner = items[0]
        elif not isinstance(inner, c_ast.For):
            raise _before("not enough perfectly nested loops", inner)
        loop = inner


def _before(message: str, node: c_ast.Node, closing: bool = False) -> CompileError:
    """``message before TOKEN`` at the first token of the statement ``node``
    (with ``closing``, at the ``}`` closing the empty block ``node``), the
    token named as gcc names it."""
    coord = node.coord
    line = linecache.getline(coord.file, coord.line)
    column = coord.column - 1
    if closing:  # the first token after the '{'
        column += 1
        while column < len(line) and line[column].isspace():
            column += 1
    word = _WORD.match(line, column)
    if word is not None:
        token = f"'{word.group()}'"
    elif column < len(line) and line[column].isdigit():
        token = "numeric constant"
    else:
        token = f"'{line[column : column + 1]}' token"
    return CompileError([error(f"{message} before {token}", coord.file, coord.line, column + 1)])


_WORD = re.compile(r"[A-Za-z_]\w*")
