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

from inspirec.inspire.builtins import BUILTINS, EXPLICIT_RESULT
from inspirec.inspire.lambdas import definitions_in_order, is_recursive_definition
from inspirec.inspire.nodes import (
    BindExpr,
    BreakStmt,
    Builtin,
    CallExpr,
    CaseLabel,
    CastExpr,
    CompoundStmt,
    ContinueStmt,
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
    SizeOf,
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
    strip_volatile,
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


class Printer(StrictVisitor):
    """Prints one program (or a fragment of one) in the canonical text format."""

    indent = "    "

    def __init__(self, program: Program | None = None):
        self.program = program
        self.structs = struct_table(program) if program is not None else {}
        self.user_names = _user_names(program) if program is not None else set()

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
        out: list[str] = [f"include {h};" for h in program.includes]
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
                fname = self.name(f.name) if f.name else ""
                fields.append(f"{fname} : {self.ty(f.type)}{bits};")
            out.append(f"{s.tag} {self.name(s.name)} {{ {' '.join(fields)} }}{origin};")
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
                isinstance(init, Undefined) and init.type is strip_volatile(element(g.var.type))
            ):
                init_text = f" = {self.expr(init)}"
            out.append(
                f"global {storage}{self.name(g.var.name)} : {self.ty(g.var.type)}{init_text};"
            )
        for definition in definitions_in_order(program):
            out.extend(self.definition_lines(definition))
        out.append(f"entry {self.name(program.entry.reference.name)};")
        return "\n".join(out) + "\n"

    def definition_lines(self, definition: LambdaDefinition) -> list[str]:
        recursive = is_recursive_definition(definition)
        lines: list[str] = []
        for b in definition.bindings:
            lam = b.lambda_
            # A parameter's own type may carry run-time extents over the earlier
            # parameters; the function type is its erasure.
            params = [f"{self.name(v.name)} : {self.ty(element(v.type))}" for v in lam.params]
            if lam.type.variadic:
                params.append("...")
            head = (
                f"def {self.name(b.reference.name)} = function ({', '.join(params)}) -> "
                f"{self.ty(lam.type.result)}{loc_text(lam.loc)} "
            )
            body = self.block_lines(lam.body)
            body[0] = head + body[0]
            body[-1] += ";"
            lines.extend(body)
        if recursive:
            return ["rec {", *(self.indent + line for line in lines), "};"]
        return lines

    # ------------------------------------------------------------ statements
    def block_lines(self, block: CompoundStmt) -> list[str]:
        if not block.stmts:
            return ["{}"]
        lines = ["{"]
        for s in block.stmts:
            for text in self.stmt_lines(s):
                lines.extend(self.indent + line for line in text.split("\n"))
        lines.append("}")
        return lines

    def inline_block(self, block: CompoundStmt) -> str:
        return " ".join(line.strip() for line in self.block_lines(block))

    def _attach(self, head: str, block: CompoundStmt, tail: str = "") -> list[str]:
        lines = self.block_lines(block)
        lines[0] = head + lines[0]
        lines[-1] += tail
        return lines

    def stmt_lines(self, s: Node) -> list[str]:
        """The lines of a statement (an expression statement ends with ``;``)."""
        text = self.visit(s)
        if isinstance(s, Expr):
            text += ";"
        return text.split("\n")

    # Every visit method returns the text of its node (several lines for
    # statements and closures); an expression's text has no ``;``.

    def visit_CompoundStmt(self, s: CompoundStmt) -> str:
        return "\n".join(self.block_lines(s))

    def visit_DeclStmt(self, s: DeclStmt) -> str:
        return self.decl_stmt_text(s) + ";"

    def visit_IfStmt(self, s: IfStmt) -> str:
        lines = self._attach(f"if ({self.expr(s.cond)}) ", s.then)
        els = s.else_
        if els.stmts:
            if len(els.stmts) == 1 and isinstance(els.stmts[0], IfStmt):
                sub = self.stmt_lines(els.stmts[0])
            else:
                sub = self.block_lines(els)
            lines[-1] += " else " + sub[0]
            lines.extend(sub[1:])
        return "\n".join(lines)

    def visit_WhileStmt(self, s: WhileStmt) -> str:
        return "\n".join(self._attach(f"while{loc_text(s.loc)} ({self.expr(s.cond)}) ", s.body))

    def visit_DoWhileStmt(self, s: DoWhileStmt) -> str:
        tail = f" while ({self.expr(s.cond)});"
        return "\n".join(self._attach(f"do{loc_text(s.loc)} ", s.body, tail))

    def visit_ForStmt(self, s: ForStmt) -> str:
        head = (
            f"for{loc_text(s.loc)} ({self.inline_block(s.init)}; {self.expr(s.cond)}; "
            f"{self.inline_block(s.step)}) "
        )
        return "\n".join(self._attach(head, s.body))

    def visit_SwitchStmt(self, s: SwitchStmt) -> str:
        return "\n".join(self._attach(f"switch ({self.expr(s.expr)}) ", s.body))

    def visit_CaseLabel(self, s: CaseLabel) -> str:
        return f"case {literal_text(s.value)}:"

    def visit_DefaultLabel(self, s: DefaultLabel) -> str:
        return "default:"

    def visit_ReturnStmt(self, s: ReturnStmt) -> str:
        if _is_unit_literal(s.value):
            return "return;"
        return f"return {self.expr(s.value)};"

    def visit_BreakStmt(self, s: BreakStmt) -> str:
        return "break;"

    def visit_ContinueStmt(self, s: ContinueStmt) -> str:
        return "continue;"

    def visit_GotoStmt(self, s: GotoStmt) -> str:
        return f"goto {self.name(s.label)};"

    def visit_LabelStmt(self, s: LabelStmt) -> str:
        return f"label {self.name(s.label)}:"

    def decl_stmt_text(self, s: DeclStmt) -> str:
        decl, var = s.decl, s.var
        if decl.type is not var.type:
            raise ValueError(f"declaration of {var.name}: slot type differs from variable type")
        head = f"var {self.ty(var.type)} {self.name(var.name)}"
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

    def _named(self, e: Variable | Global | LambdaReference) -> str:
        return self.name(e.name)

    visit_Variable = visit_Global = visit_LambdaReference = _named

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

    def visit_SizeOf(self, e: SizeOf) -> str:
        return f"sizeof<{self.ty(e.target)}>"

    def visit_Undefined(self, e: Undefined) -> str:
        return f"undefined<{self.ty(e.type)}>"

    def visit_JobExpr(self, e: JobExpr) -> str:
        opts = ""
        if not _is_int_literal(e.if_, "1"):
            opts += f" if({self.expr(e.if_)})"
        if not _is_int_literal(e.final, "0"):
            opts += f" final({self.expr(e.final)})"
        return f"job[{self.expr(e.lo)} .. {self.expr(e.hi)}]{opts} => {self.expr(e.body)}"

    def visit_BindExpr(self, e: BindExpr) -> str:
        captures = "; ".join(self.decl_stmt_text(c) for c in e.captures)
        params = ", ".join(
            f"{self.name(v.name)} : {self.ty(t)}"
            for v, t in zip(e.params, e.type.params, strict=True)
        )
        head = f"bind [{captures}] ({params}) -> {self.ty(e.type.result)} "
        return "\n".join(self._attach(head, e.body))

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
    visit_GlobalDecl = _part

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
    """The canonical text of a program."""
    return Printer(program).program_text(program)


def print_node(node: Node, program: Program | None = None) -> str:
    """The text of any node (types, expressions, statements), for messages and tests."""
    return Printer(program).visit(node)


def _extent_text(extent: Node) -> str:
    return Printer().expr(extent)


write_extents_with(_extent_text)
