"""The C expression model: printing with precedence, templates, simplifications."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from inspirec.backend import cexpr as cx
from inspirec.backend.cexpr import (
    Assign,
    Atom,
    Binary,
    Call,
    Comma,
    Conditional,
    Index,
    Member,
    Postfix,
    Prefix,
    render,
    render_condition,
)

a, b, c, d = (Atom(x) for x in "abcd")


@pytest.mark.parametrize(
    ("tree", "text"),
    [
        (Binary("*", Binary("+", a, b), c), "(a + b) * c"),
        (Binary("+", Binary("*", a, b), c), "a * b + c"),
        (Binary("-", a, Binary("-", b, c)), "a - (b - c)"),
        (Binary("-", Binary("-", a, b), c), "a - b - c"),
        (Assign("=", a, Assign("=", b, c)), "a = b = c"),
        (Assign("=", Prefix("*", Postfix(a, "++")), b), "*a++ = b"),
        (Postfix(Prefix("*", a), "++"), "(*a)++"),
        (Prefix("-", Prefix("-", a)), "-(-a)"),
        (Prefix("-", cx.Literal("-1")), "-(-1)"),
        (Binary("-", a, cx.Literal("-1")), "a - -1"),
        (Index(cx.Literal("-1"), a), "(-1)[a]"),
        (Prefix("!", Prefix("!", a)), "!!a"),
        (Conditional(a, b, Conditional(c, d, a)), "a ? b : c ? d : a"),
        (Conditional(Conditional(a, b, c), d, a), "(a ? b : c) ? d : a"),
        (Call(a, (Comma(b, c), d)), "a((b, c), d)"),
        (Comma(Comma(a, b), c), "a, b, c"),
        (Comma(a, Comma(b, c)), "a, (b, c)"),
        (Index(Binary("+", a, b), Comma(c, d)), "(a + b)[c, d]"),
        (cx.Cast("long", Binary("+", a, b)), "(long)(a + b)"),
        (cx.Cast("long", Prefix("*", a)), "(long)*a"),
        # Clarifying parentheses gcc's -Wparentheses asks for.
        (Binary("&", a, Binary("==", b, c)), "a & (b == c)"),
        (Binary("|", Binary("&", a, b), c), "(a & b) | c"),
        (Binary("|", Binary("|", a, b), c), "a | b | c"),
        (Binary("<<", Binary("+", a, b), c), "(a + b) << c"),
        (Binary("||", Binary("&&", a, b), c), "(a && b) || c"),
        (Binary("&&", Binary("&&", a, b), c), "a && b && c"),
        (Binary("==", Binary("<", a, b), c), "(a < b) == c"),
        (Binary("<", a, Binary("<<", b, c)), "a < (b << c)"),
    ],
)
def test_parentheses_where_c_or_gcc_needs_them(tree, text):
    assert render(tree) == text


def test_arguments_and_conditions():
    assert render(Assign("=", a, b), cx.ASSIGN) == "a = b"
    assert render(Comma(a, b), cx.ASSIGN) == "(a, b)"
    assert render_condition(Assign("=", a, b)) == "(a = b)"
    assert render_condition(Binary("==", a, b)) == "a == b"


def test_smart_constructors_cancel_address_and_dereference():
    assert cx.deref(cx.addr(a)) is a
    assert cx.addr(cx.deref(a)) is a
    assert render(cx.member(cx.deref(a), "m")) == "a->m"
    assert render(cx.member(a, "m")) == "a.m"


def test_templates_substitute_through_the_smart_constructors():
    tree = cx.parse_template("&(*$0).$1")
    out = cx.instantiate(tree, lambda k: cx.addr(Atom("s")), lambda k: "field")
    assert render(out) == "&s.field"
    out = cx.instantiate(tree, lambda k: Atom("p"), lambda k: "field")
    assert render(out) == "&p->field"
    tree = cx.parse_template("INSPIRE_ATOMIC_UPDATE($0, *, $1)")
    out = cx.instantiate(tree, lambda k: Binary("+", a, b) if k == "1" else a, str)
    assert render(out) == "INSPIRE_ATOMIC_UPDATE(a, *, a + b)"


@pytest.mark.parametrize(("text", "problem"), [("$0 +", "expected more"), ("$0 $1", "unexpected")])
def test_malformed_templates_are_rejected(text, problem):
    with pytest.raises(cx.TemplateError, match=problem):
        cx.parse_template(text)


# Every tree prints as text that C (here: the template parser, which follows
# C's grammar) reads back as the same tree.
_atoms = st.sampled_from([a, b, c, d])


def _extend(inner):
    binary = st.builds(Binary, st.sampled_from(sorted(cx.BINARY_LEVELS)), inner, inner)
    prefix = st.builds(Prefix, st.sampled_from(sorted(cx.PREFIX_OPS)), inner)
    return st.one_of(
        binary,  # three times as likely as the other forms: most trees are operators
        binary,
        binary,
        prefix,
        st.builds(Postfix, inner, st.sampled_from(["++", "--"])),
        st.builds(Assign, st.sampled_from(sorted(cx.ASSIGN_OPS)), inner, inner),
        st.builds(Conditional, inner, inner, inner),
        st.builds(Comma, inner, inner),
        st.builds(Index, inner, inner),
        st.builds(Member, inner, st.sampled_from(["m", "n"]), st.booleans()),
        st.builds(Call, inner, st.lists(inner, max_size=3).map(tuple)),
    )


@settings(max_examples=400, deadline=None)
@given(st.recursive(_atoms, _extend, max_leaves=12))
def test_printing_then_parsing_gives_the_same_tree(tree):
    assert cx.parse_template(render(tree)) == tree
