"""The values of a :class:`~inspirec.inspire.nodes.DataInit` against its type.

A data initialiser holds C number spellings and nested lists of them
(``DataValues``: a tuple whose items are spellings or such tuples), as a C
initialiser list written without designators.  :func:`data_fits` is the
shape both the frontend (before it makes one) and the verifier require:
each list initialises an aggregate member for member, with no braces left
out and none too many, every scalar it reaches is an integer or a real,
and no list is longer than its aggregate; so the C compiler reads the
emitted list exactly as the source's.
"""

from __future__ import annotations

from collections.abc import Callable

from inspirec.inspire.nodes import StructDecl, TagType, Type
from inspirec.inspire.types import is_array, is_integer, is_real, is_vla, strip_qualifiers

#: A data initialiser's values: spellings, and nested lists of them.
DataValues = tuple["str | DataValues", ...]


def data_fits(values: DataValues, ty: Type, record: Callable[[TagType], StructDecl | None]) -> bool:
    """Whether ``values`` initialise ``ty`` member for member (see the module
    docstring); ``record`` gives a struct or union type's definition (None:
    unknown).  An array of unknown size takes any number of values."""
    ty = strip_qualifiers(ty)
    if is_array(ty) and not is_vla(ty):
        size = ty.int_params[0]
        if size is not None and len(values) > size:
            return False
        element = strip_qualifiers(ty.params[0])
        if is_integer(element) or is_real(element):  # the common case, checked at once
            return not any(isinstance(v, tuple) for v in values)
        members = [element] * len(values)
    elif isinstance(ty, TagType):
        decl = record(ty)
        if decl is None or not decl.complete:
            return False
        if any(not f.name or f.bits == 0 for f in decl.fields):  # anonymous or padding members
            return False
        members = [f.type for f in decl.fields[: 1 if ty.tag == "union" else None]]
        if len(values) > len(members):
            return False
    else:
        return False
    return all(_item_fits(v, m, record) for v, m in zip(values, members, strict=False))


def _item_fits(value: str | DataValues, ty: Type, record) -> bool:  # type: ignore[no-untyped-def]
    if isinstance(value, tuple):
        inner = strip_qualifiers(ty)
        sized = not is_array(inner) or inner.int_params[0] is not None
        return sized and data_fits(value, ty, record)
    ty = strip_qualifiers(ty)
    return is_integer(ty) or is_real(ty)


def leaf_count(values: DataValues) -> int:
    """How many spellings ``values`` hold, at every depth."""
    return sum(leaf_count(v) if isinstance(v, tuple) else 1 for v in values)


def spellings(values: DataValues) -> list[str]:
    """The spellings of ``values``, at every depth, in order."""
    return [s for v in values for s in (spellings(v) if isinstance(v, tuple) else [v])]


def listed(values: DataValues, brackets: str = "{}") -> str:
    """``values`` as a list in ``brackets``: C's initialiser ``{1, {2, 3}}``,
    the IR text format's ``[1, [2, 3]]``."""
    items = (listed(v, brackets) if isinstance(v, tuple) else v for v in values)
    return f"{brackets[0]}{', '.join(items)}{brackets[1]}"
