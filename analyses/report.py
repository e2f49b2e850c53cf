"""Running every analysis on a program: :func:`analyze_program` -> :class:`Analysis`.

The pipeline is: task contexts (:mod:`analyses.contexts`), per context ρ,
λ, effort, stack and closure (one module each), the aggregate
(:mod:`analyses.aggregate`), the parameter policy
(:mod:`analyses.policies`), plus the decisions of the synchronization
coalescing pass that produced the analysed program, and the granularity of
every range job (``taskloop``: :class:`RangeResult`).  All memo tables are
shared across contexts, so the whole analysis costs one pass per distinct
node and analysis.

:meth:`Analysis.to_json` is the schema of ``inspirec analyze --json``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from inspirec.analyses.aggregate import Aggregate, ContextResult, RegionResult, aggregate
from inspirec.analyses.closure import max_closure_size
from inspirec.analyses.coalesce import CoalescingDecision
from inspirec.analyses.context_stacks import ContextStack, job_stack_needs
from inspirec.analyses.contexts import is_range_job, parallel_regions, task_contexts
from inspirec.analyses.effort import effort, range_effort
from inspirec.analyses.hybrid import HybridDecision
from inspirec.analyses.loop_paths import loop_parallel_paths
from inspirec.analyses.policies import Choice, choose, with_overrides
from inspirec.analyses.recursive_paths import recursive_parallel_paths
from inspirec.analyses.search_state import search_state
from inspirec.analyses.stack import StackEstimator
from inspirec.inspire.nodes import BindExpr, Loc, Program
from inspirec.inspire.parallel import is_thread_spawn, job_body
from inspirec.inspire.sizes import struct_table


def location(loc: Loc | None) -> str:
    """``file.c:LINE`` (``<unknown>`` when the IR carries no location)."""
    return str(loc) if loc is not None else "<unknown>"


@dataclass(frozen=True)
class RangeResult:
    """The granularity of one range job (see :class:`analyses.effort.RangeEffort`).

    ``iterations`` is None when the iteration count is not a literal (the
    chunk count then assumes the unknown trip count); ``per_iteration`` is
    None when the body has no driver loop.
    """

    function: str
    location: str
    iterations: int | None
    per_task: int
    chunks: int
    per_iteration: int | None
    chunk_effort: int


@dataclass(frozen=True)
class Analysis:
    """Everything ``inspirec analyze`` reports about one program.

    ``context_stacks`` are the task contexts whose work items need less stack
    than the program's (:mod:`analyses.context_stacks`), and ``job_stacks``
    that need by job closure, for the backend (not part of the report).
    """

    contexts: tuple[ContextResult, ...]
    regions: tuple[RegionResult, ...]
    aggregate: Aggregate
    choice: Choice
    coalescing: tuple[CoalescingDecision, ...]
    ranges: tuple[RangeResult, ...] = ()
    hybrid: tuple[HybridDecision, ...] = ()
    context_stacks: tuple[ContextStack, ...] = ()
    job_stacks: Mapping[BindExpr, int] = field(default_factory=dict)

    def to_json(self) -> dict:
        """The report as plain data (the ``inspirec analyze --json`` schema)."""
        agg = self.aggregate
        return {
            "contexts": [
                {
                    "function": c.function,
                    "location": c.location,
                    "recursive_paths": c.recursive_paths,
                    "loop_paths": c.loop_paths,
                    "effort": c.effort,
                    "stack_bytes": c.stack_bytes,
                    "closure_bytes": c.closure_bytes,
                    "spawn_sites": list(c.spawn_sites),
                    "stack_guessed": c.stack_guessed,
                }
                for c in self.contexts
            ],
            "regions": [
                {
                    "function": r.function,
                    "location": r.location,
                    "stack_bytes": r.stack_bytes,
                    "stack_guessed": r.stack_guessed,
                }
                for r in self.regions
            ],
            "aggregate": {
                "recursive_paths": agg.recursive_paths,
                "loop_paths": agg.loop_paths,
                "effort": agg.effort,
                "stack_bytes": agg.stack_bytes,
                "closure_bytes": agg.closure_bytes,
                "search_state": list(agg.search_state),
                "stack_guessed": list(agg.stack_guessed),
            },
            "parameters": {"tuning": self.choice.tuning, **self.choice.config.values()},
            "reasons": dict(self.choice.reasons),
            "ranges": [
                {
                    "function": r.function,
                    "location": r.location,
                    "iterations": r.iterations,
                    "iterations_per_task": r.per_task,
                    "chunks": r.chunks,
                    "effort_per_iteration": r.per_iteration,
                    "effort_per_chunk": r.chunk_effort,
                }
                for r in self.ranges
            ],
            "hybrid": _decisions(self.hybrid),
            "coalescing": _decisions(self.coalescing),
            "context_stacks": [
                {"function": c.function, "location": c.location, "stack_bytes": c.stack_bytes}
                for c in self.context_stacks
            ],
        }


def _decisions(decisions: Sequence[CoalescingDecision | HybridDecision]) -> list[dict]:
    """A pass's decisions as JSON objects, in their order."""
    return [
        {"function": d.function, "location": d.location, "applied": d.applied, "reason": d.reason}
        for d in decisions
    ]


