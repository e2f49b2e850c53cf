"""Hybrid scheduling of loop-spawned tasks: an IR -> IR pass (issue #16, paper 003).

A ``for`` loop whose every iteration only spawns independent tasks::

    for (var ref<T> i = lo; cmp(ref_deref(i), hi); { inc(i); }) {
        parallel(job[1..1] => bind [captures] () -> unit { body });
        ...
    }

becomes one range job, ``taskloop(n, n, 0, 9, bind(a, b) {...})`` with
``nogroup`` (flag 1: a later ``merge_all`` still waits for it), mergeable
logical tasks (flag 8: each declares its variables afresh) and one logical
task per original iteration, which the runtime runs as one
splittable range work item.  Logical task ``k`` sets a fresh iteration
variable to ``lo + k`` (``lo - k`` for a decrementing loop), then, for each
spawn in order, evaluates the task's captures as the spawn did and runs the
task's body (tasks of one iteration run one after the other, a schedule
their independence allows: OpenMP may run them so on a team of one).

Conditions (a loop failing one is left unchanged, with the reason and line):

1. ``T`` is ``int<4>`` or ``int<8>``, declared by the loop's init, or a
   local the init assigns (``for (i = lo; ...)``) that is used elsewhere in
   its function only as an invariant local is (below), so that nothing but
   the loop changes it; the condition is ``lt``/``le`` (step ``++``) or
   ``gt``/``ge`` (step ``--``) of ``ref_deref(i)`` (widened to a long, for
   an int) and a bound.  A local
   declared outside the loop is assigned its final value after the range
   job (``lo + trips``, ``lo - trips``), as the loop left it.
2. The bound and ``lo`` are *invariant*: built from literals, builtins that
   only compute, reads ``ref_deref(v)`` of invariant locals, reads of frozen
   globals (whole, or an element or member, :mod:`analyses.frozen`) and
   calls of reader functions (functions without effects that read only
   frozen globals).  A local ``v`` is invariant when every occurrence in its
   function's own code is a read ``ref_deref(v)``, its declaration, or an
   ``assign`` to it outside the loop (so no task, pointer or callee can
   change it while the loop runs).
3. The body is one or more task spawns with the literal ``if`` 1 and
   ``final`` 0 (no dependences, no priority, not detached, no ``taskwait``),
   after declarations of *iteration locals* ``var ref<T> v = e`` of a
   non-array type whose value ``e`` is built as a capture's (condition 4)
   and that are only read, and only by the captures of the tasks.
4. Each capture's initial value is built from literals, builtins that only
   compute, ``ref_deref(i)``, reads of iteration locals, reads of invariant
   locals, reads of frozen globals, calls of reader functions, and
   references to locals other than ``i`` (shared variables, captured by
   reference as before); in particular no pointer to ``i`` is captured, and
   no captured variable has a variable-length type.

5. The program cancels no taskgroup or region (``cancel_taskgroup``,
   ``cancel_parallel``): a cancelled taskgroup or region discards each of
   its tasks that has not started, which the logical tasks of a range job
   cannot be.

**Worksharing loops.**  ``pfor(lo, hi, 1, schedule, chunk, bind [c] (i) {
body })`` whose body meets conditions 3 and 4 (its captures ``c`` taking
the place of invariant locals: each is only read by the body; one captured
by reference and read must be invariant in the enclosing function but for
that capture, and is then copied by value) becomes, in each thread of the team,
one range job over the thread's block of the iterations (``n / team``
iterations, one more for the first ``n % team`` threads, in order), with
the captures ``c`` evaluated as the closure's were.  Any schedule: the
iterations only spawn tasks, so which thread spawns which does not
matter; a non-literal chunk is still evaluated once.  The barrier that
follows (unless ``nowait``) stays and waits for the tasks as before.

Reads of invariant locals in the captures are copied into the range job
when it is created, by value, as the loop read the same values at each
spawn.  Iteration locals, frozen globals and reader calls are evaluated by
each logical task, before its captures: no write can happen in between.
Every loop with a task spawn in its body gets a :class:`HybridDecision`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from inspirec.analyses.contexts import OwnerNames, own_code
from inspirec.analyses.frozen import FrozenState, called_function, frozen_state, object_root
from inspirec.inspire import deep_call
from inspirec.inspire import types as t
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import BUILTINS, builtin
from inspirec.inspire.lambdas import free_variables
from inspirec.inspire.nodes import (
    NO_DETACH,
    BindExpr,
    CastExpr,
    CompoundStmt,
    Declaration,
    DeclStmt,
    ForStmt,
    Global,
    LambdaExpr,
    Literal,
    Node,
    Program,
    Variable,
)
from inspirec.inspire.parallel import builtin_call_name, int_literal, is_task_spawn, spawned_job
from inspirec.inspire.typecheck import make_call
from inspirec.inspire.visitor import fold, replace_all

#: Loop condition -> the step it needs (+1 or -1).
_CONDITIONS = {"lt": 1, "le": 1, "gt": -1, "ge": -1}
_STEPS = {"post_inc": 1, "pre_inc": 1, "post_dec": -1, "pre_dec": -1}
_INDUCTION_TYPES = (t.INT4, t.INT8)
#: The range job's flags: nogroup (1; a later merge_all waits for it) and
#: mergeable (8; each logical task declares its variables afresh, so one call
#: may run several).
_FLAGS = 1 | 8


@dataclass(frozen=True)
class HybridDecision:
    """Whether one task-spawning loop became a range job, and why."""

    function: str
    location: str
    applied: bool
    reason: str


class _Refused(Exception):
    """A condition failed; the message says which."""


def _call(name: str, *args: Node) -> Node:
    return make_call(builtin(name), args)


def _deref(v: Variable) -> Node:
    return _call("ref_deref", v)


def _spawns_in(body: Address) -> bool:
    return any(spawned_job(a.node) is not None for a in own_code(body, job_bodies=False))


class _Function:
    """The loops of one task function (a lambda's or a closure's body)."""

    def __init__(self, body: Address, frozen: FrozenState):
        self.body = body
        self.frozen = frozen
        self.occurrences: dict[Variable, list[Address]] = {}
        for a in own_code(body, job_bodies=False):
            if isinstance(a.node, Variable):
                self.occurrences.setdefault(a.node, []).append(a)

    def invariant(self, v: Variable, loop: Address) -> bool:
        return all(self._read_or_set_outside(a, loop) for a in self.occurrences.get(v, ()))

    def _read_or_set_outside(self, a: Address, loop: Address) -> bool:
        """Whether the occurrence ``a`` of a local reads it, declares it, or
        assigns it outside the loop at ``loop``."""
        parent, label = a.parent, a.label
        if builtin_call_name(parent.node) == "ref_deref":
            return True
        if isinstance(parent.node, DeclStmt) and label == "var":
            return True
        return (
            builtin_call_name(parent.node) == "assign"
            and label == "args[0]"
            and not loop.is_ancestor_of(a)
        )

    def invariant_at(self, x: Variable, loop: Address, closure: Address) -> bool:
        """Whether ``x`` is invariant at the worksharing loop at ``loop`` but for
        its capture by reference in the loop's ``closure``."""
        return all(
            self._read_or_set_outside(a, loop) or closure.is_ancestor_of(a)
            for a in self.occurrences.get(x, ())
        )

    def only_the_loop_changes(self, i: Variable, loop: Address) -> bool:
        """Whether the loop variable ``i`` declared outside the loop at ``loop``
        is changed only by the loop's init and step, and otherwise used as an
        invariant local is (condition 1)."""
        header = (loop.child("init"), loop.child("step"))
        return all(
            self._read_or_set_outside(a, loop) or a.parent.parent in header
            for a in self.occurrences.get(i, ())
        )

    def iteration_local(self, v: Variable, loop: Address) -> bool:
        """Whether ``v``, declared in the loop's body, is only read there (condition 3)."""
        body = loop.child("body")
        return all(
            body.is_ancestor_of(a)
            and (
                builtin_call_name(a.parent.node) == "ref_deref"
                or (isinstance(a.parent.node, DeclStmt) and a.label == "var")
            )
            for a in self.occurrences.get(v, ())
        )

    def check_value(
        self,
        e: Node,
        loop: Address,
        i: Variable | None,
        reads: dict,
        iteration_locals: Sequence[Variable] = (),
    ) -> None:
        """Raise unless ``e`` is a value built as conditions 2 and 4 say (reading
        ``i`` and ``iteration_locals`` only when given); collect the invariant
        locals it reads in ``reads``."""
        stack = [e]
        while stack:
            node = stack.pop()
            if isinstance(node, Literal):
                continue
            if isinstance(node, CastExpr):
                stack.append(node.expr)
                continue
            if isinstance(node, Variable):
                raise _Refused(f"'{node.name}' is used other than read")
            callee = called_function(node)
            if callee is not None:
                if callee not in self.frozen.readers:
                    raise _Refused(f"'{callee}' may have effects or read values that change")
                # an argument initialises its parameter: Declaration(ref<T>, value)
                stack.extend(a.init if isinstance(a, Declaration) else a for a in node.args)
                continue
            name = builtin_call_name(node)
            if name == "ref_deref" and isinstance(object_root(node.args[0]), Global):
                stack.extend(self.frozen_read(node.args[0]))
                continue
            if name == "ref_deref" and isinstance(node.args[0], Variable):
                v = node.args[0]
                if v == i or v in iteration_locals:
                    continue
                if not self.invariant(v, loop):
                    raise _Refused(f"'{v.name}' may change while the loop runs")
                if t.is_array(v.type.params[0]) or free_variables(v.type):
                    raise _Refused(f"the array '{v.name}' would be copied into the range job")
                reads[v] = None
                continue
            if name is None or not BUILTINS[name].pure or name == "ref_deref":
                raise _Refused("a value is not computed from the loop variable and invariants")
            stack.extend(node.args)

    def frozen_read(self, target: Node) -> list[Node]:
        """The array indices in ``target``, a reference to (a part of) a global,
        if the global is frozen; raises :class:`_Refused` otherwise."""
        indices = []
        while not isinstance(target, Global):
            if builtin_call_name(target) == "array_elem":
                indices.append(target.args[1])
            target = target.args[0]
        if target.name not in self.frozen.globals:
            raise _Refused(f"the global '{target.name}' may change while the loop runs")
        return indices

    def plan(self, loop: Address) -> Node:
        """The range job replacing the loop at ``loop``; raises :class:`_Refused`."""
        node: ForStmt = loop.node
        init = node.init.stmts
        outer = None
        if len(init) == 1 and isinstance(init[0], DeclStmt):
            i, lo = init[0].var, init[0].decl.init
        elif (
            len(init) == 1
            and builtin_call_name(init[0]) == "assign"
            and isinstance(init[0].args[0], Variable)
        ):
            i = outer = init[0].args[0]
            lo = init[0].args[1]
            if not self.only_the_loop_changes(i, loop):
                raise _Refused(f"the loop variable '{i.name}' is changed outside the loop")
        else:
            raise _Refused("the loop does not declare or assign its loop variable")
        elem = i.type.params[0]
        if elem not in _INDUCTION_TYPES:
            raise _Refused(f"the loop variable '{i.name}' is not an int or a long")
        direction = _CONDITIONS.get(builtin_call_name(node.cond))
        widened = CastExpr(t.INT8, _deref(i))  # int i < long n
        if direction is None or node.cond.args[0] not in (_deref(i), widened):
            raise _Refused(f"the condition is not '{i.name}' <, <=, > or >= a bound")
        step = node.step.stmts
        if (
            len(step) != 1
            or _STEPS.get(builtin_call_name(step[0])) != direction
            or step[0].args[0] != i
        ):
            raise _Refused("the step is not ++ (for < and <=) or -- (for > and >=)")
        hi = node.cond.args[1]
        for bound in (lo, hi):
            try:
                self.check_value(bound, loop, None, {})
            except _Refused as refusal:
                raise _Refused(f"the bounds are not loop invariant: {refusal}") from None
        decls, tasks, reads, refs = self.iteration(node.body.stmts, loop, i)
        i8 = t.INT8
        lo8, hi8 = CastExpr(i8, lo), CastExpr(i8, hi)
        span = _call("sub", hi8, lo8) if direction > 0 else _call("sub", lo8, hi8)
        if builtin_call_name(node.cond) in ("le", "ge"):
            span = _call("add", span, Literal(i8, "1"))
        captures = [DeclStmt(Declaration(v.type, _deref(v)), v) for v in reads]
        captures += [DeclStmt(Declaration(v.type, v), v) for v in refs]
        job = _range_job(node.loc, i, direction, lo8, _trips(span), decls, tasks, captures)
        if outer is None:
            return job
        # the value the loop leaves in its variable: lo + trips (lo - trips)
        count = job.stmts[0].var
        last = _call("add" if direction > 0 else "sub", lo8, _deref(count))
        return CompoundStmt((*job.stmts, _call("assign", outer, CastExpr(elem, last))))

    def iteration(
        self, stmts: Sequence[Node], loop: Address, i: Variable
    ) -> tuple[list[DeclStmt], list[BindExpr], dict[Variable, None], dict[Variable, None]]:
        """The iteration locals and the tasks of the loop body ``stmts`` (the
        body of the loop or ``pfor`` closure at ``loop``, whose iteration
        variable is ``i``) if they meet conditions 3 and 4 (raises
        :class:`_Refused`), with the invariant locals the values read and the
        variables the tasks capture by reference."""
        while len(stmts) == 1 and isinstance(stmts[0], CompoundStmt):
            stmts = stmts[0].stmts  # the block of the C loop's body
        n_locals = next((k for k, s in enumerate(stmts) if not isinstance(s, DeclStmt)), len(stmts))
        decls, spawns = list(stmts[:n_locals]), stmts[n_locals:]
        if not spawns or not all(is_task_spawn(s) for s in spawns):
            raise _Refused("the body is not only task spawns")
        reads: dict[Variable, None] = {}
        refs: dict[Variable, None] = {}
        iteration_locals: list[Variable] = []
        for d in decls:
            v = d.var
            if t.is_array(v.type.params[0]) or free_variables(v.type):
                raise _Refused(f"'{v.name}' is an array declared in the loop")
            if not self.iteration_local(v, loop):
                raise _Refused(f"'{v.name}' is used other than read by the tasks")
            try:
                self.check_value(d.decl.init, loop, i, reads, iteration_locals)
            except _Refused as refusal:
                raise _Refused(f"the value of '{v.name}': {refusal}") from None
            iteration_locals.append(v)
        tasks = [self.spawned_task(s, loop, i, reads, refs, iteration_locals) for s in spawns]
        return decls, tasks, reads, refs

    def spawned_task(
        self,
        spawn: Node,
        loop: Address,
        i: Variable,
        reads: dict,
        refs: dict,
        iteration_locals: Sequence[Variable],
    ) -> BindExpr:
        """The closure of task spawn ``spawn`` in the loop at ``loop`` if it meets
        conditions 3 and 4 (raises :class:`_Refused`); collects the invariant
        locals its captures read in ``reads`` and those captured by reference
        in ``refs``."""
        job = spawned_job(spawn)
        if int_literal(job.if_) != 1 or int_literal(job.final) != 0:
            raise _Refused("the task has an if or final clause")
        if job.depends:
            raise _Refused("the task has dependences (depend clauses)")
        if int_literal(job.priority) != 0:
            raise _Refused("the task has a priority")
        if job.detach is not NO_DETACH:
            raise _Refused("the task is detached (detach clause)")
        task = job.body
        if not isinstance(task, BindExpr) or task.params:
            raise _Refused("the task is not a closure")
        for capture in task.captures:
            if free_variables(capture.var.type):
                raise _Refused(f"the capture of '{capture.var.name}' has a variable-length type")
            value = capture.decl.init
            if value == i:
                raise _Refused(f"the task captures a reference to the loop variable '{i.name}'")
            if isinstance(value, Variable):
                refs[value] = None  # a shared variable, by reference as before
                continue
            try:
                self.check_value(value, loop, i, reads, iteration_locals)
            except _Refused as refusal:
                raise _Refused(f"the capture of '{capture.var.name}': {refusal}") from None
        return task


