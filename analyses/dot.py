"""The task structure of a program as Graphviz DOT (``inspirec analyze --dot``).

Nodes: one box per task context (function, location, ρ, λ) and one ellipse
per spawn site (its location; ``in loop`` when a loop encloses it inside
its function, i.e. it contributes to λ).  Edges: context -> each of its
spawn sites; spawn site -> each task context its job calls directly (bold
and labelled ``recursion`` when the call closes a recursion, i.e. goes
through a lambda reference, otherwise dashed).  Output is deterministic.
"""

from __future__ import annotations

from inspirec.analyses.contexts import TaskContext, is_range_job, own_code, task_contexts
from inspirec.analyses.report import Analysis, location
from inspirec.inspire.address import Address
from inspirec.inspire.lambdas import lambda_of
from inspirec.inspire.nodes import (
    LOOP_KINDS,
    CallExpr,
    Lambda,
    LambdaExpr,
    LambdaReference,
    Program,
)
from inspirec.inspire.parallel import is_builtin_call, spawned_job


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _spawn_addresses(ctx: TaskContext) -> list[Address]:
    """Addresses (relative to the context's lambda) of its spawns, the first one of each."""
    out: dict[CallExpr, Address] = {}
    for a in own_code(Address.root_of(ctx.lambda_), job_bodies=True):
        if a.node in ctx.spawns:
            out.setdefault(a.node, a)
    return list(out.values())


def _in_loop(a: Address) -> bool:
    """Whether the spawn at ``a`` is loop-like (a range job always is, see λ)."""

    def loop(x: Address) -> bool:
        node = x.node
        return isinstance(node, LOOP_KINDS) or is_builtin_call(node, "pfor") or is_range_job(node)

    return is_range_job(a.node) or a.first_ancestor(loop) is not None


def _called(
    spawn: CallExpr, contexts: dict[Lambda, TaskContext], by_name: dict[str, TaskContext]
) -> list[tuple[TaskContext, bool]]:
    """The contexts the spawned job calls (not looking into other functions), with recursion."""
    job = spawned_job(spawn)
    out: dict[str, tuple[TaskContext, bool]] = {}
    stack = [spawn.args[-1] if job is None else job.body]  # a range job: its closure
    seen = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if isinstance(node, CallExpr):
            fn = node.function
            if isinstance(fn, LambdaExpr) and lambda_of(fn) in contexts:
                ctx = contexts[lambda_of(fn)]
                out.setdefault(ctx.name, (ctx, False))
            elif isinstance(fn, LambdaReference) and fn.name in by_name:
                out[fn.name] = (by_name[fn.name], True)
        if isinstance(node, LambdaExpr):
            continue
        stack.extend(node.children)
    return [out[k] for k in sorted(out)]


def task_graph_dot(program: Program, analysis: Analysis) -> str:
    """The DOT text of ``program``'s task structure (see the module docstring)."""
    contexts = task_contexts(program)
    by_lambda = {c.lambda_: c for c in contexts}
    by_name = {c.name: c for c in contexts}
    results = {(r.function, r.location): r for r in analysis.contexts}
    lines = ["digraph tasks {", "  rankdir=LR;", "  node [fontname=Helvetica];"]
    for i, ctx in enumerate(contexts):
        r = results.get((ctx.name, location(ctx.loc)))
        label = f"{ctx.name}\n{location(ctx.loc)}"
        if r is not None:
            label += f"\nrho={r.recursive_paths} lambda={r.loop_paths}"
        lines.append(f"  c{i} [shape=box, label={_quote(label)}];")
    index = {c.name: i for i, c in enumerate(contexts)}
    for i, ctx in enumerate(contexts):
        for j, a in enumerate(_spawn_addresses(ctx)):
            spawn = a.node
            name = f"s{i}_{j}"
            kind = "taskloop" if is_range_job(spawn) else "spawn"
            label = f"{kind} {location(spawn.loc)}" + ("\nin loop" if _in_loop(a) else "")
            lines.append(f"  {name} [shape=ellipse, label={_quote(label)}];")
            lines.append(f"  c{i} -> {name};")
            for callee, recursive in _called(spawn, by_lambda, by_name):
                style = '[style=bold, label="recursion"]' if recursive else "[style=dashed]"
                lines.append(f"  {name} -> c{index[callee.name]} {style};")
    lines.append("}")
    return "\n".join(lines) + "\n"
