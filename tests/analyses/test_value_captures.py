"""The readonly pass: regions and parallel loops copy the shared scalars
that nothing can change while they run, and keep references to the others."""

import os
import re
import subprocess
from pathlib import Path

import pytest
from inspirec.analyses.value_captures import value_captures
from inspirec.inspire import print_program, verify

from inspirec import backend, driver

SOURCE = r"""#include <stdio.h>
static int bump(int *p) { return ++*p; }
int main(void) {
    int a[64], n = 64, k = 3, once = 1, escaped = 5, in_task = 0, later = 2;
    volatile int flag = 1;
    int *alias = &escaped;
    for (int r = 0; r < 2; r++) {                /* written outside the region */
        #pragma omp parallel for
        for (int i = 0; i < n; i++)
            a[i] = i * k + r + flag;
    }
    #pragma omp parallel
    {
        #pragma omp single
        once = 7;                                /* written in the region */
        #pragma omp for
        for (int i = 0; i < n; i++)
            a[i] += once + escaped;
        #pragma omp single
        {
            #pragma omp task shared(in_task)
            in_task = bump(alias);               /* written in a task */
            #pragma omp task
            a[0] += later;                       /* a deferred task reads it */
        }
    }
    later = in_task;
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] += later;
    printf("%d %d %d %d\n", a[0], a[63], escaped, in_task);
    return 0;
}
"""

#: The output gcc -fopenmp gives (with any number of threads).
EXPECTED = "22 209 6 6\n"


def captures(tmp_path: Path) -> dict[str, set[str]]:
    """Per variable: how the program's closures capture it ('copy' or 'ref')."""
    source = tmp_path / "v.c"
    source.write_text(SOURCE)
    program, decisions = value_captures(driver.lower_c([str(source)]))
    assert verify(program) == [] and decisions == []
    text = print_program(program)
    found: dict[str, set[str]] = {}
    for name, init in re.findall(r"var ref<[^>]*>+ (\w+) = (ref_deref\(\w+\)|\w+)[;\]]", text):
        if init == name or init == f"ref_deref({name})":
            found.setdefault(name, set()).add("copy" if init.startswith("ref_deref") else "ref")
    return found


def passed(tmp_path: Path, name: str, code: str) -> tuple[Path, str]:
    """The source file of ``code`` and the IR text of its program after the pass."""
    source = tmp_path / name
    source.write_text(code)
    program, decisions = value_captures(driver.lower_c([str(source)]))
    assert verify(program) == [] and decisions == []
    return source, print_program(program)


def test_only_what_nothing_changes_during_the_closure_is_copied(tmp_path):
    found = captures(tmp_path)
    # n and k: only read in closures, written only by the function between them
    assert found["n"] == {"copy"} and found["k"] == {"copy"}
    assert found["r"] == {"copy"}  # the outer loop's counter
    assert found["once"] == {"ref"}  # a single construct writes it
    assert found["escaped"] == {"ref"}  # its address is taken
    assert found["flag"] == {"ref"}  # volatile
    assert found["in_task"] == {"ref"}  # a task writes it
    # the deferred task keeps its reference; the last region copies
    assert found["later"] == {"ref", "copy"}


def test_the_program_computes_what_gcc_computes(tmp_path):
    source = tmp_path / "v.c"
    source.write_text(SOURCE)
    gcc = tmp_path / "v_gcc"
    subprocess.run(["gcc", "-fopenmp", "-O2", str(source), "-o", str(gcc)], check=True)
    exe = tmp_path / "v"
    driver.build([str(source)], str(exe), cc=backend.CCOptions(cc="gcc"))
    for threads in ("1", "2", "4"):
        env = {**os.environ, "OMP_NUM_THREADS": threads}
        for program in (gcc, exe):
            out = subprocess.run([str(program)], capture_output=True, text=True, env=env)
            assert out.stdout == EXPECTED, (program, threads, out.stderr)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_region_reads_the_value_it_had_when_the_region_started(tmp_path, workers):
    # the emitted C passes copies: the loop bound is read once per region
    source = tmp_path / "bound.c"
    source.write_text(
        "#include <stdio.h>\nint main(void) {\n  int n = 10, total = 0;\n"
        "  for (int r = 0; r < 3; r++) {\n"
        "    #pragma omp parallel for reduction(+: total)\n"
        "    for (int i = 0; i < n; i++) total += i;\n    n += 10;\n  }\n"
        '  printf("%d\\n", total);\n  return 0;\n}\n'
    )
    unit = driver.translate_c([str(source)])
    assert re.search(r"struct main_region0_closure \{\s*int \*total;\s*int n;", unit.text)
    exe = tmp_path / "bound"
    driver.build([str(source)], str(exe), cc=backend.CCOptions(cc="gcc"))
    env = {**os.environ, "OMP_NUM_THREADS": workers}
    out = subprocess.run([str(exe)], capture_output=True, text=True, env=env, check=True)
    assert out.stdout == f"{45 + 190 + 435}\n"


