"""``free_variables`` and ``bind_free_variables``: which occurrences of a
variable a block, a declaration and a closure bind."""

from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.lambdas import bind_free_variables, free_variables

REF = t.ref(t.INT4)
X = n.Variable(REF, "x")
Y = n.Variable(REF, "y")
GLOBAL_X = n.Global(REF, "x")


def read(v: n.Node) -> n.Node:
    return n.CastExpr(t.INT4, v)


def declare(v: n.Variable, init: n.Node | None = None) -> n.DeclStmt:
    value = init if init is not None else n.Literal(t.INT4, "0")
    return n.DeclStmt(n.Declaration(REF, value), v)


def test_free_uses_are_replaced_and_bound_ones_kept():
    # { (int)x; var x = (int)x; (int)x; }: the first use and the
    # initialiser's use are free (a declaration's initialiser sees the
    # variable it declares, as in C), the last one is bound.
    block = n.CompoundStmt((read(X), declare(X, read(X)), read(X)))
    assert free_variables(block) == [X]
    bound = bind_free_variables(block, {X: GLOBAL_X})
    assert bound.stmts[0] == read(GLOBAL_X)
    assert bound.stmts[1] is block.stmts[1]
    assert bound.stmts[2] is block.stmts[2]


def test_a_closure_binds_its_captures_in_its_body_only():
    # bind [var x = x, var y = ref_deref... ] { (int)x; (int)y } : the
    # captures' initialisers are outside the closure.
    body = n.CompoundStmt((read(X), read(Y)))
    shared = n.DeclStmt(n.Declaration(REF, X), X)
    closure = n.BindExpr(t.function([], t.UNIT), (), (shared,), body)
    assert free_variables(closure) == [X]
    bound = bind_free_variables(closure, {X: GLOBAL_X, Y: GLOBAL_X})
    assert bound.captures[0].decl.init is GLOBAL_X
    assert bound.captures[0].var is X
    assert bound.body is body  # y is not captured, but a closure's body is closed


def test_nothing_free_leaves_the_node_itself():
    block = n.CompoundStmt((declare(X), read(X)))
    assert bind_free_variables(block, {X: GLOBAL_X}) is block
