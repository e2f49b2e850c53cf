"""Stack size estimation (paper 000 §3.2.6, Algorithm 5).

All stack storage of the IR is explicit in :class:`~inspire.nodes.Declaration`
nodes (locals, call arguments, captured values), so the estimate is a fold
over the DAG computing, per node, the pair

* ``frame`` — bytes of declarations under the node that live in the current
  function's frame (the sum: scopes are not assumed to overlap), and
* ``deep`` — the largest extra stack any call under the node needs (the
  maximum: one execution path at a time).

A function needs ``CALL_OVERHEAD + params + frame + deep`` of its body, plus
the recursions it reaches (kept apart, see :class:`StackUse`).
Decisions where the paper leaves room:

* Sizes come from :mod:`inspire.sizes` (LP64).  A VLA counts each extent
  that is not a literal as :data:`inspire.sizes.VLA_EXTENT_ESTIMATE`
  elements (``estimated_size``); an ``alloca`` of non-literal size, or a
  type without any size estimate, counts :data:`DYNAMIC_ESTIMATE` bytes.
* A call through a lambda reference (recursion) adds nothing where it
  occurs; instead the whole recursive set costs :data:`RECURSION_FACTOR`
  (the paper's φ) times the largest own frames of a member (its frame plus
  its non-recursive callees and inline jobs: one turn of the cycle), plus
  the largest recursion estimate its members reach.  Nested recursions add,
  they do not multiply: the inner recursion runs at the outer one's leaves.
* A spawned job may run inline (lazy task creation, ``if(0)``, ``final``),
  i.e. as a call of its body on the spawner's stack: jobs count like calls.
  The same holds for worksharing-loop bodies and region bodies.
* Functions without a body add their allowance from :mod:`analyses.externals`;
  a call through a function pointer adds the unknown-function allowance; a
  function passed as a value (e.g. a ``qsort`` comparator) is assumed to be
  called from there.

The stack a *work item* needs is that of its job (:func:`job_stack`): the
closure unpacked into parameters plus the body.  The runtime reserves its
own scheduler frames separately (``INSPIRE_STACK_RESERVE_BYTES``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from inspirec.analyses.externals import UNKNOWN, cost_of
from inspirec.inspire.lambdas import is_recursive_definition, lambda_of
from inspirec.inspire.nodes import (
    BindExpr,
    Builtin,
    CallExpr,
    Declaration,
    Global,
    Lambda,
    LambdaBinding,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Node,
    Type,
)
from inspirec.inspire.parallel import int_literal
from inspirec.inspire.sizes import SizeError, StructTable, estimated_size, size_of
from inspirec.inspire.typecheck import is_materializing
from inspirec.inspire.types import is_array, is_ref, is_variably_modified, is_vla
from inspirec.inspire.visitor import fold

#: φ: the assumed depth of any recursion, in frames of its largest function.
RECURSION_FACTOR = 64
#: Return address, saved registers and alignment of one call.
CALL_OVERHEAD = 64
#: A job run inline: its sequential function plus the runtime's spawn/inline frames.
JOB_OVERHEAD = 256
#: Bytes assumed for a VLA or alloca of non-literal size.
DYNAMIC_ESTIMATE = 64 * 1024


class StackUse(NamedTuple):
    """Stack needs under a node.

    ``frame``: bytes of declarations in the current function's frame;
    ``deep``: the largest stack of a non-recursive call (function, job,
    external) under the node, recursion inside it excluded; ``nested``: the
    largest stack of a recursion (a recursive set's φ-fold estimate) reached
    under the node.  Recursions are kept apart so an enclosing recursion
    multiplies only the frames of its own cycle, not the inner recursion's
    estimate (the inner one runs once, at the leaves of the outer one).
    ``dynamic``: whether a VLA or an ``alloca`` of a size known only at run
    time is reached under the node (its estimate is a guess).
    """

    frame: int
    deep: int
    nested: int
    dynamic: bool = False


class Parts(NamedTuple):
    """A callee's stack as (its own frames, the recursion estimates below it,
    whether it allocates stack of a size known only at run time)."""

    local: int
    nested: int
    dynamic: bool = False

    @property
    def total(self) -> int:
        return self.local + self.nested


_ZERO = StackUse(0, 0, 0)


class StackEstimator:
    """Stack estimates for the functions and jobs of one program (results cached)."""

    def __init__(self, structs: StructTable):
        self.structs = structs
        self.memo: dict[Node, StackUse] = {}
        self.recursions: dict[LambdaDefinition, int] = {}

    # --------------------------------------------------------- public API
    def function_stack(self, lam: Lambda) -> int:
        """Bytes one call of ``lam`` needs (recursion through its references excluded)."""
        return self.function_parts(lam).total

    def function_parts(self, lam: Lambda) -> Parts:
        params = sum(self.slot_size(v.type) for v in lam.params)
        body = self.use(lam.body)
        return Parts(CALL_OVERHEAD + params + body.frame + body.deep, body.nested, body.dynamic)

    def recursion_stack(self, definition: LambdaDefinition) -> int:
        """φ times the largest own frames of a recursive set, plus what it calls."""
        if definition not in self.recursions:
            parts = [self.function_parts(b.lambda_) for b in definition.bindings]
            self.recursions[definition] = RECURSION_FACTOR * max(p.local for p in parts) + max(
                p.nested for p in parts
            )
        return self.recursions[definition]

    def callee_parts(self, expr: LambdaExpr) -> Parts:
        """The stack a call of the function ``expr`` needs, its own recursion included."""
        if is_recursive_definition(expr.definition):
            members = (self.function_parts(b.lambda_) for b in expr.definition.bindings)
            return Parts(0, self.recursion_stack(expr.definition), any(p.dynamic for p in members))
        return self.function_parts(lambda_of(expr))

    def job_parts(self, bind: BindExpr) -> Parts:
        captures = sum(self.slot_size(c.var.type) for c in bind.captures)
        params = sum(self.slot_size(v.type) for v in bind.params)
        body = self.use(bind.body)
        local = JOB_OVERHEAD + captures + params + body.frame + body.deep
        return Parts(local, body.nested, body.dynamic)

    def job_stack(self, bind: BindExpr) -> int:
        """Bytes a work item running the closure ``bind`` needs."""
        return self.job_parts(bind).total

    def context_stack(self, spawns: Sequence[BindExpr], definition: LambdaDefinition) -> int:
        """The stack of a work item created by a task context.

        The largest of its jobs, plus, when the context belongs to a recursive
        set (``definition`` binds it), the recursion estimate of that set:
        through it the job runs the context's code again, inline.
        """
        job = max((self.job_stack(b) for b in spawns), default=0)
        if not is_recursive_definition(definition):
            return job
        return job + self.recursion_stack(definition)

    def job_assumes_depth(self, bind: BindExpr) -> bool:
        """True when the estimate of a work item running ``bind`` is a guess,
        not an upper bound: it counts a recursion at the assumed depth φ, or
        stack allocated with a size known only at run time (a VLA, an
        ``alloca``)."""
        parts = self.job_parts(bind)
        return parts.nested > 0 or parts.dynamic

    def context_assumes_depth(
        self, spawns: Sequence[BindExpr], definition: LambdaDefinition
    ) -> bool:
        """True when :meth:`context_stack` counts a recursion at depth φ."""
        return is_recursive_definition(definition) or any(map(self.job_assumes_depth, spawns))

    # ----------------------------------------------------------- the fold
    def use(self, node: Node) -> StackUse:
        return fold(node, self._combine, self.memo)

    def slot_size(self, ty: Type) -> int:
        """Bytes of the object a ``ref<T>`` variable or value slot of type ``ty`` holds."""
        return self._stored_size(ty.params[0] if is_ref(ty) else ty)

    def _stored_size(self, stored: Type) -> int:
        try:
            return estimated_size(stored, self.structs)
        except SizeError:
            return DYNAMIC_ESTIMATE

    def _declaration_size(self, decl: Declaration) -> int:
        if not is_materializing(decl) and is_ref(decl.type):
            return size_of(decl.type, self.structs)  # a reference to an existing object
        return self._stored_size(decl.type.params[0] if is_ref(decl.type) else decl.type)

    def _combine(self, node: Node, kids: Sequence[StackUse]) -> StackUse:
        if isinstance(node, Type | LambdaDefinition | LambdaBinding | Lambda):
            return _ZERO
        if isinstance(node, LambdaExpr):
            # A function value: it is called here or by whoever receives it.
            return StackUse(0, *self.callee_parts(node))
        if isinstance(node, BindExpr):
            # A job or loop body: it may run right here, as a call.
            return StackUse(0, *self.job_parts(node))
        frame = sum(k.frame for k in kids)
        deep = max((k.deep for k in kids), default=0)
        nested = max((k.nested for k in kids), default=0)
        dynamic = any(k.dynamic for k in kids)
        if isinstance(node, Declaration):
            frame += self._declaration_size(node)
            stored = node.type.params[0] if is_ref(node.type) else node.type
            sized_at_run_time = is_vla(stored) or (
                is_array(stored) and is_variably_modified(stored)
            )
            dynamic = dynamic or (is_materializing(node) and sized_at_run_time)
        elif isinstance(node, CallExpr):
            if isinstance(node.function, Builtin) and node.function.name == "stack_alloc":
                size = int_literal(node.args[0])
                frame += DYNAMIC_ESTIMATE if size is None else size
                dynamic = dynamic or size is None
            deep = max(deep, self._call_allowance(node))
        return StackUse(frame, deep, nested, dynamic)

    def _call_allowance(self, call: CallExpr) -> int:
        fn = call.function
        if isinstance(fn, Builtin):
            return 0
        if isinstance(fn, LambdaExpr | LambdaReference):
            return 0  # the callee's value (LambdaExpr) or the recursion factor covers it
        if isinstance(fn, Global):
            return cost_of(fn.name).stack_bytes
        return UNKNOWN.stack_bytes
