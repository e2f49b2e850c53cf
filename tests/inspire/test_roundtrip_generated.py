"""Property: every generated valid program verifies and round-trips to the identical node.

The generator builds programs from the node API (not from text): scalar locals
with arithmetic, loops, branches, switches, helper functions (plain and
recursive), task spawns with closures, merges on single groups and merge_all,
structs and globals; names are drawn to include format keywords and builtin
names so that escaping is exercised.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t

from inspirec import inspire

SCALARS = [t.INT4, t.INT8, t.int_type(2, signed=False), t.REAL8, t.CHAR]
NAMES = ["x", "y", "n", "acc", "init", "job", "merge", "add", "var", "lit", "i_1", "_t"]
B = inspire.builtin
ONE = n.Literal(t.INT4, "1")
ZERO = n.Literal(t.INT4, "0")


def literal(draw, ty):
    if ty is t.REAL8:
        return n.Literal(ty, draw(st.sampled_from(["0.5", "1.0", "2.25", "-3.5"])))
    if ty is t.CHAR:
        return n.Literal(ty, draw(st.sampled_from(["'a'", "'\\n'", "'z'"])))
    return n.Literal(ty, str(draw(st.integers(0, 1000))))


class Gen:
    def __init__(self, draw, helpers):
        self.draw = draw
        self.helpers = helpers  # LambdaExprs callable from bodies
        self.counter = 0

    def fresh(self):
        self.counter += 1
        return f"{self.draw(st.sampled_from(NAMES))}{self.counter}"

    def expr(self, ty, scope, depth):
        draw = self.draw
        candidates = [v for v in scope if v.type.params[0] is ty]
        choice = draw(st.integers(0, 4 if depth > 0 else 1))
        if choice == 0 or (choice == 1 and not candidates):
            return literal(draw, ty)
        if choice == 1:
            return inspire.make_call(B("ref_deref"), (draw(st.sampled_from(candidates)),))
        if choice == 2:
            op = draw(st.sampled_from(["add", "sub", "mul"]))
            return inspire.make_call(
                B(op), (self.expr(ty, scope, depth - 1), self.expr(ty, scope, depth - 1))
            )
        if choice == 3:
            other = draw(st.sampled_from(SCALARS))
            return n.CastExpr(ty, self.expr(other, scope, depth - 1))
        cond = self.cond(scope, depth - 1)
        return inspire.make_call(
            B("ite"), (cond, self.expr(ty, scope, depth - 1), self.expr(ty, scope, depth - 1))
        )

    def cond(self, scope, depth):
        ty = self.draw(st.sampled_from(SCALARS))
        op = self.draw(st.sampled_from(["lt", "eq", "ne", "ge"]))
        return inspire.make_call(B(op), (self.expr(ty, scope, depth), self.expr(ty, scope, depth)))

    def block(self, scope, depth, in_loop=False):
        scope = list(scope)
        stmts = []
        for _ in range(self.draw(st.integers(0, 4))):
            stmts.extend(self.stmt(scope, depth, in_loop))
        return n.CompoundStmt(tuple(stmts))

    def stmt(self, scope, depth, in_loop):
        draw = self.draw
        kind = draw(st.integers(0, 9 if depth > 0 else 2))
        if kind == 0:
            ty = draw(st.sampled_from(SCALARS))
            var = n.Variable(t.ref(ty), self.fresh())
            init = self.expr(ty, scope, 2) if draw(st.booleans()) else n.Undefined(ty)
            scope.append(var)
            return [n.DeclStmt(n.Declaration(var.type, init), var)]
        if kind in (1, 2):
            if not scope:
                return [
                    inspire.make_call(B("merge_all"), (), n.Loc("gen.c", draw(st.integers(1, 99))))
                ]
            v = draw(st.sampled_from(scope))
            op = draw(st.sampled_from(["assign", "assign_add", "post_inc"]))
            args = (v,) if op == "post_inc" else (v, self.expr(v.type.params[0], scope, 2))
            if op == "assign_add" and v.type.params[0] is t.CHAR:
                op, args = "assign", (v, self.expr(t.CHAR, scope, 1))
            return [inspire.make_call(B(op), args)]
        if kind == 3:
            return [
                n.IfStmt(
                    self.cond(scope, 1),
                    self.block(scope, depth - 1, in_loop),
                    self.block(scope, depth - 1, in_loop),
                )
            ]
        if kind == 4:
            return [
                n.WhileStmt(
                    self.cond(scope, 1),
                    self.block(scope, depth - 1, True),
                    n.Loc("gen.c", 3),
                    self.draw(st.sampled_from([(), ("ivdep",), ("unroll 4", "ivdep")])),
                )
            ]
        if kind == 5:
            i = n.Variable(t.ref(t.INT4), self.fresh())
            init = n.CompoundStmt((n.DeclStmt(n.Declaration(i.type, ZERO), i),))
            cond = inspire.make_call(
                B("lt"), (inspire.make_call(B("ref_deref"), (i,)), n.Literal(t.INT4, "10"))
            )
            step = n.CompoundStmt((inspire.make_call(B("pre_inc"), (i,)),))
            hints = self.draw(st.sampled_from([(), ("unroll 0",), ("unroll 65534",)]))
            body = self.block([*scope, i], depth - 1, True)
            return [n.ForStmt(init, cond, step, body, gcc=hints)]
        if kind == 6:
            return [self.spawn(scope, depth)]
        if kind == 7 and self.helpers:
            h = draw(st.sampled_from(self.helpers))
            args = [self.expr(p, scope, 1) for p in h.type.params]
            return [inspire.make_call(h, args, n.Loc("gen.c", 7))]
        if kind == 8:
            body = [
                n.CaseLabel(ONE),
                *self.block(scope, 0).stmts,
                n.BreakStmt(),
                n.CaseRangeLabel(n.Literal(t.INT4, "-3"), n.Literal(t.INT4, "0")),
                n.DefaultLabel(),
            ]
            return [n.SwitchStmt(self.expr(t.INT4, scope, 1), n.CompoundStmt(tuple(body)))]
        if in_loop and kind == 9:
            return [draw(st.sampled_from([n.BreakStmt(), n.ContinueStmt()]))]
        return [inspire.make_call(B("merge_all"), ())]

    def spawn(self, scope, depth):
        captures, inner = [], []
        for v in scope[: self.draw(st.integers(0, 3))]:
            by_ref = self.draw(st.booleans())
            if by_ref:
                cv = n.Variable(v.type, v.name)
                captures.append(n.DeclStmt(n.Declaration(v.type, v), cv))
            else:
                cv = n.Variable(v.type, v.name)
                captures.append(
                    n.DeclStmt(n.Declaration(v.type, inspire.make_call(B("ref_deref"), (v,))), cv)
                )
            inner.append(cv)
        body = self.block(inner, depth - 1)
        closure = n.BindExpr(t.function([], t.UNIT), (), tuple(captures), body)
        job = n.JobExpr(t.JOB, ONE, ONE, closure, ONE, ZERO)
        spawn = inspire.make_call(B("parallel"), (job,), n.Loc("gen.c", 11))
        if self.draw(st.booleans()):
            return inspire.make_call(B("merge"), (spawn,))
        return spawn


def function(name, params, result, body_fn, recursive=False):
    fn_type = t.function([p for _, p in params], result)
    ref = n.LambdaReference(fn_type, name)
    pvars = tuple(n.Variable(t.ref(p), pname) for pname, p in params)
    lam = n.Lambda(fn_type, pvars, body_fn(list(pvars), ref), n.Loc("gen.c", 1))
    definition = n.LambdaDefinition((n.LambdaBinding(ref, lam),))
    return n.LambdaExpr(fn_type, ref, definition)


@st.composite
def programs(draw):
    g = Gen(draw, [])
    helpers = []
    for k in range(draw(st.integers(0, 2))):
        recursive = draw(st.booleans())

        def body(scope, ref, recursive=recursive):
            stmts = list(g.block(scope, 2).stmts)
            if recursive:
                stop = inspire.make_call(
                    B("lt"), (inspire.make_call(B("ref_deref"), (scope[0],)), ONE)
                )
                rec_call = inspire.make_call(
                    ref,
                    [
                        inspire.make_call(
                            B("sub"), (inspire.make_call(B("ref_deref"), (scope[0],)), ONE)
                        )
                    ],
                )
                stmts.append(
                    n.IfStmt(stop, n.CompoundStmt((n.ReturnStmt(ZERO),)), n.CompoundStmt(()))
                )
                stmts.append(rec_call)
            stmts.append(n.ReturnStmt(ZERO))
            return n.CompoundStmt(tuple(stmts))

        helpers.append(function(f"helper{k}", [("n", t.INT4)], t.INT4, body, recursive))
        g.helpers = list(helpers)

    def main_body(scope, ref):
        return n.CompoundStmt((*g.block([], 3).stmts, n.ReturnStmt(ZERO)))

    entry = function("main", [], t.INT4, main_body)
    counter = n.Global(t.ref(t.INT8), "counter")
    glob = n.GlobalDecl(counter, n.Literal(t.INT8, "5"), draw(st.sampled_from(["", "static"])))
    struct = n.StructDecl("struct", "pair", (n.Field(t.INT4, "a"), n.Field(t.REAL8, "b")))
    return n.Program((struct,), (glob,), entry, ("<stdio.h>",))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_generated_programs_verify_and_round_trip(program):
    assert inspire.verify(program) == []
    text = inspire.print_program(program)
    assert inspire.parse(text) is program
