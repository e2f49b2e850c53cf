"""The builtins table: every builtin operator with its type signature and effort.

Each entry's signature is written in the IR's type syntax; type variables
(``'a``) may carry a constraint (``integer``, ``arithmetic``, ``scalar``,
``ptr``) and ``#`` in an array size matches any size.  A builtin whose result
type is not determined by its argument types (``va_arg``) is printed
with an explicit result type, ``name<T>(args)``; member access derives its
result from the program's struct table.

Effort values are relative costs in "simple operations" used by the
granularity analysis (paper 000, Algorithm 4, the mapping B).  Arithmetic and
memory accesses cost 1, division 8, runtime interactions more, following the
cost of the corresponding runtime operation.

Lazy builtins evaluate some arguments conditionally (``log_and``, ``log_or``,
``ite``); their ``lazy`` field lists those argument positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from inspirec.inspire.nodes import Builtin, FunctionType


@dataclass(frozen=True)
class BuiltinInfo:
    """One builtin: name, signature text, effort, category and semantics notes."""

    name: str
    signature: str
    effort: int
    category: str
    doc: str
    constraints: dict[str, str] = field(default_factory=dict)
    lazy: tuple[int, ...] = ()

    @property
    def type(self) -> FunctionType:
        """The signature as a function type node."""
        return _signature_type(self.signature)


_TABLE: list[BuiltinInfo] = []


def _add(name, signature, effort, category, doc, constraints=None, lazy=()):
    _TABLE.append(BuiltinInfo(name, signature, effort, category, doc, constraints or {}, lazy))


ARITH = {"a": "arithmetic"}
INTEG = {"a": "integer"}
SCAL = {"a": "scalar"}

# Arithmetic, bitwise (operands already converted to a common type).
for _n, _e, _d in (
    ("add", 1, "a + b"),
    ("sub", 1, "a - b"),
    ("mul", 2, "a * b"),
    ("div", 8, "a / b"),
):
    _add(_n, "('a, 'a) -> 'a", _e, "arithmetic", _d, ARITH)
_add("mod", "('a, 'a) -> 'a", 8, "arithmetic", "a % b", INTEG)
_add("neg", "('a) -> 'a", 1, "arithmetic", "-a", ARITH)
for _n, _d in (("bit_and", "&"), ("bit_or", "|"), ("bit_xor", "^"), ("shl", "<<"), ("shr", ">>")):
    _add(_n, "('a, 'a) -> 'a", 1, "bitwise", f"a {_d} b", INTEG)
_add("bit_not", "('a) -> 'a", 1, "bitwise", "~a", INTEG)

# Comparison and logic (C semantics: results are int<4> 0/1).
for _n, _d in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
    _add(_n, "('a, 'a) -> int<4>", 1, "comparison", f"a {_d} b", SCAL)
_add("log_not", "('a) -> int<4>", 1, "logical", "!a", SCAL)
_add(
    "log_and", "('a, 'b) -> int<4>", 1, "logical", "a && b (b lazy)",
    {"a": "scalar", "b": "scalar"}, lazy=(1,),
)  # fmt: skip
_add(
    "log_or", "('a, 'b) -> int<4>", 1, "logical", "a || b (b lazy)",
    {"a": "scalar", "b": "scalar"}, lazy=(1,),
)  # fmt: skip
_add("ite", "('c, 'a, 'a) -> 'a", 1, "logical", "c ? a : b (a, b lazy)", {"c": "scalar"}, (1, 2))
_add("comma", "('a, 'b) -> 'b", 0, "logical", "(a, b): evaluate a, then b")

# Memory: references are lvalues, pointers are C pointers.
_add("ref_deref", "(ref<'a>) -> 'a", 1, "memory", "read the value stored at a reference")
_add("assign", "(ref<'a>, 'a) -> 'a", 1, "memory", "r = v, yields v")
for _n, _d in (
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
    _cons = ARITH if _n in ("add", "sub", "mul", "div") else INTEG
    _add(
        f"assign_{_n}", "(ref<'a>, 'a) -> 'a", 2, "memory", f"r {_d} v, yields the new value", _cons
    )
_add("ptr_assign_add", "(ref<ptr<'a>>, int<8>) -> ptr<'a>", 2, "memory", "p += n")
_add("ptr_assign_sub", "(ref<ptr<'a>>, int<8>) -> ptr<'a>", 2, "memory", "p -= n")
for _n, _d in (
    ("pre_inc", "++r"),
    ("pre_dec", "--r"),
    ("post_inc", "r++"),
    ("post_dec", "r--"),
):
    _add(_n, "(ref<'a>) -> 'a", 2, "memory", _d, SCAL)
_add("ref_to_ptr", "(ref<'a>) -> ptr<'a>", 0, "memory", "&r")
_add("ptr_to_ref", "(ptr<'a>) -> ref<'a>", 0, "memory", "*p as an lvalue")
_add("array_to_ptr", "(ref<array<'a,#>>) -> ptr<'a>", 0, "memory", "array decay")
_add("array_elem", "(ref<array<'a,#>>, int<8>) -> ref<'a>", 1, "memory", "a[i]")
_add("ptr_elem", "(ptr<'a>, int<8>) -> ref<'a>", 1, "memory", "p[i]")
_add("ptr_add", "(ptr<'a>, int<8>) -> ptr<'a>", 1, "memory", "p + n")
_add("ptr_sub", "(ptr<'a>, int<8>) -> ptr<'a>", 1, "memory", "p - n")
_add("ptr_diff", "(ptr<'a>, ptr<'a>) -> int<8>", 1, "memory", "p - q in elements")
_add("ref_member", "(ref<'a>, identifier) -> ref<'b>", 1, "memory", "r.m as an lvalue")
_add("member", "('a, identifier) -> 'b", 1, "memory", "v.m of a struct value")
_add("ref_volatile", "(ref<volatile<'a>>) -> ref<'a>", 0, "memory", "access a volatile object")
_add("ref_new", "(uint<8>) -> ptr<unit>", 100, "memory", "heap allocation of n bytes")
_add("ref_delete", "(ptr<'a>) -> unit", 50, "memory", "release a heap allocation")
_add("stack_alloc", "(uint<8>) -> ptr<unit>", 5, "memory", "alloca(n): n bytes of stack")
_add("va_start", "(ref<'a>) -> unit", 5, "varargs", "va_start(ap, last)")
_add("va_arg", "(ref<'a>) -> 'b", 5, "varargs", "va_arg(ap, T)")
_add("va_end", "(ref<'a>) -> unit", 1, "varargs", "va_end(ap)")
_add("va_copy", "(ref<'a>, 'a) -> unit", 1, "varargs", "va_copy(dst, src)")

# Parallelism (paper 000, Table 2) and the OpenMP runtime interface.
_add("parallel", "(job) -> threadgroup", 500, "parallel", "launch a job")
_add("merge", "(threadgroup) -> unit", 100, "parallel", "wait for one thread group")
_add("merge_all", "() -> unit", 100, "parallel", "wait for all groups launched by this thread")
_add("get_thread_id", "() -> int<4>", 2, "parallel", "index of this thread in its group")
_add("get_group_size", "() -> int<4>", 2, "parallel", "number of threads in the current group")
_add("num_workers", "() -> int<4>", 2, "parallel", "default team size (worker count)")
_add("get_max_threads", "() -> int<4>", 2, "parallel", "omp_get_max_threads()")
_add("set_num_threads", "(int<4>) -> unit", 2, "parallel", "omp_set_num_threads(n)")
_add("set_dynamic", "(int<4>) -> unit", 2, "parallel", "omp_set_dynamic(flag)")
_add("get_num_procs", "() -> int<4>", 2, "parallel", "omp_get_num_procs()")
_add("in_final", "() -> int<4>", 2, "parallel", "omp_in_final()")
_add("wtime", "() -> real<8>", 20, "parallel", "omp_get_wtime()")
_add("barrier", "() -> unit", 200, "parallel", "barrier of the current group")
_add("single", "() -> int<4>", 50, "parallel", "1 in exactly one thread per encounter")
_add(
    "pfor", "('a, 'a, 'a, int<4>, int<8>, ('a) -> unit) -> unit", 200, "parallel",
    "omp for: lo, hi (exclusive), step, schedule (0 static, 1 dynamic), chunk, body",
    INTEG,
)  # fmt: skip
for _n in ("init", "destroy", "acquire", "release"):
    _add(f"lock_{_n}", "(ref<lock>) -> unit", 20, "sync", f"OpenMP lock {_n}")
_add("lock_try", "(ref<lock>) -> int<4>", 20, "sync", "OpenMP lock test")
_add("critical_enter", "(identifier) -> unit", 20, "sync", "enter a (named) critical section")
_add("critical_exit", "(identifier) -> unit", 20, "sync", "leave a (named) critical section")
for _n, _d in (
    ("add", "+"),
    ("sub", "-"),
    ("mul", "*"),
    ("div", "/"),
    ("and", "&"),
    ("or", "|"),
    ("xor", "^"),
    ("shl", "<<"),
    ("shr", ">>"),
):
    _cons = ARITH if _n in ("add", "sub", "mul", "div") else INTEG
    _add(f"atomic_fetch_{_n}", "(ref<'a>, 'a) -> 'a", 10, "atomic", f"atomic r {_d}= v", _cons)
_add("atomic_cas_bool", "(ref<'a>, 'a, 'a) -> int<4>", 10, "atomic", "compare and swap", SCAL)
_add("atomic_cas_val", "(ref<'a>, 'a, 'a) -> 'a", 10, "atomic", "CAS yielding old", SCAL)
_add("atomic_load", "(ref<'a>) -> 'a", 5, "atomic", "atomic read", SCAL)
_add("atomic_store", "(ref<'a>, 'a) -> unit", 5, "atomic", "atomic write", SCAL)
_add("atomic_exchange", "(ref<'a>, 'a) -> 'a", 10, "atomic", "atomic swap", SCAL)
_add("atomic_fence", "() -> unit", 10, "atomic", "full memory barrier")

#: The table, by name.
BUILTINS: dict[str, BuiltinInfo] = {b.name: b for b in _TABLE}

#: Builtins whose result type must be given explicitly in the text format.
EXPLICIT_RESULT = frozenset({"va_arg"})


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
    from inspirec.inspire.syntax import parse_type

    t = parse_type(text, "<builtins>")
    if not isinstance(t, FunctionType):
        raise ValueError(f"builtin signature is not a function type: {text}")
    return t
