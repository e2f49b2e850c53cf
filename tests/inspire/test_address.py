"""Address operations on hand-built IR, including a shared sub-tree."""

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.address import Address, definition_of, lowest_common_ancestor
from inspirec.inspire.visitor import replace_all, replace_at

from inspirec import inspire

ONE = n.Literal(t.INT4, "1")


def shared_program():
    """``{ s; { s; } }`` where ``s`` (a merge_all call) is one shared node."""
    merge_all = inspire.make_call(inspire.builtin("merge_all"), ())
    inner = n.CompoundStmt((merge_all,))
    root = n.CompoundStmt((merge_all, n.IfStmt(ONE, inner, n.CompoundStmt(()))))
    return root, merge_all


def test_child_parent_depth_node():
    root, shared = shared_program()
    a = Address.root_of(root)
    assert str(a) == "0" and a.depth == 0 and a.parent is None and a.node is root
    first = a.child(0)
    second = a.child(1).child(1).child(0)
    assert first.node is shared and second.node is shared
    assert first != second
    assert str(second) == "0-1-1-0"
    assert second.depth == 3
    assert second.parent.parent.parent == a
    assert second.path == (1, 1, 0)
    with pytest.raises(IndexError):
        a.child(7)


def test_children_by_label():
    root, shared = shared_program()
    a = Address.root_of(root)
    second = a.child("stmts[1]").child("then").child("stmts[0]")
    assert second == a.child(1).child(1).child(0) and second.node is shared
    assert [x.label for x in second.ancestors()] == ["stmts[0]", "then", "stmts[1]", None]
    with pytest.raises(KeyError, match="IfStmt\\) has no child 'body'"):
        a.child("stmts[1]").child("body")


def test_addresses_share_prefixes_and_compare_structurally():
    root, _ = shared_program()
    a = Address.root_of(root).child(1)
    b, c = a.child(1), a.child(1)
    assert b == c and hash(b) == hash(c) and b is not c
    assert b.parent is c.parent is a
    assert {b, c} == {b}


def test_node_sequence_and_reverse_sequence():
    root, shared = shared_program()
    addr = Address.root_of(root).child(1).child(1).child(0)
    seq = addr.node_sequence()
    assert seq[0] is root and seq[-1] is shared and len(seq) == 4
    rev = addr.reverse_sequence()
    assert [x.node for x in rev] == list(reversed(seq))
    assert rev[0] == addr and rev[-1] == Address.root_of(root)


def test_print_and_parse_back():
    root, _ = shared_program()
    addr = Address.root_of(root).child(1).child(1).child(0)
    assert Address.parse(root, str(addr)) == addr
    assert Address.parse(root, "0") == Address.root_of(root)
    for bad in ("", "1-2", "0-x", "0--1"):
        with pytest.raises(ValueError):
            Address.parse(root, bad)
    with pytest.raises(IndexError):
        Address.parse(root, "0-9")


def test_leaf_addresses_and_calls_of_find_every_occurrence_of_a_shared_node():
    root, shared = shared_program()
    a = Address.root_of(root)
    calls = a.calls_of(inspire.builtin("merge_all"))
    assert [str(c) for c in calls] == ["0-0", "0-1-1-0"]
    assert all(c.node is shared for c in calls)
    leaves = a.leaf_addresses()
    assert all(not leaf.node.children for leaf in leaves)
    # The shared call contributes its leaves twice, once per path.
    unit_leaves = [leaf for leaf in leaves if leaf.node is t.UNIT]
    assert len(unit_leaves) == 4  # the call type and the builtin's result type, per call


def test_lowest_common_ancestor_and_first_ancestor():
    root, _ = shared_program()
    a = Address.root_of(root)
    x = a.child(0)
    y = a.child(1).child(1).child(0)
    assert lowest_common_ancestor(x, y) == a
    assert lowest_common_ancestor(y, y.parent) == y.parent
    assert y.first_ancestor(n.IfStmt) == a.child(1)
    assert y.first_ancestor(n.WhileStmt) is None
    assert y.first_ancestor(lambda addr: addr.depth == 1) == a.child(1)
    assert a.is_ancestor_of(y) and not x.is_ancestor_of(y)
    other = Address.root_of(n.CompoundStmt(()))
    with pytest.raises(ValueError):
        lowest_common_ancestor(x, other)


def test_replace_rebuilds_the_path_to_the_root_only():
    root, shared = shared_program()
    a = Address.root_of(root)
    target = a.child(1).child(1).child(0)
    barrier = inspire.make_call(inspire.builtin("barrier"), ())
    new = target.replace(barrier)
    assert new.node is barrier and str(new) == str(target)
    new_root = new.root_node
    assert new_root is not root
    assert new_root.stmts[0] is shared  # the other occurrence is untouched
    assert root.stmts[1].then.stmts[0] is shared  # the old tree is unchanged
    assert inspire.replace_at(target, shared) is root  # replacing by the same node


def test_replace_all_rebuilds_each_ancestor_once_and_drops_statements():
    root, shared = shared_program()
    a = Address.root_of(root)
    barrier = inspire.make_call(inspire.builtin("barrier"), ())
    inner = a.child(1).child("then").child(0)
    result = replace_all(a, {a.child(0): None, inner: barrier})
    if_stmt = n.IfStmt(ONE, n.CompoundStmt((barrier,)), n.CompoundStmt(()))
    assert result == n.CompoundStmt((if_stmt,))
    assert replace_all(a, {inner: barrier}) == replace_at(inner, barrier)
    assert root.stmts[0] is shared  # the old tree is unchanged
    with pytest.raises(ValueError, match="only a statement of a block"):
        replace_all(a, {a.child(1).child("cond"): None})


def test_definition_of_a_recursive_call(fib):
    root = Address.root_of(fib)
    ref_calls = root.calls_of(lambda f: isinstance(f, n.LambdaReference))
    assert {c.node.function.name for c in ref_calls} == {"fib"}
    for call in ref_calls:
        binding = definition_of(call)
        assert isinstance(binding.node, n.LambdaBinding)
        assert binding.node.reference is call.node.function
        assert binding.is_ancestor_of(call)


def test_address_operations_on_a_dag_scale_with_depth_not_size():
    # Each level's compound holds the previous level twice: 2**40 paths in total.
    node = inspire.make_call(inspire.builtin("merge_all"), ())
    for _ in range(40):
        node = n.CompoundStmt((node, node))
    a = Address.root_of(node)
    deep = a
    for _ in range(40):
        deep = deep.child(1)
    assert deep.depth == 40
    assert lowest_common_ancestor(deep, a.child(0)) == a
    assert Address.parse(node, str(deep)) == deep
