"""The OpenMP environment as a user sees it, compared with gcc's build
(libgomp 12): ``omp_display_env(0)``, ``omp_display_env(1)`` and
``OMP_DISPLAY_ENV=true/verbose`` print the same lines, and an ``OMP_*``
value libgomp rejects gives its warning line and the program runs on with
the default (exit status 0, same output), in the normal and the serial-only
build.

Lines compared with libgomp's own prefix ``libgomp: `` replaced by the
runtime's (``inspire runtime: ``, ``inspirec --serial: ``) and blank lines
dropped (libgomp starts each warning with an empty line).  Lines ignored,
each for a reason:

* ``GOMP_CPU_AFFINITY``, ``GOMP_STACKSIZE``, ``GOMP_SPINCOUNT``: libgomp's
  own variables, which verbose display adds; inspirec has none of them.
* ``OMP_NUM_THREADS`` in the serial-only build when the environment gives
  no valid list: its nthreads ICV starts at 1 (a team of one), so it
  displays 1 where libgomp displays the CPUs; for the same reason the
  program's ``omp_get_max_threads()`` line is not compared there.
* ``libgomp: Stack size less than minimum of 16k``: libgomp's limit for
  the threads it creates with OMP_STACKSIZE; inspirec's threads do not use
  OMP_STACKSIZE (not in these environments anyway).
"""

import pytest
from test_proc_bind import build_variants, run_variant

PROGRAM = r"""#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc > 1)
        omp_display_env(atoi(argv[1]));
    printf("max_threads=%d\n", omp_get_max_threads());
    printf("num_procs=%d\n", omp_get_num_procs());
    printf("max_levels=%d nested=%d\n", omp_get_max_active_levels(), omp_get_nested());
    printf("cancellation=%d max_task_priority=%d\n", omp_get_cancellation(),
           omp_get_max_task_priority());
    printf("thread_limit=%d default_device=%d", omp_get_thread_limit(),
           omp_get_default_device());
    omp_set_default_device(5);
    printf(" set 5: %d", omp_get_default_device());
    omp_set_default_device(-2);
    printf(" set -2: %d\n", omp_get_default_device());
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    printf("schedule=%d %d\n", (int)kind, chunk);
    return 0;
}
"""

#: libgomp's implementation-specific lines of the verbose display.
GOMP_LINES = ("  GOMP_CPU_AFFINITY = ", "  GOMP_STACKSIZE = ", "  GOMP_SPINCOUNT = ")

PREFIX = {"inspirec": "inspire runtime: ", "serial": "inspirec --serial: "}

DISPLAY_ENVIRONMENTS = [
    {},
    {"OMP_PROC_BIND": "true"},
    {"OMP_PROC_BIND": "false"},
    {"OMP_PROC_BIND": "spread,close"},
    {"OMP_PROC_BIND": "master"},
    {"OMP_PROC_BIND": "primary,close"},
    {"OMP_PROC_BIND": "close", "OMP_PLACES": "cores"},
    {"OMP_PLACES": "threads"},
    {"OMP_PLACES": "cores"},
    {"OMP_PLACES": "sockets"},
    {"OMP_PLACES": "{0},{1}"},
    {"OMP_PLACES": "{1},{0}"},
    {"OMP_PLACES": "{0:2}"},
    {"OMP_PLACES": "{0:2},{1}"},
    {"OMP_PROC_BIND": "spread", "OMP_PLACES": "{0,1},{1}"},
    {"OMP_NUM_THREADS": "2,1"},
    {"OMP_NUM_THREADS": "5"},  # more threads than CPUs: omp_get_num_procs() stays the CPUs
    {"OMP_NUM_THREADS": "2 ,\n1\n"},  # any blank around an element, as isspace()
    {"OMP_NESTED": "false", "OMP_NUM_THREADS": "2,1"},
    {"OMP_MAX_ACTIVE_LEVELS": "3"},
    {"OMP_MAX_ACTIVE_LEVELS": "1000"},
    {"OMP_MAX_ACTIVE_LEVELS": "1", "OMP_PROC_BIND": "spread,close"},
    {"OMP_NESTED": "TRUE"},
    {"OMP_DYNAMIC": " true "},
    {"OMP_DYNAMIC": "\ttrue\n"},  # any isspace() blank, as libgomp
    {"OMP_STACKSIZE": "4M"},
    {"OMP_STACKSIZE": "64 k"},
    {"OMP_WAIT_POLICY": "active"},
    {"OMP_THREAD_LIMIT": "7"},
    {"OMP_NUM_TEAMS": "4", "OMP_TEAMS_THREAD_LIMIT": "3"},
    {"OMP_CANCELLATION": "true"},
    {"OMP_CANCELLATION": " TRUE "},
    {"OMP_MAX_TASK_PRIORITY": " 3 "},
    {"OMP_DEFAULT_DEVICE": "3"},
    {"OMP_MAX_TASK_PRIORITY": "5"},
    {"OMP_DISPLAY_AFFINITY": "true"},
    {"OMP_AFFINITY_FORMAT": "%n of %N"},
    {"OMP_ALLOCATOR": "omp_low_lat_mem_alloc"},
    {"OMP_TARGET_OFFLOAD": "disabled"},
]