UNITS = r"""#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 1 << 10, iters = 4, limit = 8;
    float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    for (int i = 0; i < n; i++) a[i] = i % 13;
    #pragma omp parallel
    {
        float *in = a, *out = b;               /* the region's own, swapped */
        for (int count = 0; count < iters; count++) {
            #pragma omp for
            for (int i = 1; i < n - 1; i++)
                out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
            float *t = in; in = out; out = t;
        }
    }
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task shared(limit)         /* deferred: its loop keeps a reference */
        {
            #pragma omp parallel for
            for (int i = 0; i < limit; i++)
                a[i] += 1;
        }
    }
    limit = 0;
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] + b[i];
    printf("%.3f %d\n", s, limit);
    return 0;
}
"""


def test_a_closure_copies_what_only_its_enclosing_unit_writes(tmp_path):
    # in and out are the region's: it writes them between the loops, which
    # it runs synchronously; limit is written by main, which does not wait
    # for the task whose region reads it
    source, text = passed(tmp_path, "units.c", UNITS)
    assert re.search(r"pfor\([^\n]*bind \[var ref<ptr<real<4>>> out = ref_deref\(out\)", text)
    assert re.search(r"pfor\([^\n]*var ref<ptr<real<4>>> in = ref_deref\(in\)", text)
    # the region around the task copies limit (main writes it after); the
    # task and the region in it keep references
    task = r"parallel\(job\[1 \.\. 1\] => bind \[var ref<int<4>> limit = limit;"
    inner = r"parallel\(job\[1 \.\. num_workers\(\)\] => bind \[var ref<int<4>> limit = limit;"
    assert re.search(task, text) and re.search(inner, text)
    exe = tmp_path / "units"
    driver.build([str(source)], str(exe), cc=backend.CCOptions(cc="gcc"))
    gcc = tmp_path / "units_gcc"
    subprocess.run(["gcc", "-fopenmp", "-O2", str(source), "-o", str(gcc)], check=True)
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    outputs = [
        subprocess.run([str(p)], capture_output=True, text=True, env=env, check=True).stdout
        for p in (gcc, exe)
    ]
    assert outputs[0] == outputs[1]


TASKS_INSIDE = r"""#include <stdio.h>
static int total;
static void work(int *cells, int n) {
    #pragma omp parallel
    #pragma omp single nowait
    #pragma omp task untied                    /* outlives the single thread's region code */
    for (int k = 0; k < n; k++) {
        #pragma omp task shared(cells)
        {
            #pragma omp atomic
            total += cells[k];
        }
    }
    #pragma omp parallel for
    for (int k = 0; k < n; k++) {
        #pragma omp task                       /* outlives the iteration */
        {
            #pragma omp atomic
            total += cells[k] * n;
        }
    }
}
int main(void) {
    int cells[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    work(cells, 8);
    printf("%d\n", total);
    return 0;
}
"""


def test_a_closure_whose_tasks_share_a_variable_keeps_its_reference(tmp_path):
    # the copy would live in the region thread's or the iteration's frame,
    # which may end before the task that refers to it (BOTS sparselu)
    source, text = passed(tmp_path, "tasks.c", TASKS_INSIDE)
    assert "ref_deref(cells)] () -> unit" not in text and "cells = ref_deref(cells)" not in text
    exe = tmp_path / "tasks"
    driver.build([str(source)], str(exe), cc=backend.CCOptions(cc="gcc"))
    for threads in ("1", "2", "4"):
        env = {**os.environ, "OMP_NUM_THREADS": threads}
        out = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=60)
        assert out.returncode == 0 and out.stdout == "324\n", (threads, out.stderr)
