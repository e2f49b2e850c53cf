"""Scopes, symbols and C declarator types for the C lowering.

:class:`Scope` is one C scope (file or block) with the ordinary identifier
namespace and the tag namespace; lookups walk outwards (ordinary names
through cached results, so a lookup costs no time per enclosing scope).  :class:`Records`
is the program-wide table of struct/union definitions: a C tag defined
differently in two files gets a fresh IR name, a tag defined identically is
shared.  :class:`TypeResolver` turns pycparser declarators into IR types
(the mapping is documented in :mod:`frontend.ctypes`), registering records
and enumeration constants as it meets them; constant expressions (array
sizes, enumerators, bit-field widths, case labels) are evaluated by
:func:`const_eval`.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from inspirec.frontend.cparse import (
    AUTO_TYPE,
    IndexRange,
    OmittedConditional,
    marked_name,
    marker_text,
)
from inspirec.frontend.ctypes import (
    BINARY_OPERATORS,
    COMPARISONS,
    CTypeError,
    basic_type,
    c_division,
    integer_bits,
    ir_qualifiers,
    is_signed,
    promote,
    usual_arithmetic,
    wrapped,
)
from inspirec.frontend.diagnostics import CompileError, error
from inspirec.frontend.number_tables import NumberRun, expanded
from inspirec.frontend.preprocess import (
    ALIGNED_MARKER,
    MACHINE_MODES,
    PACKED_ENUM_MARKER,
    PACKED_MARKER,
    PACKED_MEMBER_MARKER,
    TYPEDEF_ALIGNED_MARKER,
    TYPEDEF_MODE_MARKER,
    TYPEDEF_VECTOR_MARKER,
    included_header,
)
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.sizes import SizeError, align_of, record_layout, size_of
from inspirec.inspire.typecheck import find_member, is_anonymous_member
from pycparser import c_ast


def fail(message: str, node: c_ast.Node | None = None) -> CompileError:
    """A CompileError at ``node``'s position (file:line:col)."""
    coord = getattr(node, "coord", None) if node is not None else None
    if coord is None:
        return CompileError([error(message)])
    return CompileError([error(message, coord.file, coord.line, coord.column)])


def object_alignment(node: c_ast.Decl, resolver: TypeResolver, scope: Scope) -> int:
    """The least alignment in bytes that ``_Alignas`` (or GNU ``aligned``, which
    the preprocessor writes as ``_Alignas``), or the GNU alignment of the
    typedef name it is declared with, gives the object ``node`` declares, 0
    without one.  Not on a function: the IR has no alignment for
    functions, and dropping it would change the layout.  (On a typedef it is
    gcc's error, which the parser gives: ``cparse._check_typedef_alignment``.
    The bundled ``<omp.h>`` spells libgomp's lock types with it; the
    lowering reads those types as the IR's lock, never by their members.)
    gcc's error for one on a ``register`` object."""
    if header_of(node):
        return 0
    explicit = getattr(node, "align", None) or []
    if explicit and isinstance(node.type, c_ast.FuncDecl):
        raise fail(
            "the alignment of a function is not supported by inspirec (dropping it would change "
            "the layout)",
            node.align[0],
        )
    if explicit and "register" in (node.storage or []):
        raise fail(f"alignment specified for 'register' object '{node.name}'", node)
    return max(
        [typedef_alignment(node.type, scope)]
        + [resolver.alignment(a.alignment, scope) for a in explicit]
    )


def typedef_alignment(type_node: c_ast.Node, scope: Scope) -> int:
    """The GNU ``aligned`` alignment of the typedef name that declarator type
    ``type_node`` is (``T x``, not ``T *p`` or ``T a[2]``), 0 if none."""
    inner = type_node.type if isinstance(type_node, c_ast.TypeDecl) else None
    if not isinstance(inner, c_ast.IdentifierType) or len(inner.names) != 1:
        return 0
    sym = scope.lookup(inner.names[0])
    return sym.align if isinstance(sym, TypedefSymbol) else 0


def typedef_attribute(node: c_ast.StaticAssert, resolver: TypeResolver, scope: Scope) -> bool:
    """Whether ``node`` is a marker through which the preprocessor states a
    GNU attribute on a typedef name, after the typedef's declaration; if so,
    the name, declared in ``scope``, gets it: ``aligned`` (``_Static_assert(N,
    "MARKER:name")``) alignment N, ``mode`` (``_Static_assert(1,
    "MARKER:name:mode")``) the integer or floating type of the mode's size
    (an integer keeping its signedness), as gcc gives it, ``vector_size``
    (``_Static_assert(N, "MARKER:name")``) the vector of N bytes of its
    type's elements."""
    aligned = marked_name(node, TYPEDEF_ALIGNED_MARKER)
    moded = marked_name(node, TYPEDEF_MODE_MARKER)
    vector = marked_name(node, TYPEDEF_VECTOR_MARKER)
    if aligned is None and moded is None and vector is None:
        return False
    name, _, mode = (aligned or moded or vector).partition(":")
    sym = scope.ordinary.get(name)
    if not isinstance(sym, TypedefSymbol):
        raise fail(f"internal error: the attribute marker of typedef '{name}' follows no typedef")
    if vector is not None:
        ty = vector_type(sym.type, const_eval(node.cond, resolver, scope), node)
        scope.ordinary[name] = dataclasses.replace(
            sym, type=ty, longs=None, written=sym.written or sym.type
        )
        return True
    if aligned is not None:
        align = max(sym.align, resolver.alignment(node.cond, scope))
        scope.ordinary[name] = dataclasses.replace(sym, align=align)
        return True
    kind, size = MACHINE_MODES[mode]
    base = t.strip_qualifiers(sym.type)
    if kind == "int" and t.is_integer(base) and not t.is_generic(base, "bool"):
        ty = t.int_type(size, is_signed(base))
    elif kind == "real" and t.is_real(base):
        ty = t.real_type(size)
    else:
        raise fail(f"mode '{mode}' applied to inappropriate type", node)
    qualified = t.qualify(ty, t.qualifiers(sym.type))
    longs = 1 if ty.int_params[0] == 8 and kind == "int" else None
    scope.ordinary[name] = dataclasses.replace(
        sym, type=qualified, longs=longs, written=sym.written or sym.type
    )
    return True


def vector_type(base: n.Type, size: int | None, node: c_ast.Node) -> n.Type:
    """The type GNU ``vector_size(size)`` makes of ``base``: the vector of
    ``size`` bytes of ``base``'s elements (its qualifiers stay on the vector);
    gcc's errors for a size or an element type it rejects."""
    element = t.strip_qualifiers(base)
    if size is None:
        raise fail("'vector_size' attribute argument is not an integer constant", node)
    if size < 0:
        raise fail(f"'vector_size' attribute argument value '{size}' is negative", node)
    if size == 0:
        raise fail("zero vector size", node)
    if t.is_ptr(element):
        raise fail("a vector of pointers is not supported by inspirec", node)
    if not t.is_vector_element(element):
        raise fail("invalid vector type for attribute 'vector_size'", node)
    unit = size_of(element)
    if size % unit:
        raise fail("vector size not an integral multiple of component size", node)
    count = size // unit
    if count & (count - 1):
        raise fail(f"number of vector components {count} not a power of two", node)
    return t.qualify(t.vector(element, count), t.qualifiers(base))


def check_storage(
    node: c_ast.Decl | c_ast.Typedef, file_scope: bool = False, definition: bool = False
) -> None:
    """gcc's errors for the storage-class specifiers of a declaration (at file
    scope, or a function ``definition``): each at most once, and at most one
    of them (C11 6.7.1p2; ``_Thread_local`` may join ``static`` or ``extern``,
    and a block-scope object's needs one of them); no ``auto`` at file
    scope; no ``_Thread_local`` function."""
    storage = node.storage or []
    for i, word in enumerate(storage):
        if word in storage[:i]:
            raise fail(f"duplicate '{word}'", node)
    for word in ("auto", "register"):
        if word in storage and "_Thread_local" in storage:
            raise fail(f"'_Thread_local' used with '{word}'", node)
    if len([w for w in storage if w != "_Thread_local"]) > 1:
        raise fail("multiple storage classes in declaration specifiers", node)
    if file_scope and "auto" in storage:
        raise fail(f"file-scope declaration of '{node.name}' specifies 'auto'", node)
    if "_Thread_local" not in storage or isinstance(node, c_ast.Typedef):
        return
    function = isinstance(node.type, c_ast.FuncDecl)
    if definition:
        raise fail("function definition declared '_Thread_local'", node)
    if file_scope and function:
        raise fail(f"invalid storage class for function '{node.name}'", node)
    if not file_scope and (function or not {"static", "extern"} & set(storage)):
        raise fail(
            f"function-scope '{node.name}' implicitly auto and declared '_Thread_local'", node
        )


