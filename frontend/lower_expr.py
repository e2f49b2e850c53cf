"""Lowering of C expressions and initialisers to IR expressions.

Conventions (see :mod:`inspire.nodes` for the IR contracts):

* An lvalue lowers to an expression of type ``ref<T>``; :meth:`ExprLowering.rvalue`
  performs lvalue conversion (``ref_deref``, whose value is unqualified),
  array decay (``array_to_ptr``) and volatile and atomic access
  (``ref_volatile``, ``ref_atomic``); a write to a const object is an error.
* Operands are converted explicitly (``cast``) to the types the C rules
  (integer promotions, usual arithmetic conversions, assignment, argument
  passing, default argument promotions) give them, so every builtin sees
  operands of one type.
* Functions are values of function type; a call of a function defined in
  the program goes through its :class:`~inspire.nodes.LambdaExpr`, or its
  :class:`~inspire.nodes.LambdaReference` inside its own recursive set.

An :class:`ExprLowering` is one part of a
:class:`~frontend.context.LoweringContext`: names are looked up in the
context's current scope, types resolved with its resolver, functions come
from its program, and a converted thread create or join in an expression is
lowered by :mod:`frontend.threads`.
"""

from __future__ import annotations

import dataclasses
import struct
from typing import TYPE_CHECKING

from inspirec.frontend import asm, concurrent, declare_variant, openmp, threads
from inspirec.frontend.cparse import (
    AUTO_TYPE,
    COMPUTED_GOTO,
    LABEL_ADDRESS,
    IndexRange,
    OmittedConditional,
)
from inspirec.frontend.ctypes import gcc_type, ir_qualifiers, promote, usual_arithmetic
from inspirec.frontend.diagnostics import CompileError, Diagnostic, error, warning
from inspirec.frontend.number_tables import expanded, number_table
from inspirec.frontend.symbols import (
    EnumSymbol,
    FuncSymbol,
    GlobalSymbol,
    Scope,
    TypedefSymbol,
    VarSymbol,
    array_size_from_init,
    braced_initializer,
    compatible,
    const_eval,
    fail,
    initialised_members,
    int_constant,
    is_whole_by_form,
    long_words,
    member_type,
    offset_of,
    offsetof_operands,
    string_length,
    typedef_alignment,
    types_compatible_p,
    unbraced_string,
    wide_integer_based,
)
from inspirec.inspire import builtin, make_call
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.builtins import is_pure
from inspirec.inspire.sizes import SizeError, align_of, size_of
from inspirec.inspire.syntax import default_literal_type
from inspirec.inspire.typecheck import IRTypeError, find_member, is_anonymous_member
from pycparser import c_ast
from pycparser.c_generator import CGenerator

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext

_ARITH_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "mod"}
_BIT_OPS = {"&": "bit_and", "|": "bit_or", "^": "bit_xor"}
_SHIFT_OPS = {"<<": "shl", ">>": "shr"}
_COMPARE_OPS = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
_COMPOUND_OPS = {
    "+=": "add",
    "-=": "sub",
    "*=": "mul",
    "/=": "div",
    "%=": "mod",
    "&=": "bit_and",
    "|=": "bit_or",
    "^=": "bit_xor",
    "<<=": "shl",
    ">>=": "shr",
}
# The operators of complex operands (the others need integers).
_COMPLEX_OPS = ("add", "sub", "mul", "div")
# Operators whose result modulo 2^N does not depend on the width they are computed in.
_WRAPPING = {"add", "sub", "mul", "bit_and", "bit_or", "bit_xor", "shl"}

_SYNC_FETCH = {
    "__sync_fetch_and_add": "add",
    "__sync_fetch_and_sub": "sub",
    "__sync_fetch_and_or": "or",
    "__sync_fetch_and_and": "and",
    "__sync_fetch_and_xor": "xor",
}
_SYNC_OP_FETCH = {
    "__sync_add_and_fetch": ("add", "add"),
    "__sync_sub_and_fetch": ("sub", "sub"),
    "__sync_or_and_fetch": ("or", "bit_or"),
    "__sync_and_and_fetch": ("and", "bit_and"),
    "__sync_xor_and_fetch": ("xor", "bit_xor"),
}

#: GCC's ``__atomic_*`` builtins (type-generic, so recognised by name like
#: ``__sync_*``): argument count and the positions of the arguments that are
#: memory orders (or the ``weak`` flag).  Every order is lowered as
#: sequentially consistent, the strongest, so the orders must be constants.
_ATOMIC = {
    "__atomic_load_n": (2, (1,)),
    "__atomic_load": (3, (2,)),
    "__atomic_store_n": (3, (2,)),
    "__atomic_store": (3, (2,)),
    "__atomic_exchange_n": (3, (2,)),
    "__atomic_exchange": (4, (3,)),
    "__atomic_compare_exchange_n": (6, (3, 4, 5)),
    "__atomic_compare_exchange": (6, (3, 4, 5)),
    **{f"__atomic_fetch_{op}": (3, (2,)) for op in ("add", "sub", "and", "or", "xor", "nand")},
    **{f"__atomic_{op}_fetch": (3, (2,)) for op in ("add", "sub", "and", "or", "xor", "nand")},
    "__atomic_test_and_set": (2, (1,)),
    "__atomic_clear": (2, (1,)),
    "__atomic_thread_fence": (1, (0,)),
    "__atomic_signal_fence": (1, (0,)),
    "__atomic_always_lock_free": (2, ()),
    "__atomic_is_lock_free": (2, ()),
}
#: The C operator of each ``__atomic_OP_fetch`` (the IR builtin of the new value).
_ATOMIC_NEW_VALUE = {"add": "add", "sub": "sub", "and": "bit_and", "or": "bit_or", "xor": "bit_xor"}


#: GCC's checked arithmetic builtins (type-generic) and their IR builtins;
#: each ``_p`` form tells whether the result overflows its third argument's
#: type (:meth:`ExprLowering.checked_arithmetic`).
_OVERFLOW = {
    f"__builtin_{op}_overflow{form}": f"{op}_overflow"
    for op in ("add", "sub", "mul")
    for form in ("", "_p")
}
#: Their forms of one type (``__builtin_uaddl_overflow(unsigned long,
#: unsigned long, unsigned long *)`` ...): the operand type of each; the
#: operands are converted to it, as to a prototype's parameters.
_TYPED_OVERFLOW = {
    f"__builtin_{sign}{op}{suffix}_overflow": t.int_type(size, sign == "s")
    for sign in ("s", "u")
    for op in ("add", "sub", "mul")
    for suffix, size in (("", 4), ("l", 8), ("ll", 8))
}
_OVERFLOW.update(
    {name: f"{name.removeprefix('__builtin_')[1:4]}_overflow" for name in _TYPED_OVERFLOW}
)

#: Argument counts of the compiler builtins the lowering recognises by name.
_SPECIAL_ARITY = {
    **dict.fromkeys(_SYNC_FETCH, 2),
    **dict.fromkeys(_SYNC_OP_FETCH, 2),
    **{name: arity for name, (arity, _) in _ATOMIC.items()},
    "__sync_bool_compare_and_swap": 3,
    "__sync_val_compare_and_swap": 3,
    "__sync_lock_test_and_set": 2,
    "__sync_lock_release": 1,
    "__sync_synchronize": 0,
    "__builtin_va_start": 2,
    "__builtin_va_end": 1,
    "__builtin_va_copy": 2,
    "__builtin_va_arg": 2,
    "__inspire_va_arg": 2,
    "__builtin_complex": 2,
    "__inspire_imaginary": 1,
    **dict.fromkeys(_OVERFLOW, 3),
    "__builtin_choose_expr": 3,
    "__inspire_types_compatible_p": 2,
    "__inspire_convertvector": 2,
    "__builtin_LINE": 0,
    "__builtin_FILE": 0,
    "__builtin_FUNCTION": 0,
    "__inspire_cleanup_push": 2,
    "__inspire_cleanup_pop": 1,
    LABEL_ADDRESS: 1,
    COMPUTED_GOTO: 1,
}

#: The typedef names of the bundled ``bits/inspire_builtins.h`` that mark the
#: predefined expansions of GNU ``__real__ x`` and ``__imag__ x``,
#: ``*(__inspire_real_part *)&x`` (a unary expression, as the GNU operators).
_COMPLEX_PARTS = {"__inspire_real_part": "real", "__inspire_imag_part": "imag"}


def marked_part(node: c_ast.UnaryOp) -> str | None:
    """``"real"``/``"imag"`` if ``node`` is the expansion of ``__real__``/``__imag__``."""
    cast = node.expr
    if not (isinstance(cast, c_ast.Cast) and isinstance(cast.expr, c_ast.UnaryOp)):
        return None
    pointer = cast.to_type.type
    if not (isinstance(pointer, c_ast.PtrDecl) and cast.expr.op == "&"):
        return None
    base = getattr(pointer.type, "type", None)
    names = getattr(base, "names", None)
    return _COMPLEX_PARTS.get(names[0]) if names and len(names) == 1 else None


def is_null_constant(e: n.Node) -> bool:
    """Whether ``e`` is an integer constant 0 (possibly cast), a null pointer constant."""
    while isinstance(e, n.CastExpr):
        e = e.expr
    return (
        isinstance(e, n.Literal) and t.is_integer(e.type) and e.value.rstrip("uUlL") in ("0", "0x0")
    )


def is_null_pointer_constant(e: n.Node) -> bool:
    """Whether ``e`` is a null pointer constant (C11 6.3.2.3p3): an integer
    constant 0, or one cast to ``void *`` (not to another pointer type)."""
    while isinstance(e, n.CastExpr) and e.type is t.ptr(t.UNIT):
        e = e.expr
    return is_null_constant(e) and not isinstance(e, n.CastExpr)


def merged_pointer(ta: n.Type, tb: n.Type) -> n.Type | None:
    """The type of ``c ? a : b`` for pointers ``a`` and ``b`` of types ``ta``
    and ``tb`` that are not null pointer constants (C11 6.5.15p6): a pointer
    to ``void`` when either points to ``void``, else to the composite of the
    pointed-to types (the one whose array sizes are known), with the
    qualifiers of both; None when the pointed-to types are incompatible."""
    ea, eb = ta.params[0], tb.params[0]
    quals = t.qualifiers(ea) | t.qualifiers(eb)
    ba, bb = t.strip_qualifiers(ea), t.strip_qualifiers(eb)
    if ba is t.UNIT or bb is t.UNIT:
        return t.ptr(t.qualify(t.UNIT, quals))
    if t.refines(ba, bb):
        return t.ptr(t.qualify(ba, quals))
    if t.refines(bb, ba):
        return t.ptr(t.qualify(bb, quals))
    return None


def string_array(literal: str) -> n.Type:
    """The array type of string literal ``literal`` (its element type by its
    prefix, its NUL counted): what ``sizeof`` and ``typeof`` see, where the
    IR's literal is a pointer to the first element."""
    return t.array(default_literal_type(literal).params[0], string_length(literal) + 1)


