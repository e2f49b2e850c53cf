/*
 * fib.h - what the fib programs (fib.c, fib_pthread.c, fib_tbb.cpp) share:
 * the result, the iterative reference and every driver hook except
 * bench_run.  A program includes it once and defines bench_name,
 * bench_params (the pthread version has smaller sizes), the parallel fib()
 * and bench_run.
 */
#ifndef FIB_H
#define FIB_H

#include <stdio.h>
#include "bench.h"

static long long result;
static long long reference;

void bench_init(void)
{
    result = 0;
    reference = -1;
}

void bench_run_serial(void)
{
    long long a = 0;
    long long b = 1;
    long long t;
    int i;
    for (i = 0; i < bench_arg(0); i++) {
        t = a + b;
        a = b;
        b = t;
    }
    reference = a;
}

int bench_verify(void)
{
    return result == reference ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%lld", result);
}

void bench_free(void)
{
}

#endif