def header_of(node: c_ast.Node) -> str:
    """``<name.h>`` if ``node`` comes from a bundled header, else ``""``."""
    coord = getattr(node, "coord", None)
    if coord is None or not coord.file:
        return ""
    name = included_header(coord.file)
    return f"<{name}>" if name else ""


# ------------------------------------------------------------------ symbols


@dataclass(frozen=True)
class VarSymbol:
    """A local variable or parameter; ``register``: a local declared
    ``register`` (its address may not be taken), ``hard_register``: one
    bound to a register (``register int r asm("r12")``, GNU C); ``align``:
    the least alignment its declaration asks for (0: none); ``longs``: how
    many ``long`` its declaration spells (:func:`long_words`; None: unknown,
    e.g. a construct's private copy, whose original tells)."""

    var: n.Variable
    register: bool = False
    hard_register: bool = False
    align: int = 0
    longs: int | None = None


@dataclass(frozen=True)
class GlobalSymbol:
    """A global variable (defined in the program or external); ``longs`` as
    :class:`VarSymbol`'s."""

    glob: n.Global
    longs: int | None = None


@dataclass(frozen=True)
class FuncSymbol:
    """A function: ``name`` is its program-wide (possibly renamed) name."""

    name: str
    type: n.FunctionType


@dataclass(frozen=True)
class TypedefSymbol:
    """A typedef name.  ``function`` marks a function type (``typedef int
    f_t(int)``): the IR spells a function type and a pointer to a function
    alike, so a pointer declarator over such a name adds no ``ptr``.
    ``align`` is the least alignment GNU ``aligned`` gives the name (0:
    none): the IR has no alignment for types, so the objects and members
    declared with the name carry it (:func:`typedef_alignment`).  ``longs``
    as :class:`VarSymbol`'s: ``long`` and ``long long`` are one IR type, so
    ``_Generic`` reads which a name is from its declarations.  ``written``
    is the type its declaration wrote when a GNU attribute after it made
    ``type`` another (``mode``, ``vector_size``: :func:`typedef_attribute`),
    which a declaration of the name again writes too."""

    type: n.Type
    function: bool = False
    align: int = 0
    longs: int | None = None
    written: n.Type | None = None


@dataclass(frozen=True)
class EnumSymbol:
    value: int


Symbol = VarSymbol | GlobalSymbol | FuncSymbol | TypedefSymbol | EnumSymbol


class _Names(dict[str, Symbol]):
    """The ordinary identifiers of one scope.  Every change to a name counts in
    ``generations``, the table of the scope tree (shared by a scope and all
    scopes below it), which invalidates the cached lookups of that name."""

    __slots__ = ("generations",)

    def __init__(self, generations: dict[str, int]) -> None:
        super().__init__()
        self.generations = generations

    def _changed(self, name: str) -> None:
        self.generations[name] = self.generations.get(name, 0) + 1

    def __setitem__(self, name: str, symbol: Symbol) -> None:
        super().__setitem__(name, symbol)
        self._changed(name)

    def __delitem__(self, name: str) -> None:
        super().__delitem__(name)
        self._changed(name)

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("scope names change only by item assignment or deletion")

    setdefault = pop = popitem = clear = update = __ior__ = _refuse  # type: ignore[assignment]