def _plan_pfor(call: Address, outer: _Function) -> Node:
    """The per-thread range job replacing the worksharing loop ``pfor`` at
    ``call`` (see the module docstring); raises :class:`_Refused`."""
    lo, hi, step, _schedule, chunk, body = call.node.args
    if int_literal(step) != 1:
        raise _Refused("the step is not 1")
    if not isinstance(body, BindExpr) or len(body.params) != 1:
        raise _Refused("the body is not a closure of the iteration variable")
    i = body.params[0]
    if i.type.params[0] not in _INDUCTION_TYPES:
        raise _Refused(f"the loop variable '{i.name}' is not an int or a long")
    closure = call.child("args[5]")
    inner = _Function(closure.child("body"), outer.frozen)
    shared = {c.var: c.decl.init for c in body.captures if isinstance(c.decl.init, Variable)}
    for c in body.captures:
        if c.var not in shared and not inner.invariant(c.var, closure):
            raise _Refused(f"'{c.var.name}' changes from one iteration to the next")
    decls, tasks, reads, refs = inner.iteration(body.body.stmts, closure, i)
    captures = []
    for c in body.captures:
        if c.var in reads and c.var in shared:
            # read by value: a copy made with the range job, if nothing else
            # changes the variable while the worksharing loop starts
            x = shared[c.var]
            if c.var in refs or not outer.invariant_at(x, call, closure):
                raise _Refused(f"'{c.var.name}' is shared and may change while the loop runs")
            c = DeclStmt(Declaration(c.var.type, _deref(x)), c.var)
        captures.append(c)
    i8 = t.INT8
    base = Variable(t.ref(i8), "__inspire_pbase")
    n = Variable(t.ref(i8), "__inspire_pn")
    team = Variable(t.ref(i8), "__inspire_pteam")
    me = Variable(t.ref(i8), "__inspire_pme")
    q = Variable(t.ref(i8), "__inspire_pq")
    r = Variable(t.ref(i8), "__inspire_pr")
    early = _call("lt", _deref(me), _deref(r))  # this thread gets one of the r extra iterations
    first = _call(
        "add",
        _deref(base),
        _call(
            "add", _call("mul", _deref(me), _deref(q)), _call("ite", early, _deref(me), _deref(r))
        ),
    )
    count = _call("add", _deref(q), _call("ite", early, Literal(i8, "1"), Literal(i8, "0")))
    block: list[Node] = [
        DeclStmt(Declaration(base.type, CastExpr(i8, lo)), base),
        DeclStmt(Declaration(n.type, _trips(_call("sub", CastExpr(i8, hi), _deref(base)))), n),
        DeclStmt(Declaration(team.type, CastExpr(i8, _call("get_group_size"))), team),
        DeclStmt(Declaration(me.type, CastExpr(i8, _call("get_thread_id"))), me),
        DeclStmt(Declaration(q.type, _call("div", _deref(n), _deref(team))), q),
        DeclStmt(Declaration(r.type, _call("mod", _deref(n), _deref(team))), r),
    ]
    if int_literal(chunk) is None:
        block.append(chunk)  # evaluated once, as the worksharing loop did
    job = _range_job(call.node.loc, i, 1, first, count, decls, tasks, captures)
    return CompoundStmt((*block, *job.stmts))


