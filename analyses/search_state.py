"""Search state: globals that tasks both read and write (for the queue-policy rule Q2).

The queue policy decides the order in which a worker runs its tasks.  For
most task trees that order changes only overheads and locality: the same
tasks run either way.  A tree whose tasks read a global that tasks also
write is different: a branch and bound reads the best bound found so far and
prunes with it, a graph search reads which vertices were visited.  There the
order decides how much work there is at all (BOTS knapsack: 12x more or less
work between the two push ends; floorplan the other way round;
``benchmarks/RESULTS.md``), and no analysis here predicts which order wins.
Rule Q2 of :mod:`analyses.policies` changes the policy only for programs
without such state.

The state is found on the code that runs in *parallel mode*, reached from
the program's entry through direct calls (:func:`analyses.frozen.reachable_code`).
A global (program-defined or external) is *search state* when that code
both reads and writes it:

* a read: ``ref_deref`` or ``atomic_load`` of it or of a part of it
  (array element, member), or an update (assignment, increment, atomic
  read-modify-write) whose value the code goes on to use;
* a write: an assignment, increment or atomic operation on it or a part;
* anything else (its address taken, an array decaying to a pointer) counts
  as neither: the code the address escapes to is not followed.  Counting it
  as both would take every global array a task hands to a function (a
  lookup table passed to ``strchr``, a grid passed to a kernel, a name
  printed) for search state.

An update whose value is dropped (``#pragma omp atomic`` ``count += n``, a
reduction's combination) is a write only: no task's work depends on it.
Code that calls through a function pointer in parallel mode may run any
function, so such a program is reported as having search state too.

Not seen: state shared through pointers, an escaped address or a shared
local (a bound kept in ``main`` and passed by address).  The rule treats
such a program as one without search state.
"""

from __future__ import annotations

from inspirec.analyses.contexts import functions
from inspirec.analyses.frozen import called_function, reachable_code, selected_object, use_of
from inspirec.inspire.address import Address
from inspirec.inspire.nodes import Builtin, CallExpr, CompoundStmt, Global, Node, Program
from inspirec.inspire.parallel import builtin_call_name
from inspirec.inspire.types import is_ref


def search_state(program: Program) -> tuple[str, ...]:
    """Why ``program`` has search state (module docstring), one line per
    global (``NAME (read at LOC, written at LOC)``) or function-pointer call,
    in name order; empty if it has none."""
    lambdas = {name: lam for lam, (name, _) in functions(program).items()}
    reads: dict[str, str] = {}
    writes: dict[str, str] = {}
    pointer_calls: list[str] = []
    for a, parallel_mode in reachable_code(program, lambdas):
        if not parallel_mode:
            continue
        if _calls_through_pointer(a.node):
            pointer_calls.append(f"a call through a function pointer ({_location(a)})")
            continue
        if not isinstance(a.node, Global) or not is_ref(a.node.type):
            continue  # not a global variable (an external function)
        read, write = _access(a)
        if read:
            reads.setdefault(a.node.name, _location(a))
        if write:
            writes.setdefault(a.node.name, _location(a))
    found = [
        f"{name} (read at {reads[name]}, written at {writes[name]})"
        for name in sorted(reads.keys() & writes.keys())
    ]
    return (*found, *sorted(set(pointer_calls))[:1])


def _calls_through_pointer(node: Node) -> bool:
    return (
        isinstance(node, CallExpr)
        and not isinstance(node.function, Builtin | Global)
        and called_function(node) is None
    )


def _access(a: Address) -> tuple[bool, bool]:
    """Whether the global at ``a`` is read, written there (module docstring)."""
    a = _through_views(a)
    use = use_of(a)
    if use == "read":
        return True, False
    top = selected_object(a)
    parent = top.parent
    if use == "write":
        return _value_used(parent), True
    name = builtin_call_name(parent.node) if parent is not None else None
    if name == "atomic_load" and top.label == "args[0]":
        return True, False
    if name is not None and name.startswith("atomic_") and top.label == "args[0]":
        return _value_used(parent), True
    return False, False  # an escape


#: Builtins that give another view of the object their argument refers to (a
#: volatile or atomic one).
_VIEWS = frozenset({"ref_volatile", "ref_atomic"})


def _through_views(a: Address) -> Address:
    """The outermost reference to the object at ``a`` through volatile or atomic views
    and pointer round trips (``ptr_to_ref(ref_to_ptr(r))``)."""
    while True:
        top = selected_object(a)
        parent = top.parent
        name = builtin_call_name(parent.node) if parent is not None else None
        if name in _VIEWS:
            a = parent
        elif (
            name == "ref_to_ptr"
            and parent.parent is not None
            and builtin_call_name(parent.parent.node) == "ptr_to_ref"
        ):
            a = parent.parent
        else:
            return a


def _value_used(a: Address) -> bool:
    """Whether the value of the expression at ``a`` is used (it is not a statement of a block)."""
    return a.parent is None or not isinstance(a.parent.node, CompoundStmt)


def _location(a: Address) -> str:
    """``file:line`` of the nearest node at or around ``a`` that has a location."""
    while a is not None:
        loc = getattr(a.node, "loc", None)
        if loc is not None:
            return str(loc)
        a = a.parent
    return "<unknown>"