@dataclass
class Scope:
    """One C scope; ``parent`` is the enclosing one.

    :meth:`lookup` caches in each scope it walks through the result for the
    name and the name's generation (see :class:`_Names`): a later lookup from
    a scope below stops at the first scope with a valid entry, so a name
    looked up at every level of a deep nest costs time linear in the nest.
    """

    parent: Scope | None = None
    ordinary: dict[str, Symbol] = field(default_factory=dict)
    tags: dict[str, n.TagType] = field(default_factory=dict)
    #: Tags of a file scope bound, at a use before any definition in this file,
    #: to the program's record of that name from an earlier file (see
    #: :meth:`TypeResolver.record`); a definition here must then match it.
    borrowed_tags: set[str] = field(default_factory=set)
    #: The block-scope declaration that declared each name of ``ordinary`` in
    #: this scope (read by :meth:`redeclared` for gcc's redeclaration errors).
    declarations: dict[str, c_ast.Decl | c_ast.Typedef | c_ast.Enumerator] = field(
        default_factory=dict
    )
    #: The enumerations this scope defines, by tag (gcc's error for a second
    #: definition of a tag in one scope).
    enum_definitions: dict[str, c_ast.Enum] = field(default_factory=dict)
    #: The ``declare reduction``s of this scope, by (identifier, IR type).
    reductions: dict[tuple[str, n.Type], object] = field(default_factory=dict)
    #: Per name: (its generation, the result of looking it up from here).
    _cache: dict[str, tuple[int, Symbol | None]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        generations = self.parent.ordinary.generations if self.parent is not None else {}
        names = _Names(generations)
        for name, symbol in self.ordinary.items():
            names[name] = symbol
        self.ordinary = names

    def user_reduction(self, name: str, ty: n.Type) -> object | None:
        """The ``declare reduction`` ``name`` for type ``ty`` visible here, or None."""
        s: Scope | None = self
        while s is not None:
            if (name, ty) in s.reductions:
                return s.reductions[(name, ty)]
            s = s.parent
        return None

    def lookup(self, name: str) -> Symbol | None:
        generation = self.ordinary.generations.get(name, 0)
        walked: list[Scope] = []
        found: Symbol | None = None
        s: Scope | None = self
        while s is not None:
            if name in s.ordinary:
                found = s.ordinary[name]
                break
            cached = s._cache.get(name)
            if cached is not None and cached[0] == generation:
                found = cached[1]
                break
            walked.append(s)
            s = s.parent
        for w in walked:
            w._cache[name] = (generation, found)
        return found

    def lookup_tag(self, name: str) -> n.TagType | None:
        s: Scope | None = self
        while s is not None:
            if name in s.tags:
                return s.tags[name]
            s = s.parent
        return None

    def child(self) -> Scope:
        return Scope(self)

    def redeclared(self, node: c_ast.Decl | c_ast.Typedef, ty: n.Type | None) -> None:
        """Record block-scope declaration ``node`` (of type ``ty``; None for a
        declaration with linkage, whose type is the file-scope one) and raise
        gcc's error if it declares again, in this scope, a name without linkage
        (C11 6.7p3): only ``extern`` declarations and a typedef of the same type
        may be repeated."""
        old = self.declarations.get(node.name)
        if isinstance(old, c_ast.Enumerator):
            raise fail(f"'{node.name}' redeclared as different kind of symbol", node)
        self.declarations[node.name] = node
        if old is None or old is node:  # a body lowered twice meets its declarations again
            return
        typedef = isinstance(node, c_ast.Typedef) or "typedef" in (node.storage or [])
        old_typedef = isinstance(old, c_ast.Typedef) or "typedef" in (old.storage or [])
        extern = not typedef and linked(node)
        old_extern = not old_typedef and linked(old)
        previous = self.ordinary.get(node.name)
        if typedef != old_typedef:
            message = f"'{node.name}' redeclared as different kind of symbol"
        elif typedef:
            if isinstance(previous, TypedefSymbol) and previous.type is ty:
                return
            message = f"conflicting types for '{node.name}'"
        elif extern and old_extern:
            return
        elif extern:
            message = f"extern declaration of '{node.name}' follows declaration with no linkage"
        elif old_extern:
            message = f"declaration of '{node.name}' with no linkage follows extern declaration"
        elif node.init is not None and old.init is not None:
            message = f"redefinition of '{node.name}'"
        elif isinstance(previous, VarSymbol | GlobalSymbol) and previous_type(previous) is not ty:
            message = f"conflicting types for '{node.name}'"
        else:
            message = f"redeclaration of '{node.name}' with no linkage"
        raise fail(message, node)


def declare_enumerator(scope: Scope, e: c_ast.Enumerator) -> None:
    """Record enumerator ``e`` in ``scope``; gcc's error if the scope already
    declares its name (C11 6.7p3: an enumerator is declared once)."""
    old = scope.declarations.get(e.name)
    if old is e:  # a definition resolved again
        return
    if isinstance(old, c_ast.Enumerator):
        raise fail(f"redeclaration of enumerator '{e.name}'", e)
    if old is not None or (e.name in scope.ordinary and scope.parent is None):
        raise fail(f"'{e.name}' redeclared as different kind of symbol", e)
    scope.declarations[e.name] = e


def check_restrict(node: c_ast.TypeDecl, base: n.Type) -> None:
    """gcc's error for ``restrict`` on a type that is not a pointer to an
    object (an array of pointers takes it for its elements)."""
    if "restrict" not in (node.quals or ()):
        return
    while t.is_array(base):
        base = base.params[0]
    if not t.is_ptr(t.strip_qualifiers(base)):
        raise fail("invalid use of 'restrict'", node)


def check_not_enumerator(node: c_ast.Decl | c_ast.Typedef, scope: Scope) -> None:
    """gcc's error for a file-scope declaration of a name ``scope`` declares
    as an enumerator (block scopes check it in :meth:`Scope.redeclared`)."""
    if node.name and isinstance(scope.ordinary.get(node.name), EnumSymbol):
        raise fail(f"'{node.name}' redeclared as different kind of symbol", node)


def linked(node: c_ast.Decl | c_ast.Typedef) -> bool:
    """Whether a block-scope declaration has linkage (``extern``, or a function)."""
    return isinstance(node, c_ast.Decl) and (
        "extern" in (node.storage or []) or isinstance(node.type, c_ast.FuncDecl)
    )


def previous_type(sym: VarSymbol | GlobalSymbol) -> n.Type:
    """The declared type of a variable symbol (its IR value is a ``ref``)."""
    ref = sym.var.type if isinstance(sym, VarSymbol) else sym.glob.type
    return ref.params[0]


# ------------------------------------------------------------------ records


class Records:
    """Program-wide struct/union definitions (see the module docstring)."""

    def __init__(self) -> None:
        self.decls: dict[tuple[str, str], n.StructDecl] = {}
        #: the untagged records named after their typedef name (``typedef
        #: struct { ... } coder;``): no tag, so another file's ``struct coder``
        #: is not theirs
        self.typedef_named: set[tuple[str, str]] = set()
        self.anon = 0
        self.anon_at: dict[tuple[str, int, int], str] = {}

    def fresh_name(self, tag: str, base: str) -> str:
        name, k = base, 1
        while (tag, name) in self.decls:
            k += 1
            name = f"{base}_{k}"
        return name

    def anonymous_name(self, spec: c_ast.Node) -> str:
        """The name of the untagged record ``spec``: one per source position,
        so a header that two files include names its untagged records alike
        in both, and their definitions are shared as the tagged ones are.  The
        position names the file by its base name: two files may reach one
        header by different paths (``-Iinc`` and ``-I/abs/inc``); two headers
        of one base name with records at one position are told apart by
        their definitions (:meth:`TypeResolver.record` gives a different one
        a fresh name)."""
        coord = spec.coord
        at = (os.path.basename(coord.file), coord.line, coord.column or 0) if coord else None
        if at is not None and at in self.anon_at:
            return self.anon_at[at]
        self.anon += 1
        name = f"anon{self.anon}"
        if at is not None:
            self.anon_at[at] = name
        return name

    def ordered(self) -> tuple[n.StructDecl, ...]:
        return tuple(self.decls.values())

    def same_untagged(self, a: n.Type, b: n.Type) -> bool:
        """Whether ``a`` and ``b`` are one type but for untagged records of
        the same members (names, types, bit-fields, layout) in place of
        each other: C11 6.2.7's compatible types, for untagged records
        written out in two files (``struct { int a; } x;`` in one and
        ``extern struct { int a; } x;`` in another)."""
        if a == b:
            return True
        if isinstance(a, n.TagType) and isinstance(b, n.TagType):
            da, db = self.decls.get((a.tag, a.name)), self.decls.get((b.tag, b.name))
            untagged = _UNTAGGED.fullmatch(a.name) and _UNTAGGED.fullmatch(b.name)
            return bool(
                untagged
                and a.tag == b.tag
                and da is not None
                and db is not None
                and da.complete
                and db.complete
                and (da.packed, da.align, len(da.fields)) == (db.packed, db.align, len(db.fields))
                and all(
                    (fa.name, fa.bits, fa.align) == (fb.name, fb.bits, fb.align)
                    and self.same_untagged(fa.type, fb.type)
                    for fa, fb in zip(da.fields, db.fields, strict=True)
                )
            )
        if isinstance(a, n.GenericType) and isinstance(b, n.GenericType):
            return (a.name, a.int_params, len(a.params)) == (
                b.name,
                b.int_params,
                len(b.params),
            ) and all(self.same_untagged(x, y) for x, y in zip(a.params, b.params, strict=True))
        return False


#: The names :meth:`Records.anonymous_name` gives untagged records (and
#: :meth:`Records.fresh_name` a second definition at one position).
_UNTAGGED = re.compile(r"anon\d+(?:_\d+)?")


# ------------------------------------------------------------------ constants


def int_constant(text: str) -> tuple[int, n.Type]:
    """Value and C type of an integer constant's spelling (C11 6.4.4.1)."""
    s = text.lower()
    suffix = ""
    while s and s[-1] in "ul":
        suffix = s[-1] + suffix
        s = s[:-1]
    if s.startswith("0x"):
        value, decimal = int(s, 16), False
    elif s.startswith("0b"):
        value, decimal = int(s[2:], 2), False
    elif len(s) > 1 and s.startswith("0"):
        value, decimal = int(s, 8), False
    else:
        value, decimal = int(s), True
    unsigned = "u" in suffix
    longs = suffix.count("l")
    candidates: list[n.Type] = []
    if longs == 0:
        candidates += [t.int_type(4, True)] if not unsigned else []
        candidates += [t.int_type(4, False)] if unsigned or not decimal else []
    candidates += [t.int_type(8, True)] if not unsigned else []
    candidates += [t.int_type(8, False)] if unsigned or not decimal else []
    for ty in candidates:
        bits = ty.int_params[0] * 8
        limit = 2 ** (bits - 1) if t.is_generic(ty, "int") else 2**bits
        if value < limit:
            return value, ty
    return value, t.int_type(8, False)


_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11}


def escaped_chars(body: str) -> list[int]:
    """The byte values a C character/string literal body spells (escapes decoded)."""
    values: list[int] = []
    i = 0
    while i < len(body):
        if body[i] != "\\":
            values.append(ord(body[i]) & 0xFF)
            i += 1
            continue
        i += 1
        if i >= len(body):
            break
        ch = body[i]
        if ch in "01234567":
            j = i
            while j < len(body) and j < i + 3 and body[j] in "01234567":
                j += 1
            values.append(int(body[i:j], 8) & 0xFF)
            i = j
        elif ch == "x":
            j = i + 1
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            values.append(int(body[i + 1 : j] or "0", 16) & 0xFF)
            i = j
        else:
            values.append(_ESCAPES.get(ch, ord(ch)) & 0xFF)
            i += 1
    return values


def char_constant(text: str) -> int:
    """The int value of a C character constant such as ``'a'``, ``'\\n'`` or ``'ab'``.

    A multi-character constant folds its characters as gcc does:
    ``(c1 << 8 | c2) ...`` truncated to int; a single char is sign-extended.
    """
    values = escaped_chars(text[text.index("'") + 1 : -1])
    if len(values) == 1:
        v = values[0]
        return v - 256 if v > 127 else v
    folded = 0
    for v in values:
        folded = ((folded << 8) | v) & 0xFFFFFFFF
    return folded - (1 << 32) if folded >= 1 << 31 else folded


_STRING_PART = re.compile(r'"((?:[^"\\]|\\.)*)"')


def string_length(literal: str) -> int:
    """Number of chars a C string literal spelling denotes, without the NUL
    (adjacent literals ``"a" "b"`` count together)."""
    return sum(len(escaped_chars(m.group(1))) for m in _STRING_PART.finditer(literal))


def const_eval(node: c_ast.Node, resolver: TypeResolver, scope: Scope) -> int | None:
    """The integer value of a constant expression, or None if it is not constant."""
    typed = _typed_constant(node, resolver, scope)
    return None if typed is None else typed[0]


