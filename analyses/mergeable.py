"""Mergeable taskloops: logical tasks that keep nothing of their own (an IR -> IR pass).

A range job ``taskloop(n, tasks, grain, flags, bind [captures] (a, b) {
body })`` whose flags include 8 (``INSPIRE_RANGE_MERGEABLE``,
``inspire_rt.h``) lets the runtime run several consecutive logical tasks in
one call of the body, which it does where it would not split between them
anyway (one worker, an undeferred or final taskloop).  Nobody can tell the
difference when no logical task can pass a value to the next one through
its own copies of variables.  The pass sets the flag on every range job with
a literal ``flags`` whose body only reads what it captures by value (the
firstprivate copies, read through ``ref_deref`` in the body's own code,
captures of nested tasks included).  What the body captures by reference is
shared by every logical task anyway; what it declares is either declared
per iteration, a private copy (indeterminate at the start of a task) or a
reduction's copy, which a run of tasks initialises and combines once, the
same result for the associative operators reductions require.  Range jobs
of the hybrid pass already have the flag.  The pass takes no decisions
worth explaining: ``inspirec emit --emit ir`` shows the flags.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspirec.analyses.contexts import own_code
from inspirec.inspire import deep_call
from inspirec.inspire import types as t
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import builtin
from inspirec.inspire.nodes import BindExpr, Literal, Node, Program, Variable
from inspirec.inspire.parallel import builtin_call_name, int_literal
from inspirec.inspire.typecheck import make_call
from inspirec.inspire.visitor import fold

#: INSPIRE_RANGE_MERGEABLE, the taskloop flag this pass sets.
MERGEABLE = 8


def keeps_nothing(body: BindExpr) -> bool:
    """Whether the range job body ``body`` only reads the variables it captures by value."""
    by_value = {c.var for c in body.captures if not isinstance(c.decl.init, Variable)}
    return all(
        builtin_call_name(a.parent.node) == "ref_deref"
        for a in own_code(Address.root_of(body).child("body"), job_bodies=False)
        if isinstance(a.node, Variable) and a.node in by_value
    )


def _combine(original: Node, kids: Sequence[Node]) -> Node:
    node = original.with_children(kids)
    if builtin_call_name(node) != "taskloop":
        return node
    count, tasks, grain, flags, body = node.args
    value = int_literal(flags)
    if value is None or value & MERGEABLE or not isinstance(body, BindExpr):
        return node
    if not keeps_nothing(body):
        return node
    flags = Literal(t.INT4, str(value | MERGEABLE))
    return make_call(builtin("taskloop"), (count, tasks, grain, flags, body), node.loc)


def mergeable(program: Program) -> tuple[Program, list[object]]:
    """The program with every taskloop whose logical tasks keep nothing of
    their own marked mergeable; no decisions."""
    return deep_call(fold, program, _combine), []
