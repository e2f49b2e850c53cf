"""Type constructors, predicates and unification.

The type vocabulary (all :class:`~inspire.nodes.GenericType` unless noted):

=================  =============================================
``int<N>``         signed integer of N bytes (1, 2, 4, 8, 16)
``uint<N>``        unsigned integer of N bytes
``real<N>``        floating point of N bytes (2 = ``_Float16``, 4, 8, 16 =
                   long double)
``complex<T>``     C ``T _Complex`` of a ``real<N>`` T (or, GNU C, an integer T
                   other than ``bool``): a real and an imaginary T
``char``           C ``char`` (signed, distinct from ``int<1>``)
``bool``           C ``_Bool``
``unit``           no value (C ``void``)
``ref<T>``         a memory location holding a T (an lvalue)
``ptr<T>``         a C pointer to T (``ptr<unit>`` is ``void *``)
``array<T,N>``     N elements; ``array<T,*>`` has an unknown size
``array<T,[e]>``   a :class:`~inspire.nodes.VlaType`: run-time extent ``e``
``vector<T,N>``    a GNU C vector (``__attribute__((vector_size))``): N
                   elements of an integer (not ``bool``) or real T, N a
                   power of two; the operators apply element by element
``const<T>``       a const-qualified T
``volatile<T>``    a volatile-qualified T
``atomic<T>``      an atomic T (C ``_Atomic``)
``threadgroup``    a handle returned by ``parallel``
``job``            a job description
``identifier``     the type of member-name literals
``lock``           an OpenMP lock
``dependence``     one item of a task's depend clause
=================  =============================================

plus :class:`~inspire.nodes.TagType` (``struct S``, ``union U``),
:class:`~inspire.nodes.FunctionType` and :class:`~inspire.nodes.TypeVariable`.
"""

from __future__ import annotations

from inspirec.inspire.nodes import (
    ANY_SIZE,
    QUALIFIERS,
    FunctionType,
    GenericType,
    Node,
    TagType,
    Type,
    TypeVariable,
    VlaType,
)
from inspirec.inspire.nodes import type_str as type_str  # the type text, defined with the nodes
from inspirec.inspire.sizes import size_of


def int_type(size: int, signed: bool = True) -> GenericType:
    """``int<size>`` or ``uint<size>``."""
    return GenericType("int" if signed else "uint", (), (size,))


def real_type(size: int) -> GenericType:
    """``real<size>``."""
    return GenericType("real", (), (size,))


def complex_type(real: Type) -> GenericType:
    """``complex<real>`` (``real`` a ``real<N>``)."""
    return GenericType("complex", (real,), ())


def simple(name: str) -> GenericType:
    """A parameterless generic type such as ``unit`` or ``threadgroup``."""
    return GenericType(name, (), ())


def ref(t: Type) -> GenericType:
    """``ref<t>``."""
    return GenericType("ref", (t,), ())


def ptr(t: Type) -> GenericType:
    """``ptr<t>``."""
    return GenericType("ptr", (t,), ())


def array(t: Type, size: int | None) -> GenericType:
    """``array<t,size>`` (``size`` None for ``*``)."""
    return GenericType("array", (t,), (size,))


def vla(t: Type, extent: Node) -> VlaType:
    """``array<t,[extent]>``: an array of run-time extent (see :class:`~inspire.nodes.VlaType`)."""
    return VlaType("array", (t,), (None,), extent)


def vector(elem: Type, count: int) -> GenericType:
    """``vector<elem,count>``: a GNU C vector of ``count`` elements."""
    return GenericType("vector", (elem,), (count,))


def is_vector(t: Type) -> bool:
    """Whether ``t`` (qualifiers aside) is a GNU C vector."""
    return is_generic(strip_qualifiers(t), "vector")


def is_vector_element(t: Type) -> bool:
    """A type a ``vector<T,N>`` may have as its elements: an integer other
    than ``bool`` or a ``real<N>`` (unqualified)."""
    return isinstance(t, GenericType) and t.name in ("int", "uint", "char", "real")


