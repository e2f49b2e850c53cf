"""``default(private)`` and ``default(firstprivate)`` on ``parallel`` (and
its combined constructs), ``flush`` with a memory order, and the last of two
``dist_schedule`` clauses: each program built by gcc -fopenmp and by
inspirec prints the same at 1, 2 and 4 threads."""

import shutil
import sys
from pathlib import Path

import pytest

import inspirec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus

DEFAULT_PRIVATE = r"""#include <omp.h>
#include <stdio.h>
int main(void)
{
    int a = 10, b = 20, arr[3] = {1, 2, 3};
    int seen = 0, arrays = 0, unset = 0, threads = 0;
    /* each thread's copies start as the originals; what it changes stays its own */
#pragma omp parallel default(firstprivate) shared(seen, arrays, threads)
    {
        int before = a + arr[1];
        a += omp_get_thread_num() + 1;
        arr[0] = 100 + omp_get_thread_num();
#pragma omp atomic
        seen += before;
#pragma omp atomic
        arrays += arr[0] - omp_get_thread_num();
#pragma omp single
        threads = omp_get_num_threads();
    }
    printf("firstprivate: a=%d arr0=%d seen=%d arrays=%d\n", a, arr[0], seen / threads,
           arrays / threads);
    /* private copies: written before they are read, never copied back */
#pragma omp parallel default(private) shared(unset)
    {
        b = omp_get_thread_num();
        arr[2] = b + 1;
        if (arr[2] == b + 1) {
#pragma omp atomic
            unset += 1;
        }
    }
    printf("private: b=%d arr2=%d all=%d\n", b, arr[2], unset == threads);
    int sum = 0, last = 0;
#pragma omp parallel for default(firstprivate) reduction(+: sum)
    for (int i = 0; i < 8; i++) {
        sum += a + i;
        last = i;
    }
    printf("parallel for: sum=%d last=%d\n", sum, last);
    int x = 5, y = 6;
#pragma omp parallel sections default(private) shared(y)
    {
#pragma omp section
        { x = 1; y = x + 40; }
    }
    printf("parallel sections: x=%d y=%d\n", x, y);
    return 0;
}
"""

FLUSH = r"""#include <omp.h>
#include <stdio.h>
int main(void)
{
    int data[4] = {0}, sum = 0;
#pragma omp parallel num_threads(4) shared(data, sum)
    {
        int me = omp_get_thread_num();
        if (me < 4)
            data[me] = me + 1;
#pragma omp flush release
#pragma omp barrier
#pragma omp flush acquire
        int mine = data[0] + data[1] + data[2] + data[3];
#pragma omp flush acq_rel
#pragma omp flush seq_cst
#pragma omp atomic
        sum += mine;
#pragma omp barrier
#pragma omp flush (sum)
#pragma omp single
        printf("%d\n", sum / omp_get_num_threads());
    }
    return 0;
}
"""

DIST_SCHEDULE = r"""#include <omp.h>
#include <stdio.h>
int main(void)
{
    int team[10];
    /* gcc warns about the second clause; the last one written applies */
#pragma omp teams distribute num_teams(2) dist_schedule(static, 5) dist_schedule(static, 1)
    for (int i = 0; i < 10; i++)
        team[i] = omp_get_team_num();
    for (int i = 0; i < 10; i++)
        printf("%d", team[i]);
    printf("\n");
    return 0;
}
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
@pytest.mark.parametrize(
    ("name", "source", "expected"),
    [
        (
            "default_private",
            DEFAULT_PRIVATE,
            "firstprivate: a=10 arr0=1 seen=12 arrays=100\nprivate: b=20 arr2=3 all=1\n"
            "parallel for: sum=108 last=0\nparallel sections: x=5 y=41\n",
        ),
        ("flush", FLUSH, "10\n"),
        ("dist_schedule", DIST_SCHEDULE, "0101010101\n"),
    ],
)
def test_same_output_as_gcc(tmp_path, name, source, expected):
    src = tmp_path / f"{name}.c"
    src.write_text(source)
    gcc_exe = corpus.build_source_with_gcc(src, tmp_path / "gcc_prog", "-O2", "-fopenmp")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in corpus.THREAD_COUNTS:
        reference = corpus.run_binary(gcc_exe, threads=threads)
        got = corpus.run_binary(ours, threads=threads)
        assert reference.stdout == expected, threads
        assert (got.returncode, got.stdout) == (0, expected), threads
