"""IR types as C declarations (LP64, gcc).

:func:`declare` writes a C declaration of a name with an IR type, building
the declarator inside out (``int (*fp)(int)``, ``double (*pa)[10]``,
``int * volatile p``, ``const char *s``); :func:`type_name` is the same with no name (casts,
``sizeof``).  A run-time extent (``array<T,[e]>``) is spelled by the
writer's ``extent`` callback (the emitter's C text of ``e``), so the C
declarator evaluates it exactly where the IR construct does.  Records are
spelled ``struct name``, or by their C name when a header declares them as a
typedef of an anonymous record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from inspirec.inspire import nodes as n
from inspirec.inspire import sizes
from inspirec.inspire import types as t

_INTS = {1: "char", 2: "short", 4: "int", 8: "long", 16: "__int128"}
_REALS = {2: "_Float16", 4: "float", 8: "double", 16: "long double"}
#: The C spelling of each IR qualifier.
C_QUALIFIERS = {"volatile": "volatile", "atomic": "_Atomic", "const": "const"}

#: The IR type of a System V va_list (``__va_list_tag[1]``), spelled ``va_list``.
VA_LIST_TAG = "__va_list_tag"


class CTypeWriter:
    """Spells IR types in C for one program (it needs the record table)."""

    def __init__(
        self,
        records: Mapping[tuple[str, str], n.StructDecl],
        extent: Callable[[n.Node], str] | None = None,
    ):
        self.records = records
        self.extent = extent

    def base(self, ty: n.Type) -> str:
        """The C spelling of a type that needs no declarator."""
        if isinstance(ty, n.TagType):
            decl = self.records.get((ty.tag, ty.name))
            if decl is not None and decl.c_name:
                return decl.c_name
            return f"{ty.tag} {ty.name}"
        if isinstance(ty, n.GenericType):
            if ty.name == "int":
                size = ty.int_params[0]
                return "signed char" if size == 1 else _INTS[size]
            if ty.name == "uint":
                return f"unsigned {_INTS[ty.int_params[0]]}"
            if ty.name == "real":
                return _REALS[ty.int_params[0]]
            if ty.name == "complex":
                return f"{self.base(ty.params[0])} _Complex"
            if ty.name == "vector":
                # 8-byte elements as the compiler's headers spell them (__m128i):
                # vectors of long and of long long are distinct C types
                element = self.base(ty.params[0])
                if t.is_integer(ty.params[0]) and sizes.size_of(ty.params[0]) == 8:
                    element = element.replace("long", "long long")
                return f"{element} __attribute__((vector_size({sizes.size_of(ty)})))"
            simple = {
                "char": "char",
                "bool": "_Bool",
                "unit": "void",
                "lock": "omp_lock_t",
                "threadgroup": "inspire_group_t",
                "dependence": "inspire_dep_t",
            }
            if ty.name in simple:
                return simple[ty.name]
        raise NotImplementedError(f"C spelling of IR type {ty} is not implemented")

    def declare(self, ty: n.Type, name: str = "") -> str:
        """A C declaration of ``name`` with type ``ty``."""
        return self._declarator(ty, name)

    def type_name(self, ty: n.Type) -> str:
        """The C type name of ``ty`` (for casts and sizeof)."""
        return self.declare(ty, "")

    def _declarator(self, ty: n.Type, inner: str) -> str:
        if is_va_list(ty):
            return _join("va_list", inner)
        if isinstance(ty, n.TagType) and ty.name == VA_LIST_TAG:
            # the compiler's own element type of va_list (a va_list parameter
            # decays to a pointer to it); C cannot name it otherwise
            return _join("__typeof__(**(__builtin_va_list *)0)", inner)
        if isinstance(ty, n.GenericType):
            if ty.name == "ptr":
                target = ty.params[0]
                star = f"*{inner}"
                if t.is_array(target) or isinstance(target, n.FunctionType):
                    star = f"({star})"
                return self._declarator(target, star)
            if ty.name == "array":
                size = ty.int_params[0]
                if isinstance(ty, n.VlaType):
                    if self.extent is None:
                        raise NotImplementedError(f"C spelling of {ty} needs an extent writer")
                    text = self.extent(ty.extent)
                else:
                    text = "" if size is None else str(size)
                return self._declarator(ty.params[0], f"{inner}[{text}]")
            if ty.name in n.QUALIFIERS:
                words = " ".join(C_QUALIFIERS[q] for q in n.QUALIFIERS if q in t.qualifiers(ty))
                target = t.strip_qualifiers(ty)
                if t.is_ptr(target) or isinstance(target, n.FunctionType):
                    return self._declarator(target, _join(words, inner))
                return f"{words} " + self._declarator(target, inner)
            if ty.name == "ref":
                # A reference held as a value is a C pointer.
                return self._declarator(t.ptr(ty.params[0]), inner)
        if isinstance(ty, n.FunctionType):
            params = [self.type_name(p) for p in ty.params]
            if ty.variadic and params:
                params.append("...")
            if not params and not ty.variadic:
                params = ["void"]  # an empty list is an unprototyped function: f()
            return self._declarator(ty.result, f"(*{inner})({', '.join(params)})")
        return _join(self.base(ty), inner)


def _join(base: str, inner: str) -> str:
    if not inner:
        return base
    if inner.startswith(("*", "(")) or inner[0].isalpha() or inner[0] == "_":
        return f"{base} {inner}"
    return f"{base}{inner}"


def is_va_list(ty: n.Type) -> bool:
    """Whether ``ty`` is the IR form of ``va_list``."""
    return (
        t.is_array(ty)
        and ty.int_params[0] == 1
        and isinstance(ty.params[0], n.TagType)
        and ty.params[0].name == VA_LIST_TAG
    )
