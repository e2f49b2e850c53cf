"""Hash-consed, immutable IR node machinery.

Every IR node class is a frozen, slotted dataclass whose field order *is* the
child order.  Fields are of two kinds:

* child fields (declared with :func:`child` or :func:`child_seq`) hold nodes
  and make up :attr:`Node.children`, flattened in field order;
* attribute fields (plain dataclass fields) hold hashable Python values
  (names, numbers, source locations) and are not children.

Invariants, established by :class:`_Interning` and relied upon everywhere:

* Building a node equal to an existing one returns the *identical* object, so
  a program is a DAG with shared sub-trees and ``a == b`` is ``a is b``.
* ``hash(node)`` is computed once, from the class, the attributes and the
  hashes of the children, and is O(1) afterwards.
* Child field values are type-checked when the node is built, and then the
  class's :meth:`Node.verify` checks its local invariants (rules that need
  only the node and its children; rules that need the whole program stay in
  :mod:`inspire.verifier`).

Children are named: a single child field ``cond`` is the child labelled
``"cond"``, element ``i`` of a sequence field ``args`` the child labelled
``"args[i]"`` (:meth:`Node.named_children`, :meth:`Node.child_index`).  Code
outside this module addresses children by label, never by position; the
position is only the address step.

Every concrete node class is registered in :data:`NODE_CLASSES` by
:func:`node_class`; visitors and the parser derive their lists of kinds from
it.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any, ClassVar, NamedTuple


class Loc(NamedTuple):
    """A source location kept on functions, loops and calls: ``file:line``."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def child(kind: type | tuple[type, ...] | str = "Node", *, default: Any = None) -> Any:
    """Declare a field holding exactly one child node of class ``kind``
    (``default``: the node it holds when left out)."""
    if default is not None:
        return dataclasses.field(default=default, metadata={"child": "one", "kind": kind})
    return dataclasses.field(metadata={"child": "one", "kind": kind})


def child_seq(kind: type | tuple[type, ...] | str = "Node", *, optional: bool = False) -> Any:
    """Declare a field holding a tuple of child nodes of class ``kind``
    (``optional``: the field may be left out, meaning none)."""
    if optional:
        return dataclasses.field(default=(), metadata={"child": "seq", "kind": kind})
    return dataclasses.field(metadata={"child": "seq", "kind": kind})


class NodeError(ValueError):
    """A node violates a local invariant of its kind (see :meth:`Node.verify`)."""


class _Interning(type):
    """Metaclass interning node instances by their field values."""

    _table: ClassVar[weakref.WeakValueDictionary] = weakref.WeakValueDictionary()

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        values = cls._normalize(args, kwargs)
        key = (cls, *values)
        try:
            return _Interning._table[key]
        except KeyError:
            pass
        node = super().__call__(*values)
        _Interning._table[key] = node
        return node