def real_constant(node: c_ast.Node) -> float | None:
    """The value of ``node`` if it is a floating constant (not negated: gcc
    takes ``-0.5`` for a computed value); else None."""
    if not (isinstance(node, c_ast.Constant) and node.type in ("float", "double", "long double")):
        return None
    text = node.value.rstrip("fFlL")
    try:
        return float.fromhex(text) if text[:2].lower() == "0x" else float(text)
    except ValueError:
        return None


def held_exactly(value: int | float, size: int) -> bool:
    """Whether a floating type of ``size`` bytes holds the constant ``value``
    exactly (gcc converts such a constant to a vector's elements)."""
    if size == 4 and abs(value) < 3.5e38:  # beyond it, not a float
        return struct.unpack("f", struct.pack("f", value))[0] == value
    return size > 8 or (size == 8 and float(value) == value)


def not_scalar(ty: n.Type) -> str:
    """The error for a value of type ``ty`` used as a condition (gcc's, for a vector)."""
    if t.is_vector(ty):
        return "used vector type where scalar is required"
    return f"used {t.type_str(ty)} where a scalar is required"


def is_floating(ty: n.Type) -> bool:
    """A real or complex type: never converted to or from a pointer."""
    return t.is_real(ty) or t.is_complex(ty)


class ExprLowering:
    """Expressions of one body (see the module docstring)."""

    def __init__(self, ctx: LoweringContext) -> None:
        self.ctx = ctx
        self.unevaluated = False  # lowering a typeof operand, for its type only

    # ------------------------------------------------------------- helpers
    def op(self, name: str, *args: n.Node, loc=None) -> n.CallExpr:
        return make_call(builtin(name), args, loc, self.ctx.resolver.records.decls)

    def rvalue(self, e: n.Node) -> n.Node:
        """Lvalue conversion, array decay and volatile or atomic access.

        The value read is unqualified (``ref_deref`` drops a ``const``).  A
        bit-field narrower than ``int`` reads as an ``int`` (C11 6.3.1.1p2).
        """
        if self.is_narrow_bitfield(e):
            return self.convert(self.op("ref_deref", self.plain_access(e)), t.INT4)
        if t.is_ref(e.type):
            e = self.plain_access(e)
            if t.is_array(e.type.params[0]):
                return self.op("array_to_ptr", e)
            return self.op("ref_deref", e)
        return e

    def plain_access(self, e: n.Node) -> n.Node:
        """The reference ``e`` to a volatile or atomic object as a plain access
        to it (``ref_volatile``, ``ref_atomic``: the emitted C accesses the
        object as declared, so each access stays volatile or atomic)."""
        for qualifier in ("volatile", "atomic"):
            if t.is_generic(e.type.params[0], qualifier):
                e = self.op(f"ref_{qualifier}", e)
        return e

    def is_narrow_bitfield(self, e: n.Node) -> bool:
        bits = self.bitfield_width(e)
        return bits is not None and bits < 32

    def bitfield_width(self, e: n.Node) -> int | None:
        """The width of the bit-field ``e`` designates, None if it is not one."""
        if not (isinstance(e, n.CallExpr) and isinstance(e.function, n.Builtin)):
            return None
        if e.function.name != "ref_member":
            return None
        record = t.strip_qualifiers(e.args[0].type.params[0])
        decls = self.ctx.resolver.records.decls
        decl = decls.get((record.tag, record.name))
        field = find_member(decl, e.args[1].value, decls) if decl else None
        return None if field is None else field.bits

    def lvalue(self, e: n.Node, node: c_ast.Node) -> n.Node:
        """``e``, which must be an lvalue (a ``ref``; its qualifiers stay)."""
        if not t.is_ref(e.type):
            raise fail("lvalue required", node)
        return e

    def modifiable(self, e: n.Node, node: c_ast.Node, action: str = "assignment") -> n.Node:
        """A modifiable lvalue (not an array, not const): the target of ``action``
        (an assignment, an increment or a decrement)."""
        target = self.lvalue(e, node)
        value_type = target.type.params[0]
        decls = self.ctx.resolver.records.decls
        if "const" in t.qualifiers(value_type) or has_const_member(value_type, decls):
            raise fail(f"{action} of {read_only_object(node, target)}", node)
        target = self.plain_access(target)
        if t.is_array(target.type.params[0]):
            raise fail("assignment to expression with array type", node)
        return target

    def convert(self, e: n.Node, target: n.Type) -> n.Node:
        """``e`` (a value) converted to ``target`` (both scalar, or the same
        type, or ``target`` is ``void``: the value is discarded)."""
        target = t.strip_qualifiers(target)
        if e.type is target:
            return e
        if target is t.UNIT:
            return n.CastExpr(t.UNIT, e)
        if not (t.is_scalar(e.type) and t.is_scalar(target)):
            raise IRTypeError(f"cannot convert {t.type_str(e.type)} to {t.type_str(target)}")
        return n.CastExpr(target, e)

    def value(self, node: c_ast.Node) -> n.Node:
        return self.rvalue(self.expr(node))

    def scalar(self, node: c_ast.Node) -> n.Node:
        v = self.value(node)
        if not t.is_scalar(v.type):
            raise fail(not_scalar(v.type), node)
        return v

    def dimension(self, dim: c_ast.Node) -> n.Node:
        """A run-time array dimension as an ``int<8>`` value, evaluated here."""
        v = self.value(dim)
        if not t.is_integer(v.type):
            raise fail(f"size of array has non-integer type {t.type_str(v.type)}", dim)
        return self.convert(v, t.INT8)

    # ---------------------------------------------------------- dispatch
    def expr(self, node: c_ast.Node) -> n.Node:
        method = getattr(self, f"expr_{type(node).__name__}", None)
        if method is None:
            raise fail(f"unsupported expression ({type(node).__name__})", node)
        try:
            return method(node)
        except IRTypeError as err:
            # An operation whose operand types C does not allow (the IR's typing
            # rules mirror C's): report it at this expression.
            raise fail(f"invalid operands: {err}", node) from None

    def expr_ID(self, node: c_ast.ID) -> n.Node:
        sym = self.ctx.scope.lookup(node.name)
        if isinstance(sym, VarSymbol):
            return sym.var
        if isinstance(sym, GlobalSymbol):
            if self.ctx.constructs and sym.glob.name in self.ctx.program.label_tables:
                raise fail(
                    f"'{node.name}', a table of label addresses, named inside an OpenMP "
                    "construct is not supported by inspirec",
                    node,
                )
            return sym.glob
        if isinstance(sym, FuncSymbol) and self.unevaluated:
            return n.Global(sym.type, sym.name)  # only its type is used: no need to lower it
        if isinstance(sym, FuncSymbol):
            return self.ctx.program.function_value(sym)
        if isinstance(sym, EnumSymbol):
            return n.Literal(t.INT4, str(sym.value))
        if isinstance(sym, TypedefSymbol):
            raise fail(f"unexpected type name '{node.name}'", node)
        if node.name == "__func__":
            return n.Literal(t.ptr(t.CHAR), f'"{self.ctx.function_name}"')
        raise fail(f"'{node.name}' undeclared", node)

    def expr_Compound(self, node: c_ast.Compound) -> n.Node:
        if self.ctx.scope.parent is None:
            raise fail("braced-group within expression allowed only inside a function", node)
        return self.ctx.stmt.statement_expression(node)

    def expr_Constant(self, node: c_ast.Constant) -> n.Node:
        kind, text = node.type, node.value
        if kind in ("char", "string") or text.startswith("'"):
            # char: int, a string: a pointer to its first char (with a prefix: wchar_t ...)
            return n.Literal(default_literal_type(text), text)
        if kind in ("float", "double", "long double"):
            low = text.lower()
            if low.endswith("f"):
                return n.Literal(t.real_type(4), text)
            if low.endswith("l"):
                return n.Literal(t.real_type(16), text)
            return n.Literal(t.REAL8, text)
        _, ty = int_constant(text)
        return n.Literal(ty, text)

    def expr_Cast(self, node: c_ast.Cast) -> n.Node:
        target = self.ctx.resolver.resolve(node.to_type.type, self.ctx.scope, extent=self.dimension)
        if self.is_compiler_builtin_call(node.expr):
            return self.compiler_builtin(node.expr, t.strip_qualifiers(target))
        v = self.value(node.expr)
        if target is t.UNIT:
            return n.CastExpr(t.UNIT, v)
        source = t.strip_qualifiers(v.type)
        if t.is_ptr(source) and is_floating(target):
            kind = "complex" if t.is_complex(target) else "floating-point"
            raise fail(f"pointer value used where a {kind} was expected", node)
        if t.is_ptr(t.strip_qualifiers(target)) and is_floating(source):
            raise fail("cannot convert to a pointer type", node)
        union = t.strip_qualifiers(target)
        if isinstance(union, n.TagType) and union.tag == "union" and union is not source:
            return self.union_cast(node, union, source)
        if t.is_vector(source) or t.is_vector(target):
            return self.vector_cast(v, source, t.strip_qualifiers(target), node)
        if t.strip_qualifiers(target) is not source and not (
            t.is_scalar(source) and t.is_scalar(target)
        ):
            raise fail(
                f"cannot convert a value of type {t.type_str(source)} to {t.type_str(target)}",
                node,
            )
        return self.convert(v, target)

    def is_compiler_builtin_call(self, node: c_ast.Node) -> bool:
        """Whether ``node`` calls an x86 intrinsic's builtin function of the C
        compiler (``__builtin_ia32_*``, which the intrinsics headers' macros
        call when not optimising) that the program does not declare."""
        if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)):
            return False
        name = node.name.name
        return name.startswith("__builtin_ia32_") and self.ctx.scope.lookup(name) is None

    def compiler_builtin(self, node: c_ast.FuncCall, target: n.Type) -> n.Node:
        """The call ``node`` of a compiler builtin (:meth:`is_compiler_builtin_call`)
        converted to ``target``: the C compiler types it (the casts the macros
        write give its arguments' types)."""
        args = node.args.exprs if node.args is not None else []
        name = n.Literal(t.ptr(t.CHAR), f'"{node.name.name}"')
        values = tuple(self.value(a) for a in args)
        decls = self.ctx.resolver.records.decls
        return make_call(builtin("compiler_builtin"), (name, *values), None, decls, explicit=target)

    def vector_cast(self, v: n.Node, source: n.Type, target: n.Type, node: c_ast.Cast) -> n.Node:
        """GNU C's cast of ``v`` to or from a vector type: its bits as a
        vector or an integer of the same size; gcc's errors for others."""
        v = self.convert(v, source)
        if source is target:
            return v
        if t.reinterprets(source, target):
            return n.CastExpr(target, v)
        if not t.is_vector(source):
            raise fail("can't convert value to a vector", node)
        if t.is_integer(target) or t.is_vector(target):
            raise fail(
                f"cannot convert a vector of type '{gcc_type(source)}' to type "
                f"'{gcc_type(target)}' which has different size",
                node,
            )
        raise fail(
            f"cannot convert a value of type {t.type_str(source)} to {t.type_str(target)}", node
        )

    def union_cast(self, node: c_ast.Cast, union: n.TagType, source: n.Type) -> n.Node:
        """GNU C's cast to a union type, ``(union U)x``: the union whose member of
        ``x``'s type (the first one) holds ``x``, as the compound literal
        ``(union U){.m = x}``; gcc's error when no member has that type."""
        decl = self.ctx.resolver.records.decls.get(("union", union.name))
        fields = decl.fields if decl is not None else ()
        member = next((f for f in fields if t.strip_qualifiers(f.type) is source), None)
        if member is None or not member.name:
            raise fail("cast to union type from type not present in union", node)
        designated = c_ast.NamedInitializer([c_ast.ID(member.name, node.coord)], node.expr)
        init = c_ast.InitList([designated], node.coord)
        return self.value(c_ast.CompoundLiteral(node.to_type, init, node.coord))

    def expr_ExprList(self, node: c_ast.ExprList) -> n.Node:
        result = self.value(node.exprs[0])
        for e in node.exprs[1:]:
            result = self.op("comma", result, self.value(e))
        return result

    def expr_TernaryOp(self, node: c_ast.TernaryOp) -> n.Node:
        c = self.scalar(node.cond)
        a, b = self.value(node.iftrue), self.value(node.iffalse)
        ty = self.conditional_type(a, b, node)
        return self.op("ite", c, self.convert(a, ty), self.convert(b, ty))

    def expr_IndexRange(self, node: IndexRange) -> n.Node:
        raise fail("expected ']' before '...'", node)

    def expr_OmittedConditional(self, node: OmittedConditional) -> n.Node:
        """GNU C's ``a ?: b``: ``a ? a : b`` with ``a`` evaluated once (into a
        fresh variable, in a statement expression, unless it has no side
        effects)."""
        a, b = self.value(node.cond), self.value(node.iffalse)
        if not t.is_scalar(a.type):
            raise fail(not_scalar(a.type), node.cond)
        ty = self.conditional_type(a, b, node)
        if is_pure(a):
            return self.op("ite", a, self.convert(a, ty), self.convert(b, ty))
        name = self.ctx.fresh_local_name("__inspire_omitted")
        var = n.Variable(t.ref(t.strip_qualifiers(a.type)), name)
        value = self.op("ref_deref", var)
        choice = self.op("ite", value, self.convert(value, ty), self.convert(b, ty))
        block = n.CompoundStmt((n.DeclStmt(n.Declaration(var.type, a), var), choice))
        return n.StmtExpr(ty, block)

    def conditional_type(self, a: n.Node, b: n.Node, node: c_ast.Node) -> n.Type:
        """The type of ``c ? a : b`` (C11 6.5.15p5-6); with one ``void`` operand
        it is ``void``, as gcc allows (ISO C wants both void).

        Two pointers give the other one's type when one is a null pointer
        constant, else a pointer to ``void`` when either points to ``void``,
        else to the composite of the two pointed-to types, qualified with the
        qualifiers of both.  Where gcc only warns, it gives what gcc gives: a
        pointer to ``void`` for pointers to incompatible types, the pointer's
        type for a pointer and an integer."""
        ta, tb = t.strip_qualifiers(a.type), t.strip_qualifiers(b.type)
        if ta is t.UNIT or tb is t.UNIT:
            return t.UNIT
        if t.is_arithmetic(ta) and t.is_arithmetic(tb):
            return usual_arithmetic(ta, tb)
        if ta is tb:
            return ta
        if t.is_ptr(ta) and t.is_ptr(tb):
            if is_null_pointer_constant(b):
                return ta
            if is_null_pointer_constant(a):
                return tb
            merged = merged_pointer(ta, tb)
            if merged is None:
                self.warn("pointer type mismatch in conditional expression", node)
                quals = t.qualifiers(ta.params[0]) | t.qualifiers(tb.params[0])
                return t.ptr(t.qualify(t.UNIT, quals))
            return merged
        for p, other, e in ((ta, tb, b), (tb, ta, a)):
            if isinstance(p, n.FunctionType) and t.is_ptr(other):  # a function pointer
                if is_null_pointer_constant(e):
                    return p
                self.warn("pointer type mismatch in conditional expression", node)
                return t.ptr(t.qualify(t.UNIT, t.qualifiers(other.params[0])))
            if (t.is_ptr(p) or isinstance(p, n.FunctionType)) and t.is_integer(other):
                if not is_null_constant(e):
                    self.warn("pointer/integer type mismatch in conditional expression", node)
                return p
        raise fail(
            f"type mismatch in conditional expression ({t.type_str(ta)} and {t.type_str(tb)})",
            node,
        )

    def expr_GenericSelection(self, node: c_ast.GenericSelection) -> n.Node:
        """C11 ``_Generic``: the association whose type is compatible with the
        type of the controlling expression after lvalue conversion (which is
        not evaluated), else the ``default`` one.  Only the chosen expression
        is lowered.  As in gcc, a bit-field narrower than its declared type
        matches no association.

        ``long`` and ``long long`` are one IR type (``int<8>``).  A selector
        whose syntax spells which (a constant's suffix, a cast) matches only
        its own; any other 64-bit selector is taken as ``long`` (the type of
        ``int64_t``, ``size_t`` and the like), and refused, not guessed, when
        there is an association for each."""
        chosen, default, seen = None, None, []
        selector = self.selector_type(node.expr)
        longs = self.selector_long_words(node.expr)
        for assoc in node.associations:
            if assoc.type is None:
                if default is not None:
                    raise fail("duplicate 'default' case in '_Generic'", assoc)
                default = assoc
                continue
            ty = self.association_type(assoc)
            for other, other_name in seen:
                if not compatible(ty, other):
                    continue
                if not (ty is other and may_be_long_and_long_long(ty, assoc.type, other_name)):
                    raise fail("'_Generic' specifies two compatible types", assoc)
                if longs is None and selector is not None and compatible(selector, ty):
                    spell = CGenerator().visit
                    raise fail(
                        f"'_Generic' associations '{spell(other_name)}' and "
                        f"'{spell(assoc.type)}' are one type for inspirec "
                        f"({t.type_str(ty)}); not supported",
                        assoc,
                    )
            seen.append((ty, assoc.type))
            if selector is None or chosen is not None or not compatible(selector, ty):
                continue
            spelled = long_words(assoc.type)
            if not (wide_integer_based(ty) and spelled in (1, 2) and spelled != (longs or 1)):
                chosen = assoc
        chosen = chosen or default
        if chosen is None:
            what = "a bit-field" if selector is None else f"'{t.type_str(selector)}'"
            raise fail(
                f"'_Generic' selector of type {what} is not compatible with any association",
                node.expr,
            )
        return self.expr(chosen.expr)

    def selector_long_words(self, operand: c_ast.Node) -> int | None:
        """How many ``long`` the type of a ``_Generic`` selector spells where
        its syntax or its declaration tells (a constant, a cast, a variable
        or parameter declared with the type or a typedef name of it), else
        None (see :meth:`expr_GenericSelection`).  A construct's private
        copy of a variable has no declaration of its own: the original's
        tells."""
        if isinstance(operand, c_ast.Constant) and operand.type not in ("string", "char"):
            return operand.value.lower().count("l")
        if isinstance(operand, c_ast.Cast):
            return long_words(operand.to_type, self.ctx.scope)
        if not isinstance(operand, c_ast.ID):
            return None
        scope: Scope | None = self.ctx.scope
        while scope is not None:
            sym = scope.ordinary.get(operand.name)
            longs = getattr(sym, "longs", None)
            if sym is not None and (longs is not None or not isinstance(sym, VarSymbol)):
                return longs
            scope = scope.parent
        return None

    def selector_type(self, operand: c_ast.Node) -> n.Type | None:
        """The type of ``_Generic``'s controlling expression after lvalue
        conversion and array decay, without evaluating it; None for a
        bit-field narrower than its declared type (gcc's bit-field type)."""
        if isinstance(operand, c_ast.Constant) and operand.type == "string":
            return default_literal_type(operand.value)
        self.unevaluated = True
        try:
            e = self.expr(operand)
        finally:
            self.unevaluated = False
        ty = e.type.params[0] if t.is_ref(e.type) else e.type
        ty = t.strip_qualifiers(ty)
        bits = self.bitfield_width(e)
        decls = self.ctx.resolver.records.decls
        if bits is not None and ty is not t.BOOL and bits < 8 * size_of(ty, decls):
            return None
        return t.ptr(ty.params[0]) if t.is_array(ty) else ty

    def association_type(self, assoc: c_ast.GenericAssociation) -> n.Type:
        """The type of a ``_Generic`` association: a complete type that is not
        variably modified (C11 6.5.1.1p2).  The IR spells a function type and a
        pointer to it alike (both match a function designator)."""

        def run_time_extent(dim: c_ast.Node) -> n.Node:
            raise fail("'_Generic' association has variable length type", assoc)

        ty = self.ctx.resolver.resolve(assoc.type.type, self.ctx.scope, extent=run_time_extent)
        if isinstance(ty, n.FunctionType):
            return ty
        try:
            size_of(t.strip_qualifiers(ty), self.ctx.resolver.records.decls)
        except SizeError:
            raise fail("'_Generic' association has incomplete type", assoc) from None
        return ty

    # ------------------------------------------------------------ unary
    def declared_alignment(self, operand: c_ast.Node) -> int:
        """The alignment the declaration of the object GNU C's
        ``__alignof__(name)`` names asks for (the lexer reads it as
        ``_Alignof(typeof(name))``), or GNU ``aligned`` gives the typedef
        name ``_Alignof(T)`` names; 0 for any other operand."""
        named = _typeof_operand(operand)
        if isinstance(named, c_ast.Typename):
            return typedef_alignment(named.type, self.ctx.scope)
        if named is None and isinstance(operand, c_ast.Typename):
            return typedef_alignment(operand.type, self.ctx.scope)
        if not isinstance(named, c_ast.ID):
            return 0
        sym = self.ctx.scope.lookup(named.name)
        if isinstance(sym, TypedefSymbol):
            return sym.align
        if isinstance(sym, VarSymbol):
            return sym.align
        if not isinstance(sym, GlobalSymbol):
            return 0
        info = self.ctx.program.globals.get(sym.glob.name)
        return info.align if info is not None else 0

    def expr_UnaryOp(self, node: c_ast.UnaryOp) -> n.Node:
        op = node.op
        if op == "sizeof":
            return self.sizeof(node.expr)
        if op == "_Alignof":
            ty = self.operand_type(_alignof_operand(node.expr))
            try:
                align = align_of(ty, self.ctx.resolver.records.decls)
            except SizeError:
                raise fail(
                    f"invalid application of '__alignof__' to incomplete type '{t.type_str(ty)}'",
                    node.expr,
                ) from None
            return n.Literal(t.UINT8, str(max(align, self.declared_alignment(node.expr))))
        if op == "&":
            base = node.expr
            while isinstance(base, c_ast.StructRef) and base.type == ".":
                base = base.name
            sym = self.ctx.scope.lookup(base.name) if isinstance(base, c_ast.ID) else None
            if isinstance(sym, VarSymbol) and sym.register:
                raise fail(f"address of register variable '{base.name}' requested", node)
            e = self.expr(node.expr)
            if isinstance(e.type, n.FunctionType):
                return e
            return self.op("ref_to_ptr", self.lvalue(e, node.expr))
        if op == "*":
            part = marked_part(node)
            if part is not None:  # GNU __real__/__imag__ of the operand of the marker's '&'
                return self.complex_part(part, node.expr.expr.expr)
            v = self.value(node.expr)
            if isinstance(v.type, n.FunctionType):
                return v
            if not t.is_ptr(t.strip_qualifiers(v.type)):
                raise fail(f"invalid type argument of unary '*' ({t.type_str(v.type)})", node)
            v = self.convert(v, t.strip_qualifiers(v.type))
            if v.type.params[0] is t.UNIT:
                raise fail("dereferencing a 'void *' pointer", node)
            return self.op("ptr_to_ref", v)
        if op in ("++", "--", "p++", "p--"):
            action = "increment" if op in ("++", "p++") else "decrement"
            target = self.modifiable(self.expr(node.expr), node.expr, action)
            name = {"++": "pre_inc", "--": "pre_dec", "p++": "post_inc", "p--": "post_dec"}[op]
            return self.op(name, target)
        v = self.value(node.expr)
        if op == "!" and t.is_vector(v.type):
            raise fail("wrong type argument to unary exclamation mark", node)
        if op == "!":
            return self.op("log_not", v)
        if op in ("-", "+", "~") and t.is_vector(v.type):
            if op == "~" and not t.is_integer_vector(v.type):
                raise fail("wrong type argument to bit-complement", node)
            v = self.convert(v, t.strip_qualifiers(v.type))
            return v if op == "+" else self.op("neg" if op == "-" else "bit_not", v)
        if op in ("-", "+", "~"):
            if not t.is_arithmetic(v.type):
                raise fail(f"wrong type argument to unary '{op}'", node)
            v = self.convert(v, promote(v.type))
            if op == "+":
                return v
            if op == "~" and t.is_complex(v.type):
                return self.op("conj", v)  # GNU C: ~z is the conjugate
            return self.op("neg" if op == "-" else "bit_not", v)
        raise fail(f"unsupported unary operator '{op}'", node)

    def complex_part(self, part: str, operand: c_ast.Node) -> n.Node:
        """GNU ``__real__``/``__imag__`` (``part``) of ``operand``: an lvalue of
        a modifiable lvalue, else a value; of a non-complex operand, the
        operand and a zero."""
        e = self.expr(operand)
        if t.is_ref(e.type) and t.is_complex(e.type.params[0]):
            target = self.plain_access(self.lvalue(e, operand))
            if "const" not in t.qualifiers(target.type.params[0]):
                return self.op(f"complex_{part}_ref", target)
        v = self.rvalue(e)
        if t.is_complex(v.type):
            return self.op(f"complex_{part}", v)
        if not t.is_arithmetic(v.type):
            raise fail(f"wrong type argument to __{part}__", operand)
        if part == "real":
            return e
        zero = self.convert(n.Literal(t.INT4, "0"), t.strip_qualifiers(v.type))
        return zero if is_pure(v) else self.op("comma", v, zero)

    def operand_type(self, node: c_ast.Node) -> n.Type:
        """The C type of a sizeof/_Alignof operand (a type name or an expression,
        only ``sizeof``'s: GNU ``__alignof__(x)`` is read as ``_Alignof(typeof(x))``).

        Run-time dimensions of a type name are evaluated where it occurs; an
        expression operand of a variably modified type must not have side
        effects (C evaluates it, the IR's ``sizeof`` does not).
        """
        if isinstance(node, c_ast.Typename):
            return self.ctx.resolver.resolve(node.type, self.ctx.scope, extent=self.dimension)
        e = self.expr(node)
        if self.bitfield_width(e) is not None:
            raise fail("'sizeof' applied to a bit-field", node)
        ty = e.type.params[0] if t.is_ref(e.type) else e.type
        self.ctx.check_entry_extents(ty, node)
        if t.is_vla(t.strip_qualifiers(ty)) and not is_pure(e):
            raise fail(
                "sizeof of a variable-length array expression with side effects is not supported",
                node,
            )
        return ty

    def type_of(self, spec: c_ast.TypeOf) -> n.Type:
        """The type GNU C's ``typeof``/``__typeof__`` names: that of a type name,
        or of an expression, which is not evaluated (an lvalue's object type,
        qualifiers included; a function's name gives its function type, which
        :func:`~frontend.symbols.designates_function` knows).  An
        expression of a variably modified type (which C evaluates here) gives
        its type, whose extents are already computed, unless it has side
        effects; a variably modified type name is refused."""
        operand = spec.expr
        sym = self.ctx.scope.lookup(operand.name) if isinstance(operand, c_ast.ID) else None
        if isinstance(operand, c_ast.Typename):
            ty = self.ctx.resolver.resolve(operand.type, self.ctx.scope, extent=self.fixed_extent)
        elif isinstance(sym, FuncSymbol):
            ty = sym.type
        elif isinstance(operand, c_ast.Constant) and operand.type == "string":
            ty = string_array(operand.value)  # the IR's literal is a pointer
        else:
            self.unevaluated = True
            try:
                e = self.expr(operand)
            finally:
                self.unevaluated = False
            designator = isinstance(operand, c_ast.UnaryOp) and operand.op == "*"
            if designator and isinstance(e.type, n.FunctionType):  # the IR cannot tell it
                raise fail(
                    "typeof of a dereferenced function pointer is not supported by inspirec", spec
                )
            if self.bitfield_width(e) is not None:
                raise fail("'typeof' applied to a bit-field", operand)
            ty = e.type.params[0] if t.is_ref(e.type) else e.type
            if t.is_variably_modified(ty):
                self.ctx.check_entry_extents(ty, spec)
                if not is_pure(e):
                    raise fail(
                        "typeof of a variably modified expression with side effects is not "
                        "supported by inspirec",
                        spec,
                    )
        return ty

    @staticmethod
    def fixed_extent(dim: c_ast.Node) -> n.Node:
        """The extent callback of a type that must not have run-time dimensions."""
        raise fail("typeof of a variably modified type is not supported by inspirec", dim)

    def auto_type(self, node: c_ast.Decl) -> n.Type | None:
        """The type GNU C's ``__auto_type`` gives the variable ``node`` declares
        (its initialiser's, after lvalue conversion, with the declaration's
        qualifiers instead of its own), or None if ``node`` does not use it.
        gcc's errors for its misuses."""
        spec = node.type
        while isinstance(spec, c_ast.PtrDecl | c_ast.ArrayDecl | c_ast.FuncDecl):
            spec = spec.type
        names = getattr(getattr(spec, "type", None), "names", None) or ()
        if AUTO_TYPE not in names:
            return None
        if len(names) > 1:
            raise fail("two or more data types in declaration specifiers", spec.type)
        if spec is not node.type:
            raise fail("'__auto_type' requires a plain identifier as declarator", spec.type)
        if node.init is None or isinstance(node.init, c_ast.InitList):
            raise fail("'__auto_type' requires an initialized data declaration", spec.type)
        ty = t.strip_qualifiers(self.value(node.init).type)
        if t.is_variably_modified(ty):
            raise fail("__auto_type of a variably modified type is not supported by inspirec", node)
        return t.qualify(ty, ir_qualifiers(spec.quals))

    def sizeof(self, operand: c_ast.Node) -> n.Node:
        func = isinstance(operand, c_ast.ID) and operand.name == "__func__"
        if func and self.ctx.scope.lookup("__func__") is None:  # static const char __func__[]
            return n.Literal(t.UINT8, str(len(self.ctx.function_name) + 1))
        if isinstance(operand, c_ast.Constant) and operand.type == "string":
            return n.Literal(t.UINT8, str(size_of(string_array(operand.value))))
        ty = t.strip_qualifiers(self.operand_type(operand))
        if t.is_array(ty) and ty.int_params[0] is None and not t.is_vla(ty):
            raise fail("sizeof of an array of unknown size", operand)
        return n.SizeOf(t.UINT8, ty)

    def unevaluated_constant(self, node: c_ast.UnaryOp) -> int | None:
        """The value of ``sizeof``/``_Alignof`` ``node`` as an integer constant
        expression (C11 6.6p6), its operand typed and not evaluated; None
        when the operand has a variable length array type."""
        self.unevaluated = True
        try:
            e = self.expr_UnaryOp(node)
        finally:
            self.unevaluated = False
        if isinstance(e, n.Literal):
            return int(e.value)
        if not isinstance(e, n.SizeOf) or t.is_variably_modified(e.target):
            return None
        return size_of(e.target, self.ctx.resolver.records.decls)

    # ------------------------------------------------------------ binary
    def expr_BinaryOp(self, node: c_ast.BinaryOp) -> n.Node:
        op = node.op
        if op in ("&&", "||"):
            a, b = self.scalar(node.left), self.scalar(node.right)
            return self.op("log_and" if op == "&&" else "log_or", a, b)
        a, b = self.value(node.left), self.value(node.right)
        return self.binary(op, a, b, node)

    def binary(self, op: str, a: n.Node, b: n.Node, node: c_ast.Node) -> n.Node:
        ta, tb = t.strip_qualifiers(a.type), t.strip_qualifiers(b.type)
        if t.is_vector(ta) or t.is_vector(tb):
            return self.vector_binary(op, a, b, node)
        if op in ("+", "-") and (t.is_ptr(ta) or t.is_ptr(tb)):
            return self.pointer_arith(op, a, b, node)
        if op in _ARITH_OPS or op in _BIT_OPS:
            if not (t.is_arithmetic(ta) and t.is_arithmetic(tb)):
                raise fail(f"invalid operands to binary {op}", node)
            common = usual_arithmetic(ta, tb)
            name = _ARITH_OPS.get(op) or _BIT_OPS[op]
            if (name == "mod" or name in _BIT_OPS.values()) and not t.is_integer(common):
                raise fail(f"invalid operands to binary {op}", node)
            return self.arithmetic(name, a, b, common)
        if op in _SHIFT_OPS:
            if not (t.is_integer(ta) and t.is_integer(tb)):
                raise fail(f"invalid operands to binary {op}", node)
            left = promote(ta)
            return self.op(_SHIFT_OPS[op], self.convert(a, left), self.convert(b, left))
        if op in _COMPARE_OPS:
            if t.is_arithmetic(ta) and t.is_arithmetic(tb):
                common = usual_arithmetic(ta, tb)
                if t.is_complex(common) and op not in ("==", "!="):
                    raise fail(f"invalid operands to binary {op}", node)
            elif is_floating(ta) or is_floating(tb):
                raise fail(f"invalid operands to binary {op}", node)
            elif t.is_ptr(ta) or isinstance(ta, n.FunctionType):
                common = ta
            elif t.is_ptr(tb) or isinstance(tb, n.FunctionType):
                common = tb
            else:
                raise fail(f"invalid operands to binary {op}", node)
            return self.op(_COMPARE_OPS[op], self.convert(a, common), self.convert(b, common))
        raise fail(f"unsupported binary operator '{op}'", node)

    def vector_binary(self, op: str, a: n.Node, b: n.Node, node: c_ast.Node) -> n.Node:
        """GNU C's binary operator ``op`` with a vector operand: element by
        element, of two vectors of one type (or differing in signedness
        only: the first one's) or of a vector and a scalar, which is
        converted to the element type and repeated; a comparison gives
        :func:`~inspire.types.comparison_vector`."""
        ta, tb = t.strip_qualifiers(a.type), t.strip_qualifiers(b.type)
        name = _ARITH_OPS.get(op) or _BIT_OPS.get(op) or _SHIFT_OPS.get(op) or _COMPARE_OPS.get(op)
        vec = ta if t.is_vector(ta) else tb
        integral = name == "mod" or op in _BIT_OPS or op in _SHIFT_OPS
        if name is None or (integral and not t.is_integer_vector(vec)):
            raise fail(
                f"invalid operands to binary {op} (have '{gcc_type(ta)}' and '{gcc_type(tb)}')",
                node,
            )
        sides = (node.left, node.right) if isinstance(node, c_ast.BinaryOp) else (None, None)
        a, b = (
            self.vector_operand(v, side, vec, ta, tb, op, node)
            for v, side in zip((a, b), sides, strict=True)
        )
        if op in _COMPARE_OPS:
            return self.op(f"vector_{name}", a, b)
        return self.op(name, a, b)

    def vector_operand(
        self,
        v: n.Node,
        side: c_ast.Node | None,
        vec: n.Type,
        ta: n.Type,
        tb: n.Type,
        op: str,
        node: c_ast.Node,
    ) -> n.Node:
        """The operand ``v`` (lowered from ``side``, if known) of binary
        ``op`` (operand types ``ta``, ``tb``) as a vector of type ``vec``:
        gcc's errors for a vector of another shape, a scalar it cannot
        convert, or one it would truncate."""
        ty = t.strip_qualifiers(v.type)
        if t.is_vector(ty):
            same_shape = ty.int_params == vec.int_params and (
                ty.params[0] is vec.params[0]
                or (t.is_integer(ty.params[0]) and t.is_integer(vec.params[0])
                    and size_of(ty.params[0]) == size_of(vec.params[0]))
            )  # fmt: skip
            if not same_shape:
                raise fail(
                    f"invalid operands to binary {op} (have '{gcc_type(ta)}' and '{gcc_type(tb)}')",
                    node,
                )
            return self.convert(v, vec) if ty is vec else n.CastExpr(vec, self.convert(v, ty))
        constant: int | float | None = None
        if side is not None and t.is_integer(v.type):
            constant = const_eval(side, self.ctx.resolver, self.ctx.scope)
        elif side is not None:
            constant = real_constant(side)
        return self.splat(self.vector_scalar(v, constant, vec, node), vec)

    def vector_scalar(
        self, v: n.Node, constant: int | float | None, vec: n.Type, node: c_ast.Node
    ) -> n.Node:
        """The scalar ``v`` (a constant of value ``constant``, if not None)
        converted to the elements of vector type ``vec``, as gcc converts
        one: a constant they hold exactly, a value of a type no wider than
        them of their kind; else gcc's error."""
        elem, ty = vec.params[0], t.strip_qualifiers(v.type)
        if not t.is_arithmetic(ty) or t.is_complex(ty) or (t.is_real(ty) and t.is_integer(elem)):
            raise fail("cannot convert value to a vector", node)
        if constant is not None and t.is_integer(elem):
            fits = t.integer_range(elem)[0] <= constant <= t.integer_range(elem)[1]
        elif constant is not None:
            fits = held_exactly(constant, size_of(elem))
        elif t.is_integer(ty):
            fits = t.is_integer(elem) and size_of(ty) <= size_of(elem)
        else:
            fits = size_of(ty) <= size_of(elem)
        if not fits:
            raise fail(
                f"conversion of scalar '{gcc_type(ty)}' to vector '{gcc_type(vec)}' involves "
                "truncation",
                node,
            )
        return self.convert(v, elem)

    def splat(self, v: n.Node, vec: n.Type) -> n.Node:
        """The vector of type ``vec`` each of whose elements is ``v`` (of its
        element type), which is evaluated once."""
        count = vec.int_params[0]
        if is_pure(v):
            return n.InitExpr(vec, (v,) * count, ())
        temp = n.Variable(t.ref(v.type), self.ctx.fresh_local_name("__inspire_scalar"))
        held = self.op("ref_deref", temp)
        body = (n.DeclStmt(n.Declaration(temp.type, v), temp), n.InitExpr(vec, (held,) * count, ()))
        return n.StmtExpr(vec, n.CompoundStmt(body))

    def arithmetic(self, name: str, a: n.Node, b: n.Node, common: n.Type) -> n.Node:
        """``a name b`` computed in type ``common``; a real operand of a complex
        operation is converted to the common real type only (the ``_cr``/``_rc``
        rows of the builtins table: C11 G.5.1, as gcc computes it)."""
        if t.is_complex(common) and t.is_complex(a.type) != t.is_complex(b.type):
            real = common.params[0]
            if t.is_complex(a.type):
                return self.op(f"{name}_cr", self.convert(a, common), self.convert(b, real))
            return self.op(f"{name}_rc", self.convert(a, real), self.convert(b, common))
        return self.op(name, self.convert(a, common), self.convert(b, common))

    def pointer_arith(self, op: str, a: n.Node, b: n.Node, node: c_ast.Node) -> n.Node:
        ta, tb = t.strip_qualifiers(a.type), t.strip_qualifiers(b.type)
        a, b = self.convert(a, ta), self.convert(b, tb)
        if t.is_ptr(ta) and t.is_ptr(tb):
            if op != "-":
                raise fail("invalid operands to binary + (two pointers)", node)
            ea, eb = t.strip_qualifiers(ta.params[0]), t.strip_qualifiers(tb.params[0])
            if not (t.refines(ea, eb) or t.refines(eb, ea)):
                raise fail(
                    f"invalid operands to binary - (have '{t.type_str(ta)}' and "
                    f"'{t.type_str(tb)}')",
                    node,
                )
            return self.op("ptr_diff", a, self.convert(b, ta))
        if t.is_ptr(ta):
            if not t.is_integer(tb):
                raise fail(f"invalid operands to binary {op}", node)
            return self.op("ptr_add" if op == "+" else "ptr_sub", a, self.convert(b, t.INT8))
        if op == "-" or not t.is_integer(ta):
            raise fail(f"invalid operands to binary {op}", node)
        return self.op("ptr_add", b, self.convert(a, t.INT8))

    # -------------------------------------------------------- assignment
    def expr_Assignment(self, node: c_ast.Assignment) -> n.Node:
        target = self.modifiable(self.expr(node.lvalue), node.lvalue)
        ty = target.type.params[0]
        rhs = self.value(node.rvalue)
        if node.op == "=":
            return self.op("assign", target, self.assignable(rhs, ty, node))
        name = _COMPOUND_OPS[node.op]
        if t.is_vector(ty) or t.is_vector(rhs.type):
            return self.vector_compound(node, target, rhs)
        if t.is_ptr(ty) and name in ("add", "sub"):
            return self.op(f"ptr_assign_{name}", target, self.convert(rhs, t.INT8))
        if not (t.is_arithmetic(ty) and t.is_arithmetic(rhs.type)):
            raise fail(f"invalid operands to '{node.op}'", node)
        if name not in _COMPLEX_OPS and (t.is_complex(ty) or t.is_complex(rhs.type)):
            raise fail(f"invalid operands to binary {node.op[:-1]}", node)
        common = promote(ty) if name in ("shl", "shr") else usual_arithmetic(ty, rhs.type)
        if common is ty and t.is_complex(ty) and not t.is_complex(rhs.type):
            return self.op(f"assign_{name}_cr", target, self.convert(rhs, ty.params[0]))
        wraps = t.is_integer(ty) and ty is not t.BOOL  # _Bool: b &= 2 is b = (b & 2) != 0
        if common is ty or (t.is_integer(common) and wraps and name in _WRAPPING):
            return self.op(f"assign_{name}", target, self.convert(rhs, ty))
        place, address = target, None
        if not is_pure(target):
            if self.bitfield_width(target) is not None:
                raise fail(
                    f"'{node.op}' with a converted operand on a bit-field with side effects is "
                    "not supported",
                    node,
                )
            # b[f()] -= 4.5 (float b): the object's address, taken once, in a
            # statement expression
            pointer = n.Variable(t.ref(t.ptr(ty)), self.ctx.fresh_local_name("__inspire_lvalue"))
            place = self.op("ptr_to_ref", self.op("ref_deref", pointer))
            address = n.DeclStmt(
                n.Declaration(pointer.type, self.op("ref_to_ptr", target)), pointer
            )
        result = self.arithmetic(name, self.op("ref_deref", place), rhs, common)
        update = self.op("assign", place, self.convert(result, ty))
        if address is None:
            return update
        return n.StmtExpr(update.type, n.CompoundStmt((address, update)))

    def vector_compound(self, node: c_ast.Assignment, target: n.Node, rhs: n.Node) -> n.Node:
        """A compound assignment ``node`` to or from a vector (``target`` the
        object, ``rhs`` the operand's value): the operator's ``assign_``
        form, the operand converted as :meth:`vector_binary` converts it."""
        op = node.op[:-1]
        ty = target.type.params[0]
        if not t.is_vector(ty):
            raise fail(
                f"invalid operands to binary {op} (have '{gcc_type(ty)}' and "
                f"'{gcc_type(rhs.type)}')",
                node,
            )
        name = _COMPOUND_OPS[node.op]
        if name not in _COMPLEX_OPS and not t.is_integer_vector(ty):
            raise fail(
                f"invalid operands to binary {op} (have '{gcc_type(ty)}' and "
                f"'{gcc_type(rhs.type)}')",
                node,
            )
        operand = self.vector_operand(rhs, node.rvalue, ty, ty, rhs.type, op, node)
        return self.op(f"assign_{name}", target, operand)

    def assignable(self, v: n.Node, ty: n.Type, node: c_ast.Node) -> n.Node:
        """``v`` converted as by assignment to an object of type ``ty``."""
        ty = t.strip_qualifiers(ty)
        if v.type is ty:
            return v
        if (
            t.is_scalar(ty)
            and t.is_scalar(v.type)
            and not (
                (t.is_ptr(ty) and is_floating(v.type)) or (t.is_ptr(v.type) and is_floating(ty))
            )
        ):
            return self.convert(v, ty)
        raise fail(
            f"incompatible types when assigning to type '{gcc_type(ty)}' from type "
            f"'{gcc_type(v.type)}'",
            node,
        )

    # ------------------------------------------------------------ access
    def expr_ArrayRef(self, node: c_ast.ArrayRef) -> n.Node:
        base = self.expr(node.name)
        index = self.value(node.subscript)
        if t.is_ref(base.type) and t.is_array(t.strip_qualifiers(base.type.params[0])):
            base = self.lvalue(base, node.name)
            return self.op("array_elem", base, self.convert(index, t.INT8))
        if t.is_vector(base.type.params[0] if t.is_ref(base.type) else base.type):
            return self.vector_element(base, index, node)
        b = self.rvalue(base)
        if t.is_integer(b.type) and t.is_ptr(index.type):
            b, index = index, b
        if not t.is_ptr(t.strip_qualifiers(b.type)):
            raise fail("subscripted value is neither array nor pointer", node)
        return self.op(
            "ptr_elem", self.convert(b, t.strip_qualifiers(b.type)), self.convert(index, t.INT8)
        )

    def vector_element(self, base: n.Node, index: n.Node, node: c_ast.ArrayRef) -> n.Node:
        """``v[i]`` of a vector ``base``: an lvalue of an lvalue that is not
        ``const`` (GNU C: an element may be assigned, its address taken),
        else the element's value."""
        if not t.is_integer(index.type):
            raise fail("array subscript is not an integer", node)
        index = self.convert(index, t.INT8)
        if t.is_ref(base.type) and "const" not in t.qualifiers(base.type.params[0]):
            return self.op("vector_elem", self.plain_access(base), index)
        return self.op("vector_value_elem", self.rvalue(base), index)

    def expr_StructRef(self, node: c_ast.StructRef) -> n.Node:
        member = n.Literal(t.IDENTIFIER, node.field.name)
        if node.type == "->":
            p = self.value(node.name)
            p = self.convert(p, t.strip_qualifiers(p.type))
            if not t.is_ptr(p.type):
                raise fail(f"invalid type argument of '->' ({t.type_str(p.type)})", node)
            base = self.op("ptr_to_ref", p)
        else:
            base = self.expr(node.name)
        self.check_member(node, base.type.params[0] if t.is_ref(base.type) else base.type)
        try:
            if t.is_ref(base.type):
                return self.op("ref_member", self.lvalue(base, node.name), member)
            return self.op("member", base, member)
        except Exception as err:
            raise fail(str(err), node) from None

    def check_member(self, node: c_ast.StructRef, record: n.Type) -> None:
        """gcc's errors for member access ``node`` into a value of type
        ``record``: not a struct or union, or one without that member; at
        the ``.`` or ``->`` (assumed to touch the member's name)."""
        name = node.field.name
        record = t.strip_qualifiers(record)
        if not isinstance(record, n.TagType):
            message = f"request for member '{name}' in something not a structure or union"
        else:
            decls = self.ctx.resolver.records.decls
            decl = decls.get((record.tag, record.name))
            if decl is None or not decl.complete or find_member(decl, name, decls) is not None:
                return
            message = f"'{t.type_str(record)}' has no member named '{name}'"
        at = node.field.coord or node.coord
        if at is None:
            raise fail(message)
        column = max(1, at.column - len(node.type))
        raise CompileError([error(message, at.file, at.line, column)])

    # ------------------------------------------------------------- calls
    def expr_FuncCall(self, node: c_ast.FuncCall) -> n.Node:
        converted = threads.lower_call(self.ctx, node, used=True)
        if converted is not None:
            (value,) = converted
            return value
        args = node.args.exprs if node.args is not None else []
        if isinstance(node.name, c_ast.ID) and node.name.name in asm.CALLS:
            return asm.lower(self, node)  # an asm statement (frontend.asm)
        if isinstance(node.name, c_ast.ID) and node.name.name in _SPECIAL_ARITY:
            # Reserved compiler builtins, whether or not a header declares them.
            return self.special_call(node.name.name, args, node)
        if isinstance(node.name, c_ast.ID) and node.name.name == "__builtin_shuffle":
            return self.shuffle(args, node)
        operands = offsetof_operands(node, self.ctx.scope)
        if operands is not None:  # a constant, from the layout
            return n.Literal(t.UINT8, str(offset_of(*operands, self.ctx.resolver, self.ctx.scope)))
        if isinstance(node.name, c_ast.ID) and node.name.name in ("alloca", "__builtin_alloca"):
            sym = self.ctx.scope.lookup(node.name.name)
            if sym is None or isinstance(sym, FuncSymbol):
                (size,) = args
                return self.op("stack_alloc", self.convert(self.value(size), t.UINT8))
        if (
            isinstance(node.name, c_ast.ID)
            and self.ctx.constructs
            and isinstance(self.ctx.scope.lookup(node.name.name), FuncSymbol)
        ):
            openmp.check_teams_call(self.ctx, node.name.name, node)
            concurrent.check_call(self.ctx, node.name.name, node)
        if isinstance(node.name, c_ast.ID) and self.ctx.scope.lookup(node.name.name) is None:
            self.implicit_declaration(node.name)
        elif isinstance(node.name, c_ast.ID):
            self.check_declared(node.name)
        callee = self.value(self.variant_called(node.name))
        fn_type = t.strip_qualifiers(callee.type)
        if t.is_ptr(fn_type) and isinstance(fn_type.params[0], n.FunctionType):
            callee = self.op("ref_deref", self.op("ptr_to_ref", callee))
            fn_type = callee.type
        if not isinstance(fn_type, n.FunctionType):
            raise fail("called object is not a function or function pointer", node)
        if len(args) < len(fn_type.params) or (
            len(args) > len(fn_type.params) and not fn_type.variadic
        ):
            raise fail(
                f"wrong number of arguments in call (expected {len(fn_type.params)}, "
                f"got {len(args)})",
                node,
            )
        values = []
        for i, a in enumerate(args):
            v = self.value(a)
            if i < len(fn_type.params):
                v = self.assignable(v, fn_type.params[i], a)
            else:
                v = self.default_promotion(v)
            values.append(v)
        return make_call(callee, values, self.ctx.loc(node), self.ctx.resolver.records.decls)

    def implicit_declaration(self, name: c_ast.ID) -> None:
        """A call of the undeclared function ``name``: gcc's warning, and C89's
        implicit declaration ``int name()`` (:meth:`ProgramLowering.implicit_function`)."""
        if name.name == "__func__":
            return
        if name.name.startswith("__builtin_ia32_"):  # typed by the C compiler alone
            raise fail(
                f"'{name.name}' is supported by inspirec only cast to its result type, as the "
                "intrinsics headers call it (or through its intrinsic)",
                name,
            )
        self.warn(
            f"implicit declaration of function '{name.name}'", name, "implicit-function-declaration"
        )
        self.ctx.program.implicit_function(name.name)

    def check_declared(self, name: c_ast.ID) -> None:
        """A call of function ``name`` that its file declares only after the
        function making the call (the declarations of a file are all known
        before its bodies are lowered): C89's implicit declaration ``int
        name()``, as gcc reads it, with its warning at the first such call,
        and its errors when the later declaration does not agree with it."""
        program = self.ctx.program
        scope = self.ctx.scope
        while scope.parent is not None:
            if name.name in scope.ordinary:
                return  # a block declares it
            scope = scope.parent
        sym = scope.ordinary.get(name.name)
        first = program.first_function_declarations.get((id(scope), name.name))
        caller = program.definition_positions.get(self.ctx.function_name)
        if not isinstance(sym, FuncSymbol) or first is None or caller is None:
            return
        key = (id(scope), name.name)
        if first[0] <= caller or key in program.implicit_declarations:
            return
        program.implicit_declarations.add(key)  # warned once per file, as gcc does
        self.warn(
            f"implicit declaration of function '{name.name}'", name, "implicit-function-declaration"
        )
        declared = first[1]
        fty = sym.type
        if t.strip_qualifiers(fty.result) is not t.INT4:
            params = [gcc_type(p) for p in fty.params] + (["..."] if fty.variadic else [])
            shown = ", ".join(params) if fty.params else "" if fty.variadic else "void"
            message = f"conflicting types for '{name.name}'; have '{gcc_type(fty.result)}({shown})'"
        elif "static" in (declared.storage or []):
            message = f"static declaration of '{name.name}' follows non-static declaration"
        else:
            return
        note = f"previous implicit declaration of '{name.name}' with type 'int()'"
        at = name.coord
        raise CompileError(
            [
                *fail(message, declared).diagnostics,
                Diagnostic("note", note, at.file, at.line, at.column),
            ]
        )

    def variant_called(self, name: c_ast.Node) -> c_ast.Node:
        """The function a call of ``name`` calls: a function's ``declare
        variant`` that matches where the call is (:mod:`frontend.declare_variant`),
        or ``name`` itself."""
        sym = self.ctx.scope.lookup(name.name) if isinstance(name, c_ast.ID) else None
        info = self.ctx.program.functions.get(sym.name) if isinstance(sym, FuncSymbol) else None
        chosen = declare_variant.selected(self.ctx, info.variants) if info is not None else None
        return name if chosen is None else c_ast.ID(chosen, coord=name.coord)

    def default_promotion(self, v: n.Node) -> n.Node:
        ty = t.strip_qualifiers(v.type)
        if t.is_generic(ty, "real") and ty.int_params[0] in (2, 4):
            return self.convert(v, t.REAL8)
        if t.is_integer(ty):
            return self.convert(v, promote(ty))
        return self.convert(v, ty)

    def special_call(self, name: str, args: list, node: c_ast.FuncCall) -> n.Node:
        """Calls of compiler builtins (``__sync_*``, ``__atomic_*``, ``__builtin_va_*``)."""
        arity = _SPECIAL_ARITY[name]
        if len(args) != arity:
            raise fail(f"wrong number of arguments to '{name}' (expected {arity})", node)
        if name in _ATOMIC:
            return self.atomic_builtin(name, args, node)
        if name in _SYNC_FETCH or name in _SYNC_OP_FETCH:
            target = self.atomic_target(args[0])
            v = self.convert(self.value(args[1]), target.type.params[0])
            if name in _SYNC_FETCH:
                return self.op(f"atomic_fetch_{_SYNC_FETCH[name]}", target, v)
            fetch, plain = _SYNC_OP_FETCH[name]
            if not is_pure(v):
                raise fail(f"{name} with an operand that has side effects is not supported", node)
            return self.op(plain, self.op(f"atomic_fetch_{fetch}", target, v), v)
        if name in ("__sync_bool_compare_and_swap", "__sync_val_compare_and_swap"):
            target = self.atomic_target(args[0])
            ty = target.type.params[0]
            old = self.convert(self.value(args[1]), ty)
            new = self.convert(self.value(args[2]), ty)
            kind = "atomic_cas_bool" if "bool" in name else "atomic_cas_val"
            return self.op(kind, target, old, new)
        if name == "__sync_lock_test_and_set":
            target = self.atomic_target(args[0])
            return self.op(
                "atomic_exchange", target, self.convert(self.value(args[1]), target.type.params[0])
            )
        if name == "__sync_lock_release":
            target = self.atomic_target(args[0])
            return self.op(
                "atomic_store", target, self.convert(n.Literal(t.INT4, "0"), target.type.params[0])
            )
        if name == "__sync_synchronize":
            return self.op("atomic_fence")
        if name == LABEL_ADDRESS:  # GNU C's &&label (frontend.cparse)
            function, label = self.ctx.function_name, args[0].name
            return self.op(
                "label_address", n.Literal(t.IDENTIFIER, function), n.Literal(t.IDENTIFIER, label)
            )
        if name == COMPUTED_GOTO:  # GNU C's goto *p
            target = self.value(args[0])
            if not t.is_ptr(t.strip_qualifiers(target.type)):
                raise fail("computed goto must be pointer type", args[0])
            return self.op("goto_address", target)
        if name == "__inspire_cleanup_push":  # <pthread.h>'s pthread_cleanup_push
            routine, arg = (self.value(a) for a in args)
            handler = builtin("cleanup_push").type.params
            return self.op(
                "cleanup_push", self.assignable(routine, handler[0], args[0]),
                self.assignable(arg, handler[1], args[1]),
            )  # fmt: skip
        if name == "__inspire_convertvector":
            return self.convert_vector(*args, node)
        if name == "__inspire_cleanup_pop":
            return self.op("cleanup_pop", self.convert(self.value(args[0]), t.INT4))
        if name == "__builtin_va_start":
            return self.op("va_start", self.lvalue(self.expr(args[0]), args[0]))
        if name == "__builtin_va_end":
            return self.op("va_end", self.lvalue(self.expr(args[0]), args[0]))
        if name == "__builtin_va_copy":
            dst = self.lvalue(self.expr(args[0]), args[0])
            src = self.lvalue(self.expr(args[1]), args[1])
            if t.is_ptr(t.strip_qualifiers(src.type.params[0])):
                # a va_list parameter, decayed to a pointer to its one element
                whole = n.CastExpr(t.ptr(dst.type.params[0]), self.op("ref_deref", src))
                src = self.op("ptr_to_ref", whole)
            return self.op("va_copy", dst, self.op("ref_deref", src))
        if name == "__builtin_complex":
            return self.complex_make(args, node)
        if name in _OVERFLOW:
            return self.checked_arithmetic(name, args, node)
        if name == "__builtin_choose_expr":
            chosen = const_eval(args[0], self.ctx.resolver, self.ctx.scope)
            if chosen is None:
                raise fail("first argument to '__builtin_choose_expr' not a constant", args[0])
            return self.expr(args[1] if chosen else args[2])
        if name == "__inspire_types_compatible_p":
            value = types_compatible_p(args, self.ctx.resolver, self.ctx.scope)
            return n.Literal(t.INT4, str(value))
        if name == "__builtin_LINE":  # where the call is in the source, not in the emitted C
            return n.Literal(t.INT4, str(node.coord.line))
        if name == "__builtin_FILE":
            quoted = node.coord.file.replace("\\", "\\\\").replace('"', '\\"')
            return self.expr(c_ast.Constant("string", f'"{quoted}"', node.coord))
        if name == "__builtin_FUNCTION":
            return self.expr(c_ast.ID("__func__", node.coord))
        if name == "__inspire_imaginary":  # an integer imaginary constant (preprocess.py)
            return self.op("imaginary", self.value(args[0]))
        if name in ("__inspire_va_arg", "__builtin_va_arg"):
            # va_arg of the bundled <stdarg.h>: __inspire_va_arg(ap, (T *)0);
            # written directly, __builtin_va_arg(ap, T) (a type name argument).
            ap = self.lvalue(self.expr(args[0]), args[0])
            marker = args[1]
            if isinstance(marker, c_ast.Typename) and name == "__builtin_va_arg":
                ty = self.ctx.resolver.resolve(marker.type, self.ctx.scope)
            elif isinstance(marker, c_ast.Cast) and name == "__inspire_va_arg":
                ty = self.ctx.resolver.resolve(marker.to_type.type, self.ctx.scope).params[0]
            else:
                raise fail("malformed va_arg", node)
            return make_call(
                builtin("va_arg"), (ap,), None, self.ctx.resolver.records.decls, explicit=ty
            )
        raise AssertionError(f"no lowering for builtin {name}")

    def checked_arithmetic(self, name: str, args: list, node: c_ast.FuncCall) -> n.Node:
        """GCC's ``__builtin_add_overflow(a, b, r)`` (``sub``, ``mul``): integer
        operands, and a pointer to an integer (not ``_Bool``) for the result.
        ``__builtin_add_overflow_p(a, b, c)``: whether the result overflows
        the integer (not ``_Bool``) type of ``c``, evaluated into a fresh
        variable (in a statement expression) that takes the result."""
        a, b, r = (self.value(x) for x in args)
        if name in _TYPED_OVERFLOW:
            a, b = (self.convert(v, _TYPED_OVERFLOW[name]) for v in (a, b))
        for i, v in enumerate((a, b)):
            if not t.is_integer(t.strip_qualifiers(v.type)):
                raise fail(
                    f"argument {i + 1} in call to function '{name}' does not have integral type",
                    args[i],
                )
        if name.endswith("_p"):
            ty = t.strip_qualifiers(r.type)
            if ty is t.BOOL:
                raise fail(f"argument 3 in call to function '{name}' has boolean type", args[2])
            if not t.is_integer(ty):
                message = f"argument 3 in call to function '{name}' does not have integral type"
                raise fail(message, args[2])
            var = n.Variable(t.ref(ty), self.ctx.fresh_local_name("__inspire_overflow"))
            check = self.op(_OVERFLOW[name], a, b, var)
            block = n.CompoundStmt((n.DeclStmt(n.Declaration(var.type, r), var), check))
            return n.StmtExpr(check.type, block)
        target = t.strip_qualifiers(r.type)
        pointee = t.strip_qualifiers(target.params[0]) if t.is_ptr(target) else None
        if pointee is t.BOOL:
            message = f"argument 3 in call to function '{name}' has pointer to boolean type"
            raise fail(message, args[2])
        if pointee is None or not t.is_integer(pointee):
            raise fail(
                f"argument 3 in call to function '{name}' does not have pointer to integral type",
                args[2],
            )
        return self.op(_OVERFLOW[name], a, b, self.op("ptr_to_ref", r))

    def complex_make(self, args: list, node: c_ast.FuncCall) -> n.Node:
        """GCC's ``__builtin_complex(re, im)``: two operands of one real type."""
        re, im = (self.value(a) for a in args)
        ty = t.strip_qualifiers(re.type)
        if not (t.is_real(ty) and t.is_real(im.type)):
            raise fail("'__builtin_complex' operand not of real binary floating-point type", node)
        if t.strip_qualifiers(im.type) is not ty:
            raise fail("'__builtin_complex' operands of different types", node)
        return self.op("complex_make", self.convert(re, ty), self.convert(im, ty))

    def atomic_builtin(self, name: str, args: list, node: c_ast.FuncCall) -> n.Node:
        """A GCC ``__atomic_*`` builtin as the IR's (sequentially consistent) atomics."""
        for i in _ATOMIC[name][1]:
            if const_eval(args[i], self.ctx.resolver, self.ctx.scope) is None:
                raise fail(
                    f"argument {i + 1} of '{name}' must be an integer constant "
                    "(inspirec makes every atomic operation sequentially consistent)",
                    args[i],
                )
        kind = name.removeprefix("__atomic_")
        if kind in ("thread_fence", "signal_fence"):
            return self.op("atomic_fence")
        if kind in ("always_lock_free", "is_lock_free"):
            size = const_eval(args[0], self.ctx.resolver, self.ctx.scope)
            measured = self.value(args[0]) if size is None else None
            if isinstance(measured, n.SizeOf) and not t.is_vla(measured.target):
                size = size_of(measured.target, self.ctx.resolver.records.decls)
            if size is None or not is_pure(self.value(args[1])):
                raise fail(
                    f"'{name}' needs a constant size and an object without side effects", node
                )
            return n.Literal(t.INT4, "1" if size in (1, 2, 4, 8) else "0")
        if "nand" in kind:
            raise fail(f"'{name}' is not supported (no atomic nand in inspirec)", node)
        target = self.atomic_target(args[0], name)
        ty = target.type.params[0]
        if kind in ("test_and_set", "clear"):
            if t.strip_qualifiers(ty) is t.UNIT:  # a void *: the flag is one byte
                target = self.op("ptr_to_ref", self.convert(self.value(args[0]), t.ptr(t.CHAR)))
                ty = t.CHAR
            zero = self.convert(n.Literal(t.INT4, "0"), ty)
            if kind == "clear":
                return self.op("atomic_store", target, zero)
            one = self.convert(n.Literal(t.INT4, "1"), ty)
            return self.op("ne", self.op("atomic_exchange", target, one), zero)
        if kind.startswith("fetch_"):
            v = self.convert(self.value(args[1]), ty)
            return self.op(f"atomic_{kind}", target, v)
        if kind.endswith("_fetch"):
            v = self.convert(self.value(args[1]), ty)
            if not is_pure(v):
                raise fail(f"{name} with an operand that has side effects is not supported", node)
            op = kind.removesuffix("_fetch")
            return self.op(_ATOMIC_NEW_VALUE[op], self.op(f"atomic_fetch_{op}", target, v), v)
        if kind == "load_n":
            return self.op("atomic_load", target)
        generic = not kind.endswith("_n")  # values passed through pointers
        if kind.startswith("compare_exchange"):
            expected = self.atomic_target(args[1], name)
            desired = self.pointed_value(args[2], name) if generic else self.value(args[2])
            return self.op("atomic_compare_exchange", target, expected, self.convert(desired, ty))
        if kind == "load":
            return self.op(
                "assign", self.atomic_target(args[1], name), self.op("atomic_load", target)
            )
        value = self.pointed_value(args[1], name) if generic else self.value(args[1])
        value = self.convert(value, ty)
        if kind.startswith("store"):
            return self.op("atomic_store", target, value)
        old = self.op("atomic_exchange", target, value)
        return self.op("assign", self.atomic_target(args[2], name), old) if generic else old

    def shuffle(self, args: list, node: c_ast.FuncCall) -> n.Node:
        """GCC's ``__builtin_shuffle(a, m)`` and ``__builtin_shuffle(a, b, m)``:
        the lanes of ``a`` (and ``b``, of ``a``'s type) the integer vector
        ``m`` of as many elements selects; gcc's errors otherwise."""
        if len(args) not in (2, 3):
            raise fail("wrong number of arguments to '__builtin_shuffle'", node)
        values = [self.value(a) for a in args]
        vectors = [t.strip_qualifiers(v.type) for v in values]
        values = [self.convert(v, ty) for v, ty in zip(values, vectors, strict=True)]
        mask, sources = vectors[-1], vectors[:-1]
        if not all(t.is_vector(v) for v in sources) or any(v is not sources[0] for v in sources):
            raise fail("'__builtin_shuffle' arguments must be vectors of one type", node)
        if not t.is_integer_vector(mask):
            raise fail("'__builtin_shuffle' last argument must be an integer vector", node)
        if mask.int_params != sources[0].int_params:
            raise fail(
                "'__builtin_shuffle' number of elements of the argument vector(s) and the mask "
                "vector should be the same",
                node,
            )
        name = "vector_shuffle" if len(args) == 2 else "vector_shuffle_pair"
        return self.op(name, *values)

    def convert_vector(self, v: c_ast.Node, target: c_ast.Node, node: c_ast.FuncCall) -> n.Node:
        """GCC's ``__builtin_convertvector(v, T)`` (``target``: the ``(T *)0`` the
        predefined macro passes): each element converted to ``T``'s."""
        value = self.value(v)
        source = t.strip_qualifiers(value.type)
        to = t.strip_qualifiers(self.operand_type(target).params[0])
        if not t.is_vector(source):
            raise fail(
                "'__builtin_convertvector' first argument must be an integer or floating vector",
                node,
            )
        if not t.is_vector(to):
            raise fail(
                "'__builtin_convertvector' second argument must be an integer or floating vector "
                "type",
                node,
            )
        if source.int_params != to.int_params:
            raise fail(
                "'__builtin_convertvector' number of elements of the first argument vector and "
                "the second argument vector type should be the same",
                node,
            )
        decls = self.ctx.resolver.records.decls
        converted = self.convert(value, source)
        return make_call(builtin("vector_convert"), (converted,), None, decls, explicit=to)

    def pointed_value(self, arg: c_ast.Node, name: str) -> n.Node:
        """The value the pointer argument ``arg`` of builtin ``name`` points to."""
        return self.op("ref_deref", self.atomic_target(arg, name))

    def atomic_target(self, arg: c_ast.Node, name: str = "__sync") -> n.Node:
        """The object the pointer argument ``arg`` of builtin ``name`` points to."""
        p = self.value(arg)
        p = self.convert(p, t.strip_qualifiers(p.type))
        if not t.is_ptr(p.type):
            if name == "__sync":
                raise fail("the first argument of a __sync builtin must be a pointer", arg)
            raise fail(f"'{name}' expects a pointer here", arg)
        pointee = p.type.params[0]
        if "const" in t.qualifiers(pointee):  # gcc only warns: the builtin writes anyway
            unconst = t.qualify(t.strip_qualifiers(pointee), t.qualifiers(pointee) - {"const"})
            p = self.convert(p, t.ptr(unconst))
        return self.plain_access(self.op("ptr_to_ref", p))

    def expr_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> n.Node:
        ty = self.ctx.resolver.resolve(node.type.type, self.ctx.scope)
        ty = array_size_from_init(node.init, ty, self.ctx.resolver, self.ctx.scope)
        return n.Declaration(t.ref(ty), self.initializer(node.init, ty))

    # ------------------------------------------------------ initialisers
    def initializer(self, node: c_ast.Node, ty: n.Type) -> n.Node:
        """The value of type ``ty`` an initialiser denotes."""
        ty = t.strip_qualifiers(ty)
        node = unbraced_string(node, ty)
        if isinstance(node, c_ast.InitList):
            table = number_table(node, ty, self.ctx.resolver.records.decls)
            if table is not None:
                return table
            node = expanded(node)  # a long list of numbers lowered item by item after all
            if t.is_array(ty) or isinstance(ty, n.TagType):
                decls = self.ctx.resolver.records.decls
                return self.aggregate(braced_initializer(node, ty, decls, self.is_whole), ty)
            if t.is_vector(ty):
                return self.vector_initializer(node, ty)
            if not node.exprs:
                raise fail("empty scalar initializer", node)
            for extra in node.exprs[1:]:  # gcc's warning; they are not evaluated
                self.warn("excess elements in scalar initializer", extra)
            return self.initializer(node.exprs[0], ty)
        if t.is_array(ty) and isinstance(node, c_ast.Constant) and node.type == "string":
            return n.Literal(ty, node.value)
        v = self.value(node)
        return self.assignable(v, ty, node)

    def vector_initializer(self, node: c_ast.InitList, ty: n.Type) -> n.Node:
        """The vector of type ``ty`` a braced list initialises element by
        element (the elements it does not reach are 0); gcc's warning for
        excess elements, which are not evaluated, and its error for a
        designator."""
        count = ty.int_params[0]
        values = []
        for position, item in enumerate(node.exprs):
            if isinstance(item, c_ast.NamedInitializer):
                raise fail("array index in non-array initializer", item.name[0])
            if position >= count:
                self.warn("excess elements in vector initializer", item)
                continue
            values.append(self.initializer(item, ty.params[0]))
        return n.InitExpr(ty, tuple(values), ())

    def aggregate(self, node: c_ast.InitList, ty: n.Type) -> n.Node:
        values, designators = [], []
        position = 0
        after_anonymous_struct = False
        for item in node.exprs:
            if isinstance(item, c_ast.NamedInitializer):
                text, target, position, after_anonymous_struct = self.designator(
                    item.name, ty, item
                )
                value_node = item.expr
            else:
                if after_anonymous_struct:
                    raise fail(
                        "a positional initializer after a designator into an anonymous struct "
                        "member is not supported",
                        item,
                    )
                target = self.member_type_at(ty, position, item)
                if target is None:  # gcc's warning; the initializer is not evaluated
                    what = "array" if t.is_array(ty) else "struct"
                    self.warn(f"excess elements in {what} initializer", item)
                    position += 1
                    continue
                text = ""
                value_node = item
            is_string = isinstance(value_node, c_ast.Constant) and value_node.type == "string"
            if (
                not isinstance(value_node, c_ast.InitList)
                and (t.is_array(target) or isinstance(target, n.TagType))
                and not is_string
                and self.value(value_node).type is not target
            ):
                # Brace elision: the value initialises the first scalar inside.
                target = self.first_scalar(target)
            values.append(self.initializer(value_node, target))
            designators.append(text)
            position += 1
        if not any(designators):
            designators = []
        return n.InitExpr(ty, tuple(values), tuple(designators))

    def is_whole(self, item: c_ast.Node, member: n.Type) -> bool:
        """:data:`~frontend.symbols.WholeValue` by the initializer's type: a
        string for an array of scalars, a value of the member's struct or
        union type."""
        if is_whole_by_form(item, member):
            return True
        member = t.strip_qualifiers(member)
        if not isinstance(member, n.TagType):
            return False
        value = t.strip_qualifiers(self.value(item).type)
        return value is member

    def first_scalar(self, ty: n.Type) -> n.Type:
        while t.is_array(ty) or isinstance(ty, n.TagType):
            if t.is_array(ty):
                ty = ty.params[0]
            else:
                decl = self.ctx.resolver.records.decls[(ty.tag, ty.name)]
                ty = decl.fields[0].type
        return ty

    def warn(self, message: str, node: c_ast.Node, option: str | None = None) -> None:
        """A warning at ``node`` (of gcc's warning ``option``, if any)."""
        at = node.coord
        place = (at.file, at.line, at.column) if at is not None else ()
        self.ctx.program.log.add(dataclasses.replace(warning(message, *place), option=option))

    def member_type_at(self, ty: n.Type, position: int, node: c_ast.Node) -> n.Type | None:
        """The type of the member a positional initializer at ``position`` of
        the aggregate ``ty`` initialises (:func:`~frontend.symbols.member_type`),
        None past its last member; an error for an incomplete record."""
        decls = self.ctx.resolver.records.decls
        if isinstance(ty, n.TagType):
            decl = decls.get((ty.tag, ty.name))
            if decl is None or not decl.complete:
                raise fail(f"initialising incomplete type {t.type_str(ty)}", node)
        return member_type(ty, position, True, decls)

    def designator(
        self, parts: list, ty: n.Type, node: c_ast.Node
    ) -> tuple[str, n.Type, int, bool]:
        """Text, designated type and top-level position of a designator, and whether
        it designates a member of an anonymous struct (C then continues inside it)."""
        decls = self.ctx.resolver.records.decls
        text = ""
        position = 0
        into_anonymous_struct = False
        current = ty
        for i, p in enumerate(parts):
            if isinstance(p, c_ast.ID):
                decl = decls.get((getattr(current, "tag", ""), getattr(current, "name", "")))
                if decl is None:
                    raise fail(f"field name '{p.name}' not in a record initializer", p)
                named = initialised_members(decl)
                idx = next((k for k, f in enumerate(named) if f.name == p.name), None)
                if idx is None:
                    # A member of an anonymous member: C designates it directly.
                    idx = next(
                        (
                            k
                            for k, f in enumerate(named)
                            if is_anonymous_member(f)
                            and find_member(decls[(f.type.tag, f.type.name)], p.name, decls)
                        ),
                        None,
                    )
                    if idx is None:
                        raise fail(f"unknown field '{p.name}' specified in initializer", p)
                    if i == 0:
                        into_anonymous_struct = named[idx].type.tag == "struct"
                    current = find_member(decl, p.name, decls).type
                else:
                    current = named[idx].type
                text += f".{p.name}"
                if i == 0:
                    position = idx
            else:  # an ArrayDesignator: [index] or GNU C's [low ... high]
                p = p.expr
                low, high = (p.low, p.high) if isinstance(p, IndexRange) else (p, p)
                bounds = [const_eval(b, self.ctx.resolver, self.ctx.scope) for b in (low, high)]
                if None in bounds or not t.is_array(current):
                    raise fail("nonconstant array index in initializer", p)
                v, last = bounds
                if isinstance(p, IndexRange) and v > last:
                    raise fail("empty index range in initializer", p)
                size = current.int_params[0]
                if v < 0 or (size is not None and last >= size):
                    what = "array index range" if isinstance(p, IndexRange) else "array index"
                    raise fail(f"{what} in initializer exceeds array bounds", p)
                # a range is GNU C's, emitted as such (its value is evaluated once)
                text += f"[{v}]" if v == last else f"[{v} ... {last}]"
                current = current.params[0]
                if i == 0:
                    position = last
        return text, current, position, into_anonymous_struct


