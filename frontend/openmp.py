"""OpenMP directives: parsing ``#pragma omp`` lines and lowering them to IR.

Supported (DESIGN §4): ``parallel`` (``num_threads``, ``if``, ``private``,
``firstprivate``, ``shared``, ``default``), ``single`` (``nowait``,
``private``), ``master``, ``task`` (``if``, ``final``, ``untied``,
``mergeable``, ``shared``, ``firstprivate``, ``private``, ``default``),
``taskwait``, ``barrier``, ``critical [(name)]``, ``atomic`` (update forms),
``for`` (``schedule(static|dynamic|guided[, chunk])``, ``nowait``, ``private``),
``flush``, ``taskyield`` and ``threadprivate``.  Anything else is an error
naming the directive or clause.

Data sharing follows OpenMP: a variable referenced in a construct and
declared outside it is shared in a ``parallel`` region unless a clause says
otherwise; in a ``task`` it is shared if it is shared in the enclosing
context (a region's shared variables, a task's shared variables) and
firstprivate otherwise, so the locals of an orphaned task (a function called
from ``single``) are firstprivate.  Globals and static locals are always
shared.  In the IR a construct body becomes a ``bind`` whose captures are:

* shared: ``var ref<T> x = x`` (the closure holds the reference);
* firstprivate: ``var ref<T> x = ref_deref(x)`` (the closure holds a copy);
* private: a fresh uninitialised ``var ref<T> x`` at the start of the body.
"""

from __future__ import annotations

import linecache
import re
from dataclasses import dataclass, field

from inspirec.frontend.diagnostics import CompileError, Diagnostic, Severity
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.lambdas import free_variables
from pycparser import c_ast

CONSTRUCTS_WITH_BODY = {"parallel", "single", "master", "task", "critical", "atomic", "for"}
STANDALONE = {"taskwait", "barrier", "flush", "taskyield"}

ALLOWED_CLAUSES = {
    "parallel": {"num_threads", "if", "private", "firstprivate", "shared", "default"},
    "single": {"nowait", "private"},
    "master": set(),
    "task": {"if", "final", "untied", "mergeable", "shared", "firstprivate", "private", "default"},
    "critical": set(),
    "for": {"schedule", "nowait", "private"},
    "atomic": {"update", "seq_cst"},
    "taskwait": set(),
    "barrier": set(),
    "flush": set(),
    "taskyield": set(),
    "threadprivate": set(),
}

UNNAMED_CRITICAL = "__unnamed"


@dataclass
class Directive:
    """A parsed ``#pragma omp`` line."""

    name: str
    clauses: dict[str, list[str]] = field(default_factory=dict)
    argument: str | None = None  # critical(name), threadprivate(list), flush(list)
    node: c_ast.Pragma | None = None

    def variables(self, clause: str) -> list[str]:
        """The names listed in every occurrence of a list clause."""
        out: list[str] = []
        for text in self.clauses.get(clause, []):
            out.extend(v.strip() for v in text.split(",") if v.strip())
        return out

    def expression(self, clause: str) -> str | None:
        values = self.clauses.get(clause)
        return values[-1] if values else None


_CLAUSE = re.compile(r"\s*([A-Za-z_]\w*)")


