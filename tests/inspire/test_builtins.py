"""The builtins table: signatures parse, are well formed, and type calls correctly."""

import pytest
from inspirec.inspire import types as t
from inspirec.inspire.builtins import BUILTINS, EXPLICIT_RESULT
from inspirec.inspire.typecheck import IRTypeError, builtin_result
from inspirec.inspire.types import well_formed_error

from inspirec import inspire

REQUIRED = {
    "parallel", "merge", "merge_all", "get_thread_id", "get_group_size", "barrier",
    "lock_init", "lock_acquire", "lock_release", "atomic_fetch_add", "atomic_cas_bool", "pfor",
    "add", "sub", "mul", "div", "mod", "lt", "eq", "log_and", "log_or", "log_not",
    "bit_and", "bit_or", "bit_xor", "shl", "shr", "ref_deref", "assign", "ref_new",
    "ref_delete", "array_elem", "ptr_elem", "ref_member", "ptr_add", "ptr_diff",
}  # fmt: skip


def test_table_has_the_required_builtins():
    assert set(BUILTINS) >= REQUIRED


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_signature_is_a_well_formed_function_type(name):
    info = BUILTINS[name]
    assert isinstance(info.type, inspire.FunctionType)
    assert well_formed_error(info.type) is None
    assert isinstance(info.effort, int) and info.effort >= 0
    assert inspire.builtin(name).type is info.type
    for position in info.lazy:
        assert position < len(info.type.params)


def test_polymorphic_instantiation():
    one = inspire.Literal(t.INT8, "1")
    assert builtin_result("add", [one, one]) is t.INT8
    x = inspire.Variable(t.ref(t.array(t.REAL8, 10)), "x")
    assert builtin_result("array_elem", [x, one]) is t.ref(t.REAL8)
    assert builtin_result("array_to_ptr", [x]) is t.ptr(t.REAL8)
    with pytest.raises(IRTypeError, match="is not integral"):
        builtin_result("mod", [inspire.Literal(t.REAL8, "1.0")] * 2)
    with pytest.raises(IRTypeError, match="expects 2 argument"):
        builtin_result("add", [one])
    with pytest.raises(IRTypeError, match="explicit result type"):
        builtin_result("va_arg", [x])


def test_explicit_result_builtins_have_free_result_variables():
    for name in EXPLICIT_RESULT:
        sig = BUILTINS[name].type
        result_vars = t.free_type_variables(sig.result)
        param_vars = set().union(*(t.free_type_variables(p) for p in sig.params))
        assert result_vars - param_vars


def test_member_access_uses_the_struct_table():
    prog = inspire.parse(
        "struct p { x : int<4>; y : real<8>; };"
        "def main = function () -> int<4> { var ref<struct p> v;"
        " return ref_deref(ref_member(v, .x)); }; entry main;"
    )
    structs = inspire.struct_table(prog)
    v = inspire.Variable(t.ref(inspire.TagType("struct", "p")), "v")
    field = inspire.Literal(t.IDENTIFIER, "y")
    assert builtin_result("ref_member", [v, field], structs) is t.ref(t.REAL8)
    with pytest.raises(IRTypeError, match="has no member named z"):
        builtin_result("ref_member", [v, inspire.Literal(t.IDENTIFIER, "z")], structs)


def test_parallel_builtins_cost_more_than_arithmetic():
    assert BUILTINS["parallel"].effort > BUILTINS["merge_all"].effort > BUILTINS["add"].effort