def _trips(span: Node) -> Node:
    """``span`` if positive, else 0 (an ``int<8>``)."""
    zero8 = Literal(t.INT8, "0")
    return _call("ite", _call("gt", span, zero8), span, zero8)


def _range_job(
    loc,
    i: Variable,
    direction: int,
    first_value: Node,
    trips: Node,
    decls: Sequence[DeclStmt],
    tasks: list[BindExpr],
    captures: list[DeclStmt],
) -> CompoundStmt:
    """``{ count = trips; taskloop(count, count, 0, 9, bind(a, b) {...}); }``;
    logical task ``k`` sets the iteration variable to ``first_value`` + ``k``
    (- ``k``), declares the iteration locals ``decls`` and runs ``tasks`` in
    order, each in its own block.  The range job's closure has ``captures``
    besides the first value."""
    i8 = t.INT8
    zero8 = Literal(i8, "0")
    count = Variable(t.ref(i8), "__inspire_hcount")
    first = Variable(t.ref(i8), "__inspire_hlo")
    a = Variable(t.ref(i8), "__inspire_a")
    b = Variable(t.ref(i8), "__inspire_b")
    k = Variable(t.ref(i8), "__inspire_k")
    fresh_i = Variable(i.type, "__inspire_hi")
    at = _call("add" if direction > 0 else "sub", _deref(first), _deref(k))
    renames: dict[Variable, Variable] = {i: fresh_i}
    iteration_stmts: list[Node] = [
        DeclStmt(Declaration(i.type, CastExpr(i.type.params[0], at)), fresh_i)
    ]
    for d in decls:
        var = Variable(d.var.type, f"__inspire_hl_{d.var.name}")
        iteration_stmts.append(DeclStmt(Declaration(var.type, _rename(d.decl.init, renames)), var))
        renames[d.var] = var
    for task in tasks:
        locals_: list[Node] = []
        task_renames: dict[Variable, Variable] = {}
        for capture in task.captures:
            if isinstance(capture.decl.init, Variable):
                task_renames[capture.var] = capture.decl.init  # captured by the range job
                continue
            var = Variable(capture.var.type, f"__inspire_h_{capture.var.name}")
            task_renames[capture.var] = var
            init = _rename(capture.decl.init, renames)
            locals_.append(DeclStmt(Declaration(var.type, init), var))
        iteration_stmts.append(CompoundStmt((*locals_, _rename(task.body, task_renames))))
    iteration = CompoundStmt(tuple(iteration_stmts))
    inner = ForStmt(
        CompoundStmt((DeclStmt(Declaration(k.type, _deref(a)), k),)),
        _call("lt", _deref(k), _deref(b)),
        CompoundStmt((_call("post_inc", k),)),
        iteration,
        loc,
    )
    closure = BindExpr(
        t.function([i8, i8], t.UNIT),
        (a, b),
        (DeclStmt(Declaration(first.type, first_value), first), *captures),
        CompoundStmt((inner,)),
    )
    call = make_call(
        builtin("taskloop"),
        (_deref(count), _deref(count), zero8, Literal(t.INT4, str(_FLAGS)), closure),
        loc,
    )
    return CompoundStmt((DeclStmt(Declaration(count.type, trips), count), call))


