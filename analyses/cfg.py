"""Control-flow graphs of task functions, for synchronization coalescing.

A *task function* is a C function's body or a job's body (a closure).  Its
*own code* is everything in it except the bodies of nested jobs and
functions (those are task functions of their own); a nested job's captures
are own code, as they are evaluated where the job is spawned.

:func:`build_cfg` turns the own code into a :class:`networkx.DiGraph` whose
nodes are integers: :data:`ENTRY`, :data:`EXIT`, and one node per *event* (a
``parallel`` call or a ``merge`` of a thread group held in a variable) or
control point.  Event nodes carry ``kind`` (``"parallel"`` or ``"merge"``)
and ``address`` (the event's :class:`~inspire.address.Address` relative to
the task function's body).  Events of one statement follow each other in
evaluation order (arguments before the call).  All structured statements,
``switch`` fall-through, ``break``/``continue``, ``return`` and
``goto``/labels are modelled; conditions are not evaluated, so every branch
is a possible path (static control paths).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import networkx as nx
from inspirec.inspire.address import Address
from inspirec.inspire.nodes import (
    BindExpr,
    BreakStmt,
    CaseLabel,
    CompoundStmt,
    ContinueStmt,
    DefaultLabel,
    DoWhileStmt,
    ForStmt,
    GotoStmt,
    IfStmt,
    LabelStmt,
    LambdaExpr,
    ReturnStmt,
    SwitchStmt,
    WhileStmt,
)
from inspirec.inspire.parallel import is_builtin_call, is_region

ENTRY, EXIT = 0, 1


def own_code(body: Address) -> Iterator[Address]:
    """Every address of the task function's own code, pre-order (see the module docstring)."""
    stack = [body]
    while stack:
        a = stack.pop()
        node = a.node
        if isinstance(node, LambdaExpr):
            continue
        yield a
        kids = a.children()
        if isinstance(node, BindExpr):
            kids = [k for k in kids if k.node is not node.body]
        stack.extend(reversed(kids))


def event_kind(a: Address) -> str | None:
    """``"parallel"``, ``"merge"`` (of a group held in a variable) or None."""
    node = a.node
    if is_builtin_call(node, "parallel"):
        parent = a.parent
        if parent is not None and is_region(parent.node):
            return None  # a region waits for its own group at once
        return "parallel"
    if is_builtin_call(node, "merge") and not is_region(node):
        return "merge"
    return None


def _events(a: Address) -> list[Address]:
    """The events in the own code below ``a``, in evaluation order (post-order)."""
    out: list[Address] = []
    stack: list[tuple[Address, bool]] = [(a, False)]
    while stack:
        x, done = stack.pop()
        if done:
            if event_kind(x):
                out.append(x)
            continue
        node = x.node
        if isinstance(node, LambdaExpr):
            continue
        stack.append((x, True))
        kids = x.children()
        if isinstance(node, BindExpr):
            kids = [k for k in kids if k.node is not node.body]
        stack.extend((k, False) for k in reversed(kids))
    return out


@dataclass
class _Builder:
    graph: nx.DiGraph = field(default_factory=nx.DiGraph)
    labels: dict[str, int] = field(default_factory=dict)
    counter: int = 2

    def node(self, **attrs) -> int:
        n = self.counter
        self.counter += 1
        self.graph.add_node(n, **attrs)
        return n

    def label(self, name: str) -> int:
        if name not in self.labels:
            self.labels[name] = self.node()
        return self.labels[name]

    def chain(self, a: Address, succ: int) -> int:
        """Nodes for the events of the expression/statement ``a``, followed by ``succ``."""
        entry = succ
        for e in reversed(_events(a)):
            n = self.node(kind=event_kind(e), address=e)
            self.graph.add_edge(n, entry)
            entry = n
        return entry

    def branch(self, *targets: int) -> int:
        n = self.node()
        for t in targets:
            self.graph.add_edge(n, t)
        return n

    def stmt(self, a: Address, succ: int, brk: int | None, cont: int | None) -> int:
        """The entry node of statement ``a`` whose normal successor is ``succ``."""
        s = a.node
        if isinstance(s, CompoundStmt):
            entry = succ
            for k in reversed(a.children()):
                entry = self.stmt(k, entry, brk, cont)
            return entry
        if isinstance(s, IfStmt):
            then = self.stmt(a.child(1), succ, brk, cont)
            other = self.stmt(a.child(2), succ, brk, cont)
            return self.chain(a.child(0), self.branch(then, other))
        if isinstance(s, WhileStmt):
            head = self.node()
            body = self.stmt(a.child(1), head, succ, head)
            self.graph.add_edge(head, self.chain(a.child(0), self.branch(body, succ)))
            return head
        if isinstance(s, DoWhileStmt):
            head = self.node()
            cond = self.chain(a.child(1), self.branch(head, succ))
            self.graph.add_edge(head, self.stmt(a.child(0), cond, succ, cond))
            return head
        if isinstance(s, ForStmt):
            head = self.node()
            step = self.stmt(a.child(2), head, None, None)
            body = self.stmt(a.child(3), step, succ, step)
            self.graph.add_edge(head, self.chain(a.child(1), self.branch(body, succ)))
            return self.stmt(a.child(0), head, brk, cont)
        if isinstance(s, SwitchStmt):
            return self._switch(a, succ, cont)
        if isinstance(s, ReturnStmt):
            return self.chain(a, EXIT)
        if isinstance(s, BreakStmt):
            return brk if brk is not None else succ
        if isinstance(s, ContinueStmt):
            return cont if cont is not None else succ
        if isinstance(s, GotoStmt):
            return self.label(s.label)
        if isinstance(s, LabelStmt):
            n = self.label(s.label)
            self.graph.add_edge(n, succ)
            return n
        return self.chain(a, succ)

    def _switch(self, a: Address, succ: int, cont: int | None) -> int:
        body = a.child(1)
        dispatch = self.node()
        entry = succ
        has_default = False
        for k in reversed(body.children()):
            if isinstance(k.node, CaseLabel | DefaultLabel):
                has_default |= isinstance(k.node, DefaultLabel)
                mark = self.node()
                self.graph.add_edge(mark, entry)
                self.graph.add_edge(dispatch, mark)
                entry = mark
            else:
                entry = self.stmt(k, entry, succ, cont)
        if not has_default:
            self.graph.add_edge(dispatch, succ)
        return self.chain(a.child(0), dispatch)


def build_cfg(body: Address) -> nx.DiGraph:
    """The control-flow graph of the task function whose body is at ``body``."""
    b = _Builder()
    b.graph.add_node(ENTRY)
    b.graph.add_node(EXIT)
    b.graph.add_edge(ENTRY, b.stmt(body, EXIT, None, None))
    return b.graph
