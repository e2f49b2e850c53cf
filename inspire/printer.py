"""The IR text printer.

Writes the canonical text that :func:`inspire.parser.parse` reads back to the
*identical* program node.  Shared function definitions are printed once, as
top-level ``def`` (non-recursive) or ``rec { def ...; }`` (a recursive set)
items, and referred to by name elsewhere; the order of top-level items is
irrelevant to the parser, and the printer writes structs, externs, globals,
definitions (callees first), then the entry.

Names: a user name that collides with a keyword of the format is written in
backticks (`` `init` ``); a builtin whose name is also used by the program is
written with a ``$`` prefix (``$merge``).  Things the text leaves implicit
(call result types, argument Declarations, default literal types, job
``if``/``final`` defaults) are printed explicitly whenever the node differs
from the implicit form, so printing never loses information.
"""

from __future__ import annotations

import json
import re

from inspirec.inspire.builtins import BUILTINS, EXPLICIT_RESULT
from inspirec.inspire.data import listed
from inspirec.inspire.deep import deep_call
from inspirec.inspire.lambdas import definitions_in_order, is_recursive_definition
from inspirec.inspire.nodes import (
    NO_DETACH,
    BindExpr,
    BreakStmt,
    Builtin,
    CallExpr,
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
    ForStmt,
    Global,
    GotoStmt,
    IfStmt,
    InitExpr,
    JobExpr,
    LabelStmt,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Literal,
    Loc,
    Node,
    Program,
    ReturnStmt,
    SimdReduction,
    SizeOf,
    Stmt,
    StmtExpr,
    SwitchStmt,
    Type,
    Undefined,
    Variable,
    WhileStmt,
    type_str,
    write_extents_with,
)
from inspirec.inspire.sizes import struct_table
from inspirec.inspire.syntax import (
    CHAR_RE,
    KEYWORDS,
    NAME_RE,
    NUMBER_RE,
    STRING_RE,
    default_literal_type,
)
from inspirec.inspire.typecheck import (
    IRTypeError,
    argument_slot_type,
    builtin_result,
    function_type_of,
)
from inspirec.inspire.types import (
    INT4,
    UNIT,
    element,
    is_generic,
    strip_qualifiers,
)
from inspirec.inspire.visitor import StrictVisitor


def literal_text(lit: Literal) -> str:
    """The text of a literal."""
    t, v = lit.type, lit.value
    if is_generic(t, "identifier"):
        return f".{v}"
    if t is UNIT and v == "()":
        return "()"
    if default_literal_type(v) is t:
        return v
    if v == "()":
        return f"lit<{type_str(t)}> ()"
    if not any(r.fullmatch(v) for r in (NUMBER_RE, STRING_RE, CHAR_RE, NAME_RE)):
        raise ValueError(f"literal spelling {v!r} cannot be written in the IR text format")
    return f"lit<{type_str(t)}> {v}"


def loc_text(loc: Loc | None) -> str:
    return "" if loc is None else f" @{json.dumps(loc.file)}:{loc.line}"


def gcc_hints_text(hints: tuple[str, ...]) -> str:
    """A loop's GCC hints as the format writes them (``gcc "unroll 4"``)."""
    return "".join(f" gcc {json.dumps(h)}" for h in hints)


def _is_unit_literal(e: Node) -> bool:
    return isinstance(e, Literal) and e.type is UNIT and e.value == "()"


def _is_int_literal(e: Node, value: str) -> bool:
    return isinstance(e, Literal) and e.type is INT4 and e.value == value


def _user_names(program: Program) -> set[str]:
    names: set[str] = set()
    for n in program.walk():
        if isinstance(n, Variable | Global | LambdaReference):
            names.add(n.name)
    return names


#: Nesting levels of statements that are indented; deeper ones stay at this indentation.
MAX_INDENT = 32

#: Where a closure goes in the one-line text of an expression (see ``text_lines``).
_CLOSURE = re.compile("\x00([0-9]+)\x00")


