"""GNU ``target`` on functions and ``#pragma GCC target``: the instruction
set a function's code is compiled for reaches the IR (``Lambda.target``),
the IR text and the emitted C; gcc's diagnostics for its misuse (the
runnable program is the corpus program par/target_dispatch)."""

from inspirec.frontend import parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from inspirec.inspire.lambdas import definitions_in_order
from inspirec.inspire.parser import parse
from inspirec.inspire.printer import print_program
from lowering_errors import gcc_diagnostics, lowering_error


def targets_of(tmp_path, text):
    """The ``target`` of each function ``text`` defines, and the warnings."""
    src = tmp_path / "t.c"
    src.write_text(text)
    log = DiagnosticLog()
    program = parse_program([str(src)], log=log)
    found = {
        b.reference.name: b.lambda_.target
        for d in definitions_in_order(program)
        for b in d.bindings
    }
    return found, [str(d).replace(str(tmp_path), "T").splitlines()[0] for d in log.diagnostics]


def test_the_attribute_and_the_pragma_give_functions_their_instruction_set(tmp_path):
    found, warnings = targets_of(
        tmp_path,
        '__attribute__((target("avx2"))) static int a(void) { return 1; }\n'
        'int b(void) __attribute__((target("fma", "arch=haswell")));\n'
        "int b(void) { return 2; }\n"
        '#pragma GCC push_options\n#pragma GCC target("sse4.2")\n'
        "static int c(void) { return 3; }\n"
        '#pragma GCC target("popcnt")\n'
        '__attribute__((target("avx"))) static int d(void) { return 4; }\n'
        "#pragma GCC pop_options\n"
        "int main(void) { return a() + b() + c() + d(); }\n",
    )
    assert found["a"] == "avx2" and found["b"] == "fma,arch=haswell"
    assert found["c"] == "sse4.2" and found["d"] == "sse4.2,popcnt,avx"
    assert found["main"] == "" and warnings == []


def test_target_options_round_trip_through_the_ir_text(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        '__attribute__((target("avx2,fma"))) int f(int x) { return x + 1; }\n'
        "int main(void) { return f(1); }\n"
    )
    text = print_program(parse_program([str(src)]))
    assert 'target "avx2,fma" {' in text
    assert print_program(parse(text)) == text


def test_target_misuse_gives_gccs_diagnostics(tmp_path):
    _, warnings = targets_of(
        tmp_path,
        'int v __attribute__((target("avx")));\n#pragma GCC pop_options\n'
        "int main(void) { return v; }\n",
    )
    assert warnings == [
        "T/t.c:1:7: warning: 'target' attribute ignored [-Wattributes]",
        "T/t.c:2:9: warning: '#pragma GCC pop_options' without a corresponding "
        "'#pragma GCC push_options' [-Wpragmas]",
    ]
    assert [line.split(": ", 1)[1] for line in gcc_diagnostics(tmp_path / "t.c")] == [
        "warning: 'target' attribute ignored [-Wattributes]",
        "warning: '#pragma GCC pop_options' without a corresponding "
        "'#pragma GCC push_options' [-Wpragmas]",
    ]
    error = lowering_error(
        tmp_path, "int f(int x) __attribute__((target(1)));\nint main(void) { return 0; }\n"
    )
    assert error.splitlines()[0] == "T/t.c:1:14: error: attribute 'target' argument is not a string"
