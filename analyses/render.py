"""Human-readable reports of an :class:`~analyses.report.Analysis`.

:func:`report_text` is what ``inspirec analyze`` prints: a table per task
context in the style of paper 000 Table 4 (function, location, ρ, λ,
effort, stack, closure, spawn sites), the aggregate and the chosen
parameters; with ``explain`` also the reason of every parameter, the
coalescing decisions, the stack estimates of parallel regions and the
granularity of every range job (``taskloop``: iterations per task, effort
per iteration and per chunk).  Context
values are the raw estimates; aggregate values are rounded as the runtime
receives them.
"""

from __future__ import annotations

from inspirec.analyses.config import PARAMETERS
from inspirec.analyses.report import Analysis

_SI = ((10**15, "P"), (10**12, "T"), (10**9, "G"), (10**6, "M"), (10**3, "K"))


def effort_text(value: float) -> str:
    """An effort with an SI suffix, as paper 000 Table 4 writes it (``2.6 T``)."""
    for scale, suffix in _SI:
        if value >= scale:
            return f"{value / scale:.1f} {suffix}"
    return f"{value:.1f}" if value != int(value) else str(int(value))


def bytes_text(n: int) -> str:
    """Bytes in binary units (``16 KiB``), exact bytes below 1 KiB."""
    for scale, suffix in ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {suffix}" if value == int(value) else f"{value:.1f} {suffix}"
    return f"{n} B"


def _table(header: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        out = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def report_text(analysis: Analysis, explain: bool = False) -> str:
    """The ``inspirec analyze`` report (see the module docstring)."""
    out: list[str] = []
    if analysis.contexts:
        out.append("Task contexts:")
        rows = [
            [
                c.function,
                c.location,
                str(c.recursive_paths),
                str(c.loop_paths),
                effort_text(c.effort),
                bytes_text(c.stack_bytes),
                bytes_text(c.closure_bytes),
                ", ".join(c.spawn_sites),
            ]
            for c in analysis.contexts
        ]
        header = ["function", "location", "rho", "lambda", "effort", "stack", "closure", "spawns"]
        out.extend("  " + x for x in _table(header, rows, {2, 3, 4, 5, 6}))
    else:
        out.append("Task contexts: none (the program spawns no tasks)")
    agg = analysis.aggregate
    out.append("")
    out.append(
        f"Aggregate: rho = {agg.recursive_paths}, lambda = {agg.loop_paths}, "
        f"effort = {effort_text(agg.effort)}, stack = {bytes_text(agg.stack_bytes)}, "
        f"closure = {bytes_text(agg.closure_bytes)}"
    )
    if agg.search_state:
        out.append("Search state (globals tasks read and write): " + "; ".join(agg.search_state))
    choice = analysis.choice
    out.append("")
    out.append(f"Runtime parameters (--tuning {choice.tuning}):")
    for p in PARAMETERS:
        value = getattr(choice.config, p.name)
        shown = f"{value} ({bytes_text(value)})" if p.is_bytes else str(value)
        out.append(f"  {p.name:<20} {shown}")
    if analysis.context_stacks:
        out.append("")
        out.append(
            "Per-context stacks (their tasks run nested in a waiting parent where this much "
            "stack is free):"
        )
        for c in analysis.context_stacks:
            out.append(f"  {c.function} at {c.location}: {bytes_text(c.stack_bytes)}")
    if explain:
        out.append("")
        out.append("Why:")
        for name, why in choice.reasons.items():
            out.append(f"  {name}: {why}")
        if analysis.regions:
            out.append("")
            out.append("Parallel regions (their implicit tasks run on work-item stacks):")
            for r in analysis.regions:
                out.append(f"  {r.function} at {r.location}: stack {bytes_text(r.stack_bytes)}")
    if explain and analysis.ranges:
        out.append("")
        out.append("Range jobs (taskloop; each logical task runs one chunk of iterations):")
        for r in analysis.ranges:
            n = "unknown" if r.iterations is None else str(r.iterations)
            per = "" if r.per_iteration is None else f", {effort_text(r.per_iteration)} each"
            out.append(
                f"  {r.function} at {r.location}: {n} iterations, {r.per_task} per task{per}, "
                f"effort per chunk {effort_text(r.chunk_effort)} ({r.chunks} chunks)"
            )
    if explain:
        out.append("")
        out.append("Hybrid scheduling (loops that only spawn tasks):")
        if not analysis.hybrid:
            out.append("  no loop spawns tasks")
        for d in analysis.hybrid:
            verdict = "converted to a range job" if d.applied else "not converted"
            out.append(f"  {d.function} at {d.location}: {verdict}: {d.reason}")
    if analysis.coalescing or explain:
        out.append("")
        out.append("Synchronization coalescing:")
        if not analysis.coalescing:
            out.append("  no function joins individual thread groups")
        for d in analysis.coalescing:
            verdict = "applied" if d.applied else "not applied"
            out.append(f"  {d.function} at {d.location}: {verdict}: {d.reason}")
    return "\n".join(out) + "\n"
