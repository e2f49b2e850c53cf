"""GNU ``cleanup``: a variable's function called wherever its scope ends.

``T v __attribute__((cleanup(f)))`` in a block calls ``f(&v)`` when ``v``
goes out of scope: at the end of its block, and on every jump out of it
(``return``, ``break``, ``continue``, ``goto`` a label outside), after a
``return``'s value is computed; the variables of one scope in the reverse
order of their declarations.  (Not on ``longjmp`` nor ``exit``, as in gcc.)

The preprocessor states the attribute by a marker after the declaration
(:data:`~frontend.preprocess.CLEANUP_MARKER`); :func:`expand_cleanups`
rewrites each function's pycparser tree so the calls are written where
the scopes end, before anything else reads it:

* the end of the block gets the calls of the variables it declares;
* ``return e;`` becomes ``{ R r = e; calls; return r; }`` (``R`` the
  function's return type: the value converted as ``return`` converts it),
  ``return;`` (or a ``void`` function's ``return e;``) ``{ e; calls; return; }``;
* ``break``/``continue`` become ``{ calls; break; }`` with the calls of the
  variables declared inside the loop (or ``switch``) they leave;
* ``goto L`` calls those in scope at the ``goto`` that are not at ``L``
  (a label before a variable's declaration, in its block, is outside its
  scope, as in gcc); a jump into a variable's scope calls its function at
  the scope's end, as gcc's does.

gcc's warnings: the attribute at file scope, on a ``static`` or ``extern``
variable, is ignored.  Refused with a positioned error (gcc accepts them):
a variable with a cleanup in a GNU statement expression, a computed
``goto *p`` out of a scope with a cleanup, and a jump whose cleanup call
would name a variable an inner declaration of the same name hides.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from inspirec.frontend.cparse import (
    COMPUTED_GOTO,
    c_nodes,
    marked_name,
    statement_expression_block,
)
from inspirec.frontend.diagnostics import CompileError, DiagnosticLog
from inspirec.frontend.preprocess import CLEANUP_MARKER, Origins
from pycparser import c_ast

__all__ = ["expand_cleanups"]

#: The name of the variable holding a ``return``'s value while cleanups run.
RESULT = "__inspire_cleanup_result"


@dataclass(frozen=True)
class _Cleanup:
    """A variable with a cleanup function: ``function(&name)`` ends its
    scope, a block ``level`` blocks deep in its function."""

    name: str
    function: str
    decl: c_ast.Decl
    level: int


#: The variables with a cleanup in scope at a point, outermost first.
_Active = tuple[_Cleanup, ...]


def expand_cleanups(ast: c_ast.FileAST, origins: Origins, log: DiagnosticLog) -> None:
    """Rewrite the functions of ``ast`` so the cleanup markers' calls are
    written where their variables' scopes end (see the module), in place;
    gcc's warnings to ``log``; :class:`CompileError` for what is refused."""
    kept: list[c_ast.Node] = []
    for ext in ast.ext:
        marked = _marker(ext)
        if marked is not None:  # at file scope: gcc ignores it
            decl = _declaration(kept, marked[0])
            where = ext.coord if decl is None else decl.coord
            ignored = origins.diagnostic(where, "'cleanup' attribute ignored", "warning")
            log.add(replace(ignored, option="attributes"))
            continue
        kept.append(ext)
        if isinstance(ext, c_ast.FuncDef) and ext.body is not None:
            _Function(ext, origins, log).rewrite()
    ast.ext[:] = kept


def _declaration(items: list[c_ast.Node], name: str) -> c_ast.Decl | None:
    """The last declaration of ``name`` among ``items`` (a marker follows it)."""
    return next((d for d in reversed(items) if isinstance(d, c_ast.Decl) and d.name == name), None)


def _marker(node: c_ast.Node) -> tuple[str, str] | None:
    """(variable, function) of a cleanup marker (None: ``node`` is none)."""
    marked = marked_name(node, CLEANUP_MARKER)
    if marked is None:
        return None
    name, _, function = marked.partition(":")
    return name, function


