"""LP64 (x86-64 System V) sizes, alignments and struct layouts of IR types.

Every analysis that counts bytes (stack size, closure size) uses this module,
and the backend's emitted C must agree with it: the closure-size analysis
reports ``layout(...).size`` of exactly the struct the backend emits.

Rules (System V AMD64 ABI, §3.1.2):

* ``int<N>``/``uint<N>``/``real<N>`` have size and alignment N (``real<16>``
  is ``long double``: size 16, alignment 16); ``char``/``bool`` 1.
* ``complex<real<N>>`` is two ``real<N>`` (real part first): size 2N,
  alignment N.
* Pointers, references held as values, function values, ``threadgroup``,
  ``job`` and ``lock`` are 8 bytes.
* ``array<T,N>`` is N * size(T) with T's alignment; ``array<T,*>`` has no
  static size except as a trailing flexible member (size 0).
* ``array<T,[e]>`` (a VLA) has no static size either: :func:`size_of` and
  :func:`layout` raise :class:`SizeError` for it and for anything containing
  one by value, while :func:`align_of` is T's alignment (static, as in C).
  :func:`estimated_size` is the stack-size analysis' view: a literal extent
  counts its value, any other extent :data:`VLA_EXTENT_ESTIMATE` elements.
* Structs place each member at the next multiple of its alignment; a named
  bit-field goes into the current storage unit of its declared type if it
  fits, else starts the next unit; a zero-width bit-field pads to the next
  unit.  The struct's alignment is the largest member alignment (unnamed
  bit-fields do not count) and its size is padded to a multiple of it.
  Unions are as large as their largest member (a bit-field: the bytes its
  bits take), padded likewise.
* A member's ``align`` raises its alignment; in a ``packed`` record every
  member without one has alignment 1, and a bit-field starts at the next
  bit (a zero-width one pads to its declared type's unit) and does not
  raise the record's alignment; a record's ``align`` raises the record's
  alignment.  (gcc lays out bit-fields so under ``#pragma pack`` too: the
  frontend gives such a record the alignment the pragma leaves its
  bit-fields.)
* ``vector<T,N>`` is N * size(T), aligned to its size (as gcc lays it out
  in records and on the stack, whatever the instruction set; gcc's
  ``_Alignof`` reports at most 16 for one without AVX).
* ``unit`` has size 0; ``identifier`` is not an object type.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from inspirec.inspire.nodes import (
    QUALIFIERS,
    CastExpr,
    Field,
    FunctionType,
    GenericType,
    Literal,
    Program,
    StructDecl,
    TagType,
    Type,
    VlaType,
)

StructTable = Mapping[tuple[str, str], StructDecl]

_POINTER_SIZED = {"ref", "ptr", "threadgroup", "job", "lock"}


#: Elements assumed for a run-time array extent by :func:`estimated_size`.
VLA_EXTENT_ESTIMATE = 256


class SizeError(ValueError):
    """Raised for a type without a static size (``array<T,*>``, incomplete struct)."""


@dataclass(frozen=True)
class Layout:
    """Size and alignment of a type, plus member offsets for records."""

    size: int
    align: int
    offsets: tuple[int, ...] = ()


def struct_table(program: Program) -> dict[tuple[str, str], StructDecl]:
    """The program's struct/union definitions keyed by (tag, name)."""
    return {(s.tag, s.name): s for s in program.structs}


def size_of(t: Type, structs: StructTable | None = None) -> int:
    """sizeof(t) in bytes."""
    return layout(t, structs).size


def align_of(t: Type, structs: StructTable | None = None) -> int:
    """_Alignof(t) in bytes (an array of unknown or run-time size: its element's)."""
    while isinstance(t, GenericType) and t.name in ("array", "volatile", "const"):
        t = t.params[0]
    return layout(t, structs).align


def estimated_size(
    t: Type, structs: StructTable | None = None, extent_estimate: int = VLA_EXTENT_ESTIMATE
) -> int:
    """sizeof(t), where every run-time extent that is not a literal counts ``extent_estimate``.

    Equals :func:`size_of` for a type with a static size.
    """
    if isinstance(t, VlaType):
        return _extent_value(t.extent, extent_estimate) * estimated_size(
            t.params[0], structs, extent_estimate
        )
    if isinstance(t, GenericType) and t.name in QUALIFIERS:
        return estimated_size(t.params[0], structs, extent_estimate)
    if isinstance(t, GenericType) and t.name == "array" and t.int_params[0] is not None:
        return t.int_params[0] * estimated_size(t.params[0], structs, extent_estimate)
    return size_of(t, structs)


def _extent_value(e, default: int) -> int:
    while isinstance(e, CastExpr):
        e = e.expr
    if isinstance(e, Literal):
        try:
            return max(int(e.value.rstrip("uUlL"), 0), 0)
        except ValueError:
            return default
    return default