#: OMP_SCHEDULE (the serial-only build reads it too, though its one thread
#: runs every loop in order).
SCHEDULE_ENVIRONMENTS = [
    {"OMP_SCHEDULE": "static"},
    {"OMP_SCHEDULE": "static,4"},
    {"OMP_SCHEDULE": "guided,3"},
    {"OMP_SCHEDULE": "dynamic,1"},
    {"OMP_SCHEDULE": "auto"},
    {"OMP_SCHEDULE": "monotonic:dynamic"},
    {"OMP_SCHEDULE": "nonmonotonic:static,2"},
    # every isspace() character is a blank, as libgomp reads it
    {"OMP_SCHEDULE": "\ndynamic,4"},
    {"OMP_SCHEDULE": "dynamic ,\t4\n"},
    {"OMP_SCHEDULE": " guided\v,2"},
    {"OMP_SCHEDULE": "monotonic\n:\fdynamic, 3"},
]

#: Values libgomp rejects: a warning, the default, exit status 0.
INVALID = [
    ("OMP_NUM_THREADS", "abc"),
    ("OMP_NUM_THREADS", "4,garbage"),
    ("OMP_NUM_THREADS", "0"),
    ("OMP_DYNAMIC", "2"),
    ("OMP_DYNAMIC", "1"),
    ("OMP_MAX_ACTIVE_LEVELS", "-1"),
    ("OMP_NESTED", "x"),
    ("OMP_STACKSIZE", "xyz"),
    ("OMP_STACKSIZE", "4MB"),
    ("OMP_WAIT_POLICY", "x"),
    ("OMP_CANCELLATION", "maybe"),
    ("OMP_CANCELLATION", "1"),
    ("OMP_THREAD_LIMIT", "0"),
    ("OMP_MAX_TASK_PRIORITY", "-3"),
    ("OMP_DEFAULT_DEVICE", "x"),
    ("OMP_NUM_TEAMS", "x"),
    ("OMP_TEAMS_THREAD_LIMIT", "-1"),
    ("OMP_DISPLAY_AFFINITY", "x"),
    ("OMP_TARGET_OFFLOAD", "x"),
    ("OMP_ALLOCATOR", "x"),
    ("OMP_DISPLAY_ENV", "x"),
    ("OMP_PROC_BIND", "sideways"),
    ("OMP_PROC_BIND", "spread,sideways"),
    ("OMP_PROC_BIND", "true,close"),
]
#: ... and OMP_SCHEDULE's.
INVALID_SCHEDULE = [("OMP_SCHEDULE", "bogus"), ("OMP_SCHEDULE", "dynamic,x")]


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    return build_variants(tmp_path_factory.mktemp("omp_env"), PROGRAM)


def _lines(stderr, prefix, variant, invalid_list):
    """The compared lines of a run's stderr (see the module docstring)."""
    out = []
    for line in stderr.splitlines():
        if not line or line.startswith(GOMP_LINES):
            continue
        if line.startswith("libgomp: Stack size less than minimum"):
            continue
        if variant == "serial" and line.startswith("  OMP_NUM_THREADS = ") and invalid_list:
            continue
        out.append(line.replace("libgomp: ", prefix, 1) if line.startswith("libgomp: ") else line)
    return out


def _compare(binaries, variant, env, args):
    expected = run_variant(binaries, "gcc", env, args)
    got = run_variant(binaries, variant, env, args)
    assert expected.returncode == 0
    assert got.returncode == 0, got.stderr
    drop = "max_threads=" if variant == "serial" else "\0"
    assert [x for x in got.stdout.splitlines() if not x.startswith(drop)] == [
        x for x in expected.stdout.splitlines() if not x.startswith(drop)
    ]
    invalid_list = "Invalid value for environment variable OMP_NUM_THREADS" in expected.stderr
    want = _lines(expected.stderr, PREFIX[variant], variant, invalid_list)
    have = _lines(got.stderr, PREFIX[variant], variant, invalid_list)
    assert have == want, got.stderr


def _id(env):
    return ",".join(f"{k}={v}" for k, v in env.items()) or "unset"


@pytest.mark.parametrize("how", ["call0", "call1", "env_true", "env_verbose"])
@pytest.mark.parametrize("env", DISPLAY_ENVIRONMENTS + SCHEDULE_ENVIRONMENTS, ids=_id)
@pytest.mark.parametrize("variant", ["inspirec", "serial"])
def test_display_env_prints_as_gcc(binaries, variant, env, how):
    if how.startswith("call"):
        args = (how[-1],)
    else:
        args = ()
        env = {**env, "OMP_DISPLAY_ENV": "true" if how == "env_true" else "verbose"}
    _compare(binaries, variant, env, args)