def reinterprets(source: Type, target: Type) -> bool:
    """Whether a cast of a ``source`` value to ``target`` reinterprets its
    bits, as GNU C casts vectors: a vector to or from a vector or an integer
    of the same size (qualifiers aside)."""
    source, target = strip_qualifiers(source), strip_qualifiers(target)
    if not (is_vector(source) or is_vector(target)):
        return False
    if not all(is_vector(x) or is_integer(x) for x in (source, target)):
        return False
    return size_of(source) == size_of(target)


def is_vla(t: Type) -> bool:
    """Whether ``t`` is an array of run-time extent."""
    return isinstance(t, VlaType)


def is_variably_modified(t: Type) -> bool:
    """Whether a run-time extent occurs anywhere in ``t`` (C's variably modified types)."""
    if isinstance(t, VlaType):
        return True
    return any(isinstance(c, Type) and is_variably_modified(c) for c in t.children)


def erase(t: Type) -> Type:
    """``t`` with every run-time extent replaced by ``*`` (C's ``[*]``).

    Function types, struct members and globals hold erased types only.
    """
    if not is_variably_modified(t):
        return t
    if isinstance(t, VlaType):
        return GenericType("array", (erase(t.params[0]),), (None,))
    if isinstance(t, GenericType):
        return GenericType(t.name, tuple(erase(p) for p in t.params), t.int_params)
    if isinstance(t, FunctionType):
        return FunctionType(tuple(erase(p) for p in t.params), erase(t.result), t.variadic)
    return t


def refines(t: Type, target: Type) -> bool:
    """Whether ``t`` is ``target`` with some ``array<T,*>`` of it given a size
    (static or run-time): C considers the two types compatible."""
    if t is target:
        return True
    if not (isinstance(t, GenericType) and isinstance(target, GenericType)):
        return False
    if t.name != target.name or len(t.params) != len(target.params):
        return False
    if t.int_params != target.int_params and not (
        t.name == "array" and target.int_params == (None,)
    ):
        return False
    return all(refines(a, b) for a, b in zip(t.params, target.params, strict=True))


def adds_qualifiers(t: Type, target: Type) -> bool:
    """Whether ``t`` and ``target`` are pointers to the same type, ``target``'s
    with more qualifiers: C converts ``t`` to ``target`` implicitly."""
    if not (is_ptr(t) and is_ptr(target)):
        return False
    src, dst = t.params[0], target.params[0]
    return strip_qualifiers(src) is strip_qualifiers(dst) and qualifiers(src) <= qualifiers(dst)


def extents(t: Type) -> list[Node]:
    """The extent expressions occurring in ``t``, outermost first."""
    out: list[Node] = []
    if isinstance(t, VlaType):
        out.append(t.extent)
    for c in t.children:
        if isinstance(c, Type):
            out.extend(extents(c))
    return out


def qualify(t: Type, quals) -> Type:
    """``t`` with the C qualifiers ``quals`` (names from :data:`QUALIFIERS`) added.

    The result is canonical: qualifiers of an array apply to its elements (C11
    6.7.3p9), each qualifier wraps at most once, in the order of
    :data:`QUALIFIERS` (so ``ref_volatile`` applies before ``ref_atomic``).  A
    qualified function type is a qualified function pointer (function values
    are pointers in the IR).
    """
    wanted = set(quals) & set(QUALIFIERS)
    if not wanted:
        return t
    if is_array(t):
        return _with_element(t, qualify(t.params[0], wanted))
    have = qualifiers(t)
    base = strip_qualifiers(t)
    for name in reversed(QUALIFIERS):
        if name in wanted or name in have:
            base = GenericType(name, (base,), ())
    return base


