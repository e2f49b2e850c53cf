"""IR addresses: a root node plus a path of child indices.

Because nodes are shared, one node may occur at many addresses; analyses are
formulated on addresses.  An :class:`Address` is parent-linked, so addresses
with a common prefix share it and ``parent`` is O(1).  Two addresses are equal
when they have the same root node and the same path.

Printed form: the root is ``0`` and each step appends ``-i``; the address of
child 2 of child 0 of the root is ``0-0-2``.

Code navigates by child *label* (``a.child("body")``, ``a.child("args[0]")``,
see :mod:`inspire.node`); the integer steps are only the printed form and
what enumerations produce.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from inspirec.inspire.nodes import CallExpr, LambdaBinding, LambdaDefinition, LambdaReference, Node


class Address:
    """A position in the tree of a root node (see the module docstring)."""

    __slots__ = ("_hash", "depth", "index", "node", "parent")

    def __init__(self, node: Node, parent: Address | None = None, index: int = -1):
        self.node = node
        self.parent = parent
        self.index = index
        self.depth = 0 if parent is None else parent.depth + 1
        self._hash = hash((id(node), index, parent._hash if parent else 0))

    @classmethod
    def root_of(cls, node: Node) -> Address:
        """The root address of ``node``."""
        return cls(node)

    # ------------------------------------------------------------- navigation
    @property
    def root(self) -> Address:
        a = self
        while a.parent is not None:
            a = a.parent
        return a

    @property
    def root_node(self) -> Node:
        return self.root.node

    @property
    def path(self) -> tuple[int, ...]:
        steps = []
        a = self
        while a.parent is not None:
            steps.append(a.index)
            a = a.parent
        return tuple(reversed(steps))

    def child(self, key: str | int) -> Address:
        """The address of the child labelled ``key`` (``"cond"``, ``"args[1]"``),
        or at position ``key`` when it is an integer address step."""
        children = self.node.children
        if isinstance(key, str):
            try:
                i = self.node.child_index(key)
            except KeyError:
                raise KeyError(f"{self} ({self.node.kind}) has no child {key!r}") from None
        else:
            i = key
            if not 0 <= i < len(children):
                raise IndexError(f"{self} ({self.node.kind}) has no child {i}")
        return Address(children[i], self, i)

    @property
    def label(self) -> str | None:
        """The label of this address in its parent (``"then"``, ``"args[0]"``); None at a root."""
        return None if self.parent is None else self.parent.node.child_label(self.index)

    def children(self) -> list[Address]:
        return [Address(c, self, i) for i, c in enumerate(self.node.children)]

    def node_sequence(self) -> list[Node]:
        """The nodes from the root down to this address (inclusive)."""
        return [a.node for a in reversed(list(self.ancestors()))]

    def reverse_sequence(self) -> list[Address]:
        """This address and its ancestors, bottom-up: the reverse address sequence."""
        return list(self.ancestors())

    def ancestors(self) -> Iterator[Address]:
        """This address, its parent, ..., the root."""
        a: Address | None = self
        while a is not None:
            yield a
            a = a.parent

    def first_ancestor(
        self, kind: type | tuple[type, ...] | Callable[[Address], bool], include_self=False
    ) -> Address | None:
        """The nearest ancestor whose node is of ``kind`` (or satisfies a predicate)."""
        test = kind if callable(kind) and not isinstance(kind, type) else None
        a = self if include_self else self.parent
        while a is not None:
            if (test(a) if test else isinstance(a.node, kind)) is True:
                return a
            a = a.parent
        return None

    def is_ancestor_of(self, other: Address) -> bool:
        """Whether ``self`` is ``other`` or above it."""
        if other.depth < self.depth:
            return False
        a = other
        while a.depth > self.depth:
            a = a.parent
        return a == self

    # --------------------------------------------------------- enumeration
    def descendants(self) -> Iterator[Address]:
        """Every address below this one (pre-order, this one included)."""
        stack = [self]
        while stack:
            a = stack.pop()
            yield a
            kids = a.node.children
            for i in range(len(kids) - 1, -1, -1):
                stack.append(Address(kids[i], a, i))

    def leaf_addresses(self) -> list[Address]:
        """All addresses below this one whose node has no children."""
        return [a for a in self.descendants() if not a.node.children]

    def calls_of(self, function: Node | Callable[[Node], bool]) -> list[Address]:
        """All addresses below of calls whose callee is ``function`` (or matches a predicate)."""
        test = function if callable(function) and not isinstance(function, Node) else None
        out = []
        for a in self.descendants():
            n = a.node
            if isinstance(n, CallExpr) and (test(n.function) if test else n.function is function):
                out.append(a)
        return out

    # ------------------------------------------------------------- rewriting
    def replace(self, new_node: Node) -> Address:
        """Replace the node here, rebuilding every ancestor; returns the new address.

        The result's root is a new root node; the old tree is unchanged.
        """
        if self.parent is None:
            return Address(new_node)
        kids = list(self.parent.node.children)
        kids[self.index] = new_node
        new_parent = self.parent.replace(self.parent.node.with_children(kids))
        return Address(new_node, new_parent, self.index)

    # -------------------------------------------------------- text and equality
    def __str__(self) -> str:
        return "-".join(["0", *(str(i) for i in self.path)])

    def __repr__(self) -> str:
        return f"Address({self}, {self.node.kind})"

    @classmethod
    def parse(cls, root: Node, text: str) -> Address:
        """The address of ``root`` written as ``0-2-1``."""
        parts = text.strip().split("-")
        if not parts or parts[0] != "0" or not all(p.isdigit() for p in parts[1:]):
            raise ValueError(f"malformed address {text!r} (expected e.g. 0-2-1)")
        a = cls(root)
        for p in parts[1:]:
            a = a.child(int(p))
        return a

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Address):
            return NotImplemented
        a, b = self, other
        while a is not b:
            if a.depth != b.depth or a.index != b.index or a.node is not b.node:
                return False
            if a.parent is None or b.parent is None:
                return a.parent is b.parent
            a, b = a.parent, b.parent
        return True

    def __hash__(self) -> int:
        return self._hash


def lowest_common_ancestor(a: Address, b: Address) -> Address:
    """The deepest address that is an ancestor of both (same root required)."""
    while a.depth > b.depth:
        a = a.parent
    while b.depth > a.depth:
        b = b.parent
    while a != b:
        if a.parent is None or b.parent is None:
            raise ValueError("addresses have different roots")
        a, b = a.parent, b.parent
    return a


def definition_of(reference: Address) -> Address | None:
    """The address of the binding's lambda a lambda reference refers to.

    ``reference`` is the address of a :class:`LambdaReference` (or of a call
    through one); the result is the address of the
    :class:`~inspire.nodes.LambdaBinding` binding it in the nearest enclosing
    definition, or None if it is free.
    """
    node = reference.node
    ref = node.function if isinstance(node, CallExpr) else node
    if not isinstance(ref, LambdaReference):
        raise TypeError(f"{reference} is not a lambda reference")
    a = reference.first_ancestor(LambdaDefinition)
    while a is not None:
        for i, b in enumerate(a.node.children):
            if isinstance(b, LambdaBinding) and b.reference is ref:
                return a.child(i)
        a = a.first_ancestor(LambdaDefinition)
    return None
