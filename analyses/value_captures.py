"""Read-only shared scalars captured by value (an IR -> IR pass).

A parallel region or a ``pfor`` body captures the variables it shares by
reference (``bind [var ref<T> n = n] ...``), so the emitted C reaches each
through a pointer, and the C compiler must reload it after every store that
may alias it: a loop bound ``n`` or an index ``k`` read in a loop that
stores ints is reloaded every iteration, which keeps gcc from vectorising
the loop.  gcc's own outlining copies a shared variable that the region
cannot change; so does this pass.

A capture ``var ref<T> v = v`` of a synchronous closure (the job of a
``merge(parallel(...))``: a region, or an undeferred task; a ``pfor`` body)
becomes the copy ``var ref<T> v = ref_deref(v)`` when ``T`` is a scalar
type (not volatile, not atomic) and, in the function whose code has the
closure (nested closures included, other functions not: they cannot name
its locals), ``v`` is only

* read (``ref_deref(v)``), declared, or captured by another closure;
* written (assigned, incremented) in the function's own code outside every
  closure, which the thread that builds the closure runs before or after
  it, never during it.

Its address is never taken, so nothing else can write it either: while the
closure runs, its value is the one it had when the closure was built, and
every thread that reads the copy reads that value.  (Variables are
hash-consed by name and type, so every variable of the function with ``v``'s
name and type must qualify: the test is per name, which is safe.)
Deferred tasks keep their references: their creator may go on and write the
variable before they run.

The pass takes no decisions worth explaining: ``inspirec emit --emit ir``
shows the captures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from inspirec.analyses.contexts import own_code
from inspirec.inspire import deep_call
from inspirec.inspire import types as t
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import builtin
from inspirec.inspire.nodes import BindExpr, Declaration, DeclStmt, Lambda, Node, Program, Variable
from inspirec.inspire.parallel import builtin_call_name, spawned_job
from inspirec.inspire.typecheck import make_call
from inspirec.inspire.visitor import fold

#: The builtins that write the object their first argument refers to and
#: keep nothing of its address.
_WRITES = frozenset(
    {
        "assign", "assign_add", "assign_sub", "assign_mul", "assign_div", "assign_mod",
        "assign_shl", "assign_shr", "assign_bit_and", "assign_bit_or", "assign_bit_xor",
        "pre_inc", "pre_dec", "post_inc", "post_dec", "ptr_assign_add", "ptr_assign_sub",
    }
)  # fmt: skip


def value_captures(program: Program) -> tuple[Program, list[object]]:
    """The program with the read-only shared scalars of its regions and
    ``pfor`` bodies captured by value (see the module docstring); no
    decisions."""
    return deep_call(fold, program, _combine), []


def _combine(original: Node, kids: Sequence[Node]) -> Node:
    node = original.with_children(kids)
    if not isinstance(node, Lambda):
        return node
    copied = read_only_scalars(node)
    if not copied:
        return node
    body = deep_call(fold, node.body, lambda n, k: _copy_captures(n.with_children(k), copied))
    return dataclasses.replace(node, body=body)


def read_only_scalars(function: Lambda) -> frozenset[Variable]:
    """The variables of ``function`` (its code and its closures' code) that
    its synchronous closures may capture by value (module docstring)."""
    seen: set[Variable] = set()
    unfit: set[Variable] = set()
    for a in own_code(Address.root_of(function).child("body"), job_bodies=True):
        v = a.node
        if not isinstance(v, Variable) or not t.is_ref(v.type):
            continue
        seen.add(v)
        if not _fit_use(a):
            unfit.add(v)
    return frozenset(v for v in seen - unfit if _copyable(v.type.params[0]))


def _copyable(ty: t.Type) -> bool:
    """Whether an object of type ``ty`` may be read once for all: a scalar
    that is not volatile (its reads are the program's) nor atomic."""
    plain = t.strip_qualifiers(ty)
    return (t.is_arithmetic(plain) or t.is_ptr(plain)) and not (
        t.qualifiers(ty) & {"volatile", "atomic"}
    )


def _fit_use(a: Address) -> bool:
    """Whether the occurrence of a variable at ``a`` keeps it copyable."""
    parent = a.parent.node
    name = builtin_call_name(parent)
    if name == "ref_deref" or isinstance(parent, DeclStmt):
        return True  # a read; its declaration or a capture's variable
    if isinstance(parent, Declaration):  # the reference a capture is initialised with
        holder = a.parent.parent
        return holder is not None and isinstance(holder.parent.node, BindExpr)
    if name not in _WRITES or parent.args[0] is not a.node:
        return False
    return not any(isinstance(up.node, BindExpr) for up in _ancestors(a))


def _ancestors(a: Address):
    up = a.parent
    while up is not None:
        yield up
        up = up.parent


def _copy_captures(node: Node, copied: frozenset[Variable]) -> Node:
    """``node`` with the captures of its synchronous closure (if it is a
    ``merge(parallel(job))`` or a ``pfor``) of variables in ``copied``
    turned into copies."""
    name = builtin_call_name(node)
    job = spawned_job(node.args[0]) if name == "merge" else None
    if job is not None and isinstance(job.body, BindExpr):
        body = _by_value(job.body, copied)
        if body is job.body:
            return node
        spawn = node.args[0]
        new_job = dataclasses.replace(job, body=body)
        new_spawn = dataclasses.replace(spawn, args=(new_job, *spawn.args[1:]))
        return dataclasses.replace(node, args=(new_spawn, *node.args[1:]))
    if name == "pfor" and isinstance(node.args[-1], BindExpr):
        body = _by_value(node.args[-1], copied)
        return (
            node
            if body is node.args[-1]
            else dataclasses.replace(node, args=(*node.args[:-1], body))
        )
    return node


def _by_value(closure: BindExpr, copied: frozenset[Variable]) -> BindExpr:
    captures = []
    for c in closure.captures:
        init = c.decl.init
        if init is c.var and c.var in copied:
            value = make_call(builtin("ref_deref"), (init,))
            c = dataclasses.replace(c, decl=dataclasses.replace(c.decl, init=value))
        captures.append(c)
    if all(a is b for a, b in zip(captures, closure.captures, strict=True)):
        return closure
    return dataclasses.replace(closure, captures=tuple(captures))


__all__ = ["read_only_scalars", "value_captures"]
