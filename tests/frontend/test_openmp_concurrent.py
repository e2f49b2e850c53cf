"""gcc 12's restrictions of concurrent regions (:mod:`frontend.concurrent`):
constructs closely nested in ``simd``, ``loop`` and ``order(concurrent)``
regions, and OpenMP API calls lexically in a concurrent region or in the
clauses of a construct there, each with gcc's message at gcc's line and
column; and a program using every allowed form, compiled and run against
gcc -fopenmp."""

import shutil
import sys
from pathlib import Path

import pytest

import inspirec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus
from lowering_errors import lowering_error

#: The regions under test: each opens the loop whose body is line 7.
REGIONS = {
    "loop": "#pragma omp parallel\n#pragma omp loop",
    "for order": "#pragma omp parallel\n#pragma omp for order(concurrent)",
    "simd order": "\n#pragma omp simd order(concurrent)",
    "simd": "\n#pragma omp simd",
    "teams loop": "\n#pragma omp teams loop",
    "distribute order": "#pragma omp teams\n#pragma omp distribute order(concurrent)",
}

LOOP = "OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested inside "
IN_LOOP = LOOP + "a 'loop' region"
IN_ORDER = LOOP + "a region with the 'order(concurrent)' clause"
IN_SIMD = (
    "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be nested "
    "inside 'simd' region"
)


def api(name: str) -> str:
    return f"OpenMP runtime API call '{name}' in a region with 'order(concurrent)' clause"


def program(region: str, body: str) -> str:
    """``body`` in the loop of ``region`` in ``main``; its first line is line 7."""
    return (
        "#include <omp.h>\nint s, v; double w;\nint main(void) {\n"
        f"{REGIONS[region]}\nfor (int i = 0; i < 10; i++) {{\n{body}\n}}\nreturn 0;\n}}\n"
    )


@pytest.mark.parametrize(
    "region, body, position, message",
    [
        ("loop", "s += omp_get_thread_num();", "7:6", api("omp_get_thread_num")),
        ("loop", "w += omp_get_wtime();", "7:6", api("omp_get_wtime")),
        ("loop", "omp_lock_t l; omp_init_lock(&l);", "7:15", api("omp_init_lock")),
        ("for order", "s += omp_get_num_teams();", "7:6", api("omp_get_num_teams")),
        ("simd order", "s += omp_in_parallel();", "7:6", api("omp_in_parallel")),
        ("teams loop", "s += omp_get_level();", "7:6", api("omp_get_level")),
        ("distribute order", "s += omp_get_max_threads();", "7:6", api("omp_get_max_threads")),
        # in a loop nested in a region that is not concurrent itself
        ("simd", "#pragma omp loop\nfor (int j = 0; j < 2; j++) s += omp_get_thread_num();",
         "8:34", api("omp_get_thread_num")),
        # a clause is evaluated in the region around its construct
        ("loop", "#pragma omp parallel if(omp_in_parallel())\ns++;", "7:25",
         api("omp_in_parallel")),
        # the constructs gcc rejects, at the pragma
        ("loop", "#pragma omp task\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp taskwait", "7:9", IN_LOOP),
        ("loop", "#pragma omp barrier", "7:9", IN_LOOP),
        ("loop", "#pragma omp critical\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp ordered\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp single\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp masked\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp for\nfor (int j = 0; j < 2; j++) s++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp for simd\nfor (int j = 0; j < 2; j++) s++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp taskloop\nfor (int j = 0; j < 2; j++) s++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp taskyield", "7:9", IN_LOOP),
        ("loop", "#pragma omp scope\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp sections\n{ s++; }", "7:9", IN_LOOP),
        ("loop", "#pragma omp cancel for", "7:9", IN_LOOP),
        ("teams loop", "#pragma omp taskgroup\ns++;", "7:9", IN_LOOP),
        ("for order", "#pragma omp task\ns++;", "7:9", IN_ORDER),
        ("for order", "#pragma omp ordered\ns++;", "7:9", IN_ORDER),
        ("distribute order", "#pragma omp critical\ns++;", "7:9", IN_ORDER),
        # atomic: at the operator of an update, read or write, else at the pragma
        ("loop", "#pragma omp atomic\n  s += 2;", "8:5", IN_LOOP),
        ("loop", "#pragma omp atomic\ns++;", "7:9", IN_LOOP),
        ("loop", "#pragma omp atomic read\n  v = s;", "8:5", IN_LOOP),
        ("loop", "#pragma omp atomic write\n s = 3;", "8:4", IN_LOOP),
        ("loop", "#pragma omp atomic capture\n  v = s -= 2;", "8:9", IN_LOOP),
        ("loop", "#pragma omp atomic update\n  s = s + 1;", "7:9", IN_LOOP),
        ("for order", "#pragma omp atomic\n  s\n  *= 2;", "9:3", IN_ORDER),
        ("simd order", "#pragma omp atomic\n  s += 2;", "8:5", IN_ORDER),
        ("simd order", "#pragma omp ordered simd\ns++;", "7:9", IN_ORDER),
        # simd regions
        ("simd", "#pragma omp parallel\ns++;", "7:9", IN_SIMD),
        ("simd", "#pragma omp task\ns++;", "7:9", IN_SIMD),
        ("simd", "#pragma omp ordered\ns++;", "7:9", IN_SIMD),
        ("simd", "#pragma omp parallel loop\nfor (int j = 0; j < 2; j++) s++;", "7:9", IN_SIMD),
        ("simd order", "#pragma omp barrier", "7:9", IN_SIMD),
        ("simd", "#pragma omp loop bind(parallel)\nfor (int j = 0; j < 2; j++) s++;", "7:9",
         "'bind(parallel)' on a 'loop' construct nested inside 'simd' construct"),
    ],
)  # fmt: skip
def test_rejected_as_gcc_rejects_it(tmp_path, region, body, position, message):
    got = lowering_error(tmp_path, program(region, body)).splitlines()[0]
    assert got == f"T/t.c:{position}: error: {message}"


