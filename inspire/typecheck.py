"""Type rules shared by the parser, the builder helpers and the verifier.

The result type of every call is determined by its callee and argument
types, so the text format never spells it out, except for builtins whose
result is free (``va_arg``; see :data:`inspire.builtins.EXPLICIT_RESULT`).

Call arguments of non-builtin callees are :class:`~inspire.nodes.Declaration`
nodes of type ``ref<P>`` where ``P`` is the callee's parameter type (or the
argument's own type for variadic extras): each argument is a materialised
stack slot, like a C parameter.
"""

from __future__ import annotations

from inspirec.inspire import asm
from inspirec.inspire.builtins import (
    BUILTINS,
    COMPILER_BUILTIN,
    EXPLICIT_RESULT,
    VECTOR_COMPARISONS,
)
from inspirec.inspire.nodes import (
    Builtin,
    CallExpr,
    Declaration,
    Expr,
    Field,
    FunctionType,
    GenericType,
    Literal,
    Loc,
    StructDecl,
    TagType,
    Type,
)
from inspirec.inspire.sizes import StructTable
from inspirec.inspire.types import (
    CONSTRAINTS,
    UnificationError,
    comparison_vector,
    free_type_variables,
    is_generic,
    qualifiers,
    qualify,
    ref,
    strip_qualifiers,
    substitute,
    unify,
)


class IRTypeError(Exception):
    """A typing rule is violated; the message names the rule."""


def is_anonymous_member(f: Field) -> bool:
    """Whether ``f`` is a C11 anonymous struct/union member (unnamed, not a bit-field)."""
    return not f.name and f.bits is None and isinstance(strip_qualifiers(f.type), TagType)


def find_member(decl: StructDecl, name: str, structs: StructTable | None) -> Field | None:
    """Member ``name`` of a record: its own, or one of an anonymous member's (recursively,
    as C11 6.7.2.1p13: those are members of the containing record)."""
    for f in decl.fields:
        if f.name == name:
            return f
        if is_anonymous_member(f):
            inner_type = strip_qualifiers(f.type)
            inner = (structs or {}).get((inner_type.tag, inner_type.name))
            found = find_member(inner, name, structs) if inner is not None else None
            if found is not None:
                return found
    return None


def member_type(record: Type, name: str, structs: StructTable | None) -> Type:
    """The type of member ``name`` of struct/union type ``record`` (see :func:`find_member`),
    with the qualifiers of ``record`` added (a member of a const struct is const)."""
    quals = qualifiers(record)
    record = strip_qualifiers(record)
    if not isinstance(record, TagType):
        raise IRTypeError(f"member access .{name} on non-record type {record}")
    decl = (structs or {}).get((record.tag, record.name))
    if decl is None or not decl.complete:
        raise IRTypeError(f"member access .{name} on incomplete type {record}")
    found = find_member(decl, name, structs)
    if found is None:
        raise IRTypeError(f"{record} has no member named {name}")
    return qualify(found.type, quals)


def builtin_result(
    name: str,
    args: tuple[Expr, ...] | list[Expr],
    structs: StructTable | None = None,
    explicit: Type | None = None,
) -> Type:
    """The result type of calling builtin ``name`` with ``args``.

    ``explicit`` is the written result type of an explicit-result builtin.
    Raises :class:`IRTypeError` when the arguments do not fit the signature.
    """
    info = BUILTINS.get(name)
    if info is None:
        raise IRTypeError(f"unknown builtin {name}")
    sig = info.type
    n_fixed = len(sig.params)
    if len(args) < n_fixed or (len(args) > n_fixed and not sig.variadic):
        raise IRTypeError(f"{name} expects {n_fixed} argument(s), got {len(args)}")
    subst: dict[str, Type] = {}
    for i, (p, a) in enumerate(zip(sig.params, args, strict=False)):
        try:
            unify(p, a.type, subst)
        except UnificationError as e:
            raise IRTypeError(f"argument {i + 1} of {name}: {e}") from None
    for var, constraint in info.constraints.items():
        bound = subst.get(var)
        if bound is not None and not CONSTRAINTS[constraint](bound):
            raise IRTypeError(f"{name}: '{var} = {bound} is not {constraint}")
    if name == "asm":
        try:
            asm.read(args)
        except ValueError as err:
            raise IRTypeError(str(err)) from None
    if name in ("ref_member", "member"):
        field = args[1]
        if not isinstance(field, Literal) or not is_generic(field.type, "identifier"):
            raise IRTypeError(f"{name} needs a member-name literal as argument 2")
        record = subst["a"]
        mtype = member_type(record, field.value, structs)
        return ref(mtype) if name == "ref_member" else mtype
    if name in VECTOR_COMPARISONS:
        return comparison_vector(subst["a"])
    if name == "compiler_builtin" and not (
        isinstance(args[0], Literal) and COMPILER_BUILTIN.fullmatch(args[0].value)
    ):
        raise IRTypeError("compiler_builtin needs the string literal of a __builtin_ name")
    if name in EXPLICIT_RESULT:
        if explicit is None:
            raise IRTypeError(f"{name} needs an explicit result type")
        return explicit
    result = substitute(sig.result, subst)
    if name == "ref_deref":
        # Lvalue conversion: the value read has the object's type without its
        # qualifiers (C11 6.3.2.1p2).
        result = strip_qualifiers(result)
    if free_type_variables(result):
        raise IRTypeError(f"{name}: result type {result} is not determined by the arguments")
    return result


def function_type_of(callee: Expr) -> FunctionType:
    """The function type of a non-builtin callee."""
    t = strip_qualifiers(callee.type)
    if not isinstance(t, FunctionType):
        raise IRTypeError(f"called expression has non-function type {t}")
    return t


def argument_slot_type(fn_type: FunctionType, index: int, value_type: Type) -> Type:
    """The canonical Declaration type for argument ``index`` of a call."""
    if index < len(fn_type.params):
        return ref(fn_type.params[index])
    return ref(value_type)


def call_result(
    callee: Expr,
    args: tuple[Expr, ...] | list[Expr],
    structs: StructTable | None = None,
    explicit: Type | None = None,
) -> Type:
    """The result type of ``callee(args)`` (args as stored in the CallExpr)."""
    if isinstance(callee, Builtin):
        return builtin_result(callee.name, args, structs, explicit)
    fn_type = function_type_of(callee)
    n_fixed = len(fn_type.params)
    if len(args) < n_fixed or (len(args) > n_fixed and not fn_type.variadic):
        raise IRTypeError(f"call expects {n_fixed} argument(s), got {len(args)}")
    return fn_type.result


def make_call(
    callee: Expr,
    args: tuple[Expr, ...] | list[Expr],
    loc: Loc | None = None,
    structs: StructTable | None = None,
    explicit: Type | None = None,
) -> CallExpr:
    """Build a call, wrapping non-builtin arguments in their canonical Declarations."""
    args = list(args)
    if not isinstance(callee, Builtin):
        fn_type = function_type_of(callee)
        args = [
            a
            if isinstance(a, Declaration)
            else Declaration(argument_slot_type(fn_type, i, a.type), a)
            for i, a in enumerate(args)
        ]
    return CallExpr(call_result(callee, args, structs, explicit), callee, tuple(args), loc)


def is_materializing(decl: Declaration) -> bool:
    """Whether the declaration creates a mutable ``ref<T>`` slot from a ``T`` value."""
    t = decl.type
    return (
        isinstance(t, GenericType)
        and t.name == "ref"
        and strip_qualifiers(t.params[0]) is decl.init.type
    )
