"""The restrictions of concurrent regions: what gcc 12 rejects lexically
inside a ``simd`` region, a ``loop`` region and a region with the
``order(concurrent)`` clause.

Only the innermost enclosing construct of a directive or call in its function
counts (OpenMP's *closely nested*; the constructs are ``ctx.constructs``,
innermost last): a ``parallel`` region nested in a ``loop`` region is a new
region with no restriction of its own, and code in functions called from a
region is not checked, as in gcc.

* **simd regions** (every construct with a ``simd`` leaf): what may be
  nested in them is :mod:`frontend.omp_nesting`'s rule, checked before
  this module's;
* **concurrent regions** (``loop``, ``parallel loop``, ``teams loop``, and
  every construct with an ``order(concurrent)`` clause, ``simd`` included):
  the nested constructs may be ``parallel``, ``loop`` and ``simd`` (and the
  combined constructs they start), and no OpenMP runtime API routine
  (:data:`OMP_API_CALLS`) may be called;
* a ``simd`` region that is also concurrent rejects ``atomic`` and
  ``ordered`` (with ``simd`` or not) with the concurrent region's error.

Everywhere allowed: the declarative directives (``error`` included),
``flush``, ``nothing``, ``depobj``, and ``ordered`` with a doacross clause,
whose placement :mod:`frontend.doacross` checks.

A clause's expressions are evaluated before its construct's region starts:
their nodes carry the directive's position (:func:`frontend.openmp.clause_expr`),
so :func:`call_region` skips the constructs whose clauses hold a call.
"""

from __future__ import annotations

import dataclasses
import linecache
import re
from typing import TYPE_CHECKING

from inspirec.frontend.diagnostics import CompileError, Diagnostic, display_column, error
from inspirec.frontend.doacross import is_doacross
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: The OpenMP API routines gcc 12 knows as runtime API calls: the functions
#: of its ``<omp.h>`` but the two lock initialisers with a hint (which its
#: list misses).  Routines newer than gcc 12's ``<omp.h>`` are not in its
#: list either.
OMP_API_CALLS = frozenset(
    """omp_aligned_alloc omp_aligned_calloc omp_alloc omp_calloc omp_capture_affinity
    omp_destroy_allocator omp_destroy_lock omp_destroy_nest_lock omp_display_affinity
    omp_display_env omp_free omp_fulfill_event omp_get_active_level omp_get_affinity_format
    omp_get_ancestor_thread_num omp_get_cancellation omp_get_default_allocator
    omp_get_default_device omp_get_device_num omp_get_dynamic omp_get_initial_device
    omp_get_level omp_get_max_active_levels omp_get_max_task_priority omp_get_max_teams
    omp_get_max_threads omp_get_nested omp_get_num_devices omp_get_num_places
    omp_get_num_procs omp_get_num_teams omp_get_num_threads omp_get_partition_num_places
    omp_get_partition_place_nums omp_get_place_num omp_get_place_num_procs
    omp_get_place_proc_ids omp_get_proc_bind omp_get_schedule omp_get_supported_active_levels
    omp_get_team_num omp_get_team_size omp_get_teams_thread_limit omp_get_thread_limit
    omp_get_thread_num omp_get_wtick omp_get_wtime omp_in_final omp_in_parallel
    omp_init_allocator omp_init_lock omp_init_nest_lock omp_is_initial_device
    omp_pause_resource omp_pause_resource_all omp_realloc omp_set_affinity_format
    omp_set_default_allocator omp_set_default_device omp_set_dynamic omp_set_lock
    omp_set_max_active_levels omp_set_nest_lock omp_set_nested omp_set_num_teams
    omp_set_num_threads omp_set_schedule omp_set_teams_thread_limit omp_target_alloc
    omp_target_associate_ptr omp_target_disassociate_ptr omp_target_free
    omp_target_is_present omp_target_memcpy omp_target_memcpy_rect omp_test_lock
    omp_test_nest_lock omp_unset_lock omp_unset_nest_lock""".split()
)

#: First words of the constructs allowed closely nested in a concurrent region.
_IN_CONCURRENT = frozenset({"parallel", "loop", "simd"})
#: Directives allowed anywhere (besides the declarative ones).
_ANYWHERE = frozenset({"flush", "nothing", "depobj"})


def is_simd(d: Directive) -> bool:
    """Whether construct ``d`` has a ``simd`` leaf (``for simd``, ...)."""
    return "simd" in d.name.split()


def is_loop(d: Directive) -> bool:
    """Whether construct ``d`` is a ``loop`` construct (``teams loop``, ...)."""
    return d.name.split()[-1] == "loop"


def is_concurrent(d: Directive) -> bool:
    """Whether construct ``d``'s region is concurrent: a ``loop`` construct
    (implicitly ``order(concurrent)``) or one with an ``order`` clause (whose
    only kind is ``concurrent``, :func:`frontend.openmp._check_order`)."""
    return is_loop(d) or "order" in d.clauses