def layout(t: Type, structs: StructTable | None = None) -> Layout:
    """Size and alignment of ``t`` (offsets too for a struct or union)."""
    if isinstance(t, FunctionType):
        return Layout(8, 8)
    if isinstance(t, TagType):
        decl = (structs or {}).get((t.tag, t.name))
        if decl is None or not decl.complete:
            raise SizeError(f"{t.tag} {t.name} is incomplete or unknown")
        return record_layout(decl, structs)
    if not isinstance(t, GenericType):
        raise SizeError(f"type {t} has no size")
    name = t.name
    if name in ("int", "uint", "real"):
        n = t.int_params[0]
        return Layout(n, n)
    if name in ("char", "bool"):
        return Layout(1, 1)
    if name == "complex":
        part = layout(t.params[0], structs)
        return Layout(2 * part.size, part.align)
    if name in _POINTER_SIZED:
        return Layout(8, 8)
    if name == "vector":
        size = layout(t.params[0], structs).size * t.int_params[0]
        return Layout(size, size)
    if name == "unit":
        return Layout(0, 1)
    if name == "atomic":
        # gcc aligns an atomic object of a power-of-two size up to 16 bytes to
        # its size (an _Atomic _Complex float to 8), others as their type.
        inner = layout(t.params[0], structs)
        if inner.size in (1, 2, 4, 8, 16):
            return Layout(inner.size, max(inner.align, inner.size))
        return inner
    if name in QUALIFIERS:
        return layout(t.params[0], structs)
    if name == "array":
        count = t.int_params[0]
        elem = layout(t.params[0], structs)
        if isinstance(t, VlaType):
            raise SizeError(f"array {t} has a run-time size")
        if count is None or count < 0:
            raise SizeError(f"array {t} has no static size")
        return Layout(elem.size * count, elem.align)
    raise SizeError(f"type {t} has no size")


def record_layout(decl: StructDecl, structs: StructTable | None = None) -> Layout:
    """The layout of a struct or union definition."""
    if decl.tag == "union":
        size, align = 0, max(1, decl.align)
        for f in decl.fields:
            fl = _member_layout(f, structs, False, decl.packed)
            size = max(size, fl.size if f.bits is None else _ceil_div(f.bits, 8))
            if f.bits is None or f.name:
                align = max(align, fl.align)
        return Layout(_round_up(size, align), align, tuple(0 for _ in decl.fields))
    return fields_layout(decl.fields, structs, decl.packed, decl.align)


def fields_layout(
    fields: Iterable[Field | Type],
    structs: StructTable | None = None,
    packed: bool = False,
    min_align: int = 0,
) -> Layout:
    """The layout of a struct with these members, in order (types mean unnamed plain
    members); ``packed`` and ``min_align`` are the record's (see the module docstring)."""
    fields = list(fields)
    bit = 0
    align = max(1, min_align)
    offsets: list[int] = []
    for i, f in enumerate(fields):
        bits, named = (f.bits, bool(f.name)) if isinstance(f, Field) else (None, True)
        fl = _member_layout(f, structs, i == len(fields) - 1, packed)
        if bits is None:
            offset = _round_up(_ceil_div(bit, 8), fl.align)
            offsets.append(offset)
            bit = (offset + fl.size) * 8
            align = max(align, fl.align)
            continue
        if packed:  # the next bit; a zero-width bit-field pads to its type's unit
            unit = layout(f.type, structs).align * 8 if bits == 0 else 1
            bit = _round_up(bit, unit)
            offsets.append(bit // 8)
            bit += bits
            continue
        unit_bits = fl.align * 8
        if bits == 0:
            bit = _round_up(bit, unit_bits)
            offsets.append(bit // 8)
            continue
        unit_start = (bit // unit_bits) * unit_bits
        if bit + bits > unit_start + fl.size * 8:
            bit = _round_up(bit, unit_bits)
        offsets.append((bit // unit_bits) * fl.align)
        bit += bits
        if named:
            align = max(align, fl.align)
    return Layout(_round_up(_ceil_div(bit, 8), align), align, tuple(offsets))


def _member_layout(
    f: Field | Type, structs: StructTable | None, trailing: bool, packed: bool
) -> Layout:
    t, min_align = (f.type, f.align) if isinstance(f, Field) else (f, 0)
    if trailing and isinstance(t, GenericType) and t.name == "array" and t.int_params[0] is None:
        natural = Layout(0, layout(t.params[0], structs).align)
    else:
        natural = layout(t, structs)
    if not packed and min_align <= natural.align:
        return natural
    return Layout(natural.size, max(1 if packed else natural.align, min_align), natural.offsets)


def _round_up(n: int, align: int) -> int:
    return (n + align - 1) // align * align


def _ceil_div(n: int, d: int) -> int:
    return -(-n // d)