def writable(t: Type) -> Type:
    """``t`` without the ``const`` that forbids storing a whole object of it: its
    own and, for an array, its elements' (the type of a copy written once)."""
    if is_array(t):
        return _with_element(t, writable(t.params[0]))
    if "const" not in qualifiers(t):
        return t
    return qualify(strip_qualifiers(t), qualifiers(t) - {"const"})


def _with_element(t: GenericType, elem: Type) -> GenericType:
    """Array type ``t`` (of static, unknown or run-time size) with elements of type ``elem``."""
    return vla(elem, t.extent) if isinstance(t, VlaType) else array(elem, t.int_params[0])


def qualifiers(t: Type) -> frozenset[str]:
    """The qualifiers wrapped around ``t`` (not those of its elements)."""
    out = set()
    while isinstance(t, GenericType) and t.name in QUALIFIERS:
        out.add(t.name)
        t = t.params[0]
    return frozenset(out)


def function(params: tuple[Type, ...] | list[Type], result: Type, variadic=False) -> FunctionType:
    """``(params) -> result``."""
    return FunctionType(tuple(params), result, variadic)


INT4 = int_type(4)
INT8 = int_type(8)
UINT8 = int_type(8, signed=False)
REAL8 = real_type(8)
CHAR = simple("char")
BOOL = simple("bool")
UNIT = simple("unit")
THREADGROUP = simple("threadgroup")
JOB = simple("job")
IDENTIFIER = simple("identifier")
LOCK = simple("lock")
DEPENDENCE = simple("dependence")

_PARAMLESS = {"char", "bool", "unit", "threadgroup", "job", "identifier", "lock", "dependence"}
_ONE_TYPE_PARAM = {"ref", "ptr", *QUALIFIERS}


def is_generic(t: Type, name: str) -> bool:
    """Whether ``t`` is the generic type family ``name``."""
    return isinstance(t, GenericType) and t.name == name


def is_ref(t: Type) -> bool:
    return is_generic(t, "ref")


def is_ptr(t: Type) -> bool:
    return is_generic(t, "ptr")


def is_array(t: Type) -> bool:
    return is_generic(t, "array")


def is_unit(t: Type) -> bool:
    return is_generic(t, "unit")


def volatile_or_atomic(t: Type) -> bool:
    """Whether any part of ``t`` (the object, what it points to, an element,
    ...) is volatile or atomic: memory another thread may change under a
    loop that reads it."""
    return any(is_generic(x, "volatile") or is_generic(x, "atomic") for x in t.walk())


def strip_qualifiers(t: Type) -> Type:
    """``t`` without its qualifier wrappers (:data:`QUALIFIERS`; those of its
    elements stay)."""
    while isinstance(t, GenericType) and t.name in QUALIFIERS:
        t = t.params[0]
    return t


def element(t: Type) -> Type:
    """The element type of ``ref``/``ptr``/``array``/a qualifier wrapper."""
    if not isinstance(t, GenericType) or not t.params:
        raise ValueError(f"type {t} has no element type")
    return t.params[0]


def is_integer(t: Type) -> bool:
    """Integer-like: ``int``, ``uint``, ``char``, ``bool``."""
    t = strip_qualifiers(t)
    return isinstance(t, GenericType) and t.name in ("int", "uint", "char", "bool")


def integer_range(t: Type) -> tuple[int, int]:
    """The least and the largest value of integer type ``t`` (qualifiers
    aside; ``char`` is signed, ``bool`` holds 0 and 1)."""
    t = strip_qualifiers(t)
    if not is_integer(t):
        raise ValueError(f"type {t} is not an integer type")
    if t.name == "bool":
        return 0, 1
    bits = 8 * (1 if t.name == "char" else t.int_params[0])
    if t.name == "uint":
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def narrower_than_long_test(name: str, t: Type) -> str | None:
    """A C condition true when the ``long`` variable ``name`` holds no value
    of integer type ``t``; None when every ``long`` value is one of ``t``'s
    or ``t`` is wider (``long``, ``unsigned long``, 128-bit types)."""
    least, largest = integer_range(t)
    long_least, long_largest = integer_range(int_type(8))
    if least <= long_least or largest > long_largest:
        return None
    low = f"{name} < {least}L" if least >= 0 else f"{name} < {least + 1}L - 1"
    return f"{low} || {name} > {largest}L"


