"""Team threads beyond a pool of one worker (OMP_NUM_THREADS=1 and a
``num_threads(2)`` region): the added thread runs the team's tasks, so a
task may wait for something its creator does after creating it, as in a
team of two OS threads.  Not a corpus program: with a team of one (the
serial build) such a program never ends."""

import os
import subprocess

from inspirec import backend, driver

SPIN_FOR_CREATOR = r"""
#include <stdio.h>
int main(void)
{
    int done = 0, flag = 0, seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task shared(done)
        done = 1;
#pragma omp task shared(flag, seen)
        {
            int v;
            do {
#pragma omp atomic read
                v = flag;
            } while (!v);
            seen = v;
        }
#pragma omp atomic write
        flag = 1;
#pragma omp taskwait
    }
    printf("%d %d\n", done, seen);
    return 0;
}
"""


def test_a_task_waits_for_its_creator_with_one_pooled_worker(tmp_path):
    src = tmp_path / "spin.c"
    src.write_text(SPIN_FOR_CREATOR)
    exe = tmp_path / "spin"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc", optimize="2"))
    for threads in ("1", "2"):
        env = {**os.environ, "OMP_NUM_THREADS": threads}
        out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, env=env)
        assert (out.returncode, out.stdout) == (0, "1 1\n"), (threads, out.stderr)
