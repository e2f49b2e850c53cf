"""The IR node schema: every node kind, declared once.

Field order is child order (see :mod:`inspire.node`).  The categories follow
INSPIRE:

Types
    :class:`GenericType` (``int<4>``, ``ref<T>``, ``array<T,10>`` ...),
    :class:`VlaType` (``array<T,[e]>``: an array of run-time extent ``e``),
    :class:`TagType` (a struct/union named in the program's type table),
    :class:`FunctionType`, :class:`TypeVariable` (``'a``, polymorphic builtins).
Expressions
    :class:`Literal`, :class:`Variable`, :class:`Global`, :class:`Builtin`,
    :class:`CallExpr`, :class:`CastExpr`, :class:`InitExpr`, :class:`DataInit`, :class:`SizeOf`,
    :class:`Undefined`, :class:`LambdaExpr`, :class:`LambdaReference`,
    :class:`BindExpr`, :class:`JobExpr`, :class:`Declaration`.
Statements
    :class:`CompoundStmt`, :class:`DeclStmt`, :class:`IfStmt`,
    :class:`WhileStmt`, :class:`DoWhileStmt`, :class:`ForStmt`,
    :class:`SwitchStmt`, :class:`CaseLabel`, :class:`CaseRangeLabel`,
    :class:`DefaultLabel`,
    :class:`ReturnStmt`, :class:`BreakStmt`, :class:`ContinueStmt`,
    :class:`GotoStmt`, :class:`LabelStmt`; every expression is also a statement.
Support
    :class:`Lambda`, :class:`LambdaBinding`, :class:`LambdaDefinition`,
    :class:`Field`, :class:`StructDecl`, :class:`GlobalDecl`, :class:`Program`.

Contracts the frontend, analyses and backend rely on:

* **Stack storage is explicit.**  Every stack allocation is a
  :class:`Declaration` ``(type, init)``: local variables (inside a
  :class:`DeclStmt`), every argument of a call to a non-builtin function, and
  every value captured by a :class:`BindExpr`.  If ``type`` is ``ref<T>`` and
  ``init`` has type ``T`` the declaration materialises a mutable slot holding a
  ``T``; if ``type`` equals the type of ``init`` it is a plain value slot.
  Either way the slot occupies the size of the stored type (a run-time size
  for a variably modified one, :class:`VlaType`: ``var ref<array<T,[e]>> a;``
  is a VLA, its extent ``e`` an immutable ``int<8>`` variable declared before).
* **Recursion is explicit.**  A :class:`LambdaExpr` is the pair (reference,
  definition).  A non-recursive function is a definition with one binding that
  never mentions its own reference; a (mutually) recursive set of functions is
  one definition with several bindings whose bodies call each other through
  :class:`LambdaReference` nodes.  A call through a reference therefore always
  closes a recursion cycle.
* **Closures are closed.**  The body of a :class:`BindExpr` sees only its
  parameters, its captures, globals and functions, so the captures are exactly
  the closure.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from inspirec.inspire.node import (
    NODE_CLASSES,
    Loc,
    Node,
    NodeError,
    child,
    child_seq,
    node_class,
    register_kind,
)

# --------------------------------------------------------------------- types


class Type(Node):
    """Base class of type nodes; ``str(t)`` is the textual form (:func:`type_str`)."""

    __slots__ = ()

    def __str__(self) -> str:
        return type_str(self)


register_kind("Type", Type)


@node_class
class GenericType(Type):
    """A named type with type and integer parameters.

    ``int<4>`` is ``GenericType("int", (), (4,))``; ``ref<int<4>>`` is
    ``GenericType("ref", (int4,), ())``; ``array<T,10>`` has ``int_params``
    ``(10,)`` and ``array<T,*>`` (size unknown: VLA, flexible member, or
    incomplete array) ``(None,)``.
    """

    name: str
    params: tuple[Type, ...] = child_seq(Type)
    int_params: tuple[int | None, ...] = ()


@node_class
class VlaType(GenericType):
    """``array<T,[e]>``: an array whose extent is the run-time value of ``extent``.

    It *is* an ``array<T,*>`` (``name`` is ``"array"``, ``int_params`` is
    ``(None,)``): code that only needs the static shape treats it as an array
    of unknown size; code that spells or sizes the type uses ``extent``, an
    integer expression.  Contract (as C's for variably modified types): the
    extent is evaluated each time the construct that spells the type
    executes -- a declaration, function entry for a parameter, a cast, a
    ``sizeof``.  The frontend therefore gives every declared run-time
    dimension an immutable ``int<8>`` variable (a value slot, so every later
    use of the type denotes the same size); parameter types use expressions
    over the earlier parameters, and casts and ``sizeof`` of a type name the
    dimension expression itself.  Every variable of an extent must be bound
    wherever the type occurs (so a closure using the type captures it).
    A function's :class:`FunctionType` never contains a VlaType: it holds the
    erased type (``array<T,*>``, C's ``[*]``) while its :class:`Lambda`
    parameters keep the run-time extents.
    """

    int_params: tuple[int | None, ...] = dataclasses.field()
    extent: Expr = child("Expr")


@node_class
class TagType(Type):
    """A struct or union type named in the program's type table."""

    tag: str  # "struct" or "union"
    name: str


@node_class
class FunctionType(Type):
    """The type of a function value (pointer-sized, like a C function pointer)."""

    params: tuple[Type, ...] = child_seq(Type)
    result: Type = child(Type)
    variadic: bool = False


@node_class
class TypeVariable(Type):
    """A type variable ``'a`` in a polymorphic builtin signature."""

    name: str


#: The ``#`` wildcard of a signature's array size: matches any size.
ANY_SIZE = -1


def _unset_extent_text(e: Node) -> str:
    raise TypeError("no expression writer is installed for run-time extents")


#: How :func:`type_str` writes a run-time extent when not told otherwise: the
#: IR printer's text of the expression outside any program.  The printer
#: depends on this module (types are part of every expression it writes), so
#: it installs its writer with :func:`write_extents_with` when it is defined.
_extent_text: list[Callable[[Node], str]] = [_unset_extent_text]


def write_extents_with(extent_text: Callable[[Node], str]) -> None:
    """Make ``extent_text`` the default writer of run-time extents (see :func:`type_str`)."""
    _extent_text[0] = extent_text


def type_str(t: Type, extent_text: Callable[[Node], str] | None = None) -> str:
    """The textual form of a type, as the printer writes it.

    A run-time extent is written ``[e]`` with ``extent_text(e)`` (by default
    the writer installed by :func:`write_extents_with`: the printer's text of
    the expression outside any program).
    """
    if isinstance(t, VlaType):
        write = _extent_text[0] if extent_text is None else extent_text
        return f"array<{type_str(t.params[0], extent_text)},[{write(t.extent)}]>"
    if isinstance(t, GenericType):
        if not t.params and not t.int_params:
            return t.name
        parts = [type_str(p, extent_text) for p in t.params]
        parts += [_int_param_str(n) for n in t.int_params]
        return f"{t.name}<{','.join(parts)}>"
    if isinstance(t, TagType):
        return f"{t.tag} {t.name}"
    if isinstance(t, FunctionType):
        params = [type_str(p, extent_text) for p in t.params]
        if t.variadic:
            params.append("...")
        return f"({', '.join(params)}) -> {type_str(t.result, extent_text)}"
    if isinstance(t, TypeVariable):
        return f"'{t.name}"
    raise TypeError(f"not a type: {t!r}")


def _int_param_str(n: int | None) -> str:
    if n is None:
        return "*"
    if n == ANY_SIZE:
        return "#"
    return str(n)


def _is_generic(t: Node, name: str) -> bool:
    return isinstance(t, GenericType) and t.name == name


#: The IR's qualifier wrappers, outermost first: ``volatile<const<T>>`` is the
#: one spelling of a const volatile T (see :func:`inspire.types.qualify`).
#: ``atomic`` is C's ``_Atomic``: every access to such an object is one
#: atomic operation (the emitted C declares the object ``_Atomic``).
QUALIFIERS = ("volatile", "atomic", "const")


def _strip_qualifiers(t: Node) -> Node:
    while isinstance(t, GenericType) and t.name in QUALIFIERS:
        t = t.params[0]
    return t


# --------------------------------------------------------------- expressions


class Expr(Node):
    """Base class of expression nodes; every expression has a ``type`` child first."""

    __slots__ = ()


class Stmt(Node):
    """Base class of statement nodes (expressions are statements too)."""

    __slots__ = ()


register_kind("Expr", Expr)
register_kind("Stmt", (Stmt, Expr))


@node_class
class Literal(Expr):
    """A constant; ``value`` is its C spelling (``42``, ``1.5``, ``"text"``, ``'a'``).

    ``identifier`` typed literals name struct members in member-access builtins.
    """

    type: Type = child(Type)
    value: str


@node_class
class Variable(Expr):
    """A local variable or parameter, bound by a DeclStmt, Lambda or BindExpr."""

    type: Type = child(Type)
    name: str


@node_class
class Global(Expr):
    """A program-level symbol: a global variable (``ref<T>``) or an external function."""

    type: Type = child(Type)
    name: str


@node_class
class Builtin(Expr):
    """A builtin operator; its type is its signature in :mod:`inspire.builtins`."""

    type: Type = child(Type)
    name: str


@node_class
class Declaration(Expr):
    """A stack slot of ``type`` initialised with ``init`` (see the module contracts)."""

    type: Type = child(Type)
    init: Expr = child(Expr)

    def verify(self) -> str | None:
        t, it = self.type, self.init.type
        if t is it or (_is_generic(t, "ref") and _strip_qualifiers(t.params[0]) is it):
            return None
        return f"declaration of type {t} initialised with {it} (must be the same type or its ref)"


@node_class
class CallExpr(Expr):
    """A call; arguments of non-builtin callees are :class:`Declaration` nodes."""

    type: Type = child(Type)
    function: Expr = child(Expr)
    args: tuple[Expr, ...] = child_seq(Expr)
    loc: Loc | None = None


@node_class
class CastExpr(Expr):
    """A C cast (value conversion) to ``type``."""

    type: Type = child(Type)
    expr: Expr = child(Expr)


@node_class
class InitExpr(Expr):
    """A struct/union/array initialiser ``{a, .x = b, [3] = c}``.

    ``designators`` is parallel to ``values``: ``""`` for a positional entry,
    otherwise a C designator such as ``.x``, ``[3]`` or ``.a[2].b``.
    """

    type: Type = child(Type)
    values: tuple[Expr, ...] = child_seq(Expr)
    designators: tuple[str, ...] = ()

    def verify(self) -> str | None:
        if self.designators and len(self.designators) != len(self.values):
            return "initialiser designators and values differ in number"
        return None


@node_class
class DataInit(Expr):
    """An initialiser of number constants, ``{1, -2, {0x3fu, 1.5e3}}``, as one
    node however long (the frontend makes one of a long list of number
    literals: a table of 100000 entries is not 100000 nodes).

    ``values`` are the constants' C spellings, each with its sign, and
    nested lists of them (tuples) for the members that are aggregates; each
    constant is converted to its member's type as C converts an initialiser,
    and the members after the last value are zero.  The verifier checks
    that the spellings are the text format's numbers and that the lists fit
    ``type`` member for member (:func:`inspirec.inspire.data.data_fits`)."""

    type: Type = child(Type)
    values: tuple = ()


@node_class
class SizeOf(Expr):
    """``sizeof(target)`` (kept symbolic so the C compiler computes it)."""

    type: Type = child(Type)
    target: Type = child(Type)


@node_class
class Undefined(Expr):
    """An indeterminate value of ``type`` (an uninitialised declaration)."""

    type: Type = child(Type)


@node_class
class LambdaReference(Expr):
    """A reference to a lambda bound in an enclosing :class:`LambdaDefinition`."""

    type: Type = child(Type)
    name: str


@node_class
class Lambda(Node):
    """A function body with parameters; ``loc`` is the C function's location.

    ``simd``: the clauses of each ``#pragma omp declare simd`` the emitted C
    puts before the function (a hint that SIMD loops may call vector
    versions of it; clauses that name no parameter).  ``target``: the
    instruction-set options the function's code is compiled for (GNU
    ``target("avx2,fma")``, comma-separated; empty: the program's), which
    the emitted C gives it and every function made of its code."""

    type: FunctionType = child(FunctionType)
    params: tuple[Variable, ...] = child_seq(Variable)
    body: CompoundStmt = child("CompoundStmt")
    loc: Loc | None = None
    simd: tuple[str, ...] = ()
    target: str = ""

    def verify(self) -> str | None:
        if len(self.params) != len(self.type.params):
            return "parameter count differs from the function type"
        if self.target and not TARGET_OPTIONS.fullmatch(self.target):
            return f"malformed target options {self.target!r}"
        for hint in self.simd:
            if not DECLARE_SIMD_HINT.fullmatch(hint):
                return f"malformed declare simd hint {hint!r}"
        return None


@node_class
class LambdaBinding(Node):
    """Binds ``reference`` to ``lambda_`` inside a definition."""

    reference: LambdaReference = child(LambdaReference)
    lambda_: Lambda = child(Lambda)

    def verify(self) -> str | None:
        if self.lambda_.type is not self.reference.type:
            return f"function {self.reference.name}: lambda type differs from reference"
        return None


@node_class
class LambdaDefinition(Node):
    """A set of (possibly mutually recursive) lambda bindings."""

    bindings: tuple[LambdaBinding, ...] = child_seq(LambdaBinding)


@node_class
class LambdaExpr(Expr):
    """The function ``reference`` of ``definition``, as a value (an original C function)."""

    type: Type = child(Type)
    reference: LambdaReference = child(LambdaReference)
    definition: LambdaDefinition = child(LambdaDefinition)

    def verify(self) -> str | None:
        if self.type is not self.reference.type:
            return f"function {self.reference.name}: type differs from its reference"
        return None


@node_class
class BindExpr(Expr):
    """A closure: captured declarations plus a body; the job body of a task.

    Each capture is a :class:`DeclStmt` whose declaration is evaluated where the
    closure is built and whose variable is visible in ``body`` only.

    ``simd`` and ``reductions`` (the body of a ``pfor`` only): the hint of
    the loop that runs the body once per iteration, as
    :attr:`ForStmt.simd` and :attr:`ForStmt.reductions` (each reduction's
    target is an object of the closure's creator).
    """

    type: FunctionType = child(FunctionType)
    params: tuple[Variable, ...] = child_seq(Variable)
    captures: tuple[DeclStmt, ...] = child_seq("DeclStmt")
    body: CompoundStmt = child("CompoundStmt")
    simd: str | None = None
    reductions: tuple[SimdReduction, ...] = child_seq("SimdReduction", optional=True)

    def verify(self) -> str | None:
        if len(self.params) != len(self.type.params):
            return "bind parameter count differs from its type"
        for v, pt in zip(self.params, self.type.params, strict=True):
            if not _is_generic(v.type, "ref") or v.type.params[0] is not pt:
                return f"parameter {v.name} must have type ref<{pt}>"
        return _simd_hint_problem(self.simd, self.reductions)


#: The priority of a job without one (the literal 0 of type int<4>).
_NO_PRIORITY = Literal(GenericType("int", (), (4,)), "0")
#: The event handle of a job that is not detached (the unit literal).
NO_DETACH = Literal(GenericType("unit", (), ()), "()")
#: The type ``unit`` (the value of a statement that is not an expression).
_UNIT = NO_DETACH.type


@node_class
class JobExpr(Expr):
    """``job[lo..hi] => body``: a job of lo..hi threads running ``body : () -> unit``.

    Tasks are ``job[1..1]``.  ``if_`` false makes the task undeferred (OpenMP
    ``if``); ``final`` true makes it and its descendants included tasks.
    ``depends`` (tasks only) are its ``dependence`` values (OpenMP
    ``depend``): it starts after every earlier task of the same creator that
    it depends on has finished its body.  ``priority`` (tasks only; OpenMP
    ``priority``) is a hint: ready tasks of a higher priority run first.
    ``detach`` (tasks only; OpenMP ``detach``) is :data:`NO_DETACH` or a
    reference to the event handle variable: the handle of the task's event is
    stored there when the task is created (before its captures are
    evaluated), and the task completes only when its body has finished and
    the event is fulfilled (``omp_fulfill_event``).  ``thread`` (tasks
    only) marks a thread the program creates (``pthread_create``,
    ``thrd_create``, converted): it runs alongside its creator wherever it
    is created, where an OpenMP task that the initial task creates outside
    every parallel region runs at once, as the initial team's one thread
    would run it.
    """

    type: Type = child(Type)
    lo: Expr = child(Expr)
    hi: Expr = child(Expr)
    body: Expr = child(Expr)
    if_: Expr = child(Expr)
    final: Expr = child(Expr)
    depends: tuple[Expr, ...] = child_seq(Expr, optional=True)
    priority: Expr = child(Expr, default=_NO_PRIORITY)
    detach: Expr = child(Expr, default=NO_DETACH)
    thread: bool = False

    def verify(self) -> str | None:
        t = self.body.type
        if not isinstance(t, FunctionType) or t.params or not _is_generic(t.result, "unit"):
            return f"job body must be () -> unit, not {t}"
        for d in self.depends:
            if not _is_generic(d.type, "dependence"):
                return f"job dependences must be of type dependence, not {d.type}"
        one = tuple(x.value if isinstance(x, Literal) else None for x in (self.lo, self.hi))
        if self.depends and one != ("1", "1"):
            return "only a task (job[1..1]) may have dependences"
        if self.priority is not _NO_PRIORITY and one != ("1", "1"):
            return "only a task (job[1..1]) may have a priority"
        if self.thread and one != ("1", "1"):
            return "only a task (job[1..1]) may be a thread"
        if self.detach is not NO_DETACH:
            if one != ("1", "1"):
                return "only a task (job[1..1]) may be detached"
            if not _is_generic(self.detach.type, "ref"):
                return f"job detach must be a reference, not {self.detach.type}"
        return None


@node_class
class StmtExpr(Expr):
    """A GNU statement expression ``({ ... })``: ``body`` runs where the
    expression is, in its own block scope, and the value is that of the last
    statement when it is an expression (its ``type``), else ``unit``.

    No ``break``, ``continue``, ``goto``, ``return``, ``case`` or ``default``
    in ``body`` leaves it (the frontend rejects them), so control enters at
    the start and leaves after the last statement, like any expression.
    """

    type: Type = child(Type)
    body: CompoundStmt = child("CompoundStmt")

    def verify(self) -> str | None:
        stmts = self.body.stmts
        value = stmts[-1].type if stmts and isinstance(stmts[-1], Expr) else _UNIT
        if self.type is not value:
            return f"statement expression of type {self.type} whose value is of type {value}"
        return None


# ---------------------------------------------------------------- statements


@node_class
class CompoundStmt(Stmt):
    """A block."""

    stmts: tuple[Node, ...] = child_seq("Stmt")


@node_class
class DeclStmt(Stmt):
    """Declares ``var`` (of the declaration's type) with storage ``decl``;
    ``align``, when not 0, is the least alignment of that storage in bytes
    (C's ``_Alignas``, GNU ``aligned``; a power of two)."""

    decl: Declaration = child(Declaration)
    var: Variable = child(Variable)
    align: int = 0

    def verify(self) -> str | None:
        if self.var.type is not self.decl.type:
            return f"variable {self.var.name} has a type other than its declaration"
        return _alignment_error(self.align)


@node_class
class IfStmt(Stmt):
    """``if (cond) then else else_`` (an absent else is an empty block)."""

    cond: Expr = child(Expr)
    then: CompoundStmt = child(CompoundStmt)
    else_: CompoundStmt = child(CompoundStmt)


@node_class
class WhileStmt(Stmt):
    """``while (cond) body``; ``gcc``: see :data:`GCC_LOOP_HINT`."""

    cond: Expr = child(Expr)
    body: CompoundStmt = child(CompoundStmt)
    loc: Loc | None = None
    gcc: tuple[str, ...] = ()

    def verify(self) -> str | None:
        return _gcc_hints_problem(self.gcc)


@node_class
class DoWhileStmt(Stmt):
    """``do body while (cond)``; ``gcc``: see :data:`GCC_LOOP_HINT`."""

    body: CompoundStmt = child(CompoundStmt)
    cond: Expr = child(Expr)
    loc: Loc | None = None
    gcc: tuple[str, ...] = ()

    def verify(self) -> str | None:
        return _gcc_hints_problem(self.gcc)


#: A GCC loop pragma a loop keeps (``gcc``): the text after ``#pragma GCC``,
#: ``ivdep`` or ``unroll N`` (N below 65535), which the emitted C puts before
#: the loop (hints: the loop means the same without them).
GCC_LOOP_HINT = re.compile(r"ivdep|unroll (?:0|[1-9][0-9]{0,4})")


def _gcc_hints_problem(hints: tuple[str, ...]) -> str | None:
    for hint in hints:
        if not GCC_LOOP_HINT.fullmatch(hint) or (
            hint.startswith("unroll") and int(hint.split()[1]) >= 65535
        ):
            return f"malformed GCC loop hint {hint!r}"
    return None


#: A :class:`Lambda`'s ``target`` options: names, ``arch=haswell``, ``no-avx``.
TARGET_OPTIONS = re.compile(r"[\w.=+-]+(?:,[\w.=+-]+)*")

#: The clauses a :class:`Lambda`'s ``declare simd`` hints may have,
#: space-separated (none is the bare ``#pragma omp declare simd``).
DECLARE_SIMD_HINT = re.compile(
    r"(?:simdlen\([1-9][0-9]*\)|inbranch|notinbranch)"
    r"(?: (?:simdlen\([1-9][0-9]*\)|inbranch|notinbranch))*|"
)

#: The clauses a :class:`ForStmt`'s ``simd`` hint may have, space-separated
#: (none is the bare ``#pragma omp simd``).
SIMD_HINT = re.compile(
    r"(?:(?:safelen|simdlen)\([1-9][0-9]*\)|order\(concurrent\))"
    r"(?: (?:(?:safelen|simdlen)\([1-9][0-9]*\)|order\(concurrent\)))*|"
)


#: The operators of a :class:`SimdReduction` (OpenMP's reduction identifiers
#: of the arithmetic types).
SIMD_REDUCTION_OPERATORS = frozenset({"+", "*", "-", "&", "|", "^", "&&", "||", "min", "max"})


@node_class
class SimdReduction(Node):
    """A ``reduction(op: x)`` clause of a :class:`ForStmt`'s ``simd`` hint:
    ``target`` is the object the loop reduces into (a reference to a
    variable or a global of arithmetic type); the emitted C names it in the
    clause when C can (else it leaves the whole hint out)."""

    op: str
    target: Expr = child(Expr)

    def verify(self) -> str | None:
        if self.op not in SIMD_REDUCTION_OPERATORS:
            return f"unknown simd reduction operator {self.op!r}"
        return None


@node_class
class ForStmt(Stmt):
    """C ``for (init; cond; step) body``; ``init`` may declare loop variables.

    ``simd``: None, or the clauses of a ``#pragma omp simd`` the emitted C
    puts before the loop (a vectorisation hint; clauses that name no
    variable, so they mean the same in the emitted C), and ``reductions``
    its reduction clauses.  A rewrite of the loop that changes its
    iterations drops them.  ``gcc``: see :data:`GCC_LOOP_HINT`."""

    init: CompoundStmt = child(CompoundStmt)
    cond: Expr = child(Expr)
    step: CompoundStmt = child(CompoundStmt)
    body: CompoundStmt = child(CompoundStmt)
    loc: Loc | None = None
    simd: str | None = None
    gcc: tuple[str, ...] = ()
    reductions: tuple[SimdReduction, ...] = child_seq(SimdReduction, optional=True)

    def verify(self) -> str | None:
        return _simd_hint_problem(self.simd, self.reductions) or _gcc_hints_problem(self.gcc)


def _simd_hint_problem(simd: str | None, reductions: tuple[SimdReduction, ...]) -> str | None:
    """What is wrong with a loop's ``simd`` hint and its ``reductions``, or None."""
    if simd is not None and not SIMD_HINT.fullmatch(simd):
        return f"malformed simd hint {simd!r}"
    if reductions and simd is None:
        return "simd reductions without a simd hint"
    return None


@node_class
class SwitchStmt(Stmt):
    """C ``switch``: ``body`` holds :class:`CaseLabel`, :class:`CaseRangeLabel`
    and :class:`DefaultLabel` markers."""

    expr: Expr = child(Expr)
    body: CompoundStmt = child(CompoundStmt)


@node_class
class CaseLabel(Stmt):
    """``case value:`` inside a switch body."""

    value: Literal = child(Literal)


@node_class
class CaseRangeLabel(Stmt):
    """GNU C's ``case low ... high:`` inside a switch body: the values from
    ``low`` to ``high``, both included; ``low`` is at most ``high``."""

    low: Literal = child(Literal)
    high: Literal = child(Literal)

    def verify(self) -> str | None:
        if self.low.type is not self.high.type:
            return f"case range bounds of types {self.low.type} and {self.high.type}"
        try:
            empty = int(self.low.value, 0) > int(self.high.value, 0)
        except ValueError:
            return f"case range bounds {self.low.value} ... {self.high.value} are not integers"
        return f"empty case range {self.low.value} ... {self.high.value}" if empty else None


@node_class
class DefaultLabel(Stmt):
    """``default:`` inside a switch body."""


@node_class
class ReturnStmt(Stmt):
    """``return value``; a function returning unit returns the unit literal."""

    value: Expr = child(Expr)


@node_class
class BreakStmt(Stmt):
    """``break``."""


@node_class
class ContinueStmt(Stmt):
    """``continue``."""


@node_class
class GotoStmt(Stmt):
    """``goto label``."""

    label: str


@node_class
class LabelStmt(Stmt):
    """``label:`` (a jump target in the enclosing block)."""

    label: str


# ------------------------------------------------------------------- program


@node_class
class Field(Node):
    """A struct/union member; ``bits`` is the bit-field width or None; ``align``
    is a minimum alignment in bytes (C's ``_Alignas``, GNU ``aligned``), 0 for none."""

    type: Type = child(Type)
    name: str
    bits: int | None = None
    align: int = 0


@node_class
class StructDecl(Node):
    """The definition of a struct/union tag; ``fields`` empty and ``complete``
    False for a type that is only declared.

    ``header`` names the bundled header (``"<pthread.h>"``) a declaration came
    from: such types are not re-emitted, the header is included instead.
    ``c_name`` is how C code spells the type when that is not ``tag name``
    (a header typedef of an anonymous record, e.g. ``pthread_mutex_t``).
    ``packed`` (GNU ``packed``) aligns every member to 1 byte unless the member
    has its own ``align``; ``align`` (GNU ``aligned``) is a minimum alignment of
    the record in bytes, 0 for none (:mod:`inspire.sizes` has the layout rules).
    """

    tag: str
    name: str
    fields: tuple[Field, ...] = child_seq(Field)
    complete: bool = True
    header: str = ""
    c_name: str = ""
    packed: bool = False
    align: int = 0


@node_class
class GlobalDecl(Node):
    """A global variable: ``var`` (a :class:`Global` of type ``ref<T>``) and its initial value.

    ``storage`` is ``""`` or ``"static"``; ``thread_local`` marks
    thread-private storage (OpenMP ``threadprivate``); ``align``, when not 0,
    is the variable's least alignment in bytes (a power of two); ``section``,
    when not empty, the object file section the linker places it in (GNU
    ``section``: a program may walk the variables of one section between
    the ``__start_``/``__stop_`` symbols the linker defines), a name of
    letters, digits, ``_``, ``.`` and ``$``.
    """

    var: Global = child(Global)
    init: Expr = child(Expr)
    storage: str = ""
    thread_local: bool = False
    align: int = 0
    section: str = ""

    def verify(self) -> str | None:
        if self.section and not SECTION_NAME.fullmatch(self.section):
            return f"section name {self.section!r} is not one of letters, digits, _, . and $"
        return _alignment_error(self.align)


#: The section names :class:`GlobalDecl` allows (GNU ``section``'s usual ones).
SECTION_NAME = re.compile(r"[A-Za-z0-9_.$]+")


def _alignment_error(align: int) -> str | None:
    """The problem with an object's ``align`` (0: none), if any."""
    if align < 0 or align & (align - 1):
        return f"alignment {align} is not a power of two"
    return None


@node_class
class Program(Node):
    """A whole program: includes, type table, globals and the entry function.

    ``asm`` are its file-scope ``asm`` statements (their string literals, as
    C spells them), in source order; ``asm_labels`` the ``asm`` labels of its
    declarations, (symbol, string literal) by symbol: the name the assembler
    knows the function or global variable by; ``externs`` the external
    symbols (defined outside the program: in an ``asm`` statement, another
    object, a library) that its own files declare, not a bundled header;
    ``feature_macros`` the C library's feature-test macros (``_GNU_SOURCE``,
    ``_POSIX_C_SOURCE``, ...) its files define before their first
    ``#include``, ``(name, replacement)`` by name: the emitted C defines
    them first, so the system headers declare what the program's saw;
    ``may_alias`` whether a type of the program is GNU ``may_alias`` (its
    lvalues may access an object of any type): the program's C is then
    compiled without strict aliasing (the attribute itself is not kept);
    ``weak`` the external symbols it declares GNU ``weak`` and does not
    define, in name order: the emitted C declares them weak, so one the
    link does not define either has the address 0 (a program tests it).
    """

    structs: tuple[StructDecl, ...] = child_seq(StructDecl)
    globals: tuple[GlobalDecl, ...] = child_seq(GlobalDecl)
    entry: LambdaExpr = child(LambdaExpr)
    includes: tuple[str, ...] = ()
    asm: tuple[str, ...] = ()
    asm_labels: tuple[tuple[str, str], ...] = ()
    externs: tuple[str, ...] = ()
    feature_macros: tuple[tuple[str, str], ...] = ()
    may_alias: bool = False
    weak: tuple[str, ...] = ()


LOOP_KINDS = (WhileStmt, DoWhileStmt, ForStmt)

__all__ = [
    "LOOP_KINDS",
    "NODE_CLASSES",
    "Expr",
    "Loc",
    "Node",
    "NodeError",
    "Stmt",
    "Type",
    *NODE_CLASSES,
]