def _typed_constant(
    node: c_ast.Node, resolver: TypeResolver, scope: Scope
) -> tuple[int, n.Type] | None:
    """The value and type of an integer constant expression, computed as C
    does (C11 6.6): integer promotions and the usual arithmetic conversions,
    unsigned types wrapping (``-1U > 0`` is 1, ``(0ULL - 1) == (unsigned long
    long)-1`` too); None if it is not constant."""

    def value(x: c_ast.Node) -> tuple[int, n.Type] | None:
        return _typed_constant(x, resolver, scope)

    if isinstance(node, c_ast.Constant):
        if node.type == "char" or node.value.startswith("'"):
            return char_constant(node.value), t.INT4
        if node.type in ("int", "unsigned int", "long int", "unsigned long int") or (
            node.type.startswith(("long long", "unsigned long long"))
        ):
            return int_constant(node.value)
        return None
    if isinstance(node, c_ast.ID):
        sym = scope.lookup(node.name)
        return (sym.value, t.INT4) if isinstance(sym, EnumSymbol) else None
    if isinstance(node, c_ast.UnaryOp):
        if node.op == "sizeof" and isinstance(node.expr, c_ast.Typename):
            try:
                ty = resolver.resolve(node.expr.type, scope, extent=unspecified_extent)
                return size_of(ty, resolver.records.decls), t.UINT8
            except SizeError:
                return None
        if node.op in ("sizeof", "_Alignof"):
            if resolver.unevaluated_constant is None:
                return None
            folded = resolver.unevaluated_constant(node, scope)
            return None if folded is None else (folded, t.UINT8)
        operand = value(node.expr)
        if operand is None:
            return None
        v, ty = operand
        if node.op == "!":
            return int(not v), t.INT4
        ty = promote(ty)
        result = {"-": -v, "+": v, "~": ~v}.get(node.op)
        return None if result is None else (wrapped(result, ty), ty)
    if isinstance(node, c_ast.BinaryOp):
        left, right = value(node.left), value(node.right)
        if left is None or right is None:
            return None
        (a, ta), (b, tb) = left, right
        if node.op in ("&&", "||"):
            return int(bool(a and b) if node.op == "&&" else bool(a or b)), t.INT4
        if node.op in ("<<", ">>"):
            ty = promote(ta)
            if not 0 <= b < integer_bits(ty):
                return None
            return wrapped(a << b if node.op == "<<" else a >> b, ty), ty
        common = usual_arithmetic(ta, tb)
        a, b = wrapped(a, common), wrapped(b, common)
        if node.op in COMPARISONS:
            return BINARY_OPERATORS[node.op](a, b), t.INT4
        if node.op in BINARY_OPERATORS:
            result = BINARY_OPERATORS[node.op](a, b)
        elif node.op in ("/", "%") and b:
            result = c_division(a, b) if node.op == "/" else a - b * c_division(a, b)
        else:
            return None  # a division by 0, or not an operator of constants
        return wrapped(result, common), common
    if isinstance(node, c_ast.TernaryOp | OmittedConditional):
        cond = value(node.cond)
        if cond is None:
            return None
        chosen = node.cond if isinstance(node, OmittedConditional) else node.iftrue
        taken = value(chosen if cond[0] else node.iffalse)
        other = value(node.iffalse if cond[0] else chosen)
        if taken is None or other is None:
            return taken
        ty = usual_arithmetic(taken[1], other[1])
        return wrapped(taken[0], ty), ty
    if (
        isinstance(node, c_ast.FuncCall)
        and isinstance(node.name, c_ast.ID)
        and node.name.name == "__inspire_types_compatible_p"
        and node.args is not None
        and len(node.args.exprs) == 2
    ):
        return types_compatible_p(node.args.exprs, resolver, scope), t.INT4
    operands = offsetof_operands(node, scope)
    if operands is not None:
        return offset_of(*operands, resolver, scope), t.UINT8
    if isinstance(node, c_ast.Cast):
        operand = value(node.expr)
        if operand is None:
            operand = _floating_operand(node, resolver, scope)
        if operand is None:
            return None
        ty = t.strip_qualifiers(resolver.resolve(node.to_type.type, scope))
        if t.is_integer(ty):
            return wrapped(operand[0], ty), ty
        return operand[0], t.UINT8  # (void *)0: an address as an integer
    return None


def _floating_operand(
    cast: c_ast.Cast, resolver: TypeResolver, scope: Scope
) -> tuple[int, n.Type] | None:
    """A floating constant that is the immediate operand of a cast to an
    integer type (C11 6.6p6: ``(int)2.0``, ``(_Bool)0.5`` are integer
    constant expressions), converted as C converts it: truncated toward
    zero, to ``_Bool`` by whether it is not zero; None otherwise (also
    when the value does not fit, which C leaves undefined)."""
    literal = cast.expr
    if not isinstance(literal, c_ast.Constant) or literal.type not in _FLOATING_CONSTANTS:
        return None
    ty = t.strip_qualifiers(resolver.resolve(cast.to_type.type, scope))
    if not t.is_integer(ty):
        return None
    text = literal.value.rstrip("fFlL")
    try:
        number = float.fromhex(text) if text.lower().startswith("0x") else float(text)
    except ValueError:
        return None
    if ty is t.BOOL:
        return int(number != 0), ty
    if number != number or number in (float("inf"), float("-inf")):
        return None
    truncated = int(number)
    return (truncated, ty) if wrapped(truncated, ty) == truncated else None


#: pycparser's types of floating constants.
_FLOATING_CONSTANTS = frozenset(("float", "double", "long double"))


def offsetof_operands(node: c_ast.Node, scope: Scope) -> tuple[c_ast.Typename, c_ast.Node] | None:
    """The type name and member designator of ``node`` if it is
    ``offsetof(type, member)`` (a keyword of the parser, unless ``scope``
    declares the name as something else), else None."""
    if (
        isinstance(node, c_ast.FuncCall)
        and isinstance(node.name, c_ast.ID)
        and node.name.name == "offsetof"
        and scope.lookup("offsetof") is None
        and node.args is not None
        and len(node.args.exprs) == 2
        and isinstance(node.args.exprs[0], c_ast.Typename)
    ):
        return node.args.exprs[0], node.args.exprs[1]
    return None


def offset_of(
    type_name: c_ast.Typename, designator: c_ast.Node, resolver: TypeResolver, scope: Scope
) -> int:
    """The value of ``offsetof(type, member-designator)``, from the layout
    (:mod:`inspire.sizes`, gcc's), members of anonymous members included;
    gcc's errors for a designator that names no member or a bit-field."""
    decls = resolver.records.decls

    def walk(d: c_ast.Node) -> tuple[int, n.Type]:
        if isinstance(d, c_ast.ID):
            return member_offset(resolver.resolve(type_name.type, scope), d)
        if isinstance(d, c_ast.StructRef) and d.type == ".":
            base, ty = walk(d.name)
            offset, member = member_offset(ty, d.field)
            return base + offset, member
        if isinstance(d, c_ast.ArrayRef):
            base, ty = walk(d.name)
            index = const_eval(d.subscript, resolver, scope)
            if index is None or not t.is_array(ty):
                raise fail("offsetof with a non-constant or non-array subscript", d)
            return base + index * size_of(ty.params[0], decls), ty.params[0]
        raise fail("malformed offsetof member designator", d)

    def member_offset(record: n.Type, name: c_ast.ID) -> tuple[int, n.Type]:
        record = t.strip_qualifiers(record)
        decl = decls.get((getattr(record, "tag", ""), getattr(record, "name", "")))
        if decl is None or not decl.complete:
            raise fail(f"offsetof in incomplete or non-record type {record}", name)
        offsets = record_layout(decl, decls).offsets
        for f, offset in zip(decl.fields, offsets, strict=True):
            if f.name == name.name:
                if f.bits is not None:
                    raise fail(f"attempt to take address of bit-field '{name.name}'", name)
                return offset, f.type
            if is_anonymous_member(f) and find_member(
                decls[(f.type.tag, f.type.name)], name.name, decls
            ):
                inner, ty = member_offset(f.type, name)
                return offset + inner, ty
        raise fail(f"{t.type_str(record)} has no member named '{name.name}'", name)

    return walk(designator)[0]


def compatible(a: n.Type, b: n.Type) -> bool:
    """Whether C considers the types ``a`` and ``b`` compatible (C11 6.2.7;
    an array type with and one without a size)."""
    return t.refines(a, b) or t.refines(b, a)


