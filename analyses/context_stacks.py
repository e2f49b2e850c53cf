"""Per-context stacks: each spawn site's work items need only their own task
context's stack (beyond paper 000, which sets one stack size for the whole
program, §3.3.3).

The runtime gives every work item a fiber of the program's ``stack_bytes``
(the maximum over the contexts and regions); what a smaller need changes is
where a task waiting for its children may run one of them nested on its own
stack instead of suspending (``inspire_task_set_stack`` in
``inspire_rt.h``): with the need of the child's context instead of the
program's maximum, children of small contexts nest where they fit, so fewer
tasks suspend and fewer fibers are mapped.

Invariants:

* A context's need is its stack estimate rounded as the aggregate rounds the
  program's (a power of two, at least ``MIN_STACK_BYTES``), so it never
  exceeds the program's stack before overrides.
* Only needs strictly below the chosen ``stack_bytes`` (after ``--param``
  overrides) are kept: the others are the runtime's default need.
* Only ``--tuning full`` uses them; the other tunings keep one stack size,
  as their name promises (``none`` the runtime's defaults, ``paper`` paper
  000's rules).
* A job spawned from two contexts (a shared body) needs the larger of the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from inspirec.analyses.aggregate import MIN_STACK_BYTES, ContextResult, round_up_pow2
from inspirec.analyses.policies import Choice
from inspirec.inspire.nodes import BindExpr

#: The tuning whose work items get per-context stacks.
TUNING = "full"


@dataclass(frozen=True)
class ContextStack:
    """The stack the work items of one task context need (below the program's)."""

    function: str
    location: str
    stack_bytes: int


def context_need(context: ContextResult) -> int:
    """The stack a work item of ``context`` needs, rounded as the aggregate rounds."""
    return max(MIN_STACK_BYTES, round_up_pow2(context.stack_bytes))


def job_stack_needs(
    contexts: Sequence[tuple[ContextResult, Sequence[BindExpr]]], choice: Choice
) -> tuple[dict[BindExpr, int], tuple[ContextStack, ...]]:
    """The need of every job (by its closure) whose context needs less than
    ``choice``'s ``stack_bytes``, and those contexts, in context order;
    nothing unless ``choice`` is ``--tuning full``'s."""
    if choice.tuning != TUNING:
        return {}, ()
    program_stack = choice.config.stack_bytes
    needs: dict[BindExpr, int] = {}
    for context, binds in contexts:
        for bind in binds:
            needs[bind] = max(needs.get(bind, 0), context_need(context))
    kept = {bind: need for bind, need in needs.items() if need < program_stack}
    shown = tuple(
        ContextStack(context.function, context.location, max(kept[bind] for bind in binds))
        for context, binds in contexts
        if binds and all(bind in kept for bind in binds)
    )
    return kept, shown
