"""Frozen globals and reader functions: what no task can see change (for the hybrid pass).

The hybrid pass (:mod:`analyses.hybrid`) moves the values a loop computes
for its tasks into the tasks themselves: they are computed when a logical
task runs instead of when the loop reached the spawn.  A global variable may
be read there only if no write to it can happen in between, and a user
function may be called there only if it has no effect and reads only such
values.  This module finds both, for the whole program.

**Modes.**  The code reachable from the program's entry runs in *serial*
mode until it enters the body of a parallel region (``merge(parallel(job))``
of a team); the body and everything it reaches runs in *parallel* mode.  A
function may be reached in both modes.

**Frozen globals** are found only in programs whose serial mode starts no
task: no task spawn, ``taskloop`` or unmerged job outside parallel regions,
and no function whose address is taken (a function pointer may be called by
a library or by an operating-system thread, in either mode).  In such a
program every task runs inside a region, and the serial code that started
the region waits at its end for every task of the region.  A global defined
by the program is then *frozen* when:

* it is neither thread-local nor volatile nor atomic;
* its address never escapes: every occurrence, through array elements and
  struct members, is read by ``ref_deref`` or written by an assignment or an
  increment (``&g``, array decay, anything else counts as an escape, also in
  a global's initializer);
* no write to it is reached in parallel mode.

So a frozen global may be written, but only by serial code, which never runs
while a task does.

**Reader functions** have no effect and read only frozen globals and their
own locals and parameters: their own code (no closures) holds only
arithmetic, bitwise, comparison and logical builtins, reads and writes of
their locals (through array elements and members), reads of frozen globals,
control flow, and calls of reader functions; no pointer is followed, no
external function called.  A reader may run at any time during a region and
returns the same value for the same arguments.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from inspirec.analyses.contexts import functions, own_code
from inspirec.inspire import types as t
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.lambdas import lambda_of
from inspirec.inspire.nodes import (
    BindExpr,
    Builtin,
    CallExpr,
    Global,
    JobExpr,
    Lambda,
    LambdaExpr,
    LambdaReference,
    Node,
    Program,
    Variable,
)
from inspirec.inspire.parallel import builtin_call_name, is_region, spawned_job

#: Builtins that select a part of the object their first argument refers to.
_SELECTORS = frozenset({"array_elem", "ref_member", "complex_real_ref", "complex_imag_ref"})
#: Builtins that write the object their first argument refers to.
_WRITERS = frozenset(
    {
        "assign",
        "pre_inc",
        "pre_dec",
        "post_inc",
        "post_dec",
        *(name for name in BUILTINS if name.startswith("assign_")),
    }
)
#: Builtin categories a reader function may compute with.
_VALUE_CATEGORIES = frozenset({"arithmetic", "bitwise", "comparison", "logical"})


@dataclass(frozen=True)
class FrozenState:
    """The frozen globals and the reader functions of a program, by name."""

    globals: frozenset[str]
    readers: frozenset[str]


def selected_object(a: Address) -> Address:
    """The outermost address selecting a part of the object at ``a`` (through
    array elements, members and complex parts), ``a`` itself if none does."""
    while a.parent is not None and builtin_call_name(a.parent.node) in _SELECTORS:
        if a.label != "args[0]":
            break
        a = a.parent
    return a


def object_root(node: Node) -> Node:
    """The variable or global whose object ``node`` (a reference) selects a part of."""
    while builtin_call_name(node) in _SELECTORS:
        node = node.args[0]
    return node


def use_of(a: Address) -> str:
    """How the code at ``a`` (a variable or global) uses its object: ``read``,
    ``write`` or ``escape``."""
    top = selected_object(a)
    parent = top.parent
    name = builtin_call_name(parent.node) if parent is not None else None
    if name == "ref_deref":
        return "read"
    if name in _WRITERS and top.label == "args[0]":
        return "write"
    return "escape"


def _is_region_body(a: Address) -> bool:
    """Whether the closure at ``a`` is the body of a parallel region's job."""
    job, spawn = a.parent, a.parent.parent if a.parent else None
    return (
        a.label == "body"
        and job is not None
        and isinstance(job.node, JobExpr)
        and spawn is not None
        and spawn.parent is not None
        and is_region(spawn.parent.node)
    )


def _scan(root: Address) -> tuple[list[Address], list[Address]]:
    """The code under ``root`` that runs in ``root``'s mode (closures other than
    region bodies included), and the region bodies it starts."""
    here: list[Address] = []
    regions: list[Address] = []
    stack = [root]
    while stack:
        a = stack.pop()
        here.append(a)
        if isinstance(a.node, LambdaExpr):
            continue
        for k in reversed(a.children()):
            if k.label == "body" and isinstance(a.node, JobExpr) and _is_region_body(k):
                regions.append(k)
                continue
            stack.append(k)
    return here, regions


