"""Lowering of C statements and local declarations to IR statements.

A :class:`StatementLowering` is one part of a
:class:`~frontend.context.LoweringContext`: it reads and updates the
context's scope (each compound statement, ``for`` and construct body opens a
block scope), and hands expressions to ``ctx.expr``, ``#pragma omp`` lines to
:func:`frontend.openmp.lower_directive` and converted thread handles, creates
and joins to :mod:`frontend.threads`.

Local variables become ``DeclStmt``s of ``ref<T>`` variables; a run-time
array dimension is evaluated once, where the declaration is, into a fresh
immutable ``int<8>`` variable (``NAME__nK``); static locals become globals.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspirec.frontend import asm, gcc_loop_pragmas, openmp, threads
from inspirec.frontend.asm import is_register_name
from inspirec.frontend.cparse import CaseRange, c_nodes, statement_expression_block
from inspirec.frontend.ctypes import promote
from inspirec.frontend.diagnostics import CompileError, warning
from inspirec.frontend.symbols import (
    GlobalSymbol,
    TypedefSymbol,
    VarSymbol,
    array_size_from_init,
    check_storage,
    const_eval,
    designates_function,
    fail,
    linked,
    long_words,
    object_alignment,
    typedef_alignment,
    typedef_attribute,
)
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.labels import initialiser_nodes
from inspirec.inspire.typecheck import is_materializing
from pycparser import c_ast

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext

ONE = n.Literal(t.INT4, "1")
UNIT_VALUE = n.Literal(t.UNIT, "()")


@dataclass
class SwitchFrame:
    """One enclosing ``switch``: its promoted controlling type, the case
    values (``None`` for ``default``) and the case ranges (``low, high``,
    GNU C) met so far in its body."""

    type: n.Type
    labels: set[int | None] = field(default_factory=set)
    ranges: list[tuple[int, int]] = field(default_factory=list)

    def taken(self, low: int, high: int) -> bool:
        """Whether a case value from ``low`` to ``high`` is already a label."""
        if any(low <= v <= high for v in self.labels if v is not None):
            return True
        return any(lo <= high and low <= hi for lo, hi in self.ranges)


class StatementLowering:
    """Statements of one body (see the module docstring)."""

    def __init__(self, ctx: LoweringContext) -> None:
        self.ctx = ctx
        self.asm_labels: dict[c_ast.Node, str] = {}  # block-scope declarations' asm labels
        self.label_markers: set[c_ast.StaticAssert] = set()  # the markers stating them

    def snapshot_extent(self, base: str, into: list[n.Node]):
        """An extent callback for a declaration: each run-time dimension is
        evaluated once, into a fresh immutable ``int<8>`` variable declared by a
        statement appended to ``into`` (C evaluates the size when the
        declaration is reached; later uses of the type see that value)."""
        ctx = self.ctx

        def extent(dim: c_ast.Node) -> n.Node:
            value = ctx.expr.dimension(dim)
            var = n.Variable(t.INT8, ctx.fresh_local_name(f"{base}__n"))
            into.append(n.DeclStmt(n.Declaration(t.INT8, value), var))
            return var

        return extent

    # --------------------------------------------------------- statements
    def block(self, node: c_ast.Node | None, new_scope: bool = True) -> n.CompoundStmt:
        """A statement as a compound statement (its own scope unless ``new_scope``
        is false)."""
        if node is None:
            return n.CompoundStmt(())
        with self.ctx.nested_scope(None if new_scope else self.ctx.scope):
            items = node.block_items or [] if isinstance(node, c_ast.Compound) else [node]
            self._find_asm_labels(items)
            stmts: list[n.Node] = []
            i = 0
            while i < len(items):
                item = items[i]
                if isinstance(item, c_ast.Pragma) and openmp.is_omp(item):
                    lowered, i = openmp.lower_directive(self.ctx, items, i)
                    self._reject_register_addresses(lowered, item)
                    stmts.extend(lowered)
                    continue
                if gcc_loop_pragmas.is_loop_pragma(item):
                    lowered, i = self.hinted_loop(items, i)
                    stmts.extend(lowered)
                    continue
                stmts.extend(self.stmt(item))
                i += 1
            return n.CompoundStmt(tuple(stmts))

    def hinted_loop(self, items: list, i: int) -> tuple[list[n.Node], int]:
        """The GCC loop pragmas at ``items[i]`` and after, and the loop they
        apply to (:mod:`frontend.gcc_loop_pragmas`): the loop with their
        hints, and the index of the next item.  Anything else after them
        (an OpenMP directive too, as gcc -fopenmp has it) is gcc's error."""
        hints: list[str] = []
        first = items[i]
        while i < len(items) and gcc_loop_pragmas.is_loop_pragma(items[i]):
            hints.append(gcc_loop_pragmas.hint(self.ctx, items[i]))
            i += 1
        following = items[i] if i < len(items) else None
        if not isinstance(following, gcc_loop_pragmas.LOOPS):
            raise gcc_loop_pragmas.no_loop(following, first)
        lowered = self.stmt(following)
        # a loop lowers to itself, after any statements a statement expression hoists
        lowered[-1] = dataclasses.replace(lowered[-1], gcc=(*lowered[-1].gcc, *hints))
        return lowered, i + 1

    def _reject_register_addresses(self, lowered: list[n.Node], pragma: c_ast.Pragma) -> None:
        """Refuse the directive ``pragma`` (lowered to ``lowered``) if it
        needs the address of an explicit register variable in scope: gcc's
        error for an ``atomic`` on one, a named error for a construct that
        shares it with its body (a closure holds its address) or takes its
        address for a clause (``reduction``, ``copyprivate``; gcc accepts
        some of these and fails internally on a ``taskloop reduction``).
        Closures' bodies are not searched: the directives inside them are
        checked in their own scope."""

        def unsupported(name: str) -> CompileError:
            return fail(
                f"the address of explicit register variable '{name}' is needed by this OpenMP "
                "construct: not supported by inspirec",
                pragma,
            )

        stack: list[n.Node] = list(lowered)
        seen: set[int] = set()
        while stack:
            x = stack.pop()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if isinstance(x, n.BindExpr):
                for c in x.captures:
                    if not is_materializing(c.decl) and self._hard_register(c.decl.init):
                        raise unsupported(c.var.name)
                stack.extend(c.decl for c in x.captures)
                continue
            if isinstance(x, n.CallExpr) and isinstance(x.function, n.Builtin) and x.args:
                name = x.function.name
                if BUILTINS[name].category == "atomic" and self._hard_register(x.args[0]):
                    raise fail(f"address of register variable '{x.args[0].name}' requested", pragma)
                if name == "ref_to_ptr" and self._hard_register(x.args[0]):
                    raise unsupported(x.args[0].name)
            stack.extend(x.children)

    def _hard_register(self, e: n.Node) -> bool:
        """Whether ``e`` is an explicit register variable of the current scope."""
        if not isinstance(e, n.Variable):
            return False
        sym = self.ctx.scope.lookup(e.name)
        return isinstance(sym, VarSymbol) and sym.hard_register and sym.var is e

    def _find_asm_labels(self, items: list) -> None:
        """Give each ``asm`` label marker among the block items ``items``
        (:func:`frontend.asm.static_assert_marker`) to the declaration of
        its name just before it (the declarations of one statement and
        their markers follow one another); a typedef name ignores its label,
        as gcc does."""
        for j, item in enumerate(items):
            marker = (
                asm.static_assert_marker(item) if isinstance(item, c_ast.StaticAssert) else None
            )
            if marker is None or marker[0] != "label":
                continue
            _, name, literal = marker
            k = j - 1
            declarations = c_ast.Decl | c_ast.Typedef
            while k >= 0 and isinstance(items[k], declarations | c_ast.StaticAssert):
                if isinstance(items[k], declarations) and items[k].name == name:
                    self.asm_labels[items[k]] = literal
                    self.label_markers.add(item)
                    break
                k -= 1

    def statement_expression(self, node: c_ast.Compound) -> n.StmtExpr:
        """A GNU statement expression ``({ ... })``, lowered where it is (so
        ``&&``, ``||``, ``?:`` and loop conditions evaluate it only when C
        does): a block whose value is its last statement's if that is an
        expression statement (after lvalue conversion), else ``unit``.  No
        jump leaves it (:func:`_reject_in_statement_expression`; the
        statements that evaluate one first are :meth:`hoisted`)."""
        _reject_in_statement_expression(self.ctx, node, leaving=False)
        body, value_type = self._statement_expression_body(node)
        return n.StmtExpr(value_type, n.CompoundStmt(tuple(body)))

    def _statement_expression_body(self, node: c_ast.Compound) -> tuple[list[n.Node], n.Type]:
        """The statements of statement expression ``node`` (the last one its
        value when that is an expression statement) and the value's type
        (``unit`` if none)."""
        ctx = self.ctx
        # a pragma after the last statement is none (a macro's trailing
        # _Pragma("GCC diagnostic pop"), as in gcc: the value is the statement's)
        items = list(node.block_items or [])
        while items and isinstance(items[-1], c_ast.Pragma):
            items.pop()
        body = list(self.block(node).stmts)
        last = body[-1] if body else None
        last_item = items[-1] if items else None
        while isinstance(last_item, c_ast.Label):  # a labelled expression statement is one
            last_item = last_item.stmt
        if isinstance(last, n.Expr):
            if items and not isinstance(last_item, _STATEMENTS):
                body[-1] = ctx.expr.rvalue(last)
            elif last.type is not t.UNIT:
                body[-1] = n.CastExpr(t.UNIT, last)  # a statement's value is not the result
        last = body[-1] if body else None
        value_type = last.type if isinstance(last, n.Expr) else t.UNIT
        if t.is_variably_modified(value_type):  # its extents may be the block's own
            raise fail(
                "a statement expression whose value has a variably modified type is not "
                "supported by inspirec",
                items[-1],
            )
        return body, value_type

    def hoisted(self, node: c_ast.Node) -> list[n.Node] | None:
        """The statement ``node`` whose evaluation starts with a statement
        expression that a jump leaves or that has a label (``return``,
        ``goto``, ``break``, ``continue``, ``asm goto``; None for any other
        statement): ``({ ... });``, ``T v = ({ ... });``, ``return ({ ...
        });`` and ``x = ({ ... });`` (``x`` a name).  The statement
        expression's statements run first, as ordinary statements of the
        function (so its jumps are the function's), its value kept in a
        fresh variable that the statement then reads in its place::

            int y = ({ if (x < 0) return -1; x * 2; });
            =>  int __inspire_sv0; { if (x < 0) return -1; __inspire_sv0 = x * 2; }
                int y = __inspire_sv0;

        Jumps into a statement expression are gcc's error
        (:mod:`frontend.jumps`)."""
        se, rebuild = _leading_statement_expression(node)
        if (
            se is None
            or node in self.asm_labels
            or not _reject_in_statement_expression(self.ctx, se, leaving=True)
        ):
            return None
        body, value_type = self._statement_expression_body(se)
        if rebuild is None:
            return [n.CompoundStmt(tuple(body))]
        if value_type is t.UNIT:  # the statement sees a void value, as in C
            return [n.CompoundStmt(tuple(body)), *self.stmt(rebuild(_void_value(se.coord)))]
        ctx = self.ctx
        var = n.Variable(t.ref(value_type), ctx.fresh_local_name(_STATEMENT_VALUE))
        body[-1] = ctx.expr.op("assign", var, body[-1])
        ctx.scope.ordinary[var.name] = VarSymbol(var)
        declared = n.DeclStmt(n.Declaration(var.type, n.Undefined(value_type)), var)
        return [
            declared,
            n.CompoundStmt(tuple(body)),
            *self.stmt(rebuild(c_ast.ID(var.name, se.coord))),
        ]

    def sub_statement(self, node: c_ast.Node | None) -> n.CompoundStmt:
        """The statement of an ``if``/``else``, a loop or a ``switch``, as a block."""
        reject_standalone_directive(self.ctx, node)
        return self.block(node)

    def items_block(self, items: list[c_ast.Node]) -> n.CompoundStmt:
        """Block items (a statement, possibly after directives) as one block."""
        return self.block(c_ast.Compound(items, coord=getattr(items[0], "coord", None)))

    def stmt(self, node: c_ast.Node) -> list[n.Node]:
        hoisted = self.hoisted(node)
        if hoisted is not None:
            return hoisted
        method = getattr(self, f"stmt_{type(node).__name__}", None)
        if method is not None:
            return method(node)
        return [self.expr_statement(node)]

    def expr_statement(self, node: c_ast.Node) -> n.Node:
        x = self.ctx.expr
        e = x.expr(node)
        return x.rvalue(e) if t.is_ref(e.type) and not isinstance(e, n.Variable | n.Global) else e

    def stmt_Compound(self, node: c_ast.Compound) -> list[n.Node]:
        return [self.block(node)]

    def stmt_EmptyStatement(self, node: c_ast.Node) -> list[n.Node]:
        return []

    def stmt_Decl(self, node: c_ast.Decl) -> list[n.Node]:
        return self.local_declaration(node)

    def stmt_DeclList(self, node: c_ast.DeclList) -> list[n.Node]:
        out: list[n.Node] = []
        for d in node.decls:
            out.extend(self.local_declaration(d))
        return out

    def stmt_StaticAssert(self, node: c_ast.StaticAssert) -> list[n.Node]:
        """A block-scope ``_Static_assert`` is no code; as at file scope it is
        evaluated (:meth:`~frontend.lower.ProgramLowering.static_assertion`).
        An ``asm`` label's marker is given to its declaration
        (:meth:`_find_asm_labels`); one that names none is an error.  A GNU
        ``section`` marker places its static local in the section."""
        if typedef_attribute(node, self.ctx.resolver, self.ctx.scope):
            return []
        if self.ctx.program.place_in_section(node, self.ctx.scope):
            return []
        if asm.static_assert_marker(node) is None:
            self.ctx.program.static_assertion(node, self.ctx.scope)
            return []
        if node not in self.label_markers:
            raise fail("asm labels of this declaration are not supported by inspirec", node)
        return []

    def stmt_Typedef(self, node: c_ast.Typedef) -> list[n.Node]:
        ctx = self.ctx
        extents: list[n.Node] = []
        check_storage(node)
        extent = self.snapshot_extent(node.name, extents)
        ty = ctx.resolver.resolve(node.type, ctx.scope, name_hint=node.name, extent=extent)
        ctx.scope.redeclared(node, ty)
        ctx.scope.ordinary[node.name] = TypedefSymbol(
            ty,
            designates_function(node.type, ctx.scope),
            typedef_alignment(node.type, ctx.scope),
            long_words(node, ctx.scope),
        )
        return extents

    def statement_scope(self, cond: c_ast.Node):
        """The scope of a selection or iteration statement with condition
        ``cond`` (C11 6.8.4p3, 6.8.5p5: the statement is a block): a new one
        when the condition declares a tag or enumerator, which is not visible
        after the statement; else the current one."""
        declares = any(
            isinstance(x, c_ast.Struct | c_ast.Union | c_ast.Enum) for x in c_nodes(cond)
        )
        return self.ctx.nested_scope(None if declares else self.ctx.scope)

    def stmt_If(self, node: c_ast.If) -> list[n.Node]:
        with self.statement_scope(node.cond):
            cond = self.ctx.expr.scalar(node.cond)
            then, else_ = self.sub_statement(node.iftrue), self.sub_statement(node.iffalse)
        return [n.IfStmt(cond, then, else_)]

    def stmt_While(self, node: c_ast.While) -> list[n.Node]:
        with self.statement_scope(node.cond):
            cond = self.ctx.expr.scalar(node.cond)
            body = self.sub_statement(node.stmt)
        return [n.WhileStmt(cond, body, self.ctx.loc(node))]

    def stmt_DoWhile(self, node: c_ast.DoWhile) -> list[n.Node]:
        with self.statement_scope(node.cond):
            body = self.sub_statement(node.stmt)
            cond = self.ctx.expr.scalar(node.cond)
        return [n.DoWhileStmt(body, cond, self.ctx.loc(node))]

    def stmt_For(self, node: c_ast.For) -> list[n.Node]:
        x = self.ctx.expr
        with self.ctx.nested_scope():
            init = (
                n.CompoundStmt(tuple(self.stmt(node.init)))
                if node.init is not None
                else n.CompoundStmt(())
            )
            cond = x.scalar(node.cond) if node.cond is not None else ONE
            step = (
                n.CompoundStmt((self.expr_statement(node.next),))
                if node.next is not None
                else n.CompoundStmt(())
            )
            body = self.sub_statement(node.stmt)
        return [n.ForStmt(init, cond, step, body, self.ctx.loc(node))]

    def stmt_Switch(self, node: c_ast.Switch) -> list[n.Node]:
        x = self.ctx.expr
        with self.statement_scope(node.cond):
            v = x.value(node.cond)
            if not t.is_integer(v.type):
                raise fail("switch quantity not an integer", node.cond)
            v = x.convert(v, promote(v.type))
            self.ctx.switches.append(SwitchFrame(v.type))
            try:
                body = self.sub_statement(node.stmt)
            finally:
                self.ctx.switches.pop()
        return [n.SwitchStmt(v, body)]

    def stmt_Case(self, node: c_ast.Case) -> list[n.Node]:
        ctx = self.ctx
        value = const_eval(node.expr, ctx.resolver, ctx.scope)
        if value is None:
            raise fail("case label does not reduce to an integer constant", node.expr)
        if not ctx.switches:
            raise fail("case label not within a switch statement", node)
        switch = ctx.switches[-1]
        if switch.taken(value, value):
            raise fail("duplicate case value", node)
        switch.labels.add(value)
        return [n.CaseLabel(n.Literal(switch.type, str(value))), *self.case_statements(node)]

    def stmt_CaseRange(self, node: CaseRange) -> list[n.Node]:
        """GNU C's ``case LOW ... HIGH:``, checked as gcc checks it.  An empty
        range is a warning and no label, but gcc still counts LOW as taken
        by it (a later ``case LOW:`` is a duplicate)."""
        ctx = self.ctx
        low = const_eval(node.expr, ctx.resolver, ctx.scope)
        high = const_eval(node.high, ctx.resolver, ctx.scope)
        if low is None or high is None:
            raise fail("case label does not reduce to an integer constant", node)
        if not ctx.switches:
            raise fail("case label not within a switch statement", node)
        switch = ctx.switches[-1]
        empty = low > high
        if empty:
            coord = node.coord
            ctx.program.log.add(
                warning("empty range specified", coord.file, coord.line, coord.column)
            )
        taken = (low, low if empty else high)
        if switch.taken(*taken):
            raise fail("duplicate (or overlapping) case value", node)
        switch.ranges.append(taken)
        if empty:
            return self.case_statements(node)
        bounds = (n.Literal(switch.type, str(v)) for v in (low, high))
        return [n.CaseRangeLabel(*bounds), *self.case_statements(node)]

    def case_statements(self, node: c_ast.Case | c_ast.Default) -> list[n.Node]:
        """The statements pycparser puts under a ``case`` or ``default``
        label: the label's statement (not a stand-alone directive, as in
        gcc), then the block items after it up to the next label, where a
        directive heads the statement after it, as in any block."""
        items = node.stmts or []
        if not items:
            return []
        reject_standalone_directive(self.ctx, items[0])
        return list(self.block(c_ast.Compound(items, node.coord), new_scope=False).stmts)

    def stmt_Default(self, node: c_ast.Default) -> list[n.Node]:
        switches = self.ctx.switches
        if not switches:
            raise fail("'default' label not within a switch statement", node)
        if None in switches[-1].labels:
            raise fail("multiple default labels in one switch", node)
        switches[-1].labels.add(None)
        return [n.DefaultLabel(), *self.case_statements(node)]

    def stmt_Return(self, node: c_ast.Return) -> list[n.Node]:
        result = self.ctx.result
        if node.expr is None:
            if result is not t.UNIT:
                return [n.ReturnStmt(n.Undefined(result))]
            return [n.ReturnStmt(UNIT_VALUE)]
        v = self.ctx.expr.value(node.expr)
        if result is t.UNIT:
            return [n.CastExpr(t.UNIT, v), n.ReturnStmt(UNIT_VALUE)]
        return [n.ReturnStmt(self.ctx.expr.assignable(v, result, node.expr))]

    def stmt_Break(self, node: c_ast.Break) -> list[n.Node]:
        return [n.BreakStmt()]

    def stmt_Continue(self, node: c_ast.Continue) -> list[n.Node]:
        return [n.ContinueStmt()]

    def stmt_Goto(self, node: c_ast.Goto) -> list[n.Node]:
        return [n.GotoStmt(node.name)]

    def stmt_Label(self, node: c_ast.Label) -> list[n.Node]:
        # By node: a body lowered twice (an outlined construct) meets its labels again.
        if self.ctx.labels.setdefault(node.name, node) is not node:
            raise fail(f"duplicate label '{node.name}'", node)
        reject_standalone_directive(self.ctx, node.stmt)
        return [n.LabelStmt(node.name), *self.stmt(node.stmt)]

    def stmt_Pragma(self, node: c_ast.Pragma) -> list[n.Node]:
        if openmp.is_omp(node):
            lowered, _ = openmp.lower_directive(self.ctx, [node], 0)
            return lowered
        self.ctx.program.pragma(node)
        return []

    def stmt_FuncCall(self, node: c_ast.FuncCall) -> list[n.Node]:
        converted = threads.lower_call(self.ctx, node, used=False)
        return converted if converted is not None else [self.expr_statement(node)]

    # -------------------------------------------------------- declarations
    def local_declaration(self, node: c_ast.Decl) -> list[n.Node]:
        """A block-scope declaration; with an ``asm`` label (GNU C), as gcc
        reads one: an ``extern`` object or a function names the object or
        function of the label's assembler name
        (:meth:`~frontend.lower.ProgramLowering.labelled_symbol`), a static
        local gets it as its assembler name, a typedef name ignores it, an
        automatic variable ignores it with gcc's warning; a ``register``
        variable is an explicit register variable, bound to the register
        the label names (gcc's error for a name that is none)."""
        label = self.asm_labels.get(node)
        if label is None:
            return self._declaration(node)
        ctx = self.ctx
        storage = node.storage or []
        if "register" in storage:
            if not is_register_name(label):
                raise fail(f"invalid register name for '{node.name}'", node)
            return self._declaration(node, label)
        if linked(node):
            object_alignment(node, ctx.resolver, ctx.scope)  # checked (the object is elsewhere)
            check_storage(node)
            ctx.scope.redeclared(node, None)
            ty = ctx.resolver.resolve(node.type, ctx.scope)
            ctx.scope.ordinary[node.name] = ctx.program.labelled_symbol(
                ctx.function_name, node, ty, label
            )
            return []
        out = self._declaration(node)
        sym = ctx.scope.ordinary.get(node.name)
        if "static" in storage and isinstance(sym, GlobalSymbol):
            ctx.program.asm_labels[sym.glob.name] = label
        elif "typedef" not in storage:
            coord = node.coord
            ctx.program.log.add(
                warning(
                    f"ignoring 'asm' specifier for non-static local variable '{node.name}'",
                    coord.file,
                    coord.line,
                    coord.column,
                )
            )
        return out

    def _declaration(self, node: c_ast.Decl, label: str | None = None) -> list[n.Node]:
        """A block-scope declaration; ``label``: the register of an explicit
        register variable (:meth:`local_declaration`)."""
        align = object_alignment(node, self.ctx.resolver, self.ctx.scope)
        check_storage(node)
        ctx = self.ctx
        storage = node.storage or []
        if "typedef" in storage:
            return self.stmt_Typedef(node)
        if node.name is None:
            ctx.resolver.resolve(node.type, ctx.scope)
            return []
        handle = threads.handle_declaration(ctx, node)
        if handle is not None:
            return handle
        function = isinstance(node.type, c_ast.FuncDecl) or designates_function(
            node.type, ctx.scope
        )  # also F f; with typedef int F(int)
        if linked(node) or function:
            ctx.scope.redeclared(node, None)
            hidden = isinstance(ctx.scope.lookup(node.name), VarSymbol)  # by a local
            sym = ctx.program.file_symbol(node.name) or ctx.program.program_symbol(node.name)
            if hidden and isinstance(sym, GlobalSymbol) and ctx.program.is_static(sym.glob.name):
                # The local hides the file's static: this declaration has external linkage.
                raise fail("variable previously declared 'static' redeclared 'extern'", node)
            if sym is None and function:
                # a function of another file or a library, visible in this block
                ctx.program.declare_function(node, ctx.scope, None)
                return []
            if sym is None:  # an object of a library, or of a file compiled apart
                sym = ctx.program.external_object(node, ctx.scope)
            ctx.scope.ordinary[node.name] = sym
            return []
        extents: list[n.Node] = []
        ty = ctx.expr.auto_type(node)
        if ty is None:
            ty = ctx.resolver.resolve(
                node.type,
                ctx.scope,
                extent=None if "static" in storage else self.snapshot_extent(node.name, extents),
            )
        ty = array_size_from_init(node.init, ty, ctx.resolver, ctx.scope)
        if t.strip_qualifiers(ty) is t.UNIT:
            raise fail(f"variable '{node.name}' declared void", node)
        ctx.scope.redeclared(node, ty)
        if "static" in storage:
            thread_local = "_Thread_local" in storage
            glob = ctx.program.static_local(ctx.function_name, node.name, ty, align, thread_local)
            ctx.scope.ordinary[node.name] = GlobalSymbol(glob, long_words(node, ctx.scope))
            init = (
                ctx.expr.initializer(node.init, ty)
                if node.init is not None
                else n.Undefined(t.strip_qualifiers(ty))
            )
            if any(isinstance(x, n.StmtExpr) for x in initialiser_nodes(init)):  # C has no place
                raise fail(
                    "a statement expression in the initializer of a static variable is not "
                    "supported by inspirec",
                    node.init,
                )
            ctx.program.set_global_init(glob.name, init)
            return []
        var = n.Variable(t.ref(ty), node.name)
        register = "register" in storage
        # in scope in its own initialiser
        ctx.scope.ordinary[node.name] = VarSymbol(
            var, register, register and label is not None, align, long_words(node, ctx.scope)
        )
        if t.is_vla(t.strip_qualifiers(ty)) and node.init is not None:
            raise fail("variable-sized object may not be initialized", node.init)
        if node.init is not None:
            init = ctx.expr.initializer(node.init, ty)
        else:
            init = n.Undefined(t.strip_qualifiers(ty))
        if register and label is not None:
            init = ctx.expr.op("hard_register", n.Literal(t.ptr(t.CHAR), label), init)
        return [*extents, n.DeclStmt(n.Declaration(var.type, init), var, align)]


