/*
 * delannoy - central Delannoy number D(n, n) by naive recursion:
 * D(a, 0) = D(0, b) = 1, D(a, b) = D(a-1, b) + D(a, b-1) + D(a-1, b-1).
 *
 * Every call creates three tasks and waits for them.  Structure: recursive
 * balanced, very fine granularity.  No cut-off unless built with
 * -DCUTOFF_DEPTH=d.  Verification: against the dynamic-programming table.
 */
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

const char bench_name[] = "delannoy";
bench_param bench_params[] = {
    {'n', "n", "compute D(n, n)", {7, 13, 11}, 0},
};
const int bench_nparams = 1;

static unsigned long long result;
static unsigned long long reference;

#ifdef CUTOFF_DEPTH
static unsigned long long delannoy_seq(int a, int b)
{
    if (a == 0 || b == 0) {
        return 1;
    }
    return delannoy_seq(a - 1, b) + delannoy_seq(a, b - 1) + delannoy_seq(a - 1, b - 1);
}
#endif

static unsigned long long delannoy(int a, int b, int depth)
{
    unsigned long long x;
    unsigned long long y;
    unsigned long long z;
    if (a == 0 || b == 0) {
        return 1;
    }
#ifdef CUTOFF_DEPTH
    if (depth >= CUTOFF_DEPTH) {
        return delannoy_seq(a, b);
    }
#endif
#pragma omp task shared(x) firstprivate(a, b, depth)
    x = delannoy(a - 1, b, depth + 1);
#pragma omp task shared(y) firstprivate(a, b, depth)
    y = delannoy(a, b - 1, depth + 1);
#pragma omp task shared(z) firstprivate(a, b, depth)
    z = delannoy(a - 1, b - 1, depth + 1);
#pragma omp taskwait
    return x + y + z;
}

void bench_init(void)
{
    int n = (int)bench_arg(0);
    if (n < 0 || n > 30) {
        bench_fatal("n must be in 0..30");
    }
    result = 0;
    reference = 0;
}

void bench_run(void)
{
    int n = (int)bench_arg(0);
#pragma omp parallel
    {
#pragma omp single
        result = delannoy(n, n, 0);
    }
}

void bench_run_serial(void)
{
    int n = (int)bench_arg(0);
    unsigned long long d[31][31];
    int a;
    int b;
    for (a = 0; a <= n; a++) {
        for (b = 0; b <= n; b++) {
            if (a == 0 || b == 0) {
                d[a][b] = 1;
            } else {
                d[a][b] = d[a - 1][b] + d[a][b - 1] + d[a - 1][b - 1];
            }
        }
    }
    reference = d[n][n];
}

int bench_verify(void)
{
    return result == reference ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%llu", result);
}

void bench_free(void)
{
}