def called_function(node: Node) -> str | None:
    """The name of the user function ``node`` calls, if it calls one directly."""
    if isinstance(node, CallExpr):
        fn = node.function
        if isinstance(fn, LambdaExpr):
            return fn.reference.name
        if isinstance(fn, LambdaReference):
            return fn.name
    return None


def _is_function_value(a: Address) -> bool:
    return isinstance(a.node, LambdaExpr | LambdaReference) and a.label != "function"


def frozen_state(program: Program) -> FrozenState:
    """The frozen globals and reader functions of ``program`` (module docstring)."""
    lambdas = {name: lam for lam, (name, _) in functions(program).items()}
    frozen = _frozen_globals(program, lambdas)
    return FrozenState(frozen, _readers(lambdas, frozen))


def _frozen_globals(program: Program, lambdas: dict[str, Lambda]) -> frozenset[str]:
    candidates = {
        g.var.name
        for g in program.globals
        if not g.thread_local and not t.volatile_or_atomic(g.var.type.params[0])
    }
    for g in program.globals:
        for x in g.init.walk():
            if isinstance(x, LambdaExpr | LambdaReference):
                return frozenset()
            if isinstance(x, Global):
                candidates.discard(x.name)
    for lam in lambdas.values():
        for a in own_code(Address.root_of(lam).child("body"), job_bodies=True):
            if any(_is_function_value(k) for k in a.children()):
                return frozenset()  # a function pointer: it may run in either mode
            if isinstance(a.node, Global) and use_of(a) == "escape":
                candidates.discard(a.node.name)
    for a, parallel_mode in reachable_code(program, lambdas):
        if not parallel_mode and _starts_task(a):
            return frozenset()
        if parallel_mode and isinstance(a.node, Global) and use_of(a) == "write":
            candidates.discard(a.node.name)
    return frozenset(candidates)


def reachable_code(program: Program, lambdas: dict[str, Lambda]) -> Iterator[tuple[Address, bool]]:
    """Every address of the code reachable from the program's entry through
    direct calls, with whether it runs there in parallel mode (module
    docstring); a function reached in both modes comes once in each.
    ``lambdas``: the program's functions by name (:func:`functions`)."""
    entry = lambda_of(program.entry)
    seen: set[tuple[str, bool]] = set()
    work: list[tuple[Address, bool]] = [(Address.root_of(entry).child("body"), False)]
    while work:
        root, parallel_mode = work.pop()
        here, regions = _scan(root)
        work.extend((r, True) for r in regions)
        for a in here:
            yield a, parallel_mode
            callee = called_function(a.node)
            if callee in lambdas and (callee, parallel_mode) not in seen:
                seen.add((callee, parallel_mode))
                work.append((Address.root_of(lambdas[callee]).child("body"), parallel_mode))


def _starts_task(a: Address) -> bool:
    """Whether the code at ``a`` starts a job that is not a merged parallel region."""
    node = a.node
    if builtin_call_name(node) == "taskloop":
        return True
    if spawned_job(node) is None:
        return False
    return a.parent is None or not is_region(a.parent.node)


def _readers(lambdas: dict[str, Lambda], frozen: frozenset[str]) -> frozenset[str]:
    """The greatest set of functions meeting the reader rules (module docstring)."""
    calls: dict[str, set[str]] = {}
    for name, lam in lambdas.items():
        callees = _reader_calls(lam, frozen)
        if callees is not None:
            calls[name] = callees
    changed = True
    while changed:
        changed = False
        for name in list(calls):
            if not calls[name] <= calls.keys():
                del calls[name]
                changed = True
    return frozenset(calls)


def _reader_calls(lam: Lambda, frozen: frozenset[str]) -> set[str] | None:
    """The user functions ``lam`` calls if its own code meets the reader rules
    (assuming its callees do), else None."""
    own = set(lam.params)
    used: set[Variable] = set()
    callees: set[str] = set()
    for a in own_code(Address.root_of(lam).child("body"), job_bodies=True):
        node = a.node
        if isinstance(node, BindExpr | JobExpr):
            return None
        if any(_is_function_value(k) for k in a.children()):
            return None  # a function pointer
        if isinstance(node, Variable):
            (own if a.label == "var" else used).add(node)
            continue
        if isinstance(node, Global):
            if node.name not in frozen or use_of(a) != "read":
                return None
            continue
        if isinstance(node, CallExpr):
            if isinstance(node.function, Builtin):
                if not _reader_builtin(node):
                    return None
                continue
            callee = called_function(node)
            if callee is None:
                return None  # an external function or a call through a pointer
            callees.add(callee)
    # every variable the code uses is its own: a parameter or declared in it
    return callees if used <= own else None


def _reader_builtin(call: CallExpr) -> bool:
    name = call.function.name
    info = BUILTINS[name]
    if info.category in _VALUE_CATEGORIES:
        return True
    if name in _SELECTORS or name == "member":
        return True
    if name == "ref_deref":
        return isinstance(object_root(call.args[0]), Variable | Global)
    if name in _WRITERS:
        return isinstance(object_root(call.args[0]), Variable)
    return info.category == "complex" and info.pure