#: The C statements that are not expression statements.
_STATEMENTS = (
    c_ast.Compound,
    c_ast.Decl,
    c_ast.DeclList,
    c_ast.Typedef,
    c_ast.If,
    c_ast.While,
    c_ast.DoWhile,
    c_ast.For,
    c_ast.Switch,
    c_ast.Case,
    c_ast.Default,
    c_ast.Return,
    c_ast.Break,
    c_ast.Continue,
    c_ast.Goto,
    c_ast.Label,
    c_ast.Pragma,
    c_ast.EmptyStatement,
    c_ast.StaticAssert,
)
_LOOPS = (c_ast.While, c_ast.DoWhile, c_ast.For)


def _reject_in_statement_expression(
    ctx: LoweringContext, body: c_ast.Compound, leaving: bool
) -> bool:
    """The errors for what a statement expression may not contain: a ``case``
    or ``default`` of an enclosing switch (gcc's error), an OpenMP directive
    (a task spawn or wait is a statement of the IR, not part of an
    expression) and, unless ``leaving`` (:meth:`StatementLowering.hoisted`),
    a jump out of it (``return``, ``goto``, ``asm goto``, a ``break`` or
    ``continue`` outside its own loops and switches) or a label.  Whether it
    has such a jump or label."""
    found = False
    stack: list[tuple[c_ast.Node, int, int]] = [(body, 0, 0)]  # node, loops, switches
    while stack:
        node, loops, switches = stack.pop()
        problem = None
        if isinstance(node, c_ast.Return):
            problem = "'return' inside a statement expression is not supported by inspirec"
        elif isinstance(node, c_ast.Goto):
            problem = "'goto' inside a statement expression is not supported by inspirec"
        elif (
            isinstance(node, c_ast.FuncCall)
            and isinstance(node.name, c_ast.ID)
            and node.name.name in asm.CALLS
            and asm.label_names(node)
        ):
            problem = "'asm goto' inside a statement expression is not supported by inspirec"
        elif isinstance(node, c_ast.Label):
            problem = "a label inside a statement expression is not supported by inspirec"
        elif isinstance(node, c_ast.Break) and not loops + switches:
            problem = "'break' out of a statement expression is not supported by inspirec"
        elif isinstance(node, c_ast.Continue) and not loops:
            problem = "'continue' out of a statement expression is not supported by inspirec"
        elif isinstance(node, c_ast.Case | c_ast.Default) and not switches:
            raise fail("switch jumps into statement expression", node)
        elif isinstance(node, c_ast.Pragma) and openmp.is_omp(node):
            name = ctx.program.directive(node).spec.name
            raise openmp.pragma_error(
                f"'#pragma omp {name}' inside a statement expression is not supported by inspirec",
                node,
            )
        if problem is not None and not leaving:
            raise fail(problem, node)
        found = found or problem is not None
        children = []
        for name, child in node.children():
            inner = name == "stmt"
            children.append(
                (
                    child,
                    loops + (inner and isinstance(node, _LOOPS)),
                    switches + (inner and isinstance(node, c_ast.Switch)),
                )
            )
        stack.extend(reversed(children))
    return found


