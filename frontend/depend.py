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

The ``iterator`` modifier (OpenMP 5.2 §3.2.6), ``depend(iterator([T] i =
begin:end[:step], ...), kind: list)``, names one dependence per list item
and iterator value, so their number is known only at run time: before the
construct, ``var ptr<unit> __inspire_depsN = dep_list_new()`` and a loop nest
over the iterator values (begin, end and step evaluated once, in order;
``T`` is ``int`` unless given; a range with no value gives no dependence)
whose body is ``dep_list_add(L, dep_<kind>(&item))`` per item (``T`` an
integer or pointer type); the
construct's dependence is ``dep_list(L)``, and ``dep_list_free(L)`` follows
it (the runtime copies what it keeps when the task is created).  The same
modifier on ``affinity`` (a hint, ignored) only has its expressions checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspirec.frontend.symbols import VarSymbol
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import builtin
from inspirec.inspire.typecheck import make_call
from inspirec.inspire.visitor import replace_at
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

#: The name an iterator declares: the last identifier before its ``=``.
_DECLARED_NAME = re.compile(r"([A-Za-z_]\w*)\s*$")

#: The list item naming all memory (OpenMP 5.1).
ALL_MEMORY = "omp_all_memory"


def split_top_level(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside parentheses, brackets and
    braces; a ``:`` that ends a conditional expression ``c ? a : b`` is not
    a separator."""
    parts, start = [], 0
    pending = [0]  # per nesting level: the '?' still waiting for their ':'
    for i, ch in enumerate(text):
        if ch in "([{":
            pending.append(0)
        elif ch in ")]}":
            if len(pending) > 1:
                pending.pop()
        elif ch == "?":
            pending[-1] += 1
        elif ch == ":" and pending[-1]:
            pending[-1] -= 1
        elif ch == separator and len(pending) == 1:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def partition_top_level(text: str, separator: str) -> tuple[str, str, str]:
    """``str.partition`` at the first top-level ``separator`` (see
    :func:`split_top_level`)."""
    first, *rest = split_top_level(text, separator)
    return (first, separator, text[len(first) + 1 :]) if rest else (text, "", "")


def section_base(item: str) -> str:
    """The variable a list item names: itself, or the base of an array
    section or element (``a`` of ``a[1:n]``)."""
    return item.partition("[")[0].strip()


def matching_bracket(text: str, i: int) -> int:
    """The index of the ``]`` closing the ``[`` at ``text[i]``, -1 if none does."""
    depth = 0
    for j in range(i, len(text)):
        depth += (text[j] == "[") - (text[j] == "]")
        if depth == 0:
            return j
    return -1


def _section_start(item: str) -> str:
    """The lvalue text of the first element of ``item``: every array section
    subscript ``[lo:len]`` (``lo`` omitted: 0) becomes ``[lo]``."""
    out, i = [], 0
    while i < len(item):
        if item[i] != "[":
            out.append(item[i])
            i += 1
            continue
        j = matching_bracket(item, i)
        j = len(item) if j < 0 else j
        inner = item[i + 1 : j]
        pieces = split_top_level(inner, ":")
        if len(pieces) > 1:
            inner = pieces[0].strip() or "0"
        out.append(f"[{_section_start(inner)}]")
        i = j + 1
    return "".join(out)


def item_address(ctx: LoweringContext, d: Directive, item: str, clause: str = "depend") -> n.Node:
    """``&item`` (an array section: of its first element), a pointer value."""
    start = _section_start(item)
    expr = d.parse_expr(ctx, start)
    if not _is_lvalue(expr):
        raise d.clause_error(
            clause,
            f"'{item.strip()}' is not lvalue expression nor array section in '{clause}' clause",
            containing=item,
        )
    return ctx.expr.value(d.parse_expr(ctx, f"&({start})"))


def _is_lvalue(expr: c_ast.Node) -> bool:
    if isinstance(expr, c_ast.ID | c_ast.ArrayRef | c_ast.StructRef):
        return True
    return isinstance(expr, c_ast.UnaryOp) and expr.op == "*"


def _iterator(d: Directive, text: str) -> tuple[str | None, str]:
    """The range specifications of a leading ``iterator(...)`` modifier of a
    clause's ``text`` (None without one) and the text after its comma or
    colon (``separator``)."""
    stripped = text.lstrip()
    if not stripped.startswith("iterator"):
        return None, text
    rest = stripped[len("iterator") :].lstrip()
    if not rest.startswith("("):
        return None, text
    depth = 0
    for i, ch in enumerate(rest):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return rest[1:i], rest[i + 1 :].lstrip()
    raise d.error("expected ')' after the 'iterator' modifier")


def _kind_and_items(d: Directive, text: str) -> tuple[str, list[str]]:
    head, colon, rest = text.partition(":")
    kind = head.strip()
    if kind in ("source", "sink"):
        raise d.clause_error("depend", f"'depend({kind})' is only allowed in 'omp ordered'")
    if not colon or kind not in KINDS:
        word = kind or text.strip()
        message = f"invalid depend kind before '{word}'"
        raise d.clause_error("depend", message, word=word, containing=text)
    items = [x for x in split_top_level(rest, ",")]
    if not all(x.strip() for x in items):
        raise d.clause_error("depend", "expected expression in 'depend' clause", containing=text)
    return kind, items


def _dependence(ctx: LoweringContext, d: Directive, kind: str, item: str) -> n.Node:
    loc = ctx.loc(d.node)
    if item.strip() == ALL_MEMORY:
        if kind not in ("out", "inout"):
            raise d.error(f"'{ALL_MEMORY}' used with 'depend' kind other than 'out' or 'inout'")
        return make_call(builtin("dep_all"), (), loc)
    address = item_address(ctx, d, item)
    if kind == "depobj":
        _check_depend_object(d, address, f"type of '{item.strip()}' is not 'omp_depend_t'")
    return make_call(builtin(KINDS[kind]), (address,), loc)


@dataclass
class Dependences:
    """The dependence values of a construct's ``depend`` clauses, in order,
    and the statements its lowering puts before and after it (the lists of
    the clauses with an ``iterator`` modifier)."""

    values: list[n.Node] = field(default_factory=list)
    before: list[n.Node] = field(default_factory=list)
    after: list[n.Node] = field(default_factory=list)

    def around(self, construct: n.Node) -> list[n.Node]:
        """``construct`` with the statements before and after it."""
        if not self.before:
            return [construct]
        return [n.CompoundStmt((*self.before, construct, *self.after))]


def dependences(ctx: LoweringContext, d: Directive) -> Dependences:
    """The dependences of every ``depend`` clause of ``d``, in order."""
    out = Dependences()
    for text in d.clauses.get("depend", []):
        ranges, rest = _iterator(d, text)
        if ranges is None:
            kind, items = _kind_and_items(d, text)
            out.values.extend(_dependence(ctx, d, kind, item) for item in items)
            continue
        if not rest.startswith(","):
            raise d.error("expected ',' after the 'iterator' modifier of 'depend'")
        kind, items = _kind_and_items(d, rest[1:])
        if any(x.strip() == ALL_MEMORY for x in items):
            raise d.error(f"'{ALL_MEMORY}' used with the 'iterator' modifier")
        loc = ctx.loc(d.node)
        handle = n.Variable(t.ref(t.ptr(t.UNIT)), f"__inspire_deps{len(out.before)}")
        new = make_call(builtin("dep_list_new"), (), loc)
        out.before.append(n.DeclStmt(n.Declaration(handle.type, new), handle))
        list_ = ctx.expr.op("ref_deref", handle)

        add = _list_adder(ctx, d, kind, list_)
        out.before.extend(_iterated(ctx, d, ranges, items, add, len(out.before)))
        out.values.append(make_call(builtin("dep_list"), (list_,), loc))
        out.after.append(make_call(builtin("dep_list_free"), (list_,), loc))
    return out


def _list_adder(
    ctx: LoweringContext, d: Directive, kind: str, list_: n.Node
) -> Callable[[str], n.Node]:
    """``item -> dep_list_add(list_, dep_<kind>(&item))``."""

    def add(item: str) -> n.Node:
        dep = _dependence(ctx, d, kind, item)
        return make_call(builtin("dep_list_add"), (list_, dep), ctx.loc(d.node))

    return add


def affinity(ctx: LoweringContext, d: Directive) -> None:
    """Check the ``affinity([iterator(...):] list)`` clauses of ``d`` (a hint
    the runtime does not take): every item must be an lvalue or an array
    section, with the iterators in scope."""
    for k, text in enumerate(d.clauses.get("affinity", [])):
        ranges, rest = _iterator(d, text)
        if ranges is not None:
            if not rest.startswith(":"):
                raise d.error("expected ':' after the 'iterator' modifier of 'affinity'")
            rest = rest[1:]
        items = split_top_level(rest, ",")
        if not all(x.strip() for x in items):
            raise d.error("expected expression in 'affinity' clause")

        def check(item: str) -> n.Node:
            item_address(ctx, d, item, "affinity")
            return n.CompoundStmt(())

        if ranges is None:
            for item in items:
                check(item)
        else:
            _iterated(ctx, d, ranges, items, check, k)


def _iterated(
    ctx: LoweringContext,
    d: Directive,
    ranges: str,
    items: list[str],
    lower: Callable[[str], n.Node],
    number: int,
) -> list[n.Node]:
    """The statements running ``lower(item)`` (an IR statement) for each of
    ``items`` and each value of the iterators ``ranges`` (the text inside
    ``iterator(...)``): locals holding each begin, end and step, then one
    ``for`` loop per iterator, the first outermost.  ``number`` makes the
    locals' names unique in the construct."""
    specs = [x.strip() for x in split_top_level(ranges, ",")]
    if not all(specs):
        raise d.error("expected identifier in the 'iterator' modifier")
    decls, loops, names = [], [], set()
    for level, spec in enumerate(specs):
        head, eq, range_ = spec.partition("=")
        declarator = _DECLARED_NAME.search(head)
        if not eq or declarator is None:
            raise d.error(f"expected '[type] identifier = begin:end[:step]', not '{spec}'")
        name, type_ = declarator.group(1), head[: declarator.start()].strip() or "int"
        if name in names:
            raise d.error(f"iterator '{name}' defined more than once")
        names.add(name)
        parts = [x.strip() for x in split_top_level(range_, ":")]
        if len(parts) not in (2, 3) or not all(parts):
            raise d.error(f"expected 'begin:end[:step]' for iterator '{name}'")
        begin, end, step = parts if len(parts) == 3 else (*parts, "1")
        prefix = f"__inspire_it{number}_{level}"
        decls += [
            f"{type_} {prefix}b = ({begin});",
            f"{type_} {prefix}e = ({end});",
            f"long {prefix}s = ({step});",
        ]
        loops.append(
            f"for ({type_} {name} = {prefix}b; {prefix}s > 0 ? {name} < {prefix}e : "
            f"{name} > {prefix}e; {name} += {prefix}s)"
        )
    with ctx.nested_scope():
        nest = n.CompoundStmt(tuple(d.statements(ctx, " ".join(decls + loops) + " {}")))
    fors = [a for a in Address.root_of(nest).descendants() if isinstance(a.node, n.ForStmt)]
    with ctx.nested_scope():
        for var in (s.var for a in fors for s in a.node.init.stmts if isinstance(s, n.DeclStmt)):
            ty = t.strip_qualifiers(var.type.params[0])
            if not (t.is_integer(ty) or t.is_ptr(ty)):
                raise d.error(f"iterator '{var.name}' has neither integral nor pointer type")
            ctx.scope.ordinary[var.name] = VarSymbol(var)
        body = n.CompoundStmt(tuple(lower(item) for item in items))
    return list(replace_at(fors[-1].child("body"), body).stmts)


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
    obj = item_address(ctx, d, d.argument)
    _check_depend_object(d, obj, "type of 'depobj' expression is not 'omp_depend_t'")
    actions = [c for c in ("depend", "update", "destroy") for _ in d.clauses.get(c, [])]
    if len(actions) != 1:
        raise d.error("expected exactly one of 'depend', 'destroy' or 'update' clauses on 'depobj'")
    if "depend" in d.clauses:
        if _iterator(d, d.clauses["depend"][0])[0] is not None:
            raise d.error("'iterator' modifier may not be specified on 'depobj' construct")
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
