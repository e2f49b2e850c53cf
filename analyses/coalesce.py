"""Synchronization coalescing: an IR -> IR pass (paper 001 §4, Algorithm 1).

In a task function (a C function's body or a job's body, see
:mod:`analyses.cfg`) that joins thread groups one by one — ``merge(g)`` on
groups returned by ``parallel`` and kept in local variables — the joins are
replaced by ``merge_all()``, which waits for every child of the current
task through one counter instead of one event-table entry per group.

Safety checks (a function failing one is left unchanged, with the reason):

1. *No group escapes.*  Every variable holding a group (type ``ref<threadgroup>``
   or a local array of them) is used only to store the result of
   ``parallel`` and to ``merge`` it — not passed to a function, captured by
   a job, stored elsewhere or read otherwise; every ``parallel`` whose group
   is used at all is stored that way; every ``merge`` is of such a variable.
2. *No merge after a spawn that follows a merge* (Algorithm 1, lines 5–12):
   no static control path from the entry meets a merge, then a ``parallel``,
   then a merge.  This rejects loops that interleave spawns and joins
   (``for (...) { spawn; join; }``) and joins reachable before the last
   spawn on some path, and accepts the idiom "spawn in one loop, join in
   the next".
3. Every merge is a statement of its own (not inside an expression).

The transformation removes every merge; a merge that is strictly dominated
(in the control-flow graph) by another merge is simply deleted, any other
merge becomes ``merge_all()``.  A statement that stored a group
(``h = parallel(job)``, ``var h = parallel(job)``) becomes the plain spawn
``parallel(job)``: nothing merges the group any more, so the runtime need
not keep an event for it.  In the common straight-line case this is
Algorithm 1's "insert merge_all before the lexically first merge, remove all
merges"; the dominance rule also keeps joins correct when the merges sit in
different branches.  By check 2, no group is spawned between a
``merge_all`` and a deleted merge it replaces.  ``merge_all`` may wait for
more children than the original joins did (e.g. tasks spawned earlier in
the same function); that only delays the caller.

Every task function with at least one merge of a group gets a
:class:`CoalescingDecision`.  Shared functions are transformed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspirec.analyses.cfg import ENTRY, build_cfg, event_kind
from inspirec.analyses.contexts import OwnerNames, own_code
from inspirec.inspire import deep_call
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import builtin
from inspirec.inspire.nodes import (
    CallExpr,
    CompoundStmt,
    Declaration,
    DeclStmt,
    Node,
    Program,
    Undefined,
    Variable,
)
from inspirec.inspire.parallel import builtin_call_name
from inspirec.inspire.types import UNIT, element, is_array, is_generic, is_ref
from inspirec.inspire.visitor import fold, replace_all

if TYPE_CHECKING:
    import networkx as nx


@dataclass(frozen=True)
class CoalescingDecision:
    """Whether the joins of one task function were coalesced, and why."""

    function: str
    location: str
    applied: bool
    reason: str


class _Refused(Exception):
    """A safety check failed; the message says which and where."""


def _line(a: Address) -> str:
    loc = getattr(a.node, "loc", None)
    return f"line {loc.line}" if loc is not None else "an unknown line"


def _is_group_variable(v: Node) -> bool:
    if not isinstance(v, Variable) or not is_ref(v.type):
        return False
    held = v.type.params[0]
    while is_array(held):
        held = element(held)
    return is_generic(held, "threadgroup")


def _handle_root(a: Address) -> Address:
    """Through ``array_elem`` and ``ref_deref`` to the variable of a handle expression."""
    while builtin_call_name(a.node) in ("array_elem", "ref_deref"):
        a = a.child("args[0]")
    return a


def _check_groups(body: Address) -> None:
    """Safety check 1 (see the module docstring)."""
    for a in own_code(body, job_bodies=False):
        node = a.node
        kind = event_kind(a)
        if kind == "merge":
            target = _handle_root(a.child("args[0]"))
            if not _is_group_variable(target.node):
                raise _Refused(f"the merge at {_line(a)} joins a group not held in a local")
        elif kind == "parallel":
            parent = a.parent
            if parent is None or isinstance(parent.node, CompoundStmt):
                continue  # the group is discarded
            stored = _stored_in(a)
            if stored is None:
                raise _Refused(f"the group of the spawn at {_line(a)} is used other than stored")
            if not _is_group_variable(stored.node):
                raise _Refused(f"the group of the spawn at {_line(a)} is stored outside a local")
        elif _is_group_variable(node) and not _allowed_use(a):
            raise _Refused(f"a thread group variable '{node.name}' escapes ({_line(a.parent)})")


def _stored_in(value: Address) -> Address | None:
    """Where the value at ``value`` is stored, if that is all that happens to it.

    ``assign(h, value)`` stores into ``h`` (possibly an array element); the
    initialiser of ``var ref<threadgroup> h = value`` into ``h``.
    """
    parent = value.parent
    if builtin_call_name(parent.node) == "assign" and value.label == "args[1]":
        return _handle_root(parent.child("args[0]"))
    if isinstance(parent.node, Declaration) and isinstance(parent.parent.node, DeclStmt):
        return parent.parent.child("var")
    return None


def _allowed_use(a: Address) -> bool:
    """Whether this occurrence of a group variable stores or merges a group."""
    parent = a.parent
    if isinstance(parent.node, DeclStmt):
        init = parent.node.decl.init
        return a.label == "var" and (
            isinstance(init, Undefined) or builtin_call_name(init) == "parallel"
        )
    up = a
    while builtin_call_name(up.parent.node) == "array_elem" and up.label == "args[0]":
        up = up.parent
    holder = up.parent
    name = builtin_call_name(holder.node)
    if name == "assign" and up.label == "args[0]":
        return builtin_call_name(holder.node.args[1]) == "parallel"
    if name == "ref_deref":
        return builtin_call_name(holder.parent.node) == "merge"
    return False


def _check_paths(graph: nx.DiGraph, merges: Sequence[int], spawns: Sequence[int]) -> None:
    """Safety check 2: no path entry ->* merge ->+ parallel ->+ merge."""
    import networkx as nx  # imported already by the graph (see analyses.cfg)

    reachable = nx.descendants(graph, ENTRY)
    for p in spawns:
        after = nx.descendants(graph, p)
        later = [m for m in merges if m in after]
        if not later:
            continue
        before = nx.ancestors(graph, p)
        earlier = [m for m in merges if m in before and m in reachable]
        if earlier:
            spawn = graph.nodes[p]["address"]
            first = graph.nodes[earlier[0]]["address"]
            second = graph.nodes[later[0]]["address"]
            raise _Refused(
                f"the spawn at {_line(spawn)} can run after the merge at {_line(first)} "
                f"and before the merge at {_line(second)} (spawns and merges interleave)"
            )


def _plan(body: Address) -> tuple[dict[Address, str], Address] | None:
    """The rewrite of one task function: statement address -> "merge_all"/"drop"/"spawn"
    (every planned statement is a child of a block), and the first merge.

    None when the function joins no group; raises :class:`_Refused`.
    """
    if not any(event_kind(a) == "merge" for a in own_code(body, job_bodies=False)):
        return None  # the graph's events are its own code's: none to coalesce
    import networkx as nx  # imported by the graph only (see analyses.cfg)

    graph = build_cfg(body)
    merges = [n for n, k in graph.nodes(data="kind") if k == "merge"]
    if not merges:
        return None
    first = min((graph.nodes[m]["address"] for m in merges), key=lambda a: a.path)
    _check_groups(body)
    spawns = [n for n, k in graph.nodes(data="kind") if k == "parallel"]
    _check_paths(graph, merges, spawns)
    idom = nx.immediate_dominators(graph, ENTRY)
    merge_set = set(merges)
    plan: dict[Address, str] = {}
    for m in merges:
        address = graph.nodes[m]["address"]
        if not isinstance(address.parent.node, CompoundStmt):
            raise _Refused(f"the merge at {_line(address)} is part of an expression")
        plan[address] = "drop" if m not in idom or _dominated(m, idom, merge_set) else "merge_all"
    for p in spawns:
        # A group nobody merges any more need not be kept: spawn the task plainly.
        statement = graph.nodes[p]["address"].parent
        if isinstance(statement.node, Declaration):
            statement = statement.parent
        if statement is not None and isinstance(statement.parent.node, CompoundStmt):
            plan[statement] = "spawn"
    return plan, first


def _dominated(m: int, idom: dict[int, int], merges: set[int]) -> bool:
    """Whether another merge strictly dominates ``m``."""
    d = idom[m]
    while d != ENTRY:
        if d in merges:
            return True
        d = idom[d]
    return False


def _apply(body: Address, plan: dict[Address, str]) -> Node:
    """The node at ``body`` with the planned statements replaced or dropped."""
    new: dict[Address, Node | None] = {}  # None: the statement is dropped
    for a, action in plan.items():
        if action == "merge_all":
            new[a] = CallExpr(UNIT, builtin("merge_all"), (), a.node.loc)
        elif action == "spawn":
            new[a] = a.node.decl.init if isinstance(a.node, DeclStmt) else a.node.args[1]
        else:
            new[a] = None
    return replace_all(body, new)


class _Pass:
    def __init__(self, program: Program):
        self.owner_names = OwnerNames(program)
        self.decisions: list[CoalescingDecision] = []

    def combine(self, original: Node, kids: Sequence[Node]) -> Node:
        node = original.with_children(kids)
        name = self.owner_names.of(original)
        if name is None:
            return node
        body = Address.root_of(node).child("body")
        try:
            planned = _plan(body)
        except _Refused as refusal:
            first = next(
                (a for a in own_code(body, job_bodies=False) if event_kind(a) == "merge"), body
            )
            self._decide(name, first, False, str(refusal))
            return node
        if planned is None:
            return node
        plan, first = planned
        merges = [action for action in plan.values() if action in ("merge_all", "drop")]
        kept = merges.count("merge_all")
        self._decide(
            name,
            first,
            True,
            f"{len(merges)} merge(s) of thread groups replaced by {kept} merge_all()",
        )
        new_body = _apply(body, plan)
        return node.replace(body=new_body)

    def _decide(self, name: str, at: Address, applied: bool, reason: str) -> None:
        loc = getattr(at.node, "loc", None)
        self.decisions.append(
            CoalescingDecision(name, str(loc) if loc else "<unknown>", applied, reason)
        )


def coalesce(program: Program) -> tuple[Program, list[CoalescingDecision]]:
    """The program with synchronization coalesced, and one decision per joining function."""
    p = _Pass(program)
    result = deep_call(fold, program, p.combine)  # the CFG builder follows the nesting
    return result, sorted(p.decisions, key=_source_order)


def _source_order(d: CoalescingDecision) -> tuple:
    file, _, line = d.location.rpartition(":")
    return (file, int(line) if line.isdigit() else 0, d.function)
