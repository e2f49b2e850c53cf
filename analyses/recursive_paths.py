"""Recursive parallel paths ρ (paper 000 §3.2.4, Algorithm 2).

Algorithm 2 walks every leaf address of a task context bottom-up, notes a
call through a :class:`~inspire.nodes.LambdaReference` (in this IR such a
call always closes a recursion, see :mod:`inspire.nodes`), and counts the
path when a ``parallel`` call lies between that call site and the
definition binding the callee.  A recursive helper that runs entirely
inside a task (``fib_seq`` called from a spawned task) closes its cycle
*below* the spawn and is not counted.

Decisions where the paper leaves room:

* ρ counts *call sites by address*, not leaves: one recursive call with many
  leaves below it is one path, and a function embedded at two call sites
  contributes its recursive calls twice (once per address).
* The walk covers the context's whole sub-DAG, including the bodies of the
  non-recursive functions it calls (they are embedded there); it does not
  follow references into the other members of the context's own recursive
  set, whose bodies lie outside the context.
* For a context that is itself a member of a recursive set, the callee's
  definition is just above the context root; no ``parallel`` lies between
  the root and that definition, so such a call counts exactly when a
  ``parallel`` encloses it inside the context.
* Any ``parallel`` counts (task or region), and so does a range job
  (``taskloop``): all put the call on another work item.

Cost: one summary per distinct node (:func:`inspire.visitor.fold`), each a
small map over the references still open below it, so the analysis follows
the DAG even when the address tree is exponential; counts are exact
integers of the address tree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from inspirec.inspire.nodes import CallExpr, Lambda, LambdaDefinition, LambdaReference, Node
from inspirec.inspire.parallel import is_builtin_call
from inspirec.inspire.visitor import fold


@dataclass(frozen=True)
class _Summary:
    """Recursive calls below a node.

    ``open`` maps each reference not bound below the node to the number of
    call sites through it, split into (with a ``parallel`` between the call
    and the node, without).  ``closed`` counts recursive parallel paths
    whose definition lies below the node.
    """

    open: dict[LambdaReference, tuple[int, int]] = field(default_factory=dict)
    closed: int = 0


_EMPTY = _Summary()


def _combine(node: Node, kids: Sequence[_Summary]) -> _Summary:
    if not any(k.open or k.closed for k in kids) and not _is_reference_call(node):
        return _EMPTY
    opened: dict[LambdaReference, tuple[int, int]] = {}
    closed = 0
    for k in kids:
        closed += k.closed
        for ref, (par, seq) in k.open.items():
            p, s = opened.get(ref, (0, 0))
            opened[ref] = (p + par, s + seq)
    if _is_reference_call(node):
        p, s = opened.get(node.function, (0, 0))
        opened[node.function] = (p, s + 1)
    if is_builtin_call(node, "parallel") or is_builtin_call(node, "taskloop"):
        opened = {ref: (par + seq, 0) for ref, (par, seq) in opened.items()}
    if isinstance(node, LambdaDefinition):
        for b in node.bindings:
            par, _ = opened.pop(b.reference, (0, 0))
            closed += par
    return _Summary(opened, closed)


def _is_reference_call(node: Node) -> bool:
    return isinstance(node, CallExpr) and isinstance(node.function, LambdaReference)


def recursive_parallel_paths(context: Lambda, memo: dict | None = None) -> int:
    """ρ of the task context ``context`` (see the module docstring).

    ``memo`` may be shared between contexts of one program.
    """
    summary = fold(context, _combine, memo)
    return summary.closed + sum(par for par, _ in summary.open.values())
