"""The IR text parser: lark LALR grammar (``inspire.lark``) plus a node builder.

``parse(print_program(p)) is p`` for every program: the builder rebuilds the
identical hash-consed nodes.  Lark trees and tokens never leave this module;
every syntax or name error is an :class:`~inspire.errors.IRError` with file,
line, column and a caret.

Name resolution in expressions, innermost first: local variables and
parameters, the references of the enclosing ``rec`` block, top-level
``def``s, globals and externs, builtins.  ``$name`` always means the builtin,
`` `name` `` is a user name that looks like a keyword.  A ``bind`` body sees
only its captures and parameters besides the program-level names.

Positions of nodes: nodes are shared (one node may stand at many places of
the text), so a node has no position; an :class:`~inspire.address.Address`
has.  :func:`parse_mapped` also returns a :class:`SourceMap`, which finds the
text of an address by following its path through the syntax trees the nodes
were built from; it belongs to the caller (no table keeps nodes alive).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import lark
from inspirec.inspire.address import Address
from inspirec.inspire.builtins import BUILTINS, builtin
from inspirec.inspire.deep import deep_call
from inspirec.inspire.errors import IRError
from inspirec.inspire.lambdas import Scope
from inspirec.inspire.nodes import (
    NO_DETACH,
    BindExpr,
    BreakStmt,
    Builtin,
    CaseLabel,
    CaseRangeLabel,
    CastExpr,
    CompoundStmt,
    ContinueStmt,
    DataInit,
    Declaration,
    DeclStmt,
    DefaultLabel,
    DoWhileStmt,
    Expr,
    Field,
    ForStmt,
    FunctionType,
    Global,
    GlobalDecl,
    GotoStmt,
    IfStmt,
    InitExpr,
    JobExpr,
    LabelStmt,
    Lambda,
    LambdaBinding,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Literal,
    Loc,
    Node,
    NodeError,
    Program,
    ReturnStmt,
    SimdReduction,
    SizeOf,
    StmtExpr,
    StructDecl,
    SwitchStmt,
    Type,
    Undefined,
    Variable,
    WhileStmt,
)
from inspirec.inspire.syntax import (
    TypeBuilder,
    default_literal_type,
    grammar,
    source_line,
    syntax_error,
)
from inspirec.inspire.typecheck import IRTypeError, make_call
from inspirec.inspire.types import (
    IDENTIFIER,
    INT4,
    JOB,
    UINT8,
    UNIT,
    element,
    erase,
    is_generic,
    ref,
    strip_qualifiers,
)
from lark import Token, Tree


def parse(text: str, filename: str = "<ir>") -> Program:
    """Parse a whole program in the IR text format (any nesting depth: :mod:`inspire.deep`)."""
    return parse_mapped(text, filename)[0]


def parse_mapped(text: str, filename: str = "<ir>") -> tuple[Program, SourceMap]:
    """:func:`parse`, and where the program's addresses stand in ``text``."""
    return deep_call(_parse, text, filename)


def _parse(text: str, filename: str) -> tuple[Program, SourceMap]:
    try:
        tree = grammar().parse(text, start="start")
    except lark.exceptions.LarkError as err:
        raise syntax_error(err, text, filename) from None
    builder = _Builder(text, filename)
    program = builder.program(tree)
    return program, SourceMap(text, filename, tree, builder.built_from, builder.definitions)


def parse_file(path: str) -> Program:
    """Parse the IR text file at ``path``."""
    return parse(read_text(path), path)


def read_text(path: str) -> str:
    """The IR text in the file at ``path`` (decoded by :func:`decode_text`)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as err:
        raise IRError(f"cannot read file: {err.strerror}", path) from None
    return decode_text(data, path)


def decode_text(data: bytes, filename: str = "<ir>") -> str:
    """``data`` as UTF-8 text; an invalid byte is an :class:`IRError` at its line and column.

    The column counts characters, the invalid byte's included; the source
    line shows undecodable bytes as U+FFFD.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line_start = data.rfind(b"\n", 0, err.start) + 1
        line_end = data.find(b"\n", err.start)
        line = data[line_start : None if line_end < 0 else line_end]
        col = len(data[line_start : err.start].decode("utf-8", "replace")) + 1
        raise IRError(
            f"file is not valid UTF-8 text (byte 0x{data[err.start]:02x})",
            filename,
            data.count(b"\n", 0, err.start) + 1,
            col,
            line.decode("utf-8", "replace"),
        ) from None