def _typeof_operand(operand: c_ast.Node) -> c_ast.Node | None:
    """``x`` when ``operand``, the operand of ``_Alignof``, is the type name
    ``typeof(x)`` (the lexer reads GNU C's ``__alignof__(x)`` so: see
    :mod:`frontend.cparse`), else None."""
    decl = operand.type if isinstance(operand, c_ast.Typename) else None
    of = decl.type if isinstance(decl, c_ast.TypeDecl) else None
    return of.expr if isinstance(of, c_ast.TypeOf) else None


def _alignof_operand(operand: c_ast.Node) -> c_ast.Node:
    """The operand of ``_Alignof``, or the type name ``T`` of an unqualified
    ``typeof(T)`` (``x`` of :func:`_typeof_operand` may be a typedef name)."""
    named = _typeof_operand(operand)
    plain = isinstance(named, c_ast.Typename) and not operand.type.quals
    return named if plain else operand


def has_const_member(ty: n.Type, decls) -> bool:
    """Whether a struct or union ``ty`` has a const member, directly or in a
    member record (C11 6.3.2.1p1: then it is not a modifiable lvalue)."""
    ty = t.strip_qualifiers(ty)
    if not isinstance(ty, n.TagType):
        return False
    decl = decls.get((ty.tag, ty.name))
    for f in decl.fields if decl is not None else ():
        elem = f.type
        while t.is_array(elem):
            elem = elem.params[0]
        if "const" in t.qualifiers(elem) or has_const_member(elem, decls):
            return True
    return False


def may_be_long_and_long_long(ty: n.Type, a: c_ast.Typename, b: c_ast.Typename) -> bool:
    """Whether the type names ``a`` and ``b``, both lowered to ``ty``, may be
    two C types: ``long`` and ``long long`` (or a typedef name of one of
    them), which the IR spells alike (``int<8>``)."""
    if not wide_integer_based(ty):
        return False
    wa, wb = long_words(a), long_words(b)
    return wa != wb and (wa is None or wb is None or {wa, wb} == {1, 2})


def read_only_object(node: c_ast.Node, target: n.Node) -> str:
    """How gcc names the const object ``target`` (lowered from ``node``) that a
    write would modify: a variable, a member (of a const record or itself
    const), or any other location."""
    if isinstance(node, c_ast.ID):
        return f"read-only variable '{node.name}'"
    if isinstance(node, c_ast.StructRef):
        record = target.args[0].type.params[0]
        if "const" in t.qualifiers(record):
            return f"member '{node.field.name}' in read-only object"
        return f"read-only member '{node.field.name}'"
    return f"read-only location '{CGenerator().visit(node)}'"
