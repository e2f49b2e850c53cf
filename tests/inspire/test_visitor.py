"""Visitors and the DAG-aware rewriter."""

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.visitor import Rewriter, StrictVisitor, Visitor

from inspirec import inspire


def test_visitor_dispatches_by_kind_with_generic_fallback(fib):
    class CountCalls(Visitor):
        def __init__(self):
            self.calls = 0

        def visit_CallExpr(self, node):
            self.calls += 1
            self.generic_visit(node)

    v = CountCalls()
    v.visit(fib.entry)
    assert v.calls > 10


def test_strict_visitor_must_handle_every_kind():
    with pytest.raises(TypeError, match="does not handle node kinds"):

        class Partial(StrictVisitor):
            def visit_CallExpr(self, node):
                return None

    methods = {f"visit_{k}": (lambda self, node: node.kind) for k in n.NODE_CLASSES}
    Complete = type("Complete", (StrictVisitor,), methods)
    assert Complete().visit(t.INT4) == "GenericType"


def test_rewriter_preserves_sharing_and_runs_once_per_node():
    merge_all = inspire.make_call(inspire.builtin("merge_all"), ())
    block = n.CompoundStmt((merge_all, n.CompoundStmt((merge_all,))))

    class ToBarrier(Rewriter):
        def __init__(self):
            super().__init__()
            self.seen = 0

        def rewrite_CallExpr(self, node):
            self.seen += 1
            if node.function is inspire.builtin("merge_all"):
                return inspire.make_call(inspire.builtin("barrier"), ())
            return node

    r = ToBarrier()
    out = r.rewrite(block)
    barrier = inspire.make_call(inspire.builtin("barrier"), ())
    assert out is n.CompoundStmt((barrier, n.CompoundStmt((barrier,))))
    assert r.seen == 1


def test_rewriting_an_untouched_program_returns_it(fib):
    assert Rewriter().rewrite(fib) is fib