class SourceMap:
    """Where the addresses of one parsed program stand in its text.

    ``built_from`` maps each syntax tree that built nodes (by ``id``; the root
    tree keeps them alive) to those nodes, ``definitions`` each function
    definition to its ``def`` (or ``rec``) tree.  :meth:`position` walks an
    address from the root: each step finds its node among the nearest built
    trees below the current one (the k-th occurrence for the k-th equal
    child; the innermost tree that built it), or in ``definitions`` when it
    enters a definition; a node the text leaves implicit (a type, an
    argument's Declaration) keeps the position of the tree above it.  The
    cost of one address is linear in the text along its path.
    """

    def __init__(
        self,
        text: str,
        filename: str,
        root: Tree,
        built_from: dict[int, list[Node]],
        definitions: dict[LambdaDefinition, Tree],
    ):
        self.text = text
        self.filename = filename
        self.root = root
        self.built_from = built_from
        self.definitions = definitions

    def position(self, address: Address) -> tuple[int | None, int | None]:
        """The line and column (1-based) of the text of ``address`` (None, None when
        it is the whole program)."""
        tree = self.root
        for a in reversed(list(address.ancestors())[:-1]):
            node = a.node
            if isinstance(node, LambdaDefinition) and node in self.definitions:
                tree = self.definitions[node]
            elif not self._builds(tree, node):
                siblings = a.parent.node.children[: a.index]
                k = sum(1 for c in siblings if c is node)
                found = [t for t in self._frontier(tree) if self._builds(t, node)]
                if k < len(found):
                    tree = self._innermost(found[k], node)
        if tree is self.root or tree.meta.empty:
            return None, None
        return tree.meta.line, tree.meta.column

    def error(self, address: Address, message: str) -> IRError:
        """An :class:`IRError` with ``message`` at the text of ``address``."""
        line, col = self.position(address)
        return IRError(message, self.filename, line, col, source_line(self.text, line))

    def _builds(self, tree: Tree, node: Node) -> bool:
        return any(n is node for n in self.built_from.get(id(tree), ()))

    def _innermost(self, tree: Tree, node: Node) -> Tree:
        """The innermost tree at or below ``tree`` that built ``node`` (an
        expression statement and its expression build the same node)."""
        while True:
            inner = next((t for t in self._frontier(tree) if self._builds(t, node)), None)
            if inner is None:
                return tree
            tree = inner

    def _frontier(self, tree: Tree) -> Iterator[Tree]:
        """The nearest trees below ``tree`` that built nodes, in text order."""
        stack = list(reversed(tree.children))
        while stack:
            t = stack.pop()
            if not isinstance(t, Tree):
                continue
            if id(t) in self.built_from:
                yield t
            else:
                stack.extend(reversed(t.children))