def _balanced(text: str, start: int, node) -> tuple[str, int]:
    """The text inside the parentheses opening at ``start``, and the index after them."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
    raise pragma_error("unbalanced parentheses in OpenMP directive", node)


def pragma_diagnostic(message: str, node, severity: Severity = "error") -> Diagnostic:
    """A diagnostic at a pragma, with its source line.

    Pragma lines reach the parser verbatim, so pycparser's position is exact.
    """
    coord = node.coord if node is not None else None
    if coord is None:
        return Diagnostic(severity, message)
    source = linecache.getline(coord.file, coord.line).rstrip("\n") or None
    return Diagnostic(severity, message, coord.file, coord.line, coord.column, source)


def pragma_error(message: str, node) -> CompileError:
    """A CompileError at a pragma."""
    return CompileError([pragma_diagnostic(message, node)])


def parse_directive(node: c_ast.Pragma) -> Directive:
    """Parse ``omp NAME [clauses]``; unsupported directives and clauses are errors."""
    text = node.string.strip()
    if not text.startswith("omp"):
        raise ValueError("not an OpenMP pragma")
    rest = text[3:]
    m = _CLAUSE.match(rest)
    if m is None:
        raise pragma_error("expected an OpenMP directive after '#pragma omp'", node)
    name = m.group(1)
    pos = m.end()
    if name not in ALLOWED_CLAUSES:
        raise pragma_error(f"OpenMP directive '{name}' is not supported", node)
    directive = Directive(name, node=node)
    if name in ("critical", "threadprivate", "flush"):
        stripped = rest[pos:].lstrip()
        if stripped.startswith("("):
            offset = len(rest) - len(stripped)
            directive.argument, pos = _balanced(rest, offset, node)
            directive.argument = directive.argument.strip()
    while pos < len(rest):
        m = _CLAUSE.match(rest, pos)
        if m is None:
            if rest[pos:].strip() in ("", ","):
                break
            if rest[pos:].lstrip().startswith(","):
                pos = rest.index(",", pos) + 1
                continue
            raise pragma_error(f"malformed clause in '#pragma {text}'", node)
        clause = m.group(1)
        pos = m.end()
        if name == "parallel" and clause in ("for", "sections"):
            raise pragma_error(f"combined construct 'parallel {clause}' is not supported", node)
        if clause not in ALLOWED_CLAUSES[name]:
            raise pragma_error(f"OpenMP clause '{clause}' is not supported on '{name}'", node)
        value = ""
        stripped = rest[pos:].lstrip()
        if stripped.startswith("("):
            value, pos = _balanced(rest, len(rest) - len(stripped), node)
        directive.clauses.setdefault(clause, []).append(value.strip())
        while pos < len(rest) and rest[pos] in " \t,":
            pos += 1
    return directive


def program_directives(asts: list[c_ast.FileAST]) -> dict[c_ast.Pragma, Directive]:
    """Every ``#pragma omp`` line of the parsed files, parsed in source order.

    Run before anything is lowered, so that of several unsupported or
    malformed directives the first one in the source is the error reported.
    """
    found: dict[c_ast.Pragma, Directive] = {}
    for ast in asts:
        stack: list[c_ast.Node] = [ast]
        while stack:
            x = stack.pop()
            if isinstance(x, c_ast.Pragma) and _is_omp(x):
                found[x] = parse_directive(x)
            stack.extend(reversed([c for _, c in x.children()]))
    return found


def _is_omp(node: c_ast.Pragma) -> bool:
    return node.string.strip().split()[:1] == ["omp"]


def _continue_as_return(s: n.Node) -> n.Node:
    """A worksharing loop body with its own ``continue`` statements (those not in
    a nested loop) turned into returns from the outlined iteration."""
    if isinstance(s, n.ContinueStmt):
        return n.ReturnStmt(n.Literal(t.UNIT, "()"))
    if isinstance(s, n.CompoundStmt | n.IfStmt | n.SwitchStmt):
        return s.with_children([_continue_as_return(c) for c in s.children])
    return s


def is_shared_capture(capture: n.DeclStmt) -> bool:
    """Whether a bind capture shares the variable (holds its reference)."""
    return capture.decl.init is capture.var


def capture(var: n.Variable, how: str, deref) -> n.DeclStmt:
    """The capture of ``var``: ``shared`` or ``firstprivate``.

    An immutable value (a run-time extent) is always copied.  A
    variable-length array that is firstprivate is copied too, as OpenMP
    requires (each element of the new list item is initialised from the
    original's): the closure holds a copy made when the task is created.
    """
    if how == "shared" or not t.is_ref(var.type):
        return n.DeclStmt(n.Declaration(var.type, var), var)
    return n.DeclStmt(n.Declaration(var.type, deref(var)), var)


class OpenMPLowering:
    """Mixin of the function lowering: OpenMP directives inside function bodies.

    The host provides ``scope``, ``block_items``, ``op``, ``scalar``,
    ``convert``, ``loc``, ``program``, ``check_entry_extents`` and the
    expression lowering.
    """

    sharing_frames: list

    # ----------------------------------------------------------- dispatch
    def omp_items(self, items: list, index: int) -> tuple[list[n.Node], int]:
        """Lower the directive at ``items[index]`` (and its body); returns the
        statements and the index of the next item."""
        node = items[index]
        d = self.program.directive(node)
        if d.name in STANDALONE:
            return self.omp_standalone(d), index + 1
        if d.name == "threadprivate":
            self.program.threadprivate(d, self.scope)
            return [], index + 1
        body, after = self.construct_body(items, index + 1, node)
        return self.omp_construct(d, body), after

    def construct_body(self, items: list, j: int, node) -> tuple[list, int]:
        """The items forming the statement after a construct directive."""
        if j >= len(items):
            raise pragma_error("OpenMP construct without a following statement", node)
        first = items[j]
        if isinstance(first, c_ast.Pragma) and first.string.strip().startswith("omp"):
            d = self.program.directive(first)
            if d.name not in CONSTRUCTS_WITH_BODY:
                raise pragma_error("OpenMP construct without a following statement", node)
            inner, after = self.construct_body(items, j + 1, first)
            return [first, *inner], after
        if isinstance(first, c_ast.Pragma):
            raise pragma_error("OpenMP construct without a following statement", node)
        return [first], j + 1

    def omp_standalone(self, d: Directive) -> list[n.Node]:
        loc = self.loc(d.node)
        if d.name == "taskwait":
            return [self.op("merge_all", loc=loc)]
        if d.name == "barrier":
            return [self.op("barrier", loc=loc)]
        if d.name == "flush":
            return [self.op("atomic_fence")]
        return []  # taskyield: a scheduling hint

    def omp_construct(self, d: Directive, body: list) -> list[n.Node]:
        loc = self.loc(d.node)
        if d.name == "parallel":
            return [self.omp_parallel(d, body, loc)]
        if d.name == "task":
            return [self.omp_task(d, body, loc)]
        if d.name == "single":
            block = self.with_privates(d, self.body_block(body))
            out: list[n.Node] = [n.IfStmt(self.op("single"), block, n.CompoundStmt(()))]
            if "nowait" not in d.clauses:
                out.append(self.op("barrier", loc=loc))
            return out
        if d.name == "master":
            is_master = self.op("eq", self.op("get_thread_id"), n.Literal(t.INT4, "0"))
            return [n.IfStmt(is_master, self.body_block(body), n.CompoundStmt(()))]
        if d.name == "critical":
            name = n.Literal(t.IDENTIFIER, d.argument or UNNAMED_CRITICAL)
            return [
                self.op("critical_enter", name),
                self.body_block(body),
                self.op("critical_exit", name),
            ]
        if d.name == "atomic":
            return [self.omp_atomic(d, body)]
        if d.name == "for":
            return self.omp_for(d, body, loc)
        raise pragma_error(f"OpenMP directive '{d.name}' is not supported here", d.node)

    def body_block(self, body: list) -> n.CompoundStmt:
        compound = c_ast.Compound(body, coord=getattr(body[0], "coord", None))
        return self.block(compound)

    # ------------------------------------------------------- data sharing
    def clause_variables(self, d: Directive, clause: str) -> set[str]:
        names = set()
        for name in d.variables(clause):
            sym = self.scope.lookup(name)
            if sym is None:
                raise pragma_error(f"'{name}' undeclared in clause '{clause}'", d.node)
            names.add(name)
        return names

    def is_shared(self, var: n.Variable, depth: int | None = None) -> bool:
        """Whether ``var`` is shared in the context of the frame at ``depth``."""
        frames = self.sharing_frames if depth is None else self.sharing_frames[: depth + 1]
        if not frames:
            return False  # locals of a function are private to its (implicit) task
        outer_scope, decide = frames[-1]
        sym = outer_scope.lookup(var.name)
        if getattr(sym, "var", None) is not var:
            return False  # declared inside the construct: private to its task
        return decide(var, len(frames) - 1) == "shared"

    def outline(self, d: Directive, body: list, decide) -> n.BindExpr:
        """The construct body as a closed ``bind`` capturing per ``decide``."""
        self.sharing_frames.append((self.scope, decide))
        depth = len(self.sharing_frames) - 1
        try:
            block = self.body_block(body)
        finally:
            self.sharing_frames.pop()
        captures, privates = [], []
        for var in free_variables(block):
            self.check_entry_extents(var.type, d.node)
            if not t.is_ref(var.type):  # an immutable value: copied, listed nowhere
                captures.append(capture(var, "firstprivate", None))
                continue
            how = decide(var, depth)
            if how == "private":
                privates.append(var)
            elif how == "none":
                raise pragma_error(
                    f"'{var.name}' not specified in enclosing '{d.name}' with default(none)",
                    d.node,
                )
            else:
                captures.append(capture(var, how, lambda v: self.op("ref_deref", v)))
        for var in privates:
            decl = n.DeclStmt(n.Declaration(var.type, n.Undefined(var.type.params[0])), var)
            block = n.CompoundStmt((decl, *block.stmts))
        return n.BindExpr(t.function([], t.UNIT), (), tuple(captures), block)

    def with_privates(self, d: Directive, block: n.CompoundStmt) -> n.CompoundStmt:
        decls = []
        for name in sorted(self.clause_variables(d, "private")):
            sym = self.scope.lookup(name)
            var = getattr(sym, "var", None)
            if var is not None:
                decls.append(
                    n.DeclStmt(n.Declaration(var.type, n.Undefined(var.type.params[0])), var)
                )
        return n.CompoundStmt((*decls, *block.stmts)) if decls else block

    def listed(self, d: Directive) -> dict[str, str]:
        how: dict[str, str] = {}
        for clause in ("shared", "firstprivate", "private"):
            for name in self.clause_variables(d, clause):
                how[name] = clause
        return how

    # --------------------------------------------------------- constructs
    def omp_parallel(self, d: Directive, body: list, loc) -> n.Node:
        listed = self.listed(d)
        default = d.expression("default") or "shared"
        if default not in ("shared", "none"):
            raise pragma_error(f"default({default}) is not valid on 'parallel'", d.node)

        def decide(var: n.Variable, depth: int) -> str:
            if var.name in listed:
                return listed[var.name]
            return "shared" if default == "shared" else "none"

        closure = self.outline(d, body, decide)
        count = d.expression("num_threads")
        hi = self.convert(self.clause_value(count, d), t.INT4) if count else self.op("num_workers")
        cond = d.expression("if")
        if cond:
            hi = self.op("ite", self.clause_scalar(cond, d), hi, n.Literal(t.INT4, "1"))
        one, zero = n.Literal(t.INT4, "1"), n.Literal(t.INT4, "0")
        job = n.JobExpr(t.JOB, one, hi, closure, one, zero)
        return self.op("merge", self.op("parallel", job, loc=loc), loc=loc)

    def omp_task(self, d: Directive, body: list, loc) -> n.Node:
        listed = self.listed(d)
        default = d.expression("default")
        if default not in (None, "shared", "none", "firstprivate", "private"):
            raise pragma_error(f"unknown default({default})", d.node)

        def decide(var: n.Variable, depth: int) -> str:
            if var.name in listed:
                return listed[var.name]
            if default == "none":
                return "none"
            if default is not None:
                return default
            return "shared" if self.is_shared(var, depth - 1) else "firstprivate"

        closure = self.outline(d, body, decide)
        one, zero = n.Literal(t.INT4, "1"), n.Literal(t.INT4, "0")
        cond = d.expression("if")
        final = d.expression("final")
        if_ = self.clause_scalar(cond, d) if cond else one
        final_ = self.clause_scalar(final, d) if final else zero
        job = n.JobExpr(t.JOB, one, one, closure, if_, final_)
        return self.op("parallel", job, loc=loc)

    def omp_for(self, d: Directive, body: list, loc) -> list[n.Node]:
        """``for``: a worksharing loop ``pfor(lo, hi, step, schedule, chunk, bind(i) {..})``.

        The loop must be in OpenMP canonical form: ``for (i = lo; i REL b; i
        INCR)`` with ``REL`` one of ``< <= > >=`` and ``INCR`` ``++``,
        ``--``, ``+= s`` or ``-= s``; ``hi`` is exclusive.
        """
        loop = body[0] if len(body) == 1 else None
        if not isinstance(loop, c_ast.For):
            raise pragma_error("'#pragma omp for' must be followed by a for loop", d.node)
        saved = self.scope
        self.scope = saved.child()
        try:
            var, lo = self.loop_start(loop, d)
            ty = var.type.params[0]
            if not t.is_integer(ty):
                raise pragma_error("the loop variable of 'omp for' must be an integer", d.node)
            hi, step = self.loop_bounds(loop, var, ty, d)
            kind, chunk = self.schedule(d)
            privates = set(self.clause_variables(d, "private"))

            def decide(v: n.Variable, depth: int) -> str:
                return "private" if v.name in privates else "shared"

            self.sharing_frames.append((self.scope, decide))
            try:
                block = self.body_block([loop.stmt])
            finally:
                self.sharing_frames.pop()
        finally:
            self.scope = saved
        captures, decls = [], []
        for v in free_variables(block):
            if v is var:
                continue
            self.check_entry_extents(v.type, d.node)
            if v.name in privates:
                decls.append(n.DeclStmt(n.Declaration(v.type, n.Undefined(v.type.params[0])), v))
            else:
                captures.append(capture(v, "shared", None))
        block = n.CompoundStmt((*decls, *_continue_as_return(block).stmts))
        closure = n.BindExpr(t.function([ty], t.UNIT), (var,), tuple(captures), block)
        out: list[n.Node] = [self.op("pfor", lo, hi, step, kind, chunk, closure, loc=loc)]
        if "nowait" not in d.clauses:
            out.append(self.op("barrier", loc=loc))
        return out

    def loop_start(self, loop: c_ast.For, d: Directive) -> tuple[n.Variable, n.Node]:
        init = loop.init
        if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init:
            decl = init.decls[0]
            ty = self.resolver.resolve(decl.type, self.scope)
            var = n.Variable(t.ref(ty), decl.name)
            start = self.assignable(self.value(decl.init), ty, decl.init)
            from inspirec.frontend.symbols import VarSymbol

            self.scope.ordinary[decl.name] = VarSymbol(var)
            return var, start
        if (
            isinstance(init, c_ast.Assignment)
            and init.op == "="
            and isinstance(init.lvalue, c_ast.ID)
        ):
            target = self.expr(init.lvalue)
            if isinstance(target, n.Variable):
                start = self.assignable(self.value(init.rvalue), target.type.params[0], init)
                return target, start
        raise pragma_error("the loop after 'omp for' must start with 'i = expression'", d.node)

    def loop_bounds(self, loop: c_ast.For, var: n.Variable, ty, d: Directive):
        cond, nxt = loop.cond, loop.next
        if not (isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=", ">", ">=")):
            raise pragma_error(
                "the condition of an 'omp for' loop must be i < b, <=, > or >=", d.node
            )
        if not (isinstance(cond.left, c_ast.ID) and cond.left.name == var.name):
            raise pragma_error(
                "the condition of an 'omp for' loop must test the loop variable", d.node
            )
        bound = self.convert(self.value(cond.right), ty)
        one = self.convert(n.Literal(t.INT4, "1"), ty)
        if isinstance(nxt, c_ast.UnaryOp) and nxt.op in ("++", "p++", "--", "p--"):
            step = one if "+" in nxt.op else self.op("neg", one)
        elif isinstance(nxt, c_ast.Assignment) and nxt.op in ("+=", "-="):
            amount = self.convert(self.value(nxt.rvalue), ty)
            step = amount if nxt.op == "+=" else self.op("neg", amount)
        else:
            raise pragma_error(
                "the increment of an 'omp for' loop must be ++, --, += or -=", d.node
            )
        if cond.op == "<=":
            bound = self.op("add", bound, one)
        elif cond.op == ">=":
            bound = self.op("sub", bound, one)
        return bound, step

    def schedule(self, d: Directive) -> tuple[n.Node, n.Node]:
        text = d.expression("schedule") or "static"
        kind_text, _, chunk_text = text.partition(",")
        kinds = {"static": "0", "dynamic": "1", "guided": "2"}
        kind = kinds.get(kind_text.strip())
        if kind is None:
            raise pragma_error(f"schedule({kind_text.strip()}) is not supported", d.node)
        chunk = (
            self.convert(self.clause_value(chunk_text, d), t.INT8)
            if chunk_text.strip()
            else n.Literal(t.INT8, "0")
        )
        return n.Literal(t.INT4, kind), chunk

    def omp_atomic(self, d: Directive, body: list) -> n.Node:
        stmt = body[0] if len(body) == 1 else None
        if isinstance(stmt, c_ast.UnaryOp) and stmt.op in ("++", "p++", "--", "p--"):
            target = self.modifiable(self.expr(stmt.expr), stmt.expr)
            op = "add" if "+" in stmt.op else "sub"
            one = self.convert(n.Literal(t.INT4, "1"), target.type.params[0])
            return self.op(f"atomic_fetch_{op}", target, one)
        if isinstance(stmt, c_ast.Assignment):
            ops = {"+": "add", "-": "sub", "*": "mul", "/": "div", "&": "and", "|": "or",
                   "^": "xor", "<<": "shl", ">>": "shr"}  # fmt: skip
            target = self.modifiable(self.expr(stmt.lvalue), stmt.lvalue)
            ty = target.type.params[0]
            if stmt.op != "=" and stmt.op[:-1] in ops:
                value = self.value(stmt.rvalue)
                return self.op(f"atomic_fetch_{ops[stmt.op[:-1]]}", target, self.convert(value, ty))
            rhs = stmt.rvalue
            if stmt.op == "=" and isinstance(rhs, c_ast.BinaryOp) and rhs.op in ops:
                same = self.same_lvalue(rhs.left, stmt.lvalue)
                commutes = rhs.op in ("+", "*", "&", "|", "^")
                if same or (commutes and self.same_lvalue(rhs.right, stmt.lvalue)):
                    other = rhs.right if same else rhs.left
                    value = self.value(other)
                    return self.op(f"atomic_fetch_{ops[rhs.op]}", target, self.convert(value, ty))
        raise pragma_error(
            "'#pragma omp atomic' supports only update statements (x op= e, x++, x = x op e)",
            d.node,
        )

    @staticmethod
    def same_lvalue(a: c_ast.Node, b: c_ast.Node) -> bool:
        from pycparser.c_generator import CGenerator

        gen = CGenerator()
        return gen.visit(a) == gen.visit(b)

    # ------------------------------------------------------ clause values
    def clause_expr(self, text: str, d: Directive) -> c_ast.Node:
        from pycparser import c_parser

        try:
            ast = c_parser.CParser().parse(f"void __clause(void) {{ ({text}); }}", "<clause>")
        except Exception:
            raise pragma_error(f"malformed expression '{text}' in OpenMP clause", d.node) from None
        expr = ast.ext[0].body.block_items[0]
        _set_coords(expr, d.node.coord)
        return expr

    def clause_value(self, text: str, d: Directive) -> n.Node:
        return self.value(self.clause_expr(text, d))

    def clause_scalar(self, text: str, d: Directive) -> n.Node:
        return self.scalar(self.clause_expr(text, d))


def _set_coords(node: c_ast.Node, coord) -> None:
    stack = [node]
    while stack:
        x = stack.pop()
        x.coord = coord
        stack.extend(c for _, c in x.children())
