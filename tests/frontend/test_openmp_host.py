"""Host constructs around tasks: ``single copyprivate``, ``parallel copyin``,
``ordered`` (the clause and the construct), arrays in the copies of ``for``
and ``sections``, ``parallel master``/``masked``: the lowering's shape and
gcc -fopenmp's errors for their misuses (or the unsupported cases), each at
the pragma.  Their behaviour is checked against gcc by the corpus programs
``par/copyprivate_copyin``, ``par/ordered_loops`` and ``par/for_array_copies``."""

import shutil
import sys
from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from inspirec.inspire.printer import print_program

import inspirec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus
from lowering_errors import lowering_error

PRELUDE = "int tp, g;\n#pragma omp threadprivate(tp)\n"


def program(body: str) -> str:
    """``body`` inside ``main`` with locals ``a`` and ``arr``; its first line is line 5."""
    main = "int main(void) {\n  int a = 0; int arr[3] = {0};\n"
    return f"{PRELUDE}{main}{body}\n  return a;\n}}\n"


def lower(tmp_path: Path, body: str) -> str:
    src = tmp_path / "t.c"
    src.write_text(program(body))
    return print_program(parse_program([str(src)]))


def error(tmp_path: Path, body: str) -> str:
    return lowering_error(tmp_path, program(body)).splitlines()[0]


def test_copyprivate_publishes_then_copies_between_two_barriers(tmp_path):
    text = lower(
        tmp_path,
        "#pragma omp parallel private(a, arr)\n{\n#pragma omp single copyprivate(a, arr, tp)\n"
        "a = 1;\n}",
    )
    assert text.index("single()") < text.index("copyprivate(") < text.index("barrier()")
    assert text.count("copy_object(") == 3


def test_copyin_copies_then_waits(tmp_path):
    text = lower(tmp_path, "#pragma omp parallel copyin(tp)\ntp++;")
    assert "__inspire_ci_tp" in text
    assert text.index("copy_object(") < text.index("barrier()")


def test_schedule_modifiers_are_accepted(tmp_path):
    for schedule in ("monotonic: dynamic, 2", "nonmonotonic: guided", "simd: static, 4",
                     "monotonic, simd: runtime"):  # fmt: skip
        text = lower(tmp_path, f"#pragma omp parallel for schedule({schedule})\n"
                     "for (int i = 0; i < 9; i++) a++;")  # fmt: skip
        assert "pfor(" in text


def test_ordered_loop_marks_its_iterations(tmp_path):
    text = lower(
        tmp_path,
        "#pragma omp parallel for ordered schedule(dynamic)\nfor (int i = 0; i < 9; i++) {\n"
        "#pragma omp ordered\na += i;\n}",
    )
    assert "ordered_iteration()" in text
    assert text.index("ordered_begin()") < text.index("ordered_end()")
    assert ", 9, " in text  # dynamic (1) with the ordered flag (8)


def test_an_ordered_loop_without_ordered_regions_runs_as_without_the_clause(tmp_path):
    text = lower(
        tmp_path,
        "#pragma omp parallel for ordered schedule(dynamic)\nfor (int i = 0; i < 9; i++) a += i;",
    )
    assert "ordered_iteration()" not in text and ", 1, " in text  # dynamic, not ordered


def test_an_ordered_loop_calling_a_function_keeps_its_order_for_orphaned_regions(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "int a;\nvoid step(int i) {\n#pragma omp ordered\n  a += i;\n}\nvoid other(int i) {}\n"
        "int main(void) {\n#pragma omp parallel for ordered\n"
        "  for (int i = 0; i < 9; i++) step(i);\n"
        "#pragma omp parallel for ordered\n  for (int i = 0; i < 9; i++) other(i);\n"
        "  return a;\n}\n"
    )
    text = print_program(parse_program([str(src)]))
    # a program with an ordered region outside the loops: both may reach it
    assert text.count("ordered_iteration()") == 2


