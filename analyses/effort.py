"""Effort (granularity) estimation (paper 000 §3.2.5, Algorithm 4).

The effort of a node is, by default, the sum of its children's efforts.
Special cases:

* a builtin call costs its entry in the builtins table
  (:mod:`inspire.builtins`) plus its arguments;
* a call of a function with a body costs its arguments plus the effort of
  the callee's body; a call through a lambda reference (a recursive call)
  costs :data:`RECURSIVE_CALL_EFFORT`: its work is that of the tasks or
  calls it becomes, which the context's own estimate stands for;
* a call of a function without a body costs its entry in
  :mod:`analyses.externals`; a call through a function pointer costs
  :data:`analyses.externals.UNKNOWN`;
* a loop costs (header + body) times its trip count: the exact count for a
  counted loop whose bounds and step are integer literals
  (``for (i = a; i < b; i += s)`` and the ``<=``, ``>``, ``>=``, ``!=``
  forms, and ``pfor``), else :data:`UNKNOWN_TRIP_COUNT` (100, as the paper);
* branches are not weighted: both arms of an ``if`` count (the paper's
  branch-invariant estimate);
* a spawned job counts its closure and body once, in the spawning code: the
  effort of a context is the work its code stands for, tasks included.

A function value that is not called (a function pointer taken) costs
nothing.  Efforts are integers; they grow as products of trip counts, so
they may be large.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspirec.analyses.externals import UNKNOWN, cost_of
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.lambdas import lambda_of
from inspirec.inspire.nodes import (
    Builtin,
    CallExpr,
    DeclStmt,
    DoWhileStmt,
    ForStmt,
    Global,
    Lambda,
    LambdaBinding,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Node,
    Type,
    Variable,
    WhileStmt,
)
from inspirec.inspire.parallel import builtin_call_name, int_literal
from inspirec.inspire.visitor import by_label, fold

UNKNOWN_TRIP_COUNT = 100
RECURSIVE_CALL_EFFORT = 10

_COMPARE = {"lt", "le", "gt", "ge", "ne"}
_STEP = {"post_inc": 1, "pre_inc": 1, "post_dec": -1, "pre_dec": -1}


def _counted(var: Node, start: int | None, cond: Node, steps: Sequence[Node]) -> int | None:
    """Trip count of ``for (var = start; cond; steps)`` when all are literal, else None."""
    op = builtin_call_name(cond)
    if start is None or op not in _COMPARE or len(steps) != 1:
        return None
    lhs, rhs = cond.args
    if builtin_call_name(lhs) != "ref_deref" or lhs.args[0] is not var:
        return None
    bound = int_literal(rhs)
    step_op = builtin_call_name(steps[0])
    if bound is None or step_op is None or steps[0].args[0] is not var:
        return None
    if step_op in _STEP:
        step = _STEP[step_op]
    elif step_op in ("assign_add", "assign_sub"):
        amount = int_literal(steps[0].args[1])
        if amount is None or amount == 0:
            return None
        step = amount if step_op == "assign_add" else -amount
    else:
        return None
    return trip_count(start, bound, step, op)


def trip_count(start: int, bound: int, step: int, compare: str) -> int | None:
    """Iterations of ``for (i = start; i <compare> bound; i += step)`` (None if unbounded)."""
    if compare == "le":
        bound, compare = bound + 1, "lt"
    elif compare == "ge":
        bound, compare = bound - 1, "gt"
    if compare == "lt":
        return max(0, -(-(bound - start) // step)) if step > 0 else (0 if start >= bound else None)
    if compare == "gt":
        return max(0, -(-(start - bound) // -step)) if step < 0 else (0 if start <= bound else None)
    if (bound - start) % step == 0 and (bound - start) // step >= 0:
        return (bound - start) // step  # "ne"
    return None


def for_trip_count(loop: ForStmt) -> int | None:
    """The static trip count of a counted ``for`` loop, else None."""
    init = loop.init.stmts
    if len(init) == 1 and isinstance(init[0], DeclStmt):
        var, start = init[0].var, int_literal(init[0].decl.init)
    elif len(init) == 1 and builtin_call_name(init[0]) == "assign":
        var, start = init[0].args[0], int_literal(init[0].args[1])
    else:
        return None
    if not isinstance(var, Variable):
        return None
    return _counted(var, start, loop.cond, loop.step.stmts)


def _call_effort(node: CallExpr, kids: Sequence[int], memo: dict[Node, int]) -> int:
    fn = node.function
    named = by_label(node, kids)
    arg_efforts = [named[f"args[{i}]"] for i in range(len(node.args))]
    args = sum(arg_efforts)
    if isinstance(fn, Builtin):
        if fn.name == "pfor":
            # pfor(lo, hi, step, schedule, chunk, body)
            lo, hi, step = (int_literal(a) for a in node.args[:3])
            trips = None
            if lo is not None and hi is not None and step:
                trips = trip_count(lo, hi, step, "lt" if step > 0 else "gt")
            header, body = sum(arg_efforts[:5]), arg_efforts[5]
            return BUILTINS["pfor"].effort + header + body * _or_default(trips)
        return BUILTINS[fn.name].effort + args
    if isinstance(fn, LambdaExpr):
        return args + effort(lambda_of(fn), memo)
    if isinstance(fn, LambdaReference):
        return args + RECURSIVE_CALL_EFFORT
    if isinstance(fn, Global):
        return args + cost_of(fn.name).effort
    return args + named["function"] + UNKNOWN.effort


def _or_default(trips: int | None) -> int:
    return UNKNOWN_TRIP_COUNT if trips is None else trips


def _combiner(memo: dict[Node, int]):
    def combine(node: Node, kids: Sequence[int]) -> int:
        if isinstance(node, Type | LambdaExpr | LambdaDefinition | LambdaBinding):
            return 0
        if isinstance(node, CallExpr):
            return _call_effort(node, kids, memo)
        if isinstance(node, ForStmt):
            part = by_label(node, kids)
            header_and_body = part["cond"] + part["step"] + part["body"]
            return part["init"] + header_and_body * _or_default(for_trip_count(node))
        if isinstance(node, WhileStmt | DoWhileStmt):
            return sum(kids) * UNKNOWN_TRIP_COUNT
        return sum(kids)

    return combine


def effort(node: Node, memo: dict[Node, int] | None = None) -> int:
    """The estimated effort of running ``node`` (a function: its body).

    ``memo`` may be shared between calls on one program.
    """
    memo = {} if memo is None else memo
    if isinstance(node, Lambda):
        return fold(node.body, _combiner(memo), memo)
    return fold(node, _combiner(memo), memo)
