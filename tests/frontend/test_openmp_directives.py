"""OpenMP directives as registered handlers: precise errors for every directive
and clause the registry does not know; clause expressions in the program's scope."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from inspirec.frontend.openmp import BARE_CLAUSES, DIRECTIVES, parse_directive
from pycparser import c_ast

import inspirec

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402
from lowering_errors import lowering_error as lower_error  # noqa: E402


def directive_line(name: str, clauses: str) -> str:
    """``#pragma omp NAME`` with its argument (if it takes one) and ``clauses``."""
    argument = "(g)" if DIRECTIVES[name].argument else ""
    return f"#pragma omp {name}{argument} {clauses}"


def in_program(line: str, name: str) -> str:
    """A program with the directive ``line`` on line 3 (at file scope when the
    directive is declarative, else in ``main``, before a statement)."""
    if DIRECTIVES[name].form == "declarative":
        return f"int g;\n\n{line}\nint main(void) {{ return g; }}\n"
    return f"int g;\nint main(void) {{\n{line}\n  g++;\n  return g;\n}}\n"


#: gcc's error for a word after a directive, where it is not "expected
#: '#pragma omp' clause before" it: directives that take no clause (or none
#: after their argument: ``declare target(list)``) or read their own
#: (``declare reduction``: inspirec's own error).
WORD_ERRORS = {
    **dict.fromkeys(
        (
            "barrier",
            "master",
            "nothing",
            "section",
            "taskyield",
            "threadprivate",
            "flush",
            "declare target",
            "end declare target",
        ),
        "expected end of line before 'bogus'",
    ),
    "atomic": "expected 'read', 'write', 'update', 'capture', 'compare', 'weak', 'fail', "
    "'seq_cst', 'acq_rel', 'release', 'relaxed' or 'hint' clause",
    "depobj": "expected 'depend', 'destroy' or 'update' clause",
    "error": "expected 'at', 'severity' or 'message' clause",
    "declare variant": "expected 'match' before 'bogus'",
    "requires": "expected 'unified_address', 'unified_shared_memory', 'dynamic_allocators', "
    "'reverse_offload' or 'atomic_default_mem_order' clause",
}


@pytest.mark.parametrize("name", sorted(DIRECTIVES))
def test_unknown_clause_on_every_registered_directive(tmp_path, name):
    line = directive_line(name, "bogus(1)")
    text = lower_error(tmp_path, in_program(line, name))
    if name == "declare reduction":
        expected = "3:9: error: OpenMP clause 'bogus' is not supported on 'declare reduction'"
    else:
        message = WORD_ERRORS.get(name, "expected '#pragma omp' clause before 'bogus'")
        expected = f"3:{line.index('bogus') + 1}: error: {message}"
    assert text.splitlines()[0] == f"T/t.c:{expected}"
    source = tmp_path / "t.c"  # gcc, where installed, says the same (outside sections for one)
    # (gcc rejects a scan outside a loop with inscan reductions first)
    if name not in ("declare reduction", "section", "scan") and shutil.which("gcc") is not None:
        source.write_text(in_program(line, name))
        gcc = subprocess.run(
            ["gcc", "-fopenmp", "-c", str(source), "-o", "/dev/null"],
            capture_output=True,
            text=True,
        )
        first = next(x for x in gcc.stderr.splitlines() if ": error: " in x)
        assert first.replace("\u2018", "'").replace("\u2019", "'") == f"{source}:{expected}"


@pytest.mark.parametrize("name", sorted(DIRECTIVES))
def test_registered_clauses_are_accepted_by_the_parser(name):
    # The registry is what the parser reads: each declared clause parses.
    for clause in sorted(DIRECTIVES[name].clauses):
        if clause in BARE_CLAUSES:
            d = parse_directive(c_ast.Pragma(f"omp {name} {clause}"))
            assert d.clauses == {clause: [""]}
            continue
        d = parse_directive(c_ast.Pragma(f"omp {name} {clause}(x)"))
        assert d.clauses == {clause: ["x"]}


@pytest.mark.parametrize("scope", ["task", "threadprivate"])  # in main, at file scope
@pytest.mark.parametrize("line", ["#pragma omp frobnicate", "#pragma omp tile sizes(4)"])
def test_a_directive_gcc_does_not_know_is_ignored_with_a_warning(tmp_path, line, scope):
    """gcc 12 ignores it too (-Wunknown-pragmas): OpenMP 5.1's tile, a typo."""
    source = tmp_path / "t.c"
    source.write_text(in_program(line, scope))
    log = DiagnosticLog()
    parse_program([str(source)], log=log)
    assert [d.format(excerpt=False) for d in log.warnings] == [
        f"{source}:3:9: warning: ignoring '{line}' [-Wunknown-pragmas]"
    ]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("#pragma omp allocate(g)", "allocate"),
    ],
)
def test_a_directive_gcc_knows_and_inspirec_does_not_is_an_error(tmp_path, line, name):
    text = lower_error(tmp_path, in_program(line, "task"))
    assert text.splitlines()[0] == f"T/t.c:3:9: error: OpenMP directive '{name}' is not supported"


def test_constructs_are_not_allowed_at_file_scope(tmp_path):
    for name in sorted(DIRECTIVES):
        if DIRECTIVES[name].form == "declarative":
            continue
        text = lower_error(tmp_path, in_program(directive_line(name, ""), "threadprivate"))
        assert text.splitlines()[0].startswith(f"T/t.c:3:9: error: '#pragma omp {name}")
        assert "is not allowed at file scope" in text.splitlines()[0]