class _Builder(TypeBuilder):
    """Builds nodes from a lark tree of one text (see the module docstring)."""

    def __init__(self, text: str, filename: str):
        super().__init__(text, filename)
        # The nodes each tree built (by id) and each definition's tree: the
        # SourceMap of the text.
        self.built_from: dict[int, list[Node]] = {}
        self.definitions: dict[LambdaDefinition, Tree] = {}
        self.structs: dict[tuple[str, str], StructDecl] = {}
        self.globals: dict[str, Global] = {}
        self.def_trees: dict[str, tuple[Tree, Tree | None]] = {}
        self.lambda_exprs: dict[str, LambdaExpr] = {}
        self.building: set[str] = set()
        self.rec_refs: dict[str, LambdaReference] = {}
        self.scope = Scope()

    def record(self, tree: Tree, node: Node) -> Node:
        """Note that ``tree`` built ``node`` (for the SourceMap); returns ``node``."""
        self.built_from.setdefault(id(tree), []).append(node)
        return node

    # ------------------------------------------------------------- program
    def program(self, tree: Tree) -> Program:
        features: list[tuple[str, str]] = []
        may_alias = False
        includes: list[str] = []
        file_asm: list[str] = []
        asm_labels: list[tuple[str, str]] = []
        externs: list[str] = []
        weak: list[str] = []
        struct_order: list[StructDecl] = []
        global_items: list[tuple[Tree, Global, tuple[str, ...]]] = []
        entry_tok: Token | None = None
        entry_item: Tree | None = None
        for item in tree.children:
            kind = item.data
            if kind == "feature":
                features.append((str(item.children[0]), json.loads(str(item.children[1]))))
            elif kind == "may_alias":
                may_alias = True
            elif kind == "include":
                includes.append(str(item.children[0]))
            elif kind == "file_asm":
                file_asm.append(str(item.children[0]))
            elif kind == "asm_label":
                asm_labels.append((self.name(item.children[0]), str(item.children[1])))
            elif kind == "declared":
                externs.append(self.name(item.children[0]))
            elif kind == "weak":
                weak.append(self.name(item.children[0]))
            elif kind in ("struct_def", "struct_fwd"):
                decl = self.struct_decl(item)
                key = (decl.tag, decl.name)
                if key in self.structs:
                    raise self.error(item, f"{decl.tag} {decl.name} is defined twice")
                self.structs[key] = decl
                struct_order.append(self.record(item, decl))
            elif kind == "extern_decl":
                name = self.name(item.children[0])
                self._add_global(item, Global(self.type(item.children[1]), name))
            elif kind == "global_decl":
                *storage, name_tree, type_tree, _align_tree, _section_tree, _init = item.children
                g = Global(self.type(type_tree), self.name(name_tree))
                if not is_generic(g.type, "ref"):
                    raise self.error(type_tree, f"global {g.name} must have a ref<...> type")
                self._add_global(item, g)
                global_items.append((item, g, tuple(str(s.children[0]) for s in storage)))
            elif kind == "def_decl":
                self._add_def(item, None)
            elif kind == "rec_decl":
                for d in item.children:
                    self._add_def(d, item)
            elif kind == "entry":
                if entry_tok is not None:
                    raise self.error(item, "more than one entry")
                entry_tok, entry_item = item.children[0], item
        globals_out: list[GlobalDecl] = []
        for item, g, storage in global_items:
            init_tree = item.children[-1]
            init = (
                Undefined(strip_qualifiers(element(g.type)))
                if init_tree is None
                else self.expr(init_tree)
            )
            try:
                decl = GlobalDecl(
                    g,
                    init,
                    "static" if "static" in storage else "",
                    "thread_local" in storage,
                    _align(item.children[-3]),
                    _section(item.children[-2]),
                )
            except NodeError as err:
                raise self.error(item, str(err)) from None
            globals_out.append(self.record(item, decl))
        if entry_tok is None:
            raise IRError("program has no entry (add `entry main;`)", self.filename)
        entry = self.record(entry_item, self.lambda_expr(self.name(entry_tok), entry_tok))
        return Program(
            tuple(struct_order),
            tuple(globals_out),
            entry,
            tuple(includes),
            tuple(file_asm),
            tuple(asm_labels),
            tuple(externs),
            tuple(features),
            may_alias,
            tuple(weak),
        )

    def _add_global(self, item: Tree, g: Global) -> None:
        if g.name in self.globals:
            raise self.error(item, f"global or extern {g.name} is declared twice")
        self.globals[g.name] = g

    def _add_def(self, item: Tree, rec: Tree | None) -> None:
        name = self.name(item.children[0])
        if name in self.def_trees:
            raise self.error(item, f"function {name} is defined twice")
        self.def_trees[name] = (item, rec)

    def struct_decl(self, item: Tree) -> StructDecl:
        tag = str(item.children[0])
        name = self.name(item.children[1])
        origin = item.children[-1]
        header = c_name = ""
        if origin is not None:
            header = str(origin.children[0])
            if origin.children[1] is not None:
                c_name = self.name(origin.children[1])
        if item.data == "struct_fwd":
            return StructDecl(tag, name, (), False, header, c_name)
        packed, align = item.children[2:4]
        fields = []
        for f in item.children[4:-1]:
            fname_tree, ftype, bits, falign = f.children
            fname = self.name(fname_tree) if fname_tree is not None else ""
            bits_value = None if bits is None else int(bits)
            fields.append(Field(self.type(ftype), fname, bits_value, _align(falign)))
        return StructDecl(
            tag, name, tuple(fields), True, header, c_name, packed is not None, _align(align)
        )

    # ----------------------------------------------------------- functions
    def lambda_expr(self, name: str, where: Any) -> LambdaExpr:
        done = self.lambda_exprs.get(name)
        if done is not None:
            return done
        if name not in self.def_trees:
            raise self.error(where, f"unknown function {name}")
        item, rec = self.def_trees[name]
        if name in self.building:
            raise self.error(
                where, f"function {name} is used recursively but not defined in a rec block"
            )
        members = rec.children if rec is not None else [item]
        names = [self.name(d.children[0]) for d in members]
        self.building.update(names)
        headers = {n: self.def_header(d) for n, d in zip(names, members, strict=True)}
        refs = {n: LambdaReference(headers[n][0], n) for n in names}
        saved_refs, saved_scope = self.rec_refs, self.scope
        self.rec_refs = refs if rec is not None else {}
        bindings = []
        for n, d in zip(names, members, strict=True):
            fn_type, params, loc = headers[n]
            self.scope = Scope()
            for p in params:
                self.scope.bind(p)
            body = self.block(d.children[-1])
            hints = [h for h in d.children[4:-1] if h is not None]
            simd = tuple(json.loads(str(h.children[0])) for h in hints if h.data == "simd")
            target = next((json.loads(str(h.children[0])) for h in hints if h.data == "target"), "")
            try:
                lam = Lambda(fn_type, params, body, loc, simd, target)
                bindings.append(LambdaBinding(refs[n], lam))
            except NodeError as err:
                raise self.error(d, str(err)) from None
            self.record(d, bindings[-1])
            self.record(d, lam)
        self.rec_refs, self.scope = saved_refs, saved_scope
        definition = LambdaDefinition(tuple(bindings))
        self.definitions.setdefault(definition, rec if rec is not None else item)
        for n in names:
            self.lambda_exprs[n] = LambdaExpr(refs[n].type, refs[n], definition)
            self.building.discard(n)
        return self.lambda_exprs[name]

    def def_header(self, d: Tree) -> tuple[FunctionType, tuple[Variable, ...], Loc | None]:
        # children: name, def_params|None, result type, loc|None, simd*, target|None, block
        plist = d.children[1]
        params_trees = [] if plist is None else [c for c in plist.children if isinstance(c, Tree)]
        variadic = plist is not None and any(
            isinstance(c, Token) and c.type == "VARIADIC" for c in plist.children
        )
        result = self.type(d.children[2])
        loc = self.loc(d.children[3])
        saved, self.scope = self.scope, Scope()
        try:
            ptypes, pvars = self.params(params_trees)
        finally:
            self.scope = saved
        return FunctionType(tuple(erase(t) for t in ptypes), result, variadic), pvars, loc

    def params(self, trees: list[Tree]) -> tuple[tuple[Type, ...], tuple[Variable, ...]]:
        """Parameters; a parameter's type may use the earlier ones in run-time extents."""
        types, variables = [], []
        seen: set[str] = set()
        self.scope.push()
        try:
            for p in trees:
                name = self.name(p.children[0])
                if name in seen:
                    raise self.error(p, f"parameter {name} is declared twice")
                seen.add(name)
                t = self.type(p.children[1])
                types.append(t)
                variables.append(Variable(ref(t), name))
                self.scope.bind(variables[-1])
        finally:
            self.scope.pop()
        return tuple(types), tuple(variables)

    def loc(self, tree: Tree | None) -> Loc | None:
        if tree is None:
            return None
        file_tok, line_tok = tree.children
        return Loc(json.loads(str(file_tok)), int(line_tok))

    # ---------------------------------------------------------- statements
    def block(self, tree: Tree, new_scope: bool = True) -> CompoundStmt:
        if new_scope:
            self.scope.push()
        stmts = tuple(self.stmt(s) for s in tree.children)
        if new_scope:
            self.scope.pop()
        return self.record(tree, CompoundStmt(stmts))

    def stmt(self, tree: Tree) -> Node:
        kind = tree.data
        method = getattr(self, f"stmt_{kind}", None)
        if method is not None:
            return self.built(tree, method)
        if kind == "block":
            return self.block(tree)
        raise self.error(tree, f"unexpected statement {kind}")

    def built(self, tree: Tree, build: Any) -> Node:
        """``build(tree)``, a node breaking a local invariant reported at ``tree``."""
        try:
            return self.record(tree, build(tree))
        except NodeError as err:
            raise self.error(tree, str(err)) from None

    def stmt_decl_stmt(self, tree: Tree) -> DeclStmt:
        type_tree, name_tree, align_tree, init_tree = tree.children
        t = self.type(type_tree)
        name = self.name(name_tree)
        var = Variable(t, name)
        self.scope.bind(var)  # as in C, a variable is in scope in its own initialiser
        if init_tree is None:
            if not is_generic(t, "ref"):
                raise self.error(tree, f"variable {name} without initialiser needs a ref<...> type")
            init = Undefined(element(t))
        else:
            init = self.expr(init_tree)
        return DeclStmt(Declaration(t, init), var, _align(align_tree))

    def stmt_if_stmt(self, tree: Tree) -> IfStmt:
        cond, then, els = tree.children
        c = self.expr(cond)
        then_block = self.block(then)
        if els is None:
            else_block = CompoundStmt(())
        elif els.data == "if_stmt":
            else_block = CompoundStmt((self.built(els, self.stmt_if_stmt),))
        else:
            else_block = self.block(els)
        return IfStmt(c, then_block, else_block)

    def stmt_while_stmt(self, tree: Tree) -> WhileStmt:
        hints, (loc, cond, body) = _gcc_hints(tree)
        return WhileStmt(self.expr(cond), self.block(body), self.loc(loc), hints)

    def stmt_do_stmt(self, tree: Tree) -> DoWhileStmt:
        hints, (loc, body, cond) = _gcc_hints(tree)
        return DoWhileStmt(self.block(body), self.expr(cond), self.loc(loc), hints)

    def simd_reductions(self, clauses: list[Tree]) -> tuple[SimdReduction, ...]:
        """The ``reduction(op, target)`` clauses of a loop's simd hint."""
        return tuple(
            SimdReduction(json.loads(str(c.children[0])), self.expr(c.children[1])) for c in clauses
        )

    def stmt_for_stmt(self, tree: Tree) -> ForStmt:
        hints, rest = _gcc_hints(tree)
        clauses = [c for c in rest if isinstance(c, Tree) and c.data == "simd_reduction"]
        loc, simd, init, cond, step, body = [c for c in rest if c not in clauses]
        reductions = self.simd_reductions(clauses)
        self.scope.push()
        init_block = self.block(init, new_scope=False)
        c = self.expr(cond)
        step_block = self.block(step)
        body_block = self.block(body)
        self.scope.pop()
        hint = None if simd is None else json.loads(str(simd.children[0]))
        return ForStmt(
            init_block, c, step_block, body_block, self.loc(loc), hint, hints, reductions
        )

    def stmt_switch_stmt(self, tree: Tree) -> SwitchStmt:
        return SwitchStmt(self.expr(tree.children[0]), self.block(tree.children[1]))

    def stmt_case_label(self, tree: Tree) -> CaseLabel:
        value = self.expr(tree.children[0])
        if not isinstance(value, Literal):
            raise self.error(tree, "case value must be a literal")
        return CaseLabel(value)

    def stmt_case_range_label(self, tree: Tree) -> CaseRangeLabel:
        low, _dots, high = tree.children
        bounds = self.expr(low), self.expr(high)
        if not all(isinstance(b, Literal) for b in bounds):
            raise self.error(tree, "case range bounds must be literals")
        return CaseRangeLabel(*bounds)

    def stmt_default_label(self, tree: Tree) -> DefaultLabel:
        return DefaultLabel()

    def stmt_return_stmt(self, tree: Tree) -> ReturnStmt:
        value = tree.children[0]
        return ReturnStmt(Literal(UNIT, "()") if value is None else self.expr(value))

    def stmt_break_stmt(self, tree: Tree) -> BreakStmt:
        return BreakStmt()

    def stmt_continue_stmt(self, tree: Tree) -> ContinueStmt:
        return ContinueStmt()

    def stmt_goto_stmt(self, tree: Tree) -> GotoStmt:
        return GotoStmt(self.name(tree.children[0]))

    def stmt_label_stmt(self, tree: Tree) -> LabelStmt:
        return LabelStmt(self.name(tree.children[0]))

    def stmt_expr_stmt(self, tree: Tree) -> Node:
        return self.expr(tree.children[0])

    # --------------------------------------------------------- expressions
    def expr(self, tree: Tree | Token) -> Node:
        kind = tree.data if isinstance(tree, Tree) else None
        method = getattr(self, f"expr_{kind}", None)
        if method is None:
            raise self.error(tree, f"unexpected expression {kind}")
        return self.built(tree, method)

    def expr_name_ref(self, tree: Tree) -> Node:
        tok = tree.children[0].children[0]
        name = self.name(tree.children[0])
        var = self.scope.lookup(name)
        if var is not None:
            return var
        if name in self.rec_refs:
            return self.rec_refs[name]
        if name in self.def_trees:
            return self.lambda_expr(name, tok)
        if name in self.globals:
            return self.globals[name]
        if name in BUILTINS and not tok.startswith("`"):
            return builtin(name)
        raise self.error(tok, f"unknown name {name}")

    def expr_global_ref(self, tree: Tree) -> Node:
        tok = tree.children[0]
        name = str(tok)[2:]
        if name not in self.globals:
            raise self.error(tok, f"unknown global {name}")
        return self.globals[name]

    def expr_builtin_ref(self, tree: Tree) -> Builtin:
        tok = tree.children[0]
        name = str(tok)[1:]
        if name not in BUILTINS:
            raise self.error(tok, f"unknown builtin {name}")
        return builtin(name)

    def expr_call(self, tree: Tree) -> Node:
        callee_tree, *arg_trees, loc = tree.children
        callee = self.expr(callee_tree)
        return self._call(tree, callee, arg_trees, loc, None)

    def expr_call_explicit(self, tree: Tree) -> Node:
        name_tree, type_tree, *arg_trees, loc = tree.children
        if isinstance(name_tree, Token):  # $name
            tok, name = name_tree, str(name_tree)[1:]
        else:
            tok, name = name_tree.children[0], self.name(name_tree)
        if name not in BUILTINS:
            raise self.error(tok, f"{name} is not a builtin; only builtins take a result type")
        return self._call(tree, builtin(name), arg_trees, loc, self.type(type_tree))

    def _call(self, tree, callee, arg_trees, loc_tree, explicit) -> Node:
        args = [self.expr(a) for a in arg_trees if a is not None]
        try:
            call = make_call(callee, args, self.loc(loc_tree), self.structs, explicit)
        except IRTypeError as err:
            raise self.error(tree, str(err)) from None
        if explicit is not None and call.type is not explicit:
            call = call.replace(type=explicit)
        return call

    def expr_cast(self, tree: Tree) -> CastExpr:
        return CastExpr(self.type(tree.children[0]), self.expr(tree.children[1]))

    def expr_declaration(self, tree: Tree) -> Declaration:
        return Declaration(self.type(tree.children[0]), self.expr(tree.children[1]))

    def expr_init(self, tree: Tree) -> InitExpr:
        t = self.type(tree.children[0])
        values, designators = [], []
        for item in tree.children[1:]:
            if item is None:
                continue
            des, value = item.children
            designators.append("" if des is None else str(des))
            values.append(self.expr(value))
        if not any(designators):
            designators = []
        return InitExpr(t, tuple(values), tuple(designators))

    def expr_data_init(self, tree: Tree) -> DataInit:
        def values(items: list) -> tuple:
            return tuple(
                values(v.children) if isinstance(v, Tree) else str(v)
                for v in items
                if v is not None
            )

        return DataInit(self.type(tree.children[0]), values(tree.children[1:]))

    def expr_sizeof(self, tree: Tree) -> SizeOf:
        return SizeOf(UINT8, self.type(tree.children[0]))

    def expr_stmt_expr(self, tree: Tree) -> StmtExpr:
        body = self.block(tree.children[0])
        last = body.stmts[-1] if body.stmts else None
        return StmtExpr(last.type if isinstance(last, Expr) else UNIT, body)

    def expr_undefined(self, tree: Tree) -> Undefined:
        return Undefined(self.type(tree.children[0]))

    def expr_job(self, tree: Tree) -> JobExpr:
        lo, hi, job_if, job_final, job_depend, job_priority, job_detach, thread, body = (
            tree.children
        )
        if_ = self.expr(job_if.children[0]) if job_if is not None else Literal(INT4, "1")
        final = self.expr(job_final.children[0]) if job_final is not None else Literal(INT4, "0")
        depends = [self.expr(d) for d in job_depend.children] if job_depend is not None else []
        priority = job_priority and self.expr(job_priority.children[0])
        return JobExpr(
            JOB, self.expr(lo), self.expr(hi), self.expr(body), if_, final, tuple(depends),
            priority or Literal(INT4, "0"),
            self.expr(job_detach.children[0]) if job_detach is not None else NO_DETACH,
            thread is not None,
        )  # fmt: skip

    def expr_bind(self, tree: Tree) -> BindExpr:
        children = list(tree.children)
        block_tree = children.pop()
        clauses = []
        while isinstance(children[-1], Tree) and children[-1].data == "simd_reduction":
            clauses.insert(0, children.pop())
        simd = children.pop()
        result = self.type(children.pop())
        reductions = self.simd_reductions(clauses)
        capture_trees = [c for c in children if isinstance(c, Tree) and c.data == "capture"]
        param_trees = [c for c in children if isinstance(c, Tree) and c.data == "param"]
        captures = []
        for c in capture_trees:
            ctype, cname, calign, cinit = c.children
            t = self.type(ctype)
            capture = DeclStmt(
                Declaration(t, self.expr(cinit)), Variable(t, self.name(cname)), _align(calign)
            )
            captures.append(self.record(c, capture))
        ptypes, pvars = self.params(param_trees)
        saved = self.scope
        self.scope = Scope()
        for c in captures:
            self.scope.bind(c.var)
        for p in pvars:
            self.scope.bind(p)
        body = self.block(block_tree)
        self.scope = saved
        hint = None if simd is None else json.loads(str(simd.children[0]))
        return BindExpr(
            FunctionType(ptypes, result, False), pvars, tuple(captures), body, hint, reductions
        )

    def _literal(self, text: str, tok: Token) -> Literal:
        t = default_literal_type(text)
        if t is None:
            raise self.error(tok, f"literal {text} needs an explicit type: lit<T> {text}")
        return Literal(t, text)

    def expr_lit_int(self, tree: Tree) -> Literal:
        return self._literal(str(tree.children[0]), tree.children[0])

    expr_lit_number = expr_lit_int
    expr_lit_string = expr_lit_int
    expr_lit_char = expr_lit_int

    def expr_lit_ident(self, tree: Tree) -> Literal:
        return Literal(IDENTIFIER, str(tree.children[0]))

    def expr_lit_unit(self, tree: Tree) -> Literal:
        return Literal(UNIT, "()")

    def expr_lit_typed(self, tree: Tree) -> Literal:
        t = self.type(tree.children[0])
        text = tree.children[1]
        value = "()" if isinstance(text, Tree) else str(text)
        return Literal(t, value)


def _gcc_hints(tree: Tree) -> tuple[tuple[str, ...], list]:
    """A loop's GCC hints (``gcc "..."``) and its other children, in order."""
    hints = [c for c in tree.children if isinstance(c, Tree) and c.data == "gcc_hint"]
    rest = [c for c in tree.children if not (isinstance(c, Tree) and c.data == "gcc_hint")]
    return tuple(json.loads(str(h.children[0])) for h in hints), rest


def _align(tree: Tree | None) -> int:
    """The bytes of an optional ``align N`` (0 without one)."""
    return 0 if tree is None else int(tree.children[0])


def _section(tree: Tree | None) -> str:
    """The name of an optional ``section "NAME"`` ("" without one)."""
    return "" if tree is None else json.loads(str(tree.children[0]))