def long_words(name: c_ast.Node, scope: Scope | None = None) -> int | None:
    """How many ``long`` the basic type under the declarators of ``name`` (a
    type name or declaration) spells, or a typedef name it uses has (looked
    up in ``scope``); None when that is unknown (``typeof``, no scope)."""
    decl = name.type
    while isinstance(decl, c_ast.PtrDecl | c_ast.ArrayDecl):
        decl = decl.type
    spec = getattr(decl, "type", None)
    if isinstance(spec, c_ast.TypeOf):
        return None
    words = getattr(spec, "names", None)
    if not isinstance(spec, c_ast.IdentifierType) or words is None:
        return 0
    basic = {"long", "int", "short", "char", "signed", "unsigned", "float", "double", "void"}
    if not set(words) <= basic | {"_Bool", "_Complex"}:
        sym = scope.lookup(words[0]) if scope is not None and len(words) == 1 else None
        return sym.longs if isinstance(sym, TypedefSymbol) else None
    return words.count("long")


def wide_integer_based(ty: n.Type) -> bool:
    """Whether ``ty`` is a 64-bit integer type or built from one by pointers
    and arrays (``long`` or ``long long`` in C)."""
    base = t.strip_qualifiers(ty)
    while t.is_ptr(base) or t.is_array(base):
        base = t.strip_qualifiers(base.params[0])
    return base in (t.INT8, t.UINT8)


def types_compatible_p(markers: list[c_ast.Node], resolver: TypeResolver, scope: Scope) -> int:
    """GCC's ``__builtin_types_compatible_p(T1, T2)``, which reaches the parser
    as ``__inspire_types_compatible_p((__typeof__(T1) *)0, (__typeof__(T2)
    *)0)`` (:mod:`frontend.preprocess`): 1 if the two type names denote
    compatible types once their top-level qualifiers are dropped, else 0 (an
    integer constant expression).  Two enumerated types are compatible only
    if they are one type (one tag), as in gcc.

    ``long`` and ``long long`` are one IR type (``int<8>``); they are told
    apart where both names spell their basic type (``long`` against
    ``long long``: 0).  Where only one does (the other is a typedef name or
    ``typeof``) the answer is not known here and the call is refused; where
    neither does, they are taken as one type."""
    names = [_marked_type_name(m) for m in markers]
    a, b = names
    tags = _enum_tag(a), _enum_tag(b)
    if None not in tags and tags[0] != tags[1]:
        return 0
    ta, tb = (t.strip_qualifiers(resolver.resolve(x.type, scope)) for x in names)
    if not compatible(ta, tb):
        return 0
    if not wide_integer_based(ta):
        return 1
    wa, wb = long_words(a), long_words(b)
    if wa is not None and wb is not None:
        return int(wa == wb)
    if {wa, wb} & {1, 2}:
        raise fail(
            "'__builtin_types_compatible_p' of a 'long' or 'long long' type and a typedef "
            "name or 'typeof' of one: inspirec has one type for both; not supported",
            markers[0],
        )
    return 1


def _marked_type_name(marker: c_ast.Node) -> c_ast.Typename:
    """The type name T of an argument ``(__typeof__(T) *)0`` of
    ``__inspire_types_compatible_p``; gcc's error if T is an expression."""
    pointer = marker.to_type.type if isinstance(marker, c_ast.Cast) else None
    spec = getattr(getattr(pointer, "type", None), "type", None)
    if not isinstance(spec, c_ast.TypeOf) or not isinstance(spec.expr, c_ast.Typename):
        raise fail("expected a type name as argument of '__builtin_types_compatible_p'", marker)
    return spec.expr


def _enum_tag(name: c_ast.Typename) -> tuple[int, object] | None:
    """(pointer/array depth, tag) when the type name ``name`` spells an
    enumerated type under its declarators (an anonymous one is its own tag),
    else None."""
    decl, depth = name.type, 0
    while isinstance(decl, c_ast.PtrDecl | c_ast.ArrayDecl):
        decl, depth = decl.type, depth + 1
    spec = getattr(decl, "type", None)
    if not isinstance(spec, c_ast.Enum):
        return None
    return depth, spec.name or id(spec)


# ------------------------------------------------------------------ types

#: Turns a run-time array dimension into an IR extent (None: ``[*]``).
Extent = Callable[[c_ast.Node], "n.Node | None"]


def unspecified_extent(dim: c_ast.Node) -> None:
    """The :data:`Extent` of prototypes: every run-time dimension is ``[*]``."""
    return None


