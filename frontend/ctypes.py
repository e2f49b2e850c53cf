"""C type specifiers and arithmetic conversions, in IR types (LP64).

The mapping of C types to IR types that the C lowering follows:

=============================================  ==========================
``char`` / ``signed char`` / ``unsigned char``  ``char`` / ``int<1>`` / ``uint<1>``
``short``, ``int``, ``long``, ``long long``     ``int<2>``, ``int<4>``, ``int<8>``, ``int<8>``
``unsigned ...``                                ``uint<N>``
``float``, ``double``, ``long double``          ``real<4>``, ``real<8>``, ``real<16>``
``float _Complex`` ... ``long double _Complex``  ``complex<real<N>>``
``_Complex int`` ... (GNU C, not ``_Bool``)      ``complex<int<N>>`` ... (its integer type)
``_Bool``                                       ``bool``
``void``                                        ``unit``
=============================================  ==========================

``const``, ``volatile`` and ``_Atomic`` (``atomic``) are IR qualifiers
(:func:`inspirec.inspire.types.qualify`, :func:`ir_qualifiers`);
``restrict`` does not change the behaviour of a valid program and is
dropped.  ``long`` and ``long long`` are one IR type.  :func:`promote` and
:func:`usual_arithmetic` implement the integer promotions and the usual
arithmetic conversions of C11 6.3.1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspirec.inspire import nodes as n
from inspirec.inspire import types as t

_BASIC = {
    ("void",): t.UNIT,
    ("char",): t.CHAR,
    ("signed", "char"): t.int_type(1),
    ("unsigned", "char"): t.int_type(1, False),
    ("_Bool",): t.BOOL,
    ("_Float16",): t.real_type(2),
    ("float",): t.real_type(4),
    ("double",): t.real_type(8),
    ("long", "double"): t.real_type(16),
}

_INT_SIZES = {"short": 2, "int": 4, "long": 8, "long long": 8}


class CTypeError(Exception):
    """A C type the frontend cannot map; ``coord`` locates it."""

    def __init__(self, message: str, coord=None):
        super().__init__(message)
        self.coord = coord


#: The type specifiers that name a type by themselves: a declaration has one.
_DATA_TYPES = frozenset({"void", "char", "int", "float", "double", "_Bool", "__int128", "_Float16"})

#: The data types each modifier keyword may combine with.
_MODIFIES = {
    "short": {"int"},
    "long": {"int", "double"},
    "signed": {"char", "int", "__int128"},
    "unsigned": {"char", "int", "__int128"},
}


#: The IR name of each C qualifier the IR keeps.
_IR_QUALIFIERS = {"const": "const", "volatile": "volatile", "_Atomic": "atomic"}


def ir_qualifiers(quals: list[str] | None) -> tuple[str, ...]:
    """The IR qualifiers (:data:`inspirec.inspire.nodes.QUALIFIERS`) of C
    qualifier keywords ``quals`` (``restrict`` has none)."""
    return tuple(_IR_QUALIFIERS[q] for q in quals or () if q in _IR_QUALIFIERS)


def basic_type(names: list[str], coord=None) -> n.Type:
    """The IR type of a list of C type specifier keywords; gcc's errors for a
    list that is no type (two data types, a repeated keyword)."""
    words = [w for w in names if w not in ("const", "volatile", "restrict")]
    if "_Complex" in words:
        return _complex_type(words, coord)
    check_specifiers(words, coord)
    key = tuple(sorted(words, key=lambda w: ("signed", "unsigned").count(w) * -1))
    if tuple(words) in _BASIC:
        return _BASIC[tuple(words)]
    if key in _BASIC:
        return _BASIC[key]
    signed = "unsigned" not in words
    rest = [w for w in words if w not in ("signed", "unsigned", "int")]
    if rest == [] and words:
        return t.int_type(4, signed)
    if rest == ["char"]:
        return t.int_type(1, signed)
    width = " ".join(rest)
    if width in _INT_SIZES:
        return t.int_type(_INT_SIZES[width], signed)
    if words == ["__int128"] or words == ["unsigned", "__int128"]:
        return t.int_type(16, signed)
    raise CTypeError(f"unsupported type specifier '{' '.join(names)}'", coord)


def _complex_type(words: list[str], coord) -> n.Type:
    """``_Complex`` with a real or (GNU C) an integer type other than
    ``_Bool`` (alone: ``double``, as gcc reads it)."""
    if words.count("_Complex") > 1:
        raise CTypeError("duplicate '_Complex'", coord)
    rest = [w for w in words if w != "_Complex"]
    if "_Bool" in rest:
        raise CTypeError("both 'complex' and '_Bool' in declaration specifiers", coord)
    return t.complex_type(basic_type(rest, coord) if rest else t.REAL8)


def check_specifiers(words: list[str], coord=None) -> None:
    """Raise gcc's error if type specifier keywords ``words`` repeat or clash."""
    if sum(w in _DATA_TYPES for w in words) > 1:
        raise CTypeError("two or more data types in declaration specifiers", coord)
    if "signed" in words and "unsigned" in words:
        raise CTypeError("both 'signed' and 'unsigned' in declaration specifiers", coord)
    if "short" in words and "long" in words:
        raise CTypeError("both 'long' and 'short' in declaration specifiers", coord)
    for modifier, allowed in _MODIFIES.items():
        clash = [w for w in words if w in _DATA_TYPES and w not in allowed]
        if modifier in words and clash:
            raise CTypeError(f"both '{modifier}' and '{clash[0]}' in declaration specifiers", coord)
    if words.count("long") > 2:
        raise CTypeError("'long long long' is too long for GCC", coord)
    for word in ("signed", "unsigned", "short"):
        if words.count(word) > 1:
            raise CTypeError(f"duplicate '{word}'", coord)


