"""Lowering C to IR: the sequential corpus lowers, verifies and round-trips;
unsupported or erroneous input gives a precise diagnostic."""

import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, DiagnosticLog, parse_program

from inspirec import inspire

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

# Programs whose constructs the lowering does not handle yet, with the diagnostic.
NOT_YET: dict[str, str] = {}

SEQUENTIAL = [
    p for p in corpus.programs() if not any("#pragma omp" in s.read_text() for s in p.sources)
]


@pytest.mark.parametrize("prog", SEQUENTIAL, ids=lambda p: p.name)
def test_corpus_program_lowers_verifies_and_round_trips(prog):
    paths = [str(s) for s in prog.sources]
    if prog.name in NOT_YET:
        with pytest.raises(CompileError, match=NOT_YET[prog.name]):
            parse_program(paths)
        return
    program = parse_program(paths)
    assert inspire.verify(program) == []
    assert inspire.parse(inspire.print_program(program)) is program


def lower_text(tmp_path, text, name="t.c"):
    src = tmp_path / name
    src.write_text(text)
    return parse_program([str(src)])


def test_recursion_becomes_a_recursive_definition(tmp_path):
    program = lower_text(
        tmp_path,
        """
        static int leaf(int x) { return x + 1; }
        int even(int n);
        int odd(int n) { return n == 0 ? 0 : even(n - 1); }
        int even(int n) { return n == 0 ? 1 : odd(n - 1); }
        int main(void) { return leaf(even(4)) - 2; }
        """,
    )
    root = inspire.Address.root_of(program)
    calls = root.calls_of(lambda f: isinstance(f, inspire.LambdaExpr))
    by_name = {c.node.function.reference.name: c.node.function for c in calls}
    assert not inspire.is_recursive(by_name["leaf"])
    assert inspire.is_recursive(by_name["even"])
    assert by_name["even"].definition is by_name["odd"].definition if "odd" in by_name else True
    refs = {
        c.node.function.name
        for c in root.calls_of(lambda f: isinstance(f, inspire.LambdaReference))
    }
    assert refs == {"even", "odd"}


def test_explicit_stack_storage_for_locals_and_arguments(tmp_path):
    program = lower_text(
        tmp_path,
        "int f(int a, double b) { int c = a; return c; }\nint main(void) { return f(1, 2.0); }\n",
    )
    text = inspire.print_program(program)
    assert "def f = function (a : int<4>, b : real<8>) -> int<4>" in text
    call = (
        inspire.Address.root_of(program)
        .calls_of(lambda fn: isinstance(fn, inspire.LambdaExpr) and fn.reference.name == "f")[0]
        .node
    )
    assert all(isinstance(a, inspire.Declaration) for a in call.args)
    assert [str(a.type) for a in call.args] == ["ref<int<4>>", "ref<real<8>>"]


def test_static_names_are_file_local(tmp_path):
    a = tmp_path / "a.c"
    b = tmp_path / "b.c"
    a.write_text("static int helper(void) { return 1; }\nint from_a(void) { return helper(); }\n")
    b.write_text(
        "static int helper(void) { return 2; }\nint from_a(void);\n"
        "int main(void) { return from_a() + helper() - 3; }\n"
    )
    program = parse_program([str(a), str(b)])
    names = {n.reference.name for n in program.walk() if isinstance(n, inspire.LambdaExpr)}
    assert names == {"main", "from_a", "helper", "helper_2"}


