"""GCC's loop pragmas, ``#pragma GCC ivdep`` and ``#pragma GCC unroll N``.

Each applies to the ``for``, ``while`` or ``do`` loop right after it (other
such pragmas may come between); the loop keeps them as hints
(:data:`inspire.nodes.GCC_LOOP_HINT`) and the emitted C puts them back
before it, so gcc optimises the loop as it would have.  gcc's errors: a
non-constant or out-of-range unroll count, words after ``ivdep``, and no
loop after the pragmas (:meth:`frontend.lower_stmt.StatementLowering.block`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from inspirec.frontend.symbols import fail
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext

_LOOP_PRAGMA = re.compile(r"GCC\s+(ivdep|unroll)\b\s*(.*)", re.S)
#: gcc's largest unroll count plus one.
_UNROLL_LIMIT = 65535
LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


def is_loop_pragma(node: c_ast.Node) -> bool:
    """Whether ``node`` is a ``#pragma GCC ivdep`` or ``unroll`` line."""
    return isinstance(node, c_ast.Pragma) and _LOOP_PRAGMA.match(node.string.strip()) is not None


def hint(ctx: LoweringContext, node: c_ast.Pragma) -> str:
    """The loop hint of pragma ``node`` (``ivdep``, ``unroll N``), with gcc's errors."""
    # imported here: openmp imports the statement lowering, which imports this
    from inspirec.frontend.openmp import Directive, clause_constant

    text = node.string.strip()
    m = _LOOP_PRAGMA.match(text)
    kind, rest, at = m.group(1), m.group(2).strip(), m.start(2)
    carrier = Directive(kind, node=node)  # places errors at an offset of the text, as gcc
    if kind == "ivdep":
        if rest:
            word = rest.split()[0]
            raise carrier.error_at(at, f"expected end of line before '{word}'")
        return "ivdep"
    count = clause_constant(ctx, rest, carrier) if rest else None  # in the program's scope
    if not isinstance(count, int) or not 0 <= count < _UNROLL_LIMIT:
        raise carrier.error_at(
            at,
            "'#pragma GCC unroll' requires an assignment-expression that evaluates to a "
            "non-negative integral constant less than 65535",
        )
    return f"unroll {count}"


def no_loop(node: c_ast.Node | None, pragma: c_ast.Pragma):  # type: ignore[no-untyped-def]
    """gcc's error for loop pragmas followed by ``node`` (None: nothing), at
    ``node`` (a pragma: at its first word, as gcc)."""
    from inspirec.frontend.openmp import pragma_error

    message = "for, while or do statement expected"
    if node is None or isinstance(node, c_ast.Pragma):
        return pragma_error(message, node if node is not None else pragma)
    return fail(message, node)