def test_teams_call_in_a_clause_is_strictly_nested(tmp_path):
    source = (
        "#include <omp.h>\nint s;\nint main(void) {\n#pragma omp teams\n{\n"
        "#pragma omp parallel num_threads(omp_get_max_threads())\ns++;\n}\nreturn 0;\n}\n"
    )
    assert lowering_error(tmp_path, source).splitlines()[0] == (
        "T/t.c:6:34: error: OpenMP runtime API call 'omp_get_max_threads' strictly nested in "
        "a 'teams' region"
    )


ALLOWED = r"""
#include <omp.h>
#include <stdio.h>

static int threads_seen(void) { return omp_get_num_threads() > 0; }

int main(void)
{
    int a[64] = {0};
    long s = 0, t = 0, u = 0;
    #pragma omp parallel num_threads(2)
    #pragma omp loop reduction(+: s)
    for (int i = 0; i < 8; i++) {
        #pragma omp parallel num_threads(1) reduction(+: s)
        s += omp_get_thread_num() + 1;
        #pragma omp simd
        for (int j = 0; j < 8; j++)
            a[i * 8 + j] = i + j;
        #pragma omp loop
        for (int j = 0; j < 4; j++)
            a[i * 8 + j] += 1;
        #pragma omp flush
        #pragma omp nothing
        s += threads_seen();
    }
    #pragma omp parallel for order(concurrent) reduction(+: t)
    for (int i = 0; i < 64; i++) {
        #pragma omp simd reduction(+: t)
        for (int j = 0; j < 2; j++)
            t += a[i] * (j + 1);
    }
    #pragma omp simd
    for (int i = 0; i < 64; i++) {
        #pragma omp atomic
        u += a[i];
        #pragma omp loop
        for (int j = 0; j < 2; j++)
            a[i] += j;
    }
    printf("%ld %ld %ld %d\n", s, t, u, a[63]);
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_allowed_forms_run_as_with_gcc(tmp_path):
    # parallel, simd and loop nested in a loop region (the parallel region may
    # call the API), calls in functions called from it, flush and nothing;
    # atomic and loop in a simd region
    src = tmp_path / "allowed.c"
    src.write_text(ALLOWED)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    expected = corpus.run_binary(gcc_exe, threads=2)
    got = corpus.run_binary(ours, threads=2)
    assert (got.returncode, got.stdout) == (0, expected.stdout)
