"""IR programs to one C translation unit.

Output layout: the program's ``#include`` lines, the user's struct/union
definitions (records from bundled headers are not emitted again), global
variables, a prototype of every function, then the function definitions.
Names are the IR names (the frontend's source names), the output is
deterministic (functions in the order the printer lists them) and one
statement goes on each line.

Variables of type ``ref<T>``: a variable declared with a *materialising*
declaration (``Declaration(ref<T>, v : T)``) or a parameter is a C object of
type ``T``; one bound to an existing reference (``Declaration(ref<T>, r :
ref<T>)``) is a C pointer ``T *`` and its uses are ``(*name)``.
"""

from __future__ import annotations

from backend.ctypes_emit import CTypeWriter
from inspire import nodes as n
from inspire import types as t
from inspire.printer import Printer
from inspire.typecheck import is_materializing

_BINARY = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "div": "/",
    "mod": "%",
    "bit_and": "&",
    "bit_or": "|",
    "bit_xor": "^",
    "shl": "<<",
    "shr": ">>",
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "log_and": "&&",
    "log_or": "||",
    "ptr_add": "+",
    "ptr_sub": "-",
    "ptr_diff": "-",
}
_ASSIGN = {
    "assign": "=",
    "assign_add": "+=",
    "assign_sub": "-=",
    "assign_mul": "*=",
    "assign_div": "/=",
    "assign_mod": "%=",
    "assign_bit_and": "&=",
    "assign_bit_or": "|=",
    "assign_bit_xor": "^=",
    "assign_shl": "<<=",
    "assign_shr": ">>=",
    "ptr_assign_add": "+=",
    "ptr_assign_sub": "-=",
}
_UNARY = {"neg": "-", "bit_not": "~", "log_not": "!"}
_INCDEC = {
    "pre_inc": ("++", ""),
    "pre_dec": ("--", ""),
    "post_inc": ("", "++"),
    "post_dec": ("", "--"),
}
_SYNC = {
    "atomic_fetch_add": "__sync_fetch_and_add",
    "atomic_fetch_sub": "__sync_fetch_and_sub",
    "atomic_fetch_and": "__sync_fetch_and_and",
    "atomic_fetch_or": "__sync_fetch_and_or",
    "atomic_fetch_xor": "__sync_fetch_and_xor",
    "atomic_cas_bool": "__sync_bool_compare_and_swap",
    "atomic_cas_val": "__sync_val_compare_and_swap",
}