class Node(metaclass=_Interning):
    """Base class of all IR nodes (see the module docstring for invariants)."""

    __slots__ = ("__weakref__", "_children", "_hash")

    # Filled in by ``node_class`` for every concrete node class.
    _fields: ClassVar[tuple[str, ...]] = ()
    _child_fields: ClassVar[tuple[tuple[str, str, Any], ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _children: tuple[Node, ...]
    _hash: int

    @classmethod
    def _normalize(cls, args: tuple, kwargs: dict) -> tuple:
        if len(args) > len(cls._fields):
            raise TypeError(f"{cls.__name__} takes {len(cls._fields)} fields, got {len(args)}")
        values = list(args)
        for name in cls._fields[len(args) :]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in cls._defaults:
                values.append(cls._defaults[name])
            else:
                raise TypeError(f"{cls.__name__}: missing field {name!r}")
        if kwargs:
            raise TypeError(f"{cls.__name__}: unknown field(s) {', '.join(sorted(kwargs))}")
        for name, how, _kind in cls._child_fields:
            index = cls._fields.index(name)
            if how == "seq" and not isinstance(values[index], tuple):
                values[index] = tuple(values[index])
        return tuple(values)

    def __post_init__(self) -> None:
        kids: list[Node] = []
        for name, how, kind in self._child_fields:
            value = getattr(self, name)
            items = value if how == "seq" else (value,)
            for item in items:
                if not isinstance(item, _resolve_kind(kind)):
                    raise TypeError(
                        f"{type(self).__name__}.{name}: expected {_kind_name(kind)}, "
                        f"got {type(item).__name__}"
                    )
            kids.extend(items)
        object.__setattr__(self, "_children", tuple(kids))
        attrs = tuple(getattr(self, f) for f in self._fields)
        object.__setattr__(self, "_hash", hash((type(self).__name__, attrs)))
        problem = self.verify()
        if problem is not None:
            raise NodeError(f"{type(self).__name__}: {problem}")

    def verify(self) -> str | None:
        """Why this node breaks a local invariant of its kind, or None.

        Run once when the node is built (a failure raises :class:`NodeError`,
        so no such node exists).  Overridden by node classes with local rules.
        """
        return None

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __reduce__(self) -> tuple:
        return (type(self), tuple(getattr(self, f) for f in self._fields))

    @property
    def children(self) -> tuple[Node, ...]:
        """The ordered child nodes; index ``i`` is the address step ``i``."""
        return self._children

    @property
    def kind(self) -> str:
        """The node class name, e.g. ``"CallExpr"``."""
        return type(self).__name__

    def named_children(self) -> tuple[tuple[str, Node], ...]:
        """``(label, child)`` for every child, in child order (see the module docstring)."""
        out: list[tuple[str, Node]] = []
        for name, how, _kind in self._child_fields:
            if how == "one":
                out.append((name, getattr(self, name)))
            else:
                out.extend((f"{name}[{i}]", c) for i, c in enumerate(getattr(self, name)))
        return tuple(out)

    def child_index(self, label: str) -> int:
        """The position of the child labelled ``label`` (``"body"``, ``"args[1]"``)."""
        name, bracket, rest = label.partition("[")
        pos = 0
        for field_name, how, _kind in self._child_fields:
            value = getattr(self, field_name)
            if field_name == name:
                if how == "one" and not bracket:
                    return pos
                if how == "seq" and bracket and rest[:-1].isdigit() and rest.endswith("]"):
                    i = int(rest[:-1])
                    if i < len(value):
                        return pos + i
                break
            pos += 1 if how == "one" else len(value)
        raise KeyError(f"{self.kind} has no child {label!r}")

    def child_label(self, index: int) -> str:
        """The label of the child at position ``index``."""
        pos = index
        for name, how, _kind in self._child_fields:
            if how == "one":
                if pos == 0:
                    return name
                pos -= 1
            else:
                n = len(getattr(self, name))
                if pos < n:
                    return f"{name}[{pos}]"
                pos -= n
        raise IndexError(f"{self.kind} has no child {index}")

    def attributes(self) -> dict[str, Any]:
        """The non-child fields of this node."""
        child_names = {name for name, _, _ in self._child_fields}
        return {f: getattr(self, f) for f in self._fields if f not in child_names}

    def with_children(self, children: tuple[Node, ...] | list[Node]) -> Node:
        """This node rebuilt with new children (same count), attributes kept."""
        children = tuple(children)
        if len(children) != len(self._children):
            raise ValueError(
                f"{self.kind}.with_children: expected {len(self._children)} children, "
                f"got {len(children)}"
            )
        if all(a is b for a, b in zip(children, self._children, strict=True)):
            return self
        values = {f: getattr(self, f) for f in self._fields}
        pos = 0
        for name, how, _kind in self._child_fields:
            if how == "one":
                values[name] = children[pos]
                pos += 1
            else:
                n = len(getattr(self, name))
                values[name] = children[pos : pos + n]
                pos += n
        return type(self)(**values)

    def replace(self, **changes: Any) -> Node:
        """This node with some fields replaced (by name)."""
        values = {f: getattr(self, f) for f in self._fields}
        values.update(changes)
        return type(self)(**values)

    def walk(self) -> Iterator[Node]:
        """Every distinct node of the DAG below (and including) this one, once, pre-order."""
        seen: set[int] = set()
        stack = [self]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            yield node
            stack.extend(reversed(node._children))


_KIND_CACHE: dict[str, type] = {}

#: Every concrete node class, by name, in definition order (filled by :func:`node_class`).
NODE_CLASSES: dict[str, type[Node]] = {}


def _resolve_kind(kind: type | tuple[type, ...] | str) -> type | tuple[type, ...]:
    if isinstance(kind, str):
        return _KIND_CACHE[kind]
    return kind


def _kind_name(kind: type | tuple[type, ...] | str) -> str:
    kind = _resolve_kind(kind)
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


_KIND_CACHE["Node"] = Node


def node_class(cls: type) -> type:
    """Class decorator turning a field declaration into an interned node class."""
    cls = dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
    fields = dataclasses.fields(cls)
    cls._fields = tuple(f.name for f in fields)
    cls._child_fields = tuple(
        (f.name, f.metadata["child"], f.metadata["kind"]) for f in fields if "child" in f.metadata
    )
    cls._defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING} | {
        f.name: f.default_factory() for f in fields if f.default_factory is not dataclasses.MISSING
    }
    cls.__repr__ = _node_repr
    if cls.__name__ in NODE_CLASSES:
        raise TypeError(f"node kind {cls.__name__} is declared twice")
    _KIND_CACHE[cls.__name__] = cls
    NODE_CLASSES[cls.__name__] = cls
    return cls


def register_kind(name: str, cls: type | tuple[type, ...]) -> None:
    """Name a node category (e.g. ``"Expr"``) usable as a child kind string."""
    _KIND_CACHE[name] = cls


def _node_repr(self: Node) -> str:
    parts = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
    return f"{type(self).__name__}({parts})"
