"""The verifier accepts valid programs and rejects each broken rule by address."""

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.errors import VerificationError

from inspirec import inspire

I4 = t.INT4
RI4 = t.ref(I4)
ZERO = n.Literal(I4, "0")
ONE = n.Literal(I4, "1")


def program_with_main(body_stmts, params=(), param_types=(), structs=()):
    fn_type = t.function(param_types, I4)
    lam = n.Lambda(fn_type, params, n.CompoundStmt(tuple(body_stmts)))
    ref = n.LambdaReference(fn_type, "main")
    definition = n.LambdaDefinition((n.LambdaBinding(ref, lam),))
    return n.Program(tuple(structs), (), n.LambdaExpr(fn_type, ref, definition), ())


def ret0():
    return n.ReturnStmt(ZERO)


def local(name="x", init=ZERO):
    var = n.Variable(RI4, name)
    return n.DeclStmt(n.Declaration(RI4, init), var), var


def test_valid_program_passes(fib):
    assert inspire.verify(fib) == []
    assert inspire.check(fib) is fib


def problems_of(stmts, **kw):
    return inspire.verify(program_with_main(stmts, **kw))


def test_unbound_variable():
    x = n.Variable(RI4, "x")
    probs = problems_of([inspire.make_call(inspire.builtin("ref_deref"), (x,)), ret0()])
    assert any("variable x is not bound here" in p for p in probs)
    # the reported address leads to the variable
    prog = program_with_main([inspire.make_call(inspire.builtin("ref_deref"), (x,)), ret0()])
    addr = next(p for p in inspire.verify(prog) if "not bound" in p).split(":")[0]
    assert inspire.Address.parse(prog, addr).node is x


def test_variable_used_with_another_type():
    decl, _ = local("x")
    wrong = n.Variable(t.ref(t.INT8), "x")
    probs = problems_of([decl, inspire.make_call(inspire.builtin("ref_deref"), (wrong,)), ret0()])
    assert any("used with type ref<int<8>> but bound with ref<int<4>>" in p for p in probs)


def test_return_type_mismatch():
    probs = problems_of([n.ReturnStmt(n.Literal(t.INT8, "0"))])
    assert any("return of int<8> in a function returning int<4>" in p for p in probs)


def test_break_continue_and_case_outside_their_statements():
    probs = problems_of(
        [n.BreakStmt(), n.ContinueStmt(), n.CaseLabel(ONE), n.DefaultLabel(), ret0()]
    )
    text = "\n".join(probs)
    assert "break outside a loop or switch" in text
    assert "continue outside a loop" in text
    assert "case outside a switch" in text
    assert "case outside a switch" in "\n".join(problems_of([n.CaseRangeLabel(ONE, ONE), ret0()]))
    assert "default outside a switch" in text
    loop = n.WhileStmt(ONE, n.CompoundStmt((n.BreakStmt(), n.ContinueStmt())))
    assert problems_of([loop, ret0()]) == []


def test_goto_without_label_and_duplicate_label():
    probs = problems_of([n.GotoStmt("out"), n.LabelStmt("x"), n.LabelStmt("x"), ret0()])
    assert any("goto to undefined label out" in p for p in probs)
    assert any("label x is defined twice" in p for p in probs)


def test_call_result_type_and_argument_slots():
    bad_call = n.CallExpr(t.INT8, inspire.builtin("add"), (ONE, ONE))
    probs = problems_of([bad_call, ret0()])
    assert any("call has type int<8>, expected int<4>" in p for p in probs)
    f = n.Global(t.function([I4], I4), "ext")
    raw = n.CallExpr(I4, f, (ONE,))
    assert any("is not a Declaration" in p for p in problems_of([raw, ret0()]))
    wrong_slot = n.CallExpr(I4, f, (n.Declaration(I4, ONE),))
    assert any(
        "argument slot of type int<4>, expected ref<int<4>>" in p
        for p in problems_of([wrong_slot, ret0()])
    )


def test_declaration_types_are_checked_when_built():
    with pytest.raises(n.NodeError, match=r"type ref<int<4>> initialised with int<8> \(must"):
        n.Declaration(RI4, n.Literal(t.INT8, "0"))
    with pytest.raises(n.NodeError, match="variable x has a type other than its declaration"):
        n.DeclStmt(n.Declaration(RI4, ZERO), n.Variable(t.ref(t.INT8), "x"))
    volatile_slot = t.ref(t.qualify(I4, ("volatile",)))
    assert n.Declaration(volatile_slot, ZERO).init is ZERO


