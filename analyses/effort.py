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
* a range job ``taskloop(n, tasks, grain, flags, bind(a, b))`` costs its
  header, its captures, and its chunk effort times its number of chunks
  (:func:`range_effort`): a chunk (one logical task) is the body once, with
  the driver loop over ``[a, b)`` run for the iterations per task;
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
from dataclasses import dataclass

from inspirec.analyses.externals import UNKNOWN, cost_of
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.lambdas import lambda_of
from inspirec.inspire.nodes import (
    BindExpr,
    Builtin,
    CallExpr,
    CastExpr,
    CompoundStmt,
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
        if fn.name == "taskloop":
            chunk = range_effort(node, memo)
            header = sum(arg_efforts[:4]) + sum(memo[c] for c in node.args[4].captures)
            return BUILTINS["taskloop"].effort + header + chunk.chunk * chunk.chunks
        return BUILTINS[fn.name].effort + args
    if isinstance(fn, LambdaExpr):
        return args + effort(lambda_of(fn), memo)
    if isinstance(fn, LambdaReference):
        return args + RECURSIVE_CALL_EFFORT
    if isinstance(fn, Global):
        return args + cost_of(fn.name).effort
    return args + named["function"] + UNKNOWN.effort


@dataclass(frozen=True)
class RangeEffort:
    """The granularity of a range job: the effort of one chunk (logical task).

    ``per_task`` is the number of iterations one logical task runs:
    ``grain`` when the job has a strict grain; ``g`` when ``tasks`` is
    ``n / g`` (``grainsize(g)``; each task runs g to 2g - 1 iterations, g is
    the estimate); 1 when ``tasks`` is ``n`` itself (no clause: the runtime
    splits down to single iterations); ``ceil(n / tasks)`` for literal
    ``tasks`` (``num_tasks``); and 1 (the finest split) for a task count the
    analysis cannot read.  ``n`` is the literal iteration count or
    :data:`UNKNOWN_TRIP_COUNT`; ``chunks`` is ``ceil(n / per_task)``.

    ``per_iteration`` is the effort of one iteration of the driver loop (the
    frontend's ``for (k = a; k < b; k++)`` over the task's range, found in
    the body's top-level blocks), None when the body has no driver loop
    (hand-written IR): the body then runs once per chunk as it is.
    ``chunk`` is the body's effort with the driver run ``per_task`` times.
    """

    iterations: int | None
    per_task: int
    chunks: int
    per_iteration: int | None
    chunk: int


def range_effort(call: CallExpr, memo: dict[Node, int] | None = None) -> RangeEffort:
    """The :class:`RangeEffort` of the range job ``call`` (``memo`` as in :func:`effort`)."""
    memo = {} if memo is None else memo
    n_arg, tasks_arg, grain_arg, _flags, bind = call.args
    iterations = int_literal(n_arg)
    n = _or_default(iterations)
    grain, tasks = int_literal(grain_arg), int_literal(tasks_arg)
    if grain is not None and grain > 0:
        per_task = grain
    elif builtin_call_name(tasks_arg) == "div" and _same_value(tasks_arg.args[0], n_arg):
        per_task = max(1, int_literal(tasks_arg.args[1]) or 1)
    elif tasks is not None and tasks > 0:
        per_task = -(-n // tasks)
    else:
        per_task = 1
    chunks = max(1, -(-n // per_task)) if n else 0
    body = effort(bind.body, memo)
    driver = _driver_loop(bind) if isinstance(bind, BindExpr) else None
    if driver is None:
        return RangeEffort(iterations, per_task, chunks, None, body)
    per_iteration = memo[driver.cond] + memo[driver.step] + memo[driver.body]
    chunk = body - memo[driver] + memo[driver.init] + per_iteration * per_task
    return RangeEffort(iterations, per_task, chunks, per_iteration, chunk)


def _same_value(a: Node, b: Node) -> bool:
    """Whether ``a`` and ``b`` read the same value: the same node, casts aside."""
    return _uncast(a) is _uncast(b)


def _uncast(node: Node) -> Node:
    while isinstance(node, CastExpr):
        node = node.expr
    return node


def _driver_loop(bind: BindExpr) -> ForStmt | None:
    """The loop ``for (k = a; k < b; ...)`` over the range parameters ``(a, b)`` of
    a range job's body, searched in the body's blocks (not inside statements)."""
    if len(bind.params) != 2:
        return None
    hi = bind.params[1]
    blocks: list[CompoundStmt] = [bind.body]
    while blocks:
        for stmt in blocks.pop(0).stmts:
            if isinstance(stmt, CompoundStmt):
                blocks.append(stmt)
            elif isinstance(stmt, ForStmt) and builtin_call_name(stmt.cond) == "lt":
                bound = stmt.cond.args[1]
                if builtin_call_name(bound) == "ref_deref" and bound.args[0] is hi:
                    return stmt
    return None


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