@dataclass
class _Function:
    """The rewriting of one function definition: a first walk finds the
    variables in scope at each label, the second rewrites the jumps."""

    definition: c_ast.FuncDef
    origins: Origins
    log: DiagnosticLog
    labels: dict[str, _Active] = field(default_factory=dict)
    rewriting: bool = False
    #: The names each open block (and loop header) declares, outermost first.
    scopes: list[set[str]] = field(default_factory=list)

    def rewrite(self) -> None:
        body = self.definition.body
        if not any(_marker(node) is not None for node in c_nodes(body)):
            return
        self.block(body, (), None, None)
        self.rewriting = True
        self.block(body, (), None, None)

    def fail(self, message: str, node: c_ast.Node) -> CompileError:
        return CompileError([self.origins.diagnostic(node.coord, message)])

    # ---------------------------------------------------------- statements
    def block(
        self,
        node: c_ast.Compound,
        active: _Active,
        loop: int | None,
        breakable: int | None,
        expression: bool = False,
    ) -> None:
        """Walk the block ``node`` with ``active`` in scope around it;
        ``loop``/``breakable``: how many of them are outside the innermost
        loop / loop or switch (None: there is none); ``expression``: the
        block of a statement expression."""
        items: list[c_ast.Node] = []
        inner = active
        self.scopes.append(set())
        for item in node.block_items or []:
            marked = _marker(item)
            if marked is None:
                items.append(self.statement(item, inner, loop, breakable))
                if isinstance(item, c_ast.Decl) and item.name:
                    self.scopes[-1].add(item.name)
                continue
            name, function = marked
            decl = _declaration(items, name)
            if decl is None:
                raise self.fail(
                    f"internal error: no declaration of '{name}' before its cleanup", item
                )
            if {"static", "extern"} & set(decl.storage):
                if self.rewriting:
                    message = "'cleanup' attribute ignored"
                    ignored = self.origins.diagnostic(decl.coord, message, "warning")
                    self.log.add(replace(ignored, option="attributes"))
                continue
            if expression:
                message = "a variable with __attribute__((cleanup)) in a statement expression"
                raise self.fail(f"{message} is not supported by inspirec", decl)
            inner = (*inner, _Cleanup(name, function, decl, len(self.scopes) - 1))
        if self.rewriting:
            items += self.calls(inner[len(active) :], node.coord)
            node.block_items = items
        self.scopes.pop()

    def statement(
        self, node: c_ast.Node, active: _Active, loop: int | None, breakable: int | None
    ) -> c_ast.Node:
        """``node`` (a statement or declaration with ``active`` in scope),
        rewritten; its nested statements walked."""
        depth = len(active)
        if isinstance(node, c_ast.Compound):
            self.block(node, active, loop, breakable)
        elif isinstance(node, (c_ast.While, c_ast.DoWhile)):
            node.stmt = self.statement(node.stmt, active, depth, depth)
        elif isinstance(node, c_ast.For):
            declared = node.init.decls if isinstance(node.init, c_ast.DeclList) else []
            self.scopes.append({d.name for d in declared if isinstance(d, c_ast.Decl)})
            node.stmt = self.statement(node.stmt, active, depth, depth)
            self.scopes.pop()
        elif isinstance(node, c_ast.Switch):
            node.stmt = self.statement(node.stmt, active, loop, depth)
        elif isinstance(node, c_ast.If):
            node.iftrue = self.statement(node.iftrue, active, loop, breakable)
            if node.iffalse is not None:
                node.iffalse = self.statement(node.iffalse, active, loop, breakable)
        elif isinstance(node, (c_ast.Case, c_ast.Default)):
            for s in node.stmts or []:
                if _marker(s) is not None:
                    message = "__attribute__((cleanup)) on a variable declared after a case label"
                    raise self.fail(f"{message} is not supported by inspirec", node)
            node.stmts = [self.statement(s, active, loop, breakable) for s in node.stmts or []]
        elif isinstance(node, c_ast.Label):
            if not self.rewriting:
                self.labels[node.name] = active
            node.stmt = self.statement(node.stmt, active, loop, breakable)
        else:
            self.expressions(node, active)
            return self.jump(node, active, loop, breakable)
        return node

    def jump(
        self, node: c_ast.Node, active: _Active, loop: int | None, breakable: int | None
    ) -> c_ast.Node:
        """The statement ``node``, after the calls that end the scopes it
        leaves if it is a jump out of some (``return``, ``break``,
        ``continue``, ``goto``)."""
        if not active:
            return node
        if isinstance(node, c_ast.Return):
            return self.returning(node, active)
        if isinstance(node, c_ast.Break) and breakable is not None:
            return self.leaving(node, active[breakable:])
        if isinstance(node, c_ast.Continue) and loop is not None:
            return self.leaving(node, active[loop:])
        if isinstance(node, c_ast.Goto):
            target = self.labels.get(node.name, ())
            common = 0
            while common < min(len(target), len(active)) and target[common] == active[common]:
                common += 1
            return self.leaving(node, active[common:])
        if (
            isinstance(node, c_ast.FuncCall)
            and isinstance(node.name, c_ast.ID)
            and node.name.name == COMPUTED_GOTO
        ):
            message = "a computed goto out of the scope of a variable with __attribute__((cleanup))"
            raise self.fail(f"{message} is not supported by inspirec", node)
        return node

    def expressions(self, node: c_ast.Node, active: _Active) -> None:
        """Walk the GNU statement expressions in the expressions of the
        statement ``node``: their jumps may leave the scopes around them."""
        for child in node:
            block = statement_expression_block(child)
            if block is not None:
                self.block(block, active, None, None, expression=True)
            else:
                self.expressions(child, active)

    # ---------------------------------------------------------------- jumps
    def returning(self, node: c_ast.Return, active: _Active) -> c_ast.Node:
        """``return`` after the calls of every variable in scope."""
        if not self.rewriting:
            return node
        coord = node.coord
        result = _result_declaration(self.definition, node.expr, coord)
        if result is None:  # no value, or a void function's
            first = [] if node.expr is None else [node.expr]
            ended = c_ast.Return(None, coord)
        else:
            first = [result]
            ended = c_ast.Return(c_ast.ID(RESULT, coord), coord)
        return c_ast.Compound([*first, *self.calls(active, coord), ended], coord)

    def leaving(self, node: c_ast.Node, ends: _Active) -> c_ast.Node:
        """The jump ``node`` after the calls of the variables of ``ends``."""
        if not self.rewriting or not ends:
            return node
        return c_ast.Compound([*self.calls(ends, node.coord), node], node.coord)

    def calls(self, ends: _Active, coord) -> list[c_ast.Node]:
        """``f(&v);`` for each variable of ``ends``, the last declared first
        (refused where a declaration in an inner scope hides ``v``)."""
        for cleanup in ends:
            if any(cleanup.name in names for names in self.scopes[cleanup.level + 1 :]):
                message = (
                    f"a jump out of the scope of '{cleanup.name}' (with __attribute__((cleanup))) "
                    "where an inner declaration hides it"
                )
                raise self.fail(f"{message} is not supported by inspirec", cleanup.decl)
        return [
            c_ast.FuncCall(
                c_ast.ID(c.function, coord),
                c_ast.ExprList([c_ast.UnaryOp("&", c_ast.ID(c.name, coord), coord)], coord),
                coord,
            )
            for c in reversed(ends)
        ]


def _result_declaration(
    definition: c_ast.FuncDef, value: c_ast.Node | None, coord
) -> c_ast.Decl | None:
    """``R __inspire_cleanup_result = value;`` with the function's return
    type ``R`` (None: no value, or a function returning ``void``)."""
    returned = definition.decl.type.type  # the FuncDecl's: the return type, named the function
    if value is None or _is_void(returned):
        return None
    declared = copy.deepcopy(returned)
    inner = declared
    while not isinstance(inner, c_ast.TypeDecl):
        inner = inner.type
    inner.declname = RESULT
    return c_ast.Decl(RESULT, [], [], [], [], declared, value, None, coord)


def _is_void(returned: c_ast.Node) -> bool:
    """Whether the return type ``returned`` is ``void``."""
    return (
        isinstance(returned, c_ast.TypeDecl)
        and isinstance(returned.type, c_ast.IdentifierType)
        and returned.type.names == ["void"]
    )
