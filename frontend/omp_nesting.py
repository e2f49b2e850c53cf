"""Where an OpenMP directive may be nested: gcc 12's rules for the nesting
of regions (OpenMP 5.2 §17.1), as gcc checks them, lexically.

The enclosing constructs are the lowering context's stack
(``ctx.constructs``, innermost last, one entry per directive of the
function being lowered; a call does not carry them into the callee, as
gcc's checks do not follow calls).  A combined or composite construct
(``parallel for simd``) stands for its leaf constructs, nested in the
order of its name; "closely nested" walks the leaves outwards and stops
at the first binding region, ``parallel`` or ``teams``.  A directive
nested in another is of the kind of its first leaf (``parallel for``
nested in ``single`` is a ``parallel``).

:func:`check_nesting` is called once per directive, before it is lowered,
and raises gcc's first error at the directive (``file:line:col`` of its
pragma), in gcc's order:

1. the innermost leaf is ``simd``: only ``ordered simd``, ``atomic`` and
   loop constructs (gcc 12 lets every loop construct through) may be
   nested in it;
2. the innermost leaf is ``teams``: only ``distribute``, ``parallel`` and
   ``loop``;
3. the innermost leaf is a ``loop`` or has ``order(concurrent)``: the
   rules of those regions apply, not checked here;
4. the rules of the directive itself: work-sharing constructs and
   ``barrier`` (:data:`_CLOSELY_FORBIDDEN`), ``master``/``masked``,
   ``scope``, ``critical`` inside a ``critical`` of the same name (any
   enclosing one), ``ordered`` (:func:`_check_ordered`), ``teams``
   (outside every construct, or closely nested in ``target``) and
   ``distribute`` (in ``teams``).

A device construct inside a target region is gcc's warning ("'target'
construct inside of 'target' region"); ``target`` binds the regions in it,
as ``parallel`` and ``teams`` do (its initial thread is in no region), and
each device data directive (``target data``, ``target update``, ...) is one
leaf.

An ``atomic`` takes an expression statement only: a directive after it is
gcc's parse error at that directive.  ``cancel`` and ``cancellation
point`` check their construct clause where they are lowered.
Directives that are no region (``flush``, ``depobj``, ``nothing``,
declarative directives) are accepted anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from inspirec.frontend.concurrent import atomic_error
from inspirec.frontend.doacross import is_doacross
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: The directives that are no region: gcc does not check where they are.
_NO_REGION = frozenset({"flush", "depobj", "nothing"})
#: The leaves that bind the regions closely nested in them: a walk outwards
#: from a directive stops at the first one (a target region's initial
#: thread is in no region).
_BINDING = frozenset({"parallel", "teams", "target"})
#: The device data directives: each is one leaf (not a ``target`` leaf).
DEVICE_DATA_DIRECTIVES = frozenset(
    {"target data", "target enter data", "target exit data", "target update"}
)
#: The loop constructs (first leaves) gcc 12 accepts closely nested in ``simd``.
_LOOPS = frozenset({"for", "simd", "distribute", "taskloop", "loop"})
#: The constructs allowed strictly nested in a ``teams`` region (first
#: leaves), besides the directives that are no region.
_IN_TEAMS = frozenset({"distribute", "parallel", "loop"})

_WORKSHARING_PLACES = (
    "work-sharing, 'loop', 'critical', 'ordered', 'master', 'masked', explicit 'task' or "
    "'taskloop' region"
)
#: The enclosing leaves (up to the binding region) each kind of directive
#: may not be closely nested in, and gcc's error.
_CLOSELY_FORBIDDEN: dict[str, tuple[frozenset[str], str]] = {}
_ALL_WORK = frozenset(
    {"for", "taskloop", "sections", "single", "ordered", "master", "masked", "task", "critical"}
)
for _kind in ("for", "sections", "single"):
    _CLOSELY_FORBIDDEN[_kind] = (
        _ALL_WORK,
        f"work-sharing region may not be closely nested inside of {_WORKSHARING_PLACES}",
    )
_CLOSELY_FORBIDDEN["barrier"] = (
    _ALL_WORK,
    f"barrier region may not be closely nested inside of {_WORKSHARING_PLACES}",
)
for _kind in ("master", "masked"):
    _CLOSELY_FORBIDDEN[_kind] = (
        frozenset({"for", "taskloop", "sections", "single", "task"}),
        f"'{_kind}' region may not be closely nested inside of work-sharing, 'loop', explicit "
        "'task' or 'taskloop' region",
    )
_CLOSELY_FORBIDDEN["scope"] = (
    _ALL_WORK,
    "'scope' region may not be closely nested inside of work-sharing, 'loop', explicit 'task', "
    "'taskloop', 'critical', 'ordered', 'master', or 'masked' region",
)

#: The constructs an ``ordered`` with a doacross clause may not be closely
#: nested in, and those it may be closely nested in only when they are a
#: loop with the ``ordered(n)`` clause; the other constructs are
#: transparent to it.
_ORDERED_FORBIDDEN = frozenset({"task", "taskloop", "critical", "ordered"})
_ORDERED_REGIONS = frozenset(
    {"for", "parallel", "parallel for", "sections", "parallel sections", "single", "master",
     "masked", "parallel master", "parallel masked", "distribute", "distribute simd",
     "distribute parallel for", "distribute parallel for simd", "teams distribute",
     "teams distribute simd", "teams distribute parallel for",
     "teams distribute parallel for simd", "teams loop"}
)  # fmt: skip
_ORDERED_IN_FORBIDDEN = (
    "'ordered' region may not be closely nested inside of 'critical', 'ordered', explicit "
    "'task' or 'taskloop' region"
)
_ORDERED_OUTSIDE_LOOP = (
    "'ordered' region must be closely nested inside a loop region with an 'ordered' clause"
)
_SIMD_ONLY = (
    "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be nested "
    "inside 'simd' region"
)


def leaves(ctx: LoweringContext) -> Iterator[tuple[str, Directive]]:
    """The leaf constructs enclosing the directive being lowered, innermost
    first, each with the directive it is a leaf of."""
    for construct in reversed(ctx.constructs):
        name = construct.name
        for leaf in [name] if name in DEVICE_DATA_DIRECTIVES else reversed(name.split()):
            yield leaf, construct


def check_nesting(ctx: LoweringContext, d: Directive, following: c_ast.Node | None) -> None:
    """gcc's error for directive ``d`` where it is (see the module
    docstring); ``following`` is the block item after ``d`` (None at the
    end of the block)."""
    after_atomic = d.name == "atomic" and isinstance(following, c_ast.Pragma)
    if after_atomic and following.string.split()[:1] == ["omp"]:
        raise ctx.program.directive(following).error("expected expression before '#pragma'")
    if d.form == "declarative" or d.name in _NO_REGION:
        return
    kind = d.name.split()[0]
    if kind == "target" and any(leaf == "target" for leaf, _ in leaves(ctx)):
        shown = d.name if d.name in DEVICE_DATA_DIRECTIVES else "target"
        message = f"'{shown}' construct inside of 'target' region"
        ctx.program.log.add(d.diagnostic_at(0, message, "warning"))
    inner = next(leaves(ctx), None)
    if inner is not None:
        leaf, construct = inner
        if leaf == "simd":
            _check_in_simd(d, kind, construct)
            return
        if leaf == "teams" and kind not in _IN_TEAMS and d.name != "section":
            message = (
                "only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly "
                "nested inside 'teams' region"
            )
            raise atomic_error(d, [following] if following is not None else [], message)
        if leaf == "loop" or "concurrent" in " ".join(construct.clauses.get("order", [])):
            return  # the rules of loop and order(concurrent) regions
    if kind in _CLOSELY_FORBIDDEN:
        forbidden, message = _CLOSELY_FORBIDDEN[kind]
        for leaf, _ in leaves(ctx):
            if leaf in _BINDING:
                break
            if leaf in forbidden:
                raise d.error(message)
    elif kind == "critical":
        for leaf, construct in leaves(ctx):
            if leaf == "critical" and construct.argument == d.argument:
                raise d.error(
                    "'critical' region may not be nested inside a 'critical' region with the "
                    "same name"
                )
    elif kind == "ordered":
        _check_ordered(ctx, d, inner is not None)
    elif kind == "teams" and inner is not None and inner[0] != "target":
        raise d.error(
            "'teams' construct must be closely nested inside of 'target' construct or not "
            "nested in any OpenMP construct"
        )
    elif kind == "distribute" and inner is not None and inner[0] != "teams":
        raise d.error("'distribute' region must be strictly nested inside 'teams' construct")


def _check_in_simd(d: Directive, kind: str, simd: Directive) -> None:
    """gcc's error for ``d`` (of that ``kind``) closely nested in the
    ``simd`` leaf of ``simd``."""
    concurrent = "concurrent" in " ".join(simd.clauses.get("order", []))
    if concurrent and kind in ("ordered", "atomic"):
        return  # the rules of order(concurrent) regions
    if kind == "ordered" and "simd" in d.clauses:
        if "threads" in d.clauses and not simd.name.endswith("for simd"):
            raise d.error(
                "'ordered simd threads' must be closely nested inside of 'for simd' region"
            )
        return
    if kind not in _LOOPS and kind != "atomic":
        raise d.error(_SIMD_ONLY)


def _check_ordered(ctx: LoweringContext, d: Directive, nested: bool) -> None:
    """gcc's errors for an ``ordered`` directive ``d`` (``nested`` in some
    construct) outside a ``simd`` region: ``ordered simd`` belongs in one;
    a block ``ordered`` binds to the closest loop outwards, which needs the
    ``ordered`` clause without a parameter, and may not be closely nested
    in ``critical``, ``ordered``, ``task`` or ``taskloop``; a stand-alone
    ``ordered`` with a doacross clause (:mod:`frontend.doacross`) needs the
    closest enclosing construct that is a region of
    :data:`_ORDERED_REGIONS` to be a loop with ``ordered(n)``."""
    if "simd" in d.clauses:
        if nested:
            raise d.error("'ordered' 'simd' must be closely nested inside 'simd' region")
        return
    if is_doacross(d):
        for construct in reversed(ctx.constructs):
            if construct.name in _ORDERED_FORBIDDEN:
                raise d.error(_ORDERED_IN_FORBIDDEN)
            if construct.name not in _ORDERED_REGIONS:
                continue
            loop = construct.name in ("for", "parallel for")
            if loop and construct.expression("ordered"):
                return
            raise d.error(
                "'ordered' construct with 'depend' clause must be closely nested inside "
                + ("a loop with 'ordered' clause with a parameter" if loop else "an 'ordered' loop")
            )
        return
    for leaf, construct in leaves(ctx):
        if leaf in _ORDERED_FORBIDDEN:
            raise d.error(_ORDERED_IN_FORBIDDEN)
        if leaf in ("for", "distribute", "simd"):
            if "ordered" not in construct.clauses:
                raise d.error(_ORDERED_OUTSIDE_LOOP)
            if construct.expression("ordered"):
                raise d.error(
                    "'ordered' region without 'depend' clause may not be closely nested inside "
                    "a loop region with an 'ordered' clause with a parameter"
                )
            return
        if leaf in _BINDING:
            raise d.error(_ORDERED_OUTSIDE_LOOP)
