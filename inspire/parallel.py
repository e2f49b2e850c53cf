"""Queries on the parallel constructs of the IR (paper 000, Table 2).

The frontend encodes

* a task spawn as ``parallel(job[1..1] => bind [captures] () -> unit {...})``
  (its value, a ``threadgroup``, is either discarded or stored in a local);
* a parallel region as ``merge(parallel(job[lo..hi] => bind ...))`` with a
  team size that is not the literal 1;
* ``taskwait`` as ``merge_all()``, a join of one group as ``merge(g)``;
* a worksharing loop as ``pfor(lo, hi, step, schedule, chunk, bind(i) {...})``;
* a taskgroup as ``{ taskgroup_begin(); {...} taskgroup_end(); }``: the end
  waits for every task spawned between the two, descendants included, so it
  is a wait (like ``merge_all``, for more than the direct children) that no
  pass may move or remove.

The recognisers below read those shapes (analyses, passes and the backend
use them); the builders next to them make them (the OpenMP and the thread
lowering use them), so that the encoding is described in one place.  A
builder's result is recognised by its recogniser: ``is_task_spawn(task(...))``
and ``is_region(region(...))`` hold whenever the team size is not the literal
1, ``is_taskgroup(taskgroup(...))`` always, ``spawned_job`` returns the job a
builder made.
"""

from __future__ import annotations

from inspirec.inspire import types as t
from inspirec.inspire.builtins import builtin
from inspirec.inspire.nodes import (
    NO_DETACH,
    BindExpr,
    Builtin,
    CallExpr,
    CastExpr,
    CompoundStmt,
    Expr,
    JobExpr,
    Literal,
    Loc,
    Node,
)
from inspirec.inspire.typecheck import make_call

_ONE = Literal(t.INT4, "1")
_ZERO = Literal(t.INT4, "0")


def builtin_call_name(node: Node) -> str | None:
    """The builtin's name if ``node`` is a call of a builtin, else None."""
    if isinstance(node, CallExpr) and isinstance(node.function, Builtin):
        return node.function.name
    return None


def is_builtin_call(node: Node, name: str) -> bool:
    """Whether ``node`` calls the builtin ``name``."""
    return builtin_call_name(node) == name


def spawned_job(node: Node) -> JobExpr | None:
    """The job of ``parallel(job)``, or None if ``node`` is not such a call."""
    if is_builtin_call(node, "parallel") and isinstance(node.args[0], JobExpr):
        return node.args[0]
    return None


def is_thread_spawn(node: Node) -> bool:
    """Whether ``node`` spawns a converted POSIX or C11 thread (``parallel``
    of a ``job[1 .. 1] thread``)."""
    job = spawned_job(node)
    return job is not None and job.thread


def int_literal(node: Node) -> int | None:
    """The value of an integer literal (possibly under casts), else None."""
    while isinstance(node, CastExpr):
        node = node.expr
    if isinstance(node, Literal):
        text = node.value.rstrip("uUlL")
        try:
            return int(text, 0)
        except ValueError:
            return None
    return None


def is_task_spawn(node: Node) -> bool:
    """Whether ``node`` is ``parallel(job[1..1] => ...)``: the spawn of one task."""
    job = spawned_job(node)
    return job is not None and int_literal(job.lo) == 1 and int_literal(job.hi) == 1


def is_region(node: Node) -> bool:
    """Whether ``node`` is ``merge(parallel(job))`` of a job that is not a single task."""
    if not is_builtin_call(node, "merge"):
        return False
    inner = node.args[0]
    return spawned_job(inner) is not None and not is_task_spawn(inner)


def job_body(node: Node) -> BindExpr | None:
    """The closure a task spawn, region, ``pfor`` or ``taskloop`` runs, if it is a closure."""
    job = spawned_job(node)
    if job is None and is_region(node):
        job = spawned_job(node.args[0])
    if job is not None:
        return job.body if isinstance(job.body, BindExpr) else None
    if is_builtin_call(node, "pfor") or is_builtin_call(node, "taskloop"):
        body = node.args[-1]
        return body if isinstance(body, BindExpr) else None
    return None


# ------------------------------------------------------------------ builders


def task(
    body: Expr,
    if_: Expr = _ONE,
    final: Expr = _ZERO,
    depends: tuple[Expr, ...] = (),
    priority: Expr = _ZERO,
    loc: Loc | None = None,
    detach: Expr = NO_DETACH,
    thread: bool = False,
) -> CallExpr:
    """``parallel(job[1..1] => body)``: spawn one task running ``body : () -> unit``.

    ``if_`` false runs it undeferred, ``final`` true makes it and its
    descendants included tasks, ``depends`` are its dependences (it starts
    after the earlier tasks of the same creator they name), ``priority`` its
    priority, ``detach`` the reference its event handle is stored through
    (:data:`~inspire.nodes.NO_DETACH`: none); its value is the task's
    ``threadgroup``.  ``thread``: a thread the program creates
    (:attr:`~inspire.nodes.JobExpr.thread`).
    """
    job = JobExpr(t.JOB, _ONE, _ONE, body, if_, final, depends, priority, detach, thread)
    return _spawn(job, loc)


def dependence_wait(depends: tuple[Expr, ...], loc: Loc | None = None) -> CallExpr:
    """Wait for the earlier tasks of the current task that ``depends`` name
    (``taskwait depend(...)``): an empty undeferred task with those dependences."""
    empty = BindExpr(t.function([], t.UNIT), (), (), CompoundStmt(()))
    return task(empty, _ZERO, _ZERO, depends, loc=loc)


def region(body: Expr, team_size: Expr, loc: Loc | None = None) -> CallExpr:
    """``merge(parallel(job[1..n] => body))``: a parallel region of up to
    ``team_size`` threads (an ``int<4>``) each running ``body``, waited for."""
    return merge(_spawn(JobExpr(t.JOB, _ONE, team_size, body, _ONE, _ZERO), loc), loc)


def merge(group: Expr, loc: Loc | None = None) -> CallExpr:
    """``merge(group)``: wait for the thread group ``group`` (a ``threadgroup``)."""
    return make_call(builtin("merge"), (group,), loc)


def merge_all(loc: Loc | None = None) -> CallExpr:
    """``merge_all()``: wait for every group the current thread launched."""
    return make_call(builtin("merge_all"), (), loc)


def taskgroup(body: CompoundStmt, loc: Loc | None = None) -> CompoundStmt:
    """``{ taskgroup_begin(); body taskgroup_end(); }``: run ``body`` and wait for
    every task it created, descendants included.  ``body`` must not branch out
    (the frontend rejects that, as OpenMP does for a structured block)."""
    begin = make_call(builtin("taskgroup_begin"), (), loc)
    end = make_call(builtin("taskgroup_end"), (), loc)
    return CompoundStmt((begin, body, end))


def is_taskgroup(node: Node) -> bool:
    """Whether ``node`` is a taskgroup block as :func:`taskgroup` builds it."""
    return (
        isinstance(node, CompoundStmt)
        and len(node.stmts) == 3
        and is_builtin_call(node.stmts[0], "taskgroup_begin")
        and is_builtin_call(node.stmts[2], "taskgroup_end")
    )


def _spawn(job: JobExpr, loc: Loc | None) -> CallExpr:
    return make_call(builtin("parallel"), (job,), loc)