def test_parallel_masked_splits_its_clauses(tmp_path):
    text = lower(tmp_path, "#pragma omp parallel masked filter(1) num_threads(2)\na = 1;")
    assert "merge(parallel(job[1 .. 2] =>" in text
    assert "if (eq(get_thread_id(), 1))" in text


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "#pragma omp parallel\n{\n#pragma omp single copyprivate(a) nowait\na = 1;\n}",
            "T/t.c:7:9: error: 'nowait' clause must not be used together with 'copyprivate'",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single copyprivate(a, a)\na = 1;\n}",
            "T/t.c:7:31: error: 'a' appears more than once in data clauses",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single private(a) copyprivate(a)\na = 1;\n}",
            "T/t.c:7:27: error: 'a' appears more than once in data clauses",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single copyprivate(zz)\na = 1;\n}",
            "T/t.c:7:32: error: 'zz' undeclared (first use in this function)",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single copyprivate(a)\na = 1;\n}",
            "T/t.c:7:9: error: copyprivate variable 'a' is not threadprivate or private in "
            "outer context",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single copyprivate(g)\ng = 1;\n}",
            "T/t.c:7:9: error: copyprivate variable 'g' is not threadprivate or private in "
            "outer context",
        ),
        (
            "#pragma omp parallel private(a)\n{\n#pragma omp single firstprivate(a) "
            "copyprivate(a)\na = 1;\n}",
            "T/t.c:7:32: error: 'a' appears more than once in data clauses",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp single firstprivate(a) private(a)\na = 1;\n}",
            "T/t.c:7:32: error: 'a' appears more than once in data clauses",
        ),
        (
            "#pragma omp parallel copyin(a)\na++;",
            "T/t.c:5:28: error: 'a' must be 'threadprivate' for 'copyin'",
        ),
        (
            "#pragma omp parallel copyin(g)\ng++;",
            "T/t.c:5:28: error: 'g' must be 'threadprivate' for 'copyin'",
        ),
        (
            "#pragma omp parallel copyin(tp, tp)\ntp++;",
            "T/t.c:5:28: error: 'tp' appears more than once in data clauses",
        ),
        (
            "#pragma omp for ordered\nfor (int i = 0; i < 9; i++) {\n"
            "#pragma omp ordered\n{ if (i) return 1; }\n}",
            "T/t.c:8:10: error: invalid branch out of the OpenMP 'ordered' structured block",
        ),
        (
            "int m = a + 2; int vla[m];\n#pragma omp parallel for firstprivate(vla)\n"
            "for (int i = 0; i < 9; i++) vla[0] += i;",
            "T/t.c:6:9: error: variable-length array 'vla' in clause 'firstprivate' of 'for' "
            "is not supported",
        ),
        (
            "int m = a + 2; int vla[m];\n#pragma omp taskloop firstprivate(vla) nogroup\n"
            "for (int i = 0; i < 9; i++) vla[0] += i;",
            "T/t.c:6:9: error: firstprivate variable-length array 'vla' of a 'taskloop' with "
            "'nogroup' is not supported",
        ),
        (
            "#pragma omp taskloop reduction(+: a) lastprivate(a)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:31: error: 'a' appears more than once in data clauses",
        ),
        (
            "#pragma omp parallel for lastprivate(conditional: arr)\n"
            "for (int i = 0; i < 9; i++) arr[0] = i;",
            "T/t.c:5:9: error: non-scalar variable 'arr' in conditional 'lastprivate' clause",
        ),
        (
            "#pragma omp parallel for lastprivate(always: a)\nfor (int i = 0; i < 9; i++) a = i;",
            "T/t.c:5:38: error: 'always' undeclared (first use in this function)",
        ),
        (
            "#pragma omp taskloop lastprivate(conditional: a)\nfor (int i = 0; i < 9; i++) a = i;",
            "T/t.c:5:9: error: lastprivate(conditional:) on 'taskloop' is not supported",
        ),
        (
            "#pragma omp parallel for lastprivate(conditional: a)\nfor (int i = 0; i < 9; i++) {\n"
            "#pragma omp task\na = i;\n}",
            "T/t.c:5:9: error: lastprivate(conditional: a) assigned in a nested task is not "
            "supported",
        ),
        (
            "#pragma omp parallel for\nfor (int i = 0; i < 9; i++) {\n"
            "#pragma omp ordered\na += i;\n}",
            "T/t.c:7:9: error: 'ordered' region must be closely nested inside a loop region "
            "with an 'ordered' clause",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp ordered\na++;\n}",
            "T/t.c:7:9: error: 'ordered' region must be closely nested inside a loop region "
            "with an 'ordered' clause",
        ),
        (
            "#pragma omp parallel for ordered\nfor (int i = 0; i < 9; i++) {\n"
            "#pragma omp task\n{\n#pragma omp ordered\na += i;\n}\n}",
            "T/t.c:9:9: error: 'ordered' region may not be closely nested inside of 'critical', "
            "'ordered', explicit 'task' or 'taskloop' region",
        ),
        (
            "#pragma omp parallel for ordered\nfor (int i = 0; i < 9; i++) {\n"
            "#pragma omp critical\n{\n#pragma omp ordered\na += i;\n}\n}",
            "T/t.c:9:9: error: 'ordered' region may not be closely nested inside of 'critical', "
            "'ordered', explicit 'task' or 'taskloop' region",
        ),
        (
            "#pragma omp parallel for schedule(nonmonotonic: dynamic) ordered\n"
            "for (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: 'nonmonotonic' schedule modifier specified together with "
            "'ordered' clause",
        ),
        (
            "#pragma omp parallel for schedule(monotonic, nonmonotonic: dynamic)\n"
            "for (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:34: error: both 'monotonic' and 'nonmonotonic' modifiers specified",
        ),
        (
            "#pragma omp parallel for schedule(bogus: dynamic)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:35: error: invalid schedule kind before 'bogus'",
        ),
        (
            "#pragma omp parallel masked nowait\na = 1;",
            "T/t.c:5:29: error: 'nowait' is not valid for '#pragma omp parallel masked'",
        ),
        # the allocate clause
        (
            "#pragma omp parallel allocate(a)\na = 1;",
            "T/t.c:5:9: error: 'a' specified in 'allocate' clause but not in an explicit "
            "privatization clause",
        ),
        (
            "#pragma omp parallel private(a) allocate(align(3): a)\na = 1;",
            "T/t.c:5:9: error: 'align' clause argument needs to be positive constant power of two "
            "integer expression",
        ),
        (
            "#pragma omp task firstprivate(a) allocate(arr: a)\na = 1;",
            "T/t.c:5:9: error: 'allocate' clause allocator expression has type 'ptr<int<4>>' "
            "rather than 'omp_allocator_handle_t'",
        ),
        # linear on worksharing loops
        (
            "int i;\n#pragma omp parallel for linear(i)\nfor (i = 0; i < 9; i++) a++;",
            "T/t.c:6:9: error: iteration variable 'i' should not be linear",
        ),
        (
            "#pragma omp parallel for linear(val(a))\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: modifier should not be specified in 'linear' clause on 'simd' or "
            "'for' constructs",
        ),
        (
            "#pragma omp parallel for linear(a) lastprivate(a)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: 'a' appears more than once in data clauses",
        ),
        (
            "double d = 0;\n#pragma omp parallel for linear(d)\nfor (int i = 0; i < 9; i++) d++;",
            "T/t.c:6:32: error: linear clause applied to non-integral non-pointer variable with "
            "type 'double'",
        ),
        # OpenMP 5.0/5.1: loop, order, scope, error, critical hint
        (
            "#pragma omp loop\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: 'bind' clause not specified on a 'loop' construct not nested "
            "inside another OpenMP construct",
        ),
        (
            "#pragma omp loop bind(team)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:23: error: expected 'teams', 'parallel' or 'thread' before 'team'",
        ),
        (
            "#pragma omp parallel\n#pragma omp loop lastprivate(a)\n"
            "for (int i = 0; i < 9; i++) a++;",
            "T/t.c:6:9: error: 'lastprivate' clause on a 'loop' construct refers to a variable "
            "'a' which is not the loop iterator",
        ),
        (
            "#pragma omp parallel for order(random)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:32: error: expected 'concurrent' before 'random'",
        ),
        (
            "#pragma omp parallel for order(concurrent) ordered\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:31: error: 'order' clause must not be used together with 'ordered'",
        ),
        (
            "#pragma omp parallel\n{\nint p = 1;\n#pragma omp scope reduction(+: p)\na += p;\n}",
            "T/t.c:8:9: error: reduction variable 'p' is private in outer context",
        ),
        (
            "#pragma omp parallel\n#pragma omp loop bind(teams)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:6:9: error: 'bind(teams)' on a 'loop' region not strictly nested inside of a "
            "'teams' region",
        ),
        (
            "#pragma omp parallel loop bind(teams)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: 'bind(teams)' on a 'loop' region not strictly nested inside of a "
            "'teams' region",
        ),
        (
            "#pragma omp parallel loop bind(team)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:32: error: expected 'teams', 'parallel' or 'thread' before 'team'",
        ),
        (
            "#pragma omp parallel for order(sometimes: concurrent)\n"
            "for (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:9: error: expected 'reproducible' or 'unconstrained' before 'sometimes'",
        ),
        (
            "#pragma omp parallel for linear(a: 0.5)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:32: error: 'linear' clause step expression must be integral",
        ),
        (
            "#pragma omp parallel for linear(zz)\nfor (int i = 0; i < 9; i++) a++;",
            "T/t.c:5:33: error: 'zz' undeclared (first use in this function)",
        ),
        (
            "#pragma omp parallel private(a) allocate(zz)\na = 1;",
            "T/t.c:5:9: error: 'zz' undeclared in clause 'allocate'",
        ),
        (
            "#pragma omp error severity(mild)",
            "T/t.c:5:9: error: expected 'warning' or 'fatal' before 'mild'",
        ),
        (
            "#pragma omp error at(execution) message(a)",
            "T/t.c:5:9: error: 'message' clause must be a string (a 'const char *')",
        ),
        ("#pragma omp error", "T/t.c:5:9: error: 'pragma omp error' encountered"),
        (
            '#pragma omp error message("no" " go")',
            "T/t.c:5:9: error: 'pragma omp error' encountered: no go",
        ),
        (
            "#pragma omp error at(runtime)",
            "T/t.c:5:9: error: expected 'compilation' or 'execution' before 'runtime'",
        ),
        (
            "#pragma omp error message(a)",
            "T/t.c:5:9: error: expected string literal before ')' token",
        ),
        (
            "#pragma omp critical (c) hint(a)\na++;",
            "T/t.c:5:32: error: expected constant integer expression with valid sync-hint value "
            "before ')' token",
        ),
    ],
)
def test_misuse_is_gccs_error(tmp_path, body, message):
    assert error(tmp_path, body) == message