def _concurrent_error(region: Directive) -> str:
    head = "OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested inside"
    if is_loop(region):
        return f"{head} a 'loop' region"
    return f"{head} a region with the 'order(concurrent)' clause"


def check_nesting(ctx: LoweringContext, d: Directive, body: list) -> None:
    """gcc's error for directive ``d`` (a construct on ``body``, else
    ``body`` empty) closely nested in a simd or concurrent region (see the
    module docstring)."""
    region = ctx.constructs[-1] if ctx.constructs else None
    if region is None or not (is_simd(region) or is_concurrent(region)):
        return
    if d.form == "declarative" or d.name in _ANYWHERE or (d.name == "ordered" and is_doacross(d)):
        return
    first = d.name.split()[0]
    if is_simd(region):
        # what a simd region admits is frontend.omp_nesting's (checked first);
        # a concurrent one takes neither atomic nor ordered
        if d.name in ("atomic", "ordered") and is_concurrent(region):
            raise atomic_error(d, body, _concurrent_error(region))
        return
    if first not in _IN_CONCURRENT:
        raise atomic_error(d, body, _concurrent_error(region))


def call_region(ctx: LoweringContext, node: c_ast.Node) -> Directive | None:
    """The innermost construct (in the function being lowered) whose region
    evaluates the call ``node``: a call in a construct's clause (placed at
    the directive) is evaluated in the region around that construct."""
    for d in reversed(ctx.constructs):
        if d.node is None or node.coord is not d.node.coord:
            return d
    return None


def check_call(ctx: LoweringContext, name: str, node: c_ast.FuncCall) -> None:
    """gcc's error for a call of the OpenMP API routine ``name`` whose region
    (:func:`call_region`) is concurrent."""
    if name not in OMP_API_CALLS:
        return
    region = call_region(ctx, node)
    if region is not None and is_concurrent(region):
        message = f"OpenMP runtime API call '{name}' in a region with 'order(concurrent)' clause"
        raise call_error(message, name, node)


def call_error(message: str, name: str, node: c_ast.FuncCall) -> CompileError:
    """An error about the call of ``name`` at ``node``: at the call's name,
    also when the call is in a clause of a directive (whose nodes are placed
    at the pragma) and the name is on the pragma's line."""
    coord = node.coord
    source = linecache.getline(coord.file, coord.line).rstrip("\n") if coord.file else ""
    m = re.search(rf"\b{re.escape(name)}\s*\(", source) if source.lstrip()[:1] == "#" else None
    if m is None:
        return CompileError([error(message, coord.file, coord.line, coord.column)])
    column = display_column(source, m.start())
    return CompileError([Diagnostic("error", message, coord.file, coord.line, column, source)])


def _atomic_position(d: Directive, body: list) -> Diagnostic | None:
    """Where gcc places an error about the ``atomic`` construct ``d`` on
    ``body`` (a diagnostic without its message): at the compound assignment
    operator of an update (``x op= e;``, also captured: ``v = x op= e;``),
    at the ``=`` of a ``read`` or ``write`` (``v = x;``, ``x = e;``); None
    (the pragma) for the other forms or when the source cannot be read."""
    stmt = body[0] if len(body) == 1 else None
    if not isinstance(stmt, c_ast.Assignment) or d.node is None or d.node.coord is None:
        return None
    if stmt.op == "=" and isinstance(stmt.rvalue, c_ast.Assignment) and stmt.rvalue.op != "=":
        op = stmt.rvalue.op
    elif stmt.op != "=" or "read" in d.clauses or "write" in d.clauses:
        op = stmt.op
    else:
        return None
    return _operator_position(d.node.coord.file, d.node.coord.line, op)


def _operator_position(file: str, pragma_line: int, op: str) -> Diagnostic | None:
    """The position of the first assignment operator ``op`` outside brackets
    in the original source after the pragma on ``pragma_line`` of ``file``
    (and its continuation lines), as a diagnostic with its source line;
    None if it is not found."""
    depth = 0
    last = pragma_line
    while linecache.getline(file, last).rstrip("\n").endswith("\\"):
        last += 1
    for line_no in range(last + 1, last + 50):
        text = linecache.getline(file, line_no).rstrip("\n")
        if not text:
            continue
        for i, ch in enumerate(text):
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            elif depth == 0 and text.startswith(op, i):
                before, after = text[i - 1 : i], text[i + len(op) : i + len(op) + 1]
                if op != "=" or (before not in "=!<>+-*/%&|^" and after != "="):
                    return Diagnostic("error", "", file, line_no, display_column(text, i), text)
    return None


def atomic_error(d: Directive, body: list, message: str) -> CompileError:
    """An error about directive ``d`` on ``body``: where gcc places it for
    an ``atomic`` construct (:func:`_atomic_position`), else at the pragma
    (also the position of ``teams``' error about a nested ``atomic``,
    :mod:`frontend.omp_nesting`)."""
    position = _atomic_position(d, body) if d.name == "atomic" else None
    if position is None:
        return d.error(message)
    return CompileError([dataclasses.replace(position, message=message)])