def _rename(node: Node, renames: dict[Variable, Variable]) -> Node:
    """``node`` with the variables in ``renames`` renamed (names are fresh: no capture);
    the functions it calls are left alone."""

    def combine(original: Node, kids: Sequence[Node]) -> Node:
        if isinstance(original, LambdaExpr):
            return original  # another function: its variables are its own
        if isinstance(original, Variable) and original in renames:
            return renames[original]
        if all(k is c for k, c in zip(kids, original.children, strict=True)):
            return original  # unchanged: keeps the identity of the functions it names
        return original.with_children(kids)

    return fold(node, combine)


class _Pass:
    def __init__(self, program: Program):
        self.owner_names = OwnerNames(program)
        self.frozen = frozen_state(program)
        self.decisions: list[HybridDecision] = []
        self.cancels = any(
            builtin_call_name(x) in ("cancel_taskgroup", "cancel_parallel") for x in program.walk()
        )

    def combine(self, original: Node, kids: Sequence[Node]) -> Node:
        node = original.with_children(kids)
        name = self.owner_names.of(original)
        if name is None:
            return node
        body = Address.root_of(node).child("body")
        function = _Function(body, self.frozen)
        plan: list[tuple[Address, Node]] = []
        for a in own_code(body, job_bodies=False):
            if isinstance(a.node, ForStmt) and _spawns_in(a.child("body")):
                make, done = function.plan, "one range job, one logical task per iteration"
            elif builtin_call_name(a.node) == "pfor" and _spawns_in(
                a.child("args[5]").child("body")
            ):
                make = functools.partial(_plan_pfor, outer=function)
                done = "one range job per thread, one logical task per iteration"
            else:
                continue
            try:
                if self.cancels:
                    raise _Refused("the program cancels taskgroups or regions (cancel)")
                plan.append((a, make(a)))
            except _Refused as refusal:
                self._decide(name, a, False, str(refusal))
                continue
            self._decide(name, a, True, done)
        if not plan:
            return node
        return replace_all(Address.root_of(node), dict(plan))

    def _decide(self, name: str, at: Address, applied: bool, reason: str) -> None:
        loc = getattr(at.node, "loc", None)
        self.decisions.append(
            HybridDecision(name, str(loc) if loc else "<unknown>", applied, reason)
        )


def hybrid(program: Program) -> tuple[Program, list[HybridDecision]]:
    """The program with task-spawning loops turned into range jobs, and one
    decision per loop that spawns a task."""
    p = _Pass(program)
    result = deep_call(fold, program, p.combine)
    return result, sorted(p.decisions, key=_source_order)


def _source_order(d: HybridDecision) -> tuple:
    file, _, line = d.location.rpartition(":")
    return (file, int(line) if line.isdigit() else 0, d.function)
