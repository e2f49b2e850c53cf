"""Which code the C backend emits a second time in the *serial flavour*.

The serial flavour (see :mod:`backend.emit_c`) runs every task spawn at once
and calls the serial versions of the functions it calls directly.  This module
answers, for a function (by name) or a task body (a :class:`BindExpr`), three
questions about its serial version, from facts about its *serial scope*: the
code the serial version runs itself, i.e. the body with the bodies of its task
spawns (they run at once) but without the bodies of parallel regions and
worksharing loops (their implicit tasks run the parallel flavour), and without
callees (they are reached by name, through the call graph).

* It *creates tasks* (the runtime's tasks, which a synchronisation frame must
  collect) when its serial scope has a parallel region, a worksharing loop,
  a detached task (always a work item: its completion waits for its event)
  or an indirect call; takes the address of a function that may spawn; calls an
  external function that may call back (the library table's ``callback``;
  a function it does not know may) while the program takes the address of a
  function that may spawn; or calls a function whose serial version creates
  tasks.  A function *may spawn* when its body,
  job bodies included, has a ``parallel``, a ``pfor`` or an indirect call, or
  calls or takes the address of a function that may spawn.
* It *differs* (its C text is not that of the parallel version, so it needs a
  serial version of its own) when its serial scope has a task spawn, a
  ``merge_all`` the serial flavour drops (the body creates no tasks: every
  task it spawned has run already), or a direct call of a function that
  differs.
* It *observes final* (a task running it with a true ``final`` clause must
  keep the runtime's final state) when it creates tasks (they must be
  included tasks) or its serial scope calls ``in_final`` (or the external
  ``omp_in_final``) directly or through a function that does.

What a builtin or external function means here is its row's ``serial`` fact
(:mod:`inspire.builtins`, :mod:`inspire.library`).

Every answer is a least fixpoint over the call graph (reachability of a
function with the local property), so recursion is handled; facts are folded
once per distinct node of the DAG.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from inspirec.inspire import nodes as n
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.callgraph import CallGraph
from inspirec.inspire.lambdas import definitions_in_order
from inspirec.inspire.library import library_function
from inspirec.inspire.parallel import is_region, job_body, spawned_job
from inspirec.inspire.visitor import fold


@dataclass(frozen=True, slots=True)
class _Facts:
    """What a piece of code does itself (callees are named, not included)."""

    calls: frozenset[str] = frozenset()  # user functions called directly
    addresses: frozenset[str] = frozenset()  # user functions used as values
    spawns: bool = False  # a parallel(job): a task spawn (or, whole, any job)
    merge_all: bool = False
    creates: bool = False  # a region, a worksharing loop or an indirect call
    calls_back: bool = False  # a call of a function without a body that may call back
    in_final: bool = False


_EMPTY = _Facts()
_CREATES = _Facts(creates=True)
_CALLS_BACK = _Facts(calls_back=True)
#: The facts of a row's ``serial`` fact (every name of inspire.builtins.SERIAL_FACTS).
_SERIAL_FACTS = {
    "": _EMPTY,
    "spawns": _Facts(spawns=True),
    "merge_all": _Facts(merge_all=True),
    "creates": _CREATES,
    "in_final": _Facts(in_final=True),
}


def _join(items: Iterable[_Facts]) -> _Facts:
    """The facts of code made of pieces with the facts ``items``."""
    distinct = list({f: None for f in items if f is not _EMPTY})
    if not distinct:
        return _EMPTY
    if len(distinct) == 1:
        return distinct[0]
    return _Facts(
        frozenset().union(*(f.calls for f in distinct)),
        frozenset().union(*(f.addresses for f in distinct)),
        any(f.spawns for f in distinct),
        any(f.merge_all for f in distinct),
        any(f.creates for f in distinct),
        any(f.calls_back for f in distinct),
        any(f.in_final for f in distinct),
    )


def _function_name(e: n.Node) -> str | None:
    """The user function ``e`` names, if it is a lambda expression or reference."""
    if isinstance(e, n.LambdaExpr):
        return e.reference.name
    if isinstance(e, n.LambdaReference):
        return e.name
    return None


def _combiner(memo: Mapping[n.Node, _Facts], whole: bool):
    """The fold step; ``whole`` keeps the bodies of regions and worksharing loops."""

    def combine(node: n.Node, values: Sequence[_Facts]) -> _Facts:
        name = _function_name(node)
        if name is not None:  # a function used as a value (callees are handled below)
            return _Facts(addresses=frozenset((name,)))
        if not isinstance(node, n.CallExpr):
            return _join(values)
        fn = node.function
        args = [memo[a] for a in node.args]
        name = _function_name(fn)
        if name is not None:
            return _join([_Facts(calls=frozenset((name,))), *args])
        if isinstance(fn, n.Global):
            f = library_function(fn.name)
            own = [_SERIAL_FACTS[f.serial], _CALLS_BACK if f.callback else _EMPTY]
            return _join([*own, *args])
        if not isinstance(fn, n.Builtin):
            return _join([_CREATES, memo[fn], *args])
        region = is_region(node)
        task = spawned_job(node)
        detached = task is not None and task.detach is not n.NO_DETACH
        if not whole and (region or detached or fn.name in ("pfor", "taskloop")):
            bind = job_body(node)
            if bind is not None:  # the body runs in the parallel flavour
                if detached:
                    parts = [task.if_, task.final, *task.depends, task.priority, task.detach]
                elif region:
                    job = spawned_job(node.args[0])
                    parts = [job.lo, job.hi, job.if_, job.final]
                else:
                    parts = node.args[:-1]  # pfor: lo .. chunk; taskloop: n .. flags
                return _join(
                    [_CREATES, *(memo[p] for p in parts), *(memo[c] for c in bind.captures)]
                )
        own = _CREATES if region else _SERIAL_FACTS[BUILTINS[fn.name].serial]
        return _join([own, *values])

    return combine


class SerialPlan:
    """The three answers (see the module docstring) for the functions and task
    bodies of one program."""

    def __init__(self, program: n.Program) -> None:
        lambdas = {
            b.reference.name: b.lambda_ for d in definitions_in_order(program) for b in d.bindings
        }
        self._memo: dict[n.Node, _Facts] = {}
        whole_memo: dict[n.Node, _Facts] = {}
        combine_whole = _combiner(whole_memo, whole=True)
        whole = {f: fold(lam.body, combine_whole, whole_memo) for f, lam in lambdas.items()}
        uses = CallGraph(lambdas, {f: sorted(x.calls | x.addresses) for f, x in whole.items()})
        self._may_spawn = uses.reaching(f for f, x in whole.items() if x.spawns or x.creates)
        addressed = frozenset().union(
            *(x.addresses for x in whole.values()),
            *(fold(g.init, combine_whole, whole_memo).addresses for g in program.globals),
        )
        self._callbacks_spawn = bool(addressed & self._may_spawn)
        facts = {f: self._facts(lam.body) for f, lam in lambdas.items()}
        calls = CallGraph(lambdas, {f: sorted(x.calls) for f, x in facts.items()})
        self._creating = calls.reaching(f for f, x in facts.items() if self._creates_itself(x))
        self._differing = calls.reaching(
            f for f, x in facts.items() if x.spawns or (x.merge_all and f not in self._creating)
        )
        self._observing = calls.reaching(
            f for f, x in facts.items() if x.in_final or f in self._creating
        )
        # Every function and global (or external function) name of the program.
        self.names = frozenset(lambdas) | frozenset(
            x.name for x in program.walk() if isinstance(x, n.Global)
        )

    def _facts(self, body: n.Node) -> _Facts:
        return fold(body, _combiner(self._memo, whole=False), self._memo)

    def _creates_itself(self, x: _Facts) -> bool:
        return (
            x.creates
            or (x.calls_back and self._callbacks_spawn)
            or bool(x.addresses & self._may_spawn)
        )

    def function_creates(self, name: str) -> bool:
        """Whether the serial version of function ``name`` may create tasks."""
        return name in self._creating

    def function_differs(self, name: str) -> bool:
        """Whether function ``name`` needs a serial version of its own."""
        return name in self._differing

    def job_creates(self, bind: n.BindExpr) -> bool:
        """Whether the serial version of task body ``bind`` may create tasks."""
        x = self._facts(bind.body)
        return self._creates_itself(x) or bool(x.calls & self._creating)

    def job_differs(self, bind: n.BindExpr) -> bool:
        """Whether task body ``bind`` needs a serial version of its own."""
        x = self._facts(bind.body)
        return (
            x.spawns
            or (x.merge_all and not self.job_creates(bind))
            or bool(x.calls & self._differing)
        )

    def job_observes_final(self, bind: n.BindExpr) -> bool:
        """Whether running task body ``bind`` as a final task is observable."""
        x = self._facts(bind.body)
        return x.in_final or self.job_creates(bind) or bool(x.calls & self._observing)
