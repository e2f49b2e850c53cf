"""Lowering of whole C programs (several files) to an IR program.

Steps:

1. Every file's file-scope declarations are collected (typedefs, records,
   enums, globals, function prototypes and definitions).  External names are
   resolved across files; a ``static`` name that clashes with another file's
   gets a fresh program-wide name.
2. Functions are grouped by the strongly connected components of the call
   graph (:class:`~inspire.callgraph.CallGraph`); components are lowered
   callees first, ties broken by declaration order.  A component with
   more than one function, or one that calls itself, becomes one recursive
   :class:`~inspire.nodes.LambdaDefinition` whose internal calls go through
   lambda references; every other function is a non-recursive definition
   embedded (shared) at its uses.
3. Global initialisers are lowered last (they may refer to functions); the
   program's entry is ``main``.

Declarations that come from bundled headers are never emitted again (the
records carry their header, external symbols are not defined here); the
program's ``includes`` list the bundled headers in order of inclusion.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import SimpleNamespace

from inspirec.frontend.cparse import parse_c
from inspirec.frontend.ctypes import promote
from inspirec.frontend.diagnostics import CompileError, Diagnostic, DiagnosticLog, error
from inspirec.frontend.lower_expr import ExprLowering
from inspirec.frontend.openmp import (
    Directive,
    OpenMPLowering,
    parse_directive,
    pragma_diagnostic,
    pragma_error,
    program_directives,
)
from inspirec.frontend.preprocess import Origins, program_includes
from inspirec.frontend.symbols import (
    FuncSymbol,
    GlobalSymbol,
    Records,
    Scope,
    TypedefSymbol,
    TypeResolver,
    VarSymbol,
    array_size_from_init,
    const_eval,
    designates_function,
    fail,
    header_of,
)
from inspirec.frontend.threads import ThreadLowering, ThreadPlan
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.callgraph import CallGraph
from inspirec.inspire.verifier import verify
from pycparser import c_ast

ONE = n.Literal(t.INT4, "1")
UNIT_VALUE = n.Literal(t.UNIT, "()")


@dataclass
class FunctionInfo:
    """A function of the program: its type and, if defined, its definition."""

    name: str
    type: n.FunctionType
    definition: c_ast.FuncDef | None = None
    scope: Scope | None = None
    order: int = 0


@dataclass
class GlobalInfo:
    """A global variable of the program (``header`` set for one declared by a header)."""

    name: str
    type: n.Type
    header: str = ""
    storage: str = ""
    inits: list[tuple[c_ast.Node, Scope]] = field(default_factory=list)
    defined: bool = False
    thread_local: bool = False


class FunctionLowering(ThreadLowering, ExprLowering, OpenMPLowering):
    """Lowers one function body (statements; expressions, thread create/join and
    OpenMP via the mixins)."""

    def __init__(self, program: ProgramLowering, scope: Scope, function_name: str, result: n.Type):
        self.program = program
        self.resolver = program.resolver
        self.scope = scope
        self.function_name = function_name
        self.result = result
        self.extent_names: dict[str, int] = {}
        self.modified_names: frozenset[str] = frozenset()
        self.switch_types: list[n.Type] = []
        self.sharing_frames: list = []

    # ------------------------------------------------------------ context
    def function_value(self, sym: FuncSymbol) -> n.Node:
        return self.program.function_value(sym)

    def loc(self, node: c_ast.Node) -> n.Loc | None:
        coord = getattr(node, "coord", None)
        if coord is None or not coord.file:
            return None
        return n.Loc(os.path.basename(coord.file), coord.line)

    def dimension(self, dim: c_ast.Node) -> n.Node:
        """A run-time array dimension as an ``int<8>`` value, evaluated here."""
        v = self.value(dim)
        if not t.is_integer(v.type):
            raise fail(f"size of array has non-integer type {t.type_str(v.type)}", dim)
        return self.convert(v, t.INT8)

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

    def snapshot_extent(self, base: str, into: list[n.Node]):
        """An extent callback for a declaration: each run-time dimension is
        evaluated once, into a fresh immutable ``int<8>`` variable declared by a
        statement appended to ``into`` (C evaluates the size when the
        declaration is reached; later uses of the type see that value)."""

        def extent(dim: c_ast.Node) -> n.Node:
            value = self.dimension(dim)
            k = self.extent_names.get(base, 0)
            while self.scope.lookup(f"{base}__n{k}") is not None:
                k += 1
            self.extent_names[base] = k + 1
            var = n.Variable(t.INT8, f"{base}__n{k}")
            into.append(n.DeclStmt(n.Declaration(t.INT8, value), var))
            return var

        return extent

    # --------------------------------------------------------- statements
    def block(self, node: c_ast.Node | None, new_scope: bool = True) -> n.CompoundStmt:
        """A statement as a compound statement (its own scope)."""
        if node is None:
            return n.CompoundStmt(())
        saved = self.scope
        if new_scope:
            self.scope = saved.child()
        try:
            items = node.block_items or [] if isinstance(node, c_ast.Compound) else [node]
            stmts: list[n.Node] = []
            i = 0
            while i < len(items):
                item = items[i]
                if isinstance(item, c_ast.Pragma) and item.string.strip().split()[:1] == ["omp"]:
                    lowered, i = self.omp_items(items, i)
                    stmts.extend(lowered)
                    continue
                stmts.extend(self.stmt(item))
                i += 1
            return n.CompoundStmt(tuple(stmts))
        finally:
            self.scope = saved

    def stmt(self, node: c_ast.Node) -> list[n.Node]:
        method = getattr(self, f"stmt_{type(node).__name__}", None)
        if method is not None:
            return method(node)
        return [self.expr_statement(node)]

    def expr_statement(self, node: c_ast.Node) -> n.Node:
        e = self.expr(node)
        return (
            self.rvalue(e) if t.is_ref(e.type) and not isinstance(e, n.Variable | n.Global) else e
        )

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

    def stmt_Typedef(self, node: c_ast.Typedef) -> list[n.Node]:
        extents: list[n.Node] = []
        extent = self.snapshot_extent(node.name, extents)
        ty = self.resolver.resolve(node.type, self.scope, name_hint=node.name, extent=extent)
        self.scope.ordinary[node.name] = TypedefSymbol(
            ty, designates_function(node.type, self.scope)
        )
        return extents

    def stmt_If(self, node: c_ast.If) -> list[n.Node]:
        return [n.IfStmt(self.scalar(node.cond), self.block(node.iftrue), self.block(node.iffalse))]

    def stmt_While(self, node: c_ast.While) -> list[n.Node]:
        return [n.WhileStmt(self.scalar(node.cond), self.block(node.stmt), self.loc(node))]

    def stmt_DoWhile(self, node: c_ast.DoWhile) -> list[n.Node]:
        return [n.DoWhileStmt(self.block(node.stmt), self.scalar(node.cond), self.loc(node))]

    def stmt_For(self, node: c_ast.For) -> list[n.Node]:
        saved = self.scope
        self.scope = saved.child()
        try:
            init = (
                n.CompoundStmt(tuple(self.stmt(node.init)))
                if node.init is not None
                else n.CompoundStmt(())
            )
            cond = self.scalar(node.cond) if node.cond is not None else ONE
            step = (
                n.CompoundStmt((self.expr_statement(node.next),))
                if node.next is not None
                else n.CompoundStmt(())
            )
            body = self.block(node.stmt)
        finally:
            self.scope = saved
        return [n.ForStmt(init, cond, step, body, self.loc(node))]

    def stmt_Switch(self, node: c_ast.Switch) -> list[n.Node]:
        v = self.value(node.cond)
        if not t.is_integer(v.type):
            raise fail("switch quantity not an integer", node.cond)
        v = self.convert(v, promote(v.type))
        self.switch_types.append(v.type)
        try:
            body = self.block(node.stmt)
        finally:
            self.switch_types.pop()
        return [n.SwitchStmt(v, body)]

    def stmt_Case(self, node: c_ast.Case) -> list[n.Node]:
        value = const_eval(node.expr, self.resolver, self.scope)
        if value is None:
            raise fail("case label does not reduce to an integer constant", node.expr)
        if not self.switch_types:
            raise fail("case label not within a switch statement", node)
        out: list[n.Node] = [n.CaseLabel(n.Literal(self.switch_types[-1], str(value)))]
        for s in node.stmts or []:
            out.extend(self.stmt(s))
        return out

    def stmt_Default(self, node: c_ast.Default) -> list[n.Node]:
        out: list[n.Node] = [n.DefaultLabel()]
        for s in node.stmts or []:
            out.extend(self.stmt(s))
        return out

    def stmt_Return(self, node: c_ast.Return) -> list[n.Node]:
        if node.expr is None:
            if self.result is not t.UNIT:
                return [n.ReturnStmt(n.Undefined(self.result))]
            return [n.ReturnStmt(UNIT_VALUE)]
        v = self.value(node.expr)
        if self.result is t.UNIT:
            return [n.CastExpr(t.UNIT, v), n.ReturnStmt(UNIT_VALUE)]
        return [n.ReturnStmt(self.assignable(v, self.result, node.expr))]

    def stmt_Break(self, node: c_ast.Break) -> list[n.Node]:
        return [n.BreakStmt()]

    def stmt_Continue(self, node: c_ast.Continue) -> list[n.Node]:
        return [n.ContinueStmt()]

    def stmt_Goto(self, node: c_ast.Goto) -> list[n.Node]:
        return [n.GotoStmt(node.name)]

    def stmt_Label(self, node: c_ast.Label) -> list[n.Node]:
        return [n.LabelStmt(node.name), *self.stmt(node.stmt)]

    def stmt_Pragma(self, node: c_ast.Pragma) -> list[n.Node]:
        if node.string.strip().split()[:1] == ["omp"]:
            lowered, _ = self.omp_items([node], 0)
            return lowered
        self.program.pragma(node)
        return []

    # -------------------------------------------------------- declarations
    def local_declaration(self, node: c_ast.Decl) -> list[n.Node]:
        storage = node.storage or []
        if "typedef" in storage:
            return self.stmt_Typedef(node)
        if node.name is None:
            self.resolver.resolve(node.type, self.scope)
            return []
        handle = self.thread_handle_declaration(node)  # frontend.threads
        if handle is not None:
            return handle
        if isinstance(node.type, c_ast.FuncDecl) or "extern" in storage:
            sym = self.program.file_symbol(node.name)
            if sym is None:
                raise fail(
                    f"'{node.name}' declared extern here but never defined or declared", node
                )
            self.scope.ordinary[node.name] = sym
            return []
        extents: list[n.Node] = []
        ty = self.resolver.resolve(
            node.type,
            self.scope,
            extent=None if "static" in storage else self.snapshot_extent(node.name, extents),
        )
        ty = array_size_from_init(node.init, ty, self.resolver, self.scope)
        if t.strip_volatile(ty) is t.UNIT:
            raise fail(f"variable '{node.name}' declared void", node)
        if "static" in storage:
            glob = self.program.static_local(self.function_name, node.name, ty)
            self.scope.ordinary[node.name] = GlobalSymbol(glob)
            init = self.initializer(node.init, ty) if node.init is not None else n.Undefined(ty)
            self.program.set_global_init(glob.name, init)
            return []
        var = n.Variable(t.ref(ty), node.name)
        self.scope.ordinary[node.name] = VarSymbol(var)  # in scope in its own initialiser
        if t.is_vla(t.strip_volatile(ty)) and node.init is not None:
            raise fail("variable-sized object may not be initialized", node.init)
        if node.init is not None:
            init = self.initializer(node.init, ty)
        else:
            init = n.Undefined(t.strip_volatile(ty))
        return [*extents, n.DeclStmt(n.Declaration(var.type, init), var)]


class ProgramLowering:
    """Lowers the files of one program (see the module docstring)."""

    def __init__(self, log: DiagnosticLog):
        self.log = log
        self.records = Records()
        self.resolver = TypeResolver(self.records)
        self.functions: dict[str, FunctionInfo] = {}
        self.globals: dict[str, GlobalInfo] = {}
        self.global_inits: dict[str, n.Node] = {}
        self.file_scopes: list[Scope] = []
        self.current_file_scope: Scope | None = None
        self.lambda_exprs: dict[str, n.LambdaExpr] = {}
        self.current_refs: dict[str, n.LambdaReference] = {}
        self.order = 0
        self.threads: ThreadPlan | None = None  # set before the functions are lowered
        self.directives: dict[c_ast.Pragma, Directive] = {}  # see directive()

    # ------------------------------------------------------------ collection
    def collect(self, ast: c_ast.FileAST) -> Scope:
        scope = Scope()
        self.current_file_scope = scope
        self.file_scopes.append(scope)
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                self.declare_function(ext.decl, scope, ext)
            elif isinstance(ext, c_ast.Decl):
                self.file_declaration(ext, scope)
            elif isinstance(ext, c_ast.Typedef):
                ty = self.resolver.resolve(ext.type, scope, name_hint=ext.name)
                scope.ordinary[ext.name] = TypedefSymbol(ty, designates_function(ext.type, scope))
            elif isinstance(ext, c_ast.Pragma):
                self.pragma(ext)
            elif isinstance(ext, c_ast.StaticAssert):
                continue
            else:
                raise fail(f"unsupported top-level construct {type(ext).__name__}", ext)
        return scope

    def directive(self, node: c_ast.Pragma) -> Directive:
        """The parsed ``#pragma omp`` line ``node`` (each line is parsed once)."""
        d = self.directives.get(node)
        if d is None:
            d = self.directives[node] = parse_directive(node)
        return d

    def pragma(self, node: c_ast.Pragma) -> None:
        """A pragma at file scope (OpenMP: only threadprivate) or a non-OpenMP pragma
        anywhere (ignored with a warning)."""
        text = node.string.strip()
        if text.split()[:1] == ["omp"]:
            d = self.directive(node)
            if d.name == "threadprivate" and self.current_file_scope is not None:
                self.threadprivate(d, self.current_file_scope)
                return
            raise pragma_error(f"'#pragma {text}' is not allowed at file scope", node)
        self.log.add(pragma_diagnostic(f"ignoring '#pragma {text}'", node, "warning"))

    def threadprivate(self, d, scope: Scope) -> None:
        """``threadprivate(list)``: the listed globals/static locals become thread-local."""
        for name in (v.strip() for v in (d.argument or "").split(",") if v.strip()):
            sym = scope.lookup(name)
            if not isinstance(sym, GlobalSymbol) or sym.glob.name not in self.globals:
                raise pragma_error(
                    f"'{name}' in threadprivate is not a file-scope or static variable", d.node
                )
            self.globals[sym.glob.name].thread_local = True

    def file_declaration(self, node: c_ast.Decl, scope: Scope) -> None:
        storage = node.storage or []
        if "typedef" in storage:
            ty = self.resolver.resolve(node.type, scope, name_hint=node.name)
            scope.ordinary[node.name] = TypedefSymbol(ty, designates_function(node.type, scope))
            return
        if node.name is None:
            self.resolver.resolve(node.type, scope)
            return
        if isinstance(node.type, c_ast.FuncDecl):
            self.declare_function(node, scope, None)
            return
        ty = self.resolver.resolve(node.type, scope)
        if t.strip_volatile(ty) is t.UNIT:
            raise fail(f"variable '{node.name}' declared void", node)
        header = header_of(node)
        static = "static" in storage
        name = node.name
        if static:
            name = self.fresh_global_name(node.name)
        info = self.globals.get(name)
        if info is None:
            info = GlobalInfo(name, ty, header, "static" if static else "")
            self.globals[name] = info
        elif t.is_array(info.type) and info.type.int_params[0] is None:
            info.type = ty
        if node.init is not None:
            info.inits.append((node, scope))
            info.type = array_size_from_init(node.init, ty, self.resolver, scope)
        if "extern" not in storage and not header:
            info.defined = True
        scope.ordinary[node.name] = GlobalSymbol(n.Global(t.ref(info.type), name))

    def fresh_global_name(self, base: str) -> str:
        name, k = base, 1
        while name in self.globals or name in self.functions:
            k += 1
            name = f"{base}_{k}"
        return name

    def declare_function(self, decl: c_ast.Decl, scope: Scope, definition: c_ast.FuncDef | None):
        fty = self.resolver.resolve(decl.type, scope)
        if definition is not None and definition.param_decls:
            fty = self.knr_type(definition, scope, fty)
        static = "static" in (decl.storage or [])
        existing = scope.ordinary.get(decl.name)
        if isinstance(existing, FuncSymbol):
            name = existing.name
        elif static:
            name = self.fresh_global_name(decl.name)
        else:
            name = decl.name
        info = self.functions.get(name)
        if info is None:
            info = FunctionInfo(name, fty, order=self.order)
            self.order += 1
            self.functions[name] = info
        if definition is not None:
            if info.definition is not None:
                raise fail(f"redefinition of '{decl.name}'", decl)
            info.definition = definition
            info.scope = scope
            info.type = fty
        elif info.definition is None and (not info.type.params and info.type.variadic):
            info.type = fty
        scope.ordinary[decl.name] = FuncSymbol(name, info.type)

    def knr_type(
        self, definition: c_ast.FuncDef, scope: Scope, fty: n.FunctionType
    ) -> n.FunctionType:
        declared = {
            d.name: self.resolver.adjust_param(self.resolver.resolve(d.type, scope))
            for d in definition.param_decls
        }
        names = [p.name for p in definition.decl.type.args.params]
        params = tuple(declared.get(name, t.INT4) for name in names)
        return n.FunctionType(params, fty.result, False)

    def file_symbol(self, name: str):
        return self.current_file_scope.lookup(name) if self.current_file_scope else None

    # ------------------------------------------------------------ functions
    def function_value(self, sym: FuncSymbol) -> n.Node:
        info = self.functions[sym.name]
        if sym.name in self.current_refs:
            return self.current_refs[sym.name]
        if sym.name in self.lambda_exprs:
            return self.lambda_exprs[sym.name]
        if info.definition is None:
            return n.Global(info.type, sym.name)
        raise RuntimeError(f"function {sym.name} used before it was lowered")

    def static_local(self, function: str, name: str, ty: n.Type) -> n.Global:
        gname = self.fresh_global_name(f"{function}_{name}")
        self.globals[gname] = GlobalInfo(gname, ty, "", "static", [], True)
        return n.Global(t.ref(ty), gname)

    def set_global_init(self, name: str, init: n.Node) -> None:
        self.global_inits[name] = init

    def call_graph(self) -> CallGraph:
        """The defined functions in declaration order, each with the defined
        functions its body names (in source order)."""
        defined = [
            name
            for name, f in sorted(self.functions.items(), key=lambda item: item[1].order)
            if f.definition is not None
        ]
        calls = {}
        for name in defined:
            info = self.functions[name]
            named = self.referenced_functions(info.definition.body, info.scope)
            calls[name] = [
                callee for callee in named if self.functions[callee].definition is not None
            ]
        return CallGraph(defined, calls)

    def referenced_functions(self, node: c_ast.Node, scope: Scope) -> list[str]:
        """The functions (program-wide names) ``node`` names, in source order."""
        found: dict[str, None] = {}
        stack = [node]
        while stack:
            x = stack.pop()
            if isinstance(x, c_ast.ID):
                sym = scope.lookup(x.name)
                if isinstance(sym, FuncSymbol):
                    found.setdefault(sym.name, None)
            stack.extend(reversed([c for _, c in x.children()]))
        return list(found)

    def lower_functions(self) -> None:
        """Lower every defined function, callees first (see the module docstring);
        the order depends on the declaration order only, so the first error
        reported is the same in every run."""
        for members, recursive in self.call_graph().components_callees_first():
            refs = {m: n.LambdaReference(self.functions[m].type, m) for m in members}
            self.current_refs = refs if recursive else {}
            bindings = [
                n.LambdaBinding(refs[m], self.lower_function(self.functions[m])) for m in members
            ]
            self.current_refs = {}
            definition = n.LambdaDefinition(tuple(bindings))
            for m in members:
                self.lambda_exprs[m] = n.LambdaExpr(refs[m].type, refs[m], definition)

    def lower_function(self, info: FunctionInfo) -> n.Lambda:
        fdef = info.definition
        fty = info.type
        scope = info.scope.child()
        params: list[n.Variable] = []
        names = self.parameter_names(fdef)
        lowering = FunctionLowering(self, scope, info.name, fty.result)
        self.current_file_scope = info.scope
        decls = self.parameter_decls(fdef)
        lowering.modified_names = modified_names(fdef.body)
        for name, pty in zip(names, fty.params, strict=False):
            decl = decls.get(name)
            if decl is not None and self.resolver.has_runtime_dimension(decl.type, scope):
                # Run-time extents over the earlier parameters, evaluated on entry.
                refined = self.resolver.adjust_param(
                    self.resolver.resolve(decl.type, scope, extent=lowering.dimension)
                )
                if t.erase(refined) is pty:
                    pty = refined
            var = n.Variable(t.ref(pty), name)
            params.append(var)
            scope.ordinary[name] = VarSymbol(var)
        body = lowering.block(fdef.body, new_scope=False)
        return n.Lambda(fty, tuple(params), body, lowering.loc(fdef.decl))

    @staticmethod
    def parameter_decls(fdef: c_ast.FuncDef) -> dict[str, c_ast.Decl]:
        """The prototype parameter declarations of a definition, by name."""
        args = fdef.decl.type.args
        if args is None:
            return {}
        return {p.name: p for p in args.params if isinstance(p, c_ast.Decl) and p.name}

    @staticmethod
    def parameter_names(fdef: c_ast.FuncDef) -> list[str]:
        args = fdef.decl.type.args
        if args is None:
            return []
        names = []
        for i, p in enumerate(args.params):
            if isinstance(p, c_ast.EllipsisParam):
                continue
            if isinstance(p, c_ast.Typename) and p.name is None:
                if isinstance(p.type, c_ast.TypeDecl) and getattr(p.type.type, "names", None) == [
                    "void"
                ]:
                    continue
                names.append(f"unnamed{i}")
                continue
            names.append(p.name)
        return names

    # -------------------------------------------------------------- program
    def lower_globals(self) -> tuple[n.GlobalDecl, ...]:
        decls = []
        for name, info in self.globals.items():
            if info.header or not info.defined:
                continue
            init = self.global_inits.get(name)
            if init is None and info.inits:
                node, scope = info.inits[-1]
                lowering = FunctionLowering(self, scope, "", t.UNIT)
                self.current_file_scope = scope
                init = lowering.initializer(node.init, info.type)
            if init is None:
                init = n.Undefined(t.strip_volatile(info.type))
            glob = n.Global(t.ref(info.type), name)
            decls.append(n.GlobalDecl(glob, init, info.storage, info.thread_local))
        return tuple(decls)

    def program(self, includes: tuple[str, ...]) -> n.Program:
        main = self.functions.get("main")
        if main is None or main.definition is None:
            raise CompileError([error("the program has no 'main' function")])
        self.lower_functions()
        globals_ = self.lower_globals()
        entry = self.lambda_exprs["main"]
        records = self.used_records([entry, *globals_])
        return n.Program(records, globals_, entry, includes)

    def used_records(self, roots: list[n.Node]) -> tuple[n.StructDecl, ...]:
        """The user's records, and the header records the program actually uses."""
        decls = self.records.decls
        used: set[tuple[str, str]] = set()
        stack = [(x.tag, x.name) for r in roots for x in r.walk() if isinstance(x, n.TagType)]
        stack += [key for key, d in decls.items() if not d.header]
        while stack:
            key = stack.pop()
            if key in used or key not in decls:
                continue
            used.add(key)
            stack.extend(
                (x.tag, x.name)
                for f in decls[key].fields
                for x in f.walk()
                if isinstance(x, n.TagType)
            )
        return tuple(d for key, d in decls.items() if key in used)


