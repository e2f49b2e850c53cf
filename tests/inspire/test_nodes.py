"""Hash-consing, immutability, equality and hashing of IR nodes."""

import dataclasses
import pickle

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t


def test_building_equal_nodes_returns_the_identical_object():
    a = n.Variable(t.ref(t.INT4), "x")
    b = n.Variable(type=t.ref(t.int_type(4)), name="x")
    assert a is b
    assert n.CompoundStmt([a, a]) is n.CompoundStmt((b, b))


def test_different_attributes_give_different_nodes():
    assert n.Variable(t.ref(t.INT4), "x") is not n.Variable(t.ref(t.INT4), "y")
    assert n.Variable(t.ref(t.INT4), "x") is not n.Variable(t.ref(t.INT8), "x")
    loc_a = n.CallExpr(t.UNIT, n.Builtin(t.function([], t.UNIT), "merge_all"), (), n.Loc("a.c", 1))
    loc_b = loc_a.replace(loc=n.Loc("a.c", 2))
    assert loc_a is not loc_b and loc_a.replace(loc=n.Loc("a.c", 1)) is loc_a


def test_equality_is_identity_and_hash_is_cached():
    x = n.Variable(t.ref(t.INT4), "x")
    assert x == n.Variable(t.ref(t.INT4), "x")
    assert x != n.Variable(t.ref(t.INT4), "z")
    assert hash(x) == hash(n.Variable(t.ref(t.INT4), "x"))
    assert x._hash == hash(x)
    deep = x
    for _ in range(2000):
        deep = n.CompoundStmt((deep,))
    # The hash is a stored attribute: no re-traversal, so no recursion-depth problem.
    assert hash(deep) == deep._hash


def test_nodes_are_immutable():
    x = n.Variable(t.ref(t.INT4), "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        x.name = "y"


def test_children_follow_field_order_and_sequences_are_flattened():
    x = n.Variable(t.ref(t.INT4), "x")
    call = n.CallExpr(t.INT4, n.Builtin(t.INT4, "f"), (x, x))
    assert call.children == (t.INT4, call.function, x, x)
    assert n.CompoundStmt(()).children == ()


def test_with_children_rebuilds_and_preserves_identity_when_unchanged():
    x = n.Variable(t.ref(t.INT4), "x")
    y = n.Variable(t.ref(t.INT4), "y")
    block = n.CompoundStmt((x, y))
    assert block.with_children(block.children) is block
    assert block.with_children((y, x)) is n.CompoundStmt((y, x))
    with pytest.raises(ValueError):
        block.with_children((x,))


def test_child_kinds_are_checked_when_building():
    with pytest.raises(TypeError, match=r"Variable.type: expected Type"):
        n.Variable("int", "x")
    with pytest.raises(TypeError, match=r"IfStmt.then: expected CompoundStmt"):
        n.IfStmt(n.Literal(t.INT4, "1"), n.BreakStmt(), n.CompoundStmt(()))
    with pytest.raises(TypeError, match="missing field"):
        n.Literal(t.INT4)


def test_pickling_preserves_identity():
    x = n.CompoundStmt((n.Variable(t.ref(t.INT4), "x"),))
    assert pickle.loads(pickle.dumps(x)) is x


def test_every_node_class_is_registered():
    for name, cls in n.NODE_CLASSES.items():
        assert cls.__name__ == name
        assert issubclass(cls, n.Node)


def test_children_are_named_by_field_and_position_in_a_sequence():
    x = n.Variable(t.ref(t.INT4), "x")
    f = n.Builtin(t.INT4, "f")
    call = n.CallExpr(t.INT4, f, (x, x))
    assert call.named_children() == (
        ("type", t.INT4),
        ("function", f),
        ("args[0]", x),
        ("args[1]", x),
    )
    assert [call.child_index(label) for label, _ in call.named_children()] == [0, 1, 2, 3]
    assert [call.child_label(i) for i in range(4)] == ["type", "function", "args[0]", "args[1]"]
    for bad in ("args", "args[2]", "function[0]", "nope", "args[x]"):
        with pytest.raises(KeyError):
            call.child_index(bad)
    with pytest.raises(IndexError):
        call.child_label(4)
    assert n.BreakStmt().named_children() == ()


def test_registry_refuses_a_second_kind_of_the_same_name():
    with pytest.raises(TypeError, match="node kind Variable is declared twice"):

        @n.node_class
        class Variable(n.Expr):
            type: n.Type = n.child(n.Type)