def is_real(t: Type) -> bool:
    return is_generic(strip_qualifiers(t), "real")


def is_complex(t: Type) -> bool:
    return is_generic(strip_qualifiers(t), "complex")


def is_complex_part(t: Type) -> bool:
    """A type a ``complex<T>`` may have as its parts: real, or (a GNU
    extension) integer other than ``bool``."""
    return is_real(t) or (is_integer(t) and not is_generic(strip_qualifiers(t), "bool"))


def is_arithmetic(t: Type) -> bool:
    """C's arithmetic types: integer, real and complex."""
    return is_integer(t) or is_real(t) or is_complex(t)


def is_scalar(t: Type) -> bool:
    """Usable as a condition: arithmetic, pointer or function value."""
    t = strip_qualifiers(t)
    return is_arithmetic(t) or is_ptr(t) or isinstance(t, FunctionType)


def is_tag(t: Type) -> bool:
    return isinstance(t, TagType)


def well_formed_error(t: Type) -> str | None:
    """Why ``t`` is not a well-formed type, or None if it is."""
    if isinstance(t, GenericType):
        n_types, n_ints = len(t.params), len(t.int_params)
        if t.name in ("int", "uint"):
            if n_types or t.int_params not in ((1,), (2,), (4,), (8,), (16,)):
                return f"{t.name} needs one size parameter in 1, 2, 4, 8, 16"
        elif t.name == "real":
            if n_types or t.int_params not in ((2,), (4,), (8,), (16,)):
                return "real needs one size parameter in 2, 4, 8, 16"
        elif t.name == "complex":
            part = n_types == 1 and (
                is_complex_part(t.params[0]) or isinstance(t.params[0], TypeVariable)
            )
            if not part or n_ints:
                return "complex takes exactly one real<N>, int<N>, uint<N> or char parameter"
        elif t.name == "vector":
            count = t.int_params[0] if n_ints == 1 else None
            if (
                n_types != 1
                or n_ints != 1
                or not (is_vector_element(t.params[0]) or isinstance(t.params[0], TypeVariable))
            ):
                return "vector takes one int<N>, uint<N>, char or real<N> and a count"
            if count != ANY_SIZE and (
                not isinstance(count, int) or count < 1 or count & (count - 1)
            ):
                return "a vector's element count must be a power of two"
        elif t.name in _PARAMLESS:
            if n_types or n_ints:
                return f"{t.name} takes no parameters"
        elif t.name in _ONE_TYPE_PARAM:
            if n_types != 1 or n_ints:
                return f"{t.name} takes exactly one type parameter"
            if t.name in QUALIFIERS and qualify(strip_qualifiers(t), qualifiers(t)) is not t:
                return (
                    f"{t.name} is not in canonical place: qualifiers wrap neither arrays nor "
                    "functions, each at most once, in the order volatile, atomic, const"
                )
        elif t.name == "array":
            if isinstance(t, VlaType):
                if t.int_params != (None,):
                    return "an array of run-time extent has no static size"
                ext = getattr(t.extent, "type", None)
                if not isinstance(ext, Type) or not is_integer(ext):
                    return "an array extent must be an integer expression"
            if n_types != 1 or n_ints != 1:
                return "array takes one type and one size parameter"
            size = t.int_params[0]
            if size is not None and size < 0 and size != ANY_SIZE:
                return "array size must not be negative"
        else:
            return f"unknown type {t.name}"
        for p in t.params:
            err = well_formed_error(p)
            if err:
                return err
        return None
    if isinstance(t, FunctionType):
        for p in (*t.params, t.result):
            err = well_formed_error(p)
            if err:
                return err
        return None
    if isinstance(t, TagType):
        return None if t.tag in ("struct", "union") else f"bad tag kind {t.tag}"
    if isinstance(t, TypeVariable):
        return None
    return f"not a type: {type(t).__name__}"


