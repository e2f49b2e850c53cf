"""The ``depend`` clause and depend objects (OpenMP 5.2 §15.9.5, §15.9.4).

A ``depend(kind: list)`` clause of a task becomes one ``dependence`` value per
list item, ``dep_<kind>(&item)`` (:mod:`inspire.builtins`), in the task's
``job ... depend(...)``: the item's storage is named by its address, an
array section ``a[lo:len]`` by the address of its first element ``&a[lo]``
(sections of one dependence must then start at the same element or be
disjoint, as OpenMP requires of conforming programs).  ``omp_all_memory``
(``out``/``inout`` only) is ``dep_all()``, and ``depend(depobj: o)`` is
``dep_obj(&o)``, the dependence stored in the depend object ``o``.

``#pragma omp depobj(o)`` with ``depend(kind: x)``, ``update(kind)`` or
``destroy`` lowers to ``depobj_init``, ``depobj_update`` and
``depobj_destroy`` on ``&o``, which must be an ``omp_depend_t``.

Not supported (a precise error at the pragma): the ``iterator`` modifier,
whose number of dependences is known only at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.builtins import builtin
from inspirec.inspire.typecheck import make_call
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: depend kinds -> the builtin making a dependence of that kind.
KINDS = {
    "in": "dep_in",
    "out": "dep_out",
    "inout": "dep_inout",
    "mutexinoutset": "dep_mutexinoutset",
    "inoutset": "dep_inoutset",
    "depobj": "dep_obj",
}

#: The kinds a depend object may hold, numbered as the runtime's
#: ``INSPIRE_DEP_*`` macros (inspire_rt.h; checked by a test).
OBJECT_KINDS = {"in": 1, "out": 2, "inout": 3, "mutexinoutset": 4, "inoutset": 5}

#: The list item naming all memory (OpenMP 5.1).
ALL_MEMORY = "omp_all_memory"


def split_top_level(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside parentheses and brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _section_start(item: str) -> str:
    """The lvalue text of the first element of ``item``: every array section
    subscript ``[lo:len]`` (``lo`` omitted: 0) becomes ``[lo]``."""
    out, i = [], 0
    while i < len(item):
        if item[i] != "[":
            out.append(item[i])
            i += 1
            continue
        depth, j = 0, i
        while j < len(item):
            depth += item[j] == "["
            depth -= item[j] == "]"
            if depth == 0:
                break
            j += 1
        inner = item[i + 1 : j]
        pieces = split_top_level(inner, ":")
        if len(pieces) > 1:
            inner = pieces[0].strip() or "0"
        out.append(f"[{_section_start(inner)}]")
        i = j + 1
    return "".join(out)


def _address(ctx: LoweringContext, d: Directive, item: str) -> n.Node:
    """``&item`` (an array section: of its first element), a pointer value."""
    start = _section_start(item)
    expr = d.parse_expr(ctx, start)
    if not _is_lvalue(expr):
        raise d.error(
            f"'{item.strip()}' is not lvalue expression nor array section in 'depend' clause"
        )
    return ctx.expr.value(d.parse_expr(ctx, f"&({start})"))


def _is_lvalue(expr: c_ast.Node) -> bool:
    if isinstance(expr, c_ast.ID | c_ast.ArrayRef | c_ast.StructRef):
        return True
    return isinstance(expr, c_ast.UnaryOp) and expr.op == "*"


def _kind_and_items(d: Directive, text: str) -> tuple[str, list[str]]:
    head, colon, rest = text.partition(":")
    kind = head.strip()
    if kind in ("source", "sink"):
        raise d.error(f"'depend({kind})' is only allowed in 'omp ordered'")
    if kind.startswith("iterator"):
        raise d.error("the 'iterator' modifier of 'depend' is not supported")
    if not colon or kind not in KINDS:
        raise d.error(f"invalid depend kind before '{kind or text.strip()}'")
    items = [x for x in split_top_level(rest, ",")]
    if not all(x.strip() for x in items):
        raise d.error("expected expression in 'depend' clause")
    return kind, items


def _dependence(ctx: LoweringContext, d: Directive, kind: str, item: str) -> n.Node:
    loc = ctx.loc(d.node)
    if item.strip() == ALL_MEMORY:
        if kind not in ("out", "inout"):
            raise d.error(f"'{ALL_MEMORY}' used with 'depend' kind other than 'out' or 'inout'")
        return make_call(builtin("dep_all"), (), loc)
    address = _address(ctx, d, item)
    if kind == "depobj":
        _check_depend_object(d, address, f"type of '{item.strip()}' is not 'omp_depend_t'")
    return make_call(builtin(KINDS[kind]), (address,), loc)


def dependences(ctx: LoweringContext, d: Directive) -> tuple[n.Node, ...]:
    """The dependence values of every ``depend`` clause of ``d``, in order."""
    out: list[n.Node] = []
    for text in d.clauses.get("depend", []):
        kind, items = _kind_and_items(d, text)
        out.extend(_dependence(ctx, d, kind, item) for item in items)
    return tuple(out)


def _check_depend_object(d: Directive, address: n.Node, message: str) -> None:
    """``message`` unless ``address`` points to an ``omp_depend_t``."""
    pointee = address.type.params[0]
    if not (isinstance(pointee, n.TagType) and pointee.name == "omp_depend_t"):
        raise d.error(message)


def depobj(ctx: LoweringContext, d: Directive) -> list[n.Node]:
    """``#pragma omp depobj(o)`` with exactly one of ``depend``, ``update`` and
    ``destroy``: the call storing, changing or clearing o's dependence."""
    if not d.argument:
        raise d.error("expected '(' before end of line")
    loc = ctx.loc(d.node)
    obj = _address(ctx, d, d.argument)
    _check_depend_object(d, obj, "type of 'depobj' expression is not 'omp_depend_t'")
    actions = [c for c in ("depend", "update", "destroy") for _ in d.clauses.get(c, [])]
    if len(actions) != 1:
        raise d.error("expected exactly one of 'depend', 'destroy' or 'update' clauses on 'depobj'")
    if "depend" in d.clauses:
        kind, items = _kind_and_items(d, d.clauses["depend"][0])
        if len(items) != 1:
            raise d.error("more than one locator in 'depend' clause on 'depobj' construct")
        if kind == "depobj" or items[0].strip() == ALL_MEMORY:
            raise d.error(f"'depend({kind}: {items[0].strip()})' is not valid on 'depobj'")
        dep = _dependence(ctx, d, kind, items[0])
        return [make_call(builtin("depobj_init"), (obj, dep), loc)]
    if "update" in d.clauses:
        kind = d.clauses["update"][0].strip()
        if kind not in OBJECT_KINDS:
            raise d.error("expected 'in', 'out', 'inout', 'mutexinoutset' or 'inoutset'")
        number = n.Literal(t.INT4, str(OBJECT_KINDS[kind]))
        return [make_call(builtin("depobj_update"), (obj, number), loc)]
    named = d.clauses["destroy"][0].strip()
    if named and named.replace(" ", "") != d.argument.replace(" ", ""):
        raise d.error("the 'destroy' clause must name the 'depobj' object")
    return [make_call(builtin("depobj_destroy"), (obj,), loc)]