UNSIGNED_COUNTDOWNS = r"""
#include <stdio.h>
int main(void)
{
    int h[6][12] = {{0}};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop
        for (unsigned i = 10; i > 0; i -= 2) h[0][i]++;
        #pragma omp taskloop grainsize(2)
        for (unsigned i = 11; i > 0; i--) h[1][i]++;
        #pragma omp taskloop num_tasks(3)
        for (unsigned long i = 10; i > 2; i -= 3) h[2][i]++;
    }
    #pragma omp parallel for schedule(dynamic)
    for (unsigned i = 10; i > 0; i -= 2) h[3][i]++;
    #pragma omp parallel for
    for (unsigned short i = 11; i >= 1; i--) h[4][i]++;
    unsigned i;
    #pragma omp parallel for collapse(2)
    for (i = 11; i > 5; i -= 5)
        for (int j = 0; j < 2; j++) h[5][i - j]++;
    for (int k = 0; k < 6; k++) {
        for (int j = 0; j < 12; j++) printf("%d", h[k][j]);
        printf("\n");
    }
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_loops_counting_an_unsigned_variable_down(tmp_path):
    # Regression: the negative step of an unsigned loop variable was its
    # (positive) unsigned value once widened to long, so taskloop and for ran
    # no iterations or the wrong ones (gcc -fopenmp 12 runs none of the
    # unsigned int taskloops either; the reference is the serial elision).
    src = tmp_path / "countdown.c"
    src.write_text(UNSIGNED_COUNTDOWNS)
    serial = tmp_path / "serial"
    corpus.build_source_with_gcc(src, serial, "-O2", "-Wno-unknown-pragmas")
    expected = corpus.run_binary(serial).stdout
    assert expected.startswith("001010101010\n")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in corpus.THREAD_COUNTS:
        got = corpus.run_binary(ours, threads=threads)
        assert (got.returncode, got.stdout) == (0, expected), f"{threads} workers"


RUNTIME_SCHEDULE = r"""
#include <omp.h>
#include <stdio.h>