class UnificationError(Exception):
    """Raised when two types cannot be made equal."""


#: Constraint classes a type variable may carry in a builtin signature.
CONSTRAINTS = {
    "any": lambda t: True,
    "integer": is_integer,
    "arithmetic": is_arithmetic,
    "real": is_real,
    "complex_part": is_complex_part,
    "scalar": is_scalar,
    "ptr": lambda t: is_ptr(strip_qualifiers(t)),
    "vector": is_vector,
    "numeric": lambda t: is_arithmetic(t) or is_vector(t),
    "integral": lambda t: is_integer(t) or is_integer_vector(t),
    "steppable": lambda t: is_scalar(t) or is_vector(t),
}


def is_integer_vector(t: Type) -> bool:
    """Whether ``t`` is a vector of integers."""
    return is_vector(t) and is_integer(strip_qualifiers(t).params[0])


def comparison_vector(t: Type) -> GenericType:
    """The type of comparing two vectors of type ``t`` element by element:
    as many signed integers of the elements' size (-1 where the comparison
    holds, 0 where it does not)."""
    vec = strip_qualifiers(t)
    return vector(int_type(size_of(vec.params[0])), vec.int_params[0])


def unify(pattern: Type, actual: Type, subst: dict[str, Type]) -> None:
    """Extend ``subst`` so that ``pattern`` with it applied equals ``actual``.

    Type variables occur only in ``pattern``.  Raises :class:`UnificationError`.
    """
    if isinstance(pattern, TypeVariable):
        bound = subst.get(pattern.name)
        if bound is None:
            subst[pattern.name] = actual
        elif bound is not actual:
            raise UnificationError(f"'{pattern.name} is both {bound} and {actual}")
        return
    if pattern is actual:
        return
    if isinstance(pattern, GenericType) and isinstance(actual, GenericType):
        if (
            pattern.name != actual.name
            or len(pattern.int_params) != len(actual.int_params)
            or any(
                p != ANY_SIZE and p != a
                for p, a in zip(pattern.int_params, actual.int_params, strict=True)
            )
            or len(pattern.params) != len(actual.params)
        ):
            raise UnificationError(f"expected {pattern}, got {actual}")
        for p, a in zip(pattern.params, actual.params, strict=True):
            unify(p, a, subst)
        return
    if isinstance(pattern, FunctionType) and isinstance(actual, FunctionType):
        if len(pattern.params) != len(actual.params) or pattern.variadic != actual.variadic:
            raise UnificationError(f"expected {pattern}, got {actual}")
        for p, a in zip(pattern.params, actual.params, strict=True):
            unify(p, a, subst)
        unify(pattern.result, actual.result, subst)
        return
    raise UnificationError(f"expected {pattern}, got {actual}")


def substitute(t: Type, subst: dict[str, Type]) -> Type:
    """``t`` with type variables replaced from ``subst`` (unbound ones kept)."""
    if isinstance(t, TypeVariable):
        return subst.get(t.name, t)
    if isinstance(t, GenericType) and t.params:
        params = tuple(substitute(p, subst) for p in t.params)
        return t.replace(params=params)
    if isinstance(t, FunctionType):
        return FunctionType(
            tuple(substitute(p, subst) for p in t.params),
            substitute(t.result, subst),
            t.variadic,
        )
    return t


def free_type_variables(t: Type) -> set[str]:
    """Names of the type variables occurring in ``t``."""
    if isinstance(t, TypeVariable):
        return {t.name}
    out: set[str] = set()
    for c in t.children:
        if isinstance(c, Type):
            out |= free_type_variables(c)
    return out
