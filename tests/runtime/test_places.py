"""The place queries (omp_get_num_places, omp_get_place_num_procs,
omp_get_place_proc_ids, omp_get_place_num, omp_get_partition_num_places,
omp_get_partition_place_nums) and the level queries (omp_get_level,
omp_get_active_level, omp_get_ancestor_thread_num, omp_get_team_size,
omp_in_parallel, the nested bind-var of omp_get_proc_bind) answer as gcc's
build does, under a matrix of OMP_PROC_BIND and OMP_PLACES values, in the
normal and the serial-only build.

One self-checking program prints every answer at the top level and in every
thread of regions of the team shapes given on its command line ("2x1": a
region of 2 threads, in each thread a region of 1); it reports
inconsistent answers itself (a partition outside the place list, a bound
thread outside its partition, level answers that disagree).  The runtime
binds its workers to places for a team of all the workers (env.c); the
normal build runs shapes with at most as many threads as workers (2), the
4-thread shapes with 4 workers, and shapes of teams wider than the workers
(3 and 8 threads on 2 workers: each thread's answers are those of its
thread number, not of the worker running it).  The serial-only build runs teams of
one thread, so it is compared on shapes of teams of one only.  The
environment of a run is :data:`test_proc_bind.CLEAN_ENV` plus the case's.
"""

import pytest
from test_proc_bind import build_variants, run_variant

PROGRAM = r"""#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 8   /* threads per team recorded */
#define DEPTH 3  /* nesting levels recorded */
#define LINE 400

static char lines[DEPTH][MAXT][MAXT][MAXT][LINE];

/* Appends to out[*len..size) (fmt has at most one %d). */
static void put(char *out, size_t size, size_t *len, const char *fmt, int v) {
    if (*len < size)
        *len += (size_t)snprintf(out + *len, size - *len, fmt, v);
}

/* Every answer of the calling thread, with FAIL(...) for inconsistent ones. */
static void describe(char *out, size_t size) {
    size_t len = 0;
    int level = omp_get_level(), np = omp_get_num_places();
    int place = omp_get_place_num(), n = omp_get_partition_num_places(), nums[64];
    put(out, size, &len, "lvl=%d", level);
    put(out, size, &len, " act=%d", omp_get_active_level());
    put(out, size, &len, " inpar=%d", omp_in_parallel());
    put(out, size, &len, " tn=%d", omp_get_thread_num());
    put(out, size, &len, " nt=%d", omp_get_num_threads());
    put(out, size, &len, " anc=%d", omp_get_ancestor_thread_num(-1));
    for (int l = 0; l <= DEPTH + 1; l++)
        put(out, size, &len, ",%d", omp_get_ancestor_thread_num(l));
    put(out, size, &len, " ts=%d", omp_get_team_size(-1));
    for (int l = 0; l <= DEPTH + 1; l++)
        put(out, size, &len, ",%d", omp_get_team_size(l));
    put(out, size, &len, " bind=%d", (int)omp_get_proc_bind());
    put(out, size, &len, " place=%d", place);
    put(out, size, &len, " part=%d[", n);
    if (n < 0 || n > 64 || n > np) {
        put(out, size, &len, "FAIL(partition size %d)", n);
        n = 0;
    }
    omp_get_partition_place_nums(nums);
    int inside = place < 0;
    for (int i = 0; i < n; i++) {
        put(out, size, &len, i ? ",%d" : "%d", nums[i]);
        if (nums[i] < 0 || nums[i] >= np || (i > 0 && nums[i] != nums[i - 1] + 1))
            put(out, size, &len, " FAIL(place %d)", nums[i]);
        inside |= nums[i] == place;
    }
    put(out, size, &len, "]", 0);
    if (!inside)
        put(out, size, &len, " FAIL(bound outside the partition)", 0);
    if ((np == 0) != (place == -1) || (np == 0) != (n == 0))
        put(out, size, &len, " FAIL(places %d)", np);
    if (omp_get_ancestor_thread_num(level) != omp_get_thread_num() ||
        omp_get_team_size(level) != omp_get_num_threads() ||
        omp_get_ancestor_thread_num(0) != 0 || omp_get_team_size(0) != 1 ||
        omp_get_ancestor_thread_num(level + 1) != -1 || omp_get_team_size(level + 1) != -1 ||
        omp_in_parallel() != (omp_get_active_level() > 0))
        put(out, size, &len, " FAIL(levels at %d)", level);
}

/* Region d of a shape of `depth` team sizes; idx: the thread numbers above. */
static void nest(const int *sizes, int depth, int d, const int *idx) {
    #pragma omp parallel num_threads(sizes[d])
    {
        int me[DEPTH];
        for (int k = 0; k < DEPTH; k++)
            me[k] = idx[k];
        me[d] = omp_get_thread_num();
        if (me[d] < MAXT)
            describe(lines[d][me[0]][me[1]][me[2]], LINE);
        if (d + 1 < depth)
            nest(sizes, depth, d + 1, me);
    }
}

int main(int argc, char **argv) {
    int np = omp_get_num_places(), ids[1024];
    char top[LINE];
    printf("num_places=%d\n", np);
    for (int p = -1; p <= np; p++) {
        int k = omp_get_place_num_procs(p);
        printf("place %d procs=%d [", p, k);
        if (k > 0 && k <= 1024) {
            omp_get_place_proc_ids(p, ids);
            for (int i = 0; i < k; i++)
                printf(i ? ",%d" : "%d", ids[i]);
            for (int i = 1; i < k; i++)
                if (ids[i] <= ids[i - 1])
                    printf(" FAIL(order)");
        }
        printf("]\n");
    }
    describe(top, sizeof top);
    printf("top %s\n", top);
    for (int a = 1; a < argc; a++) {
        int sizes[DEPTH] = {1, 1, 1}, depth = 0, idx[DEPTH] = {0, 0, 0};
        for (char *s = argv[a]; depth < DEPTH && *s; depth++) {
            sizes[depth] = (int)strtol(s, &s, 10);
            if (*s == 'x')
                s++;
        }
        memset(lines, 0, sizeof lines);
        nest(sizes, depth, 0, idx);
        for (int d = 0; d < depth; d++)
            for (int i = 0; i < MAXT; i++)
                for (int j = 0; j < MAXT; j++)
                    for (int k = 0; k < MAXT; k++)
                        if (lines[d][i][j][k][0])
                            printf("%s d%d [%d,%d,%d] %s\n", argv[a], d, i, j, k,
                                   lines[d][i][j][k]);
    }
    return 0;
}
"""

