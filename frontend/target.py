"""OpenMP's device constructs, run on the host: ``target`` and the
constructs combined with it, ``target data``, ``target enter data``,
``target exit data``, ``target update`` and ``declare target``.

inspirec has no offload device, as gcc 12 built without offloading has
none: ``omp_get_num_devices()`` is 0 and every device construct runs on
the host, as libgomp's host fallback runs it (also with an ``if`` clause
that is false or a ``device`` clause naming a device that does not exist).
What a program can observe of that, inspirec reproduces:

* **A target region** is run by the encountering task as a new initial
  thread: inside, ``omp_get_level()``, ``omp_get_thread_num()`` and
  ``omp_in_parallel()`` are 0 and ``omp_get_num_threads()`` is 1, also when
  the target is encountered in a parallel region; ``omp_get_num_teams()`` is
  1 and ``omp_get_thread_limit()`` is its ``thread_limit``.  A parallel
  region in it starts a team of its own.  The body is a task (the runtime's
  ``target_begin``/``target_end`` around it, in a taskgroup), undeferred
  unless ``nowait``; its ``depend`` clauses are the task's dependences, so a
  target without ``nowait`` waits for them, as the target task does.
* **Its data environment** is the host's, as mapping is on the host: a
  mapped variable (``map``, ``has_device_addr``, a ``declare target``
  global, an aggregate by default) is the original itself, so what the
  region writes to it is seen after it, whatever its map type; a variable
  that is not mapped is firstprivate: a scalar or a pointer that no clause
  names (``defaultmap`` changes this per category), a pointer that ``map``
  items only dereference (``p[0:n]``, ``p->x``: gcc attaches it), an
  ``is_device_ptr`` pointer, a ``firstprivate`` one; a ``private`` one is
  private.  A global
  scalar that is not ``declare target`` is firstprivate too, as in gcc.
  ``in_reduction`` is a task's (:func:`frontend.openmp.lower_task`).
* **A combined construct** ``target X`` is a target region whose body is
  ``X``: ``map``, ``is_device_ptr``, ``has_device_addr``, ``defaultmap``,
  ``device``, ``nowait``, ``depend``, ``in_reduction`` and an ``if`` for the
  target are the target's; ``firstprivate`` is both leaves'; the other
  clauses are ``X``'s.  A ``reduction``, ``lastprivate`` or ``linear``
  variable of ``X`` is mapped ``tofrom`` (OpenMP 5.0), also an iteration
  variable of an ``X`` with a ``simd`` or ``loop`` part (implicitly
  ``lastprivate``, :func:`frontend.openmp.lastprivate_iterations`); a
  ``shared`` one is not (gcc 12 firstprivatizes
  it on the target, so the host does not see its changes).
* **The data constructs** only evaluate their ``if`` and ``device``
  expressions (``target data`` then runs its body, where a
  ``use_device_ptr``/``use_device_addr`` item is the host's own); ``target
  enter data``, ``exit data`` and ``update`` with ``depend`` clauses are an
  empty task with those dependences (undeferred unless ``nowait``).
* **declare target** marks globals (the variables declared between
  ``declare target`` and ``end declare target``, or listed by ``to``,
  ``link`` or the list form); functions need nothing on the host.

gcc 12's errors for these directives are given as gcc gives them: map
types per construct, map modifiers, duplicated and conflicting list items,
``defaultmap`` behaviours and categories, the clause a data construct
needs, ``is_device_ptr``/``use_device_ptr`` items that are not pointers,
``device(ancestor: ...)`` without ``requires reverse_offload``, unmatched
``declare target`` blocks; and its warning for a target construct inside a
target region.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from inspirec.frontend import openmp as omp
from inspirec.frontend.clause_checks import (
    DEVICE_MODIFIER,
    argument_items,
    defaultmap_categories,
    map_items,
    motion_items,
    section_bounds,
    variable_type,
)
from inspirec.frontend.cparse import c_nodes
from inspirec.frontend.depend import dependences, section_base
from inspirec.frontend.symbols import GlobalSymbol, VarSymbol, fail
from inspirec.inspire import nodes as n
from inspirec.inspire import parallel as par
from inspirec.inspire import types as t
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext

Directive = omp.Directive

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")

#: The clauses of ``target`` (``allocate`` added by the registry).
_TARGET_CLAUSES = ("if", "device", "thread_limit", "private", "firstprivate", "map",
                   "is_device_ptr", "has_device_addr", "defaultmap", "nowait", "depend",
                   "in_reduction")  # fmt: skip
#: The clauses of a combined ``target X`` that only the target takes.
_TARGET_ONLY = frozenset({"device", "map", "is_device_ptr", "has_device_addr", "defaultmap",
                          "nowait", "depend", "in_reduction", "allocate"})  # fmt: skip


# ---------------------------------------------------------------- list items


def _mapped(ctx: LoweringContext, d: Directive) -> list[str]:
    """The variables the ``map`` clauses of ``d`` map, in source order: the
    bases of array sections and members, but not a pointer whose pointee an
    item maps (``p[0:n]``, ``p->x``): gcc attaches such a pointer to the
    mapped storage, so it is firstprivate unless an item maps it whole."""
    out = []
    for span in d.spans:
        if span.clause != "map":
            continue
        for item, _ in map_items(d, span):
            name = _IDENTIFIER.match(item).group()
            if item == name or not t.is_ptr(variable_type(ctx, name) or t.UNIT):
                out.append(name)
    return out


def _defaultmap(d: Directive) -> dict[str, str]:
    """The ``defaultmap`` behaviour of each variable category it names."""
    out: dict[str, str] = {}
    for span in d.spans:
        if span.clause == "defaultmap":
            behaviour, categories = defaultmap_categories(d, span)
            out.update((category, behaviour) for category in categories)
    return out


def _category(ty: n.Type) -> str:
    """The ``defaultmap`` category of a variable of type ``ty``."""
    ty = t.strip_qualifiers(ty)
    if t.is_ptr(ty):
        return "pointer"
    if t.is_array(ty) or isinstance(ty, n.TagType):
        return "aggregate"
    return "scalar"


def _implicit(ty: n.Type, defaults: dict[str, str]) -> str:
    """How a variable of type ``ty`` that no clause names is shared in a
    target region: ``shared`` (mapped), ``firstprivate`` or ``none``."""
    category = _category(ty)
    behaviour = defaults.get(category, "default")
    if behaviour == "default":
        return "shared" if category == "aggregate" else "firstprivate"
    if behaviour in ("firstprivate", "none"):
        return behaviour
    return "shared"


# ------------------------------------------------------------ clause values


def _device_and_condition(ctx: LoweringContext, d: Directive, construct: str) -> list[n.Node]:
    """The runtime's check of the device of ``d`` (its ``device`` clause's
    value, the default device without one, the host when its ``if`` clause
    for ``construct`` is false), then the bounds of the array sections it
    maps or moves, evaluated for their effects (every device is the host)."""
    x = ctx.expr
    text = d.expression("device")
    device: n.Node = n.Literal(t.INT4, "-1")
    if text is not None:
        modifier = DEVICE_MODIFIER.match(text)
        expr = text[modifier.end() :] if modifier is not None else text
        device = x.convert(omp.clause_value(ctx, expr, d), t.INT4)
    cond = d.condition(construct)
    if cond is not None:
        device = x.op("ite", omp.clause_scalar(ctx, cond, d), device, n.Literal(t.INT4, "-2"))
    out = [x.op("target_device", device, loc=ctx.loc(d.node))]
    for span in d.spans:  # the array sections' bounds, as gcc computes them
        items = map_items(d, span) if span.clause == "map" else []
        if span.clause in ("to", "from") and d.name == "target update":
            items = motion_items(d, span)
        for item, _ in items:
            for low, length in section_bounds(item):
                out.extend(omp.clause_value(ctx, bound, d) for bound in (low, length) if bound)
    return out


# ----------------------------------------------------------- target regions


def _implicit_globals(
    ctx: LoweringContext, d: Directive, body: list, listed: dict[str, str], defaults: dict[str, str]
) -> dict[n.Variable, n.Node]:
    """The globals and static locals the body of target ``d`` names that the
    region firstprivatizes (no clause names them, they are not ``declare
    target``, their category's default is firstprivate), each as a local of
    the same name and type mapped to the global (see
    :func:`frontend.openmp.as_locals`); gcc's error for a threadprivate one
    (at its use: gcc points at the expression using it)."""
    out: dict[n.Variable, n.Node] = {}
    names = sorted({x.name for item in body for x in c_nodes(item) if isinstance(x, c_ast.ID)})
    for name in names:
        sym = ctx.scope.lookup(name)
        if name in listed or not isinstance(sym, GlobalSymbol):
            continue
        info = ctx.program.globals.get(sym.glob.name)
        if info is not None and info.thread_local:
            use = next(x for item in body for x in c_nodes(item)
                       if isinstance(x, c_ast.ID) and x.name == name)  # fmt: skip
            raise fail(f"threadprivate variable '{name}' used in target region", use)
        if info is None or info.declare_target:
            continue
        how = _implicit(t.element(sym.glob.type), defaults)
        if how == "none":
            raise omp.not_specified(d, body, name, "target")
        if how == "firstprivate":
            out[n.Variable(sym.glob.type, name)] = ctx.expr.expr(c_ast.ID(name, coord=d.node.coord))
    return out


def _target(
    ctx: LoweringContext,
    d: Directive,
    body: list,
    lower_body: Callable[[], n.CompoundStmt] | None = None,
    mapped: tuple[str, ...] = (),
) -> list[n.Node]:
    """The target region of directive ``d`` (the ``target`` leaf of a
    combined construct, whose ``lower_body`` lowers the inner construct and
    whose ``mapped`` variables the inner construct reduces or assigns last):
    see the module docstring."""
    x = ctx.expr
    defaults = _defaultmap(d)
    listed = omp.listed_variables(ctx, d)
    addressed = (section_base(item) for item in d.variables("has_device_addr"))
    for name in (*_mapped(ctx, d), *addressed, *mapped):
        listed[name] = "shared"
    for name in d.variables("is_device_ptr"):
        listed[name] = "firstprivate"
    reds = omp.reductions(ctx, d, "in_reduction")
    listed.update((r.var.name, "private") for r in reds)
    evaluated = _device_and_condition(ctx, d, "target")
    limit_value = omp.teams_value(ctx, d, "thread_limit")
    limit = n.Variable(t.ref(t.INT4), "__inspire_thread_limit")  # captured by the task

    def decide(var: n.Variable, depth: int) -> str:
        if var.name in listed:
            return listed[var.name]
        return _implicit(t.element(var.type), defaults)

    def lower() -> list[n.Node]:
        closure = omp.outline(ctx, d, body, decide, lower_body)
        stmts: tuple[n.Node, ...] = closure.body.stmts
        if reds:
            stmts = tuple(omp.with_reductions(ctx, d, reds, stmts))
        loc = ctx.loc(d.node)
        region = n.CompoundStmt(
            (
                x.op("target_begin", x.op("ref_deref", limit), loc=loc),
                par.taskgroup(n.CompoundStmt(stmts), loc=loc),
                x.op("target_end", loc=loc),
            )
        )
        captures = (*closure.captures, omp.capture(ctx, limit, "firstprivate"))
        if reds:
            values = (v for r in reds for v in r.values)
            captures = captures + tuple(omp.capture(ctx, v, "firstprivate") for v in values)
        closure = n.BindExpr(closure.type, closure.params, captures, region)
        deps = dependences(ctx, d)
        deferred = n.Literal(t.INT4, "1" if "nowait" in d.clauses else "0")
        spawn = par.task(closure, deferred, n.Literal(t.INT4, "0"), tuple(deps.values),
                         loc=loc)  # fmt: skip
        if reds:
            own = [r for r in reds if omp.task_reduction_pointer(ctx, r) is None]
            spawn = n.CompoundStmt((*omp.reduction_pointers(ctx, own), spawn))
        return [
            *evaluated,
            n.DeclStmt(n.Declaration(limit.type, limit_value), limit),
            *deps.around(spawn),
        ]

    globals_ = _implicit_globals(ctx, d, body, listed, defaults)
    return [n.CompoundStmt(tuple(omp.as_locals(ctx, globals_, lower)))]


@omp.directive("target", clauses=_TARGET_CLAUSES, outlined=True)
def lower_target(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``target``: the body as a target region on the host (module docstring)."""
    _check_teams_alone(ctx, d, body)
    return _target(ctx, d, body)


def _check_teams_alone(ctx: LoweringContext, d: Directive, body: list) -> None:
    """gcc's error for a target region whose body has a ``teams`` construct
    and another directive outside it (statements are allowed)."""
    found = {"teams": 0, "other": 0}

    def block(items: list) -> None:
        j = 0
        while j < len(items):
            item = items[j]
            if isinstance(item, c_ast.Pragma) and omp.is_omp(item):
                directive = ctx.program.directive(item)
                found["teams" if directive.name.startswith("teams") else "other"] += 1
                if directive.form == "construct" and j + 1 < len(items):  # not closely nested
                    _, j = omp.construct_body(ctx, items, j + 1, item)
                    continue
            else:
                nested(item)
            j += 1

    def nested(node: c_ast.Node) -> None:
        if isinstance(node, c_ast.Compound):
            block(node.block_items or [])
            return
        for _, child in node.children():
            nested(child)

    block(body)
    if found["teams"] and (found["teams"] > 1 or found["other"]):
        raise d.error(
            "'target' construct with nested 'teams' construct contains directives outside of the "
            "'teams' construct"
        )


#: The constructs ``target`` combines with, as gcc 12 has them.
_COMBINED = ("parallel", "parallel for", "parallel for simd", "parallel loop", "simd", "teams",
             "teams distribute", "teams distribute simd", "teams distribute parallel for",
             "teams distribute parallel for simd", "teams loop")  # fmt: skip


def _target_combined(ctx: LoweringContext, d: Directive, body: list, inner: str) -> list[n.Node]:
    """``target`` ``inner``: a target region whose body is the ``inner``
    construct (module docstring for the clauses each leaf takes; ``allocate``
    is the inner construct's where it takes one, ``thread_limit`` the
    target's and a ``teams`` leaf's)."""
    inner_clauses = omp.DIRECTIVES[inner].clauses
    target_clauses = (frozenset(_TARGET_CLAUSES) - {"private"}) | ({"allocate"} - inner_clauses)
    target = omp.leaf_directive(d, "target", target_clauses)
    leaf = omp.leaf_directive(d, inner, inner_clauses - (_TARGET_ONLY - {"allocate"}))
    reduced = omp.reduced_items(d, "reduction")
    linear = (name for name, _ in omp.linear_items(d)) if "linear" in d.clauses else ()
    mapped = tuple(sorted({*reduced, *omp.lastprivate_items(ctx, d)[0], *linear}))

    def lower_inner() -> n.CompoundStmt:
        return omp.lowered_block(ctx, inner, leaf, body)

    return _target(ctx, target, body, lower_inner, mapped)


def _register_target_combined() -> None:
    """Register ``target`` combined with each construct of :data:`_COMBINED`."""
    for inner in _COMBINED:
        spec = omp.DIRECTIVES[inner]
        omp.directive(
            f"target {inner}",
            clauses=tuple(sorted(frozenset(_TARGET_CLAUSES) | spec.clauses - {"copyin"})),
            outlined=True,
            team=spec.team,
        )(functools.partial(_target_combined, inner=inner))


_register_target_combined()


# -------------------------------------------------------- data constructs


@omp.directive("target data", clauses=("if", "device", "map", "use_device_ptr", "use_device_addr"))
def lower_target_data(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``target data``: its ``device`` and ``if`` expressions, then the body
    (on the host a mapping maps a variable onto itself)."""
    evaluated = _device_and_condition(ctx, d, "target data")
    return [n.CompoundStmt((*evaluated, ctx.stmt.items_block(body)))]


def _standalone_data(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``target enter data``, ``target exit data``, ``target update``: the
    ``device`` and ``if`` expressions; with ``depend`` clauses, an empty
    task with those dependences (deferred with ``nowait``, else waited for)."""
    evaluated = _device_and_condition(ctx, d, d.name)
    if "depend" not in d.clauses:
        return evaluated
    deps = dependences(ctx, d)
    empty = n.BindExpr(t.function([], t.UNIT), (), (), n.CompoundStmt(()))
    deferred = n.Literal(t.INT4, "1" if "nowait" in d.clauses else "0")
    spawn = par.task(empty, deferred, n.Literal(t.INT4, "0"), tuple(deps.values),
                     loc=ctx.loc(d.node))  # fmt: skip
    return [*evaluated, *deps.around(spawn)]


for _name, _moved in (("target enter data", "map"), ("target exit data", "map"),
                     ("target update", "to from")):  # fmt: skip
    _clauses = ("if", "device", *_moved.split(), "nowait", "depend")
    omp.directive(_name, form="standalone", clauses=_clauses)(_standalone_data)


# ------------------------------------------------------------ declare target


@omp.directive("declare target", form="declarative", argument=True,
               clauses=("to", "link", "device_type"))  # fmt: skip
def lower_declare_target(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """``declare target``: with a list (``(list)``, ``to``, ``link``) the
    listed globals are mapped in every target region; without one it opens
    a block (to ``end declare target``) whose globals are (gcc's warning
    when it has only ``device_type``: ignored)."""
    if d.argument is not None and d.clauses:
        clause = d.spans[0].clause
        raise d.error_at(omp.clause_name_at(d, clause), f"expected end of line before '{clause}'")
    for span in d.spans:
        if span.clause == "device_type":
            kind, at = next(iter(motion_items(d, span)), ("", span.after + 1))
            if kind not in ("host", "nohost", "any"):
                raise d.error_at(at, f"expected 'host', 'nohost' or 'any' before '{kind}'")
    # each list (the argument's, then the clauses'): its kind, items and where gcc reports
    lists = [(span.clause, motion_items(d, span), span.after) for span in reversed(d.spans)
             if span.clause in ("to", "link")]  # fmt: skip
    if d.argument is not None:
        lists = [("to", argument_items(d), d.argument_at)]
    seen: set[str] = set()
    for kind, items, where in lists:
        for name, at in reversed(items):
            sym = ctx.scope.lookup(name)
            if sym is None:
                raise d.error_at(at, f"'{name}' undeclared here (not in a function)")
            if name in seen:
                message = f"'{name}' appears more than once on the same 'declare target' directive"
                raise d.error_at(where, message)
            seen.add(name)
            if not isinstance(sym, GlobalSymbol | VarSymbol):
                if kind == "link":
                    raise d.error_at(where, f"'{name}' is not a variable in clause 'link'")
                continue  # a function: nothing to map on the host
            info = ctx.program.globals.get(sym.glob.name) if isinstance(sym, GlobalSymbol) else None
            if info is None:
                continue
            if info.declare_target not in ("", kind):
                raise d.error_at(
                    where, f"'{name}' specified both in declare target 'link' and 'to' clauses"
                )
            info.declare_target = kind
    if lists:
        return []
    if "device_type" in d.clauses:
        span = next(span for span in d.spans if span.clause == "device_type")
        ctx.program.log.add(
            d.diagnostic_at(
                span.after,
                "directive with only 'device_type' clauses ignored",
                "warning",
            )
        )
        return []
    ctx.program.declare_target_blocks.append(d)
    return []


@omp.directive("end declare target", form="declarative")
def lower_end_declare_target(ctx: LoweringContext, d: Directive, body: list) -> list[n.Node]:
    """The end of a ``declare target`` block."""
    if not ctx.program.declare_target_blocks:
        raise d.error(
            "'#pragma omp end declare target' without corresponding '#pragma omp declare target'"
        )
    ctx.program.declare_target_blocks.pop()
    return []