@pytest.mark.parametrize("var,value", INVALID + INVALID_SCHEDULE, ids=lambda x: str(x))
@pytest.mark.parametrize("variant", ["inspirec", "serial"])
def test_invalid_value_warns_and_runs_as_gcc(binaries, variant, var, value):
    # displayed too, so the default the value fell back to is compared
    _compare(binaries, variant, {var: value}, ("0",))


TEAMS_PROGRAM = r"""#include <omp.h>
#include <stdio.h>
int main(void) {
    int wide = 0, usual = 0, inner = 0;
#pragma omp parallel num_threads(8)
#pragma omp single
    wide = omp_get_num_threads();
#pragma omp parallel
#pragma omp single
    usual = omp_get_num_threads();
#pragma omp teams num_teams(1) thread_limit(2)
#pragma omp parallel num_threads(8)
#pragma omp single
    inner = omp_get_num_threads();
    /* a target's thread_limit bounds the teams in it that have none */
    int target_only = 0, teams_own = 0;
#pragma omp target map(tofrom: target_only) thread_limit(2)
#pragma omp teams num_teams(1)
#pragma omp parallel num_threads(8)
#pragma omp single
    target_only = omp_get_num_threads();
#pragma omp target map(tofrom: teams_own) thread_limit(2)
#pragma omp teams num_teams(1) thread_limit(3)
#pragma omp parallel num_threads(8)
#pragma omp single
    teams_own = omp_get_num_threads();
    printf("teams of %d %d %d, limit %d, in target %d %d\n", wide, usual, inner,
           omp_get_thread_limit(), target_only, teams_own);
    return 0;
}
"""


@pytest.fixture(scope="module")
def teams_binaries(tmp_path_factory):
    return build_variants(tmp_path_factory.mktemp("omp_thread_limit"), TEAMS_PROGRAM)


@pytest.mark.parametrize(
    "env",
    [{}, {"OMP_THREAD_LIMIT": "1"}, {"OMP_THREAD_LIMIT": "3", "OMP_NUM_THREADS": "6"},
     {"OMP_THREAD_LIMIT": "7"}, {"OMP_THREAD_LIMIT": "3", "INSPIRE_NUM_WORKERS": "2"},
     {"OMP_TEAMS_THREAD_LIMIT": "3", "OMP_NUM_THREADS": "4"}],
    ids=_id,
)  # fmt: skip
def test_thread_limit_bounds_teams_as_gcc(teams_binaries, env):
    """OMP_THREAD_LIMIT bounds every team (and omp_get_thread_limit answers
    it), as in libgomp; a teams construct's thread_limit bounds its teams',
    and in a target region without one the target's thread_limit does, before
    OMP_TEAMS_THREAD_LIMIT."""
    expected = run_variant(teams_binaries, "gcc", env)
    got = run_variant(teams_binaries, "inspirec", env)
    assert expected.returncode == 0 and got.returncode == 0, got.stderr
    assert got.stdout == expected.stdout


AFFINITY_PROGRAM = r"""#include <omp.h>
#include <stdio.h>
static void team(int n) {
#pragma omp parallel num_threads(n)
    { }
    fputs("--\n", stderr);
}
int main(void) {
    team(1);  /* a team of one: nothing */
    team(2);
    team(2);  /* nothing changed: nothing */
    team(3);
    team(2);
    omp_set_affinity_format("new L%L n%n N%N");
    team(2);  /* only the format changed: nothing */
    omp_display_affinity(NULL);
    printf("done\n");
    return 0;
}
"""


@pytest.fixture(scope="module")
def affinity_binaries(tmp_path_factory):
    return build_variants(tmp_path_factory.mktemp("omp_display_affinity"), AFFINITY_PROGRAM)


@pytest.mark.parametrize("display", ["true", "false"])
def test_display_affinity_at_team_start_as_gcc(affinity_binaries, display):
    """OMP_DISPLAY_AFFINITY=true: each thread of a team of two or more prints
    its affinity line on stderr when its team size or level changed since it
    last did, and omp_display_affinity writes on stderr, as libgomp 12.  The
    threads of a team print in any order, so each region's lines are compared
    sorted."""
    env = {"OMP_DISPLAY_AFFINITY": display, "OMP_AFFINITY_FORMAT": "L%L n%n N%N"}
    expected = run_variant(affinity_binaries, "gcc", env)
    got = run_variant(affinity_binaries, "inspirec", env)
    assert expected.returncode == 0 and got.returncode == 0, got.stderr
    assert got.stdout == expected.stdout == "done\n"

    def regions(stderr: str) -> list[list[str]]:
        return [sorted(block.split("\n")) for block in stderr.split("--\n")]

    assert regions(got.stderr) == regions(expected.stderr), got.stderr
    assert ("L1 n2 N3" in got.stderr) == (display == "true")
