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

const char bench_name[] = "nqueens";
bench_param bench_params[] = {
    {'n', "n", "board size", {9, 13, 14}, 0},
};
const int bench_nparams = 1;

static const long long known[] = {1,     1,      0,       0,        2,         10,
                                  4,     40,     92,      352,      724,       2680,
                                  14200, 73712,  365596,  2279184,  14772512,  95815104};

static long long total;
static long long reference;

/* 1 if the first n queens in a do not attack each other */
static int ok(int n, const char *a)
{
    int i;
    int j;
    for (i = 0; i < n; i++) {
        int p = a[i];
        for (j = i + 1; j < n; j++) {
            int q = a[j];
            if (q == p || q == p - (j - i) || q == p + (j - i)) {
                return 0;
            }
        }
    }
    return 1;
}

static void nqueens_seq(int n, int j, char *a, long long *solutions)
{
    int i;
    if (n == j) {
        *solutions += 1;
        return;
    }
    for (i = 0; i < n; i++) {
        a[j] = (char)i;
        if (ok(j + 1, a)) {
            nqueens_seq(n, j + 1, a, solutions);
        }
    }
}

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

void bench_init(void)
{
    int n = (int)bench_arg(0);
    if (n < 1 || n > 100) {
        bench_fatal("n must be in 1..100");
    }
    total = 0;
    reference = -1;
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

void bench_run_serial(void)
{
    int n = (int)bench_arg(0);
    char a[128];
    if (n < (int)(sizeof known / sizeof known[0])) {
        reference = known[n];
    } else {
        reference = 0;
        nqueens_seq(n, 0, a, &reference);
    }
}

int bench_verify(void)
{
    return total == reference ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%lld", total);
}

void bench_free(void)
{
}
