"""Task dependences make the corpus programs ``task_depend*`` and
``depend_iterators`` correct, and the sinks of ``doacross_loops``: with one
dependence removed, a program's output changes at 2 or 4 workers (so the corpus
runs, which check them at 1, 2 and 4 workers and as serial-only builds, test
the dependences and not the luck of a schedule)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspirec import backend, driver

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402


def run(exe: Path, workers: int) -> str:
    env = {**os.environ, "INSPIRE_NUM_WORKERS": str(workers), "OMP_NUM_THREADS": str(workers)}
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# Whether tasks left unordered actually overlap depends on the schedule, which
# a loaded machine changes (a worker may not wake in time): these runs are
# reliable on an idle machine only, so they are under the slow marker.
@pytest.mark.slow
@pytest.mark.parametrize(
    "name, clause",
    [
        ("task_depend", "depend(in: a[i - 1]) "),
        ("task_depend", "depend(mutexinoutset: total) "),
        ("task_depend_51", "depend(inout: omp_all_memory) "),
        ("task_depend_51", "depend(inoutset: y) "),
        ("depend_iterators", "depend(iterator(k = 0:j), in: grid[i][k]) "),
        ("doacross_loops", "#pragma omp ordered depend(sink: i - 1)\n"),
    ],
)
def test_removing_a_dependence_changes_the_output(tmp_path, name, clause):
    prog = corpus.get(f"par/{name}")
    text = prog.sources[0].read_text()
    assert clause in text
    src = tmp_path / f"{name}.c"
    src.write_text(text.replace(clause, "", 1))
    exe = tmp_path / name
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"))
    assert any(run(exe, workers) != prog.expected_stdout for workers in (2, 4) * 10)


CHAIN = """#include <stdio.h>
int main(void) {
    long x = 0;
#pragma omp parallel
#pragma omp single
    for (long i = 0; i < 1000000; i++) {
#pragma omp task depend(inout: x) firstprivate(i)
        x += i;
    }
    printf("%ld\\n", x);
    return 0;
}
"""

#: Runs a program and prints its peak resident set (KiB) on stderr.
PEAK_RSS = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], check=True)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_task_creating_a_million_dependent_tasks_keeps_few_waiting(tmp_path, workers):
    # past 64 unfinished children per worker, a new task with dependences
    # runs at once after its predecessors (as libgomp throttles): every task
    # waiting in the chain used to be kept, 500 MB here
    src = tmp_path / "chain.c"
    src.write_text(CHAIN)
    exe = tmp_path / "chain"
    driver.build([str(src)], str(exe))
    env = {**os.environ, "OMP_NUM_THREADS": str(workers)}
    proc = subprocess.run(
        [sys.executable, "-c", PEAK_RSS, str(exe)], capture_output=True, text=True, env=env,
        timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "499999500000\n"
    assert int(proc.stderr) < 64 * 1024