class TypeResolver:
    """pycparser declarators to IR types (see the module docstring)."""

    def __init__(self, records: Records):
        self.records = records
        # A definition shared by several declarators (typedef struct {..} a, *b;)
        # is resolved once: pycparser gives each declarator the same node.
        self.defined: dict[int, tuple[c_ast.Node, n.TagType]] = {}
        self.enum_types: dict[str, n.Type] = {}
        #: The type a ``typeof`` specifier names in a scope (set by the program
        #: lowering: it lowers the operand as an expression).
        self.type_of: Callable[[c_ast.TypeOf, Scope], n.Type] | None = None
        #: Checks a user's ``_Static_assert`` in a record's body (set by the
        #: program lowering, which evaluates it as an expression).
        self.static_assertion: Callable[[c_ast.StaticAssert, Scope], None] | None = None
        #: The value of ``sizeof expression`` or of ``_Alignof`` in a scope, None
        #: where it is not an integer constant (an operand of variable length
        #: array type); set by the program lowering, which types the operand
        #: as an expression without evaluating it.
        self.unevaluated_constant: Callable[[c_ast.UnaryOp, Scope], int | None] | None = None
        #: The ``#pragma pack`` value in effect at each record definition
        #: that has one (:mod:`frontend.pragma_pack`; set by the program lowering).
        self.packing: dict[c_ast.Node, int] = {}

    def resolve(
        self, node: c_ast.Node, scope: Scope, name_hint: str = "", extent: Extent | None = None
    ) -> n.Type:
        """The IR type of a declarator chain (TypeDecl/PtrDecl/ArrayDecl/FuncDecl).

        An array dimension that is not an integer constant is a run-time
        extent: ``extent`` turns its expression into the IR extent of an
        ``array<T,[e]>`` (or returns None for C's ``[*]``, giving
        ``array<T,*>``), outermost dimension first.  Without ``extent`` a
        run-time dimension is an error: variably modified types exist only in
        block-scope objects, typedefs, parameters, casts and ``sizeof``.
        Parameter lists of function declarators always use ``[*]``.
        """
        if isinstance(node, c_ast.TypeDecl):
            base = self.specifier(node.type, scope, name_hint)
            check_restrict(node, base)
            return t.qualify(base, ir_qualifiers(node.quals))
        if isinstance(node, c_ast.PtrDecl):
            target = self.resolve(node.type, scope, extent=extent)
            # A pointer to a function is the function type itself in the IR; a
            # pointer to a function pointer is ptr<(...) -> R>.
            ty = target if designates_function(node.type, scope) else t.ptr(target)
            return t.qualify(ty, ir_qualifiers(node.quals))
        if isinstance(node, c_ast.ArrayDecl):
            self.check_element_alignment(node, scope)
            size = None if node.dim is None else const_eval(node.dim, self, scope)
            if size is not None and size < 0:
                name = declarator_name(node)
                array = f"array '{name}'" if name else "unnamed array"
                raise fail(f"size of {array} is negative", node)
            if node.dim is None or size is not None:
                return t.array(self.resolve(node.type, scope, extent=extent), size)
            if extent is None:
                raise fail(
                    "variably modified type (an array of run-time size) is not allowed here: "
                    "only block-scope objects, typedefs, parameters, casts and sizeof may have one",
                    node.dim,
                )
            e = extent(node.dim)
            elem = self.resolve(node.type, scope, extent=extent)
            return t.array(elem, None) if e is None else t.vla(elem, e)
        if isinstance(node, c_ast.FuncDecl):
            return self.function_type(node, scope)
        if isinstance(node, c_ast.Typename):
            return self.resolve(node.type, scope, extent=extent)
        if isinstance(node, c_ast.Struct | c_ast.Union | c_ast.Enum):
            return self.specifier(node, scope, name_hint)
        raise fail(f"unsupported declarator {type(node).__name__}", node)

    def has_runtime_dimension(self, node: c_ast.Node, scope: Scope) -> bool:
        """Whether a declarator chain (not through function declarators) has an
        array dimension that is not an integer constant."""
        while isinstance(node, c_ast.ArrayDecl | c_ast.PtrDecl):
            dim = getattr(node, "dim", None)
            if dim is not None and const_eval(dim, self, scope) is None:
                return True
            node = node.type
        return False

    def function_type(self, node: c_ast.FuncDecl, scope: Scope) -> n.FunctionType:
        """The type of a function declarator: its parameters and result without
        their own qualifiers (C11 6.7.6.3p15: ``int f(const int)`` declares the
        same function as ``int f(int)``; the definition's parameter variables
        keep them)."""
        result = t.strip_qualifiers(self.resolve(node.type, scope, extent=unspecified_extent))
        for what, returned in (("a function", designates_function(node.type, scope)),
                               ("an array", t.is_array(result))):  # fmt: skip
            if returned:
                name = declarator_name(node)
                raise fail(f"'{name}' declared as function returning {what}", node)
        params: list[n.Type] = []
        variadic = False
        args = node.args.params if node.args is not None else None
        if args is None:
            return n.FunctionType((), result, True)  # unprototyped: f()
        scope = scope.child()  # the prototype's: typeof may name an earlier parameter
        for p in args:
            if isinstance(p, c_ast.EllipsisParam):
                variadic = True
                continue
            if isinstance(p, c_ast.ID):
                params.append(t.INT4)  # K&R identifier list: int unless declared
                continue
            if any(word != "register" for word in getattr(p, "storage", None) or ()):
                raise fail(f"storage class specified for parameter '{p.name}'", p)
            if isinstance(p.type, c_ast.ArrayDecl):  # decays: its own size does not matter
                ty = t.ptr(self.resolve(p.type.type, scope, extent=unspecified_extent))
            else:
                ty = self.resolve(p.type, scope, extent=unspecified_extent)
            if t.strip_qualifiers(ty) is t.UNIT:
                if len(args) > 1:
                    raise fail("'void' must be the only parameter", p)
                break  # f(void); gcc only warns when it is named (f(void x))
            adjusted = self.adjust_param(ty)
            params.append(t.strip_qualifiers(adjusted))
            if p.name:
                scope.ordinary[p.name] = VarSymbol(n.Variable(t.ref(adjusted), p.name))
        return n.FunctionType(tuple(params), result, variadic)

    @staticmethod
    def adjust_param(ty: n.Type) -> n.Type:
        """Parameter type adjustment: arrays decay to pointers (C11 6.7.6.3p7)."""
        if t.is_array(ty):
            return t.ptr(ty.params[0])
        return ty

    def specifier(self, spec: c_ast.Node, scope: Scope, name_hint: str = "") -> n.Type:
        if isinstance(spec, c_ast.IdentifierType):
            names = spec.names
            if AUTO_TYPE in names:  # the declarations that may use it do not come here
                raise fail("'__auto_type' requires an initialized data declaration", spec)
            if len(names) == 1:
                sym = scope.lookup(names[0])
                if isinstance(sym, TypedefSymbol):
                    return sym.type
            if names == ["omp_lock_t"] or names == ["omp_nest_lock_t"]:
                return t.LOCK
            try:
                return basic_type(names)
            except CTypeError as err:
                raise fail(str(err), spec) from None
        if isinstance(spec, c_ast.Struct | c_ast.Union):
            return self.record(spec, scope, name_hint)
        if isinstance(spec, c_ast.Enum):
            return self.enum(spec, scope)
        if isinstance(spec, c_ast.TypeOf) and self.type_of is not None:
            return self.type_of(spec, scope)
        raise fail(f"unsupported type specifier {type(spec).__name__}", spec)

    def record(self, spec: c_ast.Struct | c_ast.Union, scope: Scope, name_hint: str) -> n.Type:
        seen = self.defined.get(id(spec))
        if seen is not None and seen[0] is spec:
            return seen[1]
        ty = self._record(spec, scope, name_hint)
        if spec.decls is not None:
            self.defined[id(spec)] = (spec, ty)
        return ty

    def _record(self, spec: c_ast.Struct | c_ast.Union, scope: Scope, name_hint: str) -> n.Type:
        tag = "struct" if isinstance(spec, c_ast.Struct) else "union"
        header = header_of(spec)
        if spec.decls is None:
            if spec.name is None:
                raise fail(f"anonymous {tag} without members", spec)
            found = scope.lookup_tag(spec.name)
            if found is not None and found.tag == tag:
                return found
            # A use before the definition: declare the tag in the file scope.  A
            # tag an earlier file already has is that file's type (``typedef
            # struct _IO_FILE FILE;`` in every file is one FILE).
            root = scope
            while root.parent is not None:
                root = root.parent
            ty = n.TagType(tag, spec.name)
            if (tag, spec.name) in self.records.typedef_named:  # not a tag: another type
                ty = n.TagType(tag, self.records.fresh_name(tag, spec.name))
            if (tag, ty.name) in self.records.decls:
                root.borrowed_tags.add(spec.name)
            else:
                self.records.decls[(tag, ty.name)] = n.StructDecl(tag, ty.name, (), False, header)
            root.tags[spec.name] = ty
            return ty
        # A definition.
        c_name = ""
        if spec.name is not None:
            base = spec.name
            existing = scope.tags.get(spec.name)
            if existing is not None:
                old = self.records.decls[(tag, existing.name)]
                borrowed = spec.name in scope.borrowed_tags
                scope.borrowed_tags.discard(spec.name)
                if not old.complete:
                    return self._define(tag, existing.name, spec, scope, header, c_name)
                if not borrowed:
                    raise fail(f"redefinition of '{tag} {spec.name}'", spec)
                new = self.definition(tag, old.name, spec, scope, old.header, old.c_name)
                if new is old:
                    return existing
                raise fail(
                    f"'{tag} {spec.name}' is used before its definition here and defined "
                    "differently in another file (not supported: one program-wide type per "
                    "tag used before its definition)",
                    spec,
                )
        elif name_hint:
            base = name_hint
            c_name = name_hint if header else ""
            records = len(self.records.decls)
            ty = self._defined(tag, base, spec, scope, header, c_name)
            if len(self.records.decls) > records:  # a new record, not a tagged one shared
                self.records.typedef_named.add((tag, ty.name))
            return ty
        else:
            base = self.records.anonymous_name(spec)
        return self._defined(tag, base, spec, scope, header, c_name)

    def _defined(self, tag, base, spec, scope: Scope, header: str, c_name: str) -> n.TagType:
        """The record the definition ``spec`` named ``base`` defines: one
        already there with the same definition, else a new one."""
        old = self.records.decls.get((tag, base))
        if old is not None and old.complete:
            # The same definition seen again (a header included by two files)
            # shares the record, also when it is one of the tag's other
            # definitions (base_2, ...: two files' own records of one tag,
            # in any order); a different one gets a fresh name.
            saved = scope.tags.get(spec.name) if spec.name else None
            candidate, k = base, 1
            while (variant := self.records.decls.get((tag, candidate))) is not None:
                if variant.complete:
                    if spec.name:
                        scope.tags[spec.name] = n.TagType(tag, candidate)
                    if self.definition(tag, candidate, spec, scope, header, c_name) is variant:
                        return n.TagType(tag, candidate)
                k += 1
                candidate = f"{base}_{k}"
            if spec.name:
                if saved is None:
                    del scope.tags[spec.name]
                else:
                    scope.tags[spec.name] = saved
            return self._define(
                tag, self.records.fresh_name(tag, base), spec, scope, header, c_name
            )
        return self._define(tag, base, spec, scope, header, c_name)

    def _define(self, tag, name, spec, scope: Scope, header: str, c_name: str) -> n.TagType:
        ty = n.TagType(tag, name)
        if spec.name:
            scope.tags[spec.name] = ty
        self.records.decls[(tag, name)] = n.StructDecl(tag, name, (), False, header)
        self.records.decls[(tag, name)] = self.definition(tag, name, spec, scope, header, c_name)
        return ty

    def definition(
        self, tag: str, name: str, spec: c_ast.Struct | c_ast.Union, scope: Scope, header, c_name
    ) -> n.StructDecl:
        """The complete record ``spec`` defines (members and layout).

        GNU ``packed``/``aligned`` on the record arrive as marker
        ``_Static_assert``s in its body (see :func:`frontend.preprocess.preprocess`);
        the user's own are checked (:attr:`static_assertion`).  Under a
        ``#pragma pack(N)`` (:attr:`packing`) that lowers some member's
        alignment, or under any over bit-fields, the record is packed and
        each member keeps its alignment up to N (a named bit-field's, which
        C cannot give a bit-field, raises the record's alignment).
        """
        packed, align = False, 0
        for d in spec.decls:
            marker = marker_text(d)
            if marker == PACKED_MARKER:
                packed = True
            elif marker == ALIGNED_MARKER:
                align = max(align, self.alignment(d.cond, scope))
            elif (
                isinstance(d, c_ast.StaticAssert)
                and marker != PACKED_MEMBER_MARKER
                and self.static_assertion is not None
            ):
                self.static_assertion(d, scope)
        fields, packed_members = self.fields(spec, scope)
        if packed:
            packed_members = frozenset()
        natural = [
            f.align if i in packed_members else max(align_of(f.type, self.records.decls), f.align)
            for i, f in enumerate(fields)
        ]
        cap = self.packing.get(spec)
        bit_fields = any(f.bits is not None for f in fields)
        if packed_members and bit_fields:
            raise fail(
                f"bit-fields in a {tag} with a packed member are not supported by inspirec", spec
            )
        # gcc's layout under #pragma pack(cap): the members' alignments capped,
        # and bit-fields at the next bit under any cap (as in a packed record)
        capped = cap is not None and not packed and (bit_fields or any(a > cap for a in natural))
        if capped:
            natural = [min(a, cap) for a in natural]
            named_bits = (a for f, a in zip(fields, natural, strict=True) if f.bits and f.name)
            align = max(align, *named_bits, 0)  # a bit-field has no alignment of its own
        if capped or packed_members:  # a packed record whose members keep these alignments
            packed = True
            fields = tuple(
                n.Field(f.type, f.name, f.bits, a if a > 1 and f.bits is None else 0)
                for f, a in zip(fields, natural, strict=True)
            )
        return n.StructDecl(tag, name, fields, True, header, c_name, packed, align)

    def check_element_alignment(self, node: c_ast.ArrayDecl, scope: Scope) -> None:
        """gcc's error for an array whose elements are of a typedef name
        with more alignment (GNU ``aligned``) than size: the elements could
        not all be aligned."""
        align = typedef_alignment(node.type, scope)
        if align and align > size_of(self.resolve(node.type, scope), self.records.decls):
            raise fail("alignment of array elements is greater than element size", node.type.type)

    def alignment(self, node: c_ast.Node, scope: Scope) -> int:
        """The bytes of an alignment: a type name's alignment or a constant
        (``_Alignas(T)``, ``_Alignas(N)``, ``aligned(N)``); 0 for none
        (``_Alignas(0)`` has no effect, C11 6.7.5)."""
        if isinstance(node, c_ast.Typename):
            natural = align_of(self.resolve(node.type, scope), self.records.decls)
            return max(natural, typedef_alignment(node.type, scope))
        value = const_eval(node, self, scope)
        if value is None or value < 0 or value & (value - 1):
            raise fail("requested alignment is not a positive power of 2", node)
        return value

    def fields(
        self, spec: c_ast.Struct | c_ast.Union, scope: Scope
    ) -> tuple[tuple[n.Field, ...], frozenset[int]]:
        """The members of the record ``spec`` and the indices of those that
        are packed (GNU ``packed`` on the member: the marker of
        :data:`PACKED_MEMBER_MARKER` before its declaration)."""
        out: list[n.Field] = []
        packed: set[int] = set()
        marked = False
        for d in spec.decls:
            if isinstance(d, c_ast.StaticAssert | c_ast.Pragma):
                marked = marked or marker_text(d) == PACKED_MEMBER_MARKER
                continue
            if marked:
                packed.add(len(out))
                marked = False
            align = max((self.alignment(a.alignment, scope) for a in d.align or ()), default=0)
            align = max(align, typedef_alignment(d.type, scope))
            fty = self.resolve(d.type, scope)
            bits = None
            if d.bitsize is not None:
                bits = const_eval(d.bitsize, self, scope)
                if bits is None:
                    raise fail("bit-field width is not an integer constant", d.bitsize)
                if "atomic" in t.qualifiers(fty):
                    raise fail(f"bit-field '{d.name}' has atomic type", d)
            # An unnamed untagged struct/union is a C11 anonymous member: its members
            # are reached by name through this record (inspire.typecheck.find_member).
            # Any other unnamed non-bit-field declares a tag (or nothing), no member.
            anonymous = isinstance(d.type, c_ast.Struct | c_ast.Union) and d.type.name is None
            if d.name is None and bits is None and not anonymous:
                continue
            if align and bits is not None:
                raise fail(f"_Alignas on bit-field '{d.name}'", d)
            out.append(n.Field(fty, d.name or "", bits, align))
        tag = "struct" if isinstance(spec, c_ast.Struct) else "union"
        self.reject_duplicate_members(spec)
        for i, f in enumerate(out):
            flexible = t.is_array(f.type) and f.type.int_params[0] is None
            if flexible and (tag == "union" or i != len(out) - 1):
                raise fail(f"flexible array member '{f.name}' not at end of struct", spec)
            if not flexible:
                try:
                    size_of(f.type, self.records.decls)
                except SizeError:
                    raise fail(f"field '{f.name}' has incomplete type", spec) from None
        return tuple(out), frozenset(packed)

    @staticmethod
    def reject_duplicate_members(spec: c_ast.Struct | c_ast.Union) -> None:
        """gcc's error for a member name declared twice in one record, members of
        anonymous struct/union members included (they are reached by name
        through the record)."""
        seen: set[str] = set()
        stack = [list(reversed(spec.decls))]
        while stack:
            if not stack[-1]:
                stack.pop()
                continue
            d = stack[-1].pop()
            if not isinstance(d, c_ast.Decl):
                continue
            if d.name is None and isinstance(d.type, c_ast.Struct | c_ast.Union):
                if d.type.name is None and d.type.decls:
                    stack.append(list(reversed(d.type.decls)))
                continue
            if d.name is None:
                continue
            if d.name in seen:
                raise fail(f"duplicate member '{d.name}'", d)
            seen.add(d.name)

    def enum(self, spec: c_ast.Enum, scope: Scope) -> n.Type:
        """Declare the enumerators (constants of type ``int``); the enumerated
        type, as gcc lays it out: ``unsigned int`` without negative values and
        ``int`` with some, while every value fits, else the first of
        ``unsigned int``, ``long``, ``unsigned long`` that holds them all
        (``omp_event_handle_t`` of ``<omp.h>`` is an ``unsigned long``); a
        packed one (GNU ``packed``: the preprocessor's last
        enumerator :data:`PACKED_ENUM_MARKER`) the smallest integer type
        that holds them, unsigned without negative values, as gcc lays it
        out.  A tag named without its list is the type its definition gave
        it; gcc's error for a tag defined twice in one scope."""
        if spec.values is None:
            return self.enum_types.get(spec.name, t.INT4)
        if spec.name and scope.enum_definitions.setdefault(spec.name, spec) is not spec:
            raise fail(f"redeclaration of 'enum {spec.name}'", spec)
        value = 0
        values = []
        packed = False
        for e in spec.values.enumerators:
            if e.name.startswith(PACKED_ENUM_MARKER):
                packed = True
                continue
            if e.value is not None:
                v = const_eval(e.value, self, scope)
                if v is None:
                    raise fail(f"enumerator value for '{e.name}' is not an integer constant", e)
                value = v
            declare_enumerator(scope, e)
            scope.ordinary[e.name] = EnumSymbol(value)
            values.append(value)
            value += 1
        ty = t.INT4 if min(values, default=0) < 0 else t.int_type(4, signed=False)
        if packed:
            signed = min(values) < 0
            sizes = [size for size in (1, 2, 4) if all(_fits(v, size, signed) for v in values)]
            ty = t.int_type(sizes[0] if sizes else 8, signed=signed)
        elif not all(-(2**31) <= v < 2**31 for v in values):
            low = min(values) < 0
            fits = [(t.int_type(4, signed=False), 0, 2**32), (t.INT8, -(2**63), 2**63)]
            ty = next((u for u, lo, hi in fits if (lo < 0 or not low) and lo <= min(values)
                       and max(values) < hi), t.UINT8)  # fmt: skip
        if spec.name:
            self.enum_types[spec.name] = ty
        return ty


