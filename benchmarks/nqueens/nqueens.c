/*
 * nqueens - count all placements of n non-attacking queens on an n x n
 * board by backtracking.
 *
 * Structure: recursive unbalanced, moderate granularity.  Every candidate
 * column of every row is a task; the task copies the partial board into an
 * alloca'd buffer and checks it; per-candidate counts live in a VLA shared
 * with the child tasks.  No cut-off unless built with -DCUTOFF_DEPTH=d.
 * Verification: against the known solution counts (n <= 17) or, for
 * larger n, a serial run.
 */
#include <stdio.h>
#include <string.h>
#include <alloca.h>
#include "bench.h"
#include "nqueens.h"

const char bench_name[] = "nqueens";
bench_param bench_params[] = {
    {'n', "n", "board size", {9, 13, 14}, 0},
};
const int bench_nparams = 1;

static void nqueens(int n, int j, char *a, long long *solutions, int depth)
{
    long long csols[n];
    int i;
    if (n == j) {
        *solutions = 1;
        return;
    }
#ifdef CUTOFF_DEPTH
    if (depth >= CUTOFF_DEPTH) {
        char *c = alloca(n * sizeof(char));
        memcpy(c, a, j * sizeof(char));
        *solutions = 0;
        nqueens_seq(n, j, c, solutions);
        return;
    }
#endif
    memset(csols, 0, n * sizeof(long long));
    for (i = 0; i < n; i++) {
#pragma omp task untied firstprivate(i, a, j, n, depth) shared(csols)
        {
            char *b = alloca(n * sizeof(char));
            memcpy(b, a, j * sizeof(char));
            b[j] = (char)i;
            if (ok(j + 1, b)) {
                nqueens(n, j + 1, b, &csols[i], depth + 1);
            }
        }
    }
#pragma omp taskwait
    *solutions = 0;
    for (i = 0; i < n; i++) {
        *solutions += csols[i];
    }
}

void bench_run(void)
{
    int n = (int)bench_arg(0);
#pragma omp parallel
    {
#pragma omp single
        {
            char *a = alloca(n * sizeof(char));
            nqueens(n, 0, a, &total, 0);
        }
    }
}
