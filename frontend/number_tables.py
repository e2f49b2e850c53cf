"""Long initialiser lists of number constants, lowered as one IR node.

A table such as ``static const uint16_t t[] = {3, 1, 4, 1, 5, ...}`` of
100000 entries would otherwise become 100000 literal nodes, which every
later stage (passes, analyses, the verifier, the backend) walks: a
compression library's or a codec's tables made its build minutes long.
:func:`number_table` makes such a list one
:class:`~inspirec.inspire.nodes.DataInit`, whose values are the source's
own spellings, which the C compiler converts to the element type as it
would have converted them in the source.
"""

from __future__ import annotations

from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.syntax import NUMBER_RE
from pycparser import c_ast

#: The fewest values a list needs to become one node: shorter ones gain little.
MIN_VALUES = 16


def number_table(init: c_ast.InitList, ty: n.Type) -> n.DataInit | None:
    """``init`` as one :class:`~inspirec.inspire.nodes.DataInit` of the array
    type ``ty`` (complete: the declaration's size, or the one its initialiser
    gives) when it is a list of at least :data:`MIN_VALUES` number constants
    (each perhaps negated, none designated) and ``ty`` is a one-dimensional
    array of integers or reals with room for them; else None (the list is
    lowered item by item, with brace elision, designators and gcc's
    warnings)."""
    ty = t.strip_qualifiers(ty)
    items = init.exprs or []
    if len(items) < MIN_VALUES or not t.is_array(ty) or t.is_vla(ty):
        return None
    element = t.strip_qualifiers(ty.params[0])
    size = ty.int_params[0]
    room = size is None or size >= len(items)
    if not (t.is_integer(element) or t.is_real(element)) or not room:
        return None
    spellings = []
    for item in items:
        sign = ""
        if isinstance(item, c_ast.UnaryOp) and item.op == "-":
            sign, item = "-", item.expr
        if not (isinstance(item, c_ast.Constant) and NUMBER_RE.fullmatch(item.value)):
            return None
        spellings.append(sign + item.value)
    return n.DataInit(ty, tuple(spellings))