static void run(void)
{
    int owner[12], kind_static;
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    kind_static = ((unsigned)kind & 0x7fffffffu) == omp_sched_static;
    printf("schedule %#x chunk %d:", (unsigned)kind, chunk);
    #pragma omp parallel for schedule(runtime)
    for (int i = 0; i < 12; i++)
        owner[i] = omp_get_thread_num();
    int threads = 0;
    for (int i = 0; i < 12; i++) {
        if (kind_static)
            printf(" %d", owner[i]);
        threads = owner[i] > threads ? owner[i] : threads;
    }
    printf(kind_static ? "\n" : " ran, threads < %d\n", threads < omp_get_max_threads());
}

int main(void)
{
    run();
    omp_set_schedule(omp_sched_static, 3);
    run();
    omp_set_schedule(omp_sched_static, -1);
    run();
    omp_set_schedule(omp_sched_guided, 0);
    run();
    omp_set_schedule(omp_sched_auto, 7);
    run();
    return 0;
}
"""

#: OMP_SCHEDULE values: kinds in any case, chunks, modifiers, malformed ones
#: (reported, the initial value kept).
OMP_SCHEDULES = ("", "static", "static,4", "GUIDED , 7", "dynamic,0", "auto",
                 "monotonic:dynamic,3", "nonmonotonic:static,2", "bogus", "dynamic,x")  # fmt: skip


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_schedule_runtime_follows_omp_schedule_and_omp_set_schedule(tmp_path):
    # What omp_get_schedule answers after OMP_SCHEDULE and omp_set_schedule,
    # and which thread runs each iteration of a schedule(runtime) loop under
    # the static schedules, agree with gcc -fopenmp at 1, 2 and 4 threads.
    src = tmp_path / "runtime_schedule.c"
    src.write_text(RUNTIME_SCHEDULE)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for value in OMP_SCHEDULES:
        for threads in corpus.THREAD_COUNTS:
            env = {"OMP_SCHEDULE": value}
            expected = corpus.run_binary(gcc_exe, threads=threads, env_extra=env)
            got = corpus.run_binary(ours, threads=threads, env_extra=env)
            assert (got.returncode, got.stdout) == (0, expected.stdout), (value, threads)
            assert ("OMP_SCHEDULE" in got.stderr) == ("OMP_SCHEDULE" in expected.stderr), value


CONDITIONAL_SECTIONS = r"""
#include <stdio.h>
int main(void)
{
    int t = 9, u = 4, v = -1;
    #pragma omp parallel sections lastprivate(conditional: t, u) firstprivate(v)
    {
        #pragma omp section
        t = 1;
        #pragma omp section
        if (v < 0) t = 2;
        #pragma omp section
        ;
    }
    printf("%d %d\n", t, u);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_conditional_lastprivate_on_sections(tmp_path):
    # The last section that assigned t, none for u (gcc -fopenmp warns on
    # this construct, so the reference is the serial elision).
    src = tmp_path / "sections.c"
    src.write_text(CONDITIONAL_SECTIONS)
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in corpus.THREAD_COUNTS:
        got = corpus.run_binary(ours, threads=threads)
        assert (got.returncode, got.stdout) == (0, "2 4\n"), f"{threads} workers"


def test_error_directive_at_file_scope(tmp_path):
    execution = '#pragma omp error at(execution) message("x")\nint main(void) { return 0; }\n'
    assert lowering_error(tmp_path, execution).splitlines()[0] == (
        "T/t.c:1:9: error: '#pragma omp error' with 'at(execution)' clause may only be used in "
        "compound statements"
    )
    src = tmp_path / "w.c"
    src.write_text(
        '#pragma omp error severity(warning) message("soft")\nint main(void) { return 0; }\n'
    )
    log = inspirec.frontend.DiagnosticLog()
    parse_program([str(src)], log=log)
    assert [str(d).splitlines()[0] for d in log.diagnostics] == [
        f"{src}:1:9: warning: 'pragma omp error' encountered: soft"
    ]