class CEmitter:
    """Writes one program as C (see the module docstring)."""

    indent = "    "

    def __init__(self, program: n.Program):
        self.program = program
        self.records = {(s.tag, s.name): s for s in program.structs}
        self.types = CTypeWriter(self.records)
        self.pointer_vars: list[set[n.Variable]] = [set()]
        self.vla_dims: dict[n.Variable, list[str]] = {}
        self.current_params: tuple[n.Variable, ...] = ()

    # ------------------------------------------------------------ program
    def program_text(self) -> str:
        p = self.program
        out: list[str] = [f"#include {h}" for h in p.includes]
        out.append("")
        out.extend(self.records_text())
        for g in p.globals:
            out.append(self.global_text(g))
        if p.globals:
            out.append("")
        definitions = Printer(p)._definitions_in_order(p)
        functions = [b for d in definitions for b in d.bindings]
        for b in functions:
            out.append(self.signature(b.reference.name, b.lambda_) + ";")
        out.append("")
        for b in functions:
            out.extend(self.function_lines(b.reference.name, b.lambda_))
            out.append("")
        return "\n".join(out).rstrip("\n") + "\n"

    def records_text(self) -> list[str]:
        user = [s for s in self.program.structs if not s.header]
        if not user:
            return []
        out = [f"{s.tag} {s.name};" for s in user]
        emitted: set[tuple[str, str]] = set()

        def emit(s: n.StructDecl) -> None:
            key = (s.tag, s.name)
            if key in emitted or not s.complete:
                return
            emitted.add(key)
            for f in s.fields:
                for dep in _by_value_records(f.type):
                    d = self.records.get((dep.tag, dep.name))
                    if d is not None and not d.header:
                        emit(d)
            fields = []
            for f in s.fields:
                bits = "" if f.bits is None else f" : {f.bits}"
                fields.append(f"{self.indent}{self.types.declare(f.type, f.name)}{bits};")
            out.extend([f"{s.tag} {s.name} {{", *fields, "};"])

        for s in user:
            emit(s)
        out.append("")
        return out

    def global_text(self, g: n.GlobalDecl) -> str:
        ty = g.var.type.params[0]
        prefix = ("static " if g.storage == "static" else "") + (
            "__thread " if g.thread_local else ""
        )
        decl = prefix + self.types.declare(ty, g.var.name)
        if isinstance(g.init, n.Undefined):
            return decl + ";"
        return f"{decl} = {self.initializer(g.init)};"

    # ---------------------------------------------------------- functions
    def signature(self, name: str, lam: n.Lambda) -> str:
        params = [
            self.types.declare(pt, v.name)
            for v, pt in zip(lam.params, lam.type.params, strict=True)
        ]
        if lam.type.variadic and params:
            params.append("...")
        if not params and not lam.type.variadic:
            params = ["void"]  # an empty list is an unprototyped function: f()
        head = f"{name}({', '.join(params)})"
        return self.types.declare(lam.type.result, head)

    def function_lines(self, name: str, lam: n.Lambda) -> list[str]:
        self.current_params = lam.params
        self.pointer_vars = [set()]
        lines = [self.signature(name, lam)]
        lines.extend(self.block_lines(lam.body))
        return lines

    # --------------------------------------------------------- statements
    def block_lines(self, block: n.CompoundStmt) -> list[str]:
        self.pointer_vars.append(set())
        lines = ["{"]
        for s in block.stmts:
            lines.extend(self.indent + line for line in self.stmt_lines(s))
        lines.append("}")
        self.pointer_vars.pop()
        return lines

    def stmt_lines(self, s: n.Node) -> list[str]:
        if isinstance(s, n.CompoundStmt):
            return self.block_lines(s)
        if isinstance(s, n.DeclStmt):
            return [self.decl_stmt(s) + ";"]
        if isinstance(s, n.IfStmt):
            lines = [f"if ({self.cond(s.cond)})", *self.block_lines(s.then)]
            if s.else_.stmts:
                if len(s.else_.stmts) == 1 and isinstance(s.else_.stmts[0], n.IfStmt):
                    sub = self.stmt_lines(s.else_.stmts[0])
                    lines.append("else " + sub[0])
                    lines.extend(sub[1:])
                else:
                    lines.append("else")
                    lines.extend(self.block_lines(s.else_))
            return lines
        if isinstance(s, n.WhileStmt):
            return [f"while ({self.cond(s.cond)})", *self.block_lines(s.body)]
        if isinstance(s, n.DoWhileStmt):
            body = self.block_lines(s.body)
            return ["do", *body[:-1], f"}} while ({self.cond(s.cond)});"]
        if isinstance(s, n.ForStmt):
            return self.for_lines(s)
        if isinstance(s, n.SwitchStmt):
            return [f"switch ({self.expr(s.expr)})", *self.block_lines(s.body)]
        if isinstance(s, n.CaseLabel):
            return [f"case {self.literal(s.value)}:;"]
        if isinstance(s, n.DefaultLabel):
            return ["default:;"]
        if isinstance(s, n.ReturnStmt):
            v = s.value
            if (isinstance(v, n.Literal) and v.type is t.UNIT) or isinstance(v, n.Undefined):
                return ["return;"]
            return [f"return {_strip(self.expr(v))};"]
        if isinstance(s, n.BreakStmt):
            return ["break;"]
        if isinstance(s, n.ContinueStmt):
            return ["continue;"]
        if isinstance(s, n.GotoStmt):
            return [f"goto {s.label};"]
        if isinstance(s, n.LabelStmt):
            return [f"{s.label}:;"]
        return [_strip(self.expr(s)) + ";"]

    def for_lines(self, s: n.ForStmt) -> list[str]:
        steps = []
        for st in s.step.stmts:
            if isinstance(st, n.Stmt):
                raise NotImplementedError("C emission of a for-loop step that is not an expression")
            steps.append(_strip(self.expr(st)))
        self.pointer_vars.append(set())
        init = s.init.stmts
        if len(init) == 1 and isinstance(init[0], n.DeclStmt):
            head = self.decl_stmt(init[0])
            prefix: list[str] = []
        elif len(init) == 1 and not isinstance(init[0], n.Stmt):
            head = _strip(self.expr(init[0]))
            prefix = []
        else:
            head = ""
            prefix = [line for st in init for line in self.stmt_lines(st)]
        lines = [
            f"for ({head}; {self.cond(s.cond)}; {', '.join(steps)})",
            *self.block_lines(s.body),
        ]
        self.pointer_vars.pop()
        if prefix:
            return ["{", *(self.indent + x for x in prefix + lines), "}"]
        return lines

    def decl_stmt(self, s: n.DeclStmt) -> str:
        var, decl = s.var, s.decl
        ty = var.type
        init = decl.init
        if t.is_ref(ty) and is_materializing(decl):
            value_type = ty.params[0]
            if (
                isinstance(init, n.CallExpr)
                and isinstance(init.function, n.Builtin)
                and (init.function.name == "vla")
            ):
                dims = [_strip(self.expr(a)) for a in init.args]
                self.vla_dims[var] = dims
                return self.types.declare(value_type, var.name, dims)
            text = self.types.declare(value_type, var.name)
            if isinstance(init, n.Undefined):
                return text
            return f"{text} = {self.initializer(init)}"
        # A reference bound to an existing object: a C pointer.
        if t.is_ref(ty):
            self.pointer_vars[-1].add(var)
            return f"{self.types.declare(ty, var.name)} = &{self.lvalue(init)}"
        return f"{self.types.declare(ty, var.name)} = {self.initializer(init)}"

    def is_pointer_var(self, v: n.Variable) -> bool:
        return any(v in scope for scope in self.pointer_vars)

    # -------------------------------------------------------- expressions
    def cond(self, e: n.Node) -> str:
        return _strip(self.expr(e))

    def initializer(self, e: n.Node) -> str:
        if isinstance(e, n.InitExpr):
            items = []
            designators = e.designators or ("",) * len(e.values)
            for d, v in zip(designators, e.values, strict=True):
                value = self.initializer(v)
                items.append(f"{d} = {value}" if d else value)
            return "{" + ", ".join(items) + "}"
        return _strip(self.expr(e))

    def literal(self, lit: n.Literal) -> str:
        v = lit.value
        if lit.type is t.UNIT:
            raise NotImplementedError("C emission of a unit value")
        return f"({v})" if v.startswith("-") else v

    def lvalue(self, e: n.Node) -> str:
        """A C lvalue for an expression of type ref<T>."""
        if isinstance(e, n.Variable):
            return f"(*{e.name})" if self.is_pointer_var(e) else e.name
        if isinstance(e, n.Global):
            return e.name
        if isinstance(e, n.Declaration):
            return f"(({self.types.type_name(e.type.params[0])}){self.initializer(e.init)})"
        if isinstance(e, n.CallExpr) and isinstance(e.function, n.Builtin):
            name, args = e.function.name, e.args
            if name == "ptr_to_ref":
                return f"(*{self.expr(args[0])})"
            if name == "array_elem":
                return f"{self.lvalue(args[0])}[{_strip(self.expr(args[1]))}]"
            if name == "ptr_elem":
                return f"{self.expr(args[0])}[{_strip(self.expr(args[1]))}]"
            if name == "ref_member":
                return f"{self.lvalue(args[0])}.{args[1].value}"
            if name == "ref_volatile":
                return self.lvalue(args[0])
        if t.is_ref(e.type):
            # Any other reference-valued expression is a pointer value in C.
            return f"(*{self.expr(e)})"
        raise NotImplementedError(f"C emission of {e.kind} as an lvalue")

    def expr(self, e: n.Node) -> str:
        if isinstance(e, n.Literal):
            return self.literal(e)
        if isinstance(e, n.Variable):
            if t.is_ref(e.type):
                # A reference used as a value: the address of the object.
                return f"&{self.lvalue(e)}"
            return e.name
        if isinstance(e, n.Global):
            if isinstance(e.type, n.FunctionType):
                return e.name
            return f"&{e.name}"
        if isinstance(e, n.LambdaExpr):
            return e.reference.name
        if isinstance(e, n.LambdaReference):
            return e.name
        if isinstance(e, n.CastExpr):
            return f"(({self.types.type_name(e.type)}){self.expr(e.expr)})"
        if isinstance(e, n.SizeOf):
            return f"sizeof({self.types.type_name(e.target)})"
        if isinstance(e, n.Declaration):
            return f"&{self.lvalue(e)}"
        if isinstance(e, n.CallExpr):
            return self.call(e)
        raise NotImplementedError(f"C emission of {e.kind} is not implemented")

    def call(self, e: n.CallExpr) -> str:
        fn = e.function
        if not isinstance(fn, n.Builtin):
            callee = self.expr(fn)
            if not isinstance(fn, n.LambdaExpr | n.LambdaReference | n.Global):
                callee = f"({callee})"
            args = ", ".join(_strip(self.initializer(a.init)) for a in e.args)
            return f"{callee}({args})"
        name, args = fn.name, e.args
        if name in _BINARY:
            return f"({self.expr(args[0])} {_BINARY[name]} {self.expr(args[1])})"
        if name in _ASSIGN:
            return f"({self.lvalue(args[0])} {_ASSIGN[name]} {_strip(self.expr(args[1]))})"
        if name in _UNARY:
            return f"({_UNARY[name]}{self.expr(args[0])})"
        if name in _INCDEC:
            pre, post = _INCDEC[name]
            return f"({pre}{self.lvalue(args[0])}{post})"
        if name == "ref_deref":
            return self.lvalue(args[0])
        if name in ("ref_to_ptr",):
            return f"(&{self.lvalue(args[0])})"
        if name == "array_to_ptr":
            return self.lvalue(args[0])
        if name in ("ptr_to_ref", "array_elem", "ptr_elem", "ref_member", "ref_volatile"):
            return f"(&{self.lvalue(e)})"
        if name == "member":
            return f"{self.expr(args[0])}.{args[1].value}"
        if name == "ite":
            return f"({self.expr(args[0])} ? {self.expr(args[1])} : {self.expr(args[2])})"
        if name == "comma":
            # Doubly parenthesised: a comma expression keeps its parentheses where
            # the emitter strips one pair (initialisers, arguments, statements).
            return f"(({self.expr(args[0])}, {self.expr(args[1])}))"
        if name == "stack_alloc":
            return f"__builtin_alloca({_strip(self.expr(args[0]))})"
        if name == "ref_new":
            return f"__builtin_malloc({_strip(self.expr(args[0]))})"
        if name == "ref_delete":
            return f"__builtin_free({_strip(self.expr(args[0]))})"
        if name == "va_start":
            last = self.current_params[-1].name if self.current_params else ""
            return f"__builtin_va_start({self.lvalue(args[0])}, {last})"
        if name == "va_end":
            return f"__builtin_va_end({self.lvalue(args[0])})"
        if name == "va_copy":
            return f"__builtin_va_copy({self.lvalue(args[0])}, {self.expr(args[1])})"
        if name == "va_arg":
            return f"__builtin_va_arg({self.lvalue(args[0])}, {self.types.type_name(e.type)})"
        if name in _SYNC:
            values = ", ".join(_strip(self.expr(a)) for a in args[1:])
            return f"{_SYNC[name]}(&{self.lvalue(args[0])}, {values})"
        if name == "atomic_exchange":
            return (
                f"__sync_lock_test_and_set(&{self.lvalue(args[0])}, {_strip(self.expr(args[1]))})"
            )
        if name == "atomic_store":
            value = _strip(self.expr(args[1]))
            return f"__atomic_store_n(&{self.lvalue(args[0])}, {value}, __ATOMIC_SEQ_CST)"
        if name == "atomic_load":
            return f"__atomic_load_n(&{self.lvalue(args[0])}, __ATOMIC_SEQ_CST)"
        if name == "atomic_fence":
            return "__sync_synchronize()"
        raise NotImplementedError(f"C emission of builtin {name} is not implemented")


def _strip(text: str) -> str:
    """``text`` without one pair of enclosing parentheses, when they enclose all of it."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0 and i != len(text) - 1:
                return text
        i += 1
    return text[1:-1]


def _by_value_records(ty: n.Type) -> list[n.TagType]:
    """Records a member of type ``ty`` contains by value (they must be defined first)."""
    ty = t.strip_volatile(ty)
    if isinstance(ty, n.TagType):
        return [ty]
    if t.is_array(ty):
        return _by_value_records(ty.params[0])
    return []


def emit_c(program: n.Program) -> str:
    """The C translation unit of ``program``."""
    return CEmitter(program).program_text()