def integer_rank(ty: n.Type) -> int:
    """Conversion rank of an integer type (C11 6.3.1.1)."""
    ty = t.strip_qualifiers(ty)
    if t.is_generic(ty, "bool"):
        return 0
    if t.is_generic(ty, "char"):
        return 1
    return {1: 1, 2: 2, 4: 3, 8: 4, 16: 5}[ty.int_params[0]]


def is_signed(ty: n.Type) -> bool:
    ty = t.strip_qualifiers(ty)
    return t.is_generic(ty, "int") or t.is_generic(ty, "char")


def integer_bits(ty: n.Type) -> int:
    """The width in bits of integer type ``ty`` (``_Bool``: 1)."""
    ty = t.strip_qualifiers(ty)
    if t.is_generic(ty, "bool"):
        return 1
    return 8 if t.is_generic(ty, "char") else ty.int_params[0] * 8


def wrapped(v: int, ty: n.Type) -> int:
    """The integer ``v`` converted to integer type ``ty`` as gcc converts it:
    to the type's width, two's complement (``_Bool``: 0 or 1)."""
    if t.is_generic(t.strip_qualifiers(ty), "bool"):
        return int(v != 0)
    bits = integer_bits(ty)
    v &= (1 << bits) - 1
    return v - (1 << bits) if is_signed(ty) and v >> (bits - 1) else v


#: C's binary operators that need no more than their operands, converted to
#: their common type (the comparisons give C's 0 or 1); integer and
#: floating operands alike.
BINARY_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b),
}
#: Those of :data:`BINARY_OPERATORS` whose result is an ``int`` 0 or 1.
COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})


def c_division(a: int, b: int) -> int:
    """C's integer division of ``a`` by ``b`` (not 0): towards zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def promote(ty: n.Type) -> n.Type:
    """Integer promotion (C11 6.3.1.1p2)."""
    ty = t.strip_qualifiers(ty)
    if t.is_integer(ty) and integer_rank(ty) < 3:
        return t.INT4
    return ty


def usual_arithmetic(a: n.Type, b: n.Type) -> n.Type:
    """The common type of two arithmetic operands (C11 6.3.1.8): complex if
    either is, of the common real type of the operands' real parts.  As gcc
    computes it for complex integer types (a GNU extension), the parts of a
    complex operand are not promoted (``_Complex char + _Complex char`` is
    ``_Complex char``), a real operand is."""
    a, b = t.strip_qualifiers(a), t.strip_qualifiers(b)
    if t.is_complex(a) or t.is_complex(b):
        parts = [x.params[0] if t.is_complex(x) else promote(x) for x in (a, b)]
        return t.complex_type(_common_real(*parts))
    return _common_real(promote(a), promote(b))


def _common_real(a: n.Type, b: n.Type) -> n.Type:
    """The common type of two real (not complex) types, integers promoted
    by the caller."""
    if t.is_real(a) or t.is_real(b):
        sizes = [x.int_params[0] for x in (a, b) if t.is_real(x)]
        return t.real_type(max(sizes))
    if a is b:
        return a
    ra, rb = integer_rank(a), integer_rank(b)
    sa, sb = is_signed(a), is_signed(b)
    if sa == sb:
        return a if ra >= rb else b
    unsigned, signed = (a, b) if not sa else (b, a)
    if integer_rank(unsigned) >= integer_rank(signed):
        return unsigned
    if signed.int_params[0] > unsigned.int_params[0]:
        return signed
    return t.int_type(signed.int_params[0], False)


#: gcc's names of the integer and real types, by IR name and size.
_GCC_NAMES = {
    ("int", 1): "signed char", ("int", 2): "short int", ("int", 4): "int", ("int", 8): "long int",
    ("int", 16): "__int128", ("uint", 1): "unsigned char", ("uint", 2): "short unsigned int",
    ("uint", 4): "unsigned int", ("uint", 8): "long unsigned int",
    ("uint", 16): "__int128 unsigned", ("real", 2): "_Float16", ("real", 4): "float",
    ("real", 8): "double", ("real", 16): "long double", ("char",): "char", ("bool",): "_Bool",
}  # fmt: skip


def gcc_type(ty: n.Type) -> str:
    """gcc's name of the type ``ty`` of a variable (``float``, ``complex
    double``, ``int[10]``, ``struct s``; a typedef's name is lost in the IR)."""
    if t.is_array(ty):
        size = ty.int_params[0]
        return f"{gcc_type(t.element(ty))}[{'' if size is None else size}]"
    words = " ".join(q for q in ("const", "volatile") if q in t.qualifiers(ty))
    ty = t.strip_qualifiers(ty)
    key = (ty.name, *ty.int_params) if isinstance(ty, n.GenericType) else None
    if key in _GCC_NAMES:
        name = _GCC_NAMES[key]
    elif t.is_complex(ty):
        name = f"complex {gcc_type(t.element(ty))}"
    elif t.is_vector(ty):
        name = f"__vector({ty.int_params[0]}) {gcc_type(t.element(ty))}"
    elif t.is_ptr(ty):
        name = f"{gcc_type(t.element(ty))} *"
    elif isinstance(ty, n.TagType):
        name = f"{ty.tag} {ty.name}"
    else:
        name = n.type_str(ty)
    return f"{words} {name}" if words else name
