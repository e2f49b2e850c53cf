"""Task context identification (paper 000 §3.2.3, Algorithm 1).

Algorithm 1 takes the address of every task spawn (``parallel`` of a
``job[1..1]``) and walks it upward to the first lambda that was an original
program function; those lambdas are the task contexts.  In this IR every
:class:`~inspire.nodes.Lambda` is an original C function (closures built by
the frontend are :class:`~inspire.nodes.BindExpr` nodes, not lambdas), so
the walk stops at the nearest enclosing lambda.

Decisions where the paper leaves room:

* A function reached at several addresses (called from several places) is
  *one* context: contexts are distinct lambda nodes.  The analyses of a
  context depend only on the lambda's sub-DAG (plus, for a member of a
  recursive set, the fact that its references are bound just above it).
* A spawn nested in a task body (a task spawning a task in the same C
  function) belongs to the function, as in the address walk.
* A ``taskloop`` (a range job: the runtime runs its iteration range as
  logical tasks, splitting it lazily) is a spawn site like a task spawn: a
  function holding one is a task context, and the range job is among its
  spawns (:func:`is_spawn_site`).
* Parallel regions (``job[n..n]``) and worksharing loops do not create task
  contexts; they only matter to the stack-size aggregate (their implicit
  tasks also run on work-item stacks).

Contexts come in source order (file, line, name) so reports are stable.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from inspirec.inspire.address import Address
from inspirec.inspire.nodes import (
    BindExpr,
    CallExpr,
    Lambda,
    LambdaDefinition,
    LambdaExpr,
    Loc,
    Node,
    Program,
)
from inspirec.inspire.parallel import is_builtin_call, is_region, is_task_spawn


@dataclass(frozen=True)
class TaskContext:
    """A C function that spawns tasks, with its spawn sites in source order.

    ``definition`` is the lambda definition binding the function (recursive
    when the function belongs to a recursive set).

    ``spawns`` are the spawn sites (:func:`is_spawn_site`: task spawns and
    range jobs) whose nearest enclosing function is ``lambda_`` (distinct
    nodes; a spawn written once is listed once).
    """

    name: str
    lambda_: Lambda
    definition: LambdaDefinition
    spawns: tuple[CallExpr, ...]

    @property
    def loc(self) -> Loc | None:
        return self.lambda_.loc

    @property
    def spawn_locs(self) -> tuple[Loc, ...]:
        return tuple(s.loc for s in self.spawns if s.loc is not None)


def is_range_job(node: Node) -> bool:
    """Whether ``node`` is a range job: ``taskloop(n, tasks, grain, flags, bind(a, b))``."""
    return is_builtin_call(node, "taskloop")


def is_spawn_site(node: Node) -> bool:
    """Whether ``node`` creates tasks: a task spawn or a range job."""
    return is_task_spawn(node) or is_range_job(node)


def functions(program: Program) -> dict[Lambda, tuple[str, LambdaDefinition]]:
    """Every function (lambda) of the program: its C name and its definition."""
    return {
        b.lambda_: (b.reference.name, d)
        for d in program.walk()
        if isinstance(d, LambdaDefinition)
        for b in d.bindings
    }


def own_code(root: Address, *, job_bodies: bool, post_order: bool = False) -> Iterator[Address]:
    """Every address of the code under ``root`` that runs in ``root``'s function.

    This is the one walk of a function's *own code*: the bodies of nested
    functions (:class:`~inspire.nodes.LambdaExpr`) are left out, and so are
    the bodies of nested closures (:class:`~inspire.nodes.BindExpr`: jobs,
    ``pfor`` bodies) unless ``job_bodies``; a closure's captures are own code
    either way (they are evaluated where the closure is built).  Pre-order,
    or with ``post_order`` children before their parent (evaluation order).
    Children are visited in child order.  The cost is linear in the address
    tree of the own code, which is the function's source size.
    """
    stack: list[tuple[Address, bool]] = [(root, False)]
    while stack:
        a, expanded = stack.pop()
        if expanded:
            yield a
            continue
        node = a.node
        if isinstance(node, LambdaExpr):
            continue
        if post_order:
            stack.append((a, True))
        else:
            yield a
        kids = a.children()
        if not job_bodies and isinstance(node, BindExpr):
            body = node.child_index("body")
            kids = [k for k in kids if k.index != body]
        stack.extend((k, False) for k in reversed(kids))


def own_nodes(lam: Lambda) -> list[Node]:
    """The distinct nodes of ``lam``'s own code, job bodies included, in pre-order
    of their first address (see :func:`own_code`).

    The walk is over nodes, not addresses: a shared subtree is expanded once
    (its nodes' first addresses are those of its first expansion), so the
    cost is linear in the distinct nodes, not in the address tree."""
    out: dict[Node, None] = {}
    stack: list[Node] = [lam.body]
    while stack:
        node = stack.pop()
        if node in out or isinstance(node, LambdaExpr):
            continue
        out[node] = None
        stack.extend(reversed(node.children))
    return list(out)


class OwnerNames:
    """What IR → IR passes call each function body and job body they rewrite:
    ``f`` for the lambda of function ``f``, ``f (job)`` for a closure in ``f``'s
    own code; ``<function>`` when the node belongs to no named function."""

    def __init__(self, program: Program) -> None:
        self.functions = {lam: name for lam, (name, _) in functions(program).items()}
        self.jobs: dict[BindExpr, str] = {}
        for lam, name in self.functions.items():
            for node in own_nodes(lam):
                if isinstance(node, BindExpr):
                    self.jobs.setdefault(node, name)

    def of(self, node: Node) -> str | None:
        """The name of ``node`` if it is a function or job body, else None."""
        if isinstance(node, Lambda):
            return self.functions.get(node, "<function>")
        if isinstance(node, BindExpr):
            return f"{self.jobs.get(node, '<function>')} (job)"
        return None


def _source_key(loc: Loc | None, name: str) -> tuple:
    return (loc.file, loc.line, name) if loc else ("", 0, name)


def task_contexts(program: Program) -> list[TaskContext]:
    """The task contexts of ``program`` (see the module docstring)."""
    contexts = []
    for lam, (name, definition) in functions(program).items():
        spawns = [x for x in own_nodes(lam) if is_spawn_site(x)]
        if spawns:
            spawns.sort(key=lambda s: _source_key(s.loc, ""))
            contexts.append(TaskContext(name, lam, definition, tuple(spawns)))
    contexts.sort(key=lambda c: _source_key(c.loc, c.name))
    return contexts


@dataclass(frozen=True)
class Region:
    """A parallel region: its call (``merge(parallel(job[n..n]))``) and enclosing function."""

    function: str
    call: CallExpr

    @property
    def loc(self) -> Loc | None:
        return self.call.loc


def parallel_regions(program: Program) -> list[Region]:
    """Every parallel region of the program, in source order."""
    regions = []
    for lam, (name, _) in functions(program).items():
        regions.extend(Region(name, x) for x in own_nodes(lam) if is_region(x))
    regions.sort(key=lambda r: _source_key(r.loc, r.function))
    return regions
