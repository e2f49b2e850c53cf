"""Closure size computation (paper 000 §3.2.7, Algorithm 6).

The closure of a spawned job is its :class:`~inspire.nodes.BindExpr`'s
captures (closures are closed, see :mod:`inspire.nodes`).  The backend
stores them in ``struct F_closure``, one member per capture in capture
order: the captured value for a materialising capture (arrays by value),
a pointer for a capture bound to an existing object (and for a VLA copied
by value, whose copy follows the struct in the work item).  The size reported
here is ``sizeof`` of exactly that struct under the LP64 layout rules of
:mod:`inspire.sizes`; a closure without captures is the one-``char``
placeholder struct the backend emits.  A context's closure size is the
largest of its spawns'.
"""

from __future__ import annotations

from collections.abc import Iterable

from inspirec.inspire.nodes import BindExpr, CallExpr, Type
from inspirec.inspire.parallel import job_body
from inspirec.inspire.sizes import StructTable, fields_layout
from inspirec.inspire.typecheck import is_materializing
from inspirec.inspire.types import CHAR, is_vla, ptr

#: Size of the placeholder closure of a job without captures.
EMPTY_CLOSURE_BYTES = 1


def closure_member_types(bind: BindExpr) -> list[Type]:
    """The member types of the closure struct of ``bind``, in order.

    A VLA captured by value is copied behind the struct; its member is a
    pointer to that copy.
    """
    members = []
    for c in bind.captures:
        member = c.var.type.params[0] if is_materializing(c.decl) else c.var.type
        members.append(ptr(member.params[0]) if is_vla(member) else member)
    return members


def closure_size(bind: BindExpr, structs: StructTable) -> int:
    """``sizeof`` the closure struct of ``bind``."""
    members = closure_member_types(bind) or [CHAR]
    return fields_layout(members, structs).size


def max_closure_size(spawns: Iterable[CallExpr], structs: StructTable) -> int:
    """The largest closure of the task spawns ``spawns`` (0 if none is a closure)."""
    sizes = [closure_size(b, structs) for b in map(job_body, spawns) if b is not None]
    return max(sizes, default=0)