#: The base of the names of the variables holding a hoisted statement
#: expression's value (:meth:`StatementLowering.hoisted`).
_STATEMENT_VALUE = "__inspire_sv"


def _leading_statement_expression(
    node: c_ast.Node,
) -> tuple[c_ast.Compound | None, Callable[[c_ast.Node], c_ast.Node] | None]:
    """The statement expression that statement ``node`` evaluates first, as
    its whole value: the statement itself, the initialiser of a local
    object, the value of a ``return``, the right operand of an assignment
    to a name; and how to rebuild ``node`` with another expression in its
    place (None for the statement itself).  (None, None) for any other
    statement.  The rebuilt node is a copy: a body may be lowered twice."""
    if isinstance(node, c_ast.Decl) and not {"static", "extern", "typedef"} & set(
        node.storage or []
    ):
        block = statement_expression_block(node.init)
        return block, lambda e: _copied(node, init=e)
    if isinstance(node, c_ast.Return):
        return statement_expression_block(node.expr), lambda e: _copied(node, expr=e)
    if isinstance(node, c_ast.Assignment) and node.op == "=" and isinstance(node.lvalue, c_ast.ID):
        return statement_expression_block(node.rvalue), lambda e: _copied(node, rvalue=e)
    return statement_expression_block(node), None


