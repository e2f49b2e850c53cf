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
type (not volatile, not atomic) and nothing can change ``v`` while the
closure runs.  In the function whose code has the closure (nested closures
included; other functions cannot name its locals), ``v`` must be

* never anything but read (``ref_deref(v)``), captured by a closure,
  declared, or written (assigned, incremented) as itself: its address is
  never taken, so nothing writes it but code that names it;
* declared and written in one *unit* at most, the function's own code or one
  closure's body, outside the closures nested in it, and the closure must
  run inside that unit synchronously: every closure between the unit and it
  (itself included) is synchronous.  The thread that runs the unit then
  waits for the closure, so the unit's writes come before or after it.
  (A deferred task nested between them could run the closure while the unit
  goes on and writes ``v``, so it would see a later value through a lock.)

A variable that nothing writes (a parameter only read) is copied by every
synchronous closure.  The copy holds the value ``v`` had when the closure
started, which every thread of the closure reads.  A closure whose code
creates a task that captures ``v`` by reference keeps its reference: its
copy would live in the frame of the closure's code, which may end before the
task does.  Variables are hash-consed
by name and type, so the test covers every variable of the function with
``v``'s name and type: conservative, never wrong.

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
from inspirec.inspire.nodes import (
    BindExpr,
    Declaration,
    DeclStmt,
    JobExpr,
    Lambda,
    LambdaExpr,
    Node,
    Program,
    Variable,
)
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
    facts = _Facts(node)
    if not facts.copyable:
        return node
    body = deep_call(facts.rewrite, node.body, frozenset({node}))
    return dataclasses.replace(node, body=body)


class _Facts:
    """What a function's code does with its variables (module docstring)."""

    def __init__(self, function: Lambda) -> None:
        #: the closures that run synchronously where they are built
        self.synchronous: set[BindExpr] = set()
        deferred: set[BindExpr] = set()
        #: per variable, the units (closures, or the function) declaring or writing it
        self.writers: dict[Variable, set[Node]] = {}
        unfit: set[Variable] = set()
        seen: set[Variable] = set()
        for a in own_code(Address.root_of(function).child("body"), job_bodies=True):
            node = a.node
            if isinstance(node, BindExpr):
                (self.synchronous if _runs_synchronously(a) else deferred).add(node)
            if not isinstance(node, Variable) or not t.is_ref(node.type):
                continue
            seen.add(node)
            use = _use(a)
            if use is None:
                unfit.add(node)
            elif use is not _READ:
                self.writers.setdefault(node, set()).add(use)
        self.synchronous -= deferred
        self.copyable = frozenset(
            v
            for v in seen - unfit
            if _copyable(v.type.params[0]) and len(self.writers.get(v, ())) <= 1
        )
        self.memo: dict[tuple[Node, frozenset[Node]], Node] = {}
        self.tasks_memo: dict[Node, frozenset[Variable]] = {}

    def rewrite(self, node: Node, units: frozenset[Node]) -> Node:
        """``node`` with its synchronous closures' captures of unchanging
        variables turned into copies; ``units`` are the units it runs in
        synchronously (module docstring)."""
        key = (node, units)
        done = self.memo.get(key)
        if done is not None:
            return done
        if isinstance(node, BindExpr):
            result = self.closure(node, units)
        elif isinstance(node, LambdaExpr) or not node.children:
            result = node
        else:
            result = node.with_children([self.rewrite(c, units) for c in node.children])
        self.memo[key] = result
        return result

    def closure(self, closure: BindExpr, units: frozenset[Node]) -> BindExpr:
        synchronous = closure in self.synchronous
        tasks = self.shared_with_tasks(closure.body) if synchronous else frozenset()
        captures = []
        for c in closure.captures:
            init = c.decl.init
            copy = init is c.var and c.var not in tasks and self.unchanging(c.var, units)
            if synchronous and copy:
                value = make_call(builtin("ref_deref"), (init,))
                c = dataclasses.replace(c, decl=dataclasses.replace(c.decl, init=value))
            else:
                c = self.rewrite(c, units)
            captures.append(c)
        inner = units | {closure} if synchronous else frozenset({closure})
        body = self.rewrite(closure.body, inner)
        return dataclasses.replace(closure, captures=tuple(captures), body=body)

    def unchanging(self, v: Variable, units: frozenset[Node]) -> bool:
        """Whether nothing can change ``v`` while a synchronous closure built
        in ``units`` runs."""
        return v in self.copyable and self.writers.get(v, set()) <= units

    def shared_with_tasks(self, node: Node) -> frozenset[Variable]:
        """The variables that a deferred closure in ``node`` captures by
        reference: a copy in a closure around it would die with the frame
        of the closure's code (a region's thread, a loop's iteration) while
        the task may still use it."""
        done = self.tasks_memo.get(node)
        if done is not None:
            return done
        found: set[Variable] = set()
        if isinstance(node, BindExpr) and node not in self.synchronous:
            found.update(c.var for c in node.captures if c.decl.init is c.var)
        if not isinstance(node, LambdaExpr):
            for c in node.children:
                found |= deep_call(self.shared_with_tasks, c)
        result = frozenset(found)
        self.tasks_memo[node] = result
        return result


#: A use of a variable that neither declares nor writes it (:func:`_use`).
_READ = object()


def _use(a: Address) -> Node | object | None:
    """What the occurrence of a variable at ``a`` does: ``_READ`` (a read, a
    capture by reference), the unit that declares or writes it there, or
    None when it may let anything else reach it (its address is taken)."""
    parent = a.parent.node
    name = builtin_call_name(parent)
    if name == "ref_deref":
        return _READ
    if isinstance(parent, DeclStmt):
        holder = a.parent.parent.node
        if isinstance(holder, BindExpr):  # a capture: by reference, or a copy in the closure
            return _READ if parent.decl.init is a.node else holder
        return _unit(a)
    if isinstance(parent, Declaration):  # the reference a capture is initialised with
        return _READ if isinstance(a.parent.parent.parent.node, BindExpr) else None
    if name in _WRITES and parent.args[0] is a.node:
        return _unit(a)
    return None


def _unit(a: Address) -> Node:
    """The closure whose body has ``a`` in its own code, else the function."""
    child, up = a, a.parent
    while up is not None:
        if isinstance(up.node, BindExpr) and child.node is up.node.body:
            return up.node
        child, up = up, up.parent
    return child.node


def _runs_synchronously(a: Address) -> bool:
    """Whether the closure at ``a`` is a ``pfor`` body or the job of a
    ``merge(parallel(job))``: its builder waits for it."""
    up = a.parent
    if builtin_call_name(up.node) == "pfor":
        return up.node.args[-1] is a.node
    if not isinstance(up.node, JobExpr) or up.node.body is not a.node:
        return False
    spawn = up.parent
    merge = spawn.parent if spawn is not None else None
    return (
        merge is not None
        and spawned_job(spawn.node) is up.node
        and builtin_call_name(merge.node) == "merge"
    )


def _copyable(ty: t.Type) -> bool:
    """Whether an object of type ``ty`` may be read once for all: a scalar
    that is not volatile (its reads are the program's) nor atomic."""
    plain = t.strip_qualifiers(ty)
    return (t.is_arithmetic(plain) or t.is_ptr(plain)) and not (
        t.qualifiers(ty) & {"volatile", "atomic"}
    )


__all__ = ["value_captures"]