class Printer(StrictVisitor):
    """Prints one program (or a fragment of one) in the canonical text format."""

    indent = "    "

    def __init__(self, program: Program | None = None):
        self.program = program
        # Closures met in expression texts and not written yet, by placeholder.
        self.closures: dict[int, BindExpr] = {}
        self.closure_count = 0
        self.structs = struct_table(program) if program is not None else {}
        self.user_names = _user_names(program) if program is not None else set()
        # The names of the local variables in scope where the text being
        # written is (as the parser binds them), innermost scope last: a
        # global of such a name is written ``::name``.
        self.scopes: list[set[str]] = [set()]

    def ty(self, t: Type) -> str:
        """The text of a type; run-time extents are written as expressions."""
        return type_str(t, self.expr)

    # -------------------------------------------------------------- names
    def name(self, name: str) -> str:
        return f"`{name}`" if name in KEYWORDS else name

    def builtin_name(self, name: str) -> str:
        return f"${name}" if name in self.user_names else name

    # -------------------------------------------------------------- program
    def program_text(self, program: Program) -> str:
        out = [f"feature {name} {json.dumps(value)};" for name, value in program.feature_macros]
        out += ["may_alias;"] * program.may_alias
        out += [f"include {h};" for h in program.includes]
        out += [f"asm {text};" for text in program.asm]
        out += [f"symbol {self.name(name)} asm {text};" for name, text in program.asm_labels]
        out += [f"declared {self.name(name)};" for name in program.externs]
        out += [f"weak {self.name(name)};" for name in program.weak]
        for s in program.structs:
            origin = ""
            if s.header:
                origin = f" from {s.header}" + (f" as {self.name(s.c_name)}" if s.c_name else "")
            elif s.c_name:
                raise ValueError(f"{s.tag} {s.name}: a C spelling needs a header")
            if not s.complete:
                out.append(f"{s.tag} {self.name(s.name)}{origin};")
                continue
            fields = []
            for f in s.fields:
                bits = "" if f.bits is None else f" : {f.bits}"
                bits += f" align {f.align}" if f.align else ""
                fname = self.name(f.name) if f.name else ""
                fields.append(f"{fname} : {self.ty(f.type)}{bits};")
            layout = (" packed" if s.packed else "") + (f" align {s.align}" if s.align else "")
            out.append(f"{s.tag} {self.name(s.name)}{layout} {{ {' '.join(fields)} }}{origin};")
        defined = {g.var.name for g in program.globals}
        externs: dict[str, Type] = {}
        for n in program.walk():
            if isinstance(n, Global) and n.name not in defined:
                if n.name in externs and externs[n.name] is not n.type:
                    raise ValueError(f"external symbol {n.name} is used with two types")
                externs[n.name] = n.type
        for name in sorted(externs):
            out.append(f"extern {self.name(name)} : {self.ty(externs[name])};")
        for g in program.globals:
            storage = "".join(
                f"{w} "
                for w, on in (("static", g.storage == "static"), ("thread_local", g.thread_local))
                if on
            )
            init = g.init
            init_text = ""
            if not (
                isinstance(init, Undefined) and init.type is strip_qualifiers(element(g.var.type))
            ):
                init_text = f" = {self.expr(init)}"
            align = f" align {g.align}" if g.align else ""
            align += f" section {json.dumps(g.section)}" if g.section else ""
            self.text_lines(
                f"global {storage}{self.name(g.var.name)} : {self.ty(g.var.type)}{align}"
                f"{init_text};",
                out,
                0,
            )
        for definition in definitions_in_order(program):
            out.extend(self.definition_lines(definition))
        out.append(f"entry {self.name(program.entry.reference.name)};")
        return "\n".join(out) + "\n"

    def definition_lines(self, definition: LambdaDefinition) -> list[str]:
        recursive = is_recursive_definition(definition)
        lines: list[str] = ["rec {"] if recursive else []
        for b in definition.bindings:
            lam = b.lambda_
            # A parameter's own type may carry run-time extents over the earlier
            # parameters; the function type is its erasure.
            params = [f"{self.name(v.name)} : {self.ty(element(v.type))}" for v in lam.params]
            if lam.type.variadic:
                params.append("...")
            simd = "".join(f"simd {json.dumps(hint)} " for hint in lam.simd)
            simd += f"target {json.dumps(lam.target)} " if lam.target else ""
            self.scopes = [{v.name for v in lam.params}]
            head = (
                f"def {self.name(b.reference.name)} = function ({', '.join(params)}) -> "
                f"{self.ty(lam.type.result)}{loc_text(lam.loc)} {simd}"
            )
            self.block(lam.body, lines, 1 if recursive else 0, head, ";")
            self.scopes = [set()]
        if recursive:
            lines.append("};")
        return lines

    # ------------------------------------------------------------ statements
    # A statement is written into a list of lines: ``visit_<Stmt>(s, out,
    # depth, head)`` appends the lines of ``s`` indented for nesting ``depth``,
    # the first one starting with ``head``.  Writing in place costs time
    # linear in the text, and indentation stops growing at ``MAX_INDENT``
    # levels, so the text is linear in the program at any nesting depth.
    # An expression's text is one line: a closure in it is a placeholder,
    # and the line is written by ``text_lines``, which writes the closure's
    # body there, one level deeper (nested closures as deep as they nest).

    def pad(self, depth: int) -> str:
        return self.indent * min(depth, MAX_INDENT)

    def block(
        self,
        block: CompoundStmt,
        out: list[str],
        depth: int,
        head: str = "",
        tail: str = "",
        new_scope: bool = True,
    ) -> None:
        """Append ``head{ ... }tail`` (``head`` and ``tail`` may hold closures'
        lines); the block is a scope of its own unless not ``new_scope``."""
        if not block.stmts:
            self.text_lines(f"{head}{{}}{tail}", out, depth)
            return
        self.text_lines(f"{head}{{", out, depth)
        if new_scope:
            self.scopes.append(set())
        for s in block.stmts:
            self.stmt(s, out, depth + 1)
        if new_scope:
            self.scopes.pop()
        self.text_lines(f"}}{tail}", out, depth)

    def stmt(self, s: Node, out: list[str], depth: int, head: str = "") -> None:
        """Append a statement (an expression statement ends with ``;``)."""
        if isinstance(s, Expr):
            self.text_lines(f"{head}{self.expr(s)};", out, depth)
        else:
            self.visit(s, out, depth, head)

    def text_lines(self, text: str, out: list[str], depth: int) -> None:
        """Append ``text`` indented for ``depth``; its first closure placeholder
        becomes the closure's lines (``head{ ... }tail``), each written once."""
        m = next((m for m in _CLOSURE.finditer(text) if int(m[1]) in self.closures), None)
        if m is None:
            out.append(self.pad(depth) + text)
            return
        e = self.closures.pop(int(m[1]))
        captures = "; ".join(self.decl_stmt_text(c) for c in e.captures)
        params = ", ".join(
            f"{self.name(v.name)} : {self.ty(t)}"
            for v, t in zip(e.params, e.type.params, strict=True)
        )
        simd = self.simd_text(e.simd, e.reductions)
        head = f"{text[: m.start()]}bind [{captures}] ({params}) -> {self.ty(e.type.result)}{simd} "
        saved = self.scopes  # a closure's body sees its captures and parameters only
        self.scopes = [{c.var.name for c in e.captures} | {v.name for v in e.params}]
        self.block(e.body, out, depth, head, text[m.end() :])
        self.scopes = saved

    def expression_text(self, e: Node) -> str:
        """The text of an expression, its closures' lines included."""
        lines: list[str] = []
        self.text_lines(self.expr(e), lines, 0)
        return "\n".join(lines)

    def inline_block(self, block: CompoundStmt, new_scope: bool = True) -> str:
        lines: list[str] = []
        self.block(block, lines, 0, new_scope=new_scope)
        return " ".join(line.strip() for line in lines)

    def visit_CompoundStmt(self, s: CompoundStmt, out: list[str], depth: int, head: str) -> None:
        self.block(s, out, depth, head)

    def visit_DeclStmt(self, s: DeclStmt, out: list[str], depth: int, head: str) -> None:
        self.scopes[-1].add(s.var.name)  # in scope in its own initialiser
        self.text_lines(f"{head}{self.decl_stmt_text(s)};", out, depth)

    def visit_IfStmt(self, s: IfStmt, out: list[str], depth: int, head: str) -> None:
        self.block(s.then, out, depth, f"{head}if ({self.expr(s.cond)}) ")
        els = s.else_
        if els.stmts:
            closing = out.pop()[len(self.pad(depth)) :] + " else "
            if len(els.stmts) == 1 and isinstance(els.stmts[0], IfStmt):
                self.visit(els.stmts[0], out, depth, closing)
            else:
                self.block(els, out, depth, closing)

    def visit_WhileStmt(self, s: WhileStmt, out: list[str], depth: int, head: str) -> None:
        head = f"{head}while{loc_text(s.loc)}{gcc_hints_text(s.gcc)} ({self.expr(s.cond)}) "
        self.block(s.body, out, depth, head)

    def visit_DoWhileStmt(self, s: DoWhileStmt, out: list[str], depth: int, head: str) -> None:
        tail = f" while ({self.expr(s.cond)});"
        self.block(s.body, out, depth, f"{head}do{loc_text(s.loc)}{gcc_hints_text(s.gcc)} ", tail)

    def visit_ForStmt(self, s: ForStmt, out: list[str], depth: int, head: str) -> None:
        simd = self.simd_text(s.simd, s.reductions)
        hints = gcc_hints_text(s.gcc)
        self.scopes.append(set())  # the init's variables: in the condition, step and body
        head = (
            f"{head}for{loc_text(s.loc)}{simd}{hints} "
            f"({self.inline_block(s.init, new_scope=False)}; "
            f"{self.expr(s.cond)}; {self.inline_block(s.step)}) "
        )
        self.block(s.body, out, depth, head)
        self.scopes.pop()

    def simd_text(self, simd: str | None, reductions: tuple[SimdReduction, ...]) -> str:
        """A loop's ``simd`` hint and its reductions (empty without a hint),
        after a blank."""
        text = "" if simd is None else f" simd {json.dumps(simd)}"
        for r in reductions:
            text += f" reduction({json.dumps(r.op)}, {self.expr(r.target)})"
        return text

    def visit_SwitchStmt(self, s: SwitchStmt, out: list[str], depth: int, head: str) -> None:
        self.block(s.body, out, depth, f"{head}switch ({self.expr(s.expr)}) ")

    def visit_CaseLabel(self, s: CaseLabel, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}case {literal_text(s.value)}:")

    def visit_CaseRangeLabel(
        self, s: CaseRangeLabel, out: list[str], depth: int, head: str
    ) -> None:
        low, high = literal_text(s.low), literal_text(s.high)
        out.append(f"{self.pad(depth)}{head}case {low} ... {high}:")

    def visit_DefaultLabel(self, s: DefaultLabel, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}default:")

    def visit_ReturnStmt(self, s: ReturnStmt, out: list[str], depth: int, head: str) -> None:
        value = "" if _is_unit_literal(s.value) else f" {self.expr(s.value)}"
        self.text_lines(f"{head}return{value};", out, depth)

    def visit_BreakStmt(self, s: BreakStmt, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}break;")

    def visit_ContinueStmt(self, s: ContinueStmt, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}continue;")

    def visit_GotoStmt(self, s: GotoStmt, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}goto {self.name(s.label)};")

    def visit_LabelStmt(self, s: LabelStmt, out: list[str], depth: int, head: str) -> None:
        out.append(f"{self.pad(depth)}{head}label {self.name(s.label)}:")

    def decl_stmt_text(self, s: DeclStmt) -> str:
        decl, var = s.decl, s.var
        if decl.type is not var.type:
            raise ValueError(f"declaration of {var.name}: slot type differs from variable type")
        head = f"var {self.ty(var.type)} {self.name(var.name)}"
        head += f" align {s.align}" if s.align else ""
        init = decl.init
        if (
            isinstance(init, Undefined)
            and is_generic(var.type, "ref")
            and init.type is element(var.type)
        ):
            return head
        return f"{head} = {self.expr(init)}"

    # ----------------------------------------------------------- expressions
    def expr(self, e: Node) -> str:
        """The text of an expression."""
        if not isinstance(e, Expr):
            raise TypeError(f"cannot print {e.kind} as an expression")
        return self.visit(e)

    def visit_Literal(self, e: Literal) -> str:
        return literal_text(e)

    def _named(self, e: Variable | LambdaReference) -> str:
        return self.name(e.name)

    visit_Variable = visit_LambdaReference = _named

    def visit_Global(self, e: Global) -> str:
        """A global's name; ``::name`` where a local variable of that name is
        in scope and hides it (C's block-scope extern declaration)."""
        hidden = any(e.name in scope for scope in self.scopes)
        return f"::{e.name}" if hidden else self.name(e.name)

    def visit_LambdaExpr(self, e: LambdaExpr) -> str:
        return self.name(e.reference.name)

    def visit_Builtin(self, e: Builtin) -> str:
        return self.builtin_name(e.name)

    def visit_CallExpr(self, e: CallExpr) -> str:
        return self.call_text(e)

    def visit_CastExpr(self, e: CastExpr) -> str:
        return f"cast<{self.ty(e.type)}>({self.expr(e.expr)})"

    def visit_Declaration(self, e: Declaration) -> str:
        return f"decl<{self.ty(e.type)}>({self.expr(e.init)})"

    def visit_InitExpr(self, e: InitExpr) -> str:
        items = []
        for value, des in zip(e.values, e.designators or ("",) * len(e.values), strict=True):
            items.append(f"{des} = {self.expr(value)}" if des else self.expr(value))
        return f"init<{self.ty(e.type)}>{{{', '.join(items)}}}"

    def visit_DataInit(self, e: DataInit) -> str:
        return f"init<{self.ty(e.type)}>{listed(e.values, '[]')}"

    def visit_SizeOf(self, e: SizeOf) -> str:
        return f"sizeof<{self.ty(e.target)}>"

    def visit_StmtExpr(self, e: StmtExpr) -> str:
        return f"({self.inline_block(e.body)})"

    def visit_Undefined(self, e: Undefined) -> str:
        return f"undefined<{self.ty(e.type)}>"

    def visit_JobExpr(self, e: JobExpr) -> str:
        opts = ""
        if not _is_int_literal(e.if_, "1"):
            opts += f" if({self.expr(e.if_)})"
        if not _is_int_literal(e.final, "0"):
            opts += f" final({self.expr(e.final)})"
        if e.depends:
            opts += f" depend({', '.join(self.expr(d) for d in e.depends)})"
        if not _is_int_literal(e.priority, "0"):
            opts += f" priority({self.expr(e.priority)})"
        if e.detach is not NO_DETACH:
            opts += f" detach({self.expr(e.detach)})"
        if e.thread:
            opts += " thread"
        return f"job[{self.expr(e.lo)} .. {self.expr(e.hi)}]{opts} => {self.expr(e.body)}"

    def visit_BindExpr(self, e: BindExpr) -> str:
        """A placeholder, written as the closure's lines by ``text_lines``."""
        key = self.closure_count
        self.closure_count += 1
        self.closures[key] = e
        return f"\x00{key}\x00"

    # ------------------------------------------------- types and whole items
    visit_GenericType = visit_VlaType = visit_TagType = visit_FunctionType = ty
    visit_TypeVariable = ty

    def visit_Program(self, p: Program) -> str:
        return self.program_text(p)

    def visit_LambdaDefinition(self, d: LambdaDefinition) -> str:
        return "\n".join(self.definition_lines(d))

    def _part(self, node: Node) -> str:
        raise TypeError(f"a {node.kind} is printed only as part of its program or definition")

    visit_Lambda = visit_LambdaBinding = visit_Field = visit_StructDecl = _part
    visit_GlobalDecl = visit_SimdReduction = _part

    def call_text(self, call: CallExpr) -> str:
        fn = call.function
        explicit = False
        if isinstance(fn, Builtin):
            args = [self.expr(a) for a in call.args]
            try:
                inferred = builtin_result(fn.name, call.args, self.structs, call.type)
            except IRTypeError as err:
                raise ValueError(f"ill-typed call of {fn.name}: {err}") from None
            explicit = fn.name in EXPLICIT_RESULT or inferred is not call.type
            if fn.name not in BUILTINS:
                raise ValueError(f"unknown builtin {fn.name}")
        else:
            fn_type = function_type_of(fn)
            if fn_type.result is not call.type:
                raise ValueError("call result type differs from the callee's result type")
            args = []
            for i, a in enumerate(call.args):
                if not isinstance(a, Declaration):
                    raise ValueError("argument of a non-builtin call is not a Declaration")
                if a.type is argument_slot_type(fn_type, i, a.init.type):
                    args.append(self.expr(a.init))
                else:
                    args.append(self.expr(a))
        if explicit:
            head = f"{self.builtin_name(fn.name)}<{self.ty(call.type)}>"
        elif isinstance(fn, Variable | Global | LambdaExpr | LambdaReference | Builtin):
            head = self.expr(fn)
        else:
            head = f"({self.expr(fn)})"
        return f"{head}({', '.join(args)}){loc_text(call.loc)}"


def print_program(program: Program) -> str:
    """The canonical text of a program (at any nesting depth, see :mod:`inspire.deep`)."""
    return deep_call(lambda: Printer(program).program_text(program))


def print_node(node: Node, program: Program | None = None) -> str:
    """The text of any node (types, expressions, statements), for messages and tests."""
    return deep_call(_node_text, node, program)


def _node_text(node: Node, program: Program | None) -> str:
    printer = Printer(program)
    if isinstance(node, Stmt) and not isinstance(node, Expr):
        lines: list[str] = []
        printer.visit(node, lines, 0, "")
        return "\n".join(lines)
    if isinstance(node, Expr):
        return printer.expression_text(node)
    return printer.visit(node)


def _extent_text(extent: Node) -> str:
    return deep_call(Printer().expression_text, extent)


write_extents_with(_extent_text)