def _void_value(coord) -> c_ast.Node:
    """``(void)0`` at ``coord``."""
    void = c_ast.TypeDecl(None, [], None, c_ast.IdentifierType(["void"], coord), coord)
    return c_ast.Cast(
        c_ast.Typename(None, [], None, void, coord), c_ast.Constant("int", "0"), coord
    )


def _copied(node: c_ast.Node, **fields: c_ast.Node) -> c_ast.Node:
    out = copy.copy(node)
    for name, value in fields.items():
        setattr(out, name, value)
    return out


def reject_standalone_directive(ctx: LoweringContext, node: c_ast.Node | None) -> None:
    """gcc's error for a stand-alone OpenMP directive (``taskwait``, ``barrier``,
    ..., ``error at(execution)``; not ``nothing``) written as the statement of
    an ``if``/``else``, a loop, a ``switch`` or a label, without braces
    (OpenMP allows it only in compound statements).

    pycparser makes the directives before such a statement and the statement
    one compound statement at the first directive's position; a compound
    statement written with braces starts at its ``{``, before any directive.
    """
    if not isinstance(node, c_ast.Compound) or not node.block_items:
        return
    first = node.block_items[0]
    if not isinstance(first, c_ast.Pragma) or not _same_position(node, first):
        return
    for item in node.block_items:
        if not isinstance(item, c_ast.Pragma):
            return
        if openmp.is_omp(item):
            d = ctx.program.directive(item)
            if d.name == "error" and (d.expression("at") or "").strip() == "execution":
                message = (
                    "'#pragma omp error' with 'at(execution)' clause may only be used in "
                    "compound statements"
                )
                raise openmp.pragma_error(message, item)
            if d.form == "standalone" and d.name != "nothing":  # nothing is allowed anywhere
                message = f"'#pragma omp {d.name}' may only be used in compound statements"
                raise openmp.pragma_error(message, item)


def _same_position(a: c_ast.Node, b: c_ast.Node) -> bool:
    pa, pb = a.coord, b.coord
    return (
        pa is not None
        and pb is not None
        and (pa.file, pa.line, pa.column)
        == (
            pb.file,
            pb.line,
            pb.column,
        )
    )