def _fits(value: int, size: int, signed: bool) -> bool:
    """Whether an integer type of ``size`` bytes holds ``value``."""
    bits = 8 * size
    return -(2 ** (bits - 1)) <= value < 2 ** (bits - 1) if signed else 0 <= value < 2**bits


def unbraced_string(init: c_ast.Node | None, ty: n.Type) -> c_ast.Node | None:
    """The initialiser of array type ``ty``, with the braces of a string
    literal's taken off if ``ty`` is an array of characters (``char s[] =
    {"ab"}``, C11 6.7.9p14: the same as without; in ``char *p[1] = {"ab"}``
    the string is the first element)."""
    if (
        t.is_array(ty)
        and t.is_integer(t.strip_qualifiers(ty.params[0]))  # characters, not char *p[1]
        and isinstance(init, c_ast.InitList)
        and len(init.exprs) == 1
        and isinstance(init.exprs[0], c_ast.Constant)
        and init.exprs[0].type == "string"
    ):
        return init.exprs[0]
    return init


def array_size_from_init(
    init: c_ast.Node | None, ty: n.Type, resolver: TypeResolver, scope: Scope
) -> n.Type:
    """Complete ``T[]`` from its initialiser (``int a[] = {..}``, ``char s[] = ".."``)."""
    if not (t.is_array(ty) and ty.int_params[0] is None) or t.is_vla(ty) or init is None:
        return ty
    init = unbraced_string(init, ty)
    if isinstance(init, c_ast.Constant) and init.type == "string":
        return t.array(ty.params[0], string_length(init.value) + 1)
    if isinstance(init, c_ast.InitList) and isinstance(init.exprs, NumberRun):
        element = t.strip_qualifiers(ty.params[0])
        values = init.exprs.run.values
        scalar = t.is_integer(element) or t.is_real(element)
        if all(isinstance(v, tuple) != scalar for v in values):  # an item for each element
            return t.array(ty.params[0], len(values))
        init = expanded(init)
    if isinstance(init, c_ast.InitList):
        count = position = 0
        for item in braced_initializer(init, ty, resolver.records.decls).exprs:
            if isinstance(item, c_ast.NamedInitializer) and not isinstance(item.name[0], c_ast.ID):
                index = item.name[0].expr  # an ArrayDesignator
                if isinstance(index, IndexRange):  # [low ... high]: high
                    index = index.high
                position = const_eval(index, resolver, scope) or 0
            count = max(count, position + 1)
            position += 1
        return t.array(ty.params[0], count)
    return ty


