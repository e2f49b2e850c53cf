"""Doacross loops: ``for ordered(n)`` with ``ordered depend(sink/source)``
(OpenMP 4.5) and ``ordered doacross(sink/source)`` (OpenMP 5.2, §15.9.6).

A worksharing loop with ``ordered(n)`` and ``collapse(c)`` (``c`` <= ``n``,
1 without the clause) has ``n`` doacross-affected loops.  ``frontend.openmp``
linearises the first ``c`` into the ``pfor`` as ``collapse(c)`` does (its
kind carrying ``INSPIRE_SCHED_DOACROSS``), whose iteration ``k`` the
schedule distributes; the other ``n - c`` stay loops inside it, their
iterations numbered ``j`` in lexicographic order.  A logical iteration is
the pair ``(k, j)`` (``j`` = 0 when ``c`` = ``n``), and the rows
``doacross_post(k, j)`` and ``doacross_wait(k, j)`` of
:mod:`inspire.builtins` are all the runtime needs
(``runtime_c/src/doacross.h``).  The starts, steps and trip counts of all
``n`` loops are locals evaluated before the loop.  While the body is
lowered, the loop is a :class:`DoacrossLoop` on ``ctx.doacross_loops``
(innermost last).

An ``ordered`` directive with a ``depend``/``doacross`` clause is stand-alone
and lowers (:func:`lower_ordered_doacross`) to, in clause order,

* ``source`` (``doacross(source:)``, ``doacross(source: omp_cur_iteration)``):
  ``doacross_post(k, j)`` of the current iteration;
* ``sink: i - c1, j + c2, ...`` (one term per affected loop, its iteration
  variable plus or minus an integer constant): ``doacross_wait(k', j')``,
  the logical iteration where each variable has that value, or ``k'`` = -1
  (no wait) when there is none (outside the iteration space, between two
  iterations of a loop with a step) or it is not lexicographically earlier
  than the current one, which would never be posted first;
  ``doacross(sink: omp_cur_iteration - 1)`` waits for the previous logical
  iteration.

Both are ordinary runtime calls in the IR, which no pass moves or removes.
An iteration that ends without reaching its source is posted when its chunk
ends, so a sink never waits forever.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspirec.frontend.depend import split_top_level
from inspirec.frontend.symbols import const_eval
from inspirec.inspire import nodes as n
from inspirec.inspire import parallel as par
from inspirec.inspire import types as t
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: The clauses that make ``ordered`` a stand-alone doacross directive.
DOACROSS_CLAUSES = ("depend", "doacross")

#: The OpenMP 5.2 name of the current logical iteration in ``doacross``.
CUR_ITERATION = "omp_cur_iteration"


@dataclass(frozen=True)
class DoacrossLoop:
    """The nest of a doacross loop, as names in scope in its body: the
    iteration variables, outermost first, and per level the locals holding
    its start, step and trip count; ``iteration`` is the ``pfor``'s
    iteration ``k`` (``long``) of the current iteration."""

    def number(self, levels: range, values: list[str]) -> str:
        """The C text (``long``) of the lexicographic number, among the
        iterations of the loops ``levels``, of the iteration where their
        variables have ``values`` (C text of each, in the same order); "0L"
        for no loops."""
        out = ""
        for level, value in zip(levels, values, strict=True):
            delta = f"((long)({value}) - {self.starts[level]})"
            term = f"({delta} / {self.steps[level]})"
            out = term if not out else f"({out} * {self.counts[level]} + {term})"
        return out or "0L"

    def current(self) -> str:
        """``j`` of the current iteration (C text)."""
        inner = range(self.depth, len(self.variables))
        return self.number(inner, [self.variables[level].name for level in inner])

    variables: tuple[n.Variable, ...]
    depth: int  # the loops the pfor linearises (the others run inside it)
    starts: tuple[str, ...]
    steps: tuple[str, ...]
    counts: tuple[str, ...]
    iteration: str


def is_doacross(d: Directive) -> bool:
    """Whether ``d`` is an ``ordered`` directive with a doacross clause."""
    return any(c in d.clauses for c in DOACROSS_CLAUSES)


def ordered_depth(ctx: LoweringContext, d: Directive, collapse: int) -> int | None:
    """``n`` of the ``ordered(n)`` clause of loop ``d`` (None: no parameter),
    checked against its ``collapse`` depth."""
    text = d.expression("ordered")
    if not text:
        return None
    value = const_eval(d.parse_expr(ctx, text), ctx.resolver, ctx.scope)
    if value is None or value < 1:
        raise d.clause_error(
            "ordered", "ordered argument needs positive constant integer expression"
        )
    if value < collapse:
        raise d.clause_error("ordered", "'ordered' clause parameter is less than 'collapse'")
    return value


def _clauses(d: Directive) -> list[tuple[str, str, str]]:
    """``(clause, kind, rest)`` of each doacross clause of ``d``, in order."""
    out = []
    for clause in DOACROSS_CLAUSES:
        for text in d.clauses.get(clause, []):
            kind, _, rest = text.partition(":")
            kind = kind.strip()
            if kind not in ("source", "sink"):
                if clause == "depend":
                    raise d.error("invalid depend kind in omp 'ordered' 'depend'")
                raise d.error("expected 'source' or 'sink' in 'doacross' clause")
            out.append((clause, kind, rest.strip()))
    return out


def lower_ordered_doacross(ctx: LoweringContext, d: Directive) -> list[n.Node]:
    """The posts and waits of a stand-alone ``ordered`` directive (see the
    module docstring)."""
    for other in ("threads", "simd"):
        if other in d.clauses:
            raise d.error(f"'{other}' is not valid for '#pragma omp ordered'")
    if not ctx.doacross_loops:
        raise d.error(
            "'ordered' construct with 'depend' clause must be closely nested inside an "
            "'ordered' loop"
        )
    loop = ctx.doacross_loops[-1]
    clauses = _clauses(d)
    kinds = [kind for _, kind, _ in clauses]
    if "source" in kinds and "sink" in kinds:
        raise d.error(
            "'depend' clause with 'source' modifier specified together with 'depend' clauses "
            "with 'sink' modifier on the same construct"
        )
    if kinds.count("source") > 1:
        raise d.error(
            "more than one 'depend' clause with 'source' modifier on an 'ordered' construct"
        )

    def value(text: str) -> n.Node:
        return ctx.expr.convert(ctx.expr.value(d.parse_expr(ctx, text)), t.INT8)

    out = []
    for clause, kind, rest in clauses:
        if kind == "source":
            if rest and not (clause == "doacross" and rest == CUR_ITERATION):
                raise d.error(f"expected '{CUR_ITERATION}' or ')' after 'source:'")
            k, j = loop.iteration, loop.current()
            name = "doacross_post"
        else:
            k, j = _sink_text(ctx, d, loop, clause, rest)
            name = "doacross_wait"
        out.append(ctx.expr.op(name, value(k), value(j), loc=ctx.loc(d.node)))
    return out


def _sink_text(
    ctx: LoweringContext, d: Directive, loop: DoacrossLoop, clause: str, vector: str
) -> tuple[str, str]:
    """The C expressions (``long``) of the iteration ``(k, j)`` a sink vector
    names, ``k`` -1 when it names none or no earlier one."""
    k, j = loop.iteration, loop.current()
    outer, inner = range(loop.depth), range(loop.depth, len(loop.variables))
    if clause == "doacross" and vector.replace(" ", "") == f"{CUR_ITERATION}-1":
        inner_count = " * ".join(loop.counts[level] for level in inner) or "1L"
        return f"({j} > 0 ? {k} : {k} - 1)", f"({j} > 0 ? {j} - 1 : {inner_count} - 1)"
    terms = [x.strip() for x in split_top_level(vector, ",")]
    if len(terms) != len(loop.variables):
        raise d.error(
            f"number of variables in '{clause}' clause with 'sink' modifier does not match "
            "number of iteration variables"
        )
    valid, values = "", []
    for level, (term, var) in enumerate(zip(terms, loop.variables, strict=True)):
        name, offset = _term(ctx, d, term)
        if name != var.name:
            raise d.error(
                f"variable '{name}' is not an iteration of outermost loop {level + 1}, "
                f"expected '{var.name}'"
            )
        value = f"{name}{offset}"
        delta = f"((long)({value}) - {loop.starts[level]})"
        number = loop.number(range(level, level + 1), [value])
        valid += f"{delta} % {loop.steps[level]} == 0 && {number} >= 0 && "
        valid += f"{number} < {loop.counts[level]} && "
        values.append(value)
    sink_k = loop.number(outer, values[: loop.depth])
    sink_j = loop.number(inner, values[loop.depth :])
    earlier = f"({sink_k} < {k} || ({sink_k} == {k} && {sink_j} < {j}))"
    return f"({valid}{earlier} ? {sink_k} : -1L)", sink_j


def _term(ctx: LoweringContext, d: Directive, term: str) -> tuple[str, str]:
    """The variable of one sink term ``x``, ``x + c`` or ``x - c``, and the
    offset as C text (``" - c"``, empty for none)."""
    if not term:
        raise d.error("expected identifier before ',' token in 'sink' vector")
    expr = d.parse_expr(ctx, term)
    if isinstance(expr, c_ast.ID):
        return expr.name, ""
    if (
        isinstance(expr, c_ast.BinaryOp)
        and expr.op in ("+", "-")
        and isinstance(expr.left, c_ast.ID)
    ):
        value = _constant(ctx, expr.right)
        if value is None or value < 0:
            raise d.error(f"expected a non-negative integer constant offset in '{term}'")
        return expr.left.name, f" {expr.op} {value}"
    raise d.error(f"expected an iteration variable plus or minus a constant, not '{term}'")


def _constant(ctx: LoweringContext, expr: c_ast.Node) -> int | None:
    """The value of an integer constant expression, else None."""
    value = ctx.expr.value(expr)
    if not t.is_integer(t.strip_qualifiers(value.type)):
        return None
    return par.int_literal(value)
