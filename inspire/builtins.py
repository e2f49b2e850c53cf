"""The builtins table: one row per builtin operator, everything known about it.

A row (:class:`BuiltinInfo`) carries:

* ``signature``, written in the IR's type syntax; type variables (``'a``)
  may carry a constraint (``integer``, ``real``, ``arithmetic``, ``scalar``,
  ``ptr``)
  and ``#`` in an array size matches any size.  A builtin whose result type
  is not determined by its argument types (``va_arg``) is printed with an
  explicit result type, ``name<T>(args)``; member access derives its result
  from the program's struct table.
* ``effort``: a relative cost in "simple operations" for the granularity
  analysis (paper 000, Algorithm 4, the mapping B).  Arithmetic and memory
  accesses cost 1, division 8, runtime interactions more, following the
  cost of the corresponding runtime operation.
* ``lazy``: the argument positions evaluated conditionally (``log_and``,
  ``log_or``, ``ite``).
* ``pure``: evaluating a call twice (with pure arguments) is
  indistinguishable from evaluating it once, so the frontend may repeat it
  (address computations, ``add``, ``sub`` and ``mul``; the others count
  as impure).
* ``serial``: what a call means to the serial clones of the C backend
  (:data:`SERIAL_FACTS`): ``spawns`` (a task or region launch),
  ``merge_all``, ``creates`` (always creates runtime tasks, ``pfor``),
  ``in_final`` (observes the final state); ``""`` for none.
* ``c``: how a call is written in C, a template in C expression syntax
  (below), or None for the parallel constructs the backend writes as
  statements (``parallel``, ``merge``, ``pfor``); ``c_integer`` (atomic
  read-modify-write operations) replaces ``c`` when the first argument
  refers to an integer; ``c_serial`` replaces both in a serial-only unit
  (``inspirec build --serial``: a team of one thread, no runtime), for the
  rows whose team-of-one meaning is a constant or nothing.  A ``runtime``
  row without ``c_serial`` names only what :mod:`backend.serial_rt` defines
  for a team of one (checked when the backend is imported).
* ``runtime``: the ``c`` template needs the inspire runtime's header
  (``inspire_*`` functions, ``INSPIRE_*`` macros, the OpenMP lock API);
  ``c_integer`` templates never do.

C templates.  ``$0`` ... ``$9`` stand for the arguments as C values: a
``ref<T>`` argument is a pointer ``T *``, so ``*$0`` is the object it refers
to (the C backend simplifies ``*&x`` to ``x`` and ``(*p).m`` to ``p->m``); an
``identifier`` argument after ``.`` is the member name, elsewhere the name as
a string literal.  ``$T`` is the call's result type as a C type name and
``$P`` the enclosing function's last named parameter.  A macro argument may
be a bare operator (``INSPIRE_ATOMIC_UPDATE($0, *, $1)``).  Precedence comes
from the template's own C syntax: the backend parses each template once and
parenthesises arguments only where C needs it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from inspirec.inspire.nodes import (
    Builtin,
    CallExpr,
    CastExpr,
    FunctionType,
    Global,
    LambdaExpr,
    Literal,
    Node,
    SizeOf,
    Variable,
)
from inspirec.inspire.syntax import parse_type

#: The serial-clone facts a builtin or library function may have (see the
#: module docstring and :mod:`backend.serial`).
SERIAL_FACTS = ("spawns", "merge_all", "creates", "in_final")


@dataclass(frozen=True)
class BuiltinInfo:
    """One builtin (see the module docstring for the meaning of each field)."""

    name: str
    signature: str
    effort: int
    category: str
    doc: str
    constraints: dict[str, str] = field(default_factory=dict)
    lazy: tuple[int, ...] = ()
    pure: bool = False
    serial: str = ""
    c: str | None = None
    c_integer: str | None = None
    c_serial: str | None = None
    runtime: bool = False

    def __post_init__(self) -> None:
        if self.serial and self.serial not in SERIAL_FACTS:
            raise ValueError(f"builtin {self.name}: unknown serial fact {self.serial!r}")

    @property
    def type(self) -> FunctionType:
        """The signature as a function type node."""
        return _signature_type(self.signature)


_TABLE: list[BuiltinInfo] = []


def _add(name, signature, effort, category, doc, constraints=None, lazy=(), **facts):
    _TABLE.append(
        BuiltinInfo(name, signature, effort, category, doc, constraints or {}, lazy, **facts)
    )


ARITH = {"a": "arithmetic"}
INTEG = {"a": "integer"}
SCAL = {"a": "scalar"}
#: The operators that apply to GNU C vectors too (element by element).
NUMERIC = {"a": "numeric"}
INTEGRAL = {"a": "integral"}

# Arithmetic, bitwise (operands already converted to a common type; of two
# vectors of one type, element by element).
for _n, _e, _op in (("add", 1, "+"), ("sub", 1, "-"), ("mul", 2, "*"), ("div", 8, "/")):
    _add(
        _n, "('a, 'a) -> 'a", _e, "arithmetic", f"a {_op} b", NUMERIC,
        pure=_n != "div", c=f"$0 {_op} $1",
    )  # fmt: skip
_add("mod", "('a, 'a) -> 'a", 8, "arithmetic", "a % b", INTEGRAL, c="$0 % $1")
_add("neg", "('a) -> 'a", 1, "arithmetic", "-a", NUMERIC, c="-$0")
for _n, _op in (("bit_and", "&"), ("bit_or", "|"), ("bit_xor", "^"), ("shl", "<<"), ("shr", ">>")):
    _add(_n, "('a, 'a) -> 'a", 1, "bitwise", f"a {_op} b", INTEGRAL, c=f"$0 {_op} $1")
_add("bit_not", "('a) -> 'a", 1, "bitwise", "~a", INTEGRAL, c="~$0")
# GCC's checked arithmetic (``__builtin_add_overflow`` ...): the exact result,
# wrapped to the type r refers to, stored there; 1 when it did not fit.
for _n, _e, _op in (("add", 2, "+"), ("sub", 2, "-"), ("mul", 3, "*")):
    _add(
        f"{_n}_overflow", "('a, 'b, ref<'c>) -> int<4>", _e, "arithmetic",
        f"*r = a {_op} b, 1 if it overflowed *r's type",
        {"a": "integer", "b": "integer", "c": "integer"}, c=f"__builtin_{_n}_overflow($0, $1, $2)",
    )  # fmt: skip

# Complex numbers (C ``_Complex``, GNU ``__real__``/``__imag__``).  A real
# operand of a complex operation stays real (C11 G.5.1, as gcc computes it:
# ``2.0 * z`` is not ``(2.0 + 0i) * z`` when a part is infinite or a zero has
# a sign), hence the mixed rows: ``_cr`` complex op real, ``_rc`` real op complex.
REAL = {"a": "real"}
PART = {"a": "complex_part"}
_add(
    "complex_make", "('a, 'a) -> complex<'a>", 1, "complex", "re + im*i from its parts", REAL,
    pure=True, c="__builtin_complex($0, $1)",
)  # fmt: skip
_add(
    "imaginary", "('a) -> complex<'a>", 1, "complex",
    "im*i of an integer imaginary constant (2i: of int or wider, so 1i's int does not widen it)",
    INTEG, pure=True, c="$0 * 1i",
)  # fmt: skip
for _n in ("real", "imag"):
    _add(
        f"complex_{_n}", "(complex<'a>) -> 'a", 0, "complex", f"__{_n}__ z", PART,
        pure=True, c=f"__{_n}__ $0",
    )  # fmt: skip
    _add(
        f"complex_{_n}_ref", "(ref<complex<'a>>) -> ref<'a>", 0, "complex",
        f"__{_n}__ z as an lvalue", PART, pure=True, c=f"&__{_n}__ *$0",
    )  # fmt: skip
_add("conj", "(complex<'a>) -> complex<'a>", 1, "complex", "~z: the conjugate", PART, c="~$0")
for _n, _e, _op in (("add", 1, "+"), ("sub", 1, "-"), ("mul", 2, "*"), ("div", 8, "/")):
    _add(
        f"{_n}_cr", "(complex<'a>, 'a) -> complex<'a>", _e, "complex", f"z {_op} real", PART,
        pure=_n != "div", c=f"$0 {_op} $1",
    )  # fmt: skip
    _add(
        f"{_n}_rc", "('a, complex<'a>) -> complex<'a>", _e, "complex", f"real {_op} z", PART,
        pure=_n != "div", c=f"$0 {_op} $1",
    )  # fmt: skip
    _add(
        f"assign_{_n}_cr", "(ref<complex<'a>>, 'a) -> complex<'a>", _e + 1, "complex",
        f"z {_op}= real, yields the new value", PART, c=f"*$0 {_op}= $1",
    )  # fmt: skip

# Comparison and logic (C semantics: results are int<4> 0/1).
for _n, _op in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
    _add(_n, "('a, 'a) -> int<4>", 1, "comparison", f"a {_op} b", SCAL, c=f"$0 {_op} $1")
# Of two vectors of one type: element by element, a vector of signed
# integers of the elements' size (types.comparison_vector), -1 where it holds.
for _n, _op in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
    _add(
        f"vector_{_n}", "('a, 'a) -> 'b", 1, "comparison", f"a {_op} b of two vectors",
        {"a": "vector"}, c=f"$0 {_op} $1",
    )  # fmt: skip
# GCC's vector permutations: the lanes of a (and b) the integer vector m
# selects, and a vector's elements converted to the explicit result type's.
_add(
    "vector_shuffle", "('a, 'b) -> 'a", 2, "vector", "__builtin_shuffle(a, m)",
    {"a": "vector", "b": "vector"}, pure=True, c="__builtin_shuffle($0, $1)",
)  # fmt: skip
_add(
    "vector_shuffle_pair", "('a, 'a, 'b) -> 'a", 2, "vector", "__builtin_shuffle(a, b, m)",
    {"a": "vector", "b": "vector"}, pure=True, c="__builtin_shuffle($0, $1, $2)",
)  # fmt: skip
_add(
    "vector_convert", "('a) -> 'b", 2, "vector", "__builtin_convertvector(a, T)", {"a": "vector"},
    pure=True, c="__builtin_convertvector($0, $T)",
)  # fmt: skip
_add("log_not", "('a) -> int<4>", 1, "logical", "!a", SCAL, c="!$0")
_add(
    "log_and", "('a, 'b) -> int<4>", 1, "logical", "a && b (b lazy)",
    {"a": "scalar", "b": "scalar"}, lazy=(1,), c="$0 && $1",
)  # fmt: skip
_add(
    "log_or", "('a, 'b) -> int<4>", 1, "logical", "a || b (b lazy)",
    {"a": "scalar", "b": "scalar"}, lazy=(1,), c="$0 || $1",
)  # fmt: skip
_add(
    "ite", "('c, 'a, 'a) -> 'a", 1, "logical", "c ? a : b (a, b lazy)", {"c": "scalar"}, (1, 2),
    c="$0 ? $1 : $2",
)  # fmt: skip
_add("comma", "('a, 'b) -> 'b", 0, "logical", "(a, b): evaluate a, then b", c="$0, $1")

# Memory: references are lvalues, pointers are C pointers.
_add(
    "ref_deref", "(ref<'a>) -> 'a", 1, "memory", "read a reference's value, unqualified",
    pure=True, c="*$0",
)  # fmt: skip
_add("assign", "(ref<'a>, 'a) -> 'a", 1, "memory", "r = v, yields v", c="*$0 = $1")
_add(
    "hard_register", "(ptr<char>, 'a) -> 'a", 0, "memory",
    "v, the initial value of the variable it declares, bound to the register named by the "
    "string $0 (GNU C's explicit register variable); elsewhere, v",
    pure=True, c="$1",
)  # fmt: skip
for _n, _op in (
    ("add", "+="),
    ("sub", "-="),
    ("mul", "*="),
    ("div", "/="),
    ("mod", "%="),
    ("bit_and", "&="),
    ("bit_or", "|="),
    ("bit_xor", "^="),
    ("shl", "<<="),
    ("shr", ">>="),
):
    _cons = NUMERIC if _n in ("add", "sub", "mul", "div") else INTEGRAL
    _add(
        f"assign_{_n}", "(ref<'a>, 'a) -> 'a", 2, "memory", f"r {_op} v, yields the new value",
        _cons, c=f"*$0 {_op} $1",
    )  # fmt: skip
_add("ptr_assign_add", "(ref<ptr<'a>>, int<8>) -> ptr<'a>", 2, "memory", "p += n", c="*$0 += $1")
_add("ptr_assign_sub", "(ref<ptr<'a>>, int<8>) -> ptr<'a>", 2, "memory", "p -= n", c="*$0 -= $1")
for _n, _d, _c in (
    ("pre_inc", "++r", "++*$0"),
    ("pre_dec", "--r", "--*$0"),
    ("post_inc", "r++", "(*$0)++"),
    ("post_dec", "r--", "(*$0)--"),
):
    _add(_n, "(ref<'a>) -> 'a", 2, "memory", _d, {"a": "steppable"}, c=_c)
for _n, _sig, _e, _doc, _c in (
    ("ref_to_ptr", "(ref<'a>) -> ptr<'a>", 0, "&r", "$0"),
    ("ptr_to_ref", "(ptr<'a>) -> ref<'a>", 0, "*p as an lvalue", "$0"),
    ("array_to_ptr", "(ref<array<'a,#>>) -> ptr<'a>", 0, "array decay", "*$0"),
    ("array_elem", "(ref<array<'a,#>>, int<8>) -> ref<'a>", 1, "a[i]", "&(*$0)[$1]"),
    ("ptr_elem", "(ptr<'a>, int<8>) -> ref<'a>", 1, "p[i]", "&$0[$1]"),
    ("vector_elem", "(ref<vector<'a,#>>, int<8>) -> ref<'a>", 1, "v[i] of a vector", "&(*$0)[$1]"),
    ("vector_value_elem", "(vector<'a,#>, int<8>) -> 'a", 1, "v[i] of a vector value", "$0[$1]"),
    ("ptr_add", "(ptr<'a>, int<8>) -> ptr<'a>", 1, "p + n", "$0 + $1"),
    ("ptr_sub", "(ptr<'a>, int<8>) -> ptr<'a>", 1, "p - n", "$0 - $1"),
    ("ref_member", "(ref<'a>, identifier) -> ref<'b>", 1, "r.m as an lvalue", "&(*$0).$1"),
    ("member", "('a, identifier) -> 'b", 1, "v.m of a struct value", "$0.$1"),
    ("ref_volatile", "(ref<volatile<'a>>) -> ref<'a>", 0, "access a volatile object", "$0"),
    (
        "ref_atomic",
        "(ref<atomic<'a>>) -> ref<'a>",
        0,
        "access an atomic object (one atomic operation in C: the object is declared _Atomic)",
        "$0",
    ),
):
    _add(_n, _sig, _e, "memory", _doc, pure=True, c=_c)
_add("ptr_diff", "(ptr<'a>, ptr<'a>) -> int<8>", 1, "memory", "p - q in elements", c="$0 - $1")
_add(
    "ref_new", "(uint<8>) -> ptr<unit>", 100, "memory", "heap allocation of n bytes",
    c="__builtin_malloc($0)",
)  # fmt: skip
_add(
    "ref_delete", "(ptr<'a>) -> unit", 50, "memory", "release a heap allocation",
    c="__builtin_free($0)",
)  # fmt: skip
_add(
    "stack_alloc", "(uint<8>) -> ptr<unit>", 5, "memory", "alloca(n): n bytes of stack",
    c="__builtin_alloca($0)",
)  # fmt: skip
_add(
    "va_start", "(ref<'a>) -> unit", 5, "varargs", "va_start(ap, last)",
    c="__builtin_va_start(*$0, $P)",
)  # fmt: skip
_add("va_arg", "(ref<'a>) -> 'b", 5, "varargs", "va_arg(ap, T)", c="__builtin_va_arg(*$0, $T)")
_add("va_end", "(ref<'a>) -> unit", 1, "varargs", "va_end(ap)", c="__builtin_va_end(*$0)")
_add(
    "va_copy", "(ref<'a>, 'a) -> unit", 1, "varargs", "va_copy(dst, src)",
    c="__builtin_va_copy(*$0, $1)",
)  # fmt: skip

# Inline assembly: a statement the backend writes (``inspire.asm`` has the
# form of its arguments: template, flags, operand counts, operands, clobbers).
_add(
    "asm", "(ptr<char>, int<4>, int<4>, int<4>, ...) -> unit", 1, "asm",
    "a GNU C asm statement, passed through verbatim",
)  # fmt: skip

# A builtin function of the C compiler that inspirec does not know (an x86
# intrinsic's __builtin_ia32_*, which the intrinsics headers' macros call): the
# string names it, and the C compiler types the call, whose result the backend
# converts to the explicit result type.
_add(
    "compiler_builtin", "(ptr<char>, ...) -> 'b", 4, "call",
    "(T)name(args...): a builtin function of the C compiler, by name",
)  # fmt: skip

# GNU C's labels as values (:mod:`inspire.labels`): the address of a label,
# and the jump to one, which the backend writes as a statement.
_add(
    "label_address", "(identifier, identifier) -> ptr<unit>", 1, "control",
    "&&l: the address of label l of function f (label_address(f, l))", pure=True, c="&&$1",
)  # fmt: skip
_add(
    "goto_address", "('a) -> unit", 2, "control",
    "goto *p: a jump to the label whose address p is", {"a": "ptr"},
)  # fmt: skip

# Parallelism (paper 000, Table 2) and the OpenMP runtime interface.
_add("parallel", "(job) -> threadgroup", 500, "parallel", "launch a job", serial="spawns")
_add("merge", "(threadgroup) -> unit", 100, "parallel", "wait for one thread group")
_add(
    "merge_all", "() -> unit", 100, "parallel", "wait for all groups launched by this thread",
    serial="merge_all", c="inspire_merge_all()", c_serial="(void)0", runtime=True,
)  # fmt: skip
for _n, _doc in (
    ("begin", "open a taskgroup in the current task"),
    ("end", "close the innermost taskgroup, waiting for its tasks and their descendants"),
):
    _add(
        f"taskgroup_{_n}", "() -> unit", 100, "parallel", _doc,
        c=f"inspire_taskgroup_{_n}()", runtime=True,
    )  # fmt: skip
_add(
    "cancel_taskgroup", "(int<4>) -> int<4>", 50, "parallel",
    "cancel taskgroup if(c): 1 if the innermost taskgroup was cancelled (the task ends)",
    c="inspire_cancel_taskgroup($0)", runtime=True,
)  # fmt: skip
_add(
    "cancellation_point_taskgroup", "() -> int<4>", 20, "parallel",
    "cancellation point taskgroup: 1 if the innermost taskgroup is cancelled (the task ends)",
    c="inspire_cancellation_point_taskgroup()", runtime=True,
)  # fmt: skip
# Region and worksharing-loop cancellation (cancel parallel|for|sections):
# the encountering implicit task's body, or the loop's iteration, returns
# when the call answers 1.  A team of one has nothing left to cancel once
# the one thread has left, so its cancellation points answer 0.
for _n, _doc in (
    ("parallel", "cancel parallel if(c): 1 if the region was cancelled (the thread leaves it)"),
    ("for", "cancel for|sections if(c): 1 if the loop was cancelled (the iteration ends)"),
):
    _add(f"cancel_{_n}", "(int<4>) -> int<4>", 50, "parallel", _doc,
         c=f"inspire_cancel_{_n}($0)", runtime=True)  # fmt: skip
    _add(
        f"cancellation_point_{_n}", "() -> int<4>", 20, "parallel",
        f"cancellation point {_n}: 1 if the {'region' if _n == 'parallel' else 'loop'} is "
        "cancelled",
        c=f"inspire_cancellation_point_{_n}()", c_serial="0", runtime=True,
    )  # fmt: skip
_add(
    "barrier_cancellable", "() -> int<4>", 200, "parallel",
    "barrier of a region that may be cancelled: 1 if it is (the thread leaves the region)",
    c="inspire_barrier_cancellable()", c_serial="0", runtime=True,
)  # fmt: skip
# Task dependences (``job[1..1] depend(...)``, OpenMP depend): a dependence
# names the storage at a pointer with a kind; in C an ``inspire_dep_t``.
# Tasks run at once in creation order meet them all, so the team-of-one form
# only evaluates the operand.
for _n, _doc in (
    ("in", "reads"),
    ("out", "writes"),
    ("inout", "reads and writes"),
    ("mutexinoutset", "updates, one at a time with the other mutexinoutset tasks"),
    ("inoutset", "updates, together with the other inoutset tasks"),
):
    _add(
        f"dep_{_n}", "(ptr<'a>) -> dependence", 2, "parallel", f"depend({_n}: *p): the task {_doc}",
        c=f"INSPIRE_DEP($0, INSPIRE_DEP_{_n.upper()})", c_serial="(void)$0", runtime=True,
    )  # fmt: skip
_add(
    "dep_all", "() -> dependence", 2, "parallel", "depend(inout: omp_all_memory)",
    c="INSPIRE_DEP(0, INSPIRE_DEP_ALL)", c_serial="(void)0", runtime=True,
)  # fmt: skip
_add(
    "dep_obj", "(ptr<'a>) -> dependence", 2, "parallel",
    "depend(depobj: *p): the dependence stored in the depend object *p",
    c="INSPIRE_DEP($0, INSPIRE_DEP_OBJ)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
# The dependences of an iterator modifier (a run-time number): a list made
# before the construct, filled, named by one dependence, freed after it.
_add(
    "dep_list_new", "() -> ptr<unit>", 20, "parallel", "a new empty list of dependences",
    c="inspire_dep_list_new()", c_serial="0", runtime=True,
)  # fmt: skip
_add(
    "dep_list_add", "(ptr<unit>, dependence) -> unit", 10, "parallel",
    "append a dependence to the list",
    c="inspire_dep_list_add($0, $1)", c_serial="(void)$0, $1", runtime=True,
)  # fmt: skip
_add(
    "dep_list", "(ptr<unit>) -> dependence", 2, "parallel",
    "every dependence of the list (depend(iterator(...), kind: ...))",
    c="INSPIRE_DEP($0, INSPIRE_DEP_LIST)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
_add(
    "dep_list_free", "(ptr<unit>) -> unit", 10, "parallel",
    "free the list (the construct using it was created)",
    c="inspire_dep_list_free($0)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
_add(
    "depobj_init", "(ptr<'a>, dependence) -> unit", 10, "parallel",
    "depobj(o) depend(kind: x): store a dependence in the depend object *p",
    c="inspire_depobj_init($0, $1)", c_serial="(void)$0, $1", runtime=True,
)  # fmt: skip
_add(
    "depobj_update", "(ptr<'a>, int<4>) -> unit", 10, "parallel",
    "depobj(o) update(kind): change the kind (INSPIRE_DEP_* number) of the dependence in *p",
    c="inspire_depobj_update($0, $1)", c_serial="(void)$0, (void)$1", runtime=True,
)  # fmt: skip
_add(
    "depobj_destroy", "(ptr<'a>) -> unit", 10, "parallel",
    "depobj(o) destroy: the depend object *p holds no dependence any more",
    c="inspire_depobj_destroy($0)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
# The last column: the team-of-one form (``c_serial``), None where the serial
# runtime keeps the state (backend.serial_rt).
for _n, _sig, _e, _doc, _c, _serial, _cs in (
    ("get_thread_id", "() -> int<4>", 2, "index of this thread in its group",
     "inspire_thread_num()", "", "0"),
    ("get_group_size", "() -> int<4>", 2, "number of threads in the current group",
     "inspire_num_threads()", "", "1"),
    ("num_workers", "() -> int<4>", 2, "default team size (worker count)",
     "inspire_max_threads()", "", None),
    ("get_max_threads", "() -> int<4>", 2, "omp_get_max_threads()", "inspire_max_threads()", "",
     None),
    ("set_num_threads", "(int<4>) -> unit", 2, "omp_set_num_threads(n)",
     "inspire_set_num_threads($0)", "", None),
    ("set_dynamic", "(int<4>) -> unit", 2, "omp_set_dynamic(flag)", "inspire_set_dynamic($0)", "",
     "(void)$0"),
    ("get_num_procs", "() -> int<4>", 2, "omp_get_num_procs()", "inspire_num_workers()", "", "1"),
    ("in_final", "() -> int<4>", 2, "omp_in_final()", "inspire_in_final()", "in_final", None),
    ("wtime", "() -> real<8>", 20, "omp_get_wtime()", "inspire_wtime()", "", None),
    ("barrier", "() -> unit", 200, "barrier of the current group", "inspire_barrier()", "",
     "(void)0"),
    ("single", "() -> int<4>", 50, "1 in exactly one thread per encounter", "inspire_single()", "",
     "1"),
    ("taskyield", "() -> unit", 50, "let the worker run another ready task first",
     "inspire_yield()", "", "(void)0"),
    ("error_directive", "(ptr<char>, int<4>) -> unit", 50,
     "omp error at(execution): print the message; end the program if fatal (1)",
     "inspire_error_directive($0, $1)", "", None),
    ("teams_begin", "(int<4>, int<4>) -> int<4>", 10,
     "omp teams: start a teams region (num_teams, thread_limit; 0: absent); the number of teams",
     "inspire_teams_begin($0, $1)", "", None),
    ("teams_team", "(int<4>) -> unit", 2, "omp teams: team t of the region starts",
     "inspire_teams_team($0)", "", None),
    ("teams_end", "() -> unit", 2, "omp teams: the teams region ended", "inspire_teams_end()", "",
     None),
    ("target_begin", "(int<4>) -> unit", 10,
     "omp target: the task becomes a new initial thread on the host (thread_limit; 0: absent)",
     "inspire_target_begin($0)", "", None),
    ("target_end", "() -> unit", 2, "omp target: the target region ended", "inspire_target_end()",
     "", None),
    ("target_device", "(int<4>) -> unit", 5,
     "omp target and data constructs: the device (-1: the default, -2: the host, if(false)); "
     "ends the program if offload is mandatory and it is not the host",
     "inspire_target_device($0)", "", None),
    ("distribute_next", "(int<8>, int<8>, ref<int<8>>, ref<int<8>>, ref<int<8>>) -> int<4>", 10,
     "omp distribute: the team's next part [*a, *b) of n iterations (chunk, 0: none; *s: 0 first)",
     "inspire_distribute_next($0, $1, $2, $3, $4)", "", None),
):  # fmt: skip
    _add(_n, _sig, _e, "parallel", _doc, serial=_serial, c=_c, c_serial=_cs, runtime=True)
_add(
    "pfor", "('a, 'a, 'a, int<4>, int<8>, ('a) -> unit) -> unit", 200, "parallel",
    "omp for: lo, hi (exclusive), step, schedule (0 static, 1 dynamic), chunk, body",
    INTEG, serial="creates",
)  # fmt: skip
_add(
    "taskloop", "(int<8>, int<8>, int<8>, int<4>, (int<8>, int<8>) -> unit) -> unit", 200,
    "parallel",
    "omp taskloop: iterations n, tasks (even split), grain (> 0: strict chunks), "
    "flags (1 nogroup, 2 undeferred, 4 final, 8 mergeable: the logical tasks keep "
    "nothing of their own), body(lo, hi) once per logical task (or per run of "
    "mergeable ones)",
    serial="creates",
)  # fmt: skip
for _n, _c in (("init", "init"), ("destroy", "destroy"), ("acquire", "set"), ("release", "unset")):
    _add(
        f"lock_{_n}", "(ref<lock>) -> unit", 20, "sync", f"OpenMP lock {_n}",
        c=f"omp_{_c}_lock($0)", runtime=True,
    )  # fmt: skip
_add(
    "lock_try", "(ref<lock>) -> int<4>", 20, "sync", "OpenMP lock test",
    c="omp_test_lock($0)", runtime=True,
)  # fmt: skip
for _n in ("enter", "exit"):
    _add(
        f"critical_{_n}", "(identifier) -> unit", 20, "sync", f"{_n} a (named) critical section",
        c=f"inspire_critical_{_n}($0)", c_serial="(void)0", runtime=True,
    )  # fmt: skip
# The private copies of reductions that tasks may take part in, by address
# (runtime_c's registry): a task whose in_reduction item is reached through a
# pointer, in a function its reduction is not visible in, combines into the
# original the address's copy stands for (libgomp's GOMP_task_reduction_remap).
_add(
    "reduction_copy_begin", "(ptr<unit>, ptr<unit>, int<8>, int<8>) -> ptr<unit>", 20, "sync",
    "the private copy at c stands for the original at o, its bytes [c + first, c + first + "
    "size) for those at the same offsets from o, until reduction_copy_end of the handle returned",
    c="inspire_reduction_copy_begin($0, $1, $2, $3)",
    c_serial="(void)$1, (void)$2, (void)$3, $0", runtime=True,
)  # fmt: skip
_add(
    "reduction_copy_end", "(ptr<unit>) -> unit", 20, "sync",
    "the private copy registered by reduction_copy_begin (its handle) ends",
    c="inspire_reduction_copy_end($0)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
_add(
    "reduction_original", "(ptr<unit>, int<8>) -> ptr<unit>", 20, "sync",
    "p itself, or, when p + first is in a live private copy's bytes, the address at p's offset "
    "from the original that copy stands for",
    c="inspire_reduction_original($0, $1)", c_serial="(void)$1, $0", runtime=True,
)  # fmt: skip
_add(
    "copy_object", "(ref<'a>, ref<'a>) -> unit", 4, "memory",
    "copy the whole object (an array too) at the second reference into the first",
    c="__builtin_memmove($0, $1, sizeof *$0)",
)  # fmt: skip
_add(
    "copyprivate", "(ref<ptr<unit>>) -> unit", 200, "parallel",
    "single copyprivate: a barrier, then every thread holds the address the single's thread set",
    c="inspire_copyprivate($0)", c_serial="(void)$0", runtime=True,
)  # fmt: skip
for _n, _doc in (
    ("iteration", "an iteration of an ordered loop starts"),
    ("begin", "wait until the ordered regions of the earlier iterations ended"),
    ("end", "end the ordered region of the current iteration"),
):
    _add(
        f"ordered_{_n}", "() -> unit", 20, "parallel", _doc,
        c=f"inspire_ordered_{_n}()", c_serial="(void)0", runtime=True,
    )  # fmt: skip
# Doacross loops (``ordered(n)``): (k, j) is a logical iteration, k the
# pfor's and j that of the doacross loops inside it (runtime_c/src/doacross.h);
# in a team of one the iterations run in order.
for _n, _doc in (
    ("post", "ordered depend(source): iteration (k, j) of the doacross loop posted its source"),
    ("wait", "ordered depend(sink: vec): wait until (k, j) (k = -1: none) posted its source"),
):
    _add(
        f"doacross_{_n}", "(int<8>, int<8>) -> unit", 20, "parallel", _doc,
        c=f"inspire_doacross_{_n}($0, $1)", c_serial="(void)$0, (void)$1", runtime=True,
    )  # fmt: skip
for _n, _op, _sync in (
    ("add", "+", "add"),
    ("sub", "-", "sub"),
    ("mul", "*", None),
    ("div", "/", None),
    ("and", "&", "and"),
    ("or", "|", "or"),
    ("xor", "^", "xor"),
    ("shl", "<<", None),
    ("shr", ">>", None),
):
    # v keeps its own type: the new value is C's r op v (the usual arithmetic
    # conversions: x /= 2u divides as unsigned, x *= 2.5 as double), converted to r's type
    _kind = "arithmetic" if _n in ("add", "sub", "mul", "div") else "integer"
    _add(
        f"atomic_fetch_{_n}", "(ref<'a>, 'b) -> 'a", 10, "atomic", f"atomic r {_op}= v",
        {"a": _kind, "b": _kind}, c=f"INSPIRE_ATOMIC_UPDATE($0, {_op}, $1)", runtime=True,
        c_integer=f"__sync_fetch_and_{_sync}($0, $1)" if _sync else None,
    )  # fmt: skip
for _n, _op in (("sub", "-"), ("div", "/"), ("shl", "<<"), ("shr", ">>")):
    _kind = "arithmetic" if _n in ("sub", "div") else "integer"
    _add(
        f"atomic_fetch_r{_n}", "(ref<'a>, 'b) -> 'a", 10, "atomic",
        f"atomic r = v {_op} r, yielding the old r", {"a": _kind, "b": _kind},
        c=f"INSPIRE_ATOMIC_REVERSED_UPDATE($0, {_op}, $1)", runtime=True,
    )  # fmt: skip
for _n, _op in (("add", "+"), ("sub", "-")):
    _add(
        f"atomic_fetch_ptr_{_n}", "(ref<ptr<'a>>, int<8>) -> ptr<'a>", 10, "atomic",
        f"atomic p {_op}= n (in elements), yielding the old p",
        c=f"INSPIRE_ATOMIC_UPDATE($0, {_op}, $1)", runtime=True,
    )  # fmt: skip
for _n, _sig, _e, _doc, _c in (
    ("atomic_cas_bool", "(ref<'a>, 'a, 'a) -> int<4>", 10, "compare and swap",
     "__sync_bool_compare_and_swap($0, $1, $2)"),
    ("atomic_cas_val", "(ref<'a>, 'a, 'a) -> 'a", 10, "CAS yielding old",
     "__sync_val_compare_and_swap($0, $1, $2)"),
    ("atomic_compare_exchange", "(ref<'a>, ref<'a>, 'a) -> int<4>", 10,
     "CAS of r from *e to v; on failure *e is the value seen",
     "__atomic_compare_exchange_n($0, $1, $2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)"),
):  # fmt: skip
    _add(_n, _sig, _e, "atomic", _doc, SCAL, c=_c)
# Generic (any scalar) forms; ``c_integer`` the direct builtin on integers.
for _n, _sig, _e, _doc, _c, _ci in (
    ("atomic_load", "(ref<'a>) -> 'a", 5, "atomic read", "INSPIRE_ATOMIC_LOAD($0)",
     "__atomic_load_n($0, __ATOMIC_SEQ_CST)"),
    ("atomic_store", "(ref<'a>, 'a) -> unit", 5, "atomic write", "INSPIRE_ATOMIC_STORE($0, $1)",
     "__atomic_store_n($0, $1, __ATOMIC_SEQ_CST)"),
    ("atomic_exchange", "(ref<'a>, 'a) -> 'a", 10, "atomic swap",
     "INSPIRE_ATOMIC_EXCHANGE($0, $1)", "__atomic_exchange_n($0, $1, __ATOMIC_SEQ_CST)"),
):  # fmt: skip
    _add(_n, _sig, _e, "atomic", _doc, SCAL, c=_c, runtime=True, c_integer=_ci)
for _n, _op in (("lt", "<"), ("gt", ">"), ("eq", "==")):
    _add(
        f"atomic_compare_{_n}", "(ref<'a>, 'b, 'a) -> 'a", 10, "atomic",
        f"atomic: if (r {_op} e) r = d (compared as C compares, e of its own type); "
        "yields the old r", {"a": "scalar", "b": "scalar"},
        c=f"INSPIRE_ATOMIC_COMPARE($0, {_op}, $1, $2)", runtime=True,
    )  # fmt: skip
_add("atomic_fence", "() -> unit", 10, "atomic", "full memory barrier", c="__sync_synchronize()")
_add(
    "poll", "() -> unit", 1, "atomic",
    "let the items waiting for this worker run (a spin-wait loop's atomic read or flush)",
    c="inspire_poll()", c_serial="(void)0", runtime=True,
)  # fmt: skip
# POSIX threads' cleanup handlers: glibc's macros open a block (push) and
# close it (pop); the bundled <pthread.h>'s macros put the two calls in one
# compound statement, which the emitted C keeps a block.
_add(
    "cleanup_push", "((ptr<unit>) -> unit, ptr<unit>) -> unit", 20, "memory",
    "pthread_cleanup_push(routine, arg): routine(arg) runs if the thread is cancelled or exits "
    "before the pop", c="pthread_cleanup_push($0, $1)",
)  # fmt: skip
_add(
    "cleanup_pop", "(int<4>) -> unit", 20, "memory",
    "pthread_cleanup_pop(execute): the handler of the push runs if execute is not 0",
    c="pthread_cleanup_pop($0)",
)  # fmt: skip

#: The table, by name.
BUILTINS: dict[str, BuiltinInfo] = {b.name: b for b in _TABLE}

#: The comparisons of two vectors, whose result is their comparison vector.
VECTOR_COMPARISONS = frozenset(
    name
    for name in BUILTINS
    if name.startswith("vector_") and BUILTINS[name].category == "comparison"
)

#: The name a ``compiler_builtin`` call gives, as its string literal.
COMPILER_BUILTIN = re.compile(r'"__builtin_\w+"')

#: Builtins whose result type must be given explicitly in the text format.
EXPLICIT_RESULT = frozenset({"va_arg", "compiler_builtin", "vector_convert"})


def is_builtin_name(name: str) -> bool:
    """Whether ``name`` is a builtin."""
    return name in BUILTINS


def builtin(name: str) -> Builtin:
    """The :class:`Builtin` node for ``name`` (its type is the table's signature)."""
    info = BUILTINS.get(name)
    if info is None:
        raise KeyError(f"unknown builtin {name!r}")
    return Builtin(info.type, name)


def effort(name: str) -> int:
    """The effort value of builtin ``name``."""
    return BUILTINS[name].effort


@cache
def _signature_type(text: str) -> FunctionType:
    t = parse_type(text, "<builtins>")
    if not isinstance(t, FunctionType):
        raise ValueError(f"builtin signature is not a function type: {text}")
    return t


def is_pure(e: Node) -> bool:
    """Whether evaluating IR expression ``e`` twice is indistinguishable from
    once (no side effects: literals, names, ``sizeof``, casts and pure
    builtins of such)."""
    if isinstance(e, Literal | Variable | Global | SizeOf | LambdaExpr):
        return True
    if isinstance(e, CastExpr):
        return is_pure(e.expr)
    if isinstance(e, CallExpr) and isinstance(e.function, Builtin):
        return BUILTINS[e.function.name].pure and all(is_pure(a) for a in e.args)
    return False