def modified_names(body: c_ast.Node) -> frozenset[str]:
    """Identifiers a function body assigns, increments, decrements or takes the address of."""
    found: set[str] = set()
    stack = [body]
    while stack:
        x = stack.pop()
        target = None
        if isinstance(x, c_ast.Assignment):
            target = x.lvalue
        elif isinstance(x, c_ast.UnaryOp) and x.op in ("++", "--", "p++", "p--", "&"):
            target = x.expr
        if isinstance(target, c_ast.ID):
            found.add(target.name)
        stack.extend(c for _, c in x.children())
    return frozenset(found)


def exact_positions(diagnostics, origins: list[Origins]) -> list[Diagnostic]:
    """Diagnostics moved from preprocessed-text columns to original source columns,
    with the source line attached (see :meth:`Origins.location`)."""
    out = []
    for d in diagnostics:
        if d.file is None or d.line is None or d.source_line is not None:
            out.append(d)  # no position, or already exact
            continue
        coord = SimpleNamespace(file=d.file, line=d.line, column=d.col)
        mapped = d
        for o in origins:
            candidate = o.diagnostic(coord, d.message, d.severity)
            if candidate.source_line is not None:
                mapped = candidate
                break
        out.append(mapped)
    return out


def lower_files(asts: list[c_ast.FileAST], origins: list[Origins], log: DiagnosticLog) -> n.Program:
    """Lower parsed files (one program) to a verified IR program."""
    lowering = ProgramLowering(DiagnosticLog())
    try:
        lowering.directives = program_directives(asts)
        for ast in asts:
            lowering.collect(ast)
        lowering.threads = ThreadPlan.build(lowering.functions, lowering.resolver, asts, origins)
        log.extend(lowering.threads.notes)
        program = lowering.program(tuple(f"<{h}>" for h in program_includes(origins)))
    except CompileError as err:
        log.extend(exact_positions(lowering.log.diagnostics, origins))
        raise CompileError(exact_positions(err.diagnostics, origins)) from None
    log.extend(exact_positions(lowering.log.diagnostics, origins))
    problems = verify(program)
    if problems:
        raise RuntimeError("the lowered program does not verify:\n" + "\n".join(problems[:20]))
    return program


def parse_program(
    paths: list[str] | tuple[str, ...],
    include_dirs=(),
    defines=(),
    undefines=(),
    log: DiagnosticLog | None = None,
) -> n.Program:
    """Preprocess, parse and lower the C files of one program to IR.

    Raises :class:`~frontend.diagnostics.CompileError` with gcc-style
    diagnostics for any problem in the input.
    """
    log = log if log is not None else DiagnosticLog()
    if not paths:
        raise CompileError([error("no input files")])
    asts, origins = [], []
    for p in paths:
        ast, origin = parse_c(p, include_dirs, defines, undefines, log=log)
        asts.append(ast)
        origins.append(origin)
    return lower_files(asts, origins, log)
