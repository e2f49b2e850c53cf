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
