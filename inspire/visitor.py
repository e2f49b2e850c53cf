"""Typed visitors and DAG-aware rewriting.

* :class:`Visitor` dispatches ``visit(node, *args)`` to
  ``visit_<Kind>(node, *args)``; every kind defaults to
  :meth:`Visitor.generic_visit` (visit the children, return None).
* :class:`StrictVisitor` is the same, but a subclass must define a
  ``visit_<Kind>`` for *every* registered node kind
  (:data:`inspire.node.NODE_CLASSES`): defining the class fails otherwise,
  and so does instantiating it if a kind was registered after the class was
  defined.  Adding a node kind therefore breaks every strict visitor that
  forgot it, at import time.  A base class meant to be completed by
  subclasses sets ``__abstract__ = True`` in its own body (not inherited).
* :class:`Rewriter` rebuilds a DAG bottom-up, calling ``rewrite_<Kind>`` on
  each node after its children were rewritten; each distinct node is
  rewritten once, so sharing is preserved and the cost follows the DAG.
* :func:`replace_at` replaces the node at one address and rebuilds the path
  to the root; :func:`replace_all` replaces (or drops) the nodes at many
  addresses of one tree, rebuilding each shared ancestor once.
* :func:`fold` computes one value per distinct node bottom-up (children
  first, each node once), the building block of the analyses: their cost
  follows the DAG, not the possibly exponential address tree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from inspirec.inspire.address import Address
from inspirec.inspire.node import NODE_CLASSES, Node
from inspirec.inspire.nodes import CompoundStmt

R = TypeVar("R")


class Visitor(Generic[R]):
    """Dispatch on node kind; unhandled kinds use :meth:`generic_visit`."""

    def visit(self, node: Node, *args: Any, **kwargs: Any) -> R | None:
        method = getattr(self, f"visit_{node.kind}", None)
        if method is None:
            return self.generic_visit(node, *args, **kwargs)
        return method(node, *args, **kwargs)

    def generic_visit(self, node: Node, *args: Any, **kwargs: Any) -> R | None:
        for c in node.children:
            self.visit(c, *args, **kwargs)
        return None


class StrictVisitor(Visitor[R]):
    """A visitor that must handle every node kind explicitly (see the module docstring)."""

    __abstract__ = True
    #: How many registered kinds this class was last checked against.
    _kinds_checked: int = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._kinds_checked = 0
        if not cls.__dict__.get("__abstract__", False):
            _require_every_kind(cls)

    def __new__(cls, *args: Any, **kwargs: Any) -> StrictVisitor:
        if cls.__dict__.get("__abstract__", False):
            raise TypeError(f"{cls.__name__} is an abstract visitor")
        _require_every_kind(cls)
        return super().__new__(cls)


def _require_every_kind(cls: type[StrictVisitor]) -> None:
    """Raise TypeError unless ``cls`` has a ``visit_<Kind>`` for every registered kind."""
    if cls._kinds_checked == len(NODE_CLASSES):
        return
    missing = sorted(k for k in NODE_CLASSES if not hasattr(cls, f"visit_{k}"))
    if missing:
        raise TypeError(f"{cls.__name__} does not handle node kinds: {', '.join(missing)}")
    cls._kinds_checked = len(NODE_CLASSES)


class Rewriter:
    """Bottom-up DAG rewriting with per-node memoisation (see the module docstring)."""

    def __init__(self) -> None:
        self._memo: dict[int, Node] = {}
        self._keep: list[Node] = []

    def rewrite(self, node: Node) -> Node:
        """The rewritten form of ``node``."""
        done = self._memo.get(id(node))
        if done is not None:
            return done
        stack: list[tuple[Node, bool]] = [(node, False)]
        while stack:
            n, expanded = stack.pop()
            if id(n) in self._memo:
                continue
            if not expanded:
                stack.append((n, True))
                stack.extend((c, False) for c in n.children if id(c) not in self._memo)
                continue
            rebuilt = n.with_children([self._memo[id(c)] for c in n.children])
            hook = getattr(self, f"rewrite_{n.kind}", None)
            result = hook(rebuilt) if hook is not None else rebuilt
            self._keep.append(n)
            self._memo[id(n)] = result
        return self._memo[id(node)]


def replace_at(address: Address, new_node: Node) -> Node:
    """The root node of ``address``'s tree with ``new_node`` at that address."""
    return address.replace(new_node).root_node


def replace_all(top: Address, new: Mapping[Address, Node | None]) -> Node:
    """The node at ``top`` with the node at each address of ``new`` (all
    inside ``top``'s subtree, none inside another) replaced by its value;
    ``None`` drops a statement from its compound statement.

    Only the ancestors of replaced nodes are rebuilt, deepest first, each
    once and from its children by label, without recursion (so nesting depth
    costs no stack).
    """
    built: dict[Address, Node | None] = dict(new)
    above: dict[Address, None] = {}
    for a in new:
        for up in a.parent.ancestors() if a.parent is not None else ():
            if up.depth < top.depth or up in above:
                break
            above[up] = None
    for at in sorted(above, key=lambda a: -a.depth):
        kids = [built.get(at.child(label), child) for label, child in at.node.named_children()]
        if isinstance(at.node, CompoundStmt):
            built[at] = CompoundStmt(tuple(k for k in kids if k is not None))
        elif None in kids:
            raise ValueError(f"replace_all: only a statement of a block can be dropped ({at})")
        else:
            built[at] = at.node.with_children(kids)
    result = built[top]
    if result is None:
        raise ValueError("replace_all: the top node itself cannot be dropped")
    return result


def by_label(node: Node, values: Sequence[R]) -> dict[str, R]:
    """Per-child ``values`` (in child order, as :func:`fold` passes them) by child label."""
    return {label: v for (label, _), v in zip(node.named_children(), values, strict=True)}


def fold(
    node: Node, combine: Callable[[Node, Sequence[R]], R], memo: dict[Node, R] | None = None
) -> R:
    """``combine(n, values of n's children)`` for ``node``, computed once per distinct node.

    Children are folded before their parents (iteratively, so deep trees do
    not exhaust Python's stack).  ``memo`` (node -> value) may be shared
    between calls with the same ``combine`` to reuse earlier results.
    """
    memo = {} if memo is None else memo
    if node in memo:
        return memo[node]
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        n, expanded = stack.pop()
        if n in memo:
            continue
        if not expanded:
            stack.append((n, True))
            stack.extend((c, False) for c in n.children if c not in memo)
            continue
        memo[n] = combine(n, [memo[c] for c in n.children])
    return memo[node]