def test_bind_bodies_are_closed():
    decl, x = local("x")
    body = n.CompoundStmt((inspire.make_call(inspire.builtin("ref_deref"), (x,)),))
    closure = n.BindExpr(t.function([], t.UNIT), (), (), body)
    job = n.JobExpr(t.JOB, ONE, ONE, closure, ONE, ZERO)
    spawn = inspire.make_call(inspire.builtin("parallel"), (job,))
    probs = problems_of([decl, spawn, ret0()])
    assert any("variable x is not bound here" in p for p in probs)
    # Capturing it makes the program valid.
    inner = n.Variable(RI4, "x")
    capture = n.DeclStmt(n.Declaration(RI4, x), inner)
    body_ok = n.CompoundStmt((inspire.make_call(inspire.builtin("ref_deref"), (inner,)),))
    closure_ok = n.BindExpr(t.function([], t.UNIT), (), (capture,), body_ok)
    spawn_ok = inspire.make_call(
        inspire.builtin("parallel"), (n.JobExpr(t.JOB, ONE, ONE, closure_ok, ONE, ZERO),)
    )
    assert problems_of([decl, spawn_ok, ret0()]) == []


def test_detached_jobs():
    """A job's detach is a reference to an integer (the event handle), on tasks only."""
    closure = n.BindExpr(t.function([], t.UNIT), (), (), n.CompoundStmt(()))
    decl, x = local("x")
    handle = n.Variable(t.ref(t.UINT8), "e")
    decl_e = n.DeclStmt(n.Declaration(handle.type, n.Literal(t.UINT8, "0")), handle)

    def spawn(detach):
        job = n.JobExpr(t.JOB, ONE, ONE, closure, ONE, ZERO, (), ZERO, detach)
        return inspire.make_call(inspire.builtin("parallel"), (job,))

    assert problems_of([decl, decl_e, spawn(handle), ret0()]) == []
    real = n.Variable(t.ref(t.real_type(8)), "f")
    decl_f = n.DeclStmt(n.Declaration(real.type, n.Literal(t.real_type(8), "0.0")), real)
    probs = problems_of([decl_f, spawn(real), ret0()])
    assert any("job detach must reference an integer" in p for p in probs)
    with pytest.raises(n.NodeError, match="job detach must be a reference, not int<4>"):
        n.JobExpr(t.JOB, ONE, ONE, closure, ONE, ZERO, (), ZERO, ONE)
    two = n.Literal(I4, "2")
    with pytest.raises(n.NodeError, match=r"only a task \(job\[1..1\]\) may be detached"):
        n.JobExpr(t.JOB, ONE, two, closure, ONE, ZERO, (), ZERO, x)


def test_local_rules_are_checked_when_built():
    with pytest.raises(n.NodeError, match=r"JobExpr: job body must be \(\) -> unit, not int<4>"):
        n.JobExpr(t.JOB, ONE, ONE, ONE, ONE, ZERO)
    fn = t.function([I4], I4)
    with pytest.raises(n.NodeError, match="Lambda: parameter count differs"):
        n.Lambda(fn, (), n.CompoundStmt(()))
    with pytest.raises(n.NodeError, match="bind parameter count differs"):
        n.BindExpr(t.function([I4], t.UNIT), (), (), n.CompoundStmt(()))
    with pytest.raises(n.NodeError, match="parameter p must have type ref<int<4>>"):
        n.BindExpr(t.function([I4], t.UNIT), (n.Variable(I4, "p"),), (), n.CompoundStmt(()))
    ref = n.LambdaReference(fn, "f")
    other = n.LambdaReference(t.function([], I4), "f")
    lam = n.Lambda(fn, (n.Variable(RI4, "p"),), n.CompoundStmt(()))
    with pytest.raises(n.NodeError, match="lambda type differs from reference"):
        n.LambdaBinding(other, lam)
    definition = n.LambdaDefinition((n.LambdaBinding(ref, lam),))
    with pytest.raises(n.NodeError, match="f: type differs from its reference"):
        n.LambdaExpr(t.function([], I4), ref, definition)
    with pytest.raises(n.NodeError, match="designators and values differ"):
        n.InitExpr(I4, (ONE,), (".a", ".b"))


def test_lambda_parameters_must_be_refs():
    bad_param = n.Variable(I4, "p")
    probs = problems_of([ret0()], params=(bad_param,), param_types=(I4,))
    assert any("parameter p must have type ref<int<4>>" in p for p in probs)


def test_unbound_lambda_reference():
    ref = n.LambdaReference(t.function([], I4), "ghost")
    call = n.CallExpr(I4, ref, ())
    assert any("lambda reference ghost is not bound" in p for p in problems_of([call, ret0()]))


def test_builtin_with_a_wrong_type_and_unknown_builtin():
    fake = n.Builtin(t.function([], I4), "merge_all")
    call = n.CallExpr(I4, fake, ())
    probs = problems_of([call, ret0()])
    assert any("builtin merge_all has type () -> int<4>, not its signature" in p for p in probs)
    unknown = n.CallExpr(I4, n.Builtin(t.function([], I4), "frobnicate"), ())
    assert any("unknown builtin frobnicate" in p for p in problems_of([unknown, ret0()]))


def test_check_raises_with_all_problems():
    prog = program_with_main([n.BreakStmt(), n.ContinueStmt(), ret0()])
    with pytest.raises(VerificationError) as info:
        inspire.check(prog)
    assert len(info.value.problems) == 2