#: Shapes for the normal build, with the workers (and OMP_NUM_THREADS) they
#: run with; the last runs teams wider than the workers (the runtime adds
#: workers for the threads beyond the pool's, and each thread answers the
#: place and partition libgomp gives that thread number).
PARALLEL_RUNS = (
    (("1", "2", "1x2", "2x2", "2x1", "1x1x1"), "2"),
    (("4", "4x2", "1x4"), "4"),
    (("3", "8", "5x1", "1x8"), "2"),
)

#: Shapes of teams of one thread (the serial-only build).
SERIAL_SHAPES = ("1", "1x1", "1x1x1")

ENVIRONMENTS = [
    {},
    {"OMP_PROC_BIND": "true"},
    {"OMP_PROC_BIND": "close"},
    {"OMP_PROC_BIND": "spread"},
    {"OMP_PROC_BIND": "false"},
    {"OMP_PROC_BIND": "master"},
    {"OMP_PROC_BIND": "primary"},
    {"OMP_PLACES": "threads"},
    {"OMP_PLACES": "cores"},
    {"OMP_PLACES": "sockets"},
    {"OMP_PLACES": "ll_caches"},
    {"OMP_PLACES": "numa_domains"},
    {"OMP_PLACES": "threads(1)"},
    {"OMP_PLACES": " Cores ( 1 ) "},
    {"OMP_PLACES": "{0},{1}"},
    {"OMP_PLACES": "{0:2}"},
    {"OMP_PLACES": "{0:2:1}"},
    {"OMP_PLACES": "{0}:2:1"},
    {"OMP_PLACES": "{1},{0}"},
    {"OMP_PLACES": "{0:2},{1}"},
    {"OMP_PLACES": "0,1"},
    {"OMP_PLACES": "{0},{1},!{0}"},
    {"OMP_PLACES": "{0,1,!1}"},
    {"OMP_PLACES": "{0},{5}"},
    # invalid values: a warning, and no places (bind-var stays false)
    {"OMP_PLACES": "foo"},
    {"OMP_PLACES": ""},
    {"OMP_PLACES": "threads()"},
    {"OMP_PLACES": "threads(0)"},
    {"OMP_PLACES": "cores,"},
    {"OMP_PLACES": "{0"},
    {"OMP_PLACES": "{0},"},
    {"OMP_PLACES": "!{0}"},
    {"OMP_PLACES": "{0,!1}"},
    {"OMP_PLACES": "{0},!{0}"},
    {"OMP_PLACES": "{5}"},
    {"OMP_PLACES": "{0:0}"},
    {"OMP_PLACES": "{-1}"},
    {"OMP_PLACES": "{0},{1024}"},  # beyond the CPU set: out of range
    # both
    {"OMP_PROC_BIND": "spread", "OMP_PLACES": "threads(1)"},
    {"OMP_PROC_BIND": "spread", "OMP_PLACES": "sockets"},
    {"OMP_PROC_BIND": "spread", "OMP_PLACES": "foo"},
    {"OMP_PROC_BIND": "close", "OMP_PLACES": "{1},{0}"},
    {"OMP_PROC_BIND": "primary", "OMP_PLACES": "cores"},
    {"OMP_PROC_BIND": "false", "OMP_PLACES": "cores"},
    {"OMP_PROC_BIND": "true,close"},  # rejected by libgomp: a warning, as if unset
]

