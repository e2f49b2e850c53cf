"""Loop-like parallel paths λ (paper 000 §3.2.4, Algorithm 3).

Algorithm 3 walks every leaf address of a task context bottom-up and counts
a ``parallel`` invocation as loop-like when a loop lies above it on the way
to the context root.

Decisions where the paper leaves room:

* Counted are task spawns (``parallel(job[1..1])``) by address: a spawn in
  a function embedded at two call sites inside loops counts twice.
* Loops are ``for``, ``while`` and ``do`` statements, worksharing loops
  (``pfor``, an OpenMP ``for``) and range jobs (``taskloop``): a spawn in
  any part of a loop (header or body) is repeated by it.
* A range job is itself a loop-like path: it spawns one logical task per
  chunk of its range, so it counts as one spawn with a loop above it, and
  every task spawn in its body counts as well.
* Recursion is not a loop here; that is ρ's business.

Cost: one pair of counts per distinct node (:func:`inspire.visitor.fold`).
"""

from __future__ import annotations

from collections.abc import Sequence

from inspirec.analyses.contexts import is_range_job
from inspirec.inspire.nodes import LOOP_KINDS, Lambda, Node
from inspirec.inspire.parallel import is_builtin_call, is_task_spawn
from inspirec.inspire.visitor import fold


def _combine(node: Node, kids: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(spawns below ``node`` with a loop in between, spawns without)."""
    looped = sum(k[0] for k in kids)
    plain = sum(k[1] for k in kids)
    if is_task_spawn(node):
        plain += 1
    if is_range_job(node):
        return (looped + plain + 1, 0)
    if isinstance(node, LOOP_KINDS) or is_builtin_call(node, "pfor"):
        return (looped + plain, 0)
    return (looped, plain)


def loop_parallel_paths(context: Lambda, memo: dict | None = None) -> int:
    """λ of the task context ``context`` (see the module docstring)."""
    return fold(context, _combine, memo)[0]
