"""The IR verifier: well-formedness and typing of a whole program.

:func:`verify` returns the list of problems (empty when the program is
valid); :func:`check` raises :class:`~inspire.errors.VerificationError`.  Each
problem names the address of the offending node and the rule it breaks.
Checked rules:

* every type is well formed; builtins carry their table signature;
* every call's type is its callee's result; non-builtin arguments are
  Declarations of the canonical ``ref<param>`` type; builtin arguments fit
  the signature;
* declarations: slot type equals the init type or is ``ref`` of it; a
  DeclStmt's variable has the slot type;
* variables are used only where bound (lexically), with the bound type; a
  ``bind`` body uses only its captures and parameters (closures are closed);
  lambda references are bound by an enclosing definition;
* run-time extents (``array<T,[e]>``): every extent is an integer
  expression whose variables are bound wherever the type occurs (inside a
  ``bind`` body: captured); function types, struct members and globals
  have no run-time extents; a lambda parameter may refine its function
  type's ``array<T,*>`` with extents over the earlier parameters;
* lambda parameters are ``ref<P>`` for each parameter type P; returns match
  the result type; ``break``/``continue``/``case``/``default`` sit inside a
  loop or switch; every ``goto`` has its label in the same function, labels
  are unique per function;
* jobs have integer bounds and a ``() -> unit`` body; conditions are scalar;
* program: unique struct, global and function names; struct members are
  complete types; globals are ``ref`` typed.

Shared function definitions are verified once, so the cost follows the DAG.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspirec.inspire.address import Address
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.errors import VerificationError
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
    Literal,
    Node,
    Program,
    ReturnStmt,
    SizeOf,
    SwitchStmt,
    Type,
    Undefined,
    Variable,
    WhileStmt,
)
from inspirec.inspire.sizes import SizeError, layout, struct_table
from inspirec.inspire.typecheck import IRTypeError, argument_slot_type, call_result
from inspirec.inspire.types import (
    UNIT,
    element,
    erase,
    extents,
    is_generic,
    is_integer,
    is_scalar,
    is_variably_modified,
    ref,
    strip_volatile,
    type_str,
    well_formed_error,
)


@dataclass
class _Function:
    """Per-function context: result type and labels."""

    result: Type
    labels: set[str] = field(default_factory=set)
    gotos: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)


class _Verifier:
    def __init__(self, program: Program):
        self.program = program
        self.structs = struct_table(program)
        self.problems: list[str] = []
        self.done_definitions: set[int] = set()
        self.global_types: dict[str, Type] = {}
        self.checked_types: set[int] = set()
        self.static_types: set[int] = set()

    def problem(self, path: tuple[int, ...], message: str) -> None:
        addr = "-".join(["0", *map(str, path)])
        self.problems.append(f"{addr}: {message}")

    # ---------------------------------------------------------------- program
    def run(self) -> list[str]:
        p = self.program
        seen_structs: set[tuple[str, str]] = set()
        for i, s in enumerate(p.structs):
            key = (s.tag, s.name)
            if key in seen_structs:
                self.problem((i,), f"{s.tag} {s.name} is defined twice")
            seen_structs.add(key)
            for j, f in enumerate(s.fields):
                self.check_type((i, j), f.type)
                if is_variably_modified(f.type):
                    self.problem((i, j), f"member {f.name} has a run-time extent")
                try:
                    layout(f.type, self.structs)
                except SizeError as e:
                    last = j == len(s.fields) - 1 and is_generic(f.type, "array")
                    if not last:
                        self.problem((i, j), f"member {f.name}: {e}")
        n_structs = len(p.structs)
        for i, g in enumerate(p.globals):
            path = (n_structs + i,)
            name = g.var.name
            if name in self.global_types:
                self.problem(path, f"global {name} is defined twice")
            self.global_types[name] = g.var.type
            if not is_generic(g.var.type, "ref"):
                self.problem(path, f"global {name} must have a ref<...> type")
        for i, g in enumerate(p.globals):
            path = (n_structs + i,)
            self.check_type(path, g.var.type)
            if is_variably_modified(g.var.type):
                self.problem(path, f"global {g.var.name} has a run-time extent")
            self.expr((*path, 1), g.init, scope=None, fn=None)
            if is_generic(g.var.type, "ref") and g.init.type is not strip_volatile(
                g.var.type.params[0]
            ):
                self.problem(
                    path, f"global {g.var.name}: initialiser has type {type_str(g.init.type)}"
                )
        entry_path = (n_structs + len(p.globals),)
        self.expr(entry_path, p.entry, scope=None, fn=None)
        self.check_function_names()
        return self.problems

    def check_function_names(self) -> None:
        names: dict[str, int] = {}
        for n in self.program.walk():
            if isinstance(n, LambdaDefinition):
                for b in n.bindings:
                    other = names.setdefault(b.reference.name, id(n))
                    if other != id(n):
                        self.problems.append(
                            f"0: two different functions are named {b.reference.name}"
                        )

    def check_type(self, path: tuple[int, ...], t: Type) -> None:
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
        for e in extents(t):
            self.expr(path, e, scope, fn)

    # ------------------------------------------------------------ statements
    def stmt(self, path, s: Node, scope: list[dict], fn: _Function, ctx: frozenset[str]) -> None:
        if isinstance(s, CompoundStmt):
            scope.append({})
            for i, c in enumerate(s.stmts):
                self.stmt((*path, i), c, scope, fn, ctx)
            scope.pop()
        elif isinstance(s, DeclStmt):
            scope[-1][s.var.name] = s.var  # in scope in its own initialiser, as in C
            self.declaration((*path, 0), s.decl, scope, fn)
            if s.var.type is not s.decl.type:
                self.problem(path, f"variable {s.var.name} has a type other than its declaration")
        elif isinstance(s, IfStmt):
            self.condition((*path, 0), s.cond, scope, fn)
            self.stmt((*path, 1), s.then, scope, fn, ctx)
            self.stmt((*path, 2), s.else_, scope, fn, ctx)
        elif isinstance(s, WhileStmt):
            self.condition((*path, 0), s.cond, scope, fn)
            self.stmt((*path, 1), s.body, scope, fn, ctx | {"loop"})
        elif isinstance(s, DoWhileStmt):
            self.stmt((*path, 0), s.body, scope, fn, ctx | {"loop"})
            self.condition((*path, 1), s.cond, scope, fn)
        elif isinstance(s, ForStmt):
            scope.append({})
            for i, c in enumerate(s.init.stmts):
                self.stmt((*path, 0, i), c, scope, fn, ctx)
            self.condition((*path, 1), s.cond, scope, fn)
            self.stmt((*path, 2), s.step, scope, fn, ctx)
            self.stmt((*path, 3), s.body, scope, fn, ctx | {"loop"})
            scope.pop()
        elif isinstance(s, SwitchStmt):
            self.expr((*path, 0), s.expr, scope, fn)
            if not is_integer(s.expr.type):
                self.problem(path, "switch on a non-integer value")
            self.stmt((*path, 1), s.body, scope, fn, ctx | {"switch"})
        elif isinstance(s, CaseLabel | DefaultLabel):
            if "switch" not in ctx:
                self.problem(
                    path, f"{'case' if isinstance(s, CaseLabel) else 'default'} outside a switch"
                )
        elif isinstance(s, ReturnStmt):
            self.expr((*path, 0), s.value, scope, fn)
            if fn is not None and s.value.type is not fn.result:
                self.problem(
                    path,
                    f"return of {type_str(s.value.type)} in a function returning "
                    f"{type_str(fn.result)}",
                )
        elif isinstance(s, BreakStmt):
            if not ctx & {"loop", "switch"}:
                self.problem(path, "break outside a loop or switch")
        elif isinstance(s, ContinueStmt):
            if "loop" not in ctx:
                self.problem(path, "continue outside a loop")
        elif isinstance(s, GotoStmt):
            fn.gotos.append((s.label, path))
        elif isinstance(s, LabelStmt):
            if s.label in fn.labels:
                self.problem(path, f"label {s.label} is defined twice")
            fn.labels.add(s.label)
        else:
            self.expr(path, s, scope, fn)

    def condition(self, path, e: Node, scope, fn) -> None:
        self.expr(path, e, scope, fn)
        if not is_scalar(e.type):
            self.problem(path, f"condition of type {type_str(e.type)} is not scalar")

    def function_body(self, path, params, body: CompoundStmt, result: Type, scope) -> None:
        fn = _Function(result)
        frame = {p.name: p for p in params}
        self.stmt(path, body, [*scope, frame], fn, frozenset())
        for label, gpath in fn.gotos:
            if label not in fn.labels:
                self.problem(gpath, f"goto to undefined label {label}")

    # ----------------------------------------------------------- expressions
    def declaration(self, path, d: Declaration, scope, fn) -> None:
        self.check_type(path, d.type)
        self.check_extents(path, d.type, scope, fn)
        self.expr((*path, 1), d.init, scope, fn)
        t, it = d.type, d.init.type
        if t is not it and not (is_generic(t, "ref") and strip_volatile(t.params[0]) is it):
            self.problem(
                path,
                f"declaration of type {type_str(t)} initialised with {type_str(it)} "
                "(must be the same type or its ref)",
            )

    def expr(self, path, e: Node, scope: list[dict] | None, fn: _Function | None) -> None:
        if isinstance(e, Type):
            self.check_type(path, e)
            return
        t = getattr(e, "type", None)
        if isinstance(t, Type):
            self.check_type((*path, 0), t)
            if not isinstance(e, Builtin | LambdaExpr | LambdaReference | Global):
                self.check_extents((*path, 0), t, scope, fn)
        if isinstance(e, SizeOf):
            self.check_type((*path, 1), e.target)
            self.check_extents((*path, 1), e.target, scope, fn)
            return
        if isinstance(e, Literal | Undefined):
            return
        if isinstance(e, Variable):
            bound = None
            for frame in reversed(scope or []):
                if e.name in frame:
                    bound = frame[e.name]
                    break
            if bound is None:
                self.problem(path, f"variable {e.name} is not bound here")
            elif bound is not e:
                self.problem(
                    path,
                    f"variable {e.name} used with type {type_str(e.type)} but bound with "
                    f"{type_str(bound.type)}",
                )
            return
        if isinstance(e, Global):
            known = self.global_types.get(e.name)
            if known is not None and known is not e.type:
                self.problem(path, f"global {e.name} used with type {type_str(e.type)}")
            return
        if isinstance(e, Builtin):
            info = BUILTINS.get(e.name)
            if info is None:
                self.problem(path, f"unknown builtin {e.name}")
            elif e.type is not info.type:
                self.problem(
                    path, f"builtin {e.name} has type {type_str(e.type)}, not its signature"
                )
            return
        if isinstance(e, Declaration):
            self.declaration(path, e, scope, fn)
            return
        if isinstance(e, CallExpr):
            self.call(path, e, scope, fn)
            return
        if isinstance(e, CastExpr):
            self.expr((*path, 1), e.expr, scope, fn)
            src, dst = strip_volatile(e.expr.type), strip_volatile(e.type)
            if not (dst is src or dst is UNIT or (is_scalar(src) and is_scalar(dst))):
                self.problem(path, f"cannot cast {type_str(src)} to {type_str(dst)}")
            return
        if isinstance(e, InitExpr):
            if e.designators and len(e.designators) != len(e.values):
                self.problem(path, "initialiser designators and values differ in number")
            for i, v in enumerate(e.values):
                self.expr((*path, 1 + i), v, scope, fn)
            return
        if isinstance(e, LambdaReference):
            if not any(e.name in frame and frame[e.name] is e for frame in scope or []):
                self.problem(
                    path, f"lambda reference {e.name} is not bound by an enclosing definition"
                )
            return
        if isinstance(e, LambdaExpr):
            self.lambda_expr(path, e, scope)
            return
        if isinstance(e, BindExpr):
            self.bind(path, e, scope, fn)
            return
        if isinstance(e, JobExpr):
            for i, c in ((1, e.lo), (2, e.hi), (3, e.body), (4, e.if_), (5, e.final)):
                self.expr((*path, i), c, scope, fn)
            if not (is_integer(e.lo.type) and is_integer(e.hi.type)):
                self.problem(path, "job bounds must be integers")
            if (
                not isinstance(e.body.type, FunctionType)
                or e.body.type.params
                or (e.body.type.result is not UNIT)
            ):
                self.problem(path, f"job body must be () -> unit, not {type_str(e.body.type)}")
            if not (is_scalar(e.if_.type) and is_scalar(e.final.type)):
                self.problem(path, "job if/final must be scalar")
            return
        self.problem(path, f"{e.kind} is not an expression")

    def call(self, path, e: CallExpr, scope, fn) -> None:
        self.expr((*path, 1), e.function, scope, fn)
        for i, a in enumerate(e.args):
            self.expr((*path, 2 + i), a, scope, fn)
        if not isinstance(e.function, Builtin):
            fn_type = strip_volatile(e.function.type)
            if not isinstance(fn_type, FunctionType):
                self.problem(path, f"call of a non-function of type {type_str(fn_type)}")
                return
            for i, a in enumerate(e.args):
                if not isinstance(a, Declaration):
                    self.problem(
                        (*path, 2 + i), "argument of a non-builtin call is not a Declaration"
                    )
                elif a.type is not argument_slot_type(fn_type, i, a.init.type):
                    self.problem(
                        (*path, 2 + i),
                        f"argument slot of type {type_str(a.type)}, expected "
                        f"{type_str(argument_slot_type(fn_type, i, a.init.type))}",
                    )
        try:
            expected = call_result(e.function, e.args, self.structs, e.type)
        except IRTypeError as err:
            self.problem(path, str(err))
            return
        if expected is not e.type:
            self.problem(path, f"call has type {type_str(e.type)}, expected {type_str(expected)}")

    def lambda_expr(self, path, e: LambdaExpr, scope) -> None:
        d = e.definition
        if e.type is not e.reference.type:
            self.problem(path, f"function {e.reference.name}: type differs from its reference")
        if not any(b.reference is e.reference for b in d.bindings):
            self.problem(path, f"function {e.reference.name} is not bound by its definition")
        if id(d) in self.done_definitions:
            return
        self.done_definitions.add(id(d))
        frame = {b.reference.name: b.reference for b in d.bindings}
        dpath = (*path, 2)
        for i, b in enumerate(d.bindings):
            lam: Lambda = b.lambda_
            bpath = (*dpath, i, 1)
            if lam.type is not b.reference.type:
                self.problem(
                    bpath, f"function {b.reference.name}: lambda type differs from reference"
                )
            if len(lam.params) != len(lam.type.params):
                self.problem(bpath, f"function {b.reference.name}: parameter count mismatch")
            self.check_extents(bpath, lam.type, [frame], None)
            for j, (v, pt) in enumerate(zip(lam.params, lam.type.params, strict=False)):
                if not is_generic(v.type, "ref") or erase(element(v.type)) is not pt:
                    self.problem((*bpath, 1 + j), f"parameter {v.name} must have type ref<{pt}>")
                else:
                    earlier = {p.name: p for p in lam.params[:j]}
                    self.check_extents((*bpath, 1 + j), v.type, [frame, earlier], None)
            self.function_body(
                (*bpath, 1 + len(lam.params)), lam.params, lam.body, lam.type.result, [frame]
            )

    def bind(self, path, e: BindExpr, scope, fn) -> None:
        n_params = len(e.params)
        captured = {}
        for i, c in enumerate(e.captures):
            cpath = (*path, 1 + n_params + i)
            self.declaration((*cpath, 0), c.decl, scope, fn)
            if c.var.type is not c.decl.type:
                self.problem(cpath, f"capture {c.var.name} has a type other than its declaration")
            captured[c.var.name] = c.var
        for j, (v, pt) in enumerate(zip(e.params, e.type.params, strict=False)):
            if v.type is not ref(pt):
                self.problem((*path, 1 + j), f"parameter {v.name} must have type ref<{pt}>")
        if len(e.params) != len(e.type.params):
            self.problem(path, "bind parameter count differs from its type")
        # Closed: only lambda references of enclosing definitions survive.
        outer_refs = [
            {k: v for k, v in frame.items() if isinstance(v, LambdaReference)}
            for frame in scope or []
        ]
        self.function_body(
            (*path, 1 + n_params + len(e.captures)),
            [*e.params, *captured.values()],
            e.body,
            e.type.result,
            outer_refs,
        )


def verify(program: Program) -> list[str]:
    """All problems of ``program`` (empty when it is valid)."""
    return _Verifier(program).run()


def check(program: Program) -> Program:
    """Verify ``program``; raise :class:`VerificationError` listing the problems."""
    problems = verify(program)
    if problems:
        raise VerificationError(problems)
    return program


def problem_address(program: Program, problem: str) -> Address:
    """The address a problem message refers to."""
    return Address.parse(program, problem.split(":", 1)[0])