#: OMP_PROC_BIND lists set max-active-levels in libgomp (the runtime keeps
#: one active level), so they run on shapes with at most one active level;
#: its workers are bound by the first level's policy, so the active region is
#: at most at level 2 here (a team at level 3 under primary would report the
#: workers' own places, not its primary thread's).
LIST_ENVIRONMENTS = [
    {"OMP_PROC_BIND": "spread,close,primary"},
    {"OMP_PROC_BIND": "close,spread", "OMP_PLACES": "cores"},
]
LIST_SHAPES = ("1", "2", "1x1x1", "1x2", "2x1x1")


def _id(env):
    return ",".join(f"{k}={v}" for k, v in env.items()) or "unset"


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    return build_variants(tmp_path_factory.mktemp("places"), PROGRAM)


def _warnings(stderr):
    """The warning lines of a run without their prefix ("libgomp: ",
    "inspire runtime: ", "inspirec --serial: ") and blank lines."""
    return [line.split(": ", 1)[-1] for line in stderr.splitlines() if line]


def _compare(binaries, variant, env, shapes):
    """Runs gcc's build and ``variant`` on ``shapes`` under ``env``: same
    output, no inconsistency reported, and the same warning lines as gcc's
    build but for the runtime's prefix.  Where libgomp says "Error reading
    core/socket topology" for a count of 0 (threads(0)), the runtime says
    what happened instead: only that there is a warning is compared."""
    expected = run_variant(binaries, "gcc", env, shapes)
    got = run_variant(binaries, variant, env, shapes)
    assert expected.returncode == 0 and got.returncode == 0, got.stderr
    assert "FAIL" not in expected.stdout
    assert got.stdout == expected.stdout
    if "Error reading core/socket topology" in expected.stderr:
        assert bool(got.stderr) == bool(expected.stderr), got.stderr
    else:
        assert _warnings(got.stderr) == _warnings(expected.stderr), got.stderr


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=_id)
@pytest.mark.parametrize(
    "shapes,workers", PARALLEL_RUNS, ids=("2workers", "4workers", "wider_than_workers")
)
def test_places_answer_as_gcc(binaries, env, shapes, workers):
    counts = {"OMP_NUM_THREADS": workers, "INSPIRE_NUM_WORKERS": workers}
    _compare(binaries, "inspirec", {**counts, **env}, shapes)


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=_id)
def test_serial_build_places_answer_as_gcc(binaries, env):
    _compare(binaries, "serial", env, SERIAL_SHAPES)


@pytest.mark.parametrize("env", [{}, *LIST_ENVIRONMENTS], ids=_id)
@pytest.mark.parametrize("variant", ("inspirec", "serial"))
def test_levels_answer_as_gcc(binaries, env, variant):
    """Every region is a level, a region of one thread too (the serial-only
    build's regions included); the nested bind-var follows the level."""
    shapes = LIST_SHAPES if variant == "inspirec" else SERIAL_SHAPES
    _compare(binaries, variant, env, shapes)