def test_includes_and_header_records(tmp_path):
    program = lower_text(
        tmp_path,
        "#include <stdio.h>\n#include <sys/time.h>\n"
        'int main(void) { struct timeval tv; gettimeofday(&tv, 0); printf("x\\n"); return 0; }\n',
    )
    assert program.includes == ("<stdio.h>", "<sys/time.h>")
    timeval = next(s for s in program.structs if s.name == "timeval")
    assert timeval.header  # from a bundled header: not emitted again


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("int main(void) { return y; }\n", "t.c:1:25: error: 'y' undeclared"),
        ("int main(void) { 3 = 4; return 0; }\n", "t.c:1:18: error: lvalue required"),
        (
            "int main(void) { int x = 0;\n#pragma omp allocate(x)\n return x; }\n",
            "T/t.c:2:9: error: OpenMP directive 'allocate' is not supported",
        ),
        (
            "int main(void) { int x = 0;\n#pragma omp task allocate(x)\n x++; return x; }\n",
            "T/t.c:2:9: error: 'x' specified in 'allocate' clause but not in an explicit "
            "privatization clause",
        ),
        (
            "int main(void) { int s = 0;\n#pragma omp parallel\n#pragma omp teams\n"
            " s++; return s; }\n",
            "T/t.c:3:9: error: 'teams' construct must be closely nested inside of 'target' "
            "construct or not nested in any OpenMP construct",
        ),
        (
            "int f(void) { return 0; }\n",
            "inspirec: error: the program has no 'main' function (inspirec analyses a whole "
            "program from main: the file that defines it must be one inspirec compiles)",
        ),
        (
            "struct s { int a; }; int main(void) { struct s v; return v.b; }\n",
            "T/t.c:1:59: error: 'struct s' has no member named 'b'",
        ),
        (
            "int f(int a) { return a; } int main(void) { return f(1, 2); }\n",
            "T/t.c:1:52: error: wrong number of arguments in call (expected 1, got 2)",
        ),
        (
            "int n = 3;\nint a[n];\nint main(void) { return 0; }\n",
            "T/t.c:2:7: error: variably modified type (an array of run-time size) is not "
            "allowed here: only block-scope objects, typedefs, parameters, casts and sizeof "
            "may have one",
        ),
        (
            "int main(void) { int n = 3; struct s { int a[n]; } v; return 0; }\n",
            "T/t.c:1:46: error: variably modified type (an array of run-time size) is not allowed",
        ),
        (
            "int main(void) { int n = 3; static int b[n]; return 0; }\n",
            "T/t.c:1:42: error: variably modified type (an array of run-time size) is not allowed",
        ),
        (
            "int g(int n, int a[n][n]) { n = 1; return (int)sizeof a[0]; }\n"
            "int main(void) { return 0; }\n",
            "T/t.c:1:55: error: an array size that reads parameter 'n', which the function "
            "modifies, is not supported here",
        ),
        (
            "struct s { int a; struct { int b; float c; }; int d; };\n"
            "int main(void) { struct s v = {.b = 1, 2}; return v.a; }\n",
            "T/t.c:2:40: error: a positional initializer after a designator into an anonymous "
            "struct member is not supported",
        ),
        (
            "int main(void) { int n = 3; int b[n] = {1}; return 0; }\n",
            "T/t.c:1:41: error: variable-sized object may not be initialized",
        ),
        (
            "int main(void) { int n = 3; int b[n][n]; int i = 0; return (int)sizeof b[i++]; }\n",
            "error: sizeof of a variable-length array expression with side effects is not "
            "supported",
        ),
    ],
)
def test_diagnostics(tmp_path, source, message):
    with pytest.raises(CompileError) as info:
        lower_text(tmp_path, source)
    text = str(info.value).replace(str(tmp_path), "T")
    assert message in text


def test_positions_are_in_the_original_source_through_macros_and_tabs(tmp_path):
    source = (
        "#define TWICE(x) ((x) + (x))\n"
        "int main(void) {\n\tint a = TWICE(nothing);\n    return a;\n}\n"
    )
    with pytest.raises(CompileError) as info:
        lower_text(tmp_path, source)
    text = str(info.value).replace(str(tmp_path), "T")
    assert text.splitlines()[0] == "T/t.c:3:23: error: 'nothing' undeclared"
    assert text.splitlines()[2].endswith("^") and text.splitlines()[2].index("^") == 30


def test_unknown_pragmas_are_ignored_with_a_warning(tmp_path):
    log = DiagnosticLog()
    src = tmp_path / "w.c"
    src.write_text("#pragma weird thing\nint main(void) { return 0; }\n")
    parse_program([str(src)], log=log)
    assert [str(d).splitlines()[0] for d in log.warnings] == [
        f"{src}:1:9: warning: ignoring '#pragma weird thing' [-Wunknown-pragmas]"
    ]


def test_volatile_globals_without_initialiser(tmp_path):
    # Regression: the implicit zero initialiser of a volatile global did not verify.
    program = lower_text(
        tmp_path, "static volatile int g;\nint main(void) { g = 1; return g - 1; }\n"
    )
    text = inspire.print_program(program)
    assert "global static g : ref<volatile<int<4>>>;" in text
    assert inspire.parse(text) is program


OPENMP_ERRORS = [
    (
        "int g;\nint main(void) { int x = 0;\n#pragma omp threadprivate(x)\n return x; }\n",
        "T/t.c:3:9: error: 'x' in threadprivate is not a file-scope or static variable",
    ),
    (
        "int main(void) { int x = 0;\n#pragma omp parallel default(none)\n x++; return x; }\n",
        "T/t.c:3:2: error: 'x' not specified in enclosing 'parallel'",
    ),
    (
        "int main(void) { int x = 0;\n#pragma omp atomic\n x = 3; return x; }\n",
        "T/t.c:2:9: error: invalid form of '#pragma omp atomic update' "
        "(expected 'x++;', 'x op= expr;' or 'x = x op expr;')",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp for\n for (int i = 0; i == 3; i++) s++;"
        " return s; }\n",
        "T/t.c:2:9: error: the condition of an 'omp for' loop must be i < b, <=, >, >= or !=",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp for schedule(monotonic: lazy)\n"
        " for (int i = 0; i < 3; i++) s++; return s; }\n",
        "T/t.c:2:37: error: invalid schedule kind before 'lazy'",
    ),
    (
        "int main(void) {\n return 0;\n#pragma omp task\n}\n",
        "T/t.c:3:9: error: OpenMP construct without a following statement",
    ),
    (
        "#pragma omp barrier\nint main(void) { return 0; }\n",
        "T/t.c:1:9: error: '#pragma omp barrier' is not allowed at file scope",
    ),
]


@pytest.mark.parametrize(("source", "message"), OPENMP_ERRORS)
def test_openmp_diagnostics(tmp_path, source, message):
    with pytest.raises(CompileError) as info:
        lower_text(tmp_path, source)
    assert message in str(info.value).replace(str(tmp_path), "T")
