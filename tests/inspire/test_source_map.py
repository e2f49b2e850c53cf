"""Positions of addresses in the IR text a program was parsed from
(``inspire.parser.SourceMap``): every statement and call of the sample
programs is found at the text that wrote it, at any nesting depth."""

from pathlib import Path

import pytest
from inspirec.inspire import nodes as n
from inspirec.inspire.address import Address
from inspirec.inspire.parser import parse_mapped

DATA = Path(__file__).parent / "data"

#: The text a statement of each kind starts with.
STATEMENT_WORDS = {
    n.IfStmt: "if",
    n.WhileStmt: "while",
    n.ForStmt: "for",
    n.DoWhileStmt: "do",
    n.ReturnStmt: "return",
    n.DeclStmt: "var",
    n.BreakStmt: "break",
    n.SwitchStmt: "switch",
}


def _expected_start(a: Address) -> str | None:
    """The text the code at ``a`` starts with, for the kinds checked here (None
    inside a type: a run-time extent is written where the type is spelled)."""
    node = a.node
    if any(isinstance(x.node, n.Type) for x in a.ancestors()):
        return None
    if type(node) in STATEMENT_WORDS and not (
        isinstance(node, n.DeclStmt) and isinstance(a.parent.node, n.BindExpr)
    ):
        return STATEMENT_WORDS[type(node)]
    if isinstance(node, n.CallExpr):
        fn = node.function
        if isinstance(fn, n.Builtin):
            return fn.name
        if isinstance(fn, n.LambdaExpr | n.LambdaReference):
            return fn.reference.name if isinstance(fn, n.LambdaExpr) else fn.name
    if isinstance(node, n.DeclStmt):  # a capture: its variable's declaration
        return f"var {n.type_str(node.var.type)} {node.var.name}"
    return None


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.ir")))
def test_every_statement_and_call_is_found_at_its_text(name):
    text = (DATA / name).read_text()
    lines = text.split("\n")
    program, source = parse_mapped(text, name)
    checked = 0
    for a in Address.root_of(program).descendants():
        expected = _expected_start(a)
        if expected is None:
            continue
        line, col = source.position(a)
        assert line is not None, a
        assert lines[line - 1][col - 1 :].startswith(expected), (a, line, col)
        checked += 1
    assert checked > 10


def test_equal_subexpressions_are_told_apart_by_position():
    """``add(x, x)``: the two arguments are one node at two places of the text."""
    text = (
        "def main = function () -> int<4> {\n"
        "    var ref<int<4>> x = 1;\n"
        "    return add(ref_deref(x),   ref_deref(x));\n"
        "};\nentry main;\n"
    )
    program, source = parse_mapped(text)
    ret = Address.root_of(program).child("entry").child("definition")
    ret = ret.child("bindings[0]").child("lambda_").child("body").child("stmts[1]")
    call = ret.child("value")
    first, second = call.child("args[0]"), call.child("args[1]")
    assert first.node is second.node
    assert source.position(first) == (3, 16)
    assert source.position(second) == (3, 32)


def test_a_statement_5000_blocks_deep_is_found():
    depth = 5000
    text = (
        "def main = function () -> int<4> {\n"
        + "{\n" * depth
        + "    break;\n"
        + "}\n" * depth
        + "    return 0;\n};\nentry main;\n"
    )
    program, source = parse_mapped(text)
    at = Address.root_of(program).child("entry").child("definition")
    at = at.child("bindings[0]").child("lambda_").child("body")
    for _ in range(depth + 1):
        at = at.child("stmts[0]")
    assert isinstance(at.node, n.BreakStmt)
    assert source.position(at) == (depth + 2, 5)
