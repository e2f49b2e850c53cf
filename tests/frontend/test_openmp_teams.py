"""Host ``teams`` and ``distribute``: the lowering's shape (a loop over the
team numbers around the body, each team's body in a taskgroup; a distribute
loop a ``pfor`` per part of the team's iterations), gcc -fopenmp's errors
and warnings for their misuses (message, line and column, compared with gcc
12 itself where it is installed), and what a program sees of the teams ICVs
at run time (the environment variables, the thread limit of a parallel
region in a team) against gcc's build.  Their behaviour is checked against
gcc by the corpus programs ``par/teams_basic``, ``par/teams_distribute`` and
``par/teams_reduction``."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.inspire.printer import print_program

import inspirec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus
from lowering_errors import gcc_first_diagnostic, lowering_error


def program(body: str) -> str:
    """``body`` inside ``main`` with locals ``a``, ``s`` and ``arr``; its first line is line 4."""
    main = "#include <omp.h>\nint main(void) {\n  int a = 0, s = 0; int arr[10] = {0};\n"
    return f"{main}{body}\n  return a + s + arr[0];\n}}\n"


def lower(tmp_path: Path, body: str) -> str:
    src = tmp_path / "t.c"
    src.write_text(program(body))
    return print_program(parse_program([str(src)]))


def test_teams_is_a_loop_over_the_teams_with_a_taskgroup_per_team(tmp_path):
    text = lower(tmp_path, "#pragma omp teams num_teams(4) thread_limit(2) private(a)\na = 1;")
    assert "teams_begin(4, 2)" in text
    begin, loop = text.index("teams_begin("), text.index("for @")
    team, group = text.index("teams_team("), text.index("taskgroup_begin()")
    assert begin < loop < team < group < text.index("taskgroup_end()") < text.index("teams_end()")
    assert "parallel(" not in text  # no region: the teams run on the encountering thread


def test_distribute_runs_a_pfor_per_part_of_the_team(tmp_path):
    text = lower(
        tmp_path,
        "#pragma omp teams distribute dist_schedule(static, 3)\n"
        "for (int i = 0; i < 10; i++) arr[i] = i;",
    )
    assert "distribute_next(" in text
    assert text.index("while @") < text.index("(distribute_next(") < text.index("pfor(")
    assert "barrier()" not in text  # distribute has no barrier


def test_distribute_parallel_for_shares_each_part_in_one_region_per_team(tmp_path):
    text = lower(
        tmp_path,
        "#pragma omp teams distribute parallel for\nfor (int i = 0; i < 10; i++) arr[i] = i;",
    )
    # a team without iterations starts no region (the first distribute_next)
    assert text.count("merge(parallel(") == 1
    region = text.index("merge(parallel(")
    assert text.index("distribute_next(") < region
    assert region < text.index("distribute_next(", region) < text.index("pfor(")


#: Misuses gcc 12 rejects, with its message at its position.
MISUSES = [
    (
        "#pragma omp parallel\n#pragma omp teams\n{ a++; }",
        "T/t.c:5:9: error: 'teams' construct must be closely nested inside of 'target' "
        "construct or not nested in any OpenMP construct",
    ),
    (
        "#pragma omp task\n#pragma omp teams\n{ a++; }",
        "T/t.c:5:9: error: 'teams' construct must be closely nested inside of 'target' "
        "construct or not nested in any OpenMP construct",
    ),
    (
        "#pragma omp teams\n{\n#pragma omp parallel\n#pragma omp teams\na++;\n}",
        "T/t.c:7:9: error: 'teams' construct must be closely nested inside of 'target' "
        "construct or not nested in any OpenMP construct",
    ),
    *(
        (
            f"#pragma omp teams\n{{\n{inner}\n}}",
            "T/t.c:6:9: error: only 'distribute', 'parallel' or 'loop' regions are allowed to "
            "be strictly nested inside 'teams' region",
        )
        for inner in (
            "#pragma omp single\na++;",
            "#pragma omp task\na++;",
            "#pragma omp atomic\na++;",
            "#pragma omp critical\na++;",
            "#pragma omp barrier",
            "#pragma omp taskwait",
            "#pragma omp taskyield",
            "#pragma omp masked\na++;",
            "#pragma omp taskgroup\na++;",
            "#pragma omp simd\nfor (int i = 0; i < 3; i++) a++;",
            "#pragma omp for\nfor (int i = 0; i < 3; i++) a++;",
            "#pragma omp teams\na++;",
            "#pragma omp scope\na++;",
            "#pragma omp cancel parallel",
        )
    ),
    (
        "#pragma omp teams\n{\nfor (int i = 0; i < 3; i++) {\n#pragma omp critical\na++;\n}\n}",
        "T/t.c:7:9: error: only 'distribute', 'parallel' or 'loop' regions are allowed to be "
        "strictly nested inside 'teams' region",
    ),
    (
        "#pragma omp parallel\n#pragma omp distribute\nfor (int i = 0; i < 3; i++) a++;",
        "T/t.c:5:9: error: 'distribute' region must be strictly nested inside 'teams' construct",
    ),
    (
        "#pragma omp teams\n{\n#pragma omp parallel\n#pragma omp distribute\n"
        "for (int i = 0; i < 3; i++) a++;\n}",
        "T/t.c:7:9: error: 'distribute' region must be strictly nested inside 'teams' construct",
    ),
    (
        "#pragma omp teams distribute\nfor (int i = 0; i < 3; i++) {\n#pragma omp distribute\n"
        "for (int j = 0; j < 3; j++) a++;\n}",
        "T/t.c:6:9: error: 'distribute' region must be strictly nested inside 'teams' construct",
    ),
    (
        "#pragma omp parallel\n{\n#pragma omp loop bind(teams)\n"
        "for (int i = 0; i < 3; i++) a++;\n}",
        "T/t.c:6:9: error: 'bind(teams)' on a 'loop' region not strictly nested inside of a "
        "'teams' region",
    ),
    (
        "#pragma omp teams reduction(+: s)\n{\n#pragma omp loop bind(parallel) reduction(+: s)\n"
        "for (int i = 0; i < 3; i++) s++;\n}",
        "T/t.c:6:9: error: reduction variable 's' is private in outer context",
    ),
    (
        "#pragma omp teams distribute parallel for\nfor (int i = 0; i < 3; i++) {\n"
        "#pragma omp ordered\na++;\n}",
        "T/t.c:6:9: error: 'ordered' region must be closely nested inside a loop region with an "
        "'ordered' clause",
    ),
    (
        "#pragma omp teams\n{ s = omp_get_level(); }",
        "T/t.c:5:7: error: OpenMP runtime API call 'omp_get_level' strictly nested in a 'teams' "
        "region",
    ),
    (
        "#pragma omp teams\n{ double w = omp_get_wtime(); s = w; }",
        "T/t.c:5:14: error: OpenMP runtime API call 'omp_get_wtime' strictly nested in a "
        "'teams' region",
    ),
    (
        "#pragma omp teams\n{ if (a) omp_set_num_threads(2); }",
        "T/t.c:5:10: error: OpenMP runtime API call 'omp_set_num_threads' strictly nested in a "
        "'teams' region",
    ),
    (
        "#pragma omp teams distribute lastprivate(conditional: a)\n"
        "for (int i = 0; i < 3; i++) a = i;",
        None,  # gcc: at the clause
    ),
    (
        "#pragma omp teams distribute dist_schedule(dynamic)\nfor (int i = 0; i < 3; i++) a++;",
        "T/t.c:4:44: error: invalid dist_schedule kind before 'dynamic'",
    ),
    (
        "#pragma omp teams distribute simd linear(a)\nfor (int i = 0; i < 3; i++) a++;",
        None,  # gcc: at the clause
    ),
    (
        "#pragma omp teams distribute parallel for firstprivate(a) lastprivate(a)\n"
        "for (int i = 0; i < 3; i++) a = i;",
        "T/t.c:4:9: error: lastprivate variable 'a' is private in outer context",
    ),
    (
        "#pragma omp teams\n#pragma omp distribute firstprivate(a) lastprivate(a)\n"
        "for (int i = 0; i < 3; i++) a = i;",
        "T/t.c:5:51: error: same variable used in 'firstprivate' and 'lastprivate' clauses on "
        "'distribute' construct",
    ),
]

#: Where inspirec reports at the pragma what gcc reports at the clause.
AT_PRAGMA = {
    "lastprivate(conditional": "T/t.c:4:9: error: conditional 'lastprivate' clause on "
    "'distribute' construct",
    "linear(a)": "T/t.c:4:9: error: 'linear' clause for variable other than loop iterator "
    "specified on construct combined with 'distribute'",
}


@pytest.mark.parametrize(("body", "message"), MISUSES)
def test_misuse_is_gccs_error(tmp_path, body, message):
    source = program(body)
    got = lowering_error(tmp_path, source).splitlines()[0]
    expected = gcc_first_diagnostic(tmp_path, source)
    if message is None:
        (message,) = (m for key, m in AT_PRAGMA.items() if key in body)
        if expected is not None:  # the same message, at the clause
            assert expected.split(" error: ")[1] == message.split(" error: ")[1]
        assert got == message
        return
    if expected is not None:
        assert expected == message
    assert got == message


#: What gcc 12 accepts strictly nested in teams, and calls it allows there.
ACCEPTED = [
    "#pragma omp teams\n{\n#pragma omp flush\n#pragma omp nothing\n}",
    "#pragma omp teams\n{\n#pragma omp parallel for\nfor (int i = 0; i < 3; i++) a++;\n}",
    "#pragma omp teams\n{\n#pragma omp loop bind(parallel)\nfor (int i = 0; i < 3; i++) a++;\n}",
    "#pragma omp teams\n{ s = omp_get_team_num() + omp_get_num_teams(); }",
    "#pragma omp teams\n{\n#pragma omp distribute\nfor (int i = 0; i < 3; i++) s = omp_get_level();"
    "\n#pragma omp parallel\ns = omp_get_level();\n}",
    "#pragma omp teams num_teams(omp_get_max_teams()) thread_limit(omp_get_thread_limit())\na++;",
    "#pragma omp distribute\nfor (int i = 0; i < 3; i++) a++;",
    "#pragma omp loop bind(teams)\nfor (int i = 0; i < 3; i++) a++;",
    "#pragma omp teams loop bind(parallel) reduction(+: s) lastprivate(a)\n"
    "for (a = 0; a < 3; a++) s++;",
    "#pragma omp teams default(firstprivate) allocate(a) private(a)\na = 1;",
]


@pytest.mark.parametrize("body", ACCEPTED)
def test_what_gcc_accepts_lowers(tmp_path, body):
    source = program(body)
    assert gcc_first_diagnostic(tmp_path, source) in (None, "")
    lower(tmp_path, body)


@pytest.mark.parametrize(
    ("clauses", "warning"),
    [
        ("num_teams(0)", "T/t.c:4:29: warning: 'num_teams' value must be positive"),
        ("thread_limit(-1)", "T/t.c:4:32: warning: 'thread_limit' value must be positive"),
        (
            "num_teams(5:2)",
            "T/t.c:4:29: warning: 'num_teams' lower bound '5' bigger than upper bound '2'",
        ),
    ],
)
def test_clause_values_warn_as_gcc(tmp_path, clauses, warning):
    src = tmp_path / "t.c"
    source = program(f"#pragma omp teams {clauses}\na++;")
    src.write_text(source)
    proc = subprocess.run(
        [sys.executable, "-m", "inspirec", "emit", str(src)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert proc.stderr.replace(str(tmp_path), "T").splitlines()[0] == warning
    expected = gcc_first_diagnostic(tmp_path, source)
    if expected is not None:
        assert expected == warning


def test_default_none_names_the_variable_at_its_use(tmp_path):
    message = lowering_error(tmp_path, program("#pragma omp teams default(none)\ns = 1;"))
    assert message.splitlines()[0] == "T/t.c:5:1: error: 's' not specified in enclosing 'teams'"
    assert "T/t.c:4:9: note: enclosing 'teams'" in message


def test_clauses_gcc_does_not_allow_on_teams(tmp_path):
    for clause in ("if(a)", "nowait"):
        with pytest.raises(
            CompileError, match=r"t.c:4:\d+: error: '\w+' is not valid for '#pragma omp teams'"
        ):
            lower(tmp_path, f"#pragma omp teams {clause}\na++;")


TEAMS_ICVS = r"""
#include <omp.h>
#include <stdio.h>
int main(void)
{
    int n = 0, threads[8] = {0}, limit[8] = {0}, level[8] = {0};
    #pragma omp teams
    {
        int t = omp_get_team_num();
        if (t == 0)
            n = omp_get_num_teams();
        #pragma omp parallel num_threads(4)
        #pragma omp master
        {
            threads[t] = omp_get_num_threads();
            limit[t] = omp_get_thread_limit();
            level[t] = omp_get_level();
        }
    }
    printf("%d teams; max %d, limit %d\n", n, omp_get_max_teams(), omp_get_teams_thread_limit());
    for (int t = 0; t < n && t < 8; t++)
        printf("team %d: %d threads, limit %d, level %d\n", t, threads[t], limit[t], level[t]);
    printf("outside: %d of %d, limit %d\n", omp_get_team_num(), omp_get_num_teams(),
           omp_get_thread_limit());
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_teams_icvs_follow_the_environment_as_in_gcc(tmp_path):
    # The number of teams and the thread limit of a parallel region in a team
    # from OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT (or libgomp's defaults),
    # as gcc's build answers them, at 1, 2 and 4 threads.
    src = tmp_path / "teams_icvs.c"
    src.write_text(TEAMS_ICVS)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for env in ({}, {"OMP_NUM_TEAMS": "5"}, {"OMP_TEAMS_THREAD_LIMIT": "3"},
                {"OMP_NUM_TEAMS": "2", "OMP_TEAMS_THREAD_LIMIT": "2"}):  # fmt: skip
        for threads in corpus.THREAD_COUNTS:
            expected = corpus.run_binary(gcc_exe, threads=threads, env_extra=env)
            got = corpus.run_binary(ours, threads=threads, env_extra=env)
            assert (got.returncode, got.stdout) == (0, expected.stdout), (env, threads)


DIVISIONS = r"""
#include <omp.h>
#include <stdio.h>
int main(void)
{
    int who[64];
    for (int teams = 1; teams <= 5; teams++)
        for (int n = 0; n <= 23; n++)
            for (int chunk = 0; chunk <= 4; chunk++) {
                for (int i = 0; i < n; i++)
                    who[i] = -1;
                if (chunk == 0) {
                    #pragma omp teams distribute num_teams(teams)
                    for (int i = 0; i < n; i++)
                        who[i] = omp_get_team_num();
                } else {
                    #pragma omp teams distribute num_teams(teams) dist_schedule(static, chunk)
                    for (int i = n - 1; i >= 0; i--)
                        who[i] = omp_get_team_num();
                }
                printf("%d %d %d:", teams, n, chunk);
                for (int i = 0; i < n; i++)
                    printf(" %d", who[i]);
                printf("\n");
            }
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
@pytest.mark.parametrize("serial", [False, True])
def test_distribute_divides_iterations_as_gcc(tmp_path, serial):
    # Which team runs each iteration, for 1 to 5 teams, 0 to 23 iterations
    # and dist_schedule chunks 1 to 4 (or none), as in gcc's build; the
    # serial-only build divides them alike.
    src = tmp_path / "divisions.c"
    src.write_text(DIVISIONS)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours), serial=serial)
    expected = corpus.run_binary(gcc_exe, threads=2)
    got = corpus.run_binary(ours, threads=2)
    assert (got.returncode, got.stdout) == (0, expected.stdout)


ORPHANED_TEAMS = r"""
#include <omp.h>
#include <stdio.h>
int res[2][4];
void f(int t)
{
    #pragma omp teams num_teams(3)
    res[t][omp_get_team_num()] = 1 + 10 * omp_get_num_teams();
}
int main(void)
{
    #pragma omp parallel num_threads(2)
    f(omp_get_thread_num());
    for (int t = 0; t < 2; t++)
        printf("%d %d %d %d\n", res[t][0], res[t][1], res[t][2], res[t][3]);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_teams_in_the_threads_of_a_region_are_their_own(tmp_path):
    # OpenMP does not allow a teams region in a parallel region, but gcc
    # cannot see one in a function called there and libgomp runs it in each
    # thread: so does the runtime (the state belongs to the work item).
    src = tmp_path / "orphaned.c"
    src.write_text(ORPHANED_TEAMS)
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in corpus.THREAD_COUNTS:
        got = corpus.run_binary(ours, threads=threads)
        assert (got.returncode, got.stdout) == (0, "31 31 31 0\n31 31 31 0\n"), threads


def test_cancel_for_in_distribute_parallel_for_warns_as_gcc(tmp_path):
    src = tmp_path / "t.c"
    source = program(
        "#pragma omp teams distribute parallel for\nfor (int i = 0; i < 3; i++) {\n"
        "#pragma omp cancel for if(i > 5)\na++;\n}"
    )
    src.write_text(source)
    proc = subprocess.run(
        [sys.executable, "-m", "inspirec", "emit", str(src)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    warning = "T/t.c:6:9: warning: 'cancel for' inside 'nowait' for construct"
    assert proc.stderr.replace(str(tmp_path), "T").splitlines()[0] == warning
    expected = gcc_first_diagnostic(tmp_path, source)
    if expected is not None:
        assert expected == warning
