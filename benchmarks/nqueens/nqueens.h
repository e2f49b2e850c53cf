/*
 * nqueens.h - what nqueens.c and nqueens_pthread.c share: the known
 * solution counts, the placement check, the serial backtracking and every
 * driver hook except bench_run.  A program includes it once and defines
 * bench_name, bench_params (the pthread version has smaller sizes), the
 * parallel nqueens() and bench_run.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <stdio.h>
#include <string.h>
#include <alloca.h>
#include "bench.h"

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

void bench_init(void)
{
    int n = (int)bench_arg(0);
    if (n < 1 || n > 100) {
        bench_fatal("n must be in 1..100");
    }
    total = 0;
    reference = -1;
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

#endif