def analyze_program(
    program: Program,
    tuning: str = "full",
    overrides: Mapping[str, int | str] | None = None,
    coalescing: Sequence[CoalescingDecision] = (),
    hybrid: Sequence[HybridDecision] = (),
    context_stacks: bool = True,
) -> Analysis:
    """Analyse ``program`` and choose its runtime parameters with policy ``tuning``;
    ``coalescing`` and ``hybrid`` are the decisions of the passes that produced it;
    ``context_stacks`` false gives every work item the program's stack."""
    structs = struct_table(program)
    stacks = StackEstimator(structs)
    rho_memo: dict = {}
    lambda_memo: dict = {}
    effort_memo: dict = {}
    results = []
    context_binds: list[list[BindExpr]] = []
    ranges = []
    for ctx in task_contexts(program):
        for site in filter(is_range_job, ctx.spawns):
            r = range_effort(site, effort_memo)
            ranges.append(
                RangeResult(
                    ctx.name,
                    location(site.loc),
                    r.iterations,
                    r.per_task,
                    r.chunks,
                    r.per_iteration,
                    r.chunk,
                )
            )
        binds = [b for b in map(job_body, ctx.spawns) if b is not None]
        context_binds.append(binds)
        results.append(
            ContextResult(
                function=ctx.name,
                location=location(ctx.loc),
                recursive_paths=recursive_parallel_paths(ctx.lambda_, rho_memo),
                loop_paths=loop_parallel_paths(ctx.lambda_, lambda_memo),
                effort=effort(ctx.lambda_, effort_memo),
                stack_bytes=stacks.context_stack(binds, ctx.definition),
                closure_bytes=max_closure_size(ctx.spawns, structs),
                spawn_sites=tuple(location(s.loc) for s in ctx.spawns),
                # A converted POSIX or C11 thread expects a thread's stack (8 MiB
                # by default) for code inspirec cannot see into (libraries).
                stack_guessed=stacks.context_assumes_depth(binds, ctx.definition)
                or any(is_thread_spawn(s) for s in ctx.spawns),
            )
        )
    regions = []
    for region in parallel_regions(program):
        bind = job_body(region.call)
        if bind is not None:
            regions.append(
                RegionResult(
                    region.function,
                    location(region.loc),
                    stacks.job_stack(bind),
                    stacks.job_assumes_depth(bind),
                )
            )
    agg = aggregate(results, regions, search_state(program))
    choice = with_overrides(choose(tuning, agg), overrides or {})
    per_context = list(zip(results, context_binds, strict=True)) if context_stacks else []
    job_stacks, shown = job_stack_needs(per_context, choice)
    return Analysis(
        tuple(results),
        tuple(regions),
        agg,
        choice,
        tuple(coalescing),
        tuple(ranges),
        tuple(hybrid),
        shown,
        job_stacks,
    )