TYPEDEF_CLAUSES = """\
#include <stdio.h>
#include <omp.h>

typedef long my_t;
typedef int width_t;

static long work(int n) {
    typedef unsigned char small_t;
    long x = 0, y = 0;
    #pragma omp task shared(x) if((my_t)n > 10) final((small_t)(n + 256) < 5)
    x = n * 2 + omp_in_final();
    int width_t = n;  /* a variable hides the file-scope type name */
    #pragma omp task shared(y) if(width_t > 3)
    y = (my_t)width_t + 1;
    #pragma omp taskwait
    return x + y;
}

int main(void) {
    long total = 0;
    #pragma omp parallel num_threads((width_t)2)
    #pragma omp single
    {
        for (int n = 1; n < 30; n += 7)
            total += work(n);
    }
    printf("%ld\\n", total);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_clause_expressions_see_the_programs_type_names(tmp_path):
    # Regression: 'if((my_t)n > 10)' was a syntax error (the clause parser did
    # not know the program's typedefs); gcc -fopenmp accepts it.
    src = tmp_path / "typedef_clauses.c"
    src.write_text(TYPEDEF_CLAUSES)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    expected = corpus.run_binary(gcc_exe, threads=2)
    assert expected.returncode == 0
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in (1, 2):
        got = corpus.run_binary(ours, threads=threads)
        assert (got.returncode, got.stdout) == (0, expected.stdout)


TASKGROUP_BRANCHES = (
    ("if (g) return 1;", "6:12"),
    ("goto out;", "6:5"),
    ("break;", "6:5"),
    ("continue;", "6:5"),
)


@pytest.mark.parametrize(("branch", "position"), TASKGROUP_BRANCHES)
def test_branch_out_of_a_taskgroup_is_an_error(tmp_path, branch, position):
    # gcc: "invalid branch to/from OpenMP structured block"; the taskgroup's
    # wait would be skipped.
    source = (
        "int g;\nint main(void) {\n  for (;;) {\n"
        f"#pragma omp taskgroup\n  {{\n    {branch}\n  }}\n  }}\nout:\n  return g;\n}}\n"
    )
    text = lower_error(tmp_path, source)
    assert text.splitlines()[0] == (
        f"T/t.c:{position}: error: invalid branch out of the OpenMP 'taskgroup' structured block"
    )


def test_loops_and_switches_inside_a_taskgroup_may_break(tmp_path):
    from inspirec.inspire.parallel import is_taskgroup

    src = tmp_path / "t.c"
    src.write_text(
        "int g;\nint main(void) {\n#pragma omp taskgroup\n  {\n"
        "    for (int i = 0; i < 3; i++) { if (i) break; else continue; }\n"
        "    switch (g) { case 0: break; }\n  }\n  return g;\n}\n"
    )
    program = parse_program([str(src)])
    found = []
    stack = [program]
    while stack:
        x = stack.pop()
        found.append(is_taskgroup(x))
        stack.extend(x.children)
    assert found.count(True) == 1


def test_taskgroup_takes_no_nowait(tmp_path):
    # gcc: "'nowait' is not valid for '#pragma omp taskgroup'"
    text = lower_error(tmp_path, in_program("#pragma omp taskgroup nowait", "taskgroup"))
    assert text.splitlines()[0] == (
        "T/t.c:3:23: error: 'nowait' is not valid for '#pragma omp taskgroup'"
    )


@pytest.mark.parametrize(
    ("clauses", "message", "column"),
    [
        ("if(parallel: g) if(parallel: 1)", "too many 'if' clauses with 'parallel' modifier", 56),
        ("if(g) if(1)", "too many 'if' clauses without modifier", 46),
        (
            "if(parallel: g) if(1)",
            "if any 'if' clause has modifier, then all 'if' clauses have to use modifier",
            56,
        ),
    ],
)
def test_if_clauses_with_modifiers_are_checked(tmp_path, clauses, message, column):
    # at the later clause's '(', as gcc
    line = f"#pragma omp parallel masked taskloop {clauses}\n  for (int i = 0; i < 2; i++)"
    text = lower_error(tmp_path, in_program(line, "parallel masked taskloop"))
    assert text.splitlines()[0] == f"T/t.c:3:{column}: error: {message}"


def test_combined_constructs_take_only_their_leaves_clauses(tmp_path):
    # as gcc: filter belongs to masked, nowait to no leaf of a parallel construct
    for name, clause in (
        ("master taskloop", "filter(1)"),
        ("parallel masked taskloop simd", "nowait"),
        ("for simd", "grainsize(2)"),
    ):
        line = f"#pragma omp {name} {clause}\n  for (int i = 0; i < 2; i++)"
        text = lower_error(tmp_path, in_program(line, name))
        bare = clause.split("(")[0]
        assert text.splitlines()[0] == (
            f"T/t.c:3:{len(name) + 14}: error: '{bare}' is not valid for '#pragma omp {name}'"
        )


IGNORED_BETWEEN = """#include <stdio.h>
#include <omp.h>
int main(void) {
    int s = 0;
    #pragma omp parallel for reduction(+: s)
    #pragma omp unroll partial(2)
    for (int i = 0; i < 8; i++) s += i;
    #pragma omp parallel
    #pragma omp tile sizes(2)
    {
        #pragma omp single
        s += 100 * (omp_get_num_threads() >= 1);
    }
    printf("%d\\n", s);
    return 0;
}
"""


def test_a_directive_before_an_ignored_one_applies_to_the_statement_after_it(tmp_path):
    """As in gcc, the ignored line is not there: the loop is the parallel
    for's, the block the region's."""
    source = tmp_path / "t.c"
    source.write_text(IGNORED_BETWEEN)
    r = subprocess.run(
        [sys.executable, "-m", "inspirec", "run", str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert r.stdout == "128\n", r.stderr
    assert r.stderr.count("warning: ignoring '#pragma omp") == 2
