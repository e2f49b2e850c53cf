"""Arrays of run-time extent (``array<T,[e]>``): text round trip, typing and
scoping rules of the verifier, erasure and sizes."""

from pathlib import Path

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.sizes import (
    VLA_EXTENT_ESTIMATE,
    SizeError,
    align_of,
    estimated_size,
    size_of,
)

from inspirec import inspire

PROGRAM = (Path(__file__).parent / "data" / "vla.ir").read_text()


def test_round_trip_and_verifies():
    program = inspire.parse(PROGRAM)
    assert inspire.verify(program) == []
    text = inspire.print_program(program)
    assert "a : ptr<array<real<8>,[cast<int<8>>(ref_deref(m))]>>" in text
    assert "var ref<array<array<real<8>,[a__n1]>,[a__n0]>> a;" in text
    assert inspire.parse(text) is program


def test_function_type_is_erased_and_parameter_keeps_extent():
    program = inspire.parse(PROGRAM)
    total = next(
        b.lambda_
        for x in program.walk()
        if isinstance(x, n.LambdaDefinition)
        for b in x.bindings
        if b.reference.name == "total"
    )
    assert t.type_str(total.type.params[2]) == "ptr<array<real<8>,*>>"
    refined = total.params[2].type.params[0]
    assert t.is_variably_modified(refined) and t.erase(refined) is total.type.params[2]


def test_vla_type_is_an_array_of_unknown_size():
    k = n.Variable(t.INT8, "k")
    v = t.vla(t.INT4, k)
    assert t.is_array(v) and t.is_vla(v) and v.int_params == (None,)
    assert t.element(v) is t.INT4 and t.extents(t.ptr(v)) == [k]
    assert t.vla(t.INT4, k) is v  # hash-consed
    assert t.erase(t.ptr(v)) is t.ptr(t.array(t.INT4, None))
    assert t.refines(t.ptr(t.array(t.array(t.INT4, 4), 3)), t.erase(t.ptr(t.vla(v, k))))
    assert not t.refines(t.ptr(t.INT4), t.ptr(t.array(t.INT4, None)))


def test_sizes_of_vla_types():
    k = n.Variable(t.INT8, "k")
    v = t.vla(t.real_type(8), k)
    with pytest.raises(SizeError, match="run-time size"):
        size_of(v)
    assert align_of(v) == 8
    assert align_of(t.vla(t.real_type(16), k)) == 16
    assert estimated_size(v) == 8 * VLA_EXTENT_ESTIMATE
    assert estimated_size(t.array(v, 3)) == 3 * 8 * VLA_EXTENT_ESTIMATE
    assert estimated_size(t.vla(t.INT4, n.Literal(t.INT8, "10"))) == 40
    assert estimated_size(t.INT4) == 4
    assert size_of(t.ptr(v)) == 8


def verify_text(text):
    return inspire.verify(inspire.parse(text))


def test_closure_must_capture_extent():
    text = PROGRAM.replace("bind [var int<8> a__n1 = a__n1; ", "bind [")
    problems = verify_text(text)
    assert any("variable a__n1 is not bound here" in p for p in problems)


def test_extent_must_be_bound_and_integer():
    k = n.Variable(t.INT8, "k")
    bad = n.Variable(t.ref(t.vla(t.INT4, k)), "a")
    decl = n.DeclStmt(n.Declaration(bad.type, n.Undefined(bad.type.params[0])), bad)
    fn_type = t.function([], t.INT4)
    body = n.CompoundStmt((decl, n.ReturnStmt(n.Literal(t.INT4, "0"))))
    lam = n.Lambda(fn_type, (), body)
    ref = n.LambdaReference(fn_type, "main")
    program = n.Program(
        (), (), n.LambdaExpr(fn_type, ref, n.LambdaDefinition((n.LambdaBinding(ref, lam),))), ()
    )
    assert any("variable k is not bound here" in p for p in inspire.verify(program))
    real = t.vla(t.INT4, n.Literal(t.REAL8, "1.5"))
    assert "integer" in t.well_formed_error(real)


def main_with_param(param_type, declared_type):
    var = n.Variable(t.ref(param_type), "a")
    fn_type = t.function([declared_type], t.INT4)
    body = n.CompoundStmt((n.ReturnStmt(n.Literal(t.INT4, "0")),))
    lam = n.Lambda(fn_type, (var,), body)
    ref = n.LambdaReference(fn_type, "main")
    definition = n.LambdaDefinition((n.LambdaBinding(ref, lam),))
    return n.Program((), (), n.LambdaExpr(fn_type, ref, definition), ())


def test_parameter_must_refine_its_function_type():
    refined = t.ptr(t.vla(t.INT4, n.Literal(t.INT8, "2")))
    assert inspire.verify(main_with_param(refined, t.erase(refined))) == []
    problems = inspire.verify(main_with_param(refined, t.ptr(t.INT4)))
    assert any("parameter a must have type ref<ptr<int<4>>>" in p for p in problems)
    problems = inspire.verify(main_with_param(refined, refined))
    assert any("has a run-time extent" in p for p in problems)


def test_no_extents_in_records_or_globals():
    k = n.Literal(t.INT8, "2")
    s = n.StructDecl("struct", "s", (n.Field(t.vla(t.INT4, k), "a"),))
    g = n.GlobalDecl(n.Global(t.ref(t.vla(t.INT4, k)), "g"), n.Undefined(t.vla(t.INT4, k)))
    fn_type = t.function([], t.INT4)
    lam = n.Lambda(fn_type, (), n.CompoundStmt((n.ReturnStmt(n.Literal(t.INT4, "0")),)))
    ref = n.LambdaReference(fn_type, "main")
    entry = n.LambdaExpr(fn_type, ref, n.LambdaDefinition((n.LambdaBinding(ref, lam),)))
    problems = inspire.verify(n.Program((s,), (g,), entry, ()))
    assert any("member a has a run-time extent" in p for p in problems)
    assert any("global g has a run-time extent" in p for p in problems)