def test_program_level_rules():
    s1 = n.StructDecl("struct", "s", (n.Field(I4, "a"),))
    s2 = n.StructDecl("struct", "s", (n.Field(t.INT8, "a"),))
    g = n.GlobalDecl(n.Global(I4, "g"), ZERO)
    main = program_with_main([ret0()])
    prog = n.Program((s1, s2), (g,), main.entry, ())
    text = "\n".join(inspire.verify(prog))
    assert "struct s is defined twice" in text
    assert "global g must have a ref<...> type" in text


def test_simd_reduction_targets_are_bound_arithmetic_objects():
    decl, s = local("s")
    pointer = n.Variable(t.ref(t.ptr(t.INT4)), "p")
    pointer_decl = n.DeclStmt(n.Declaration(pointer.type, n.Literal(t.ptr(t.INT4), "0")), pointer)
    unbound = n.Variable(RI4, "u")

    def loop(target: n.Expr) -> n.ForStmt:
        i = n.Variable(RI4, "i")
        init = n.CompoundStmt((n.DeclStmt(n.Declaration(RI4, n.Literal(t.INT4, "0")), i),))
        cond = inspire.make_call(
            inspire.builtin("lt"),
            (inspire.make_call(inspire.builtin("ref_deref"), (i,)), n.Literal(t.INT4, "4")),
        )
        step = n.CompoundStmt((inspire.make_call(inspire.builtin("post_inc"), (i,)),))
        reduction = n.SimdReduction("+", target)
        return n.ForStmt(init, cond, step, n.CompoundStmt(()), None, "", (), (reduction,))

    assert problems_of([decl, loop(s), ret0()]) == []
    probs = problems_of([pointer_decl, loop(pointer), loop(unbound), ret0()])
    assert any("a simd reduction's target is not an arithmetic object" in p for p in probs)
    assert any("variable u is not bound here" in p for p in probs)


PFOR_SIMD = """def main = function () -> int<4> {
    var ref<real<4>> s = cast<real<4>>(0);
    pfor(0, 8, 1, 0, lit<int<8>> 0, bind [var ref<real<4>> s = s] (i : int<4>) -> unit HINT {
        assign_add(s, cast<real<4>>(ref_deref(i)));
    });
    return 0;
};
entry main;
"""


def test_a_pfor_body_keeps_its_simd_hint_and_reductions_through_print_and_parse():
    text = PFOR_SIMD.replace("HINT", 'simd "safelen(8)" reduction("+", s)')
    prog = inspire.parse(text, "t.ir")
    assert inspire.verify(prog) == []
    assert inspire.print_program(prog) == text
    closure = next(x for x in prog.walk() if isinstance(x, n.BindExpr))
    assert closure.simd == "safelen(8)"
    assert [(r.op, r.target.name) for r in closure.reductions] == [("+", "s")]


def test_a_simd_hint_is_only_on_the_body_of_a_pfor():
    region = """def main = function () -> int<4> {
    merge(parallel(job[1 .. 1] => bind [] () -> unit simd "" {
    }));
    return 0;
};
entry main;
"""
    problems = inspire.verify(inspire.parse(region, "t.ir"))
    assert any("a simd hint on a closure that is not the body of a pfor" in p for p in problems)
    unbound = PFOR_SIMD.replace("HINT", 'simd "" reduction("+", t)')
    with pytest.raises(inspire.IRError, match="unknown name t"):
        inspire.parse(unbound, "t.ir")


PAIR = t.TagType("struct", "pair")


@pytest.mark.parametrize(
    ("ty", "values", "problem"),
    [
        (t.array(I4, 3), ("1", "-2", "0x3u"), None),
        (t.array(t.REAL8, None), ("1.5", "2e3", "0x1.8p1"), None),
        (t.array(t.qualify(I4, ("const",)), 2), ("1",), None),
        (t.array(t.array(I4, 2), 2), (("1", "2"), ("3",)), None),
        (t.array(PAIR, None), (("1", "2"), ("3", "4")), None),
        (t.array(I4, 2), ("1", "2", "3"), "values do not fit array<int<4>,2>"),
        (t.ptr(I4), ("1",), "values do not fit ptr<int<4>>"),
        (t.array(t.ptr(I4), 2), ("0",), "do not fit"),
        (t.array(t.array(I4, 2), 2), ("1", "2"), "do not fit"),  # braces left out
        (t.array(I4, 2), (("1",),), "do not fit"),  # braces too many
        (t.array(PAIR, 2), (("1", "2", "3"),), "do not fit"),
        (t.array(I4, 2), ("1", "x"), "data initialiser value 'x' is not a number"),
        (t.array(I4, 2), ("0b2",), "data initialiser value '0b2' is not a number"),
    ],
)
def test_data_initialisers(ty, values, problem):
    pair = n.StructDecl("struct", "pair", (n.Field(I4, "a"), n.Field(I4, "b")))
    found = inspire.verify(program_with_main([n.DataInit(ty, values), ret0()], structs=(pair,)))
    assert found == [] if problem is None else any(problem in p for p in found), found
