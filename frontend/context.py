"""The explicit context of lowering one function body (or one initialiser).

A :class:`LoweringContext` holds everything the lowering of one body reads
and updates, and the parts that lower it, each built around the context and
reaching the others only through it:

* :attr:`~LoweringContext.expr` -- :class:`~frontend.lower_expr.ExprLowering`:
  expressions, initialisers, conversions, builtin calls (``op``);
* :attr:`~LoweringContext.stmt` -- :class:`~frontend.lower_stmt.StatementLowering`:
  statements, blocks, local declarations;
* the OpenMP directive handlers (:mod:`frontend.openmp`) and the thread
  create/join lowering (:mod:`frontend.threads`) are functions of the context.

The state: the program being lowered (:class:`~frontend.lower.ProgramLowering`:
functions, globals, the parsed directives, the thread plan), the current
scope (:meth:`~LoweringContext.nested_scope` opens and closes block scopes),
the function's name and result type, the names its body modifies, the
enclosing ``switch`` types and the OpenMP data-sharing frames (one per
enclosing construct whose body is outlined).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from inspirec.frontend.lower_expr import ExprLowering
from inspirec.frontend.lower_stmt import StatementLowering, SwitchFrame
from inspirec.frontend.symbols import Scope, fail
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.doacross import DoacrossLoop
    from inspirec.frontend.lower import ProgramLowering
    from inspirec.frontend.openmp import Directive

#: How a construct decides the data sharing of a variable it references:
#: ``decide(var, depth)`` is ``"shared"``, ``"firstprivate"``, ``"private"``
#: or ``"none"`` (an error under ``default(none)``); ``depth`` is the frame's
#: index in :attr:`LoweringContext.sharing_frames`.
Decide = Callable[[n.Variable, int], str]


class LoweringContext:
    """The lowering of one function body (see the module docstring).

    ``function_name`` is empty and ``result`` is ``unit`` for a global
    initialiser.  ``modified_names`` are the identifiers the body assigns,
    increments, decrements or takes the address of; ``addressed_names``
    those whose object the body may reach through an address
    (:func:`frontend.lower.addressed_names`); ``task_written_names`` those
    a task of the body may change (:func:`frontend.lower.task_written_names`).
    """

    def __init__(
        self,
        program: ProgramLowering,
        scope: Scope,
        function_name: str = "",
        result: n.Type = t.UNIT,
        modified_names: frozenset[str] = frozenset(),
        addressed_names: frozenset[str] = frozenset(),
        task_written_names: frozenset[str] = frozenset(),
    ) -> None:
        self.program = program
        self.resolver = program.resolver
        self.scope = scope
        self.function_name = function_name
        self.result = result
        self.modified_names = modified_names
        self.addressed_names = addressed_names
        self.task_written_names = task_written_names
        self.fresh_names: dict[str, int] = {}  # next fresh index per base of a temporary's name
        self.switches: list[SwitchFrame] = []  # the enclosing switches, innermost last
        self.labels: dict[str, c_ast.Label] = {}  # the labels of the body, by name
        self.sharing_frames: list[tuple[Scope, Decide]] = []  # outer scope, decision
        self.constructs: list[Directive] = []  # the enclosing OpenMP constructs, innermost last
        self.doacross_loops: list[DoacrossLoop] = []  # the enclosing doacross loops, innermost last
        self.teams_body: Directive | None = None  # the teams construct whose body is lowered
        self.expr = ExprLowering(self)
        self.stmt = StatementLowering(self)

    @contextmanager
    def nested_scope(self, scope: Scope | None = None) -> Iterator[Scope]:
        """Make ``scope`` (default: a new child of the current scope) current
        for the ``with`` body; the previous scope is current again afterwards."""
        saved = self.scope
        self.scope = scope if scope is not None else saved.child()
        try:
            yield self.scope
        finally:
            self.scope = saved

    @contextmanager
    def sharing_frame(self, decide: Decide) -> Iterator[int]:
        """Push the sharing frame of a construct whose body is lowered in the
        ``with`` body (its outer scope is the current one); yield its depth
        (its index in :attr:`sharing_frames`), and pop it afterwards."""
        self.sharing_frames.append((self.scope, decide))
        try:
            yield len(self.sharing_frames) - 1
        finally:
            self.sharing_frames.pop()

    def fresh_local_name(self, prefix: str) -> str:
        """``prefix`` followed by the next number that names nothing visible
        here (the numbers count up per prefix within the body)."""
        k = self.fresh_names.get(prefix, 0)
        while self.scope.lookup(f"{prefix}{k}") is not None:
            k += 1
        self.fresh_names[prefix] = k + 1
        return f"{prefix}{k}"

    @staticmethod
    def loc(node: c_ast.Node) -> n.Loc | None:
        """The IR source location of ``node`` (file base name and line), if any."""
        coord = getattr(node, "coord", None)
        if coord is None or not coord.file:
            return None
        return n.Loc(os.path.basename(coord.file), coord.line)

    def check_entry_extents(self, ty: n.Type, node: c_ast.Node) -> None:
        """Reject re-spelling a parameter's type whose run-time extents read a
        parameter the function modifies (C evaluated them on entry; the IR
        type would re-evaluate them here)."""
        for extent in t.extents(ty):
            for v in extent.walk():
                if isinstance(v, n.Variable) and t.is_ref(v.type) and v.name in self.modified_names:
                    raise fail(
                        f"an array size that reads parameter '{v.name}', which the function "
                        "modifies, is not supported here (sizeof of the parameter's array type "
                        "or a task using the parameter)",
                        node,
                    )