#: Whether an initializer that is not a braced list initialises a whole
#: aggregate member of the given type (not just its first scalar).
WholeValue = Callable[[c_ast.Node, n.Type], bool]


def is_whole_by_form(item: c_ast.Node, member: n.Type) -> bool:
    """:data:`WholeValue` from the initializer's form alone: a string literal
    for an array of scalars, a compound literal."""
    if isinstance(item, c_ast.CompoundLiteral):
        return True
    member = t.strip_qualifiers(member)
    string = isinstance(item, c_ast.Constant) and item.type == "string"
    return string and t.is_array(member) and t.is_scalar(t.strip_qualifiers(member.params[0]))


def braced_initializer(
    init: c_ast.InitList,
    ty: n.Type,
    decls: Mapping[tuple[str, str], n.StructDecl],
    whole: WholeValue = is_whole_by_form,
) -> c_ast.InitList:
    """``init``, the initializer list of the aggregate ``ty``, with the braces
    C lets it omit put back (C11 6.7.9p17-20): a member that is an aggregate,
    initialised by neither a braced list nor a ``whole`` value of its type,
    takes as many of the following initializers as it has members,
    recursively (``int a[2][2] = {1, 2, 3, 4}``).  A designator of one part
    (``[k] =``, ``.m =``) chooses the member, positional initializers go on
    from there; after one of several parts (``.m.n =``) the list is kept as
    written, as are initializers beyond the last member (the lowering's
    error)."""
    items = list(init.exprs or [])
    out, _ = _braced_members(ty, items, 0, decls, whole, top=True)
    return c_ast.InitList(out, coord=init.coord)


def _braced_members(
    ty: n.Type,
    items: list[c_ast.Node],
    i: int,
    decls: Mapping[tuple[str, str], n.StructDecl],
    whole: WholeValue,
    top: bool,
) -> tuple[list[c_ast.Node], int]:
    """The initializers of ``ty``'s members from ``items[i]`` on (see
    :func:`braced_initializer`; a designator ends a list whose braces were
    omitted), and the index of the first one left."""
    out: list[c_ast.Node] = []
    position, bounded = 0, True
    while i < len(items):
        item = value = items[i]
        if isinstance(item, c_ast.NamedInitializer):
            chosen = _designated(ty, item, decls) if top else None
            if chosen is None:
                break
            position, bounded = chosen, bounded and not t.is_array(t.strip_qualifiers(ty))
            value = item.expr
        member = member_type(ty, position, bounded and item is value, decls)
        if member is None:
            break
        if (
            isinstance(value, c_ast.InitList)
            or member_type(member, 0, True, decls) is None
            or whole(value, member)
        ):
            out.append(item)
            i += 1
        else:
            inner, i = _braced_members(
                member, [*items[:i], value, *items[i + 1 :]], i, decls, whole, False
            )
            braced = c_ast.InitList(inner, coord=value.coord)
            if item is not value:
                braced = c_ast.NamedInitializer(item.name, braced, coord=item.coord)
            out.append(braced)
        position += 1
    if top:
        out.extend(items[i:])
    return out, i


def _designated(
    ty: n.Type, item: c_ast.NamedInitializer, decls: Mapping[tuple[str, str], n.StructDecl]
) -> int | None:
    """The position of the member a designator of one part chooses (an
    array's elements are alike: 0), None for another designator."""
    if len(item.name) != 1:
        return None
    ty = t.strip_qualifiers(ty)
    part = item.name[0]
    if not isinstance(part, c_ast.ID):
        return 0 if t.is_array(ty) else None
    names = [f.name for f in _named_members(ty, decls) or []]
    return names.index(part.name) if part.name in names else None


def member_type(
    ty: n.Type, position: int, bounded: bool, decls: Mapping[tuple[str, str], n.StructDecl]
) -> n.Type | None:
    """The type of the member at ``position`` of the aggregate ``ty`` that
    initializers fill (unless ``bounded``: of an array past its size, of a
    union but the first: a designator chose them), None past the last one
    or when ``ty`` is not an aggregate (or an incomplete one)."""
    ty = t.strip_qualifiers(ty)
    if t.is_array(ty) and not t.is_vla(ty):
        size = ty.int_params[0]
        return ty.params[0] if size is None or not bounded or position < size else None
    named = _named_members(ty, decls)
    if named is None or position >= len(named) or (ty.tag == "union" and position and bounded):
        return None
    return named[position].type


def _named_members(
    ty: n.Type, decls: Mapping[tuple[str, str], n.StructDecl]
) -> list[n.Field] | None:
    """The members of a complete struct or union ``ty`` that initializers
    fill (:func:`initialised_members`), None for another type."""
    if not isinstance(ty, n.TagType):
        return None
    decl = decls.get((ty.tag, ty.name))
    if decl is None or not decl.complete:
        return None
    return initialised_members(decl)


def initialised_members(decl: n.StructDecl) -> list[n.Field]:
    """The members positional initialisers fill, in order: all but unnamed bit-fields
    (an anonymous struct/union member is one member)."""
    return [f for f in decl.fields if f.name or is_anonymous_member(f)]


def declarator_name(node: c_ast.Node) -> str | None:
    """The identifier a declarator chain declares (None for a type name)."""
    while not isinstance(node, c_ast.TypeDecl):
        node = getattr(node, "type", None)
        if node is None:
            return None
    return node.declname


def designates_function(node: c_ast.Node, scope: Scope) -> bool:
    """Whether a declarator chain declares a function type (not a pointer to
    one): a function declarator, or a typedef name of a function type."""
    if isinstance(node, c_ast.FuncDecl):
        return True
    if isinstance(node, c_ast.Typename):
        return designates_function(node.type, scope)
    if isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.TypeOf):
        operand = node.type.expr  # typeof of a function type or of a function's name
        if isinstance(operand, c_ast.Typename):
            return designates_function(operand, scope)
        return isinstance(operand, c_ast.ID) and isinstance(scope.lookup(operand.name), FuncSymbol)
    if isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType):
        names = node.type.names
        sym = scope.lookup(names[0]) if len(names) == 1 else None
        return isinstance(sym, TypedefSymbol) and sym.function
    return False
