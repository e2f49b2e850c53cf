"""print -> parse -> print round trips of hand-written IR programs."""

import pytest

from inspirec import inspire


def test_hand_written_programs_round_trip_to_the_identical_node(ir_file):
    program = inspire.parse_file(str(ir_file))
    assert inspire.verify(program) == []
    text = inspire.print_program(program)
    assert inspire.parse(text) is program
    assert inspire.print_program(inspire.parse(text)) == text


def test_fib_structure(fib):
    main = inspire.lambda_of(fib.entry)
    assert main.loc == inspire.Loc("fib.c", 15)
    root = inspire.Address.root_of(fib)
    spawns = root.calls_of(inspire.builtin("parallel"))
    # Two task spawns inside fib, one parallel region in main.
    locs = sorted(a.node.loc.line for a in spawns)
    assert locs == [7, 9, 19]
    fib_expr = next(
        a.node.function
        for a in root.calls_of(lambda f: isinstance(f, inspire.LambdaExpr))
        if a.node.function.reference.name == "fib"
    )
    assert inspire.is_recursive(fib_expr)
    assert not inspire.is_recursive(fib.entry)


def test_builtin_names_used_by_the_program_are_escaped():
    # A user function called `merge` must not be confused with the builtin.
    text = """
    def `merge` = function (a : int<4>) -> int<4> { return ref_deref(a); };
    def main = function () -> int<4> {
        merge_all();
        return merge(3);
    };
    entry main;
    """
    program = inspire.parse(text)
    printed = inspire.print_program(program)
    assert "return merge(3);" in printed
    assert inspire.parse(printed) is program
    # A user name that is a keyword of the format is written in backticks.
    text2 = (
        "def main = function (init : int<4>) -> int<4> { return ref_deref(`init`); }; entry main;"
    )
    program2 = inspire.parse(text2)
    assert "`init`" in inspire.print_program(program2)
    assert inspire.parse(inspire.print_program(program2)) is program2


def test_builtin_shadowed_by_a_user_variable_is_printed_with_dollar():
    text = """
    def main = function () -> int<4> {
        var ref<int<4>> add = 1;
        return $add(ref_deref(add), 2);
    };
    entry main;
    """
    program = inspire.parse(text)
    printed = inspire.print_program(program)
    assert "$add(ref_deref(add), 2)" in printed
    assert inspire.parse(printed) is program


def test_global_hidden_by_a_local_is_printed_with_colons():
    text = """
    global level : ref<int<4>> = 42;
    def main = function () -> int<4> {
        var ref<int<4>> level = 10;
        return add(ref_deref(level), ref_deref(::level));
    };
    entry main;
    """
    program = inspire.parse(text)
    printed = inspire.print_program(program)
    assert "add(ref_deref(level), ref_deref(::level))" in printed
    assert inspire.parse(printed) is program
    with pytest.raises(inspire.IRError, match="unknown global nope"):
        inspire.parse(text.replace("::level", "::nope"))


def test_explicit_literals_and_non_canonical_forms_survive():
    text = """
    extern printf : (ptr<char>, ...) -> int<4>;
    def main = function () -> int<4> {
        var ref<uint<8>> u = lit<uint<8>> 42u;
        var ref<real<4>> f = lit<real<4>> 1.5f;
        var ref<char> c = lit<char> 'a';
        var ref<array<char,6>> s = lit<array<char,6>> "hello";
        var ref<array<int<4>,[lit<int<8>> 10]>> v;
        printf("%c %s\\n", cast<int<4>>(ref_deref(c)), array_to_ptr(s));
        return;
    };
    entry main;
    """
    program = inspire.parse(text.replace("return;", "return 0;"))
    assert inspire.parse(inspire.print_program(program)) is program
