"""The IR verifier: well-formedness and typing of a whole program.

:func:`verify` returns the list of problems (empty when the program is
valid); :func:`check` raises :class:`~inspire.errors.VerificationError`.  Each
problem names the address of the offending node and the rule it breaks;
:func:`located_problems` gives the :class:`~inspire.address.Address` itself,
which :class:`inspire.parser.SourceMap` turns into a line and column of the
IR text the program was parsed from.
Checked rules:

* every type is well formed; builtins carry their table signature;
* every call's type is its callee's result; non-builtin arguments are
  Declarations of the canonical ``ref<param>`` type; builtin arguments fit
  the signature;
* variables are used only where bound (lexically), with the bound type; a
  ``bind`` body uses only its captures and parameters (closures are closed);
  lambda references are bound by an enclosing definition;
* run-time extents (``array<T,[e]>``): every extent is an integer
  expression whose variables are bound wherever the type occurs (inside a
  ``bind`` body: captured); function types, struct members and globals
  have no run-time extents; a lambda parameter may refine its function
  type's ``array<T,*>`` with extents over the earlier parameters;
* lambda parameters are ``ref<P>`` for each parameter type P (or a qualified
  P: a function type has no parameter qualifiers); returns match
  the result type; ``break``/``continue``/``case``/``default`` sit inside a
  loop or switch; every ``goto`` has its label in the same function, labels
  are unique per function;
* jobs have integer bounds; conditions are scalar;
* program: unique struct, global and function names; struct members are
  complete types; globals are ``ref`` typed.

Rules that need only a node and its children (declaration slot types, a
DeclStmt's variable type, job bodies ``() -> unit``, parameter counts,
closure parameter types, lambda types against their references) are checked
when the node is built (:meth:`inspire.node.Node.verify`); this module keeps
what needs scopes or the whole program.

Shared function definitions are verified once, so the cost follows the DAG.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspirec.inspire.address import Address
from inspirec.inspire.asm import labels_of as asm_labels
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.data import data_fits, spellings
from inspirec.inspire.deep import deep_call
from inspirec.inspire.errors import VerificationError
from inspirec.inspire.labels import addressed_label, own_labels
from inspirec.inspire.lambdas import Scope
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
    FunctionType,
    Global,
    GotoStmt,
    IfStmt,
    InitExpr,
    JobExpr,
    LabelStmt,
    Lambda,
    LambdaDefinition,
    LambdaExpr,
    LambdaReference,
    Node,
    Program,
    ReturnStmt,
    SizeOf,
    StmtExpr,
    SwitchStmt,
    Type,
    Variable,
    VlaType,
    WhileStmt,
)
from inspirec.inspire.sizes import SizeError, layout, struct_table
from inspirec.inspire.syntax import NUMBER_RE
from inspirec.inspire.typecheck import IRTypeError, argument_slot_type, call_result
from inspirec.inspire.types import (
    UNIT,
    element,
    erase,
    is_arithmetic,
    is_generic,
    is_integer,
    is_ref,
    is_scalar,
    is_variably_modified,
    reinterprets,
    strip_qualifiers,
    type_str,
    well_formed_error,
)
from inspirec.inspire.visitor import StrictVisitor


@dataclass
class _Function:
    """Per-function context: result type and labels."""

    result: Type
    labels: set[str] = field(default_factory=set)
    gotos: list[tuple[str, Address]] = field(default_factory=list)
    addressed: list[tuple[str, Address]] = field(default_factory=list)  # &&label


class _Verifier(StrictVisitor):
    """Checks one program; one visit method per node kind (see "dispatch" below)."""

    def __init__(self, program: Program):
        self.program = program
        self.structs = struct_table(program)
        self.problems: list[tuple[Address, str]] = []
        self.done_definitions: set[int] = set()
        self.global_types: dict[str, Type] = {}
        self.checked_types: set[int] = set()
        self.static_types: set[int] = set()
        #: (function, label, where) of each label address a global's initialiser takes
        self.table_labels: list[tuple[str, str, Address]] = []

    def problem(self, at: Address, message: str) -> None:
        self.problems.append((at, message))

    # ---------------------------------------------------------------- program
    def run(self) -> list[tuple[Address, str]]:
        p = self.program
        root = Address.root_of(p)
        no_locals = Scope({})
        seen_structs: set[tuple[str, str]] = set()
        for i, s in enumerate(p.structs):
            spath = root.child(f"structs[{i}]")
            key = (s.tag, s.name)
            if key in seen_structs:
                self.problem(spath, f"{s.tag} {s.name} is defined twice")
            seen_structs.add(key)
            for j, f in enumerate(s.fields):
                fpath = spath.child(f"fields[{j}]")
                self.check_type(fpath, f.type)
                if is_variably_modified(f.type):
                    self.problem(fpath, f"member {f.name} has a run-time extent")
                try:
                    layout(f.type, self.structs)
                except SizeError as e:
                    last = j == len(s.fields) - 1 and is_generic(f.type, "array")
                    if not last:
                        self.problem(fpath, f"member {f.name}: {e}")
        for i, g in enumerate(p.globals):
            path = root.child(f"globals[{i}]")
            name = g.var.name
            if name in self.global_types:
                self.problem(path, f"global {name} is defined twice")
            self.global_types[name] = g.var.type
            if not is_generic(g.var.type, "ref"):
                self.problem(path, f"global {name} must have a ref<...> type")
        for i, g in enumerate(p.globals):
            path = root.child(f"globals[{i}]")
            self.check_type(path, g.var.type)
            if is_variably_modified(g.var.type):
                self.problem(path, f"global {g.var.name} has a run-time extent")
            self.expr(path.child("init"), g.init, no_locals, None)
            if is_generic(g.var.type, "ref") and g.init.type is not strip_qualifiers(
                g.var.type.params[0]
            ):
                self.problem(
                    path, f"global {g.var.name}: initialiser has type {type_str(g.init.type)}"
                )
        self.expr(root.child("entry"), p.entry, no_locals, None)
        self.check_function_names()
        self.check_label_tables()
        return self.problems

    def check_label_tables(self) -> None:
        """Each label a global's initialiser takes the address of is a label
        of its function's own body (:mod:`inspire.labels`)."""
        bodies = {
            b.reference.name: b.lambda_.body
            for x in self.program.walk()
            if isinstance(x, LambdaDefinition)
            for b in x.bindings
        }
        defined: dict[str, set[str]] = {}  # per function, once: a table names many
        for function, label, path in self.table_labels:
            body = bodies.get(function)
            if body is None:
                self.problem(path, f"address of a label of {function}, which is not defined")
                continue
            if function not in defined:
                defined[function] = set(own_labels(body))
            if label not in defined[function]:
                self.problem(path, f"address of undefined label {label} of {function}")

    def check_function_names(self) -> None:
        names: dict[str, int] = {}
        for n in self.program.walk():
            if isinstance(n, LambdaDefinition):
                for b in n.bindings:
                    other = names.setdefault(b.reference.name, id(n))
                    if other != id(n):
                        self.problem(
                            Address.root_of(self.program),
                            f"two different functions are named {b.reference.name}",
                        )

    def check_type(self, path: Address, t: Type) -> None:
        if id(t) in self.checked_types:
            return
        self.checked_types.add(id(t))
        err = well_formed_error(t)
        if err:
            self.problem(path, f"malformed type {type_str(t)}: {err}")

    def check_extents(self, path, t: Type, scope, fn) -> None:
        """The run-time extents in ``t`` are well-typed expressions bound in ``scope``."""
        if id(t) in self.static_types:
            return
        if not is_variably_modified(t):
            self.static_types.add(id(t))
            return
        if isinstance(t, FunctionType):
            self.problem(path, f"function type {type_str(t)} has a run-time extent")
            return
        for at in _extent_addresses(path):
            self.expr(at, at.node, scope, fn)

    # ------------------------------------------------------------ dispatch
    # ``visit(node, path, scope, fn, ctx)``: ``path`` is the node's address
    # (built from child labels), ``scope`` the names bound there (a
    # ``Scope``), ``fn`` the enclosing function (None outside one), ``ctx``
    # the enclosing statement kinds ("loop", "switch").

    def stmt(self, path, s: Node, scope: Scope, fn: _Function, ctx: frozenset[str]) -> None:
        if isinstance(s, Expr):
            self.expr(path, s, scope, fn)
        else:
            self.visit(s, path, scope, fn, ctx)

    def expr(self, path, e: Node, scope: Scope, fn: _Function | None) -> None:
        if isinstance(e, Type):
            self.check_type(path, e)
            return
        if not isinstance(e, Expr):
            self.problem(path, f"{e.kind} is not an expression")
            return
        t = e.type
        tpath = path.child("type")
        self.check_type(tpath, t)
        if not isinstance(e, Builtin | LambdaExpr | LambdaReference | Global):
            self.check_extents(tpath, t, scope, fn)
        self.visit(e, path, scope, fn, frozenset())

    def _misplaced(self, node: Node, path, scope, fn, ctx) -> None:
        self.problem(path, f"{node.kind} is not an expression")

    visit_Lambda = visit_LambdaBinding = visit_LambdaDefinition = _misplaced
    visit_Field = visit_StructDecl = visit_GlobalDecl = visit_Program = _misplaced
    visit_SimdReduction = _misplaced

    def _type(self, t: Type, path, scope, fn, ctx) -> None:
        self.check_type(path, t)

    visit_GenericType = visit_VlaType = visit_TagType = visit_FunctionType = _type
    visit_TypeVariable = _type

    # ------------------------------------------------------------ statements
    def visit_CompoundStmt(self, s: CompoundStmt, path, scope, fn, ctx) -> None:
        scope.push()
        for i, c in enumerate(s.stmts):
            self.stmt(path.child(f"stmts[{i}]"), c, scope, fn, ctx)
        scope.pop()

    def visit_DeclStmt(self, s: DeclStmt, path, scope, fn, ctx) -> None:
        scope.bind(s.var)  # in scope in its own initialiser, as in C
        self.declaration(path.child("decl"), s.decl, scope, fn)

    def visit_IfStmt(self, s: IfStmt, path, scope, fn, ctx) -> None:
        self.condition(path.child("cond"), s.cond, scope, fn)
        self.stmt(path.child("then"), s.then, scope, fn, ctx)
        self.stmt(path.child("else_"), s.else_, scope, fn, ctx)

    def visit_WhileStmt(self, s: WhileStmt, path, scope, fn, ctx) -> None:
        self.condition(path.child("cond"), s.cond, scope, fn)
        self.stmt(path.child("body"), s.body, scope, fn, ctx | {"loop"})

    def visit_DoWhileStmt(self, s: DoWhileStmt, path, scope, fn, ctx) -> None:
        self.stmt(path.child("body"), s.body, scope, fn, ctx | {"loop"})
        self.condition(path.child("cond"), s.cond, scope, fn)

    def simd_reductions(self, loop: ForStmt | BindExpr, path, scope, fn) -> None:
        """The targets of a loop's simd reductions: arithmetic objects bound here."""
        for i, r in enumerate(loop.reductions):
            where = path.child(f"reductions[{i}]").child("target")
            self.expr(where, r.target, scope, fn)
            if not (is_ref(r.target.type) and is_arithmetic(r.target.type.params[0])):
                self.problem(where, "a simd reduction's target is not an arithmetic object")

    def visit_ForStmt(self, s: ForStmt, path, scope, fn, ctx) -> None:
        self.simd_reductions(s, path, scope, fn)
        scope.push()
        init = path.child("init")
        for i, c in enumerate(s.init.stmts):
            self.stmt(init.child(f"stmts[{i}]"), c, scope, fn, ctx)
        self.condition(path.child("cond"), s.cond, scope, fn)
        self.stmt(path.child("step"), s.step, scope, fn, ctx)
        self.stmt(path.child("body"), s.body, scope, fn, ctx | {"loop"})
        scope.pop()

    def visit_SwitchStmt(self, s: SwitchStmt, path, scope, fn, ctx) -> None:
        self.expr(path.child("expr"), s.expr, scope, fn)
        if not is_integer(s.expr.type):
            self.problem(path, "switch on a non-integer value")
        self.stmt(path.child("body"), s.body, scope, fn, ctx | {"switch"})

    def visit_CaseLabel(self, s: CaseLabel | CaseRangeLabel, path, scope, fn, ctx) -> None:
        if "switch" not in ctx:
            self.problem(path, "case outside a switch")

    visit_CaseRangeLabel = visit_CaseLabel

    def visit_DefaultLabel(self, s: DefaultLabel, path, scope, fn, ctx) -> None:
        if "switch" not in ctx:
            self.problem(path, "default outside a switch")

    def visit_ReturnStmt(self, s: ReturnStmt, path, scope, fn, ctx) -> None:
        self.expr(path.child("value"), s.value, scope, fn)
        if fn is not None and s.value.type is not fn.result:
            self.problem(
                path,
                f"return of {type_str(s.value.type)} in a function returning {type_str(fn.result)}",
            )

    def visit_BreakStmt(self, s: BreakStmt, path, scope, fn, ctx) -> None:
        if not ctx & {"loop", "switch"}:
            self.problem(path, "break outside a loop or switch")

    def visit_ContinueStmt(self, s: ContinueStmt, path, scope, fn, ctx) -> None:
        if "loop" not in ctx:
            self.problem(path, "continue outside a loop")

    def visit_GotoStmt(self, s: GotoStmt, path, scope, fn, ctx) -> None:
        fn.gotos.append((s.label, path))

    def visit_LabelStmt(self, s: LabelStmt, path, scope, fn, ctx) -> None:
        if s.label in fn.labels:
            self.problem(path, f"label {s.label} is defined twice")
        fn.labels.add(s.label)

    def condition(self, path, e: Node, scope, fn) -> None:
        self.expr(path, e, scope, fn)
        if not is_scalar(e.type):
            self.problem(path, f"condition of type {type_str(e.type)} is not scalar")

    def function_body(self, path, params, body: CompoundStmt, result: Type, refs) -> None:
        """A body that sees ``params`` and the lambda references ``refs`` only."""
        fn = _Function(result)
        scope = Scope(refs)
        for p in params:
            scope.bind(p)
        self.stmt(path, body, scope, fn, frozenset())
        for label, gpath in fn.gotos:
            if label not in fn.labels:
                self.problem(gpath, f"goto to undefined label {label}")
        for label, gpath in fn.addressed:
            if label not in fn.labels:
                self.problem(gpath, f"address of undefined label {label}")

    # ----------------------------------------------------------- expressions
    def declaration(self, path, d: Declaration, scope, fn) -> None:
        """A declaration's slot type was checked against its init when it was built."""
        self.check_type(path.child("type"), d.type)
        self.check_extents(path.child("type"), d.type, scope, fn)
        self.expr(path.child("init"), d.init, scope, fn)

    def visit_StmtExpr(self, e: StmtExpr, path, scope, fn, ctx) -> None:
        """Its body is a block of the enclosing function; no jump leaves it."""
        self.stmt(path.child("body"), e.body, scope, fn, frozenset())

    def visit_Declaration(self, e: Declaration, path, scope, fn, ctx) -> None:
        self.declaration(path, e, scope, fn)

    def visit_SizeOf(self, e: SizeOf, path, scope, fn, ctx) -> None:
        tpath = path.child("target")
        self.check_type(tpath, e.target)
        self.check_extents(tpath, e.target, scope, fn)

    def _leaf(self, e: Node, path, scope, fn, ctx) -> None:
        pass  # its type was checked by ``expr``

    visit_Literal = visit_Undefined = _leaf

    def visit_Variable(self, e: Variable, path, scope, fn, ctx) -> None:
        bound = scope.lookup(e.name)
        if bound is None:
            self.problem(path, f"variable {e.name} is not bound here")
        elif bound is not e:
            self.problem(
                path,
                f"variable {e.name} used with type {type_str(e.type)} but bound with "
                f"{type_str(bound.type)}",
            )

    def visit_Global(self, e: Global, path, scope, fn, ctx) -> None:
        known = self.global_types.get(e.name)
        if known is not None and known is not e.type:
            self.problem(path, f"global {e.name} used with type {type_str(e.type)}")

    def visit_Builtin(self, e: Builtin, path, scope, fn, ctx) -> None:
        info = BUILTINS.get(e.name)
        if info is None:
            self.problem(path, f"unknown builtin {e.name}")
        elif e.type is not info.type:
            self.problem(path, f"builtin {e.name} has type {type_str(e.type)}, not its signature")

    def visit_CastExpr(self, e: CastExpr, path, scope, fn, ctx) -> None:
        self.expr(path.child("expr"), e.expr, scope, fn)
        src, dst = strip_qualifiers(e.expr.type), strip_qualifiers(e.type)
        if not (
            dst is src
            or dst is UNIT
            or (is_scalar(src) and is_scalar(dst))
            or reinterprets(src, dst)
        ):
            self.problem(path, f"cannot cast {type_str(src)} to {type_str(dst)}")

    def visit_InitExpr(self, e: InitExpr, path, scope, fn, ctx) -> None:
        for i, v in enumerate(e.values):
            self.expr(path.child(f"values[{i}]"), v, scope, fn)

    def visit_DataInit(self, e: DataInit, path, scope, fn, ctx) -> None:
        if not data_fits(e.values, e.type, lambda tag: self.structs.get((tag.tag, tag.name))):
            self.problem(path, f"data initialiser values do not fit {type_str(e.type)}")
        bad = next((v for v in spellings(e.values) if not NUMBER_RE.fullmatch(v)), None)
        if bad is not None:
            self.problem(path, f"data initialiser value {bad!r} is not a number")

    def visit_LambdaReference(self, e: LambdaReference, path, scope, fn, ctx) -> None:
        if scope.refs.get(e.name) is not e:
            self.problem(path, f"lambda reference {e.name} is not bound by an enclosing definition")

    def visit_JobExpr(self, e: JobExpr, path, scope, fn, ctx) -> None:
        """The body's ``() -> unit`` type was checked when the job was built."""
        for label, child in e.named_children():
            if label != "type":
                self.expr(path.child(label), child, scope, fn)
        if not (is_integer(e.lo.type) and is_integer(e.hi.type)):
            self.problem(path, "job bounds must be integers")
        if not (is_scalar(e.if_.type) and is_scalar(e.final.type)):
            self.problem(path, "job if/final must be scalar")
        if not is_integer(e.priority.type):
            self.problem(path, "job priority must be an integer")
        if e.detach is not NO_DETACH and not is_integer(e.detach.type.params[0]):
            self.problem(path, "job detach must reference an integer (the event handle)")

    def visit_CallExpr(self, e: CallExpr, path, scope, fn, ctx) -> None:
        self.expr(path.child("function"), e.function, scope, fn)
        args = [path.child(f"args[{i}]") for i in range(len(e.args))]
        for apath, a in zip(args, e.args, strict=True):
            self.expr(apath, a, scope, fn)
        if not isinstance(e.function, Builtin):
            fn_type = strip_qualifiers(e.function.type)
            if not isinstance(fn_type, FunctionType):
                self.problem(path, f"call of a non-function of type {type_str(fn_type)}")
                return
            for i, (apath, a) in enumerate(zip(args, e.args, strict=True)):
                if not isinstance(a, Declaration):
                    self.problem(apath, "argument of a non-builtin call is not a Declaration")
                elif a.type is not argument_slot_type(fn_type, i, a.init.type):
                    self.problem(
                        apath,
                        f"argument slot of type {type_str(a.type)}, expected "
                        f"{type_str(argument_slot_type(fn_type, i, a.init.type))}",
                    )
        try:
            expected = call_result(e.function, e.args, self.structs, e.type)
        except IRTypeError as err:
            self.problem(path, str(err))
            return
        if fn is not None:  # an asm goto jumps like a goto to each of its labels
            fn.gotos.extend((label, path) for label in asm_labels(e))
        addressed = addressed_label(e)
        if addressed is not None and fn is not None:
            fn.addressed.append((addressed[1], path))
        elif addressed is not None:
            self.table_labels.append((*addressed, path))
        if expected is not e.type:
            self.problem(path, f"call has type {type_str(e.type)}, expected {type_str(expected)}")

    def visit_LambdaExpr(self, e: LambdaExpr, path, scope, fn, ctx) -> None:
        """Types of the expression, its reference and its lambda agree by construction."""
        d = e.definition
        if not any(b.reference is e.reference for b in d.bindings):
            self.problem(path, f"function {e.reference.name} is not bound by its definition")
        if id(d) in self.done_definitions:
            return
        self.done_definitions.add(id(d))
        refs = {b.reference.name: b.reference for b in d.bindings}
        dpath = path.child("definition")
        for i, b in enumerate(d.bindings):
            lam: Lambda = b.lambda_
            bpath = dpath.child(f"bindings[{i}]").child("lambda_")
            self.check_extents(bpath.child("type"), lam.type, Scope(refs), None)
            for j, (v, pt) in enumerate(zip(lam.params, lam.type.params, strict=True)):
                vpath = bpath.child(f"params[{j}]")
                if (
                    not is_generic(v.type, "ref")
                    or strip_qualifiers(erase(element(v.type))) is not pt
                ):
                    self.problem(vpath, f"parameter {v.name} must have type ref<{pt}>")
                else:
                    earlier = Scope(refs)
                    for p in lam.params[:j]:
                        earlier.bind(p)
                    self.check_extents(vpath.child("type"), v.type, earlier, None)
            self.function_body(bpath.child("body"), lam.params, lam.body, lam.type.result, refs)

    def visit_BindExpr(self, e: BindExpr, path, scope, fn, ctx) -> None:
        """Parameter types and count were checked when the closure was built;
        a simd hint is on the body of a ``pfor`` only."""
        if e.simd is not None:
            up = path.parent
            if not (
                up is not None
                and isinstance(up.node, CallExpr)
                and isinstance(up.node.function, Builtin)
                and up.node.function.name == "pfor"
                and path.label == f"args[{len(up.node.args) - 1}]"
            ):
                self.problem(path, "a simd hint on a closure that is not the body of a pfor")
        self.simd_reductions(e, path, scope, fn)
        for i, c in enumerate(e.captures):
            self.declaration(path.child(f"captures[{i}]").child("decl"), c.decl, scope, fn)
        # Closed: besides its parameters and captures, the body sees only the
        # lambda references of the enclosing definition.
        captured = [c.var for c in e.captures]
        self.function_body(
            path.child("body"), [*e.params, *captured], e.body, e.type.result, scope.refs
        )


def _extent_addresses(at: Address) -> list[Address]:
    """The addresses of the run-time extents of the type at ``at``, outermost first."""
    out: list[Address] = []
    stack = [at]
    while stack:
        a = stack.pop()
        if isinstance(a.node, VlaType):
            out.append(a.child("extent"))
        kids = [a.child(label) for label, c in a.node.named_children() if isinstance(c, Type)]
        stack.extend(reversed(kids))
    return out


def located_problems(program: Program) -> list[tuple[Address, str]]:
    """All problems of ``program``, each as the address of the offending node and
    the rule it breaks (empty when it is valid; at any nesting depth, see
    :mod:`inspire.deep`)."""
    return deep_call(lambda: _Verifier(program).run())


def verify(program: Program) -> list[str]:
    """All problems of ``program`` as ``address: rule`` texts (empty when it is valid)."""
    return [f"{at}: {message}" for at, message in located_problems(program)]


def check(program: Program) -> Program:
    """Verify ``program``; raise :class:`VerificationError` listing the problems."""
    problems = verify(program)
    if problems:
        raise VerificationError(problems)
    return program


def problem_address(program: Program, problem: str) -> Address:
    """The address a problem message refers to."""
    return Address.parse(program, problem.split(":", 1)[0])
